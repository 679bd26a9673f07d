"""Partnerships (spec 9 and the Roc team checks of 12.2), red to play."""

import pytest

from tablegames.fasttrack.board import layout, parse_board
from tablegames.fasttrack.cards import parse_cards
from tablegames.fasttrack.game import FastTrackGame, Partnership
from tablegames.fasttrack.rules import SPLIT_START, legal_moves

LAY = layout(4)
RED, GREEN = 0, 2
HOME = {"red.B1": "red", "red.B2": "red", "red.B3": "red", "red.B4": "red"}


def test_movers_by_style():
    assert FastTrackGame.from_position({}, partnership=Partnership.ANYTIME).movers() == (RED, GREEN)
    assert FastTrackGame.from_position({}, partnership=Partnership.SOLO).movers() == (RED,)
    assert FastTrackGame.from_position({}, partnership=Partnership.ONCE_HOME).movers() == (RED,)
    # a seat whose own pieces are all home: its partner's become movable (red is home, so the game is over for
    # Solo; check OnceHome on the position, before anyone acts)
    game = FastTrackGame.from_position(dict(HOME), partnership=Partnership.ONCE_HOME)
    assert game.movers(RED) == (RED, GREEN)


def starts(pieces, hand):
    board = parse_board(LAY, pieces)
    return sorted({LAY.square_name(m.start) for m in legal_moves(board, LAY, parse_cards(hand), (RED, GREEN))})


def test_anytime_both_colours_can_start():
    assert starts({"red": "red.L0", "green": "green.L0"}, "2") == ["green.L0", "red.L0"]


def test_fast_track_obligation_covers_the_partner():
    assert starts({"red": "red.L0", "green": "blue.FT"}, "2") == ["blue.FT"]


def test_a_split_seven_may_use_both_colours():
    board = parse_board(LAY, {"red": "red.L0", "green": "green.L0"})
    moves = legal_moves(board, LAY, parse_cards("7"), (RED, GREEN))
    assert any(m.kind == SPLIT_START and len(m.path) == 3 for m in moves)


def test_capturing_the_partner_is_legal():
    board = parse_board(LAY, {"red": "red.L0", "green": "red.L3"})
    moves = legal_moves(board, LAY, parse_cards("3 2"), (RED, GREEN))
    assert any(m.start == LAY.parse_square("red.L0") and m.end == LAY.parse_square("red.L3") for m in moves)


def test_winners():
    green_home = {f"green.B{i}": "green" for i in range(1, 5)}
    anytime_red_only = FastTrackGame.from_position(dict(HOME), partnership=Partnership.ANYTIME)
    assert anytime_red_only.find_winners() == () and not anytime_red_only.is_terminal()
    both = FastTrackGame.from_position({**HOME, **green_home}, partnership=Partnership.ANYTIME)
    assert both.find_winners() == (RED, GREEN)
    solo = FastTrackGame.from_position(dict(HOME), partnership=Partnership.SOLO)
    assert solo.find_winners() == (RED,)


def test_partnerships_need_an_even_table():
    for players in (2, 3, 5):
        with pytest.raises(ValueError, match="expected 4 or 6 players"):
            FastTrackGame(players=players, partnership=Partnership.ANYTIME)
    assert FastTrackGame(players=6, partnership=Partnership.ANYTIME).movers(1) == (1, 4)
