"""Distances home on an empty board (spec 12.2: agent distances and Reach), for red on four zones."""

from tablegames.fasttrack.board import layout
from tablegames.fasttrack.reach import cards_home, steps_home

LAY = layout(4)


def at(values, name):
    return values[LAY.parse_square(name)]


def test_agent_distances():
    distance = steps_home(LAY, 0)
    expected = {"red.B4": 0, "red.B1": 3, "red.FT": 14, "red.L0": 19, "red.HP1": 24, "purple.FT": 11, "BE": 18}
    assert {name: at(distance, name) for name in expected} == expected


def test_distances_turn_with_the_colour():
    red, green = steps_home(LAY, 0), steps_home(LAY, 2)
    assert all(green[LAY.absolute[2, s]] == red[s] for s in range(LAY.size))


def test_fewest_cards_home():
    plain = cards_home(LAY, 0)
    for name in ("red.B3", "red.B1", "red.BR", "red.R0", "red.R4"):
        assert at(plain, name) == 1, name
    assert at(plain, "red.L0") == 2 and at(plain, "red.L1") == 2
    assert at(plain, "red.DS") == 2  # there is no 4 forward: 1 then 3
    free = cards_home(LAY, 0, free_face_card=True)
    assert at(free, "red.DS") == 1  # Q then 3
    assert at(free, "red.L2") == 2
    assert at(plain, "red.B4") == 0 and at(plain, "blue.HP1") == -1
