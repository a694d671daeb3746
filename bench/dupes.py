#!/usr/bin/env python3
"""Near-duplicates (issue 29 part 3): precision and recall of `album dupes` on a generated set,
and agreement of the album's perceptual hash with Python's `imagehash.phash` on the same files.

The set (deterministic, seed 29): BASES distinct pictures (procedural scenes: a sky and ground
split at a random horizon, a sun, buildings, hills, trees and a texture cut from one of the
fixture photos), 640x480 JPEG q90 with EXIF (a capture time, one shot every 41 s; camera, GPS).
Then 200 near-duplicate pairs, 40 of each kind: re-encoded (quality 60-95), resized (50-100 %),
cropped (1-5 % off the sides) — these three keep the EXIF, as most tools do —, HEIC (`heif-enc`,
quality 50-90, which keeps it too), EXIF stripped (`exiftool -all=`); and 100 hard negatives: the
same scene "a few seconds later" (the people in it moved by 3-8 % of the frame, the camera by up
to 2 %, the light changed by up to 3 %; the scenery stays), with the same camera's EXIF 1-8 s
after its base. --negatives-without-time strips the negatives' EXIF (their time unknown: only
the pixels can tell them from their base). Everything is imported into a new library with
`album import`; `album dupes --json --threshold T` is then run for every T asked.

A pair is a true positive when `album dupes` puts a picture and its own near-duplicate in one
group; any other two photos in one group are a false positive (a hard negative and its base
counted apart). Recall = true positives / 200.

Usage: bench/dupes.py ALBUM [--bases 700] [--thresholds 6,8,10,12] [--work DIR] [--negatives-without-time]
       [--bursts]  (album dupes --bursts: the hashes alone, no second check)
Needs python3-pil, heif-enc, exiftool; imagehash (PyPI) and scipy for the agreement, from
.build/pydeps: pip install --no-deps --target .build/pydeps imagehash==4.3.2
"""
import argparse
import datetime
import glob
import itertools
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, ".build", "pydeps"))
W, H = 640, 480


