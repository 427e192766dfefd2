// tile-write-bundle trusts nothing in tile.manifests: each entry must be a
// kernel name (a C identifier, so no path can leave the directory) mapped to
// a dictionary whose string gpu_module names a PTX gpu.binary. Otherwise one
// diagnostic, and nothing is written anywhere.
// RUN: rm -rf %t && mkdir -p %t/cwd && cd %t/cwd
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-write-bundle=dir=%t/a/b
// RUN: ls %t/a/b | FileCheck %s
// RUN: find %t -name '*PWNED*' -o -name 'abs*' | count 0
// RUN: not ls /abs.ptx /abs.json

// The one good entry.
// CHECK: good.json
// CHECK-NEXT: good.ptx
// CHECK-NOT: {{.}}
module attributes {tile.manifests = {good = {gpu_module = "m"}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" is not a dictionary with a string 'gpu_module'}}
module attributes {tile.manifests = {k = 5 : i64}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" is not a dictionary with a string 'gpu_module'}}
module attributes {tile.manifests = {k = {kernel = "k"}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" is not a dictionary with a string 'gpu_module'}}
module attributes {tile.manifests = {k = {gpu_module = 3 : i64}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "../../PWNED" is not a kernel name (a C identifier)}}
module attributes {tile.manifests = {"../../PWNED" = {gpu_module = "m"}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "/abs" is not a kernel name (a C identifier)}}
module attributes {tile.manifests = {"/abs" = {gpu_module = "m"}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" has no gpu.binary @other}}
module attributes {tile.manifests = {k = {gpu_module = "other"}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" was not compiled to PTX (use format=isa)}}
module attributes {tile.manifests = {k = {gpu_module = "m"}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, bin = "cubin">]
}

// -----

// A bad entry after a good one: neither is written.
// expected-error @+1 {{tile-write-bundle: tile.manifests entry "z" is not a dictionary}}
module attributes {tile.manifests = {a = {gpu_module = "m"}, z = [1]}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// Only the fields ManifestFields.def declares, in its types and ranges.
// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" field "block_size" is not declared in ManifestFields.def}}
module attributes {tile.manifests = {k = {gpu_module = "m", block_size = 64 : i64}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" field "cluster_m" is not what ManifestFields.def declares}}
module attributes {tile.manifests = {k = {gpu_module = "m", cluster_m = 3 : i64}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.manifests entry "k" field "params" is not what ManifestFields.def declares}}
module attributes {tile.manifests = {k = {gpu_module = "m", params = [{name = "A", type = "pointer"}]}}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}

// -----

// expected-error @+1 {{tile-write-bundle: tile.dispatch entry "k" field "dispatch" is not what ManifestFields.def declares}}
module attributes {tile.manifests = {k__a = {gpu_module = "m"}}, tile.dispatch = {k = [{kernel = "k__a", why = "w", max_m = 0 : i64}]}} {
  gpu.binary @m [#gpu.object<#nvvm.target, assembly = "// ptx">]
}
