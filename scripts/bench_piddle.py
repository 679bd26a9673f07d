"""Piddle benchmark: table build time (goal < 2 s cold after JIT), advisor answer time warm (goal < 5 ms),
photo reading time per 1200 px picture (goal < 100 ms). Prints figures and ratios against yardsticks
measured in the same run (the machine is shared, so absolute times are noisy).

    .venv/bin/python scripts/bench_piddle.py [--photos N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time


def timed(function, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=12, help="pictures to read per size (default 12)")
    args = parser.parse_args()
    os.environ["TABLEGAMES_CACHE_DIR"] = tempfile.mkdtemp(prefix="piddle-bench-")  # never the user's cache

    from tablegames.piddle import kernels, solver

    start = time.perf_counter()
    kernels.warmup()
    print(f"JIT warmup (compile or load numba cache): {time.perf_counter() - start:.2f} s")

    for objective in (solver.Objective(), solver.Objective("dollar", 0.5)):
        builds = timed(lambda objective=objective: solver.build_tables(objective), 5)
        print(f"build every round table, 2-6 players, {objective.kind}: best {ms(min(builds))}, "
              f"median {ms(statistics.median(builds))} (goal < 2000 ms)")
    objective = solver.Objective()
    solver._MEMORY.clear()
    first = timed(lambda: solver.tables_for(objective), 1)[0]  # builds and writes the cache
    solver._MEMORY.clear()
    loaded = timed(lambda: solver.tables_for(objective), 1)[0]
    print(f"tables_for with an empty cache (build + atomic write): {ms(first)}; from the disk cache: {ms(loaded)}")

    positions = [
        dict(dice=(6, 6, 6, 2, 3, 1), rerolls=2, beat=(5, 5)),  # rung 1
        dict(dice=(6, 6, 6, 6, 2, 3), rerolls=1, beat=(4, 5), after=1),  # rung 2
        dict(dice=(5, 4, 3, 3, 2, 1), rerolls=2, beat=(3, 4), after=4, cap=2, tied=True),  # rung 2
        dict(dice=(2, 3, 4, 5, 6, 6), rerolls=2, after=5),  # rung 3: the breaker at a table of six
    ]
    solver.advise(**positions[0])
    answers = timed(lambda: [solver.advise(**p) for p in positions], 100)
    per_answer = [t / len(positions) for t in answers]
    p95 = sorted(per_answer)[int(0.95 * len(per_answer))]
    print(f"advise, warm: median {ms(statistics.median(per_answer))}, p95 {ms(p95)} per answer (goal < 5 ms)")
    outlook = timed(lambda: solver.breaker_outlook(6), 20)
    print(f"breaker_outlook(6 players): median {ms(statistics.median(outlook))}")

    from tablegames.piddle.reference import ReferenceSolver

    reference = timed(lambda: ReferenceSolver().solve((6, 6, 6, 2, 3, 1), 2, (5, 5)), 1)[0]
    fast = statistics.median(timed(lambda: solver.advise(**positions[0]), 50))
    print(f"yardstick: the fractions reference on the rung-1 example {ms(reference)}, "
          f"the fast advisor {ms(fast)}: {reference / fast:.0f}x faster")

    from scipy import ndimage

    from tablegames.piddle.scan import read_dice
    from tablegames.piddle.scan_synth import score_reading, synthetic_photo

    for width in (600, 1200):
        photos = [synthetic_photo(2026, i, width=width) for i in range(args.photos)]
        read_dice(photos[0].image)
        times, right, dice = [], 0, 0
        cpu_start = time.process_time()
        for photo in photos:
            start = time.perf_counter()
            reading = read_dice(photo.image)
            times.append(time.perf_counter() - start)
            score = score_reading(photo, reading)
            right, dice = right + score.right, dice + score.dice
        cpu = (time.process_time() - cpu_start) / len(photos)
        blur = statistics.median(timed(lambda p=photos[0]: ndimage.gaussian_filter(
            p.image.astype("float32"), sigma=(1, 1, 0)), 5))
        print(f"read a {width} px photo: median {ms(statistics.median(times))}, worst {ms(max(times))}, "
              f"CPU {ms(cpu)} "
              f"({right}/{dice} dice right); yardstick one Gaussian blur of it {ms(blur)}, "
              f"ratio {statistics.median(times) / blur:.1f}x" + ("  (goal < 100 ms)" if width == 1200 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
