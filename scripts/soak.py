"""Soak test: the demo for ten minutes with its memory (RSS) sampled; prints start and end RSS and the slope.

    python scripts/soak.py [--minutes 10] [--warmup 300] [--every 5]

Goal (issue 16): under 5 MB of growth after the warm-up, measured on the line fitted through the samples (one
sample's garbage-collection noise does not decide it). The warm-up is two rounds of the tables: the first visit
loads each table, and the drawing caches (bounded LRU caches of piece, card and text pictures) fill during the
first two rounds; the figure for everything after the first round is printed as well. Exit status 1 when the goal is missed. Not part of
`make test`: it takes the full ten minutes. Linux only (reads /proc).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

GOAL_MB = 5.0


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        return None
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the demo runs (default 10)")
    parser.add_argument("--warmup", type=float, default=300.0,
                        help="seconds not counted at the start: two rounds of the tables (default 300)")
    parser.add_argument("--every", type=float, default=5.0, help="seconds between samples (default 5)")
    args = parser.parse_args()
    if not (0 < args.minutes <= 24 * 60 and 0 <= args.warmup < args.minutes * 60 and 0.1 <= args.every <= 600):
        parser.error("need 0 < minutes <= 1440, 0 <= warmup < the run, 0.1 <= every <= 600")
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    seconds = args.minutes * 60
    demo = subprocess.Popen([sys.executable, "-m", "tablegames", "--demo", "--seconds", f"{seconds:g}"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    started = time.monotonic()
    samples: list[tuple[float, float]] = []
    try:
        while demo.poll() is None:
            size = rss_mb(demo.pid)
            elapsed = time.monotonic() - started
            if size is not None and size >= 1:  # not the moment between fork and exec
                samples.append((elapsed, size))
                print(f"soak: {elapsed:7.1f} s  RSS {size:8.1f} MB", flush=True)
            time.sleep(args.every)
    except KeyboardInterrupt:
        demo.terminate()
        print("soak: interrupted", file=sys.stderr)
        return 130
    output = demo.stdout.read() if demo.stdout else ""
    print(output.rstrip())
    if demo.returncode != 0:
        print(f"soak: the demo failed (exit {demo.returncode})", file=sys.stderr)
        return 1
    counted = [(t, mb) for t, mb in samples if t >= args.warmup]
    if len(counted) < 3:
        print("soak: too few samples after the warm-up; run longer", file=sys.stderr)
        return 1
    times, sizes = np.array(counted).T
    slope, _ = np.polyfit(times, sizes, 1)
    growth = slope * (times[-1] - times[0])
    after_one_round = np.array([(t, mb) for t, mb in samples if t >= args.warmup / 2]).T
    if after_one_round.size and after_one_round.shape[1] >= 3:
        early_slope, _ = np.polyfit(after_one_round[0], after_one_round[1], 1)
        print(f"soak: after {args.warmup / 2:g} s (one round): fitted growth "
              f"{early_slope * (after_one_round[0][-1] - after_one_round[0][0]):+.1f} MB")
    print(f"soak: start RSS {samples[0][1]:.1f} MB, after warm-up {sizes[0]:.1f} MB, end {sizes[-1]:.1f} MB, "
          f"peak {max(mb for _, mb in samples):.1f} MB")
    print(f"soak: slope {slope * 60:+.3f} MB/min after {args.warmup:g} s of warm-up; fitted growth "
          f"{growth:+.1f} MB over {times[-1] - times[0]:.0f} s (goal under {GOAL_MB:g} MB): "
          f"{'met' if growth < GOAL_MB else 'MISSED'}")
    return 0 if growth < GOAL_MB else 1


if __name__ == "__main__":
    sys.exit(main())
