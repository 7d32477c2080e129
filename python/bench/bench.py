#!/usr/bin/env python3
"""Speed of the Python package against the command and the library (a benchmark, not a test).

    python python/bench/bench.py [CORPUS...]      # from the repository root, tavla installed

1. `tavla.validate(CORPUS, jobs=N)` against `tavla validate -j N CORPUS` (the release
   binary, stdout discarded) on the same files, runs alternating, median and best of RUNS.
   CORPUS defaults to the corpus of `bench/run` (target/bench-corpus) when it is there, else
   to fixtures/backgammon/gnubg copied 40 times into target/py-bench-corpus.
2. `tavla.legal_plays(position, roll)` per call from Python against the same work done in
   Rust (`python/bench/legal_plays.rs`, the example `legal_plays_speed` of python/Cargo.toml,
   built with `cargo build --release`: the board set up and its legal plays listed in both
   notations, as `legal_plays` does before it makes any Python object).

Environment: TAVLA_BIN (default target/release/tavla), RUNS (default 5), JOBS (default:
all cores). The machine this runs on may be shared: read the best runs as the least
disturbed ones.
"""

import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time
import timeit

import tavla

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUNS = int(os.environ.get("RUNS", "5"))
JOBS = int(os.environ.get("JOBS", str(os.cpu_count() or 1)))
BIN = os.environ.get("TAVLA_BIN", str(ROOT / "target/release/tavla"))


def corpus(args):
    if args:
        return [str(pathlib.Path(a)) for a in args]
    bench = ROOT / "target/bench-corpus"
    if (bench / "gul-bara").is_dir() and (bench / "backgammon").is_dir():
        return [str(bench / "gul-bara"), str(bench / "backgammon"), str(bench / "tapa")]
    small = ROOT / "target/py-bench-corpus"
    if not small.is_dir():
        src = ROOT / "fixtures/backgammon/gnubg"
        for i in range(40):
            d = small / f"copy-{i:03d}"
            d.mkdir(parents=True, exist_ok=True)
            for f in src.glob("*.mat"):
                shutil.copy(f, d / f.name)
    return [str(small)]


def size(paths):
    files = total = 0
    for p in paths:
        for dirpath, _, names in os.walk(p):
            for n in names:
                if n.endswith((".mat", ".txt")):
                    files += 1
                    total += os.path.getsize(os.path.join(dirpath, n))
    return files, total


def bench_validate(paths):
    files, total = size(paths)
    print(f"corpus: {' '.join(paths)}: {files} files, {total / 1e6:.1f} MB; jobs {JOBS}; {RUNS} runs each, alternating")
    cli, py = [], []
    errors = None
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run([BIN, "validate", "-q", "-j", str(JOBS), *paths], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        cli.append(time.perf_counter() - t)
        t = time.perf_counter()
        r = tavla.validate(*paths, jobs=JOBS)
        py.append(time.perf_counter() - t)
        errors = r.errors
    med = statistics.median
    print(f"  tavla validate -j {JOBS}:        median {med(cli):.3f} s, best {min(cli):.3f} s ({total / 1e6 / min(cli):.0f} MB/s)")
    print(f"  tavla.validate(jobs={JOBS}):     median {med(py):.3f} s, best {min(py):.3f} s ({total / 1e6 / min(py):.0f} MB/s); {errors} errors")
    print(f"  Python / CLI: median {med(py) / med(cli):.2f}x, best {min(py) / min(cli):.2f}x (target: within 1.2x)")


def rust_ns(position, roll, n, variant):
    """The best nanoseconds per call of the Rust side, from the example `legal_plays_speed`."""
    out = subprocess.run(
        [
            "cargo", "run", "--release", "-q", "--manifest-path", str(ROOT / "python/Cargo.toml"),
            "--example", "legal_plays_speed", "--",
            position, f"{roll[0]}{roll[1]}", str(n), variant, str(RUNS),
        ],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    return float(out.stdout)


def bench_legal():
    cases = [
        ("start", (6, 4), "backgammon"),
        ("XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10", (6, 4), "backgammon"),
        ("start", (6, 4), "gul-bara"),
    ]
    for position, roll, variant in cases:
        n = 20000
        rust = rust_ns(position, roll, n, variant)
        timer = timeit.Timer(lambda: tavla.legal_plays(position, roll, variant=variant))
        py = min(timer.repeat(repeat=RUNS, number=n)) / n * 1e9
        count = len(tavla.legal_plays(position, roll, variant=variant))
        print(
            f"  legal_plays({position[:24]!r}, {roll}, {variant}): {count} plays; Rust {rust / 1000:.2f} us, "
            f"Python {py / 1000:.2f} us per call: +{(py - rust) / 1000:.2f} us (target: within 2 us)"
        )


def main():
    print(f"tavla {tavla.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores; binary {BIN}")
    bench_validate(corpus(sys.argv[1:]))
    print("legal_plays, best of", RUNS, "runs:")
    bench_legal()


if __name__ == "__main__":
    main()
