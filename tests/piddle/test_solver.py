from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.piddle import kernels, solver
from tablegames.piddle.hands import ALL_HANDS
from tablegames.piddle.solver import INDEX, Objective, advise, breaker_outlook

DOLLAR = Objective("dollar", 0.5)


def test_readme_first_example_keeps_four_sixes_and_wins_65_of_81():
    advice = advise((6, 6, 6, 2, 3, 1), 2, beat=(5, 5))
    assert advice.keep == (6, 6, 6, 1) and not advice.stop
    assert advice.win == pytest.approx(65 / 81, abs=1e-12)
    assert advice.push == pytest.approx(0, abs=1e-12)
    assert advice.lose == pytest.approx(16 / 81, abs=1e-12)


@pytest.mark.parametrize("cap", [1, 2, 3])
def test_readme_second_example_rerolls_the_junk_for_every_cap(cap):
    advice = advise((6, 6, 6, 6, 2, 3), 1, beat=(4, 5), after=1, cap=cap)
    assert advice.keep == (6, 6, 6, 6) and not advice.stop
    stop = next(m for m in advice.moves if m.is_stop)
    assert stop.win < advice.win  # four 6s already win, yet improving the shield is better


def test_readme_second_example_figure_is_the_follower_without_a_reroll():
    # The source's 0.922 assumed the follower gets no reroll: that is our cap of 1 roll.
    assert round(advise((6, 6, 6, 6, 2, 3), 1, beat=(4, 5), after=1, cap=1).win, 3) == 0.922


@pytest.mark.parametrize("beat", [None, *ALL_HANDS])
def test_six_ones_with_two_rerolls_and_one_player_after_stops(beat):
    advice = advise((1, 1, 1, 1, 1, 1), 2, beat=beat, after=1)
    assert advice.stop
    assert advice.lose == pytest.approx(0, abs=1e-12)  # six 6s can be tied, never beaten


def test_playing_for_the_push_when_winning_is_impossible():
    advice = advise((6, 6, 6, 6, 6, 2), 1, beat=(6, 6))
    assert advice.win == 0 and advice.is_playing_for_push
    assert advice.keep == (6, 6, 6, 6, 6)
    assert advice.push == pytest.approx(1 / 3)


def test_all_outcomes_are_probabilities_summing_to_one():
    tables = solver.tables_for(Objective())
    rv = tables.round_values[:, :, 1:]  # best hand 0 never occurs once someone has played
    assert np.all(rv >= -1e-12) and np.all(rv <= 1 + 1e-12)
    np.testing.assert_allclose(rv.sum(axis=-1), 1.0, atol=1e-12)
    np.testing.assert_allclose(tables.follower_hands[:, :, 1:].sum(axis=-1), 1.0, atol=1e-12)


@pytest.mark.parametrize("objective", [Objective(), DOLLAR])
def test_every_state_of_every_position_sums_to_one(objective):
    tables = solver.tables_for(objective)
    contexts = [(None, False, after, None) for after in range(6)]
    contexts += [(beat, tied, after, cap) for beat in ALL_HANDS[::3] for tied in (False, True)
                 for after in range(6) for cap in (1, 2, 3)]
    for beat, tied, after, cap in contexts:
        _, values, _, keep_values = solver.solve_position((2, 3, 4, 5, 6, 6), 2, tables, beat or (0, 0), tied,
                                                          after, cap)
        np.testing.assert_allclose(values.sum(axis=-1), 1.0, atol=1e-12)
        np.testing.assert_allclose(keep_values.sum(axis=-1), 1.0, atol=1e-12)
        assert np.all(values >= -1e-12) and np.all(values <= 1 + 1e-12)


def test_breaker_outlook_is_a_distribution_and_more_players_hurt():
    outlooks = [breaker_outlook(n) for n in range(2, 7)]
    for o in outlooks:
        assert o.win + o.push + o.lose == pytest.approx(1, abs=1e-12)
        assert sum(o.stop_after) == pytest.approx(1, abs=1e-12)
    wins = [o.win for o in outlooks]
    assert wins == sorted(wins, reverse=True)


