"""The checkers table's model without a window: it imports without pygame, plays a move and the computer's reply,
replays a chain hop by hop with its captures landing in order, queues sounds, moods and moments for the scene,
uses a search's answer only in the position it was asked about, announces then applies fun-mode events, and
saves, resumes, undoes and starts afresh."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunEvent, FunGame, FunRules, roll_event
from tablegames.checkers.position import Move, Position
from tablegames.core.worker import CancelToken, Job, Thinker
from tablegames.music.mood import Mood
from tablegames.ui.checkers import thinking
from tablegames.ui.checkers.moments import (
    HOP_SECONDS,
    SLOW_HOP_SECONDS,
    CaptureLanded,
    Cleared,
    Crowned,
    FunStruck,
    Moment,
    Won,
)
from tablegames.ui.checkers.panel_text import move_list_rows, status_text
from tablegames.ui.checkers.table_model import ANNOUNCE_SECONDS, TableModel
from tablegames.ui.checkers.thinking import COMPUTER_PAUSE, HINT_LEVEL, Searches
from tablegames.ui.settings import Settings

STEP = 1 / 60
DOUBLE_JUMP = "B:W14,22,19,24,27,28,30,31,32:B9,1,2,3,5,6,7,11"  # Red's 9x18x25 takes 14 then 22
CROWNING_CHAIN = "B:W18,27,21,24,28,30,31,20:B14,1,2,3,5,6,9,10"  # Red's 14x23x32 crowns at the end
LAST_CAPTURE = "B:W14:B9,K22,K27,3"  # Red's 9x18 takes White's last piece


class HeldThinker:
    """A thinker whose jobs wait until the test finishes them, as a real thinker's would while it searches."""

    def __init__(self) -> None:
        self.held: list[tuple[Callable[[CancelToken], Any], Future[Any], CancelToken]] = []

    def submit(self, task: Callable[[CancelToken], Any]) -> Job:
        future: Future[Any] = Future()
        token = CancelToken()
        self.held.append((task, future, token))
        return Job(future, token)

    def finish_all(self) -> None:
        for task, future, token in self.held:
            if not future.done():
                future.set_result(task(token))


def make_model(tmp_path: Path | None = None, thinker: Any = None, **settings: Any) -> TableModel:
    settings.setdefault("checkers_level", 1)  # Dozy Dave: no search to compile, so the tests stay quick
    save_path = None if tmp_path is None else tmp_path / "game.pdn"
    return TableModel(Settings(**settings), thinker or Thinker(inline=True), lambda: 5, save_path)


def start_at(model: TableModel, fen: str) -> None:
    model.game = FunGame(Position.from_fen(fen))
    model.after_change()
    model.show.drain()
    model.show.drain_moments()


