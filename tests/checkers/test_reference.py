"""The bitboard engine against the independent 8x8 reference generator, over random reachable positions
(random games from the start, long enough to crown kings) and random sparse positions full of kings, where
long multi-jumps and capture rings happen."""

from hypothesis import HealthCheck, given, settings, target
from hypothesis import strategies as st

from tablegames.checkers import reference
from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.position import Piece, Position

LETTERS = {
    Piece.BLACK_MAN: reference.BLACK_MAN,
    Piece.BLACK_KING: reference.BLACK_KING,
    Piece.WHITE_MAN: reference.WHITE_MAN,
    Piece.WHITE_KING: reference.WHITE_KING,
}


def reference_board(position: Position) -> list[list[str]]:
    pieces = {}
    for square in range(1, 33):
        piece = position.piece_at(square)
        if piece != Piece.EMPTY:
            pieces[square] = LETTERS[piece]
    return reference.board_from_squares(pieces)


def assert_same_moves(position: Position) -> None:
    board = reference_board(position)
    expected = reference.legal_paths(board, position.turn == BLACK)
    moves = position.legal_moves(unique=False)
    assert {move.path for move in moves} == expected, position.fen
    assert len(moves) == len(expected), position.fen
    for move in moves:
        assert move.captured == reference.captured_squares(board, move.path), position.fen
    distinct = {(path[0], path[-1], frozenset(reference.captured_squares(board, path))) for path in expected}
    assert len(position.legal_moves(unique=True)) == len(distinct), position.fen


def assert_same_result(position: Position, move) -> Position:
    after = position.apply_unchecked(move)
    board = reference_board(position)
    reference.play_path(board, move.path)
    assert reference_board(after) == board, (position.fen, move.notation)
    return after


def reference_perft(board, black_to_move: bool, depth: int, unique: bool) -> int:
    if depth == 0:
        return 1
    paths = reference.legal_paths(board, black_to_move)
    if unique:
        chosen = {}
        for path in sorted(paths):
            chosen.setdefault((path[0], path[-1], frozenset(reference.captured_squares(board, path))), path)
        paths = set(chosen.values())
    total = 0
    for path in paths:
        child = [row[:] for row in board]
        reference.play_path(child, path)
        total += reference_perft(child, not black_to_move, depth - 1, unique)
    return total


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10**6), min_size=20, max_size=160))
def test_random_games_agree_with_reference(choices):
    position = Position.initial()
    for choice in choices:
        assert_same_moves(position)
        moves = position.legal_moves(unique=False)
        if not moves:
            break
        position = assert_same_result(position, moves[choice % len(moves)])


@st.composite
def sparse_positions(draw):
    squares = draw(st.permutations(range(1, 33)))
    black_count = draw(st.integers(1, 8))
    white_count = draw(st.integers(1, 10))
    black = squares[:black_count]
    white = squares[black_count : black_count + white_count]
    black_kings = [s for s in black if s >= 29 or draw(st.booleans())]
    white_kings = [s for s in white if s <= 4 or draw(st.integers(0, 3)) == 0]
    return Position.from_squares(
        draw(st.sampled_from([BLACK, WHITE])),
        [s for s in black if s not in black_kings],
        black_kings,
        [s for s in white if s not in white_kings],
        white_kings,
    )


@settings(max_examples=1000, deadline=None)
@given(sparse_positions())
def test_sparse_king_positions_agree_with_reference(position):
    assert_same_moves(position)
    target(max((len(m.captured) for m in position.legal_moves()), default=0), label="longest capture")
    for move in position.legal_moves(unique=False):
        assert_same_result(position, move)


@settings(max_examples=60, deadline=None)
@given(sparse_positions(), st.booleans())
def test_perft_agrees_with_reference(position, unique):
    board = reference_board(position)
    assert position.perft(3, count_duplicates=not unique) == reference_perft(
        board, position.turn == BLACK, 3, unique
    ), position.fen


def test_reference_finds_a_long_king_capture():
    # Engine-independent check of the reference itself: a king's ring returns to its square.
    board = reference.board_from_squares({10: "B", 14: "w", 15: "w", 22: "w", 23: "w"})
    assert reference.legal_paths(board, True) == {(10, 17, 26, 19, 10), (10, 19, 26, 17, 10)}


def test_engine_and_reference_agree_on_long_king_captures():
    for fen in ["B:W6,7,14,15,22,23:BK1", "W:WK32:B27,26,19,18,11,10", "B:W6,7,14,15,22,23,24:BK1"]:
        position = Position.from_fen(fen)
        assert_same_moves(position)
        assert max(len(move.captured) for move in position.legal_moves()) >= 4
