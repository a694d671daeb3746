#!/usr/bin/env python3
"""Least CPU (user + system, from the kernel's rusage of each child) of commands run interleaved:
every round runs each (binary, library, command) once, in turn, so load changes hit all alike.
Prints, per command, the least CPU of each binary on each library and the ratio mixed/photos.
Not a test: bench/mixed-memory.sh calls it. Usage:
  least-cpu.py RUNS PHOTOS_LIB MIXED_LIB NAME=BINARY [NAME=BINARY…] -- LABEL=ARGS [LABEL=ARGS…]
(ARGS split on spaces; the library goes in ALBUM_LIBRARY.)"""
import os
import resource
import subprocess
import sys

args = sys.argv[1:]
runs, photos, mixed = int(args[0]), args[1], args[2]
split = args.index("--")
binaries = [a.split("=", 1) for a in args[3:split]]
commands = [a.split("=", 1) for a in args[split + 1:]]
libraries = [("photos", photos), ("mixed", mixed)]
best = {}


def run(binary, library, command):
    env = dict(os.environ, ALBUM_LIBRARY=library)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary] + command.split(), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


for _ in range(2):  # warm-up: page cache and the first open
    for _, binary in binaries:
        for _, library in libraries:
            for _, command in commands:
                run(binary, library, command)
for _ in range(runs):
    for name, binary in binaries:
        for lib, library in libraries:
            for label, command in commands:
                key = (name, lib, label)
                best[key] = min(best.get(key, 1e9), run(binary, library, command))
print(f"least CPU of {runs} interleaved runs (ms); load now {open('/proc/loadavg').read().split()[:3]}")
print(f"{'command':<22}" + "".join(f"{name + ' photos':>16}{name + ' mixed':>16}{name + ' ratio':>14}" for name, _ in binaries))
for label, _ in commands:
    line = f"{label:<22}"
    for name, _ in binaries:
        p, m = best[(name, "photos", label)] * 1000, best[(name, "mixed", label)] * 1000
        line += f"{p:16.1f}{m:16.1f}{m / p:13.2f}x"
    print(line)
