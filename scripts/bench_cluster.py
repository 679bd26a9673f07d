"""Speed of one long command wherever it runs: `tablegames fasttrack experiment --seeds N` in this process, on 2
local worker processes and on a 2-worker Dask LocalCluster, in one run (docs/cluster.md's table).

Each setting runs as a fresh command (python -m tablegames ...), --repeat times, the settings taking turns; the
table keeps each setting's fastest run (timings on a shared machine only ever err upwards): the wall time of the
whole command (interpreter, imports, starting the workers or the cluster) and the time the command itself reports
(from its first game to its last, the workers' start included). A run of --seeds 10 (one task) in each setting
measures the fixed cost of starting it (workers, cluster, warm-up); the last columns take it away. The figures
the runs print must be the same (checked). A first run, not counted, compiles or loads the kernels.

Usage: .venv/bin/python scripts/bench_cluster.py [--seeds 1000] [--repeat 3] [--strategy champion]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time

SETTINGS = [
    ("this process (--workers 1)", ["--workers", "1"]),
    ("2 worker processes (--workers 2)", ["--workers", "2"]),
    ("Dask LocalCluster, 2 workers (--scheduler local:2)", ["--scheduler", "local:2"]),
]
START_UP_SEEDS = 10  # one task: the fixed cost of a setting
REPORTED = re.compile(r"\((\d+) seeds x 4 rotations, ([0-9.]+) s\)")


def run(seeds: int, strategy: str, where: list[str]) -> tuple[float, float, str]:
    """(wall seconds, the command's own seconds, its figures)."""
    command = [sys.executable, "-m", "tablegames", "fasttrack", "experiment", "--seeds", str(seeds),
               "--strategy", strategy, *where]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    wall = time.perf_counter() - started
    reported = REPORTED.search(done.stdout)
    if reported is None:
        raise SystemExit(f"no time in the output of {' '.join(command)}:\n{done.stdout}")
    return wall, float(reported.group(2)), REPORTED.sub("", done.stdout).strip()


def load() -> str:
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--strategy", default="champion")
    args = parser.parse_args()
    print(f"fasttrack experiment --seeds {args.seeds} --strategy {args.strategy}: {os.cpu_count()} CPUs, "
          f"load average {load()} at the start")
    run(args.seeds, args.strategy, ["--workers", "1"])  # compile or load the kernels: not counted
    best: dict[str, tuple[float, float]] = {}
    fixed: dict[str, float] = {}
    figures: set[str] = set()
    for turn in range(args.repeat):
        order = SETTINGS[turn % len(SETTINGS):] + SETTINGS[:turn % len(SETTINGS)]
        for name, where in order:
            wall, reported, printed = run(args.seeds, args.strategy, where)
            figures.add(printed)
            start_up = run(START_UP_SEEDS, args.strategy, where)[1]
            print(f"  run {turn + 1}, {name}: {wall:.2f} s wall, {reported:.2f} s reported; "
                  f"--seeds {START_UP_SEEDS}: {start_up:.2f} s reported", flush=True)
            old = best.get(name)
            best[name] = (min(wall, old[0]), min(reported, old[1])) if old else (wall, reported)
            fixed[name] = min(start_up, fixed.get(name, start_up))
    if len(figures) != 1:
        raise SystemExit("the settings printed different figures:\n" + "\n---\n".join(sorted(figures)))
    base_wall, base_reported = best[SETTINGS[0][0]]
    print(f"\nload average {load()} at the end; fastest of {args.repeat} runs each; every run printed the same "
          "figures\n")
    base_games = base_reported - fixed[SETTINGS[0][0]]
    print(f"| where | wall time | speedup | time reported by the command | speedup | start-up (--seeds "
          f"{START_UP_SEEDS}) | the games without it | speedup |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, _ in SETTINGS:
        wall, reported = best[name]
        games = reported - fixed[name]
        print(f"| {name} | {wall:.2f} s | {base_wall / wall:.2f}x | {reported:.2f} s | "
              f"{base_reported / reported:.2f}x | {fixed[name]:.2f} s | {games:.2f} s | {base_games / games:.2f}x |")


if __name__ == "__main__":
    main()
