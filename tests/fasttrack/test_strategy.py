"""Square values (spec 11.2 and the strategy check of 12.2)."""


from tablegames.fasttrack.board import layout, parse_board
from tablegames.fasttrack.strategy import board_value, square_value

LAY = layout(4)


def test_square_values_from_reds_side():
    assert square_value(LAY, 0, LAY.parse_square("red.B4")) == 6100
    assert square_value(LAY, 0, LAY.parse_square("blue.R4")) == 100
    assert square_value(LAY, 0, LAY.parse_square("red.HP1")) == 0
    assert square_value(LAY, 0, LAY.bullseye) == 4100


def test_values_turn_with_the_colour():
    assert square_value(LAY, 2, LAY.parse_square("purple.R4")) == 100  # the zone after green's own
    assert square_value(LAY, 1, LAY.parse_square("blue.B4")) == 6100


def test_worked_example_with_base_bonus_1000():
    board = parse_board(LAY, {"red": "red.B1 red.B2", "blue": "blue.B4"})
    assert board_value(board, LAY, (0,), base_bonus=1000) == 5800 + 1000 + 5900 + 2000


def test_other_boards_read_the_four_zone_rows():
    three, six = layout(3), layout(6)
    assert square_value(three, 0, three.parse_square("green.L4")) == 5200  # the zone before the own
    assert square_value(three, 0, three.parse_square("blue.FT")) == 5400  # the next zone
    assert square_value(six, 0, six.parse_square("purple.FT")) == 5200  # "two on" stands for every middle zone
    assert square_value(six, 1, six.parse_square("red.R4")) == 900  # blue's zone before the own is red's
