#!/usr/bin/env python3
"""Start-up CPU time of `album --version` and `album status` (an empty library, and a missing one),
for two or more builds.

    python3 bench/startup.py [LABEL=]ALBUM [LABEL=]ALBUM... [--batches N] [--runs N]

Interleaved A/B: each batch runs each binary RUNS times in a row and reads the CPU time (user +
system) its children used from getrusage(RUSAGE_CHILDREN); the figure is the least per-run mean
over BATCHES batches (the machine is shared: the least is the run the others disturbed least).
The ratio column compares each build with the first; the peer, `curl --version` (a C program with a
similar set of shared objects; `--peer "CMD ARGS"` names another), runs in the same batches and the
last column is the last build over it. Prints the load average before and after.
(The old form `startup.py STATIC DYNAMIC [BATCHES] [RUNS]` still works.)
"""
import os, resource, subprocess, sys, tempfile

def cpu_ms(argv, runs, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(runs):
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used * 1000 / runs

def parse(argv):
    batches, runs, binaries, numbers, peer = 10, 20, {}, [], ["curl", "--version"]
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--peer":
            peer = argv[i + 1].split()
            i += 2
            continue
        if a in ("--batches", "--runs"):
            if a == "--batches": batches = int(argv[i + 1])
            else: runs = int(argv[i + 1])
            i += 2
            continue
        if a.isdigit():
            numbers.append(int(a))
        elif "=" in a:
            label, path = a.split("=", 1)
            binaries[label] = path
        else:
            binaries[["static", "dynamic"][len(binaries)] if len(binaries) < 2 else a] = a
        i += 1
    if numbers: batches = numbers[0]
    if len(numbers) > 1: runs = numbers[1]
    return binaries, batches, runs, peer

def main():
    binaries, batches, runs, peer = parse(sys.argv[1:])
    folder = tempfile.mkdtemp(prefix="album-startup-")
    env = dict(os.environ, ALBUM_LIBRARY=os.path.join(folder, "missing"))
    # An empty library that exists (made and emptied by each build itself: no build opens a
    # library another build migrated), and one that does not (built in memory for the answer).
    libraries = {}
    for name, path in binaries.items():
        libraries[name] = os.path.join(folder, "empty-" + name)
        for args in (["pin", "add", "--lat", "0", "--lon", "0"], ["pin", "rm", "1"]):
            subprocess.run([path] + args + ["--library", libraries[name]], stdout=subprocess.DEVNULL, check=True)
    commands = {"--version": lambda name: ["--version"],
                "status (empty library)": lambda name: ["status", "--library", libraries[name]],
                "status (missing library)": lambda name: ["status"]}
    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    best = {}
    for _ in range(batches):
        for label, args in commands.items():
            for name, path in binaries.items():
                ms = cpu_ms([path] + args(name), runs, env)
                best[(label, name)] = min(best.get((label, name), ms), ms)
        ms = cpu_ms(peer, runs, env)
        best["peer"] = min(best.get("peer", ms), ms)
    print("load average after:  %.2f %.2f %.2f" % os.getloadavg())
    names = list(binaries)
    last = names[-1]
    print(f"peer: `{' '.join(peer)}` {best['peer']:.1f} ms")
    print("| " + " | ".join(["command"] + names + [f"{n} / {names[0]}" for n in names[1:]] + [f"{last} / peer"]) + " |")
    print("|:---|" + "---:|" * (2 * len(names)))
    for label in commands:
        first = best[(label, names[0])]
        cells = [f"{best[(label, n)]:.1f} ms" for n in names] + [f"{best[(label, n)] / first:.2f}×" for n in names[1:]] + [f"{best[(label, last)] / best['peer']:.2f}×"]
        print(f"| `album {label}` | " + " | ".join(cells) + " |")

main()
