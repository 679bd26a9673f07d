"""Rule facts of English draughts (spec: ../shared/specs/checkers.md), each on a small position."""

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.position import Piece, Position


def notations(fen: str) -> list[str]:
    return [move.notation for move in Position.from_fen(fen).legal_moves()]


def test_black_moves_first_with_seven_moves():
    start = Position.initial()
    assert start.turn == BLACK
    assert start.squares(Piece.BLACK_MAN) == list(range(1, 13))
    assert start.squares(Piece.WHITE_MAN) == list(range(21, 33))
    assert len(start.legal_moves()) == 7


def test_capture_is_compulsory():
    # Man 1 could step to 5 or 6, but the man on 14 can jump 18.
    assert notations("B:W18:B14,1") == ["14x23"]


def test_multi_jump_continues_to_the_end():
    assert notations("B:W18,26:B14") == ["14x23x30"]


def test_any_capture_sequence_may_be_chosen():
    # A short and a long capture are both legal: there is no majority rule.
    assert notations("B:W18,26,27,19,11:BK14") == ["14x23x16x7", "14x23x30", "14x23x32"]
    assert notations("B:W18,26,11:B14,7") == ["7x16", "14x23x30"]


def test_crowning_ends_the_move():
    # The man lands on 31 and is crowned; as a king it could go on over 27, but the move stops.
    moves = Position.from_fen("B:W26,27:B22").legal_moves()
    assert [move.notation for move in moves] == ["22x31"]
    assert moves[0].is_crowning
    after = Position.from_fen("B:W26,27:B22").apply(moves[0])
    assert after.piece_at(31) == Piece.BLACK_KING and after.piece_at(27) == Piece.WHITE_MAN


def test_a_king_continues_where_a_man_would_be_crowned():
    assert notations("B:W26,27:BK22") == ["22x31x24"]


def test_men_never_jump_backwards():
    assert notations("B:W10:B14") == ["14-17", "14-18"]
    assert notations("W:W19:B23") == ["19-15", "19-16"]


def test_kings_move_and_jump_both_ways():
    assert notations("B:W10,18:BK14") == ["14x7", "14x23"]
    assert notations("W:WK14:B1") == ["14-9", "14-10", "14-17", "14-18"]


def test_white_men_move_toward_lower_numbers_and_crown_on_1_to_4():
    moves = Position.from_fen("W:W6:B13").legal_moves()
    assert [move.notation for move in moves] == ["6-1", "6-2"]
    assert all(move.is_crowning for move in moves)


def test_captured_king_leaves_no_king_behind():
    after = Position.from_fen("B:WK18:B14").apply(Position.from_fen("B:WK18:B14").legal_moves()[0])
    assert after.kings == 0 and after.white == 0
    assert after.turn == WHITE


def test_blocked_side_has_no_legal_move():
    assert notations("B:W8,11:B4") == []
    assert notations("B:W8:B") == []


def test_only_capturers_are_movable_when_a_capture_exists():
    position = Position.from_fen("B:W18:B14,1")
    assert position.movable_squares() == [14]
    assert [m.notation for m in position.moves_from(14)] == ["14x23"]
    assert position.moves_from(1) == []
