#!/usr/bin/env python3
"""The chunk stores' index arithmetic (Epilogue::storeBoxByChunks) replayed
on bytes: a box staged with C's descriptor's swizzle (chunk ^= (row byte
offset / 128) % chunks), then each of the warpgroup's 128 threads does
what the kernel's thread does (whole chunks d bytes into the row, two staged
chunks shifted by d; the ends' elements u, u + U, ...). Every byte of the
box's rows inside M lands once where C has it, nothing else is written,
every whole chunk's address is 16-byte aligned; 3000 random boxes (2- and
4-byte elements, 32-, 64- and 128-byte box rows, 16 to 208 rows, any
pointer, pitch, column and row). A check of the scheme, not of the PTX.
  python3 emulate.py
"""
import random


def run(size, boxBytes, rows, base, pitch, col0, row0, m):
    chunks=boxBytes//16; perChunk=16//size; rowStep=128//chunks
    def phys(r, byte):
        sw=(r*boxBytes//128)%chunks
        return r*boxBytes + ((byte//16)^sw)*16 + byte%16
    val={}; stage=bytearray(rows*boxBytes)
    for r in range(rows):
        for c in range(boxBytes):
            v=random.randrange(256); val[(r,c)]=v; stage[phys(r,c)]=v
    mem={}
    for t in range(128):
        u=t%chunks; r0=t//chunks; sw=(r0*boxBytes//128)%chunks
        r=r0
        while r<rows:
            assert (r*boxBytes//128)%chunks==sw
            first=(row0+r)*pitch+col0
            d=(16-((base+first*size)%16))%16
            inM=row0+r<m
            def chunk(k): p=r*boxBytes+(k^sw)*16; return bytes(stage[p:p+16])
            if (u<chunks-1 or d==0) and inM:
                pair=chunk(u)+chunk(min(u+1,chunks-1))
                out=pair[d:d+16]
                addr=base+(first+d//size+u*perChunk)*size; assert addr%16==0
                for i in range(16):
                    assert addr+i not in mem; mem[addr+i]=out[i]
            i=0
            while i*chunks<perChunk:
                e=u+i*chunks
                if d!=0 and inM and e<perChunk:
                    col=e if e<d//size else e+(boxBytes-16)//size
                    ch=(col//perChunk)^sw
                    p=r*boxBytes+(ch*perChunk+col%perChunk)*size
                    x=stage[p:p+size]
                    addr=base+(first+col)*size
                    for j in range(size):
                        assert addr+j not in mem; mem[addr+j]=x[j]
                i+=1
            r+=rowStep
    for r in range(rows):
        if row0+r>=m: continue
        for c in range(boxBytes):
            addr=base+((row0+r)*pitch+col0)*size+c
            assert mem.pop(addr)==val[(r,c)], (r,c)
    assert not mem
for it in range(3000):
    size=random.choice([2,4]); boxBytes=random.choice([32,64,128]); rows=random.choice([16,64,128,208])
    run(size,boxBytes,rows,random.randrange(0,64,size),random.randrange(boxBytes//size,3000),random.randrange(0,100),random.randrange(0,50),random.randrange(1,400))
print("ok")
