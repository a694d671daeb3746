#!/usr/bin/env python3
"""Builds AlbumPlaces' zone map (data/zones/zones.bin) from timezonefinder's packaged
timezone-boundary-builder polygons (PyPI timezonefinder-data, ODbL 1.0). Bench/maintainer time
only: the program never runs this, it reads the committed result.

  make-zones.py OUT.bin

The map is a quadtree per 1-degree tile, down to 1/128 degree (0.87 km of latitude). Each cell
holds one zone, found by sampling timezonefinder at cell centres: 1/8 degree everywhere, 1/32
degree where a 1/8-degree neighbourhood holds two land zones, 1/128 degree where a 1/32-degree
neighbourhood does. Sea (timezonefinder's Etc/GMT zones) is a wildcard: a cell of one land zone
and sea is that land zone; a cell of sea only is "none" (the program falls back to its places).
"""
import struct, sys, time
import numpy as np
from timezonefinder import TimezoneFinder
import timezonefinder_data

tf = TimezoneFinder()
names = list(tf.timezone_names)
land = np.array([not n.startswith("Etc/") for n in names])
NONE = -1

def sample(lat, lng):
    lat = np.ascontiguousarray(lat.ravel(), dtype=np.float64)
    lng = np.ascontiguousarray(lng.ravel(), dtype=np.float64)
    out = np.empty(lat.shape[0], dtype=np.int16)
    step = 500_000
    for i in range(0, lat.shape[0], step):
        ids = tf.timezone_ids_at(lngs=lng[i:i+step], lats=lat[i:i+step])
        ids = np.where(ids >= 0, ids, NONE)
        ids = np.where((ids >= 0) & land[np.maximum(ids, 0)], ids, NONE)
        out[i:i+step] = ids
    return out

def mixed(grid, wrap=True):
    """Cells whose 3x3 neighbourhood holds two different land zones."""
    m = np.zeros(grid.shape, dtype=bool)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy == 0 and dx == 0:
                continue
            n = np.roll(grid, (dy, dx), axis=(0, 1))
            if dy == 1: n[0, :] = NONE
            if dy == -1: n[-1, :] = NONE
            m |= (grid >= 0) & (n >= 0) & (grid != n)
    return m

t0 = time.time()
R0 = 8
lat0 = -90 + (np.arange(180 * R0) + 0.5) / R0
lng0 = -180 + (np.arange(360 * R0) + 0.5) / R0
LA, LO = np.meshgrid(lat0, lng0, indexing="ij")
g0 = sample(LA, LO).reshape(LA.shape)
print(f"1/8 degree: {g0.size:,} samples, {time.time() - t0:.0f} s", flush=True)

m0 = mixed(g0)
g1 = np.repeat(np.repeat(g0, 4, axis=0), 4, axis=1)
rows, cols = np.nonzero(m0)
print(f"refining {len(rows):,} cells of 1/8 degree", flush=True)
# 4x4 samples per refined cell
sub = (np.arange(4) + 0.5) / 32
la = (-90 + rows[:, None, None] / R0 + sub[None, :, None]) + 0 * sub[None, None, :]
lo = (-180 + cols[:, None, None] / R0 + sub[None, None, :]) + 0 * sub[None, :, None]
v = sample(la, lo).reshape(len(rows), 4, 4)
for k in range(len(rows)):
    r, c = rows[k] * 4, cols[k] * 4
    g1[r:r+4, c:c+4] = v[k]
print(f"1/32 degree: {v.size:,} samples, {time.time() - t0:.0f} s", flush=True)

area1 = np.repeat(np.repeat(m0, 4, axis=0), 4, axis=1)
m1 = mixed(g1) & area1
rows1, cols1 = np.nonzero(m1)
print(f"refining {len(rows1):,} cells of 1/32 degree", flush=True)
sub = (np.arange(4) + 0.5) / 128
la = (-90 + rows1[:, None, None] / 32 + sub[None, :, None]) + 0 * sub[None, None, :]
lo = (-180 + cols1[:, None, None] / 32 + sub[None, None, :]) + 0 * sub[None, :, None]
v2 = sample(la, lo).reshape(len(rows1), 4, 4)
fine = {}
for k in range(len(rows1)):
    fine[(int(rows1[k]), int(cols1[k]))] = v2[k]
print(f"1/128 degree: {v2.size:,} samples, {time.time() - t0:.0f} s", flush=True)

# Which 1-degree tiles hold a refined 1/32 cell
tile_fine = {}
for (r, c) in fine:
    tile_fine.setdefault((r // 32, c // 32), []).append((r, c))

def leaf_of(block):
    u = np.unique(block)
    u = u[u >= 0]
    if len(u) == 0:
        return 0
    if len(u) == 1:
        return int(u[0]) + 1
    return None

top = np.zeros((180, 360), dtype=np.uint32)
slots = []          # u16, appended per tile
def build(block, nodes):
    """Returns the slot value for this block (leaf id or node ref); nodes: tile-local list of [4]."""
    v = leaf_of(block)
    if v is not None:
        return v
    n = block.shape[0] // 2
    if n == 0:
        raise RuntimeError("mixed single cell")
    idx = len(nodes)
    nodes.append([0, 0, 0, 0])
    quads = [block[:n, :n], block[:n, n:], block[n:, :n], block[n:, n:]]  # SW, SE, NW, NE (row 0 = south)
    for q in range(4):
        if block.shape[0] == 2:
            val = int(quads[q][0, 0]) + 1 if quads[q][0, 0] >= 0 else 0
        else:
            val = build(quads[q], nodes)
        nodes[idx][q] = val
    if idx > 0x7FFF:
        raise RuntimeError("tile too large")
    return 0x8000 | idx

ntiles = 0
for ty in range(180):
    for tx in range(360):
        b1 = g1[ty*32:(ty+1)*32, tx*32:(tx+1)*32]
        fl = tile_fine.get((ty, tx))
        if fl is None:
            v = leaf_of(b1)
            if v is not None:
                top[ty, tx] = v
                continue
        b = np.repeat(np.repeat(b1, 4, axis=0), 4, axis=1)
        for (r, c) in fl or []:
            rr, cc = (r - ty*32) * 4, (c - tx*32) * 4
            b[rr:rr+4, cc:cc+4] = fine[(r, c)]
        nodes = []
        root = build(b, nodes)
        if root & 0x8000 == 0:
            top[ty, tx] = root
            continue
        top[ty, tx] = 0x80000000 | len(slots)
        for nd in nodes:
            slots.extend(nd)
        ntiles += 1
print(f"{ntiles:,} tiles with a tree, {len(slots)//4:,} nodes, {time.time() - t0:.0f} s", flush=True)

version = (timezonefinder_data.DATA_DIR / "data_version.txt").read_text().strip()
name_blob = "\n".join(names).encode()
with open(sys.argv[1], "wb") as f:
    f.write(b"GAZONES1")
    vb = version.encode()
    f.write(struct.pack("<I", len(vb))); f.write(vb)
    f.write(struct.pack("<II", len(names), len(name_blob))); f.write(name_blob)
    f.write(struct.pack("<I", len(slots)))
    f.write(top.astype("<u4").tobytes())
    f.write(np.array(slots, dtype="<u2").tobytes())
print(f"wrote {sys.argv[1]}")
