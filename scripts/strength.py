"""The checkers strength ladder: our levels against py-draughts' SimpleEngine, level 10 against itself with ten
times the nodes, and level 10 with its endgame database and opening book against level 10 without them, over
three-move-ballot openings with both colours.

Every game starts from a ballot opening; py-draughts moves at a fixed time a move (--seconds), our deepening levels
(9, 10) get the same time a move, the others play as they do in the window. Every move of every game is checked
against both rule sets (our legal moves against py-draughts' with captures forced): a disagreement is a bug and
is listed. A game ends by the rules (no move, the 40-move rule, a threefold repetition) or at 200 plies (a draw).

    .venv/bin/python scripts/strength.py [--levels 2,4,6,8,10] [--openings 10] [--seconds 1.5] [--seed 1]
        [--workers N] [--tenfold] [--knowledge] [--node-scale 0.05] [--markdown PATH]

--tenfold and --knowledge play without clocks (node budgets: the same games on every machine); --levels '' plays
only them. The database is the one in the user data folder (`tablegames checkers endgame build`).
"""

from __future__ import annotations

import argparse
import atexit
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

from pydraughts import DraughtsEngine, draughts_python, move_of, our_paths
from tablegames.checkers.engine import BLACK
from tablegames.checkers.levels import DEEPENING, level_info, play_move
from tablegames.checkers.openings import BALLOT, choose_openings
from tablegames.core.arguments import number_between, seed_number, whole_number, writable_file
from tablegames.core.fanout import add_fanout_options, fanout_from
from tablegames.core.files import write_atomic
from tablegames.core.progress import Progress

MAX_PLIES = 200
WIN, DRAW, LOSS = "win", "draw", "loss"


@dataclass(frozen=True)
class GameSpec:
    """One game: our `level` (or level 10 at `node_scale` when `tenfold`) with Black (`ours_black`) or White,
    from ballot opening `opening` (its index in BALLOT)."""

    level: int
    opening: int
    ours_black: bool
    seconds: float
    seed: int
    tenfold: bool = False
    node_scale: float = 0.05
    knowledge: bool = False  # level 10 with its book and database (ours) against level 10 without


@dataclass(frozen=True)
class GameResult:
    spec: GameSpec
    outcome: str  # for our side (in a tenfold game: for the level with the tenth of the nodes)
    plies: int
    disagreements: tuple[str, ...]


_opponent: DraughtsEngine | None = None


def opponent() -> DraughtsEngine:
    """This process's py-draughts (started on first use, ended with the process)."""
    global _opponent
    if _opponent is None:
        python = draughts_python()
        if python is None:
            raise RuntimeError("py-draughts could not be installed")
        _opponent = DraughtsEngine(python)
        atexit.register(_opponent.close)
    return _opponent


