"""Checkers bitboard kernels: move generation, make/unmake, perft and Zobrist keys (numba).

The board is a padded 35-bit integer: PDN square s (1-32) at row r = (s-1)//4, column c = (s-1)%4 sits on bit
4r + c + r//2. Bits 8, 17 and 26 are ghosts that never hold a piece, which makes every diagonal step a shift by
4 or 5 and every jump a shift by 8 or 10 with no edge masks. Black (side 0) moves toward higher bits (<<),
White (side 1) toward lower bits (>>).

Kernels work on the side-relative triple (own, other, kings) plus the side to move, all plain int64, so another
kernel module (the search) can call them directly. A move is four int64 words in a row of a moves array:

- MOVE_MOVER:    own ^= it   (origin and destination bits; 0 when a king's jump ring ends where it began)
- MOVE_CAPTURED: other ^= it (every captured piece)
- MOVE_KINGS:    kings ^= it (captured kings, the moving king's two squares, or the crowning square)
- MOVE_PATH:     origin bit | jump count << 6 | 2-bit direction of each jump << 10 + 2j

Making a move is three XORs and unmaking it the same three XORs, so search never allocates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.core.base import BaseContext as TargetContext
from numba.core.typing.context import BaseContext
from numba.core.typing.templates import Signature
from numba.extending import intrinsic

from tablegames.core.rng import make_rng

VALID = 0x7FBFDFEFF  # the 32 playing bits
BLACK_KING_ROW = 0xF << 31  # squares 29-32
WHITE_KING_ROW = 0xF  # squares 1-4

BLACK = 0
WHITE = 1

MAX_MOVES = 128  # per position; the most known in English draughts is far below this
MOVE_MOVER = 0
MOVE_CAPTURED = 1
MOVE_KINGS = 2
MOVE_PATH = 3
MOVE_FIELDS = 4
Moves = npt.NDArray[np.int64]  # a move list: rows of MOVE_FIELDS words
PATH_JUMPS_SHIFT = 6
PATH_DIRECTIONS_SHIFT = 10

# Directions: 0 and 1 go up the board (Black's forward), 2 and 3 down; d ^ 2 reverses d.
UP_SHORT, UP_LONG, DOWN_SHORT, DOWN_LONG = 0, 1, 2, 3


def square_to_bit(square: int) -> int:
    """Bit index of PDN square 1-32."""
    row, column = divmod(square - 1, 4)
    return 4 * row + column + row // 2


def squares_mask(squares: Iterable[int]) -> int:
    """The bitboard of a collection of PDN squares."""
    bits = 0
    for square in squares:
        if not 1 <= square <= 32:
            raise ValueError(f"square {square} is not 1-32")
        bits |= 1 << square_to_bit(int(square))
    return bits


BLACK_START = squares_mask(range(1, 13))
WHITE_START = squares_mask(range(21, 33))
SQUARE_TO_BIT = np.array([-1] + [square_to_bit(s) for s in range(1, 33)], dtype=np.int64)
BIT_TO_SQUARE = np.zeros(35, dtype=np.int64)
for _square in range(1, 33):
    BIT_TO_SQUARE[SQUARE_TO_BIT[_square]] = _square

# Zobrist keys: [black man, black king, white man, white king] x bit, plus one for White to move.
_zobrist_rng = make_rng(0, "checkers", "zobrist")
ZOBRIST = _zobrist_rng.integers(-(2**63), 2**63 - 1, size=(4, 35), dtype=np.int64)
ZOBRIST_WHITE_TO_MOVE = int(_zobrist_rng.integers(-(2**63), 2**63 - 1, dtype=np.int64))


# An intrinsic's code generator: (target context, LLVM IR builder, signature, argument values) -> the result.
Codegen = Callable[[TargetContext, ir.IRBuilder, Signature, list[ir.Value]], ir.Value]
# An intrinsic's typing function: (typing context, argument type) -> (signature, code generator), or None.
IntrinsicTyping = Callable[[BaseContext, types.Type], tuple[Signature, Codegen] | None]


def _integer_intrinsic(typing: IntrinsicTyping) -> Callable[[int], int]:
    """`typing` registered as a numba intrinsic, typed as compiled code calls it: an integer in, an integer out.

    (numba's stub types the intrinsic's call as the typing function's, typing context included, returning Never:
    plain Python cannot call it. Only kernels do.)"""
    return cast(Callable[[int], int], intrinsic(typing))


def _popcount_typing(typingctx: BaseContext, value: types.Type) -> tuple[Signature, Codegen] | None:
    """Number of set bits, as the CPU's popcnt instruction."""
    if not isinstance(value, types.Integer):
        return None

    def codegen(context: TargetContext, builder: ir.IRBuilder, signature: Signature, args: list[ir.Value]) -> ir.Value:
        return builder.ctpop(args[0])

    return value(value), codegen