def run(model: TableModel, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        model.update(STEP)


def move(model: TableModel, notation: str) -> Move:
    return next(m for m in model.game.legal_moves() if m.notation == notation)


def test_the_model_imports_without_pygame() -> None:
    source = Path(tablegames.__file__).resolve().parents[1]
    code = ("import sys\nimport tablegames.ui.checkers.table_model, tablegames.ui.checkers.panel_text\n"
            "loaded = sorted(name for name in sys.modules if name.split('.')[0] == 'pygame')\n"
            "assert not loaded, loaded\n")
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_move_and_the_computers_reply() -> None:
    model = make_model()
    assert model.accepting and model.human_side == BLACK and model.board_flipped
    model.play_move(move(model, "11-15"))
    assert not model.accepting and model.animation is not None  # the hop is in flight
    run(model, 0.25)
    assert model.animation is None and model.is_thinking and "thinking" in status_text(model)
    run(model, COMPUTER_PAUSE + 0.1)
    assert len(model.game.moves) == 2 and model.game.position.turn == BLACK
    run(model, 0.3)
    assert model.accepting and status_text(model).startswith("Your move")
    assert move_list_rows(model.game) == [f"1. 11-15   {model.game.moves[1].notation}"]


def test_a_chain_lands_hop_by_hop_in_slow_motion() -> None:
    model = make_model()
    start_at(model, DOUBLE_JUMP)
    model.play_move(move(model, "9x18x25"))
    assert model.animation is not None and model.animation.hop_seconds == [HOP_SECONDS, SLOW_HOP_SECONDS]
    model.update(HOP_SECONDS - 0.01)
    assert model.show.drain_moments() == [] and not model.show.fading
    model.update(0.02)
    assert model.show.drain_moments() == [CaptureLanded(14, 18, 1, False)]
    assert [f.square for f in model.show.fading] == [14] and model.show.drain()[0] == ["capture"]
    model.update(SLOW_HOP_SECONDS)
    assert model.show.drain_moments() == [CaptureLanded(22, 25, 2, False)]
    assert model.show.drain()[0] == ["capture", "chain"] and model.show.chain_count == 2
    assert model.animation is None and model.show.moods.cheer_side == BLACK


def test_without_animations_a_move_lands_at_once_with_the_same_moments() -> None:
    model = make_model(animations=False)
    start_at(model, DOUBLE_JUMP)
    model.play_move(move(model, "9x18x25"))
    assert model.animation is None
    assert model.show.drain_moments() == [CaptureLanded(14, 18, 1, False), CaptureLanded(22, 25, 2, False)]


def test_a_crowning_chain_is_a_big_moment() -> None:
    model = make_model(animations=False)
    start_at(model, CROWNING_CHAIN)
    model.play_move(move(model, "14x23x32"))
    assert Crowned(32, after_chain=True) in model.show.drain_moments()
    sounds, moods = model.show.drain()
    assert "crown" in sounds and Mood.BIG_MOMENT in moods
    assert model.show.moods.crown_square == 32


def test_winning_queues_the_trophy_and_the_outro() -> None:
    model = make_model(animations=False)
    start_at(model, LAST_CAPTURE)
    model.play_move(move(model, "9x18"))
    assert model.game.outcome() is not None and Won() in model.show.drain_moments()
    sounds, moods = model.show.drain()
    assert "win" in sounds and moods[-1] is Mood.WIN
    assert status_text(model).startswith("You win!")


def test_the_music_mood_is_queued_once_per_change() -> None:
    model = make_model()
    assert model.show.drain() == ([], [Mood.CALM])
    model.after_change()
    assert model.show.drain() == ([], [])
    model.game = FunGame(Position.from_fen("B:W18,21,22,24,25,26,27,28,29,30,31,32:B14,1,2,3,4,5,6,7,8,9,10"))
    model.after_change()
    assert model.show.drain() == ([], [Mood.THREAT])  # a jump is on
    model.leave()
    assert model.show.drain() == ([], [Mood.CALM])  # leaving calms the music whatever was sent


def test_the_computers_move_is_used_only_in_the_position_it_was_asked_about() -> None:
    thinker = HeldThinker()
    model = make_model(thinker=thinker, checkers_mode="watch")
    model.update(STEP)
    assert model.searches.is_finding_move and len(thinker.held) == 1
    asked = model.game.position
    model.game = FunGame(Position.from_fen("W:W21,22,23:B1,2,3"))  # the table moved on without cancelling
    model.after_change()
    thinker.finish_all()
    run(model, COMPUTER_PAUSE + 0.1)
    assert model.game.moves == [] and asked != model.game.position  # the answer for `asked` was dropped


def test_a_new_game_cancels_the_search_and_forgets_it() -> None:
    thinker = HeldThinker()
    model = make_model(thinker=thinker, checkers_mode="watch")
    model.update(STEP)
    model.show.drain_moments()
    token = thinker.held[0][2]
    model.new_game()
    assert token.is_cancelled() and not model.searches.is_finding_move
    assert model.show.drain_moments() == [Cleared()]


def test_a_hint_is_shown_only_for_the_position_it_was_asked_about(monkeypatch: pytest.MonkeyPatch) -> None:
    asked_levels: list[int] = []

    def fake_move(position: Position, level: int, seed: int, token: CancelToken | None = None,
                  history: tuple[Position, ...] = ()) -> Move:
        asked_levels.append(level)
        return position.legal_moves()[-1]

    monkeypatch.setattr(thinking, "computer_move", fake_move)
    thinker = HeldThinker()
    model = make_model(thinker=thinker)
    model.ask_hint()
    assert model.show.toast == "Thinking of a hint..." and asked_levels == []
    thinker.finish_all()
    model.update(STEP)
    assert asked_levels == [HINT_LEVEL] and model.hint == model.game.legal_moves()[-1] and model.hint_left > 0
    model.ask_hint()
    model.play_move(move(model, "11-15"))  # a move before the hint came back
    assert model.hint is None
    thinker.finish_all()
    model.update(STEP)
    assert model.hint is None and not model.searches.is_finding_hint


def test_searches_drop_an_answer_for_another_position() -> None:
    searches = Searches(Thinker(inline=True))
    start = Position.initial()
    searches.find_move(start, 1, 3, ())
    assert searches.found_move(COMPUTER_PAUSE / 2, start, 3) is None  # done, but the face thinks a little first
    after = start.apply(start.legal_moves()[0])
    assert searches.found_move(COMPUTER_PAUSE, after, 3) is None and not searches.is_finding_move
    searches.find_move(after, 1, 3, ())
    assert searches.found_move(COMPUTER_PAUSE, after, 3) in after.legal_moves()


def fun_mode_model() -> tuple[TableModel, Position]:
    """A table where the computer (White) captures first and fun mode then strikes (its seed found by search)."""
    model = make_model(checkers_fun_mode=True)
    start = Position.from_fen("W:W18,21,22,23,24,25:B14,1,2")
    probe = FunGame(start)
    probe.play("18x9")
    model.game_seed = next(s for s in range(300) if roll_event(probe, FunRules(BLACK, 1, "easy", s)) is not None)
    start_at(model, start.fen)
    return model, start


def test_fun_mode_announces_then_applies_and_undo_takes_it_back() -> None:
    model, start = fun_mode_model()
    run(model, 2.0)  # the computer (White) captures
    event = model.pending_event
    assert event is not None and "Fun mode" in model.show.toast and not model.game.events
    assert status_text(model) == "Fun mode!" and not model.accepting
    model.show.drain()
    model.show.drain_moments()
    run(model, ANNOUNCE_SECONDS + 0.1)
    assert model.game.events == [event] and model.pending_event is None
    assert FunStruck(event) in model.show.drain_moments() and event.kind in model.show.drain()[0]
    assert model.show.speech.mood == ("gift" if event.is_gift else "disaster")
    assert any("*" in row for row in move_list_rows(model.game))
    model.undo()
    assert not model.game.events and model.game.position == start


def test_a_disaster_shakes_the_computers_side_and_leaves_its_piece_fading() -> None:
    model = make_model(checkers_fun_mode=True)
    start_at(model, "B:W17,21,22,23,25,26,27,28,30:B1,2,3,5,6,9")
    model.apply_event(FunEvent("lightning", 22))
    assert [(f.square, f.side) for f in model.show.fading] == [(22, WHITE)]
    assert model.show.moods.shaken_side == WHITE and model.show.drain()[0] == ["lightning"]


def test_saved_resumed_and_a_broken_file_starts_afresh(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    model = make_model(tmp_path, checkers_fun_mode=True)
    model.play_move(move(model, "11-15"))
    run(model, 2.0)
    model.leave()
    again = make_model(tmp_path)
    assert again.game.entries == model.game.entries and again.game_seed == model.game_seed
    assert again.show.toast.startswith("Welcome back")
    damaged = '[Event "x"]\n\n1. 11-15 99-1 *\n'
    (tmp_path / "game.pdn").write_text(damaged)
    with caplog.at_level(logging.WARNING):
        partial = make_model(tmp_path)
    assert [entry.notation for entry in partial.game.entries] == ["11-15"]  # the good move kept
    assert partial.show.toast.startswith("Your saved game was damaged: replayed 1 moves")
    assert (tmp_path / "game.pdn.bad").read_text() == damaged
    (tmp_path / "game.pdn").write_text('[FEN "not a position"]\n\n1. 11-15 *\n')
    with caplog.at_level(logging.WARNING):
        fresh = make_model(tmp_path)
    assert fresh.game.entries == [] and "cannot resume" in caplog.text
    assert fresh.show.toast.startswith("Your saved game could not be read")
    assert (tmp_path / "game.pdn.bad.2").exists()  # the earlier copy is not overwritten


@pytest.mark.parametrize("seed", ["\u00b2", "9" * 5000, "-3", "4294967296", " 7"])
def test_an_odd_seed_tag_never_stops_the_table_opening(seed: str) -> None:
    from tablegames.ui.checkers.savegame import saved_seed

    assert saved_seed({"Seed": seed}) == 0
    assert saved_seed({"Seed": "12345"}) == 12345


def test_undo_goes_back_to_the_players_turn_and_flip_turns_the_board() -> None:
    model = make_model()
    model.play_move(move(model, "11-15"))
    run(model, 2.0)
    assert len(model.game.moves) == 2
    model.undo()
    assert model.game.moves == [] and model.accepting
    flipped = model.board_flipped
    model.flip()
    assert model.board_flipped is not flipped and model.settings.checkers_flip


def test_the_demos_watch_cycles_the_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "computer_move", lambda position, *args: position.legal_moves()[0])
    model = make_model(checkers_mode="play")
    model.watch(cycle_levels=True)
    run(model, 3.0)
    assert model.mode == "watch" and model.computer_moves >= 2 and model.level == model.computer_moves
    moments: list[Moment] = model.show.drain_moments()
    assert moments[0] == Cleared()


def test_a_save_that_cannot_be_written_is_said_once_in_the_window(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file-not-a-folder"
    blocker.write_text("in the way")
    model = TableModel(Settings(checkers_level=1), Thinker(inline=True), lambda: 5, blocker / "game.pdn")
    model.play_move(move(model, "11-15"))
    assert model.show.toast.startswith("Cannot save your game in")
    model.show.toast = ""
    run(model, COMPUTER_PAUSE + 1.0)
    assert len(model.game.moves) == 2 and model.show.toast == ""  # not again after every move
    assert blocker.read_text() == "in the way"
