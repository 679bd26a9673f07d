"""Our rules against an independent program's: py-draughts (in its own venv, made on first use; the test is skipped
where it cannot be installed) lists the same legal moves, route for route, at every ply of random games, and its
engine's moves are legal in ours. Slow: it installs py-draughts and starts its server."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tablegames.checkers.game import CheckersGame
from tablegames.core.rng import make_rng

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from pydraughts import DraughtsEngine, draughts_python, move_of, our_paths


@pytest.mark.slow
def test_py_draughts_agrees_on_every_legal_move_of_random_games():
    python = draughts_python()
    if python is None:
        pytest.skip("py-draughts could not be installed here")
    engine = DraughtsEngine(python)
    try:
        compared = 0
        for game_number in range(6):
            rng = make_rng(game_number, "pydraughts-agreement")
            game = CheckersGame()
            while game.outcome() is None and len(game.moves) < 150:
                position = game.position
                assert engine.legal_paths(position) == our_paths(position), position.fen
                compared += 1
                moves = position.legal_moves()
                game.play(moves[int(rng.integers(len(moves)))])
        path, _ = engine.best_move(CheckersGame().position, 0.1)
        assert move_of(CheckersGame().position, path) is not None
        assert compared > 300
    finally:
        engine.close()