def _lowest_bit_index_typing(typingctx: BaseContext, value: types.Type) -> tuple[Signature, Codegen] | None:
    """Index of the lowest set bit (undefined for 0), as the CPU's tzcnt instruction."""
    if not isinstance(value, types.Integer):
        return None

    def codegen(context: TargetContext, builder: ir.IRBuilder, signature: Signature, args: list[ir.Value]) -> ir.Value:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return value(value), codegen


popcount = _integer_intrinsic(_popcount_typing)
lowest_bit_index = _integer_intrinsic(_lowest_bit_index_typing)


def _prefetch_row_typing(
    typingctx: BaseContext, table: types.Type, row: types.Type
) -> tuple[Signature, Codegen] | None:
    """Ask the CPU to bring table[row, 0]'s cache line in (LLVM's prefetch: for reading, keep it close), so that
    a later read of a random row need not wait for memory. Only a hint: it changes no value."""
    if not (isinstance(table, types.Array) and table.ndim == 2 and isinstance(row, types.Integer)):
        return None

    def codegen(context: TargetContext, builder: ir.IRBuilder, signature: Signature, args: list[ir.Value]) -> ir.Value:
        array_type = signature.args[0]
        array = context.make_array(array_type)(context, builder, args[0])  # type: ignore[no-untyped-call]
        zero = ir.Constant(args[1].type, 0)
        address = cgutils.get_item_pointer(  # type: ignore[no-untyped-call]
            context, builder, array_type, array, [args[1], zero]
        )
        byte_pointer = ir.IntType(8).as_pointer()
        int32 = ir.IntType(32)
        # llvmlite mangles the name for the LLVM it wraps (LLVM upgrades the typed-pointer name when it has none)
        prefetch = builder.module.declare_intrinsic(
            "llvm.prefetch", [byte_pointer], ir.FunctionType(ir.VoidType(), [byte_pointer, int32, int32, int32])
        )
        builder.call(prefetch, [builder.bitcast(address, byte_pointer), ir.Constant(int32, 0),
                                ir.Constant(int32, 3), ir.Constant(int32, 1)])
        return context.get_dummy_value()  # type: ignore[no-untyped-call]

    return types.void(table, row), codegen


# kernels only, as the integer intrinsics above
prefetch_row = cast(Callable[[npt.NDArray[np.int64], int], None], intrinsic(_prefetch_row_typing))


KernelFunction = TypeVar("KernelFunction", bound=Callable[..., Any])


def njit_without_refcounts(function: KernelFunction) -> KernelFunction:
    """`njit(cache=True, nogil=True)` compiled without numba's reference counting (its `_nrt` option), for a kernel
    that allocates nothing: otherwise every array handed to an inlined helper costs an atomic count up and down
    (perf showed those as most of perft's time). Only arrays the caller owns pass through such a kernel."""
    compile_kernel = cast(Any, njit)  # the stubs do not know the option
    return cast(KernelFunction, compile_kernel(cache=True, nogil=True, _nrt=False)(function))


@njit(cache=True, nogil=True, inline="always")
def step(bits: int, direction: int) -> int:
    """Every bit of `bits` moved one diagonal step in `direction` (may leave the board: mask with VALID)."""
    shift = 4 + (direction & 1)
    if direction < 2:
        return bits << shift
    return bits >> shift


@njit(cache=True, nogil=True, inline="always")
def jumpers(own: int, other: int, kings: int, side: int) -> int:
    """Own pieces that can capture (the bits of the pieces, not the landing squares)."""
    empty = VALID & ~(own | other)
    if side == BLACK:
        up, down = own, own & kings
    else:
        up, down = own & kings, own
    return (up & (((other >> 4) & (empty >> 8)) | ((other >> 5) & (empty >> 10)))) | (
        down & (((other << 4) & (empty << 8)) | ((other << 5) & (empty << 10)))
    )