def play_game(spec: GameSpec) -> GameResult:
    game = BALLOT[spec.opening].game()
    disagreements: list[str] = []
    self_play = spec.tenfold or spec.knowledge
    level = level_info(10 if self_play else spec.level)
    if level.kind == DEEPENING and not self_play:
        level = replace(level, time_limit=spec.seconds)
    if spec.tenfold:  # the other side: ten times the nodes
        other = replace(level, node_budget=level.node_budget * 10)
    else:  # the other side: no book, no database
        other = replace(level, book=False, endgame=False)
    while game.outcome() is None and len(game.moves) < MAX_PLIES:
        position = game.position
        ours_to_move = (position.turn == BLACK) == spec.ours_black
        history = game.positions[:-1]
        if self_play:
            chosen = level if ours_to_move else other
            move = play_move(position, chosen, spec.seed, history=history, node_scale=spec.node_scale,
                             use_clock=False)
        elif ours_to_move:
            move = play_move(position, level, spec.seed, history=history)
            their_legal = opponent().legal_paths(position)
            if their_legal != our_paths(position):
                disagreements.append(f"{position.fen}: ours {sorted(our_paths(position))}, py-draughts "
                                     f"{sorted(their_legal)}")
        else:
            path, their_legal = opponent().best_move(position, spec.seconds)
            if their_legal != our_paths(position):
                disagreements.append(f"{position.fen}: ours {sorted(our_paths(position))}, py-draughts "
                                     f"{sorted(their_legal)}")
            try:
                move = move_of(position, path)
            except ValueError as error:
                disagreements.append(f"py-draughts played an illegal move: {error}")
                break
        game.play(move)
    over = game.outcome()
    if over is None or over.winner is None:
        outcome = DRAW
    else:
        outcome = WIN if (over.winner == BLACK) == spec.ours_black else LOSS
    return GameResult(spec, outcome, len(game.moves), tuple(disagreements))


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, outcome: str) -> None:
        if outcome == WIN:
            self.wins += 1
        elif outcome == DRAW:
            self.draws += 1
        else:
            self.losses += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / max(1, self.games)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="2,4,6,8,10", help="our levels against py-draughts (default 2,4,6,8,10)")
    parser.add_argument("--openings", type=whole_number(1, 156), default=10,
                        help="ballot openings, each played with both colours (default 10)")
    parser.add_argument("--seconds", type=number_between(0.05, 60.0), default=1.5,
                        help="py-draughts' time a move, and our deepening levels' (default 1.5)")
    parser.add_argument("--seed", type=seed_number, default=1, help="seed of the openings' choice (default 1)")
    parser.add_argument("--tenfold", action="store_true",
                        help="also level 10 against level 10 with ten times the nodes (no clocks)")
    parser.add_argument("--knowledge", action="store_true",
                        help="also level 10 with its opening book and endgame database against level 10 without")
    parser.add_argument("--node-scale", type=number_between(0.001, 10.0), default=0.05,
                        help="level 10's node budgets in --tenfold (and ten times it) and --knowledge (default 0.05)")
    add_fanout_options(parser, "games")
    parser.add_argument("--markdown", type=writable_file, default=None, help="also write the table as Markdown")
    args = parser.parse_args()
    try:
        levels = [int(text) for text in args.levels.split(",") if text.strip()]
        if not levels and not (args.tenfold or args.knowledge):
            raise ValueError("no level")
        for level in levels:
            level_info(level)
    except ValueError as error:
        parser.error(f"--levels {args.levels}: {error} (expected numbers 1-10, comma-separated)")
    if levels and draughts_python() is None:
        return 1
    openings = [BALLOT.index(opening) for opening in choose_openings(args.openings, args.seed)]
    specs = [GameSpec(level, opening, black, args.seconds, args.seed) for level in levels for opening in openings
             for black in (True, False)]
    if args.tenfold:
        specs += [GameSpec(10, opening, black, args.seconds, args.seed, True, args.node_scale) for opening in openings
                  for black in (True, False)]
    if args.knowledge:
        specs += [GameSpec(10, opening, black, args.seconds, args.seed, False, args.node_scale, True)
                  for opening in openings for black in (True, False)]
    started = time.perf_counter()
    tallies: dict[str, Tally] = {}
    plies: dict[str, int] = {}
    disagreements: list[str] = []
    with fanout_from(args) as fanout, Progress(len(specs), "strength", unit="games") as progress:
        for result in fanout.imap(play_game, specs, progress):
            scale = result.spec.node_scale
            if result.spec.tenfold:
                name = f"level 10 at {scale:g} of its nodes vs at {scale * 10:g}"
            elif result.spec.knowledge:
                name = f"level 10 with book and database vs without ({scale:g} of its nodes)"
            else:
                name = f"level {result.spec.level} vs py-draughts {args.seconds:g} s"
            tallies.setdefault(name, Tally()).add(result.outcome)
            plies[name] = plies.get(name, 0) + result.plies
            disagreements.extend(result.disagreements)
    command = "scripts/strength.py " + " ".join(sys.argv[1:])
    lines = ["| match | games | wins | draws | losses | score | plies a game |", "|---|---|---|---|---|---|---|"]
    for name, tally in tallies.items():
        lines.append(f"| {name} | {tally.games} | {tally.wins} | {tally.draws} | {tally.losses} | "
                     f"{tally.score:.1%} | {plies[name] / tally.games:.0f} |")
    summary = (f"{len(specs)} games from {len(openings)} ballot openings (seed {args.seed}), both colours, in "
               f"{time.perf_counter() - started:.0f} s; rule disagreements: {len(disagreements)}")
    print("\n".join(lines))
    print(summary)
    for line in disagreements[:20]:
        print("  disagreement:", line)
    if args.markdown:
        text = f"`.venv/bin/python {command}`\n\n" + "\n".join(lines) + f"\n\n{summary}\n"
        write_atomic(Path(args.markdown), text)
    return 0 if not disagreements else 1


if __name__ == "__main__":
    sys.exit(main())
