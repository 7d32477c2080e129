"""Median CPU time (user + sys of the child, five runs) of `validate -j1` and `convert -j1 --to
csv|jsonl|parquet` over record directories, as MB of records per CPU-second.

    python3 bench/convert_cpu.py target/release/tavla DIR...
"""

import os
import resource
import subprocess
import sys


def cpu_seconds(cmd, runs=5):
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    times.sort()
    return times[len(times) // 2]


def main():
    tavla, dirs = sys.argv[1], sys.argv[2:]
    size = sum(
        os.path.getsize(os.path.join(root, f)) for d in dirs for root, _, fs in os.walk(d) for f in fs
    )
    base = None
    for what in ["validate", "csv", "jsonl", "parquet"]:
        if what == "validate":
            cmd = [tavla, "validate", "-j1", *dirs, "--format", "short"]
        else:
            cmd = [tavla, "convert", "-j1", *dirs, "--to", what, "-o", os.devnull]
        t = cpu_seconds(cmd)
        rate = size / 1e6 / t
        base = base or rate
        print(f"{what:9} {rate:7.1f} MB/s per CPU-second  {rate / base:5.2f} of validate")


if __name__ == "__main__":
    main()