@njit(cache=True, nogil=True, inline="always")
def count_quiet_moves(own: int, other: int, kings: int, side: int) -> int:
    """Number of non-capturing moves (valid only when no capture exists)."""
    empty = VALID & ~(own | other)
    if side == BLACK:
        up, down = own, own & kings
    else:
        up, down = own & kings, own
    return (
        popcount((up << 4) & empty)
        + popcount((up << 5) & empty)
        + popcount((down >> 4) & empty)
        + popcount((down >> 5) & empty)
    )


@njit(cache=True, nogil=True, inline="always")
def _store_move(moves: Moves, n: int, mover: int, captured: int, king_change: int, path: int) -> int:
    row = np.uint64(n)  # unsigned: no negative-index check
    moves[row, MOVE_MOVER] = mover
    moves[row, MOVE_CAPTURED] = captured
    moves[row, MOVE_KINGS] = king_change
    moves[row, MOVE_PATH] = path
    return n + 1


@njit(cache=True, nogil=True, inline="always")
def _generate_jumps_from(
    origin: int, own: int, other: int, kings: int, side: int, unique: bool, moves: Moves | None, n: int
) -> int:
    """Append every complete capture route of the piece on bit `origin`; returns the new move count.

    With moves=None the routes are only counted, every route once, and nothing is written (numba compiles
    that call without the writing branch, and no array passes: see `_count_moves`).

    A depth-first walk kept in registers: the directions taken so far are the path word, so backing up is
    undoing the last recorded jump. No recursion, no scratch memory. A man stops on the king row by itself,
    since men never jump backwards.
    """
    is_king = (origin & kings) != 0
    if side == BLACK:
        first_direction = 0
        end_direction = 4 if is_king else 2
        king_row = BLACK_KING_ROW
    else:
        first_direction = 0 if is_king else 2
        end_direction = 4
        king_row = WHITE_KING_ROW
    empty = (VALID & ~(own | other)) | origin
    origin_index = lowest_bit_index(origin)
    first_new = n
    square = origin
    remaining = other
    captured = 0
    jump_count = 0
    directions = 0
    direction = first_direction
    has_continuation = False
    while True:
        descended = False
        while direction < end_direction:
            middle = step(square, direction)
            target = step(middle, direction)
            if (middle & remaining) != 0 and (target & empty) != 0:
                directions |= direction << (2 * jump_count)
                jump_count += 1
                captured |= middle
                remaining ^= middle
                square = target
                direction = first_direction
                has_continuation = False
                descended = True
                break
            direction += 1
        if descended:
            continue
        if not has_continuation:
            if moves is None:
                n += 1
            else:
                mover = origin ^ square
                is_new = True
                if unique:
                    for i in range(first_new, n):
                        if moves[i, MOVE_MOVER] == mover and moves[i, MOVE_CAPTURED] == captured:
                            is_new = False
                            break
                if is_new and n >= moves.shape[0]:
                    # only capture routes are unbounded (quiet moves are at most 48): never write past the array
                    raise ValueError("move array full: give generate_moves more rows")
                if is_new:
                    if is_king:
                        king_change = (captured & kings) | mover
                    else:
                        king_change = (captured & kings) | (square & king_row)
                    path = origin_index | (jump_count << PATH_JUMPS_SHIFT) | (directions << PATH_DIRECTIONS_SHIFT)
                    n = _store_move(moves, n, mover, captured, king_change, path)
        if jump_count == 0:
            return n
        jump_count -= 1
        direction = (directions >> (2 * jump_count)) & 3
        directions &= ~(3 << (2 * jump_count))
        middle = step(square, direction ^ 2)
        square = step(middle, direction ^ 2)
        captured ^= middle
        remaining ^= middle
        direction += 1
        has_continuation = True


