"""Checkers tools:

- `tablegames checkers perft DEPTH [--fen FEN] [--divide] [--count-duplicates]`: DEPTH 0-20; Ctrl-C stops it
- `tablegames checkers train [--rounds R] [--openings N] [--depth D] [--seed S] [--workers W | --scheduler S]
  [--output PATH] [--report PATH]`: hill climbing from piece counting, writes the weights file (the user data
  folder's unless --output says where) and the learning report
- `tablegames checkers tournament [--pairs 2:1,3:2,...] [--openings N] [--seed S] [--workers W | --scheduler S]
  [--node-scale F] [--markdown PATH]`: level against level over ballot openings, prints the table
- `tablegames checkers endgame build [--pieces N]`: solve the endgame database of up to N pieces (2-5) into the
  user data folder, resumable (Ctrl-C keeps the finished slices); `endgame probe --fen FEN`: one position's value
- `tablegames checkers book build [--nodes N] [--output PATH]`: levels 9-10's opening book, every move of the
  ballot's positions scored by a deep search, resumable
- `tablegames checkers review GAME.pdn [--game N] [--nodes N] [--output PATH]`: the engine's review of a game,
  every move's loss, mistakes (?) and blunders (??), and the annotated PDN

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

DEFAULT_REVIEW_NODES = 400_000  # analysis.DEFAULT_NODES (not imported here: the kernels load only when used)
BALLOT_OPENINGS = 156  # the accepted openings of the three-move ballot (len(openings.ACCEPTED); a test checks)
# perft(16) from the start takes about a quarter of an hour at 170 million leaves a second, and each ply more
# about 4.5 times longer: perft(20) takes days, deeper would take months.
MAX_PERFT_DEPTH = 20
MAX_ENDGAME_PIECES = 5  # 6 pieces: 1-2.5 hours, 2.2 GB on disk, 6 GB of memory (docs/checkers-endgame.md)
# positions solved a second on this 2-core machine (up to 5 pieces: 303 M positions in 203 s, other jobs running;
# 405 s with a second solver on the other core)
ENDGAME_POSITIONS_PER_SECOND = 1_000_000
BOOK_NODES = 2_000_000  # per move: depth 13-15 in the ballot positions (759 s for the book)
# Schaeffer et al., "Checkers is solved", Science 317 (2007), table 1: positions by number of pieces (arrangements
# of men and kings, one colour may be absent, the side to move not counted)
PUBLISHED_COUNTS = {1: 120, 2: 6_972, 3: 261_224, 4: 7_092_774, 5: 148_688_232, 6: 2_503_611_964}


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

    endgame_parser = subparsers.add_parser(
        "endgame",
        help="build the endgame database (win, loss or draw for every position of up to 5 pieces), or look one up",
        description="build: solve every position of up to --pieces pieces by retrograde analysis into the user "
        "data folder (resumable: a second run skips finished slices). probe: the value of --fen.",
    )
    endgame_parser.add_argument("action", choices=("build", "probe"), help="build the database, or probe a position")
    endgame_parser.add_argument("--pieces", type=whole_number(2, MAX_ENDGAME_PIECES), default=MAX_ENDGAME_PIECES,
                                help=f"build up to this many pieces, 2-{MAX_ENDGAME_PIECES} (default "
                                f"{MAX_ENDGAME_PIECES}: 3-7 minutes, 126 MB)")
    endgame_parser.add_argument("--fen", default=None, help="probe: the position, as a PDN FEN")
    endgame_parser.set_defaults(run=run_endgame)

    book_parser = subparsers.add_parser(
        "book",
        help="score every move of the three-move ballot's positions by a deep search: levels 9-10's opening book",
        description="Search each legal move of the 156 ballot openings' positions and those on the way to them; "
        "resumable (a second run skips the positions already scored with the same settings).",
    )
    book_parser.add_argument("action", choices=("build",), help="build the book")
    book_parser.add_argument("--nodes", type=whole_number(1_000, 1_000_000_000), default=BOOK_NODES,
                             help=f"search nodes per move, 1000-10^9 (default {BOOK_NODES:,}: about 13 minutes)")
    book_parser.add_argument("--output", type=writable_file, default=None,
                             help="book file to write (default: checkers-book.json in the user data folder; the "
                             "shipped book is src/tablegames/checkers/openingbook/checkers-book.json)")
    book_parser.set_defaults(run=run_book)

    review_parser = subparsers.add_parser(
        "review",
        help="the engine's review of a PDN game: what every move loses, mistakes (?) and blunders (??) marked",
        description="Search every position of the game (a node budget, so the review is the same everywhere), "
        "print each move's loss against the move the engine prefers, and write the game with a comment at every "
        "mistake.",
    )
    review_parser.add_argument("pdn", help="the PDN file")
    review_parser.add_argument("--game", type=whole_number(1, 1_000_000), default=1,
                               help="which game of the file, counting from 1 (default 1)")
    review_parser.add_argument("--nodes", type=whole_number(1_000, 1_000_000_000), default=DEFAULT_REVIEW_NODES,
                               help=f"nodes searched a position, 1000-1000000000 (default {DEFAULT_REVIEW_NODES})")
    review_parser.add_argument("--output", type=writable_file, default=None,
                               help="write the annotated game here (default: print it after the table)")
    review_parser.set_defaults(run=run_review)


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


def run_endgame(args: argparse.Namespace) -> int:
    if args.action == "probe":
        return _probe_endgame(args)
    if args.fen is not None:
        return _fail("--fen is for probe; build solves every position")
    return _build_endgame(args.pieces)


def _build_endgame(pieces: int) -> int:
    """Solve on a thinker thread, so Ctrl-C (on this one) stops the kernel within a few milliseconds; the slices
    already written stay, and the next run goes on from there."""
    import numpy as np

    from tablegames.checkers.endgame import build, index, storage
    from tablegames.core.progress import Progress
    from tablegames.core.worker import run_until_interrupted

    folder = storage.default_folder()
    left = build.positions_to_build(folder, pieces)
    print(f"endgame database of up to {pieces} pieces in {folder}")
    print(f"{left:,} positions to solve (both sides to move): about "
          f"{_duration(left / ENDGAME_POSITIONS_PER_SECOND)} at {ENDGAME_POSITIONS_PER_SECOND:,} a second")
    progress = np.zeros(1, dtype=np.int64)
    bar = Progress(left, "solving", unit="positions")
    started = time.perf_counter()

    def tick() -> None:
        bar.advance(int(progress[0]) - bar.done)

    def solve(token: object) -> list[build.SliceReport]:
        build.warmup()
        return build.build_database(folder, pieces, token.flag, progress)  # type: ignore[attr-defined]

    with bar:
        reports = run_until_interrupted(solve, tick=tick, interval=0.5)
        tick()
    built = [r for r in reports if not r.resumed]
    print(f"{len(built)} slices solved in {time.perf_counter() - started:.0f} s, "
          f"{len(reports) - len(built)} already there")
    print(f"{'pieces':>6} {'positions':>13} {'wins':>13} {'losses':>13} {'draws':>13} {'longest':>8}")
    summaries = build.summarise(folder, pieces)
    for row in summaries:
        print(f"{row.pieces:>6} {row.positions:>13,} {row.wins:>13,} {row.losses:>13,} {row.draws:>13,} "
              f"{row.longest:>8}")
    print("(positions: both colours on the board, each side to move; longest: plies to a capture or crowning)")
    for row in summaries:
        one_colour = index.published_count(row.pieces) - sum(index.arrangements(*m) for m in
                                                           index.slices_of(row.pieces))
        print(f"{row.pieces} pieces: {row.positions // 2:,} arrangements with both colours + {one_colour:,} with one "
              f"= {row.positions // 2 + one_colour:,} (Schaeffer et al. 2007, table 1: {PUBLISHED_COUNTS[row.pieces]:,})")
    size = sum(path.stat().st_size for path in folder.iterdir() if path.suffix in (".values", ".depths"))
    print(f"{size / 1e6:.1f} MB in {folder}")
    return 0


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def _probe_endgame(args: argparse.Namespace) -> int:
    from tablegames.checkers.endgame import storage
    from tablegames.checkers.endgame.index import DRAW, UNKNOWN, WIN
    from tablegames.checkers.endgame.probe import EndgameDatabase

    if args.fen is None:
        return _fail("probe needs --fen FEN")
    try:
        position = parse_fen(args.fen)
    except ValueError as error:
        return _fail(str(error))
    try:
        database = EndgameDatabase.load(storage.default_folder())
    except storage.EndgameFileError as error:
        return _fail(f"{error}; build it again with: tablegames checkers endgame build")
    if database is None:
        return _fail("no endgame database yet: tablegames checkers endgame build")
    value = database.value(position.black, position.white, position.kings, position.turn)
    if value == UNKNOWN:
        return _fail(f"{position.fen}: more pieces than the database holds ({database.max_pieces})")
    side = "Black" if position.turn == 0 else "White"
    if value == DRAW:
        print(f"{position.fen}: draw")
    else:
        depth = database.depth(position.black, position.white, position.kings, position.turn)
        print(f"{position.fen}: {side} to move {'wins' if value == WIN else 'loses'} "
              f"(the material changes within {depth} plies)")
    return 0


def run_book(args: argparse.Namespace) -> int:
    """Search on a thinker thread: Ctrl-C stops the search at once; the positions scored so far stay in the file."""
    from tablegames.checkers import book
    from tablegames.core.progress import Progress
    from tablegames.core.worker import run_until_interrupted

    try:  # the default output is checked before the work, as --output is by its type
        output = args.output or writable_file(str(data_folder() / "checkers-book.json"))
    except argparse.ArgumentTypeError as error:
        return _fail(str(error))
    positions = book.book_positions()
    moves = sum(len(p.legal_moves()) for p in positions)
    print(f"{len(positions)} positions, {moves:,} moves, {args.nodes:,} nodes a move, into {output}")
    bar = Progress(len(positions), "book", unit="positions")
    command = f"tablegames checkers book build --nodes {args.nodes}"
    started = time.perf_counter()
    scored = [0]
    finished = [0]

    def on_position(position: object, entry: object) -> None:  # on the thinker: the main thread draws the bar
        if entry is not None:
            scored[0] += 1
        finished[0] += 1

    def tick() -> None:
        bar.advance(finished[0] - bar.done)

    def task(token: object) -> object:
        return book.build_book(positions, args.nodes, token.flag, output, command,  # type: ignore[attr-defined]
                               on_position)

    with bar:
        run_until_interrupted(task, tick=tick, interval=0.5)
        tick()
    print(f"{scored[0]} positions scored in {time.perf_counter() - started:.0f} s, "
          f"{len(positions) - scored[0]} already there; wrote {output}")
    return 0


def run_review(args: argparse.Namespace) -> int:
    """Review one game of a PDN file on a thinker thread (Ctrl-C stops it), with progress a position at a time."""
    from tablegames.checkers.analysis import Budget, annotated_pdn, move_label, review_game, score_words
    from tablegames.checkers.pdn import read_pdn_file
    from tablegames.core.files import write_atomic
    from tablegames.core.progress import Progress
    from tablegames.core.worker import run_until_interrupted

    try:
        games = read_pdn_file(args.pdn)
    except ValueError as error:
        return _fail(str(error))
    if args.game > len(games):
        return _fail(f"{args.pdn}: --game {args.game}, but the file holds {len(games)} game"
                     f"{'s' if len(games) != 1 else ''}")
    game = games[args.game - 1]
    if not game.moves:
        return _fail(f"{args.pdn}: game {args.game} has no moves to review")
    if game.setups:
        return _fail(f"{args.pdn}: game {args.game} has positions set up during play (fun mode's events): it is "
                     "not one line of moves to review")
    progress = Progress(len(game.moves), "review", unit="moves")
    done = [0]

    def tick() -> None:
        progress.advance(done[0] - progress.done)

    started = time.perf_counter()
    with progress:
        reviews = run_until_interrupted(
            lambda token: review_game(game, Budget(nodes=args.nodes), token.flag,
                                      lambda finished, _total: done.__setitem__(0, finished)), tick)
        tick()
    print(f"{'move':>6}  {'played':<10} {'loss':>6}  {'best':<10} {'best score':>11}")
    for review in reviews:
        print(f"{move_label(game.start, review.index):>6}  {review.move.notation + review.glyph:<10} "
              f"{review.loss / 100:>6.2f}  {review.best.notation:<10} {score_words(review.best_score):>11}")
    mistakes = sum(1 for review in reviews if review.glyph == "?")
    blunders = sum(1 for review in reviews if review.glyph == "??")
    print(f"{len(reviews)} moves reviewed at {args.nodes:,} nodes a position in {time.perf_counter() - started:.1f} "
          f"s: {mistakes} mistake{'s' if mistakes != 1 else ''}, {blunders} blunder{'s' if blunders != 1 else ''}")
    text = annotated_pdn(game, reviews)
    if args.output is None:
        print()
        print(text, end="")
    else:
        write_atomic(Path(args.output), text)
        print(f"wrote {args.output}")
    return 0
