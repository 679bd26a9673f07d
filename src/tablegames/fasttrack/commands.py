"""Fast Track tools: show a seed's deals, play seeded random games, computer games and experiments.

- `deal`, `random`: the rules core;
- `games --count N --seed S --digest`: four-computer games in the compiled kernels and one digest of every move;
- `experiment --strategy NAME`: red plays NAME against three champions, paired with the champion on the same deals
  (or with `--baseline OTHER` in red's seat);
- `levels --seeds N`: every computer level plays red against three champions (the table's difficulty levels);
  `games` and `experiment` run on local worker processes with --workers N, on a Dask cluster with --scheduler
  (docs/cluster.md), with the same results (and digest) bit for bit;
- `playout --seed S --decision K`: one decision of a champion game measured by playouts;
- `square-values [--check]`: regenerate the square values file from the ranking (or check it is up to date).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from tablegames.core.arguments import seed_number, whole_number
from tablegames.core.fanout import add_fanout_options, fanout_from
from tablegames.core.files import write_atomic
from tablegames.core.rng import make_rng

from .board import COLOURS, MAX_ZONES, MIN_ZONES
from .cards import DECK_SIZE, RANK_NAMES, shuffled_deck
from .game import FastTrackGame, Partnership

MAX_GAMES = 1_000_000  # a run this long takes hours; more is a typo (each game preallocates its log)
MAX_PLAYOUTS = 4096  # the expert's deals a line: 4096 already takes seconds a decision


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deal = subparsers.add_parser("deal", help="show each seat's shuffled deck for a game seed")
    deal.add_argument("--seed", type=seed_number, default=0, help="game seed, 0 to 2^32-1 (default 0)")
    deal.add_argument("--players", type=whole_number(MIN_ZONES, MAX_ZONES), default=4, help=f"{MIN_ZONES}-{MAX_ZONES} players (default 4)")
    deal.add_argument("--cards", type=whole_number(0, DECK_SIZE), default=10, help="cards to show from the top (default 10)")
    deal.set_defaults(run=run_deal)

    play = subparsers.add_parser("random", help="play seeded random games and report the winners")
    play.add_argument("--seed", type=seed_number, default=0, help="first game seed, 0 to 2^32-1 (default 0)")
    play.add_argument("--games", type=whole_number(1, MAX_GAMES), default=10, help="number of games (default 10)")
    play.add_argument(
        "--partnership", choices=[p.name.lower() for p in Partnership], default="solo", help="default solo"
    )
    play.set_defaults(run=run_random)

    games = subparsers.add_parser("games", help="play four-computer games (compiled) and report them")
    games.add_argument("--count", type=whole_number(1, MAX_GAMES), default=200, help="number of games (default 200)")
    games.add_argument("--seed", type=seed_number, default=0, help="first game seed, 0 to 2^32-1 (default 0)")
    games.add_argument("--red", default="champion", help="red's strategy (default champion; the others play champion)")
    games.add_argument("--digest", action="store_true", help="print one digest of every move of every game")
    games.add_argument("--cards", action="store_true", help="print which cards the winners used")
    add_fanout_options(games, "games")
    games.set_defaults(run=run_games)

    experiment = subparsers.add_parser("experiment", help="red plays a strategy against three champions, paired")
    experiment.add_argument("--strategy", default="champion", help="red's strategy (default champion)")
    experiment.add_argument("--baseline", default="champion",
                            help="what red plays on the same deals to compare with (default champion; others champions)")
    experiment.add_argument("--seeds", type=whole_number(1, MAX_GAMES), default=50, help="seeds, each dealt four times (default 50)")
    experiment.add_argument("--first-seed", type=seed_number, default=0, help="first seed, 0 to 2^32-1 (default 0)")
    add_fanout_options(experiment, "games")
    experiment.add_argument("--playouts", type=whole_number(1, MAX_PLAYOUTS), default=None,
                            help=f"the expert's sampled deals a candidate line, 1-{MAX_PLAYOUTS} (default its own)")
    experiment.add_argument("--partnership", choices=[p.name.lower() for p in Partnership], default="solo",
                            help="solo (default), or red and green play the strategy as a team against two champions")
    experiment.set_defaults(run=run_experiment)

    levels = subparsers.add_parser("levels", help="every computer level plays red against three champions, paired")
    levels.add_argument("--seeds", type=whole_number(1, MAX_GAMES), default=250, help="seeds, each dealt four times (default 250)")
    levels.add_argument("--first-seed", type=seed_number, default=0, help="first seed, 0 to 2^32-1 (default 0)")
    add_fanout_options(levels, "games")
    levels.add_argument("--mistakes", type=whole_number(0, MAX_GAMES), default=0,
                        help="also set each level's lines beside the champion's in this many games (default 0)")
    levels.set_defaults(run=run_levels)

    playout = subparsers.add_parser("playout", help="measure one decision of a champion game by playouts")
    playout.add_argument("--seed", type=seed_number, default=69, help="game seed (default 69)")
    playout.add_argument("--decision", type=whole_number(0, 10_000), default=10, help="the decision of the game to measure (default 10)")
    playout.add_argument("--lines", type=whole_number(1, 100), default=4, help="candidate lines, best first (default 4)")
    playout.add_argument("--count", type=whole_number(1, MAX_GAMES), default=200, help="playouts a line (default 200)")
    playout.set_defaults(run=run_playout)

    values = subparsers.add_parser("square-values", help="regenerate the square values file from the ranking")
    values.add_argument("--check", action="store_true", help="only check that the file is up to date")
    values.set_defaults(run=run_square_values)


def fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def run_deal(args: argparse.Namespace) -> int:
    if not MIN_ZONES <= args.players <= MAX_ZONES:
        return fail(f"--players: expected {MIN_ZONES}-{MAX_ZONES}, got {args.players}")
    for seat in range(args.players):
        deck, _ = shuffled_deck(args.seed, seat)
        print(f"{COLOURS[seat]:>7}: {' '.join(RANK_NAMES[c] for c in deck[: args.cards])}")
    return 0


def run_random(args: argparse.Namespace) -> int:
    if args.games < 1:
        return fail(f"--games: expected at least 1, got {args.games}")
    partnership = Partnership[args.partnership.upper()]
    for seed in range(args.seed, args.seed + args.games):
        game = FastTrackGame(seed, partnership=partnership)
        rng = make_rng(seed, "fasttrack", "random-play")
        while not game.is_terminal():
            actions = game.legal_actions()
            game.apply_action(actions[int(rng.integers(len(actions)))])
        winners = " and ".join(COLOURS[s] for s in game.winners)
        print(f"seed {seed}: {winners} after {len(game.actions)} actions")
    return 0


def run_games(args: argparse.Namespace) -> int:
    from tablegames.core.progress import Progress

    from .experiments import card_statistics, play_many, warm_kernels
    from .strategy import CHAMPION, strategy_named

    if args.count < 1:
        return fail(f"--count: expected at least 1, got {args.count}")
    try:
        red = strategy_named(args.red)
    except ValueError as error:
        return fail(f"--red: {error}")
    seeds = list(range(args.seed, args.seed + args.count))
    with fanout_from(args, warm_kernels) as fanout:
        if args.workers == 1 and args.scheduler is None:
            warm_kernels()  # compiles the kernels on a first run, then loads them: not part of the games' time
        start = time.perf_counter()
        with Progress(len(seeds), "games") as progress:
            games = play_many(seeds, [0] * len(seeds), (red, CHAMPION, CHAMPION, CHAMPION), fanout=fanout,
                              progress=progress)
        elapsed = time.perf_counter() - start
    wins = np.bincount(games.winners[games.winners >= 0], minlength=4)
    print(f"{args.count} games (seeds {seeds[0]}..{seeds[-1]}), red {red.name}, others champion: "
          f"{elapsed:.2f} s, {np.mean(games.turns):.1f} turns a game")
    print("wins: " + ", ".join(f"{COLOURS[s]} {wins[s]} ({100 * wins[s] / args.count:.1f}%)" for s in range(4)))
    if args.cards:
        print(card_statistics(games))
    if args.digest:
        print(f"digest {games.digest()}")
    return 0


def run_experiment(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from tablegames.core.progress import Progress

    from .experiments import compare, warm_kernels
    from .strategy import strategy_named

    if args.seeds < 1:
        return fail(f"--seeds: expected at least 1, got {args.seeds}")
    try:
        strategy = strategy_named(args.strategy)
    except ValueError as error:
        return fail(f"--strategy: {error}")
    try:
        baseline = strategy_named(args.baseline)
    except ValueError as error:
        return fail(f"--baseline: {error}")
    if args.playouts is not None:
        if not strategy.playouts:
            return fail(f"--playouts: only for the expert, not {strategy.name}")
        if not 1 <= args.playouts <= MAX_PLAYOUTS:
            return fail(f"--playouts: expected 1-{MAX_PLAYOUTS}, got {args.playouts}")
        strategy = replace(strategy, name=f"{strategy.name} ({args.playouts} playouts a line)", playouts=args.playouts)
    partnership = int(Partnership[args.partnership.upper()])
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    start = time.perf_counter()
    with fanout_from(args, warm_kernels) as fanout, Progress(len(seeds) * 4, "experiment") as progress:
        result = compare(strategy, seeds, fanout=fanout, progress=progress, partnership=partnership,
                         baseline=baseline)
    print(result.report())
    print(f"({args.seeds} seeds x 4 rotations, {time.perf_counter() - start:.1f} s)")
    return 0


def run_levels(args: argparse.Namespace) -> int:
    from tablegames.core.progress import Progress

    from .experiments import warm_kernels
    from .levels import levels_table, measure_levels, mistakes, mistakes_table
    from .strategy import LEVEL_TEMPERATURES

    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    start = time.perf_counter()
    with fanout_from(args, warm_kernels) as fanout, Progress(len(seeds) * 4 * len(LEVEL_TEMPERATURES), "levels") as progress:
        results = measure_levels(seeds, fanout=fanout, progress=progress)
    print(levels_table(results))
    print(f"({args.seeds} seeds x 4 rotations a level, {time.perf_counter() - start:.1f} s)")
    if args.mistakes:
        games = list(range(args.first_seed, args.first_seed + args.mistakes))
        print()
        print(mistakes_table([mistakes(level, games) for level in LEVEL_TEMPERATURES if level != "champion"]))
        print(f"(red's decisions in {len(games)} games, seeds {games[0]}..{games[-1]}, against three champions)")
    return 0


def run_playout(args: argparse.Namespace) -> int:
    from .experiments import playouts
    from .game import Phase
    from .search import plan_turn, search_line

    if args.decision < 0 or args.lines < 1 or args.count < 1:
        return fail("--decision: expected 0 or more; --lines and --count: expected at least 1")
    game = FastTrackGame(args.seed)
    decisions = 0
    while not game.is_terminal():
        if game.phase != Phase.DONE:
            if decisions == args.decision:
                break
            decisions += 1
        for code in plan_turn(game):
            game.click(code)
    if game.is_terminal():
        return fail(f"--decision: game {args.seed} has {decisions} decisions, expected a number below {decisions}")
    result = search_line(game, keep=args.lines)
    hand = " ".join(RANK_NAMES[c] for c in game.hand())
    print(f"seed {args.seed}, decision {args.decision}: {COLOURS[game.seat]} to play with {hand}")
    print(f"pieces: {', '.join(f'{sq}={c}' for sq, c in game.pieces().items() if '.HP' not in sq)}")
    for outcome in playouts(game, result.alternatives, args.count, seed=args.seed):
        clicks = " ".join(game.action_to_string(c) if c >= 140 else game.layout.square_name(c)
                          if c < game.layout.size else f"trade {game.layout.square_name(c - 160)}"
                          for c in outcome.clicks)
        print(f"  score {outcome.score:6d}  wins {outcome.wins}/{outcome.games} "
              f"({100 * outcome.wins / outcome.games:.1f}%)  {clicks}")
    return 0


def run_square_values(args: argparse.Namespace) -> int:
    from .ranking import VALUES_PATH, values_text

    text = values_text()
    if args.check:
        current = VALUES_PATH.read_text(encoding="utf-8") if VALUES_PATH.exists() else ""
        if current != text:
            return fail(f"{VALUES_PATH} is out of date: run 'tablegames fasttrack square-values'")
        print(f"{VALUES_PATH} is up to date")
        return 0
    write_atomic(VALUES_PATH, text)
    print(f"wrote {VALUES_PATH}")
    return 0