@njit(cache=True, nogil=True, inline="always")
def _generate_quiet(targets: int, shift: int, is_up: bool, kings: int, king_row: int, moves: Moves, n: int) -> int:
    while targets != 0:
        target = targets & -targets
        targets ^= target
        origin = (target >> shift) if is_up else (target << shift)
        if (origin & kings) != 0:
            king_change = origin | target
        else:
            king_change = target & king_row
        n = _store_move(moves, n, origin | target, 0, king_change, lowest_bit_index(origin))
    return n


@njit_without_refcounts
def generate_moves(own: int, other: int, kings: int, side: int, unique: bool, moves: Moves, start: int) -> int:
    """Write the legal moves of the side to move into moves[start:]; returns the end index.

    Captures are compulsory, so either every move is a capture or none is. With `unique`, routes that take
    the same pieces from the same origin to the same destination (a king's ring taken both ways) count once.
    """
    n = start
    capturers = jumpers(own, other, kings, side)
    if capturers != 0:
        while capturers != 0:
            origin = capturers & -capturers
            capturers ^= origin
            n = _generate_jumps_from(origin, own, other, kings, side, unique, moves, n)
        return n
    empty = VALID & ~(own | other)
    if side == BLACK:
        up, down, king_row = own, own & kings, BLACK_KING_ROW
    else:
        up, down, king_row = own & kings, own, WHITE_KING_ROW
    n = _generate_quiet((up << 4) & empty, 4, True, kings, king_row, moves, n)
    n = _generate_quiet((up << 5) & empty, 5, True, kings, king_row, moves, n)
    n = _generate_quiet((down >> 4) & empty, 4, False, kings, king_row, moves, n)
    n = _generate_quiet((down >> 5) & empty, 5, False, kings, king_row, moves, n)
    return n


@njit(cache=True, nogil=True)
def _count_unique_captures(own: int, other: int, kings: int, side: int) -> int:
    """Capture routes with a king's ring taken both ways counted once: generated, to compare them (rare, so
    the scratch array is allocated here rather than carried through the hot counting)."""
    scratch = np.empty((MAX_MOVES, MOVE_FIELDS), dtype=np.int64)
    return generate_moves(own, other, kings, side, True, scratch, 0)


@njit(cache=True, nogil=True, inline="always")
def _count_moves(own: int, other: int, kings: int, side: int, unique: bool) -> int:
    """Number of legal moves, counted without writing them (but king captures when `unique`: see
    `_count_unique_captures`). No array passes through here: an array handed to an inlined function costs an
    atomic reference count up and down, which was most of perft's time."""
    capturers = jumpers(own, other, kings, side)
    if capturers == 0:
        return count_quiet_moves(own, other, kings, side)
    if unique and (capturers & kings) != 0:
        return _count_unique_captures(own, other, kings, side)
    count = 0
    while capturers != 0:
        origin = capturers & -capturers
        capturers ^= origin
        count = _generate_jumps_from(origin, own, other, kings, side, unique, None, count)
    return count


@njit(cache=True, nogil=True, inline="always")
def _count_quiet_children(
    targets: int, shift: int, is_up: bool, own: int, other: int, kings: int, side: int, king_row: int,
    unique: bool,
) -> int:
    """The moves of every child reached by one of these quiet steps, summed: `_generate_quiet` and
    `_capture_two_plies`' count fused, so the step is never written to the move array and read back."""
    total = 0
    while targets != 0:
        target = targets & -targets
        targets ^= target
        origin = (target >> shift) if is_up else (target << shift)
        mover = origin | target
        king_change = mover if (origin & kings) != 0 else target & king_row
        total += _count_moves(other, own ^ mover, kings ^ king_change, 1 - side, unique)
    return total


@njit(cache=True, nogil=True, inline="always")
def _quiet_two_plies(own: int, other: int, kings: int, side: int, unique: bool) -> int:
    """perft(2) of a position without captures: each quiet step's child's moves counted, neither of the two
    plies written to a move array (see `_count_quiet_children`)."""
    empty = VALID & ~(own | other)
    if side == BLACK:
        up, down, king_row = own, own & kings, BLACK_KING_ROW
    else:
        up, down, king_row = own & kings, own, WHITE_KING_ROW
    return (
        _count_quiet_children((up << 4) & empty, 4, True, own, other, kings, side, king_row, unique)
        + _count_quiet_children((up << 5) & empty, 5, True, own, other, kings, side, king_row, unique)
        + _count_quiet_children((down >> 4) & empty, 4, False, own, other, kings, side, king_row, unique)
        + _count_quiet_children((down >> 5) & empty, 5, False, own, other, kings, side, king_row, unique)
    )


