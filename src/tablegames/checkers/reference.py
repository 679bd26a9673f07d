"""A slow, independent move generator written from the rules alone, to check the bitboard engine against.

It shares no code with engine.py or position.py: the board is an 8x8 list of lists, squares are (row, column)
with row 0 at the top (squares 1-4, Black's side) and the dark squares where row + column is odd. Black men move
down the rows (toward 29-32), White men up. Moves are returned as tuples of PDN squares (the landing path).
"""

from __future__ import annotations

EMPTY = "."
BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING = "b", "B", "w", "W"
DIAGONALS = ((1, -1), (1, 1), (-1, -1), (-1, 1))


def square_to_cell(square: int) -> tuple[int, int]:
    row = (square - 1) // 4
    column = 2 * ((square - 1) % 4) + (1 if row % 2 == 0 else 0)
    return row, column


def cell_to_square(row: int, column: int) -> int:
    return row * 4 + column // 2 + 1


def empty_board() -> list[list[str]]:
    return [[EMPTY] * 8 for _ in range(8)]


def board_from_squares(pieces: dict[int, str]) -> list[list[str]]:
    """A board from {square: piece letter}."""
    board = empty_board()
    for square, piece in pieces.items():
        row, column = square_to_cell(square)
        board[row][column] = piece
    return board


def _is_black(piece: str) -> bool:
    return piece in (BLACK_MAN, BLACK_KING)


def _belongs_to(piece: str, black_to_move: bool) -> bool:
    return piece != EMPTY and _is_black(piece) == black_to_move


def _directions(piece: str) -> tuple[tuple[int, int], ...]:
    if piece in (BLACK_KING, WHITE_KING):
        return DIAGONALS
    return DIAGONALS[:2] if piece == BLACK_MAN else DIAGONALS[2:]


def _on_board(row: int, column: int) -> bool:
    return 0 <= row < 8 and 0 <= column < 8


def _crowning_row(piece: str) -> int | None:
    if piece == BLACK_MAN:
        return 7
    if piece == WHITE_MAN:
        return 0
    return None


def _capture_paths(
    board: list[list[str]], piece: str, row: int, column: int, black_to_move: bool, taken: frozenset[tuple[int, int]]
) -> list[list[tuple[int, int, int, int]]]:
    """Every maximal continuation from (row, column): lists of (landing row, col, taken row, col)."""
    paths: list[list[tuple[int, int, int, int]]] = []
    for d_row, d_column in _directions(piece):
        over_row, over_column = row + d_row, column + d_column
        land_row, land_column = row + 2 * d_row, column + 2 * d_column
        if not _on_board(land_row, land_column) or (over_row, over_column) in taken:
            continue
        victim = board[over_row][over_column]
        if victim == EMPTY or _belongs_to(victim, black_to_move) or board[land_row][land_column] != EMPTY:
            continue
        jump = (land_row, land_column, over_row, over_column)
        if land_row == _crowning_row(piece):  # crowned: the move ends here
            paths.append([jump])
            continue
        continuations = _capture_paths(
            board, piece, land_row, land_column, black_to_move, taken | {(over_row, over_column)}
        )
        if continuations:
            paths.extend([jump] + rest for rest in continuations)
        else:
            paths.append([jump])
    return paths


def legal_paths(board: list[list[str]], black_to_move: bool) -> set[tuple[int, ...]]:
    """Every legal move as its path of PDN squares (every capture route, duplicates included)."""
    captures: set[tuple[int, ...]] = set()
    steps: set[tuple[int, ...]] = set()
    for row in range(8):
        for column in range(8):
            piece = board[row][column]
            if not _belongs_to(piece, black_to_move):
                continue
            origin = cell_to_square(row, column)
            board[row][column] = EMPTY  # the moving piece no longer blocks its own route
            for path in _capture_paths(board, piece, row, column, black_to_move, frozenset()):
                captures.add((origin,) + tuple(cell_to_square(r, c) for r, c, _, _ in path))
            board[row][column] = piece
            for d_row, d_column in _directions(piece):
                to_row, to_column = row + d_row, column + d_column
                if _on_board(to_row, to_column) and board[to_row][to_column] == EMPTY:
                    steps.add((origin, cell_to_square(to_row, to_column)))
    return captures if captures else steps


def captured_squares(board: list[list[str]], path: tuple[int, ...]) -> tuple[int, ...]:
    """The squares jumped over along a capture path."""
    result = []
    for start, end in zip(path, path[1:], strict=False):
        (r0, c0), (r1, c1) = square_to_cell(start), square_to_cell(end)
        if abs(r1 - r0) == 2:
            result.append(cell_to_square((r0 + r1) // 2, (c0 + c1) // 2))
    return tuple(result)


def play_path(board: list[list[str]], path: tuple[int, ...]) -> None:
    """Play a legal path on the board in place (captured pieces removed, crowning applied)."""
    start_row, start_column = square_to_cell(path[0])
    piece = board[start_row][start_column]
    for square in captured_squares(board, path):
        row, column = square_to_cell(square)
        board[row][column] = EMPTY
    board[start_row][start_column] = EMPTY
    end_row, end_column = square_to_cell(path[-1])
    if end_row == _crowning_row(piece):
        piece = piece.upper()
    board[end_row][end_column] = piece
