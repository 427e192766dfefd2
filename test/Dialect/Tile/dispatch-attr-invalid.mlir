// tile.dispatch (config=auto's rules, which tile-write-bundle writes out) is
// checked when it is parsed: a dictionary on the module from each kernel's
// name to an array of rules, each a dictionary naming its "kernel".
// RUN: tile-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: module attributes {tile.dispatch = {mm = [{kernel = "mm__a", why = "w"}]}}
module attributes {tile.dispatch = {mm = [{kernel = "mm__a", why = "w"}]}} {
}

// -----

// expected-error @+1 {{'tile.dispatch' must be a dictionary on the module, from each kernel's name to its rules, each a dictionary with a string "kernel"}}
module attributes {tile.dispatch = 1 : i64} {
}

// -----

// expected-error @+1 {{'tile.dispatch' must be a dictionary}}
module attributes {tile.dispatch = {mm = 1 : i64}} {
}

// -----

// expected-error @+1 {{'tile.dispatch' must be a dictionary}}
module attributes {tile.dispatch = {mm = [1]}} {
}

// -----

// expected-error @+1 {{'tile.dispatch' must be a dictionary}}
module attributes {tile.dispatch = {mm = [{bundle = "x"}]}} {
}

// -----

// expected-error @+1 {{'tile.dispatch' must be a dictionary}}
module attributes {tile.dispatch = {mm = [{kernel = 3 : i64}]}} {
}

// -----

module {
  // expected-error @+1 {{'tile.dispatch' must be a dictionary}}
  func.func @f() attributes {tile.dispatch = {mm = [{kernel = "mm__a"}]}} {
    return
  }
}
