#!/usr/bin/env python3
"""The chunk stores' index arithmetic (Epilogue::storePartByChunks) replayed
on bytes: a part of 1 to 4 boxes staged one after another, each with C's
descriptor's swizzle (chunk ^= (row byte offset / 128) % chunks of a box),
then each of the warpgroup's 128 threads does what the kernel's thread does
(whole chunks d bytes into the part's row, two staged chunks shifted by d;
the ends' elements u, u + U, ...). Every byte of the part's rows inside M
lands once where C has it, nothing else is written, every whole chunk's
address is 16-byte aligned; 3000 random parts (2- and 4-byte elements, 32-,
64- and 128-byte box rows, 16 to 208 rows, any pointer, pitch, column and
row). A check of the scheme, not of the PTX.
  python3 emulate.py
"""
import random


def run(size, boxBytes, boxes, rows, base, pitch, col0, row0, m):
    boxChunks = boxBytes // 16
    perChunk = 16 // size
    rowBytes = boxes * boxBytes
    chunks = rowBytes // 16
    rowStep = 128 // chunks

    def phys(r, byte):  # byte of the part's row r, where staged
        j, x = divmod(byte, boxBytes)
        sw = (r * boxBytes // 128) % boxChunks
        return j * rows * boxBytes + r * boxBytes + ((x // 16) ^ sw) * 16 + x % 16

    val, stage = {}, bytearray(boxes * rows * boxBytes)
    for r in range(rows):
        for x in range(rowBytes):
            v = random.randrange(256)
            val[(r, x)] = v
            stage[phys(r, x)] = v
    mem = {}

    def put(addr, data):
        for i, v in enumerate(data):
            assert addr + i not in mem
            mem[addr + i] = v

    for t in range(128):
        u, r = t % chunks, t // chunks
        if t >= rowStep * chunks:
            continue
        while r < rows:
            first = (row0 + r) * pitch + col0
            d = (16 - (base + first * size) % 16) % 16
            inM = row0 + r < m

            def chunk(k):
                p = phys(r, 16 * k)
                return bytes(stage[p:p + 16])

            if (u < chunks - 1 or d == 0) and inM:
                out = (chunk(u) + chunk(min(u + 1, chunks - 1)))[d:d + 16]
                addr = base + (first + d // size + u * perChunk) * size
                assert addr % 16 == 0
                put(addr, out)
            i = 0
            while i * chunks < perChunk:
                e = u + i * chunks
                if d != 0 and inM and e < perChunk:
                    col = e if e < d // size else e + (rowBytes - 16) // size
                    p = phys(r, col * size)
                    put(base + (first + col) * size, stage[p:p + size])
                i += 1
            r += rowStep
    for r in range(rows):
        if row0 + r >= m:
            continue
        for x in range(rowBytes):
            assert mem.pop(base + ((row0 + r) * pitch + col0) * size + x) == val[(r, x)]
    assert not mem


for it in range(3000):
    size = random.choice([2, 4])
    boxBytes = random.choice([32, 64, 128])
    boxes = random.choice([b for b in (1, 2, 3, 4) if 128 // (b * boxBytes // 16) >= 1])
    rows = random.choice([16, 64, 128, 208])
    run(size, boxBytes, boxes, rows, random.randrange(0, 64, size),
        random.randrange(boxes * boxBytes // size, 3000), random.randrange(0, 100),
        random.randrange(0, 50), random.randrange(1, 400))
print("ok")
