// Runs the tile-level IR of every schedule on the CPU (one loop iteration
// per program) on odd shapes and compares every element with a naive f32
// reference computed here, on deterministic pseudo-random inputs. C is
// poisoned with NaN first, so an element no program writes is caught.
// Small blocks keep the CPU vectors small; the index and mask logic is the
// same for every block size. The pipelined K loop only exists after
// tile-to-nvgpu (cp.async, shared memory, mma.sync) and cannot run here: the
// GPU runs cover it (test/Integration/GPU/run-example.test, and
// scripts/gpu-bench.sh checks every bundle on K = 1, K < BLOCK_K and
// unaligned K).
//
// REQUIRES: mlir-runner
// DEFINE: %{lower} = mlir-opt --convert-vector-to-scf --lower-affine --convert-scf-to-cf --expand-strided-metadata --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void -shared-libs=%c_runner_utils
// DEFINE: %{tiling} = --tile-tiling="block-m=16 block-n=32 block-k=16 num-warps=1
//
// Tiled, one program per tile, linear, grouped and serpentine order.
// RUN: tile-opt %s %{tiling}" --tile-lower-to-cpu | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=grouped group-m=2" --tile-lower-to-cpu | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=serpentine group-m=2" --tile-lower-to-cpu | %{lower} | %{run} | FileCheck %s
//
// Persistent: fewer programs than tiles, a prime count, one per SM of an
// H200, and more programs than tiles.
// RUN: tile-opt %s %{tiling}" --tile-persistent --tile-lower-to-cpu=num-programs=1 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling}" --tile-persistent --tile-lower-to-cpu=num-programs=3 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=grouped group-m=3" --tile-persistent --tile-lower-to-cpu=num-programs=7 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=serpentine group-m=3" --tile-persistent --tile-lower-to-cpu=num-programs=7 | %{lower} | %{run} | FileCheck %s
// Clusters of two along M: ids 2 c and 2 c + 1 take tile rows 2 m and
// 2 m + 1; an odd last tile row gets a partner past M, which writes nothing.
// RUN: tile-opt %s %{tiling} cluster-m=2" --tile-lower-to-cpu | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=serpentine group-m=3 cluster-m=2" --tile-persistent --tile-lower-to-cpu=num-programs=6 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=grouped" --tile-persistent --tile-lower-to-cpu=num-programs=132 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling}" --tile-persistent --tile-lower-to-cpu=num-programs=1000 | %{lower} | %{run} | FileCheck %s
// wgmma's tiles narrower than a 64-column box (B K-major on the GPU; the
// tile walk is the same): 64x16, persistent, grouped, over 7 programs.
// RUN: tile-opt %s --tile-tiling="mma=wgmma block-m=64 block-n=16 block-k=64 num-warps=4 order=grouped group-m=2" --tile-persistent --tile-lower-to-cpu=num-programs=7 | %{lower} | %{run} | FileCheck %s
// Split-K: 2 and 3 splits (the last one empty when K has few steps), more
// splits than K steps (K = 1, K < block-k), and grouped order.
// RUN: tile-opt %s %{tiling} split-k=2" --tile-lower-to-cpu | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} split-k=3 order=grouped group-m=2" --tile-lower-to-cpu | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} split-k=16" --tile-lower-to-cpu | %{lower} | %{run} | FileCheck %s
// A launch chooses fewer splits than the workspace's slots: 3 of 8, and 1.
// RUN: tile-opt %s %{tiling} split-k=8" --tile-lower-to-cpu=splits=3 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} split-k=8" --tile-lower-to-cpu=splits=1 | %{lower} | %{run} | FileCheck %s
// Hybrid Stream-K (the shapes have 1, 3, 9 and 10 tiles): one program (all
// data-parallel); 2, 3 and 4, where a shape's tiles are all data-parallel
// (a whole number of waves), data-parallel waves before shared ones (9 or
// 10 tiles), or all shared (3 tiles on 2); 7 (all shared, shares not
// aligned to tiles); one per SM of an H200 and 1000 (a share of one tile
// each, most programs idle); grouped order.
// RUN: tile-opt %s %{tiling}" --tile-stream-k --tile-lower-to-cpu=num-programs=1 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling}" --tile-stream-k --tile-lower-to-cpu=num-programs=2 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=grouped group-m=2" --tile-stream-k --tile-lower-to-cpu=num-programs=4 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling}" --tile-stream-k --tile-lower-to-cpu=num-programs=3 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling} order=grouped group-m=3" --tile-stream-k --tile-lower-to-cpu=num-programs=7 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling}" --tile-stream-k --tile-lower-to-cpu=num-programs=132 | %{lower} | %{run} | FileCheck %s
// RUN: tile-opt %s %{tiling}" --tile-stream-k --tile-lower-to-cpu=num-programs=1000 | %{lower} | %{run} | FileCheck %s

// CHECK: shape 67 45 93 bad 0
// CHECK: shape 1 1 1 bad 0
// CHECK: shape 5 300 7 bad 0
// CHECK: shape 33 17 15 bad 0
// CHECK: shape 16 32 16 bad 0
// CHECK: shape 40 70 200 bad 0
// CHECK: shape 130 20 40 bad 0

