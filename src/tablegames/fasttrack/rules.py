"""Legal moves of Fast Track over an occupancy board (spec sections 4-6), pure and deterministic.

A board here is a list (or array) of `layout.size` integers: EMPTY or the colour of the piece on the square.
`colours` are the colours the player may move (own colour, and the partner's in a partnership). Move generation
reads routes from the layout's precomputed tables and checks that the walk passes no piece of the moving piece's
own colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .board import EMPTY, Board, Layout, MutableBoard
from .cards import (
    FOUR,
    JACK,
    LEAVES_BULLSEYE,
    LEAVES_PEN,
    RANK_NAMES,
    SEVEN,
    steps,
)

# Kinds of move.
STEP = 0  # a forward walk (including leaving the pen or the bullseye)
BACK = 1  # the 4's backward walk in the forward phase
REVERSE = 2  # any card walked backward because nothing could move forward
TRADE = 3  # a jack swapping two pieces
SPLIT_START = 4  # the first half of a split 7
SPLIT_FINISH = 5  # the second half of a split 7


class Move(NamedTuple):
    card: int
    kind: int
    start: int
    end: int
    path: tuple[int, ...]  # squares walked after start, the last being `end`; empty for a trade

    def label(self, layout: Layout) -> str:
        """'3 blue.L3->BE', 'R8 blue.R0->red.L2', 'SS4 ...', 'FS3 ...', 'J trade ...' (the spec's test labels)."""
        card = RANK_NAMES[self.card]
        prefix = {
            STEP: card,
            BACK: card,
            REVERSE: f"R{card}",
            TRADE: f"{card} trade",
            SPLIT_START: f"SS{len(self.path)}",
            SPLIT_FINISH: f"FS{len(self.path)}",
        }[self.kind]
        return f"{prefix} {layout.square_name(self.start)}->{layout.square_name(self.end)}"


def movable_pieces(board: Board, layout: Layout, colours: Sequence[int]) -> list[int]:
    """Spec 5.1, colour by colour: the pen piece on the highest occupied pen square, then the others in order."""
    pieces: list[int] = []
    for colour in colours:
        occupied_pen = [s for s in layout.pen(colour) if board[s] == colour]
        if occupied_pen:
            pieces.append(occupied_pen[-1])
        pieces.extend(s for s in layout.outside_pens if board[s] == colour)
    return pieces


def has_fast_track_piece(board: Board, layout: Layout, colours: Sequence[int]) -> bool:
    return any(board[s] in colours for s in layout.fast_track_squares())


def candidate_pieces(board: Board, layout: Layout, colours: Sequence[int]) -> list[int]:
    """Movable pieces after the fast-track obligation (5.2): only FT pieces when any mover colour has one."""
    pieces = movable_pieces(board, layout, colours)
    if has_fast_track_piece(board, layout, colours):
        return [s for s in pieces if layout.is_fast[s]]
    return pieces


def is_clear(board: Board, path: tuple[int, ...], colour: int) -> bool:
    """True when the walk passes and lands on no piece of the moving piece's own colour."""
    return all(board[s] != colour for s in path)


def forward_ends(board: Board, layout: Layout, start: int, count: int) -> list[tuple[int, ...]]:
    """Clear forward walks of `count` steps from `start`, one per destination (first path found)."""
    colour = board[start]
    seen: set[int] = set()
    walks = []
    for path in layout.colour_routes[colour].forward[start][count]:
        if path[-1] not in seen and is_clear(board, path, colour):
            seen.add(path[-1])
            walks.append(path)
    return walks


def backward_walk(board: Board, layout: Layout, start: int, count: int) -> tuple[int, ...] | None:
    path = layout.colour_routes[board[start]].backward[start][count]
    return path if path is not None and is_clear(board, path, board[start]) else None


def trade_targets(board: Board, layout: Layout, start: int) -> list[int]:
    """Squares a jack at `start` may swap with (5.6): track or bullseye, holding another colour's piece."""
    if not (layout.is_track[start] or start == layout.bullseye):
        return []
    colour = board[start]
    return [
        s
        for s in range(layout.size)
        if board[s] != EMPTY and board[s] != colour and (layout.is_track[s] or s == layout.bullseye)
    ]


def card_moves_from(board: Board, layout: Layout, card: int, start: int) -> list[Move]:
    """Forward-phase moves of one card from one piece, without the split halves of a 7."""
    if card == FOUR:
        path = backward_walk(board, layout, start, 4)
        return [Move(card, BACK, start, path[-1], path)] if path else []
    if layout.is_pen[start]:
        if card not in LEAVES_PEN:
            return []
        return [Move(card, STEP, start, p[-1], p) for p in forward_ends(board, layout, start, 1)]
    if start == layout.bullseye and card not in LEAVES_BULLSEYE:
        return []
    moves = [Move(card, STEP, start, p[-1], p) for p in forward_ends(board, layout, start, steps(card))]
    if card == JACK:
        moves.extend(Move(card, TRADE, start, t, ()) for t in trade_targets(board, layout, start))
    return moves


def apply_to_board(board: MutableBoard, layout: Layout, move: Move) -> tuple[int, int] | None:
    """Make the move on `board` in place; returns (square, pen square) of a captured piece, or None."""
    if move.kind == TRADE:
        board[move.start], board[move.end] = board[move.end], board[move.start]
        return None
    colour, victim = int(board[move.start]), int(board[move.end])
    captured = None
    if victim != EMPTY:
        pen_square = lowest_free_pen_square(board, layout, victim)
        board[pen_square] = victim
        captured = (move.end, pen_square)
    board[move.start] = EMPTY
    board[move.end] = colour
    return captured


def lowest_free_pen_square(board: Board, layout: Layout, colour: int) -> int:
    return next(s for s in layout.pen(colour) if board[s] == EMPTY)


def split_finish_moves(
    board: Board, layout: Layout, count: int, moved: int, colours: Sequence[int]
) -> list[Move]:
    """Second halves of a split 7 (5.5): `count` steps forward by any non-pen piece but the one at `moved`."""
    return [
        Move(SEVEN, SPLIT_FINISH, s, p[-1], p)
        for s in split_finishers(board, layout, moved, colours)
        for p in forward_ends(board, layout, s, count)
    ]


def split_finishers(board: Board, layout: Layout, moved: int, colours: Sequence[int]) -> list[int]:
    """Pieces that may make a split's second half: not in a pen or the bullseye, not the piece at `moved`."""
    return [
        s
        for s in candidate_pieces(board, layout, colours)
        if s != moved and not layout.is_pen[s] and s != layout.bullseye
    ]


def can_finish_split(board: Board, layout: Layout, count: int, moved: int, colours: Sequence[int]) -> bool:
    return any(forward_ends(board, layout, s, count) for s in split_finishers(board, layout, moved, colours))


def seven_moves_from(board: Board, layout: Layout, start: int, colours: Sequence[int]) -> list[Move]:
    """Split first halves then full moves of a 7 from one piece.

    A first half is offered only when some other piece can then finish it (our fix of the original, which judged
    the finishing pieces before the first half was made).
    """
    if layout.is_pen[start] or start == layout.bullseye:
        return []
    moves: list[Move] = []
    for k in range(1, 7):
        for path in forward_ends(board, layout, start, k):
            if path[-1] == layout.bullseye:  # the first half may not end on the bullseye
                continue
            after = list(board)
            apply_to_board(after, layout, Move(SEVEN, SPLIT_START, start, path[-1], path))
            if can_finish_split(after, layout, 7 - k, path[-1], colours):
                moves.append(Move(SEVEN, SPLIT_START, start, path[-1], path))
    moves.extend(Move(SEVEN, STEP, start, p[-1], p) for p in forward_ends(board, layout, start, 7))
    return moves


def legal_moves(board: Board, layout: Layout, hand: Sequence[int], colours: Sequence[int]) -> list[Move]:
    """Every legal move of a hand (spec 6): the forward phase, or when it is empty every card walked backward."""
    cards = list(dict.fromkeys(hand))  # distinct, in hand order
    pieces = candidate_pieces(board, layout, colours)
    moves: list[Move] = []
    for card in cards:
        for start in pieces:
            if card == SEVEN:
                moves.extend(seven_moves_from(board, layout, start, colours))
            else:
                moves.extend(card_moves_from(board, layout, card, start))
    if moves:
        return moves
    for card in cards:
        for start in pieces:
            path = backward_walk(board, layout, start, steps(card))
            if path:
                moves.append(Move(card, REVERSE, start, path[-1], path))
    return moves


def reachable_ends(
    board: Board, layout: Layout, start: int, count: int, colours: Sequence[int]
) -> list[int]:
    """Where the piece at `start` can go `count` steps forward, fast-track obligation included (Elm's endLocations)."""
    if start not in candidate_pieces(board, layout, colours):
        return []
    return [path[-1] for path in forward_ends(board, layout, start, count)]
