"""The three-move ballot: the published counts, every opening playable, a reproducible seeded choice."""

import pytest

from tablegames.checkers.openings import ACCEPTED, BALLOT, choose_openings


def test_the_ballot_has_174_openings_of_which_156_are_accepted():
    assert len(BALLOT) == 174 and len(ACCEPTED) == 156
    assert [o.number for o in BALLOT] == list(range(1, 175))
    assert BALLOT[0].notation == "9-13 21-17 5-9" and BALLOT[-1].notation == "12-16 24-20 10-15"


def test_every_opening_is_three_legal_moves_to_a_distinct_position():
    positions = [opening.position() for opening in BALLOT]  # game() plays each move, refusing illegal ones
    assert len(set(positions)) == 174
    assert all(position.turn == 1 for position in positions)  # White to move after three plies


def test_choice_is_seeded_and_skips_barred_and_excluded_openings():
    first = choose_openings(10, 1)
    assert first == choose_openings(10, 1)
    assert first != choose_openings(10, 2)
    assert not any(o.barred for o in first)
    excluded = frozenset(o.number for o in first)
    assert not excluded & {o.number for o in choose_openings(100, 1, excluded)}
    with pytest.raises(ValueError, match="1-146 accepted openings"):
        choose_openings(147, 1, excluded)


def test_the_tools_cap_their_opening_counts_at_the_accepted_openings():
    from tablegames.checkers.commands import BALLOT_OPENINGS

    assert len(ACCEPTED) == BALLOT_OPENINGS
