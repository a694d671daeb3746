#!/usr/bin/env python3
"""Writes a YFCC100M-format TSV of generated rows (the dataset itself is not reachable here).

23 fields per line (2014 layout), or 25 with --numbered (a line number and a hash first).
Photos cluster around 2,000 generated places (Gaussian, 1-15 km), so radius queries at the
places see dense data, like the real dataset's cities. Mix: 85% geotagged photos, 10% photos
without coordinates, 5% videos. Lines are about 450 bytes, like the real file's average.

usage: make-yfcc.py ROWS OUT [--numbered] [--seed N] [--base-url URL]
"""
import argparse
import math
import random

parser = argparse.ArgumentParser()
parser.add_argument("rows", type=int)
parser.add_argument("out")
parser.add_argument("--numbered", action="store_true")
parser.add_argument("--seed", type=int, default=16)
parser.add_argument("--base-url", default="http://farm8.staticflickr.com")
args = parser.parse_args()

rng = random.Random(args.seed)
places = []
for _ in range(2000):
    lat = rng.uniform(-45, 65)
    lon = rng.uniform(-170, 175)
    sigma_km = rng.uniform(1, 15)
    places.append((lat, lon, sigma_km / 111.195, sigma_km / (111.195 * max(0.2, math.cos(math.radians(lat))))))
words = ("sunset beach old town street market bridge tower river night light people church park "
         "museum square harbour mountain lake garden festival train station cafe view skyline").split()
descriptions = ["+".join(rng.choice(words) for _ in range(rng.randint(8, 30))) for _ in range(500)]
titles = ["+".join(rng.choice(words) for _ in range(rng.randint(1, 5))) for _ in range(500)]
tags = [",".join(rng.choice(words) for _ in range(rng.randint(0, 10))) for _ in range(500)]
licenses = [
    ("Attribution License", "http://creativecommons.org/licenses/by/2.0/"),
    ("Attribution-NonCommercial License", "http://creativecommons.org/licenses/by-nc/2.0/"),
    ("Attribution-NonCommercial-ShareAlike License", "http://creativecommons.org/licenses/by-nc-sa/2.0/"),
    ("Attribution-ShareAlike License", "http://creativecommons.org/licenses/by-sa/2.0/"),
]

with open(args.out, "w", buffering=1 << 22) as out:
    batch = []
    for n in range(args.rows):
        pid = 1000000 + n * 7
        r = rng.random()
        marker = "1" if r < 0.05 else "0"
        if r < 0.15 and marker == "0":
            lon = lat = acc = ""
        else:
            lat0, lon0, slat, slon = places[rng.randrange(2000)]
            lat = "%.6f" % max(-90, min(90, rng.gauss(lat0, slat)))
            lon = "%.6f" % max(-180, min(180, rng.gauss(lon0, slon)))
            acc = str(rng.randint(1, 16))
        server, farm = rng.randint(1000, 9999), rng.randint(1, 9)
        secret = "%010x" % rng.getrandbits(40)
        lic, lic_url = licenses[n % 4]
        fields = [
            str(pid), "%d@N0%d" % (rng.getrandbits(26), n % 8), "user%d" % (n % 50000),
            "2012-%02d-%02d %02d:%02d:%02d.0" % (n % 12 + 1, n % 28 + 1, n % 24, n % 60, (n * 7) % 60),
            str(1300000000 + n), "Canon+EOS+5D", titles[n % 500], descriptions[(n * 13) % 500], tags[(n * 7) % 500], "",
            lon, lat, acc, "http://www.flickr.com/photos/user%d/%d/" % (n % 50000, pid),
            "%s/%d/%d_%s.jpg" % (args.base_url, server, pid, secret), lic, lic_url, str(server), str(farm), secret,
            "%010x" % rng.getrandbits(40), "jpg", marker,
        ]
        if args.numbered:
            fields = [str(n), "%032x" % rng.getrandbits(128)] + fields
        batch.append("\t".join(fields))
        if len(batch) == 100000:
            out.write("\n".join(batch) + "\n")
            batch = []
    if batch:
        out.write("\n".join(batch) + "\n")
