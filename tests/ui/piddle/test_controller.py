"""The table controller without graphics: holds, rolls and stops through its calls, the hint, the pace of the
computers' turns (held dice shown before they roll), the tumble, money and the mood."""

import threading
import time

import pytest

from tablegames.core.worker import CancelToken, KeyedAnswer, Thinker
from tablegames.music.mood import Mood
from tablegames.piddle.hands import hand_of
from tablegames.piddle.solver import Objective, advise_position
from tablegames.piddle.table import SETTLED, positions_to_hold
from tablegames.ui.piddle import controller as piddle_controller
from tablegames.ui.piddle import positions
from tablegames.ui.piddle.controller import (
    BREAK_SECONDS,
    COMPUTER_PAUSE,
    HUMAN_SEAT,
    WATCH_NEXT_ROUND,
    PiddleController,
    make_table,
)


def make_controller(seed=0, players=3, watch=False, **flags) -> PiddleController:
    return PiddleController(make_table(players, seed, watch, Objective()), watch, **flags)


def to_persons_turn(controller: PiddleController) -> None:
    positions.play_until(controller, lambda c: c.is_persons_turn())


def settle_tumble(controller: PiddleController) -> None:
    controller.update(controller.tumble.duration + 0.01)


def test_the_break_is_shown_before_anyone_plays():
    controller = make_controller(seed=0)
    assert controller.showing_break and controller.is_busy()
    assert not controller.roll()  # a person's keys wait while the break roll shows
    controller.update(BREAK_SECONDS + 0.01)
    assert not controller.showing_break


def breaking_controller() -> PiddleController:
    """A table where you break (three rolls allowed), at your turn."""
    for seed in range(50):
        controller = make_controller(seed=seed)
        to_persons_turn(controller)
        if controller.table.turn == 0:
            return controller
    raise AssertionError("you never break")


def test_space_enter_and_holds_drive_the_persons_turn():
    controller = breaking_controller()
    table = controller.table
    assert table.dice is None and not controller.toggle(0)  # nothing to hold before the first roll
    assert controller.roll()
    assert controller.tumble is not None and not controller.can_person_hold()  # the dice are in the air
    settle_tumble(controller)
    first = table.dice
    assert controller.toggle(0) and controller.toggle(3) and controller.toggle(3)
    assert table.held == {0}
    assert controller.roll()
    settle_tumble(controller)
    assert table.dice[0] == first[0] and table.rolls_taken == 2
    seat_before = table.current_seat
    assert controller.stop()
    assert table.hands[seat_before] == hand_of(table.final_dice[seat_before])
    assert controller.linger is not None and controller.stage().seat == seat_before  # the finished turn stays


def test_all_six_held_does_not_waste_a_roll():
    controller = breaking_controller()
    controller.roll()
    settle_tumble(controller)
    for die in range(6):
        controller.toggle(die)
    assert not controller.roll()
    assert controller.table.rolls_taken == 1 and "held" in controller.message


def test_hint_holds_exactly_the_advised_keep():
    controller = breaking_controller()
    controller.roll()
    settle_tumble(controller)
    advice = controller.advice()
    assert controller.hint()
    table = controller.table
    expected = set(range(6)) if advice.stop else set(positions_to_hold(table.dice, advice.keep))
    assert table.held == expected
    assert sorted(table.dice[i] for i in table.held) == sorted(advice.keep)


def test_computers_play_step_by_step_showing_their_holds_first():
    controller = make_controller(seed=4, players=4)
    table = controller.table
    holds_seen = 0
    was_pending = False
    for _ in range(5000):
        if table.phase == SETTLED:
            break
        if controller.is_persons_turn():
            positions.play_advised(controller)
            continue
        just_chosen = controller.pending_roll and not was_pending
        was_pending = controller.pending_roll
        if just_chosen:
            # the computer has chosen: its held dice are the solver's keep, shown before it rolls
            advice = table.advice()
            assert sorted(table.dice[i] for i in table.held) == sorted(advice.best.keep)
            rolls = table.rolls_taken
            controller.update(COMPUTER_PAUSE / 2)
            assert table.rolls_taken == rolls  # still waiting: a person can follow
            holds_seen += 1
            continue
        controller.update(0.05)
    assert table.phase == SETTLED
    assert holds_seen >= 1
    assert sum(table.winnings) + table.pot == 0