def is_tie(a, b, objective):
    return not objective.prefers((a.win, a.push), (b.win, b.push)) and not objective.prefers(
        (b.win, b.push), (a.win, a.push))


def preference(move):
    """Stop first, then more dice kept, then the larger kept dice (smaller key = preferred)."""
    return (0,) if move.is_stop else (1, -len(move.keep), tuple(-d for d in move.keep))


@pytest.mark.parametrize("objective", [Objective(), DOLLAR])
@pytest.mark.parametrize("dice, rerolls, beat, after", [
    ((6, 6, 6, 6, 2, 3), 1, (4, 5), 1), ((2, 3, 4, 5, 6, 6), 2, (3, 4), 2), ((5, 5, 4, 4, 3, 2), 1, (6, 6), 0),
    ((1, 2, 2, 3, 3, 4), 2, None, 3), ((6, 5, 4, 3, 2, 1), 1, None, 0),
])
def test_moves_are_ranked_and_ties_broken_stop_first_then_more_then_larger_dice(dice, rerolls, beat, after,
                                                                                objective):
    advice = advise(dice, rerolls, beat=beat, after=after, objective=objective)
    moves = advice.moves
    assert moves[0] == advice.best
    assert len(moves) == 1 + len(INDEX.keeps_of(dice))
    for a, b in zip(moves, moves[1:], strict=False):
        assert not objective.prefers((b.win, b.push), (a.win, a.push))
        if is_tie(a, b, objective):
            assert preference(a) < preference(b)


def test_with_nobody_after_the_breaker_always_wins_at_once():
    advice = advise((2, 3, 4, 5, 6, 6), 2)
    assert advice.stop and advice.win == 1


def test_dollar_objective_trades_win_for_push_where_lexicographic_does_not():
    # Six 6s to beat, tied already by two players: any hand that cannot beat it still pushes.
    lex = advise((6, 6, 5, 5, 4, 2), 1, beat=(5, 6), after=1, cap=3)
    dollar = advise((6, 6, 5, 5, 4, 2), 1, beat=(5, 6), after=1, cap=3, objective=Objective("dollar", 1.0))
    assert lex.win >= dollar.win - 1e-12
    assert dollar.win + dollar.push >= lex.win + lex.push - 1e-12


@pytest.mark.parametrize("kwargs, words", [
    (dict(dice=(6, 6, 6), rerolls=1), "expected 6"),
    (dict(dice=(6, 6, 6, 6, 6, 7), rerolls=1), "integer 1-6"),
    (dict(dice=(6,) * 6, rerolls=3), "rerolls"),
    (dict(dice=(6,) * 6, rerolls=1, cap=2), "you break"),
    (dict(dice=(6,) * 6, rerolls=1, tied=True), "tie needs"),
    (dict(dice=(6,) * 6, rerolls=1, beat=(5, 5), cap=4), "cap 4"),
    (dict(dice=(6,) * 6, rerolls=1, beat=(5, 5), after=6), "players after"),
    (dict(dice=(6,) * 6, rerolls=1, beat=(7, 5)), "not a Piddle hand"),
])
def test_bad_positions_raise_value_errors(kwargs, words):
    with pytest.raises(ValueError, match=words):
        advise(**kwargs)


@pytest.mark.parametrize("kind, value", [("maximin", 0.5), ("dollar", 1.5), ("dollar", -0.1)])
def test_bad_objectives_raise(kind, value):
    with pytest.raises(ValueError):
        Objective(kind, value)