@njit_without_refcounts
def _capture_two_plies(own: int, other: int, kings: int, side: int, unique: bool, moves: Moves, start: int) -> int:
    """perft(2) of a position with a capture: the captures generated into moves[start:], each child's moves
    counted. Not inlined: an array handed to an inlined function costs an atomic reference count."""
    end = generate_moves(own, other, kings, side, unique, moves, start)
    total = 0
    for index in range(start, end):
        i = np.uint64(index)  # unsigned: numba drops its negative-index check from the hot loop
        total += _count_moves(
            other ^ moves[i, MOVE_CAPTURED], own ^ moves[i, MOVE_MOVER], kings ^ moves[i, MOVE_KINGS], 1 - side, unique
        )
    return total


@njit_without_refcounts
def _quiet_two_plies_either_side(own: int, other: int, kings: int, side: int, unique: bool) -> int:
    """`_quiet_two_plies` with the side a constant in each branch, so the compiler folds the side tests out of
    the inlined counting (one copy with the side a variable: 0.77 of the C perft's speed, against 0.80). A call
    from perft rather than inlined there, which took three copies: perft and divide compile in 54 s of CPU
    rather than 70 s, as fast (scripts/bench_checkers.py)."""
    if side == BLACK:
        return _quiet_two_plies(own, other, kings, BLACK, unique)
    return _quiet_two_plies(own, other, kings, WHITE, unique)


PERFT_CANCELLED = -1  # what perft and divide return when their cancel flag stopped them


@njit(cache=True, nogil=True)
def perft(
    own: int, other: int, kings: int, side: int, depth: int, unique: bool, cancel: npt.NDArray[np.int32]
) -> int:
    """Leaves of the move tree `depth` plies deep, counting the last ply in bulk; PERFT_CANCELLED as soon as
    cancel[0] is set (polled before each bulk-counted subtree, so a deep count stops within a millisecond).

    Iterative with an explicit stack (one function, no recursion: numba issue 6061); each ply's move list
    follows its parent's in one array allocated once.
    """
    if depth <= 0:
        return 1
    moves = np.empty((depth * MAX_MOVES + MAX_MOVES, MOVE_FIELDS), dtype=np.int64)
    if depth == 1:
        return _count_moves(own, other, kings, side, unique)
    if depth == 2:
        if jumpers(own, other, kings, side) != 0:
            return _capture_two_plies(own, other, kings, side, unique, moves, 0)
        return _quiet_two_plies_either_side(own, other, kings, side, unique)
    stack_own = np.empty(depth, dtype=np.int64)
    stack_other = np.empty(depth, dtype=np.int64)
    stack_kings = np.empty(depth, dtype=np.int64)
    next_move = np.empty(depth, dtype=np.int64)
    end_move = np.empty(depth, dtype=np.int64)
    stack_own[0] = own
    stack_other[0] = other
    stack_kings[0] = kings
    next_move[0] = 0
    end_move[0] = generate_moves(own, other, kings, side, unique, moves, 0)
    last_interior = depth - 3  # children of this ply are perft(2) nodes
    total = 0
    ply = 0
    while ply >= 0:
        i = next_move[ply]
        if i == end_move[ply]:
            ply -= 1
            continue
        next_move[ply] = i + 1
        child_side = (side + ply + 1) & 1
        child_own = stack_other[ply] ^ moves[i, MOVE_CAPTURED]
        child_other = stack_own[ply] ^ moves[i, MOVE_MOVER]
        child_kings = stack_kings[ply] ^ moves[i, MOVE_KINGS]
        if ply == last_interior:
            if cancel[0] != 0:
                return PERFT_CANCELLED
            if jumpers(child_own, child_other, child_kings, child_side) != 0:
                total += _capture_two_plies(
                    child_own, child_other, child_kings, child_side, unique, moves, end_move[ply]
                )
            else:
                total += _quiet_two_plies_either_side(child_own, child_other, child_kings, child_side, unique)
        else:
            ply += 1
            stack_own[ply] = child_own
            stack_other[ply] = child_other
            stack_kings[ply] = child_kings
            next_move[ply] = end_move[ply - 1]
            end_move[ply] = generate_moves(
                child_own, child_other, child_kings, child_side, unique, moves, end_move[ply - 1]
            )
    return total