def test_a_computer_turn_waits_for_its_pause():
    controller = make_controller(seed=5, players=2)
    positions.play_until(controller, lambda c: not c.is_busy() and c.table.phase == "turn"
                         and c.table.is_computer(c.table.current_seat) and c.table.dice is None and c.wait > 0)
    table = controller.table
    controller.update(controller.wait / 2)
    assert table.dice is None  # not yet
    controller.update(controller.wait + 0.01)
    assert table.dice is not None and controller.tumble is not None


def test_reduced_motion_lands_dice_without_flight_and_no_animations_is_instant():
    calm = make_controller(seed=6, reduced_motion=True)
    to_persons_turn(calm)
    calm.roll()
    calm.update(0.01)
    poses = [calm.die_pose(i) for i in range(6)]
    assert all(p.dx == p.dy == p.angle == p.lift == 0 for p in poses)
    lively = make_controller(seed=6)
    to_persons_turn(lively)
    lively.roll()
    lively.update(0.1)
    assert any(lively.die_pose(i).lift > 0 for i in range(6))
    lively.update(1.0)
    assert all(lively.die_pose(i).value == lively.table.dice[i] for i in range(6))  # landed on the real faces
    instant = make_controller(seed=6, animations=False)
    to_persons_turn(instant)
    instant.roll()
    instant.update(0.0)
    assert instant.tumble is None


def test_watch_mode_plays_rounds_by_itself():
    controller = make_controller(seed=7, watch=True)
    table = controller.table
    assert table.computer_seats == frozenset(range(3))
    for _ in range(4000):
        controller.update(0.1)
        if controller.is_settled and not controller.is_busy():
            break
    for _ in range(int(WATCH_NEXT_ROUND / 0.1) - 2):  # the result stays up a while
        controller.update(0.1)
        assert controller.is_settled
    for _ in range(4000):
        controller.update(0.1)
        if table.round_index >= 2:
            break
    assert table.round_index >= 2 and not controller.is_persons_turn()


def test_sounds_and_moods_follow_the_round():
    controller = make_controller(seed=8)
    effects, moods = [], []

    def drain():
        e, m = controller.drain()
        effects.extend(e)
        moods.extend(m)

    drain()
    assert moods == [Mood.CALM]
    positions.play_until(controller, lambda c: (drain(), c.is_settled and not c.is_busy())[1])
    drain()
    result = controller.table.results[-1]
    assert "dice" in effects
    if result.is_push:
        assert moods[-1] == Mood.BIG_MOMENT and "gift" in effects
    else:
        mine = result.winner == HUMAN_SEAT
        assert moods[-1] == (Mood.WIN if mine else Mood.LOSS)
        assert ("win" if mine else "loss") in effects


def test_a_push_replays_the_round_with_the_bigger_pot():
    controller = make_controller(seed=0)
    positions.play_until(controller, positions.is_push)
    table = controller.table
    pot = table.pot
    assert Mood.BIG_MOMENT in controller.drain()[1]
    assert controller.next_round()
    assert table.is_replay and table.pot == pot  # no new ante on a replay


def test_tension_when_you_must_beat_a_strong_hand():
    for seed in range(40):
        controller = make_controller(seed=seed)
        positions.play_until(controller, lambda c: c.is_persons_turn() or c.is_settled)
        beat, _ = controller.table.best_so_far()
        if controller.is_persons_turn() and beat >= (4, 2):
            assert controller.mood == Mood.TENSION
            return
    pytest.fail("no seed put a strong hand before the person")


# --- the advice on the thinker ---------------------------------------------------------------------------------------