def test_tables_are_cached_versioned_and_rebuilt_when_damaged(tmp_path, monkeypatch):
    objective = Objective("dollar", 0.25)
    first = solver.tables_for(objective, tmp_path)
    path = solver.cache_path(objective, tmp_path)
    assert path.exists()
    loaded = solver.load_tables(path, objective)
    np.testing.assert_array_equal(loaded.round_values, first.round_values)

    path.write_bytes(b"not a zip at all")
    solver._MEMORY.clear()
    rebuilt = solver.tables_for(objective, tmp_path)
    np.testing.assert_array_equal(rebuilt.round_values, first.round_values)
    assert solver.load_tables(path, objective) is not None  # the damaged file was replaced

    monkeypatch.setattr(solver, "TABLES_SOURCE_KEY", "0123456789abcdef")  # the building code changed
    assert solver.load_tables(path, objective) is None  # tables of other code are not trusted
    solver._MEMORY.clear()
    solver.tables_for(objective, tmp_path)
    assert solver.cache_path(objective, tmp_path).exists() and solver.cache_path(objective, tmp_path) != path


def test_the_cache_key_is_the_building_codes_hash():
    from importlib import resources

    assert len(solver.TABLES_SOURCE_KEY) == 16 and solver.tables_source_key() == solver.TABLES_SOURCE_KEY
    kernels_source = resources.files("tablegames.piddle").joinpath("kernels.py").read_bytes()
    assert b"build_round_tables" in kernels_source  # the hash covers the module that builds the tables


def test_a_push_value_of_zero_plays_for_the_win_only():
    advice = advise((6, 6, 6, 6, 6, 2), 1, beat=(6, 6), objective=Objective("dollar", 0.0))
    # nothing can win: every move is worth zero dollars, so the tie-break picks stop
    assert advice.stop and advice.win == 0


def test_kernel_keep_average_matches_rolling_the_missing_dice():
    # keep 6,6,6,6 and roll two: P(at least one 6 or 1) = 1 - (4/6)^2
    term = np.zeros((3, kernels.HANDS, 3))
    term[:, :, 2] = 1.0
    term[:, 25, :] = (1.0, 0.0, 0.0)  # only six 6s wins
    term[:, 20, :] = (1.0, 0.0, 0.0)  # five 6s wins too
    values = np.zeros((3, kernels.FULL, 3))
    actions = np.zeros((3, kernels.FULL), dtype=np.int64)
    keep_values = np.zeros((3, kernels.MULTISETS, 3))
    kernels.solve_player(term, 1, 0, 0.5, *INDEX.kernel_args(), values, actions, keep_values)
    assert keep_values[0, INDEX.id_of[(6, 6, 6, 6)], 0] == pytest.approx(1 - Fraction(4, 6) ** 2)


def test_tables_of_another_objective_are_refused():
    tables = solver.tables_for(DOLLAR)
    with pytest.raises(ValueError, match="cannot answer"):
        advise((6, 6, 6, 2, 3, 1), 2, beat=(5, 5), objective=Objective(), tables=tables)
    assert advise((6, 6, 6, 2, 3, 1), 2, beat=(5, 5), tables=tables).keep == (6, 6, 6, 1)


@settings(max_examples=150, deadline=None)
@given(dice=st.tuples(*[st.integers(1, 6)] * 6), rerolls=st.integers(0, 2), beat=st.sampled_from((None,) + ALL_HANDS),
       tied=st.booleans(), after=st.integers(0, 5), cap=st.integers(1, 3), dollar=st.booleans())
def test_any_position_the_best_move_leads_a_ranking_of_distributions(dice, rerolls, beat, tied, after, cap, dollar):
    objective = DOLLAR if dollar else Objective()
    breaking = beat is None
    advice = advise(dice, rerolls, beat=beat, tied=tied and not breaking, after=after,
                    cap=None if breaking else cap, objective=objective)
    assert advice.moves[0] == advice.best
    for move in advice.moves:
        assert move.win + move.push + move.lose == pytest.approx(1, abs=1e-12)
        assert not objective.prefers((move.win, move.push), (advice.win, advice.push))
    assert (rerolls == 0) <= advice.stop  # no rerolls left: stopping is the only move
