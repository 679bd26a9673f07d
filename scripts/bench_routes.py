"""Benchmark of the exact all-trains-at-once route search against the route-list-then-combinations method.

Random 18xx-like maps (tablegames.routes.randommaps.random_map, average degree about 2.6) of 20 to 120 stops,
2 to 4 trains with and without a D, the same cases for both methods. Each run is stopped after --cap seconds
(reported as "> cap"); the route-list method also gives up past --max-routes routes for one train ("lists full").
Both methods are exact, so where both finish their totals must agree (checked).

Usage: .venv/bin/python scripts/bench_routes.py [--seeds 3] [--cap 10] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from tablegames.core.rng import make_rng
from tablegames.routes import kernels
from tablegames.routes.randommaps import COMPANY, random_map
from tablegames.routes.search import RouteListTooLong, SearchCancelled, solve, solve_by_route_lists
from tablegames.routes.trains import parse_train_list

SIZES = (20, 40, 60, 80, 100, 120)
TRAIN_SETS = ("4,3", "D,4", "5,4,3", "D,4,3", "D,5,4,3")


def timed(function, cap: float) -> tuple[float | None, int | None, str]:
    """(seconds, total, note): seconds None when stopped by the cap or a full route list."""
    cancel = threading.Event()
    timer = threading.Timer(cap, cancel.set)
    timer.start()
    started = time.perf_counter()
    try:
        total = function(cancel).total
        return time.perf_counter() - started, total, ""
    except SearchCancelled:
        return None, None, f"> {cap:g} s"
    except RouteListTooLong:
        return None, None, "lists full"
    finally:
        timer.cancel()


def fmt(values: list[float]) -> str:
    return f"{statistics.median(values):8.4f} {max(values):8.4f}" if values else f"{'-':>8} {'-':>8}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="maps per size")
    parser.add_argument("--cap", type=float, default=10.0, help="seconds before a run is stopped")
    parser.add_argument("--max-routes", type=int, default=1_000_000, help="route-list limit per train")
    parser.add_argument("--quick", action="store_true", help="sizes 20-60 only")
    args = parser.parse_args()
    started = time.perf_counter()
    kernels.warmup()
    print(f"warm-up (compile or load the kernels): {time.perf_counter() - started:.2f} s")
    print(f"{args.seeds} maps per size; cap {args.cap:g} s per run; times in seconds (median, max over finished)")
    print(f"{'stops':>5} {'trains':<8} {'exact med':>9} {'max':>8} {'unfinished':>10}   "
          f"{'lists med':>9} {'max':>8} {'unfinished':>10}  lists/exact")
    goal: list[float] = []
    goal_unfinished = 0
    for size in SIZES[:3] if args.quick else SIZES:
        for trains_text in TRAIN_SETS:
            trains = parse_train_list(trains_text)
            exact_times, list_times, ratios = [], [], []
            exact_out, list_out = [], []
            for seed in range(args.seeds):
                network = random_map(make_rng(seed, "bench", size), size, 3)
                exact_s, exact_total, exact_note = timed(
                    lambda cancel, n=network, tr=trains: solve(n, tr, COMPANY, "5", cancel=cancel), args.cap)
                list_s, list_total, list_note = timed(
                    lambda cancel, n=network, tr=trains: solve_by_route_lists(
                        n, tr, COMPANY, "5", max_routes=args.max_routes, cancel=cancel), args.cap)
                if exact_s is not None and list_s is not None:
                    if exact_total != list_total:
                        raise SystemExit(f"MISMATCH size {size} trains {trains_text} seed {seed}: "
                                         f"exact {exact_total}, lists {list_total}")
                    ratios.append(list_s / max(exact_s, 1e-6))
                if exact_s is None:
                    exact_out.append(exact_note)
                else:
                    exact_times.append(exact_s)
                if list_s is None:
                    list_out.append(list_note)
                else:
                    list_times.append(list_s)
                if size == 60 and len(trains) == 3:
                    if exact_s is None:
                        goal_unfinished += 1
                    else:
                        goal.append(exact_s)
            ratio = f"{statistics.median(ratios):9.1f}x" if ratios else f"{'-':>10}"
            print(f"{size:>5} {trains_text:<8} {fmt(exact_times)} {len(exact_out):>10}   "
                  f"{fmt(list_times)} {len(list_out):>10}  {ratio}"
                  + (f"   ({', '.join(sorted(set(list_out)))})" if list_out else ""), flush=True)
    if goal or goal_unfinished:
        worst = f"{max(goal):.3f} s" if goal else "-"
        print(f"goal, three trains on 60 stops under 1 s: worst exact {worst} over {len(goal)} finished runs, "
              f"{goal_unfinished} unfinished")
    print(f"bench time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