class GatedAdvice:
    """Stands in for the solver's call in the controller: waits until opened (as a first solve building its tables
    would), notes the thread it ran on, then answers as the solver does."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.threads: list[str] = []
        self.tokens: list[CancelToken] = []

    def __call__(self, position, objective, token):
        self.threads.append(threading.current_thread().name)
        self.tokens.append(token)
        assert self.open.wait(10), "the test never opened the gate"
        return advise_position(position, objective, token)


def frames(controller: PiddleController, count: int, budget: float = 1.0) -> None:
    """`count` window frames with every pause skipped; each must return within `budget` seconds (a frame that
    waited for the gated solver would take its whole 10 s; a loaded machine may stall a frame a little)."""
    for _ in range(count):
        began = time.perf_counter()
        controller.skip()
        controller.update(0.0)
        assert time.perf_counter() - began < budget, "a frame waited for the solver"


def test_a_computers_advice_is_worked_out_on_the_thinker_while_the_window_keeps_going(monkeypatch):
    gate = GatedAdvice()
    monkeypatch.setattr(piddle_controller, "advise_position", gate)
    thinker = Thinker()
    try:
        controller = PiddleController(make_table(3, 4, True, Objective()), True, thinker=thinker)
        for _ in range(200):
            frames(controller, 1)
            if controller.is_thinking():
                break
        assert controller.is_thinking() and controller.advice() is None
        table = controller.table
        seat, dice, held = table.current_seat, table.dice, set(table.held)
        frames(controller, 20)  # the window keeps its pace; the computer waits for its advice
        assert (table.current_seat, table.dice, table.held) == (seat, dice, held)
        assert "The advisor" not in controller.instructions()  # a computer's turn: "<name> is thinking"
        gate.open.set()
        expected = table.advice()
        for _ in range(500):
            frames(controller, 1)
            if table.held != held or table.current_seat != seat or table.dice != dice:
                break
            time.sleep(0.002)
        moved = table.current_seat != seat or table.dice != dice  # it stopped (or its last roll ended the turn)
        assert moved or sorted(table.dice[i] for i in table.held) == sorted(expected.best.keep)
        assert gate.threads and all(name.startswith("thinker") for name in gate.threads)
    finally:
        thinker.shutdown()


def test_an_answer_for_a_position_that_changed_is_dropped_and_leaving_cancels(monkeypatch):
    gate = GatedAdvice()
    monkeypatch.setattr(piddle_controller, "advise_position", gate)
    controller = make_controller(seed=1)
    gate.open.set()  # on the inline thinker first, to the person's first roll
    to_persons_turn(controller)
    controller.roll()
    settle_tumble(controller)
    gate.open.clear()
    thinker = Thinker()
    try:
        controller.thinker = thinker
        controller.advisor = KeyedAnswer(thinker)
        controller.outlook = KeyedAnswer(thinker)
        assert controller.advice() is None and controller.is_thinking()
        asked_for = controller.advisor.job.token
        assert controller.hint()  # H while it thinks: given when the answer comes
        assert controller.message == "The advisor is thinking..."
        controller.set_objective(Objective("dollar", 0.25))  # another question now: the first is cancelled
        controller.advice()
        assert asked_for.is_cancelled()
        gate.open.set()
        for _ in range(500):
            controller.update(0.0)
            if controller.advice() is not None:
                break
            time.sleep(0.002)
        advice = controller.advice()
        assert advice is not None and advice == controller.table.advice()  # the answer for the new objective
        controller.update(0.0)
        assert controller.message.startswith("Advisor:") and not controller.hint_wanted
        table = controller.table
        assert sorted(table.dice[i] for i in table.held) == sorted(advice.keep) or not table.can_roll()
        gate.open.clear()
        controller.set_objective(Objective())
        assert controller.advice() is None
        pending = controller.advisor.job.token
        controller.cancel_thinking()  # leaving the table
        assert pending.is_cancelled() and controller.advisor.job is None and not controller.is_thinking()
        gate.open.set()
    finally:
        thinker.shutdown()


def test_scripted_moments_wait_for_a_threaded_thinker():
    thinker = Thinker()
    try:
        controller = PiddleController(make_table(4, 3, False, Objective()), thinker=thinker)
        positions.play_until(controller, positions.is_advisor_moment)
        inline = make_controller(seed=3, players=4)
        positions.play_until(inline, positions.is_advisor_moment)
        assert controller.table.events == inline.table.events  # the same play, threaded or not
    finally:
        thinker.shutdown()