func.func @kernel(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}

// Deterministic pseudo-random value in [-1, 1), a multiple of 1/128.
func.func @rand(%i: index, %j: index, %seed: index) -> f16 {
  %a = arith.constant 2654435761 : index
  %b = arith.constant 40503 : index
  %m = arith.constant 256 : index
  %x = arith.muli %i, %a : index
  %y = arith.muli %j, %b : index
  %s = arith.addi %x, %y : index
  %t = arith.addi %s, %seed : index
  %h = arith.remui %t, %m : index
  %hi = arith.index_cast %h : index to i32
  %f = arith.sitofp %hi : i32 to f32
  %c128 = arith.constant 128.0 : f32
  %c1 = arith.constant 1.0 : f32
  %q = arith.divf %f, %c128 : f32
  %r = arith.subf %q, %c1 : f32
  %v = arith.truncf %r : f32 to f16
  return %v : f16
}

func.func @run(%M: index, %N: index, %K: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %A = memref.alloc(%M, %K) : memref<?x?xf16>
  %B = memref.alloc(%K, %N) : memref<?x?xf16>
  %C = memref.alloc(%M, %N) : memref<?x?xf32>
  %s1 = arith.constant 17 : index
  %s2 = arith.constant 91 : index
  scf.for %i = %c0 to %M step %c1 {
    scf.for %k = %c0 to %K step %c1 {
      %v = func.call @rand(%i, %k, %s1) : (index, index, index) -> f16
      memref.store %v, %A[%i, %k] : memref<?x?xf16>
    }
  }
  scf.for %k = %c0 to %K step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      %v = func.call @rand(%k, %j, %s2) : (index, index, index) -> f16
      memref.store %v, %B[%k, %j] : memref<?x?xf16>
    }
  }
  %nan = arith.constant 0x7FC00000 : f32
  scf.for %i = %c0 to %M step %c1 {
    scf.for %j = %c0 to %N step %c1 {
      memref.store %nan, %C[%i, %j] : memref<?x?xf32>
    }
  }
  func.call @kernel(%A, %B, %C) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
  %bad = func.call @count_bad(%A, %B, %C) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> index
  vector.print str "shape "
  vector.print %M : index punctuation <no_punctuation>
  vector.print str " "
  vector.print %N : index punctuation <no_punctuation>
  vector.print str " "
  vector.print %K : index punctuation <no_punctuation>
  vector.print str " bad "
  vector.print %bad : index
  memref.dealloc %A : memref<?x?xf16>
  memref.dealloc %B : memref<?x?xf16>
  memref.dealloc %C : memref<?x?xf32>
  return
}

// Elements of C that differ from the naive product by more than 1e-4
// relative (NaN counts as different).
func.func @count_bad(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %C, %c0 : memref<?x?xf32>
  %N = memref.dim %C, %c1 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf16>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %tol = arith.constant 1.0e-4 : f32
  %bad = scf.for %i = %c0 to %M step %c1 iter_args(%b0 = %c0) -> index {
    %bi = scf.for %j = %c0 to %N step %c1 iter_args(%b1 = %b0) -> index {
      %ref = scf.for %k = %c0 to %K step %c1 iter_args(%acc = %zero) -> f32 {
        %a = memref.load %A[%i, %k] : memref<?x?xf16>
        %b = memref.load %B[%k, %j] : memref<?x?xf16>
        %af = arith.extf %a : f16 to f32
        %bf = arith.extf %b : f16 to f32
        %p = arith.mulf %af, %bf : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      %c = memref.load %C[%i, %j] : memref<?x?xf32>
      %d = arith.subf %c, %ref : f32
      %ad = math.absf %d : f32
      %ar = math.absf %ref : f32
      %sc = arith.addf %ar, %one : f32
      %lim = arith.mulf %sc, %tol : f32
      // ugt is true for NaN.
      %isbad = arith.cmpf ugt, %ad, %lim : f32
      %inc = arith.select %isbad, %c1, %c0 : index
      %nb = arith.addi %b1, %inc : index
      scf.yield %nb : index
    }
    scf.yield %bi : index
  }
  return %bad : index
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %c32 = arith.constant 32 : index
  %c33 = arith.constant 33 : index
  %c40 = arith.constant 40 : index
  %c45 = arith.constant 45 : index
  %c67 = arith.constant 67 : index
  %c70 = arith.constant 70 : index
  %c93 = arith.constant 93 : index
  %c200 = arith.constant 200 : index
  %c300 = arith.constant 300 : index
  func.call @run(%c67, %c45, %c93) : (index, index, index) -> ()
  func.call @run(%c1, %c1, %c1) : (index, index, index) -> ()
  func.call @run(%c5, %c300, %c7) : (index, index, index) -> ()
  func.call @run(%c33, %c17, %c15) : (index, index, index) -> ()
  func.call @run(%c16, %c32, %c16) : (index, index, index) -> ()
  func.call @run(%c40, %c70, %c200) : (index, index, index) -> ()
  %c20 = arith.constant 20 : index
  %c130 = arith.constant 130 : index
  func.call @run(%c130, %c20, %c40) : (index, index, index) -> ()
  return
}
