"""Checkers alpha-beta speed: nodes per second from several middlegame positions at a fixed depth (full
eight-fact evaluation, 1 M-slot transposition table, iterative deepening as the levels run it), the time to
reach depth 14 from the start, and level 10's depth in its budget. As a load gauge for this shared machine,
perft(9) leaves/s of the move generator is measured in the same run, and the search's rate is given as a ratio
to it. Rates are per CPU second of the searching thread (a shared machine's other jobs slow the wall clock, not
the work done); the level-10 line is wall time, as a player waits it.

    .venv/bin/python scripts/bench_search.py [--depth 14] [--repeats 2]
"""

from __future__ import annotations

import argparse
import time

from tablegames.checkers import engine, search_kernels
from tablegames.checkers.evaluate import HAND_TUNED, learned_weights
from tablegames.checkers.position import Position
from tablegames.checkers.search import search

MIDDLEGAMES = (
    "B:W18,22,23,27,28,30,31,32:B2,3,4,8,9,10,11,20",
    "B:W13,18,20,24,27,29,30,31:B2,4,6,9,10,11,12,16",
    "B:W12,13,16,17,21,29,30:B4,6,7,10,14,15,19",
    "W:W14,17,21,22,23,25,26,27,29,31:B1,2,3,5,6,7,9,10,11,16",
    "B:W20,21,29,31,K3,K19:B11,12,24,K28",
)
GOAL_NODES_PER_SECOND = 6e6


def perft_rate(repeats: int) -> float:
    start = Position.initial()
    best = 0.0
    for _ in range(repeats):
        started = time.thread_time()
        leaves = start.perft(9)
        best = max(best, leaves / max(time.thread_time() - started, 1e-9))
    return best


def best_of(repeats: int, position: Position, depth: int) -> tuple[int, float]:
    """(nodes, CPU seconds) of the fastest of `repeats` fixed-depth searches (hand-tuned evaluation)."""
    runs = []
    for _ in range(repeats):
        started = time.thread_time()
        result = search(position, HAND_TUNED, depth, 1 << 62)
        runs.append((result.nodes, max(time.thread_time() - started, 1e-9)))
    return min(runs, key=lambda run: run[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=14, help="fixed depth for the middlegame positions")
    parser.add_argument("--repeats", type=int, default=2, help="runs per measurement (the best is kept)")
    args = parser.parse_args()
    engine.warmup()
    search_kernels.warmup()
    gauge = perft_rate(args.repeats)
    print(f"gauge: perft(9) {gauge / 1e6:.0f} M leaves a CPU second")
    print(f"{'position':<60} {'depth':>5} {'nodes':>12} {'seconds':>8} {'M nodes/s':>10}")
    total_nodes, total_seconds = 0, 0.0
    for fen in MIDDLEGAMES:
        nodes, seconds = best_of(args.repeats, Position.from_fen(fen), args.depth)
        total_nodes += nodes
        total_seconds += seconds
        print(f"{fen:<60} {args.depth:>5} {nodes:>12,} {seconds:>8.3f} {nodes / seconds / 1e6:>10.2f}")
    rate = total_nodes / total_seconds
    verdict = "meets" if rate >= GOAL_NODES_PER_SECOND else "below"
    print(f"all middlegames: {rate / 1e6:.2f} M nodes a CPU second ({verdict} the goal of "
          f"{GOAL_NODES_PER_SECOND / 1e6:.0f} M; {rate / gauge:.3f} of the perft rate)")
    nodes, seconds = best_of(args.repeats, Position.initial(), 14)
    print(f"start position to depth 14: {seconds:.3f} CPU s, {nodes:,} nodes, {nodes / seconds / 1e6:.2f} M nodes a "
          f"CPU second")
    level_10 = search(Position.initial(), learned_weights(), 40, 20_000_000, time_limit=4.0)
    print(f"level 10 from the start: depth {level_10.depth}, {level_10.nodes:,} nodes in {level_10.seconds:.2f} s")


if __name__ == "__main__":
    main()