def scene(seed, moved=0.0, light=1.0, pan=(0.0, 0.0), textures=()):
    """A procedural photo; `moved`/`pan` shift its objects/frame by fractions of the frame."""
    r = random.Random(seed)
    m = random.Random(seed * 7919 + 1)  # how this shot's objects moved since the base
    def shift():
        return (m.uniform(-moved, moved) * W, m.uniform(-moved, moved) * H)
    big = Image.new("RGB", (int(W * 1.1), int(H * 1.1)))
    d = ImageDraw.Draw(big)
    bw, bh = big.size
    horizon = int(bh * r.uniform(0.3, 0.75))
    sky_top = tuple(r.randrange(40, 256) for _ in range(3))
    sky_low = tuple(r.randrange(40, 256) for _ in range(3))
    for y in range(horizon):
        t = y / max(1, horizon)
        d.line([(0, y), (bw, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(sky_top, sky_low)))
    ground = tuple(r.randrange(0, 200) for _ in range(3))
    d.rectangle([0, horizon, bw, bh], fill=ground)
    if textures:
        tex = Image.open(r.choice(textures)).convert("RGB")
        tw, th = tex.size
        cw, ch = int(tw * r.uniform(0.3, 0.6)), int(th * r.uniform(0.3, 0.6))
        x, y = r.randrange(0, tw - cw), r.randrange(0, th - ch)
        patch = tex.crop((x, y, x + cw, y + ch)).resize((bw, bh - horizon))
        big.paste(Image.blend(Image.new("RGB", patch.size, ground), patch, r.uniform(0.3, 0.8)), (0, horizon))
    for _ in range(r.randrange(0, 4)):  # hills
        cx, w, h = r.uniform(0, bw), r.uniform(bw * 0.2, bw * 0.6), r.uniform(bh * 0.05, bh * 0.2)
        dx, dy = 0, 0
        d.ellipse([cx - w / 2 + dx, horizon - h + dy, cx + w / 2 + dx, horizon + h + dy],
                  fill=tuple(r.randrange(0, 160) for _ in range(3)))
    if r.random() < 0.7:  # the sun
        sx, sy, sr = r.uniform(0, bw), r.uniform(0, horizon * 0.7), r.uniform(15, 60)
        dx, dy = 0, 0
        d.ellipse([sx - sr + dx, sy - sr + dy, sx + sr + dx, sy + sr + dy], fill=(255, r.randrange(180, 256), r.randrange(0, 200)))
    for _ in range(r.randrange(2, 12)):  # buildings and trees
        bwid, bhei = r.uniform(20, 140), r.uniform(40, 260)
        x = r.uniform(0, bw)
        dx, dy = 0, 0
        color = tuple(r.randrange(0, 256) for _ in range(3))
        if r.random() < 0.6:
            d.rectangle([x + dx, horizon - bhei + dy, x + bwid + dx, horizon + 10 + dy], fill=color)
            for wy in range(int(horizon - bhei + 10), int(horizon), 18):  # windows
                d.line([(x + dx + 4, wy + dy), (x + bwid + dx - 4, wy + dy)], fill=tuple(255 - c for c in color), width=3)
        else:
            d.ellipse([x + dx, horizon - bhei + dy, x + bwid + dx, horizon - bhei * 0.4 + dy], fill=(0, r.randrange(60, 160), 0))
            d.rectangle([x + bwid / 2 - 4 + dx, horizon - bhei * 0.5 + dy, x + bwid / 2 + 4 + dx, horizon + dy], fill=(90, 60, 30))
    for _ in range(r.randrange(1, 6)):  # people, the only things that move in a few seconds
        x, y, k = r.uniform(0, bw), r.uniform(horizon, bh - 60), r.uniform(1, 3)
        dx, dy = shift()
        d.rectangle([x + dx, y + dy, x + 14 * k + dx, y + 50 * k + dy], fill=tuple(r.randrange(0, 256) for _ in range(3)))
        d.ellipse([x - 2 * k + dx, y - 16 * k + dy, x + 16 * k + dx, y + 2 * k + dy], fill=(230, 190, 160))
    big = big.filter(ImageFilter.GaussianBlur(0.8))
    ox, oy = int((0.05 + pan[0]) * W), int((0.05 + pan[1]) * H)
    img = big.crop((ox, oy, ox + W, oy + H))
    if light != 1.0:
        img = ImageEnhance.Brightness(img).enhance(light)
    return img


def generate(work, bases, seed=29):
    folder = os.path.join(work, "photos")
    saved = os.path.join(work, "truth.json")
    if os.path.exists(saved):
        with open(saved) as f:
            kept = json.load(f)
        if kept["bases"] == bases and kept.get("version") == 2:
            return folder, kept["truth"], [tuple(p) for p in kept["pairs"]]
    shutil.rmtree(folder, ignore_errors=True)
    for sub in ("bases", "variants", "strip", "negatives"):
        os.makedirs(os.path.join(folder, sub))
    textures = sorted(glob.glob(os.path.join(ROOT, "fixtures", "bundle", "photos", "*.jpg")))
    r = random.Random(seed)
    truth = {}  # file -> group name (a base and its near-duplicate share one)
    names = []
    for i in range(bases):
        name = os.path.join(folder, "bases", "b%04d.jpg" % i)
        scene(seed * 100000 + i, textures=textures).save(name, quality=90)
        truth[name] = "g%d" % i
        names.append(name)
    # EXIF (date, camera, GPS) on every base, in one exiftool run: one shot every 41 seconds.
    times = {name: START + datetime.timedelta(seconds=41 * i) for i, name in enumerate(names)}
    exif(times)
    kinds = ["reencode", "resize", "heic", "strip", "crop"]
    picked = r.sample(range(bases), 200 + 100)
    pairs = []
    for k, i in enumerate(picked[:200]):
        kind = kinds[k % len(kinds)]
        base = names[i]
        original = Image.open(base)
        meta = original.info.get("exif", b"")  # a re-encode, resize or crop keeps the EXIF, as most tools do
        img = original.convert("RGB")
        if kind == "reencode":
            out = os.path.join(folder, "variants", "b%04d-q.jpg" % i)
            img.save(out, quality=r.randrange(60, 96), exif=meta)
        elif kind == "resize":
            f = r.uniform(0.5, 1.0)
            out = os.path.join(folder, "variants", "b%04d-r.jpg" % i)
            img.resize((int(W * f), int(H * f)), Image.LANCZOS).save(out, quality=90, exif=meta)
        elif kind == "heic":
            out = os.path.join(folder, "variants", "b%04d.heic" % i)
            subprocess.run(["heif-enc", "-q", str(r.randrange(50, 91)), "-o", out, base], check=True, stdout=subprocess.DEVNULL)
        elif kind == "strip":
            out = os.path.join(folder, "strip", "b%04d-s.jpg" % i)
            shutil.copyfile(base, out)
        else:
            left, top, right, bottom = (r.uniform(0, 0.025) for _ in range(4))
            out = os.path.join(folder, "variants", "b%04d-c.jpg" % i)
            img.crop((int(left * W), int(top * H), int(W - right * W), int(H - bottom * H))).save(out, quality=90, exif=meta)
        truth[out] = truth[base]
        pairs.append((base, out, kind))
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-all=", os.path.join(folder, "strip")], check=True)
    later = {}
    for i in picked[200:]:
        out = os.path.join(folder, "negatives", "b%04d-n.jpg" % i)
        scene(seed * 100000 + i, moved=r.uniform(0.03, 0.08), light=r.uniform(0.97, 1.03),
              pan=(r.uniform(-0.02, 0.02), r.uniform(-0.01, 0.01)), textures=textures).save(out, quality=90)
        truth[out] = "n%d" % i  # its own picture: not the base's duplicate
        later[out] = times[names[i]] + datetime.timedelta(seconds=r.randint(1, 8))  # the same camera, seconds later
    exif(later)
    with open(saved, "w") as f:
        json.dump({"version": 2, "bases": bases, "truth": truth, "pairs": pairs}, f)
    return folder, truth, pairs


START = datetime.datetime(2024, 6, 14, 8, 0, 0)


def exif(times):
    """Writes a capture time (and the same camera and GPS) into each file, in one exiftool run."""
    args = []
    for path, when in sorted(times.items()):
        args += ["-DateTimeOriginal=" + when.strftime("%Y:%m:%d %H:%M:%S"), "-OffsetTimeOriginal=+02:00", "-Make=Canon",
                 "-Model=Canon EOS R6", "-GPSLatitude=48.8566", "-GPSLatitudeRef=N", "-GPSLongitude=2.3522",
                 "-GPSLongitudeRef=E", "-overwrite_original", "-q", path, "-execute"]
    with tempfile.NamedTemporaryFile("w", suffix=".args", delete=False) as f:
        f.write("\n".join(args) + "\n")
    try:
        subprocess.run(["exiftool", "-@", f.name], check=True, stdout=subprocess.DEVNULL)
    finally:
        os.unlink(f.name)


def without_times(work, folder, truth):
    """The same set with the hard negatives' EXIF stripped (their capture time unknown): only the
    pixels can tell them from their base. Files are hard links but the negatives, copied."""
    other = os.path.join(work, "photos-no-times")
    shutil.rmtree(other, ignore_errors=True)
    moved = {}
    for path, group in truth.items():
        target = os.path.join(other, os.path.relpath(path, folder))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if group.startswith("n"):
            shutil.copyfile(path, target)
        else:
            os.link(path, target)
        moved[target] = group
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-all=", os.path.join(other, "negatives")], check=True)
    return other, moved


def album_hashes(library):
    db = sqlite3.connect(os.path.join(library, "album.sqlite"))
    out = {}
    for url, phash in db.execute("SELECT url, phash FROM photos WHERE phash IS NOT NULL"):
        out[url] = phash & 0xFFFFFFFFFFFFFFFF
    return out, {pid: url for pid, url in db.execute("SELECT id, url FROM photos")}


def score(groups, ids, truth):
    found = set()
    false = 0
    for group in groups:
        files = [ids[m["id"]] for m in group["photos"]]
        for a, b in itertools.combinations(files, 2):
            if truth.get(a) == truth.get(b):
                found.add(truth[a])
            else:
                false += 1
    tp = len(found)
    return tp, false


def imagehash_of(path, work):
    import imagehash
    if path.endswith(".heic"):
        png = os.path.join(work, "heic-png", os.path.basename(path) + ".png")
        os.makedirs(os.path.dirname(png), exist_ok=True)
        if not os.path.exists(png):
            subprocess.run(["heif-convert", path, png], check=True, stdout=subprocess.DEVNULL)
        path = png
    return int(str(imagehash.phash(Image.open(path))), 16)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("album", nargs="?", default="")
    p.add_argument("--bases", type=int, default=700)
    p.add_argument("--thresholds", default="6,8,10,12")
    p.add_argument("--work", default="/tmp/geoalbum-dupes-bench")
    p.add_argument("--generate-only", action="store_true")
    p.add_argument("--bursts", action="store_true", help="album dupes --bursts: the hashes alone")
    p.add_argument("--negatives-without-time", action="store_true",
                   help="strip the hard negatives' EXIF: their capture time unknown, only pixels tell them apart")
    a = p.parse_args()
    t0 = time.time()
    folder, truth, pairs = generate(a.work, a.bases)
    if a.generate_only:
        return print("generated %d files in %.0f s" % (len(truth), time.time() - t0))
    if a.negatives_without_time:
        old = folder
        folder, truth = without_times(a.work, folder, truth)
        pairs = [(os.path.join(folder, os.path.relpath(b, old)), os.path.join(folder, os.path.relpath(v, old)), k) for b, v, k in pairs]
    library = os.path.join(a.work, "lib")
    shutil.rmtree(library, ignore_errors=True)
    run = subprocess.run([a.album, "import", folder, "--library", library, "--json"], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("import failed: " + run.stderr)
    report = json.loads(run.stdout)
    print("set: %d files (%d bases, 200 near-duplicate pairs, 100 hard negatives); imported %d in %.0f s"
          % (len(truth), a.bases, report["imported"], time.time() - t0))
    hashes, ids = album_hashes(library)
    for threshold in [int(t) for t in a.thresholds.split(",")]:
        t1 = time.time()
        run = subprocess.run([a.album, "dupes", "--library", library, "--json", "--threshold", str(threshold)]
                             + (["--bursts"] if a.bursts else []), capture_output=True, text=True, check=True)
        took = time.time() - t1
        groups = json.loads(run.stdout)["groups"]
        tp, fp = score(groups, ids, truth)
        by_kind = {}
        found = set()
        for g in groups:
            files = {ids[m["id"]] for m in g["photos"]}
            for base, variant, kind in pairs:
                if base in files and variant in files:
                    found.add(variant)
        for base, variant, kind in pairs:
            by_kind.setdefault(kind, [0, 0])
            by_kind[kind][1] += 1
            by_kind[kind][0] += variant in found
        negatives = sum(1 for f, g in truth.items() if g.startswith("n") and any(
            f in {ids[m["id"]] for m in grp["photos"]} for grp in groups))
        precision = tp / (tp + fp) if tp + fp else 1.0
        print("threshold %2d: precision %.3f (%d true pairs, %d false), recall %.3f; hard negatives grouped %d of 100; by kind %s; dupes took %.1f s"
              % (threshold, precision, tp, fp, tp / 200, negatives,
                 ", ".join("%s %d/%d" % (k, v[0], v[1]) for k, v in sorted(by_kind.items())), took))
    try:
        import imagehash  # noqa: F401
    except ImportError:
        print("imagehash not installed: no agreement figure")
        return
    dist = []
    for path, ours in hashes.items():
        theirs = imagehash_of(path, a.work)
        dist.append(bin(ours ^ theirs).count("1"))
    dist.sort()
    n = len(dist)
    print("agreement with imagehash %s phash on %d files: identical %.1f %%, <= 2 bits %.1f %%, <= 4 bits %.1f %%, median %d, max %d bits"
          % (getattr(sys.modules["imagehash"], "__version__", "?"), n, 100 * dist.count(0) / n,
             100 * sum(d <= 2 for d in dist) / n, 100 * sum(d <= 4 for d in dist) / n, dist[n // 2], dist[-1]))
    # imagehash's own precision/recall on the same set, for reference.
    theirs = {path: imagehash_of(path, a.work) for path in hashes}
    files = sorted(theirs)
    for threshold in [int(t) for t in a.thresholds.split(",")]:
        found, false = set(), 0
        for x, y in itertools.combinations(files, 2):
            if bin(theirs[x] ^ theirs[y]).count("1") <= threshold:
                if truth.get(x) == truth.get(y):
                    found.add(truth[x])
                else:
                    false += 1
        tp = len(found)
        print("imagehash pairs at threshold %2d: precision %.3f (%d true, %d false), recall %.3f"
              % (threshold, tp / (tp + false) if tp + false else 1.0, tp, false, tp / 200))
    print("load: " + open("/proc/loadavg").read().split(" ")[0:3].__str__())


if __name__ == "__main__":
    main()
