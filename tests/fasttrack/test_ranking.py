"""The ranking of squares and the square values file generated from it."""

from tablegames.fasttrack.board import layout
from tablegames.fasttrack.ranking import VALUES_PATH, load_values, places, stage_routes, values_text
from tablegames.fasttrack.strategy import SQUARE_VALUES, strategy_named

LAY = layout(4)


def test_values_file_is_regenerated_identically():
    assert VALUES_PATH.read_text(encoding="utf-8") == values_text()


def test_base_squares_rank_first_deeper_first_and_the_pen_last():
    place = places()
    b1, b2, b3, b4 = (place[LAY.parse_square(f"red.B{i}")] for i in range(1, 5))
    assert (b4, b3, b2, b1) == (0, 1, 2, 3)
    pen = [place[LAY.parse_square(f"red.HP{i}")] for i in range(1, 5)]
    assert len(set(pen)) == 1 and pen[0] == max(place.values())  # the pen squares share the worst place
    assert LAY.parse_square("blue.HP1") not in place and LAY.parse_square("blue.B1") not in place


def test_values_are_100_points_a_place_with_the_roc_ends():
    zones, bullseye = load_values()
    assert zones[0][4:8] == SQUARE_VALUES[0][4:8] == (5800, 5900, 6000, 6100)  # B1..B4
    assert zones[0][:4] == (0, 0, 0, 0) and all(row[:8] == (0,) * 8 for row in zones[1:])
    assert all(v % 100 == 0 for row in zones for v in row) and bullseye % 100 == 0
    assert strategy_named("ranked").square_values == zones


def test_fewest_cards_into_the_base():
    cards, routes = stage_routes(LAY, tuple(c for c in range(13)), True)
    at = LAY.parse_square
    assert cards[at("red.DS")] == 1 and cards[at("red.R4")] == 1  # an A, J, Q or K; a 7 .. 10
    assert cards[at("red.L0")] == 2
    assert routes[at("red.R2")] > routes[at("red.R1")]  # 5, 6, 7, 8 and face cards against 5, 6, 7
