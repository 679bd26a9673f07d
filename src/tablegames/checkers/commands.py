"""Checkers tools:

- `tablegames checkers perft DEPTH [--fen FEN] [--divide] [--count-duplicates]`: DEPTH 0-20; Ctrl-C stops it
- `tablegames checkers train [--rounds R] [--openings N] [--depth D] [--seed S] [--workers W | --scheduler S]
  [--output PATH] [--report PATH]`: hill climbing from piece counting, writes the weights file (the user data
  folder's unless --output says where) and the learning report
- `tablegames checkers tournament [--pairs 2:1,3:2,...] [--openings N] [--seed S] [--workers W | --scheduler S]
  [--node-scale F] [--markdown PATH]`: level against level over ballot openings, prints the table

--workers runs the games on local worker processes, --scheduler on a Dask cluster (docs/cluster.md); the
results are the same bit for bit wherever they run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tablegames.checkers.pdn import INITIAL_FEN, parse_fen
from tablegames.core.arguments import positive_number, seed_number, whole_number, writable_file
from tablegames.core.fanout import add_fanout_options, fanout_from
from tablegames.core.places import data_folder

BALLOT_OPENINGS = 156  # the accepted openings of the three-move ballot (len(openings.ACCEPTED); a test checks)
# perft(16) from the start takes about a quarter of an hour at 170 million leaves a second, and each ply more
# about 4.5 times longer: perft(20) takes days, deeper would take months.
MAX_PERFT_DEPTH = 20


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    perft_parser = subparsers.add_parser(
        "perft",
        help="count the leaves of the move tree (checks the move generator, measures its speed)",
        description="Count the positions DEPTH plies from a position; a multi-jump is one move.",
    )
    perft_parser.add_argument("depth", type=whole_number(0, MAX_PERFT_DEPTH),
                              help=f"plies to look ahead, 0-{MAX_PERFT_DEPTH} (Ctrl-C stops a long count)")
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

    train_parser = subparsers.add_parser(
        "train",
        help="learn the evaluation weights by hill climbing from piece counting (seeded, reproducible)",
        description="Hill climbing against the champion from 'count the pieces'; the same command writes the "
        "same weights file.",
    )
    train_parser.add_argument("--method", choices=("hill", "td"), default="hill",
                              help="hill: hill climbing against the champion (default, the shipped weights); "
                              "td: TD(lambda) self-play")
    train_parser.add_argument("--games", type=whole_number(1, 1_000_000), default=400, help="self-play games for --method td (default 400)")
    train_parser.add_argument("--rounds", type=whole_number(1, 100_000), default=150, help="challengers tried (default 150)")
    train_parser.add_argument("--openings", type=whole_number(1, BALLOT_OPENINGS), default=20,
                              help="ballot openings per match, each played with both colours (default 20)")
    train_parser.add_argument("--depth", type=whole_number(1, 12), default=3,
                              help="search depth of the training games, 1-12 (default 3)")
    train_parser.add_argument("--seed", type=seed_number, default=7, help="seed of the noise and the openings (default 7)")
    add_fanout_options(train_parser, "training games")
    train_parser.add_argument("--output", type=writable_file, default=None,
                              help="weights file to write (default: checkers-weights.json, or checkers-weights-td.json "
                              "for TD(lambda), in the user data folder; the shipped weights are "
                              "src/tablegames/checkers/weights/checkers.json)")
    train_parser.add_argument("--report", type=writable_file, default=None,
                              help="also measure learned vs hand-tuned vs piece-count weights over fresh openings "
                              "and write the Markdown report here")
    train_parser.add_argument("--report-openings", type=whole_number(1, BALLOT_OPENINGS), default=60,
                              help="fresh openings per measured match (default 60; with --openings at most "
                              f"{BALLOT_OPENINGS} in all)")
    train_parser.set_defaults(run=run_train)

    tournament_parser = subparsers.add_parser(
        "tournament",
        help="play level N against level N-1 over three-move-ballot openings, colours swapped; print the table",
        description="Every pair plays each opening twice with colours swapped; node budgets, no clocks, so the "
        "table is reproducible.",
    )
    tournament_parser.add_argument("--pairs", default=None,
                                   help="pairs as N:M,N:M (default 2:1,3:2,...,10:9,10:8)")
    tournament_parser.add_argument("--openings", type=whole_number(1, BALLOT_OPENINGS), default=10,
                                   help="openings per pair (default 10)")
    tournament_parser.add_argument("--seed", type=seed_number, default=1, help="seed of the openings (default 1)")
    add_fanout_options(tournament_parser, "games")
    tournament_parser.add_argument("--node-scale", type=positive_number(1.0), default=0.05,
                                   help="scale of the node budgets of levels 9 and 10 (default 0.05)")
    tournament_parser.add_argument("--markdown", type=writable_file, default=None, help="also write the table as a Markdown report")
    tournament_parser.set_defaults(run=run_tournament_command)


def run_perft(args: argparse.Namespace) -> int:
    """Count on a thinker thread, so Ctrl-C (on this one) cancels the kernel and ends the command at once."""
    from tablegames.checkers import engine
    from tablegames.core.worker import run_until_interrupted

    try:
        position = parse_fen(args.fen)
    except ValueError as error:
        return _fail(str(error))
    engine.warmup_perft()
    started = time.perf_counter()
    if args.divide and args.depth >= 1:
        split = run_until_interrupted(lambda token: position.divide(args.depth, args.count_duplicates, token))
        for move, count in split:
            print(f"{move.notation:>12} {count:>14,}")
        total = sum(count for _, count in split)
    else:
        total = run_until_interrupted(lambda token: position.perft(args.depth, args.count_duplicates, token))
    elapsed = time.perf_counter() - started
    print(f"perft({args.depth}) = {total}")
    rate = total / elapsed if elapsed > 0 else float("inf")
    print(f"time {elapsed:.3f} s, {rate / 1e6:.1f} million leaves/s")
    return 0


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


TRAINED_WEIGHTS_NAMES = {"hill": "checkers-weights.json", "td": "checkers-weights-td.json"}


def default_weights_output(method: str) -> Path:
    """Where `train` writes without --output: the user data folder. Never the weights shipped in the package:
    a trial run must not change what levels 9 and 10 play (replacing them takes an explicit --output)."""
    return data_folder() / TRAINED_WEIGHTS_NAMES[method]


def run_train(args: argparse.Namespace) -> int:
    from tablegames.checkers import learning_report, train
    from tablegames.checkers.evaluate import format_weights
    from tablegames.checkers.tournament import warm_kernels
    from tablegames.core.files import write_atomic

    if args.method == "hill" and args.report and args.openings + args.report_openings > BALLOT_OPENINGS:
        return _fail(f"--openings {args.openings} and --report-openings {args.report_openings}: the report plays "
                     f"openings the training did not, so together at most {BALLOT_OPENINGS}")
    try:  # the default output is checked before the work, as --output is by its type
        output = args.output or writable_file(str(default_weights_output(args.method)))
    except argparse.ArgumentTypeError as error:
        return _fail(str(error))
    started = time.perf_counter()
    if args.method == "td":
        return _run_td(args, output, started)
    with fanout_from(args, warm_kernels) as fanout:
        run = train.hill_climb(args.rounds, args.openings, args.depth, args.seed, fanout=fanout)
        command = (f"tablegames checkers train --rounds {args.rounds} --openings {args.openings} "
                   f"--depth {args.depth} --seed {args.seed}")
        write_atomic(output, format_weights(run.weights, {"command": command, **run.settings}))
        print(f"{len(run.accepted_rounds)} of {args.rounds} challengers accepted in "
              f"{time.perf_counter() - started:.0f} s")
        print("weights: " + ", ".join(f"{k} {v:g}" for k, v in run.settings["result"].items()))
        print(f"wrote the weights to {output}")
        if args.report:
            shown = command + (f" --output {args.output}" if args.output else "")
            text = learning_report.build(run, shown, args.report_openings, fanout)
            write_atomic(args.report, text)
            print(f"wrote the report to {args.report}")
    return 0


def _run_td(args: argparse.Namespace, output: str, started: float) -> int:
    from tablegames.checkers import learning_report, train
    from tablegames.checkers.evaluate import HAND_TUNED, PIECE_COUNT, format_weights
    from tablegames.checkers.tournament import warm_kernels
    from tablegames.core.files import write_atomic

    run = train.td_lambda(args.games, args.depth, args.seed)
    command = f"tablegames checkers train --method td --games {args.games} --depth {args.depth} --seed {args.seed}"
    write_atomic(output, format_weights(run.weights, {"command": command, **run.settings}))
    print(f"{args.games} self-play games in {time.perf_counter() - started:.0f} s")
    print("weights: " + ", ".join(f"{k} {v:g}" for k, v in run.settings["result"].items()))
    print(f"wrote the weights to {output}")
    matches = [("TD(lambda)", run.weights, "hand-tuned", HAND_TUNED),
               ("TD(lambda)", run.weights, "piece counting", PIECE_COUNT)]
    with fanout_from(args, warm_kernels) as fanout:
        measured = train.measure(matches, args.report_openings, learning_report.MEASURE_DEPTH,
                                 learning_report.MEASURE_SEED, fanout=fanout)
    for first, second, games, score in measured:
        print(f"{first} vs {second}: {100 * score:.1f}% over {games} games (depth {learning_report.MEASURE_DEPTH})")
    return 0


def parse_pairs(text: str) -> list[tuple[int, int]]:
    """'10:9,10:8' -> [(10, 9), (10, 8)]; ValueError naming the bad part."""
    pairs = []
    for part in text.split(","):
        try:
            level, opponent = (int(x) for x in part.split(":"))
        except ValueError:
            raise ValueError(f"pair {part!r} in --pairs is not N:M (two levels 1-10)") from None
        if not (1 <= level <= 10 and 1 <= opponent <= 10) or level == opponent:
            raise ValueError(f"pair {part!r} in --pairs needs two different levels 1-10")
        pairs.append((level, opponent))
    return pairs


def run_tournament_command(args: argparse.Namespace) -> int:
    from tablegames.checkers import tournament
    from tablegames.checkers.tournament import warm_kernels
    from tablegames.core.files import write_atomic

    try:
        pairs = parse_pairs(args.pairs) if args.pairs else list(tournament.DEFAULT_PAIRS)
        started = time.perf_counter()
        with fanout_from(args, warm_kernels) as fanout:
            results = tournament.run_tournament(pairs, args.openings, args.seed, fanout, args.node_scale)
    except ValueError as error:
        return _fail(str(error))
    table = tournament.format_table(results)
    print(table)
    print(f"{sum(r.games for r in results)} games in {time.perf_counter() - started:.0f} s")
    if args.markdown:
        command = (f"tablegames checkers tournament --openings {args.openings} --seed {args.seed} "
                   f"--node-scale {args.node_scale:g}" + (f" --pairs {args.pairs}" if args.pairs else ""))
        write_atomic(args.markdown, tournament.format_report(results, command, args.openings, args.seed,
                                                             args.node_scale))
        print(f"wrote {args.markdown}")
    return 0
