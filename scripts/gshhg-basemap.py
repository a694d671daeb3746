#!/usr/bin/env python3
"""The offline basemap's vector tiles from GSHHG (decision 0097): coastlines, lakes, rivers and
national borders, converted once at build time from Debian's `gmt-gshhg-*` with Debian's `gmt`
(`gmt coast -M` dumps the lines of GSHHG's binned files; decision 0082 measured it).

For each band the lines of GSHHG's own resolution for it (its levels are already simplified by
its authors): data zoom 5 from `i`, 7 from `h`, 9 from `f` (full); the map draws band 5 at view
zooms 5-6, 7 at 7-9 and 9 from 10 (Assets/map.js). Each line is cut into the tiles of its
band's zoom in Leaflet's EPSG:4326 tiling (the offline map is equirectangular): a run of points in one tile, plus the point before and after it, so a
segment crossing a tile edge is in both tiles and draws whole.

Output, little-endian: b"GSHHGT01", u32 tile count, then per tile (sorted by z, x, y)
u8 z, u32 x, u32 y, u64 offset (from the end of this index), u32 length, then the tiles' bytes. A tile is lines, each:
varint class, varint point count, then zig-zag varint x, y of the first point and the deltas of
the next ones, in 1/4096 of the tile (a point may lie a little outside 0-4096: the one after or
before a run). Classes: 1 coast (GSHHG levels 1 and 3), 2 lake shore (2 and 4), 10 + river level
(0 double-lined, 1-4 permanent major to minor, 5-10 intermittent and canals), 30 national border.

Usage: python3 scripts/gshhg-basemap.py OUT.bin [--bands 5i,7h,9f] [--jobs 2] [--dumps DIR]
"""
import argparse
import concurrent.futures
import os
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np

EXTENT = 4096
MAGIC = b"GSHHGT01"
LAYERS = {"shore": ["-W"], "river": ["-Ia"], "border": ["-N1"]}


def dump(resolution, layer, folder):
    """`gmt coast` of the whole world into a text file; its path and seconds."""
    path = os.path.join(folder, "%s-%s.txt" % (layer, resolution))
    started = time.time()
    if os.path.exists(path):
        return path, 0.0
    with open(path + ".part", "wb") as out:
        # GMT writes its session files into the current folder: a temporary one.
        with tempfile.TemporaryDirectory(prefix="gmt-") as session:
            subprocess.run(["gmt", "coast", "-Rd", "-D" + resolution, "-M"] + LAYERS[layer], stdout=out, check=True, cwd=session)
    os.replace(path + ".part", path)
    return path, time.time() - started


def segments(path, layer):
    """(class, lon array, lat array) for each segment of a `gmt coast -M` dump."""
    cls, points = None, []
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b">"):
                if points:
                    yield cls, points
                level = int(line.rsplit(b"Level", 1)[1]) if b"Level" in line else 1
                if layer == "shore":
                    cls = 1 if level in (1, 3) else 2
                elif layer == "river":
                    cls = 10 + level
                else:
                    cls = 30
                points = []
            else:
                parts = line.split()
                if len(parts) >= 2:
                    points.append((float(parts[0]), float(parts[1])))
        if points:
            yield cls, points


def zigzag(a):
    return np.where(a >= 0, a * 2, -a * 2 - 1).astype(np.uint64)


def varints(values):
    """LEB128 bytes of non-negative integers, vectorised."""
    a = np.asarray(values, dtype=np.uint64)
    n = np.ones(len(a), dtype=np.int64)
    for k in (7, 14, 21, 28, 35):
        n += a >= (1 << k)
    out = np.zeros(int(n.sum()), dtype=np.uint8)
    at = np.cumsum(n) - n
    for k in range(6):
        mask = n > k
        if not mask.any():
            break
        byte = (a[mask] >> np.uint64(7 * k)) & np.uint64(0x7F)
        more = (n[mask] > k + 1).astype(np.uint64) << np.uint64(7)
        out[at[mask] + k] = (byte | more).astype(np.uint8)
    return out.tobytes()


