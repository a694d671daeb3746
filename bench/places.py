#!/usr/bin/env python3
"""Peers for bench/places.sh: random land points, reverse_geocoder and timezonefinder timings,
and the agreement of AlbumPlaces' zones with timezonefinder's polygons.

  places.py points N OUT.csv         N random land points (uniform on the sphere, kept where
                                     timezonefinder's polygons have a land zone), with tf's zone
  places.py peers POINTS.csv         times reverse_geocoder (batch, mode 1 = one process) and
                                     timezonefinder on the points, one core
  places.py agree POINTS.csv OURS.tsv  zone agreement, overall and within 20 km of a place
"""
import csv, math, random, sys, time


def land_points(n, out):
    from timezonefinder import TimezoneFinder
    tf = TimezoneFinder()
    rnd = random.Random(12)
    kept = 0
    with open(out, "w") as f:
        while kept < n:
            z = rnd.uniform(-1, 1)
            lat = math.degrees(math.asin(z))
            lon = rnd.uniform(-180, 180)
            zone = tf.timezone_at(lng=lon, lat=lat)
            if zone is None or zone.startswith("Etc/"):
                continue
            f.write(f"{lat:.6f},{lon:.6f},{zone}\n")
            kept += 1


def read(path):
    with open(path) as f:
        return [(float(r[0]), float(r[1]), r[2]) for r in csv.reader(f)]


def peers(path):
    rows = read(path)
    points = [(lat, lon) for lat, lon, _ in rows]
    import reverse_geocoder as rg
    rg.search([(0.0, 0.0)], mode=1)  # load its data (cities1000) and build its tree: not timed
    # CPU time of this process (one thread: mode 1) as well as wall time: the machine is shared.
    t, c = time.perf_counter(), time.process_time()
    rg.search(points, mode=1)
    rg_s, rg_cpu = time.perf_counter() - t, time.process_time() - c
    from timezonefinder import TimezoneFinder
    tf = TimezoneFinder()
    tf.timezone_at(lng=0.0, lat=0.0)
    t, c = time.perf_counter(), time.process_time()
    for lat, lon in points:
        tf.timezone_at(lng=lon, lat=lat)
    tf_s, tf_cpu = time.perf_counter() - t, time.process_time() - c
    n = len(points)
    print(f"reverse_geocoder (mode 1, batch): {n / rg_cpu:,.0f} points/s CPU ({rg_cpu:.1f} s CPU, {rg_s:.1f} s wall)")
    print(f"timezonefinder (timezone_at): {n / tf_cpu:,.0f} points/s CPU ({tf_cpu:.1f} s CPU, {tf_s:.1f} s wall)")


def canonical():
    links = {}
    with open("/usr/share/zoneinfo/tzdata.zi") as f:
        for line in f:
            if line.startswith("L "):
                _, target, name = line.split()
                links[name] = target

    def resolve(zone):
        for _ in range(4):
            zone = links.get(zone, zone)
        return zone
    return resolve


def agree(points_path, ours_path):
    rows = read(points_path)
    with open(ours_path) as f:
        ours = [line.rstrip("\n").split("\t") for line in f]
    resolve = canonical()
    total = near = same = same_canon = near_same = near_canon = 0
    misses = {}
    for (lat, lon, tf_zone), (zone, cc, km, name) in zip(rows, ours):
        total += 1
        exact = zone == tf_zone
        canon = resolve(zone) == resolve(tf_zone)
        same += exact
        same_canon += canon
        if km and float(km) <= 20:
            near += 1
            near_same += exact
            near_canon += canon
            if not canon:
                key = f"{tf_zone} -> {zone}"
                misses[key] = misses.get(key, 0) + 1
    pct = lambda a, b: 100.0 * a / b if b else 0.0
    print(f"points: {total:,}; within 20 km of a place of the data set: {near:,} ({pct(near, total):.1f} %)")
    print(f"zone agreement with timezonefinder, within 20 km: {pct(near_same, near):.2f} % same name, "
          f"{pct(near_canon, near):.2f} % same zone after tzdata links")
    print(f"zone agreement with timezonefinder, all points: {pct(same, total):.2f} % same name, "
          f"{pct(same_canon, total):.2f} % after links")
    print("most frequent disagreements within 20 km (timezonefinder -> ours):")
    for key, count in sorted(misses.items(), key=lambda kv: -kv[1])[:10]:
        print(f"  {count:6d}  {key}")


if __name__ == "__main__":
    if sys.argv[1] == "points":
        land_points(int(sys.argv[2]), sys.argv[3])
    elif sys.argv[1] == "peers":
        peers(sys.argv[2])
    else:
        agree(sys.argv[2], sys.argv[3])
