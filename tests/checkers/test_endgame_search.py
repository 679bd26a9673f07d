"""Levels 9 and 10 with the endgame database: they convert won endings, never lose drawn ones, respect the 40-move
counter; the weaker levels do not look at it; a missing or damaged database leaves them playing as before."""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.checkers import levels, search_kernels
from tablegames.checkers.endgame import index, probe, storage
from tablegames.checkers.endgame.index import DRAW, LOSS, WIN
from tablegames.checkers.evaluate import learned_weights
from tablegames.checkers.game import CheckersGame
from tablegames.checkers.levels import LEVELS, play_move, quiet_plies
from tablegames.checkers.pdn import parse_fen
from tablegames.checkers.position import Position
from tablegames.checkers.search import search


@pytest.fixture
def database(endgame_folder, monkeypatch) -> probe.EndgameDatabase:
    """The 4-piece database as the user data folder's, loaded afresh for each test."""
    monkeypatch.setattr(storage, "default_folder", lambda: endgame_folder)
    monkeypatch.setattr(probe, "_loaded", {})
    loaded = probe.shared_database()
    assert loaded is not None and loaded.max_pieces == 4
    return loaded


def play_out(fen: str, level_of: dict[int, int], seed: int = 1, max_plies: int = 200) -> CheckersGame:
    game = CheckersGame(parse_fen(fen))
    while game.outcome() is None and len(game.moves) < max_plies:
        position = game.position
        level = LEVELS[level_of[position.turn] - 1]
        game.play(play_move(position, level, seed, history=game.positions[:-1], node_scale=0.02, use_clock=False))
    return game


@pytest.mark.parametrize("fen, winner", [
    ("B:WK1:BK14,K10", 0),  # two kings drive the lone king out of the double corner
    ("W:W20,K15:B12,K28", 1),  # First Position
    ("B:W22,K5:BK15,K6", 0),  # First Position without the move
])
def test_level_9_converts_won_endings_against_level_10(database, fen, winner):
    game = play_out(fen, {winner: 9, 1 - winner: 10})
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == winner, (outcome, [m.notation for m in game.moves])


def test_levels_9_and_10_never_lose_a_drawn_ending(database):
    rng = np.random.default_rng(5)
    board = np.zeros(3, dtype=np.int64)
    checked = 0
    for material in [(0, 2, 0, 2), (1, 1, 0, 2), (0, 2, 1, 1), (1, 1, 1, 1), (0, 3, 0, 1)]:
        size = index.slice_size(*material)
        for _ in range(400):
            number = int(rng.integers(size))
            side = int(rng.integers(2))
            if not index.index_position(number, *material, board):
                continue
            position = Position(int(board[0]), int(board[1]), int(board[2]), side)
            if database.value(position.black, position.white, position.kings, side) != DRAW:
                continue
            children = [position.apply(m) for m in position.legal_moves()]
            values = [database.value(c.black, c.white, c.kings, c.turn) for c in children]
            if WIN not in values:
                continue  # no losing move to avoid
            for level in (9, 10):
                move = play_move(position, LEVELS[level - 1], 3, node_scale=0.005, use_clock=False)
                child = position.apply(move)
                assert database.value(child.black, child.white, child.kings, child.turn) != WIN, position.fen
            checked += 1
    assert checked >= 20


def test_a_win_the_40_move_counter_would_draw_is_not_a_win(database):
    position = parse_fen("B:WK1:BK14,K10")
    depth = database.depth(position.black, position.white, position.kings, position.turn)
    assert database.value(position.black, position.white, position.kings, position.turn) == WIN and depth > 2
    weights = learned_weights()
    fresh = search(position, weights, 6, 200_000, quiet_plies=0, endgame=database)
    assert fresh.score > search_kernels.KNOWN_WIN - search_kernels.KNOWN_WIN_SPREAD
    late = search(position, weights, 6, 200_000, quiet_plies=search_kernels.QUIET_PLY_LIMIT - 2, endgame=database)
    assert late.score == 0  # the lone king cannot be caught in two plies: the 40-move rule draws
    assert levels.converting_moves(database, position, search_kernels.QUIET_PLY_LIMIT - depth) != []
    assert levels.converting_moves(database, position, search_kernels.QUIET_PLY_LIMIT - depth + 1) == []
    # without the database the search also knows the counter: nothing to win in the two plies left
    assert search(position, weights, 6, 200_000, quiet_plies=search_kernels.QUIET_PLY_LIMIT - 2).score == 0


def test_the_counter_is_read_from_the_game():
    game = CheckersGame(parse_fen("B:W24,K1:BK14,K10"))
    for move in ("14-18", "1-5", "18-14", "24-20", "10-15", "5-1"):
        game.play(move)
    assert quiet_plies(game.position, game.positions[:-1]) == game.quiet_plies == 2


def test_the_weaker_levels_do_not_use_the_database(database, monkeypatch):
    assert [level.number for level in LEVELS if level.endgame] == [9, 10]

    def refuse() -> None:
        raise AssertionError("a weak level looked at the endgame database")

    monkeypatch.setattr(levels, "shared_database", refuse)
    position = parse_fen("B:WK1:BK14,K10")
    for level in LEVELS[:8]:
        assert play_move(position, level, 1) in position.legal_moves()


def test_without_a_database_or_with_a_damaged_one_levels_9_and_10_play_as_before(tmp_path, monkeypatch):
    monkeypatch.setattr(storage, "default_folder", lambda: tmp_path)
    monkeypatch.setattr(probe, "_loaded", {})
    position = parse_fen("B:WK1:BK14,K10")
    assert probe.shared_database() is None
    assert play_move(position, LEVELS[8], 1, node_scale=0.01, use_clock=False) in position.legal_moves()
    from tablegames.checkers.endgame import build
    build.build_database(tmp_path, 3, np.zeros(1, dtype=np.int32))
    path = storage.values_path(tmp_path, (0, 2, 0, 1))
    path.write_bytes(path.read_bytes()[:100])
    monkeypatch.setattr(probe, "_loaded", {})
    assert probe.shared_database() is None  # refused (and logged), not used
    assert play_move(position, LEVELS[9], 1, node_scale=0.01, use_clock=False) in position.legal_moves()


def test_a_lost_ending_is_still_played(database):
    position = parse_fen("W:WK1:BK14,K10")
    assert database.value(position.black, position.white, position.kings, position.turn) == LOSS
    assert play_move(position, LEVELS[9], 1, node_scale=0.01, use_clock=False) in position.legal_moves()