@njit(cache=True, nogil=True)
def divide(
    own: int,
    other: int,
    kings: int,
    side: int,
    depth: int,
    unique: bool,
    counts: npt.NDArray[np.int64],
    cancel: npt.NDArray[np.int32],
) -> int:
    """perft(depth - 1) below each root move, in generation order, into counts[]; returns the root move count,
    or PERFT_CANCELLED when cancel[0] stopped it."""
    moves = np.empty((MAX_MOVES, MOVE_FIELDS), dtype=np.int64)
    n = generate_moves(own, other, kings, side, unique, moves, 0)
    for i in range(n):
        counts[i] = perft(
            other ^ moves[i, MOVE_CAPTURED],
            own ^ moves[i, MOVE_MOVER],
            kings ^ moves[i, MOVE_KINGS],
            1 - side,
            depth - 1,
            unique,
            cancel,
        )
        if counts[i] == PERFT_CANCELLED:
            return PERFT_CANCELLED
    return n


@njit(cache=True, nogil=True)
def zobrist_key(black: int, white: int, kings: int, side: int) -> int:
    """A 64-bit key of the position (pieces and side to move)."""
    key = ZOBRIST_WHITE_TO_MOVE if side == WHITE else 0
    for kind in range(4):
        if kind == 0:
            bits = black & ~kings
        elif kind == 1:
            bits = black & kings
        elif kind == 2:
            bits = white & ~kings
        else:
            bits = white & kings
        while bits != 0:
            key ^= ZOBRIST[kind, lowest_bit_index(bits)]
            bits &= bits - 1
    return key


@njit(cache=True, nogil=True, inline="always")
def _zobrist_of_changes(
    before: int, after: int, kings_before: int, kings_after: int, changed: int, man_kind: int
) -> int:
    """XOR of the keys of one side's pieces on the `changed` squares, before and after (kinds man_kind, +1)."""
    key = 0
    while changed != 0:
        bit = changed & -changed
        changed ^= bit
        index = lowest_bit_index(bit)
        if (before & bit) != 0:
            key ^= ZOBRIST[man_kind + (1 if (kings_before & bit) != 0 else 0), index]
        if (after & bit) != 0:
            key ^= ZOBRIST[man_kind + (1 if (kings_after & bit) != 0 else 0), index]
    return key


@njit(cache=True, nogil=True)
def zobrist_after_move(
    key: int, own: int, other: int, kings: int, side: int, mover: int, captured: int, king_change: int
) -> int:
    """The key after a move (its three XOR words), updated from the key before it without a full recount."""
    kings_after = kings ^ king_change
    own_kind = 0 if side == BLACK else 2
    key ^= ZOBRIST_WHITE_TO_MOVE
    key ^= _zobrist_of_changes(own, own ^ mover, kings, kings_after, mover, own_kind)
    key ^= _zobrist_of_changes(other, other ^ captured, kings, kings_after, captured, 2 - own_kind)
    return key


def warmup() -> None:
    """Compile the kernels the game and the searches call from Python, with their run-time argument types (call
    each once on a tiny input). perft and divide are the perft command's: `warmup_perft` compiles them too."""
    moves = np.empty((MAX_MOVES, MOVE_FIELDS), dtype=np.int64)
    own, other, kings = int(BLACK_START), int(WHITE_START), 0
    generate_moves(own, other, kings, BLACK, True, moves, 0)
    key = zobrist_key(own, other, kings, BLACK)
    zobrist_after_move(key, own, other, kings, BLACK, moves[0, 0], moves[0, 1], moves[0, 2])


def warmup_perft() -> None:
    """`warmup`, and perft and divide (a quarter of the window's first-start compile if it did them too)."""
    warmup()
    counts = np.zeros(MAX_MOVES, dtype=np.int64)
    never = np.zeros(1, dtype=np.int32)
    own, other, kings = int(BLACK_START), int(WHITE_START), 0
    perft(own, other, kings, BLACK, 2, True, never)
    divide(own, other, kings, BLACK, 2, False, counts, never)