def cut(tiles, z, cls, points):
    """Adds a segment's runs to `tiles` ({(x, y): [value arrays]}) at zoom z, in Leaflet's
    EPSG:4326 tiling (the offline map's): 2^(z+1) x 2^z tiles of 180/2^z degrees, from
    (-180, 90) eastwards and southwards."""
    p = np.asarray(points, dtype=np.float64)
    lon = np.clip(p[:, 0], -180.0, 180.0)
    lat = np.clip(p[:, 1], -90.0, 90.0)
    per_degree = (1 << z) * EXTENT / 180.0
    gx = np.round((lon + 180.0) * per_degree).astype(np.int64)
    gy = np.round((90.0 - lat) * per_degree).astype(np.int64)
    tx = np.minimum(gx // EXTENT, (2 << z) - 1)
    ty = np.minimum(gy // EXTENT, (1 << z) - 1)
    tile = tx * (1 << z) + ty
    n = len(tile)
    change = np.nonzero(tile[1:] != tile[:-1])[0] + 1
    starts = np.concatenate(([0], change))
    ends = np.concatenate((change, [n]))
    for s, e in zip(starts, ends):
        lo, hi = max(s - 1, 0), min(e + 1, n)
        if hi - lo < 2:
            continue
        x, y = int(tx[s]), int(ty[s])
        lx = gx[lo:hi] - x * EXTENT
        ly = gy[lo:hi] - y * EXTENT
        d = np.empty(2 * (hi - lo), dtype=np.int64)
        d[0::2] = np.diff(lx, prepend=0)
        d[1::2] = np.diff(ly, prepend=0)
        tiles.setdefault((x, y), []).append(np.concatenate((np.array([cls, hi - lo], dtype=np.uint64), zigzag(d))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--bands", default="5i,7h,9f", help="data zoom and GSHHG resolution, comma-separated")
    parser.add_argument("--jobs", type=int, default=2, help="gmt processes at once")
    parser.add_argument("--dumps", help="keep gmt's dumps in this folder, and use those already there")
    args = parser.parse_args()
    bands = [(int(b[:-1]), b[-1]) for b in args.bands.split(",")]
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="gshhg-") as temporary:
        folder = args.dumps or temporary
        os.makedirs(folder, exist_ok=True)
        work = [(res, layer) for _, res in bands for layer in LAYERS]
        # The full-resolution shorelines first: the longest dump.
        work.sort(key=lambda w: (w[0] != "f", w[1] != "shore"))
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            dumps = dict(zip(work, pool.map(lambda w: dump(w[0], w[1], folder), work)))
        for (res, layer), (_, seconds) in sorted(dumps.items()):
            print("gmt coast -D%s %s: %.0f s" % (res, layer, seconds), file=sys.stderr)
        index, blobs, offset, points = [], [], 0, 0
        for z, res in bands:
            tiles = {}
            for layer in LAYERS:
                for cls, pts in segments(dumps[(res, layer)][0], layer):
                    points += len(pts)
                    cut(tiles, z, cls, pts)
            for (x, y) in sorted(tiles):
                blob = varints(np.concatenate(tiles[(x, y)]))
                index.append((z, x, y, offset, len(blob)))
                blobs.append(blob)
                offset += len(blob)
            print("zoom %d (%s): %d tiles" % (z, res, len(tiles)), file=sys.stderr)
    tmp = args.out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(MAGIC + struct.pack("<I", len(index)))
        for entry in index:
            f.write(struct.pack("<BIIQI", *entry))
        for blob in blobs:
            f.write(blob)
    os.replace(tmp, args.out)
    print("%s: %d tiles, %d points, %.1f MB in %.0f s" % (args.out, len(index), points, os.path.getsize(args.out) / 1e6,
                                                          time.time() - started), file=sys.stderr)


if __name__ == "__main__":
    main()
