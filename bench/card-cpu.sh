#!/usr/bin/env bash
# The summary card's CPU (issue 28: "the card < 100 ms"): `album summary --month MONTH --card NEW.png`
# by two builds on the same library, runs alternating, each card written to a new file (album
# overwrites none), CPU = user + system of the process (getrusage), the least of RUNS; the ratio
# before / after and the PNG sizes. Load average printed. Not a test: run it by hand on a release
# build, e.g. on bench/memory.sh's 1 M-photo library.
# Usage: bench/card-cpu.sh BEFORE AFTER LIBRARY [RUNS=5] [MONTH=2025-01]
set -euo pipefail
before=$1 after=$2 library=$3 runs=${4:-5} month=${5:-2025-01}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
python3 - "$before" "$after" "$library" "$runs" "$month" "$out" <<'PY'
import os, resource, subprocess, sys
before, after, library, runs, month, out = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
best, size = {}, {}
for run in range(runs):
    for name, album in (("before", before), ("after", after)):
        card = os.path.join(out, f"{name}-{run}.png")
        start = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([album, "summary", "--month", month, "--card", card, "--library", library], check=True, stdout=subprocess.DEVNULL)
        end = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime)
        best[name] = min(best.get(name, cpu), cpu)
        size[name] = os.path.getsize(card)
for name in ("before", "after"):
    print(f"{name:<7} card CPU least of {runs}: {best[name] * 1000:6.1f} ms   PNG {size[name]:,} bytes")
print(f"after uses {best['after'] / best['before']:.2f}x the CPU of before ({best['before'] / best['after']:.2f}x faster)")
PY
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
