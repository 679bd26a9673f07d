"""The window's computer player: the levels module (GIL-holding levels through its worker process,
cancellable); a cancelled wait answers with Dozy Dave's seeded random legal move, which the caller drops."""

from __future__ import annotations

from concurrent.futures import Future
from types import SimpleNamespace

import pytest

from tablegames.checkers.position import Position
from tablegames.core.worker import CancelToken
from tablegames.ui.checkers import computer
from tablegames.ui.checkers.computer import LEVEL_NAMES, computer_move, level_name, random_move

DOUBLE_JUMP = "B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11"


def test_ten_named_levels():
    assert len(LEVEL_NAMES) == 10 and level_name(1) == "Dozy Dave" and level_name(10) == "Grandmaster Gizmo"
    with pytest.raises(ValueError, match="level"):
        level_name(11)


def test_the_random_move_is_legal_seeded_and_takes_the_jump():
    start = Position.initial()
    moves = {random_move(start, seed).notation for seed in range(40)}
    assert len(moves) > 3 and moves <= {m.notation for m in start.legal_moves()}
    assert random_move(start, 7) == random_move(start, 7)
    assert random_move(Position.from_fen(DOUBLE_JUMP), 3).notation == "9x18x25"


def fake_levels(holds_the_gil: bool, calls: list):
    def choose_move(position, level, seed, cancel_flag=None, history=()):
        calls.append(("thread", level, cancel_flag is not None, len(history)))
        return position.legal_moves()[0]

    def choose_move_in_process(position, level, seed, history=()):
        calls.append(("process", level, len(history)))
        future: Future = Future()
        future.set_result(position.legal_moves()[-1])
        return future

    return SimpleNamespace(choose_move=choose_move, choose_move_in_process=choose_move_in_process,
                           level_info=lambda level: SimpleNamespace(holds_the_gil=holds_the_gil))


def test_levels_that_release_the_gil_run_on_the_thinker_thread(monkeypatch):
    calls: list = []
    monkeypatch.setattr(computer, "levels", fake_levels(False, calls))
    start = Position.initial()
    assert computer_move(start, 8, 1, CancelToken(), (start,)) == start.legal_moves()[0]
    assert calls == [("thread", 8, True, 1)]


def test_levels_that_hold_the_gil_run_in_the_worker_process(monkeypatch):
    calls: list = []
    monkeypatch.setattr(computer, "levels", fake_levels(True, calls))
    start = Position.initial()
    assert computer_move(start, 5, 1, CancelToken()) == start.legal_moves()[-1]
    assert calls == [("process", 5, 0)]


def test_a_cancelled_wait_for_the_worker_returns_at_once(monkeypatch):
    never: Future = Future()
    levels = SimpleNamespace(choose_move=None, choose_move_in_process=lambda *args: never,
                             level_info=lambda level: SimpleNamespace(holds_the_gil=True))
    monkeypatch.setattr(computer, "levels", levels)
    token = CancelToken()
    token.cancel()
    start = Position.initial()
    assert computer_move(start, 4, 2, token) == random_move(start, 2)
