import pytest

from tablegames.piddle.hands import hand_of
from tablegames.piddle.solver import advise
from tablegames.piddle.table import SETTLED, TURN, PiddleTable, positions_to_hold


def computers(n, seed=0):
    return PiddleTable([f"P{i}" for i in range(n)], computer_seats=frozenset(range(n)), seed=seed)


class ScriptedTable(PiddleTable):
    """A table whose turn dice come from a script, to force hands."""

    def __post_init__(self):
        self.script = [1, 2, 3, 4, 5, 6] * 20  # the break roll does not use it
        super().__post_init__()

    def draw_dice(self, count):
        drawn, self.script[:] = self.script[:count], self.script[count:]
        return drawn


def test_break_roll_highest_breaks_ties_roll_again():
    for seed in range(30):
        table = computers(4, seed)
        last = table.break_rolls[-1]
        assert max(last.values()) == last[table.breaker]
        assert list(last.values()).count(last[table.breaker]) == 1
        for earlier, later in zip(table.break_rolls, table.break_rolls[1:], strict=False):
            top = max(earlier.values())
            assert set(later) == {s for s, die in earlier.items() if die == top}
        assert table.order == [(table.breaker + i) % 4 for i in range(4)]


def test_same_seed_same_game_and_money_is_conserved():
    def play(seed):
        table = computers(3, seed)
        for _ in range(6):
            table.play_computers()
            assert table.phase == SETTLED
            assert sum(table.winnings) + table.pot == 0
            table.start_round()
        return [e.text for e in table.events], list(table.winnings)

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_the_breakers_rolls_cap_everyone_else():
    table = PiddleTable(["you", "cpu"], seed=3)
    seat = table.current_seat
    table.roll()
    table.stop()  # the breaker stops after one roll: cap 1
    assert table.cap == 1 and table.current_seat != seat
    assert table.rerolls_left == 0
    table.roll()  # the only roll allowed ends the turn
    assert table.phase == SETTLED


def test_rolling_past_the_limit_or_holding_before_rolling_is_refused():
    table = PiddleTable(["a", "b"], seed=1)
    with pytest.raises(ValueError, match="before the first roll"):
        table.toggle_hold(0)
    with pytest.raises(ValueError, match="must roll"):
        table.stop()
    table.roll(), table.roll(), table.roll()  # the breaker's three rolls end its turn
    assert table.cap == 3 and table.turn == 1
    with pytest.raises(ValueError, match="still being played"):
        table.start_round()
    table.roll()
    with pytest.raises(ValueError, match="out of range"):
        table.set_held([7])
    table.roll(), table.roll()  # the last player's third roll ends the round
    with pytest.raises(ValueError, match="round is over"):
        table.roll()


def test_held_dice_stay_and_the_rest_are_rerolled():
    table = PiddleTable(["a", "b"], seed=5)
    first = table.roll()
    table.set_held([0, 2, 4])
    second = table.roll()
    assert [second[i] for i in (0, 2, 4)] == [first[i] for i in (0, 2, 4)]


def test_computer_players_follow_the_exact_advice():
    table = computers(3, seed=11)
    while table.phase == TURN:
        if table.dice is not None:
            beat, tied = table.best_so_far()
            expected = advise(table.dice, table.rerolls_left, beat=beat, tied=tied,
                              after=table.players - 1 - table.turn, cap=None if table.turn == 0 else table.cap)
            dice = table.dice
            step = table.computer_step()
            assert step == ("stop" if expected.stop else "keep")
            if step == "keep":
                kept = [dice[i] for i in positions_to_hold(dice, expected.best.keep)]
                assert sorted(kept) == sorted(expected.best.keep)
        else:
            table.computer_step()
    assert table.results[-1].hands == {s: hand_of(d) for s, d in table.final_dice.items()}


