"""Board numbering, turning tables, names and routes (spec 2, 12.1.1, 12.2)."""

import pytest

from tablegames.fasttrack.board import EMPTY, MAX_STEPS, layout, parse_board, routes_as_arrays, turn


def names(lay, squares):
    return [lay.square_name(s) for s in squares]


def test_zone_order_on_three_zones():
    lay = layout(3)
    green, red = 2, 0
    assert lay.prev_zone(green) == 1 and lay.next_zone(green) == red and lay.prev_zone(red) == green


def test_numbering_of_the_four_zone_board():
    lay = layout(4)
    assert lay.size == 89 and lay.bullseye == 88
    assert lay.parse_square("green.L0") == 55
    assert lay.square_name(82) == "purple.FT"
    assert lay.relative[1, 22] == 0 and lay.relative[1, 0] == 66 and lay.relative[0, 57] == 57
    for colour in range(4):
        assert lay.relative[colour, 88] == 88 and lay.absolute[colour, 88] == 88
        assert all(lay.absolute[colour, lay.relative[colour, s]] == s for s in range(89))
    assert lay.absolute[2, lay.relative[2, 40]] == 40


@pytest.mark.parametrize("zones", [2, 3, 4, 5, 6])
def test_names_round_trip_on_every_board_size(zones):
    lay = layout(zones)
    assert lay.size == 22 * zones + 1
    assert [lay.parse_square(lay.square_name(s)) for s in range(lay.size)] == list(range(lay.size))


@pytest.mark.parametrize("bad", ["blue", "red.XX", "pink.L0", "", "blue.R4.x"])
def test_bad_square_names_say_what_was_expected(bad):
    with pytest.raises(ValueError, match="expected 'BE' or COLOUR.SQUARE"):
        layout(4).parse_square(bad)


def test_a_colour_beyond_the_board_is_rejected():
    with pytest.raises(ValueError, match="COLOUR one of red, blue, green"):
        layout(3).parse_square("purple.L0")


@pytest.mark.parametrize("zones", [1, 7, "4"])
def test_zone_count_is_checked(zones):
    with pytest.raises(ValueError, match="from 2 to 6"):
        layout(zones)


def test_red_routes_of_the_roc_checks():
    lay = layout(4)
    red = lay.red_routes
    sq = lay.parse_square
    assert [names(lay, p) for p in red.forward[sq("red.L1")][8]] == [
        ["red.L2", "red.L3", "red.L4", "red.FT", "blue.R4", "blue.R3", "blue.R2", "blue.R1"]
    ]
    assert sorted(p[-1] for p in red.forward[sq("red.FT")][1]) == sorted(
        [sq("blue.FT"), sq("blue.R4"), lay.bullseye]
    )
    assert names(lay, red.forward[sq("red.DS")][4][0]) == ["red.B1", "red.B2", "red.B3", "red.B4"]
    assert names(lay, red.backward[sq("red.L0")][4]) == ["red.HH", "red.DS", "red.BR", "red.R0"]


def test_long_way_from_l0_to_b4_is_58_steps():
    # 5 to the own FT, 14 a foreign zone, 1 to the own R4, 6 to DS, 4 into the base.
    lay = layout(4)
    walk = [lay.parse_square("red.L0")]
    routes = lay.red_routes
    while len(walk) < 60:
        paths = routes.forward[walk[-1]][1]
        if not paths:
            break
        # never hop: take the first non-FT, non-bullseye neighbour a mid-move piece would take
        options = [p[-1] for p in paths if p[-1] != lay.bullseye and not (lay.is_fast[walk[-1]] and lay.is_fast[p[-1]])]
        walk.append(options[0])
    assert lay.square_name(walk[-1]) == "red.B4" and len(walk) - 1 == 58


def test_fast_track_hops_only_from_an_ft_start_and_bullseye_only_as_last_step():
    lay = layout(4)
    red = lay.red_routes
    sq = lay.parse_square
    # from the own L4, 2 steps: FT then blue R4 or the bullseye; no hop mid-move
    assert sorted(names(lay, [p[-1] for p in red.forward[sq("red.L4")][2]])) == ["BE", "blue.R4"]
    # from the own FT, 4 steps can hop round to the own R4 (exit FT -> own R4 only)
    ends = {p[-1] for p in red.forward[sq("red.FT")][4]}
    assert sq("red.R4") in ends and sq("red.FT") not in ends
    # nothing walks on from the bullseye except the 1-step way out to the exit FT (purple's)
    assert names(lay, [p[-1] for p in red.forward[88][1]]) == ["purple.FT"]
    assert all(88 not in p[:-1] for s in range(89) for n in range(1, 11) for p in red.forward[s][n])
    # a backward walk never enters a base or the bullseye; R4 steps back to the previous zone's FT
    assert names(lay, red.backward[sq("blue.R4")][1]) == ["red.FT"]
    assert red.backward[sq("red.B2")][1] is None and red.backward[88][1] is None


def test_colour_routes_are_red_routes_turned():
    lay = layout(4)
    for colour in range(4):
        routes = lay.colour_routes[colour]
        for s in range(lay.size):
            red_start = turn(s, -colour, 4)
            for n in range(1, MAX_STEPS + 1):
                expected = [tuple(turn(x, colour, 4) for x in p) for p in lay.red_routes.forward[red_start][n]]
                assert list(routes.forward[s][n]) == expected


def test_route_arrays_hold_the_same_walks():
    lay = layout(4)
    first, count, paths, back = routes_as_arrays(lay.red_routes)
    for s in range(lay.size):
        for n in range(1, MAX_STEPS + 1):
            walks = [tuple(int(x) for x in paths[first[s, n] + i, :n]) for i in range(count[s, n])]
            assert walks == list(lay.red_routes.forward[s][n])
            expected_back = lay.red_routes.backward[s][n]
            assert (tuple(int(x) for x in back[s, n, :n]) if back[s, n, 0] != EMPTY else None) == expected_back


def test_pixel_centres_match_the_spec_table():
    lay = layout(4)
    table = {
        "red.HP1": (98.8, 345.8), "red.B4": (208, 286), "red.FT": (156, 260), "red.R0": (260, 390),
        "blue.HP4": (44.2, 124.8), "blue.L0": (26, 156), "blue.FT": (156, 156),
        "green.HH": (234, 26), "green.R4": (156, 130), "purple.DS": (390, 208), "purple.L4": (286, 260),
    }  # fmt: skip
    for name, (px, py) in table.items():
        x, y = lay.centre(lay.parse_square(name))
        assert (round(208 + 26 * x, 1), round(208 + 26 * y, 1)) == (px, py), name
    assert lay.centre(88) == (0.0, 0.0)


def test_parse_board_rejects_a_square_named_twice():
    with pytest.raises(ValueError, match="named twice"):
        parse_board(layout(4), {"red": "red.L0", "blue": "red.L0"})
