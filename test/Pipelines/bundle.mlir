// --tile-bundle writes the PTX and the launch manifest; nothing in the
// manifest is typed by hand.
// RUN: rm -rf %t && tile-opt %s --tile-to-ptx="schedule=persistent order=grouped group-m=4 block-n=128 num-warps=8 num-stages=2" --tile-bundle=%t -o /dev/null
// RUN: FileCheck %s < %t/mm.json
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// Without a compiled kernel there is nothing to write.
// RUN: not tile-opt %s --tile-bundle=%t/none 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// An unwritable directory is reported, not a crash.
// RUN: not tile-opt %s --tile-to-ptx --tile-bundle=/dev/null/x 2>&1 | FileCheck %s --check-prefix=NODIR

// CHECK: "a_type": "f16",
// CHECK: "acc_type": "f32",
// CHECK: "b_type": "f16",
// CHECK: "block_k": 32,
// CHECK: "block_m": 128,
// CHECK: "block_n": 128,
// CHECK: "c_type": "f32",
// CHECK: "chip": "sm_90",
// CHECK: "dynamic_shared_memory_bytes": 32768,
// CHECK: "group_m": 4,
// CHECK: "index_bitwidth": 32,
// CHECK: "kernel": "mm",
// CHECK: "layouts": [
// CHECK-NEXT: "nn"
// CHECK-NEXT: ],
// CHECK: "num_stages": 2,
// CHECK: "num_warps": 8,
// CHECK: "order": "grouped",
// CHECK: "params": [
// CHECK: "name": "A",
// CHECK-NEXT: "type": "ptr"
// CHECK: "name": "stride_cn",
// CHECK-NEXT: "type": "i64"
// CHECK: "ptx": "mm.ptx",
// CHECK: "schedule": "persistent",
// CHECK: "threads_per_block": 256

// FILES: mm.json
// FILES-NEXT: mm.ptx

// NOKERNEL: error: tile-write-bundle: no compiled tile kernel in the module (run --tile-to-ptx first)
// NODIR: tile-opt: cannot create directory /dev/null/x: Not a directory
func.func @mm(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  tile.matmul %A, %B into %C : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
