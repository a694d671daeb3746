#!/usr/bin/env python3
"""Start-up CPU time of `album --version` and `album status` (empty library), for two builds.

    python3 bench/startup.py STATIC_ALBUM DYNAMIC_ALBUM [BATCHES] [RUNS]

Interleaved A/B: each batch runs each binary RUNS times in a row and reads the CPU time (user +
system) its children used from getrusage(RUSAGE_CHILDREN); the figure is the least per-run mean
over BATCHES batches (the machine is shared: the least is the run the others disturbed least).
Prints the load average before and after.
"""
import os, resource, subprocess, sys, tempfile

def cpu_ms(argv, runs, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(runs):
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used * 1000 / runs

def main():
    binaries = {"static": sys.argv[1], "dynamic": sys.argv[2]}
    batches = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    library = tempfile.mkdtemp(prefix="album-startup-")
    env = dict(os.environ, ALBUM_LIBRARY=os.path.join(library, "empty"))
    commands = {"--version": ["--version"], "status (empty library)": ["status"]}
    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    best = {}
    for _ in range(batches):
        for label, args in commands.items():
            for name, path in binaries.items():
                ms = cpu_ms([path] + args, runs, env)
                best[(label, name)] = min(best.get((label, name), ms), ms)
    print("load average after:  %.2f %.2f %.2f" % os.getloadavg())
    print("| command | static (--static-swift-stdlib) | dynamic | static / dynamic |")
    print("|:---|---:|---:|---:|")
    for label in commands:
        s, d = best[(label, "static")], best[(label, "dynamic")]
        print(f"| `album {label}` | {s:.1f} ms | {d:.1f} ms | {s / d:.2f}× |")

main()