def test_a_tie_for_the_best_hand_is_a_push_that_replays_with_a_bigger_pot():
    table = ScriptedTable(["a", "b", "c"], seed=0)
    table.script[:] = [6, 6, 6, 5, 2, 3] * 3  # everyone makes three 6s
    table.roll()
    table.stop()  # the breaker stops after one roll: the others have one roll each
    table.roll(), table.roll()
    result = table.results[-1]
    assert result.is_push and table.pot == 6 and table.winnings == [-2, -2, -2]
    table.start_round()
    assert table.is_replay and table.pot == 6  # no new ante on the replay
    table.script[:] = [6, 6, 6, 2, 3, 4] + [2, 3, 4, 5, 6, 6] * 2
    table.roll()
    table.stop()
    table.roll(), table.roll()
    winner = table.results[-1].winner
    assert winner == table.order[0] and table.winnings[winner] == 4 and table.pot == 0


def test_positions_to_hold_picks_matching_dice():
    assert positions_to_hold((6, 2, 6, 1, 6, 3), (6, 6, 6, 1)) == [0, 2, 3, 4]
    with pytest.raises(ValueError):
        positions_to_hold((6, 2, 6, 1, 6, 3), (5,))


def test_table_size_is_checked():
    with pytest.raises(ValueError, match="2-6 players"):
        PiddleTable(["alone"])


def test_rules_help_states_the_cap_and_the_push():
    from tablegames.piddle.table import RULES_HELP

    text = " ".join(RULES_HELP)
    assert "cap" in text and "push" in text and "wild" in text


def test_kernel_warmup_runs():
    from tablegames.piddle import kernels, scan_kernels

    kernels.warmup()
    scan_kernels.warmup()


def table_state(table):
    """Everything a player sees or the next roll depends on (the generators' states included)."""
    return (table.winnings, table.pot, table.round_index, table.phase, table.turn, table.order, table.dice,
            table.held, table.rolls_taken, table.cap, table.hands, table.events, table.break_rolls,
            [(r.hands, r.winner, r.pot) for r in table.results], table.rng.bit_generator.state)


def test_the_recorded_moves_replayed_on_a_new_table_make_the_same_table():
    table = computers(3, seed=7)
    for _ in range(4):
        table.play_computers()
        table.start_round()
    table.computer_step()  # the breaker's first roll
    table.toggle_hold(2)  # a hold not yet rolled is part of the state too
    copy = computers(3, seed=7)
    for action in table.actions:
        copy.play(action)
    assert copy.actions == table.actions
    assert table_state(copy) == table_state(table)
    assert copy.roll() == table.roll()  # the same dice from here on


def test_every_kind_of_move_is_recorded_once():
    table = PiddleTable(["A", "B"], seed=3)
    table.roll()
    table.set_held([0, 5])
    table.set_held([5, 0])  # no change: nothing recorded
    table.toggle_hold(5)
    table.roll()
    table.roll()  # the breaker's third roll ends its turn by itself: no stop recorded
    assert table.turn == 1 and table.actions == ["roll", "hold 0 5", "hold 0", "roll", "roll"]
    table.roll()
    table.stop()
    assert table.phase == SETTLED and table.actions[-2:] == ["roll", "stop"]
    table.start_round()
    assert table.actions[-1] == "next"


@pytest.mark.parametrize("action", ["", "jump", "hold 6", "hold 0 x", "hold ٣", "roll 1", "stop now", "next!",
                                    "hold  1"])
def test_what_is_not_a_move_is_refused_and_changes_nothing(action):
    table = PiddleTable(["A", "B"], seed=3)
    table.roll()
    before = table_state(table), list(table.actions)
    with pytest.raises(ValueError, match="is not a move"):
        table.play(action)
    assert (table_state(table), table.actions) == before


def test_a_move_that_cannot_be_made_now_is_refused_and_changes_nothing():
    table = PiddleTable(["A", "B"], seed=3)
    before = table_state(table), list(table.actions)
    for action in ("stop", "hold 1", "next"):
        with pytest.raises(ValueError):
            table.play(action)
    assert (table_state(table), table.actions) == before
