"""The two sides of every checkers piece set stay apart for red-green colour-blind players: their body colours
under the Machado 2009 simulation (tests/colour_vision.py) differ by at least Delta E 25."""

import pytest

from colour_vision import too_close
from tablegames.ui.checkers.recipes import PIECE_SETS


@pytest.mark.parametrize("piece_set", PIECE_SETS, ids=[s.name for s in PIECE_SETS])
def test_the_two_sides_differ_for_protanopia_and_deuteranopia(piece_set):
    colours = [look.colour for look in piece_set.looks]
    assert too_close(colours, piece_set.side_names) == []
