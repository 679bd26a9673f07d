"""The fast solver against the slow exact one (fractions, memoised recursion) on sampled states of all rungs."""

import pytest

from tablegames.core.rng import make_rng
from tablegames.piddle.hands import ALL_HANDS
from tablegames.piddle.reference import ReferenceSolver
from tablegames.piddle.solver import Objective, advise, breaker_outlook

DOLLAR = Objective("dollar", 0.5)


@pytest.fixture(scope="module")
def reference():
    return {"lexicographic": ReferenceSolver(), "dollar": ReferenceSolver("dollar", 0.5)}


def random_dice(rng):
    return tuple(int(d) for d in rng.integers(1, 7, size=6))


def assert_same(dice, rerolls, beat, tied, after, cap, objective, reference):
    advice = advise(dice, rerolls, beat=beat, tied=tied, after=after, cap=cap, objective=objective)
    exact, keep = reference[objective.kind].solve(dice, rerolls, beat or (0, 0), tied, after, cap or 3)
    where = f"{dice} rerolls={rerolls} beat={beat} tied={tied} after={after} cap={cap} {objective.kind}"
    assert advice.best.keep == keep, where
    for fast, slow in zip((advice.win, advice.push, advice.lose), exact, strict=True):
        assert fast == pytest.approx(float(slow), abs=1e-10), where


def rung1_states(seed, count):
    rng = make_rng(seed, "piddle-reference", "rung1")
    beats = [ALL_HANDS[i] for i in (0, 9, 14, 18, 22, 24)]
    for _ in range(count):
        beat = beats[int(rng.integers(len(beats)))]
        yield random_dice(rng), int(rng.integers(3)), beat, bool(rng.integers(2))


@pytest.mark.parametrize("objective", [Objective(), DOLLAR])
def test_rung1_known_target_nobody_after(objective, reference):
    for dice, rerolls, beat, tied in rung1_states(1, 25):
        assert_same(dice, rerolls, beat, tied, 0, None, objective, reference)


def test_rung2_players_after_without_rerolls(reference):
    rng = make_rng(2, "piddle-reference", "rung2-cap1")
    for _ in range(20):
        beat = ALL_HANDS[int(rng.integers(25))]
        assert_same(random_dice(rng), int(rng.integers(3)), beat, bool(rng.integers(2)),
                    int(rng.integers(1, 3)), 1, Objective(), reference)


@pytest.mark.parametrize("objective", [Objective(), DOLLAR])
def test_rung2_one_player_after_with_a_reroll(objective, reference):
    rng = make_rng(3, "piddle-reference", "rung2-cap2")
    for _ in range(8):
        beat = ALL_HANDS[int(rng.integers(21, 25))]  # five 6s and up keep the reference's work small
        assert_same(random_dice(rng), int(rng.integers(3)), beat, False, 1, 2, objective, reference)


@pytest.mark.slow
def test_rung2_readme_example_with_the_full_cap(reference):
    assert_same((6, 6, 6, 6, 2, 3), 1, (4, 5), False, 1, 3, Objective(), reference)


def test_rung3_breaker_last_roll(reference):
    for dice in [(6, 6, 6, 6, 6, 2), (1, 1, 1, 1, 1, 1), (5, 5, 5, 4, 4, 2)]:
        assert_same(dice, 0, None, False, 1, None, Objective(), reference)


@pytest.mark.slow
def test_rung3_breaker_full_solve_for_two_players(reference):
    exact, stops = reference["lexicographic"].breaker_stops(2)
    outlook = breaker_outlook(2)
    assert (outlook.win, outlook.push, outlook.lose) == pytest.approx([float(x) for x in exact], abs=1e-10)
    assert outlook.stop_after == pytest.approx([float(x) for x in stops], abs=1e-10)
    rng = make_rng(4, "piddle-reference", "rung3")
    for _ in range(30):
        assert_same(random_dice(rng), int(rng.integers(3)), None, False, 1, None, Objective(), reference)
