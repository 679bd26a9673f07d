"""Checkers tools: `tablegames checkers perft DEPTH [--fen FEN] [--divide] [--count-duplicates]`."""

from __future__ import annotations

import argparse
import sys
import time

from tablegames.checkers.pdn import INITIAL_FEN, parse_fen


def add_commands(subparsers) -> None:
    perft_parser = subparsers.add_parser(
        "perft",
        help="count the leaves of the move tree (checks the move generator, measures its speed)",
        description="Count the positions DEPTH plies from a position; a multi-jump is one move.",
    )
    perft_parser.add_argument("depth", type=int, help="plies to look ahead (0-30)")
    perft_parser.add_argument(
        "--fen", default=INITIAL_FEN, help="start position as a PDN FEN (default: the initial one)"
    )
    perft_parser.add_argument("--divide", action="store_true", help="print the count below each first move")
    perft_parser.add_argument(
        "--count-duplicates",
        action="store_true",
        help="count a king's capture ring taken both ways as two moves (Bik, Cake); default: once (DCTL)",
    )
    perft_parser.set_defaults(run=run_perft)


def run_perft(args: argparse.Namespace) -> int:
    from tablegames.checkers import engine

    if not 0 <= args.depth <= 30:
        print(f"error: depth {args.depth} is not 0-30", file=sys.stderr)
        return 2
    try:
        position = parse_fen(args.fen)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    engine.warmup()
    started = time.perf_counter()
    if args.divide and args.depth >= 1:
        total = 0
        for move, count in position.divide(args.depth, args.count_duplicates):
            print(f"{move.notation:>12} {count:>14,}")
            total += count
    else:
        total = position.perft(args.depth, args.count_duplicates)
    elapsed = time.perf_counter() - started
    print(f"perft({args.depth}) = {total}")
    rate = total / elapsed if elapsed > 0 else float("inf")
    print(f"time {elapsed:.3f} s, {rate / 1e6:.1f} million leaves/s")
    return 0
