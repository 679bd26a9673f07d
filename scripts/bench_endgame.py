"""Checkers endgame database speed: the build's rate (positions solved a second, both sides to move) on the slices
of up to 4 pieces, the lookups a second of the search's probe, and the search's speed in a 6-piece middle of an
ending with and without the database (a 5-piece build is looked for in the user data folder; without it only the
first two figures are printed), and won 5-piece endings played out by level 9 with and without it. perft(9) is measured in the same run as a gauge of how busy the machine is.

    .venv/bin/python scripts/bench_endgame.py [--pieces 4]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
from numba import njit

from tablegames.checkers.endgame import build, index, storage
from tablegames.checkers.endgame.index import WIN
from tablegames.checkers.endgame.probe import EndgameDatabase
from tablegames.checkers.evaluate import learned_weights
from tablegames.checkers.game import CheckersGame
from tablegames.checkers.levels import LEVELS, play_move
from tablegames.checkers.pdn import parse_fen
from tablegames.checkers.position import Position
from tablegames.checkers.search import search

ENDING = "W:W10,19,K27:BK4,K31,K32"
LONG_CONVERSION = 25  # plies: the won starts played out need at least this long a drive before a capture  # six pieces: every capture leads into the 5-piece database


@njit(cache=True)
def _probe_many(boards: np.ndarray, packed: np.ndarray, table: np.ndarray) -> int:
    total = 0
    for i in range(boards.shape[0]):
        total += index.probe_value(boards[i, 0], boards[i, 1], boards[i, 2], boards[i, 3], packed, table)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pieces", type=int, choices=(3, 4), default=4, help="build up to this many pieces (3-4)")
    parser.add_argument("--games", type=int, default=20, help="won 5-piece starts to play out (default 20)")
    args = parser.parse_args()
    build.warmup()
    started = time.perf_counter()
    leaves = Position.initial().perft(9)
    print(f"gauge: perft(9) at {leaves / (time.perf_counter() - started) / 1e6:.0f} M leaves/s")
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        reports = build.build_database(Path(folder), args.pieces, np.zeros(1, dtype=np.int32))
        seconds = time.perf_counter() - started
        positions = sum(r.positions for r in reports)
        print(f"build up to {args.pieces} pieces: {positions:,} positions in {seconds:.1f} s, "
              f"{positions / seconds / 1e6:.2f} M positions/s")
        database = EndgameDatabase.load(Path(folder))
        assert database is not None
        rng = np.random.default_rng(1)
        material = (0, 2, 0, 2) if args.pieces == 4 else (0, 2, 0, 1)
        size = index.slice_size(*material)
        rows = []
        board = np.zeros(3, dtype=np.int64)
        while len(rows) < 1_000_000:
            if index.index_position(int(rng.integers(size)), *material, board):
                rows.append((board[0], board[1], board[2], int(rng.integers(2))))
        boards = np.array(rows, dtype=np.int64)
        _probe_many(boards[:10], database.packed, database.table)
        started = time.perf_counter()
        _probe_many(boards, database.packed, database.table)
        print(f"probe: {len(boards) / (time.perf_counter() - started) / 1e6:.1f} M lookups/s")
    five = EndgameDatabase.load(storage.default_folder())
    if five is None or five.max_pieces < 5:
        print("no 5-piece database in the user data folder: tablegames checkers endgame build")
        return
    position = parse_fen(ENDING)
    for label, database in (("without the database", None), ("with the 5-piece database", five)):
        result = search(position, learned_weights(), 40, 3_000_000, endgame=database)
        print(f"search {ENDING} {label}: depth {result.depth}, score {result.score}, "
              f"{result.nodes / result.seconds / 1e6:.1f} M nodes/s, move {result.move.notation}")
    conversions(five, args.games)


def conversions(database: EndgameDatabase, games: int) -> None:
    """Won 5-piece positions converting in LONG_CONVERSION plies or more (the winner to move, the counter at 0)
    played out by level 9 against level 10, with
    and without the winner's database (the loser keeps its own): how many the winner converts."""
    rng = np.random.default_rng(7)
    board = np.zeros(3, dtype=np.int64)
    starts = []
    materials = [(0, 3, 0, 2), (1, 2, 0, 2), (0, 3, 1, 1), (2, 1, 0, 2), (0, 2, 2, 1)]
    while len(starts) < games:
        material = materials[len(starts) % len(materials)]
        if not index.index_position(int(rng.integers(index.slice_size(*material))), *material, board):
            continue
        position = Position(int(board[0]), int(board[1]), int(board[2]), int(rng.integers(2)))
        if database.value(position.black, position.white, position.kings, position.turn) == WIN and \
                len(position.legal_moves()) > 1 and \
                database.depth(position.black, position.white, position.kings, position.turn) >= LONG_CONVERSION:
            starts.append(position)
    for uses_database in (True, False):
        winner_level = replace(LEVELS[8], endgame=uses_database)
        converted, plies = 0, []
        started = time.perf_counter()
        for position in starts:
            game = CheckersGame(position)
            winner = position.turn
            while game.outcome() is None:
                level = winner_level if game.position.turn == winner else LEVELS[9]
                game.play(play_move(game.position, level, 1, history=game.positions[:-1], node_scale=0.05,
                                    use_clock=False))
            outcome = game.outcome()
            if outcome is not None and outcome.winner == winner:
                converted += 1
                plies.append(len(game.moves))
        print(f"level 9 {'with' if uses_database else 'without'} the database against level 10 (with it), "
              f"{games} won 5-piece starts: {converted} converted (longest {max(plies, default=0)} plies), "
              f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
