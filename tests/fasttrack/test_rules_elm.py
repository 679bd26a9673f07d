"""The Elm original's tests (spec 12.1): a 3-zone board [red, blue, green], blue to move unless said."""

from tablegames.fasttrack.board import layout, parse_board
from tablegames.fasttrack.cards import parse_cards
from tablegames.fasttrack.rules import (
    has_fast_track_piece,
    legal_moves,
    movable_pieces,
    reachable_ends,
    seven_moves_from,
    split_finish_moves,
    trade_targets,
)

LAY = layout(3)
BLUE = (1,)


def sq(name):
    return LAY.parse_square(name)


def labels(board, hand, colours=BLUE):
    return sorted(m.label(LAY) for m in legal_moves(board, LAY, parse_cards(hand), colours))


def names(squares):
    return sorted(LAY.square_name(s) for s in squares)


def test_cards_two_and_three():
    board = parse_board(LAY, {"blue": "red.L0 green.R3 blue.L3 blue.L0", "green": "green.L3"})
    assert labels(board, "2 3") == sorted(
        [
            "2 red.L0->red.L2", "2 green.R3->green.R1", "2 blue.L3->blue.FT", "2 blue.L0->blue.L2",
            "3 red.L0->red.L3", "3 blue.L3->green.R4", "3 blue.L3->BE", "3 green.R3->green.R0",
        ]
    )  # fmt: skip


def test_forced_reverse():
    board = parse_board(LAY, {"blue": "blue.B1 blue.B2 blue.R0"})
    assert labels(board, "3 8") == ["R3 blue.R0->blue.R3", "R8 blue.R0->red.L2"]


def test_reverse_seven_does_not_split():
    board = parse_board(LAY, {"blue": "blue.B3 blue.B1 blue.R0"})
    assert labels(board, "7") == ["R7 blue.R0->red.L3"]


def test_seven_ft_edge_case():
    board = parse_board(LAY, {"blue": "blue.B1 blue.L0"})
    assert labels(board, "7") == sorted(
        [
            "SS1 blue.B1->blue.B2", "SS2 blue.B1->blue.B3", "SS3 blue.B1->blue.B4",
            "SS4 blue.L0->blue.L4", "SS6 blue.L0->green.R4", "7 blue.L0->green.R3",
        ]
    )  # fmt: skip


def test_moves_for_a_two():
    board = parse_board(LAY, {"blue": "red.L0 green.R4 blue.L3", "green": "green.L3"})
    assert labels(board, "2") == ["2 blue.L3->blue.FT", "2 green.R4->green.R2", "2 red.L0->red.L2"]


def test_finish_split_three():
    board = parse_board(LAY, {"blue": "green.R4 blue.B1 green.L2", "red": "red.L2"})
    moves = split_finish_moves(board, LAY, 3, sq("green.R4"), BLUE)
    assert sorted(m.label(LAY) for m in moves) == ["FS3 blue.B1->blue.B4", "FS3 green.L2->green.FT"]


def test_movable_pieces_offer_only_the_highest_pen_piece():
    board = parse_board(
        LAY,
        {
            "blue": "red.L0 green.FT blue.L3 blue.HP1 blue.HP2 blue.B2",
            "red": "red.L2 blue.FT",
            "green": "blue.L4",
        },
    )
    assert names(movable_pieces(board, LAY, BLUE)) == names(
        [sq(n) for n in ("red.L0", "green.FT", "blue.L3", "blue.HP2", "blue.B2")]
    )


def test_other_non_pen_pieces():
    board = parse_board(
        LAY, {"blue": "red.L1 green.FT blue.L3 blue.HP1 blue.B2", "red": "blue.FT"}
    )
    others = [s for s in movable_pieces(board, LAY, BLUE) if not LAY.is_pen[s] and s != sq("red.L1")]
    assert names(others) == ["blue.B2", "blue.L3", "green.FT"]


def test_end_locations():
    one = parse_board(LAY, {"blue": "red.L1"})
    assert names(reachable_ends(one, LAY, sq("red.L1"), 8, BLUE)) == ["blue.R1"]
    assert names(reachable_ends(parse_board(LAY, {"blue": "blue.L2"}), LAY, sq("blue.L2"), 7, BLUE)) == [
        "green.R1"
    ]
    board = parse_board(LAY, {"blue": "blue.R1 blue.B1"})
    assert names(m.end for m in seven_moves_from(board, LAY, sq("blue.B1"), BLUE)) == ["blue.B3", "blue.B4"]
    obliged = parse_board(LAY, {"blue": "green.FT red.L1"})
    assert reachable_ends(obliged, LAY, sq("red.L1"), 8, BLUE) == []
    blocked = parse_board(LAY, {"blue": "red.L1 blue.R3"})
    assert reachable_ends(blocked, LAY, sq("red.L1"), 8, BLUE) == []


def test_has_a_piece_on_the_fast_track():
    assert has_fast_track_piece(parse_board(LAY, {"blue": "red.FT"}), LAY, BLUE)
    assert not has_fast_track_piece(parse_board(LAY, {"green": "red.FT"}), LAY, BLUE)
    assert not has_fast_track_piece(parse_board(LAY, {"blue": "blue.L0 green.R4"}), LAY, BLUE)


def test_swappable_squares():
    board = parse_board(
        LAY,
        {
            "blue": "blue.L0 green.L1",
            "green": "green.HP1 green.L0 blue.L1",
            "red": "red.HP1 red.B1 red.R3",
        },
    )
    assert names(trade_targets(board, LAY, sq("blue.L0"))) == ["blue.L1", "green.L0", "red.R3"]


def test_can_go_n_spaces():
    def can_go(extra, count, start="red.L1"):
        board = parse_board(LAY, {"blue": f"{start} {extra}".strip()})
        return bool(reachable_ends(board, LAY, sq(start), count, BLUE))

    assert can_go("", 7)
    assert not can_go("green.FT", 1)
    assert not can_go("red.L3", 2)
    assert can_go("", 4, start="blue.DS")
    assert can_go("blue.R4", 4)
    assert not can_go("blue.R4", 5)
