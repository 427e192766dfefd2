#!/usr/bin/env python3
"""tile.stage_accumulator {row_classes}'s addresses, as its lowering
(NVGPUToNVVM.cpp, StageAccumulatorLowering) computes them for each thread
of a warpgroup and each accumulator value, against where a class's TMA box
expects each element: staged row p = (r % 8) (R / 8) + r / 8 of box
col / boxCols, byte p 128 + ((cbyte / 16) ^ (p % 8)) 16 + cbyte % 16.
Every element must be written once, at its place.
  python3 staging-sim.py
"""
def check(R, size, cols):
    boxBytes = 128; boxCols = boxBytes // size
    seen = {}
    for tid in range(128):
        lane, warp = tid % 32, tid // 32
        if size == 2:
            q = lane // 8
            rowT = warp*16 + (q % 2)*8 + lane % 8
            colT = (q // 2) * 8
        else:
            rowT = warp*16 + lane // 4
            colT = (lane % 4) * 2
        rowT = (rowT % 8) * (R // 8) + rowT // 8
        colBytes = colT * size
        xr = (colBytes // 16) ^ (rowT % 8)
        threadByte = rowT * boxBytes + colBytes % 16
        def address(rowC, colC):
            rowC //= 8
            chunk = (colC % boxCols * size // 16) ^ (rowC % 8)
            return threadByte + ((xr ^ chunk) << 4) + (colC // boxCols * R + rowC) * boxBytes
        for i in range(R // 64):
            for j in range(cols // 8):
                if size == 2:
                    if j % 2: continue
                    # matrix q of lane: rows 16w + 8(q%2) + l%8, cols 8(j + q//2)
                    q = lane // 8
                    a = address(64 * i, 8 * j)
                    # lane provides the address of row l%8 of matrix q; the row's
                    # 8 values (16 bytes) are contiguous from it
                    r = 64*i + warp*16 + (q % 2)*8 + lane % 8
                    for e in range(8):
                        c = 8*(j + q//2) + e
                        seen[(r, c)] = a + e*size
                else:
                    for h in range(2):
                        a = address(64*i + 8*h, 8*j)
                        r = 64*i + warp*16 + lane//4 + 8*h
                        for e in range(2):
                            c = 8*j + (lane % 4)*2 + e
                            seen[(r, c)] = a + e*size
    bad = 0
    for (r, c), a in seen.items():
        p = (r % 8) * (R // 8) + r // 8
        cb = (c % boxCols) * size
        want = (c // boxCols) * R * boxBytes + p * 128 + ((cb // 16) ^ (p % 8)) * 16 + cb % 16
        bad += a != want
    assert len(seen) == R * cols, len(seen)
    print(f"R {R}, {8 * size}-bit, {cols} columns: {len(seen)} elements, {bad} misplaced")
    return bad
bad = sum(check(*c) for c in [(64, 2, 256), (128, 2, 128), (64, 4, 64), (128, 4, 128),
                               (128, 2, 64)])
raise SystemExit(1 if bad else 0)
