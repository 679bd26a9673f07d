"""Compiled Fast Track: the rules, the line search, whole games, the expert's playouts and information-set MCTS over
a compact state (four zones).

The same rules as rules.py/game.py and the same search as search.py, written once more over small integer arrays
so numba can compile them: the search and the experiments play thousands of games. Tests check move for move that
these kernels and the plain-Python reference agree, and that the kernels compiled and run as plain Python
(`NUMBA_DISABLE_JIT=1`) play the same games.

The compact state of a game: `board int8[89]` (-1 or the colour on each square), `hands int8[4, 14]` (count of
each rank held), `decks int8[4, 54]` with `deck_top`/`deck_end`, `piles int8[4, 14]` (counts of the cards played
since the last shuffle, which is all a reshuffle needs: it sorts them), `rstates int64[4]` (elm/random states),
`credits int64[4]`, and `info int64[INFO_SIZE]` (seat, phase, turns, winner).

A search position is four int64 words (its key): the 16 pieces as 4 * square + colour in square order (9 bits
each, six to a word), the hand as five sorted 4-bit ranks padded with 15, then the credits and the stage. The
key is the position, so a level of the search is just an array of keys, merged by hashing and kept in key order.

Written to compile quickly (a first start compiles the search in about 11 s of CPU, from 17): no slice assignment
from an array (`copy_into`), and the thin layers between the search and the move generator, and small helpers
called with constants, are `inline="always"` (each compiled function otherwise optimises and emits again all it
calls, and a helper called with a literal is compiled once more for each literal). scripts/bench_coldstart.py
prints what the module costs.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from .board import EMPTY, MAX_STEPS, ZONE_SIZE, layout, routes_as_arrays
from .cards import ACE, DECK_SIZE, FOUR, HAND_SIZE, JACK, JOKER, KING, NUM_RANKS, QUEEN, SEVEN, SIX, TEN
from .game import CARD_ACTION, CREDITS_TO_LEAVE_PEN, END_TURN, TRADE_ACTION, Partnership, Phase
from .rules import BACK, REVERSE, SPLIT_START, STEP, TRADE
from .search import HAND_PAD, STAGE_DREW  # the reference search's; the kernels mirror it

ZONES = 4
SIZE = ZONES * ZONE_SIZE + 1
BULLSEYE = SIZE - 1
PIECES = 16  # four colours of four pieces
PLAY_WIDTH = 5  # clicks of one play: card, start, end, and a split's second start and end
MAX_LEVELS = 8  # a line plays at most five cards before the hand refills; discards cannot exceed that either
MAX_MOVES = 1024  # of one position: at most 8 pieces x (a 7's 28 ends, a J's 18, ...), well under this
MAX_CHILDREN = 16384  # of one position
CANCELLED = -1  # the plays `search` returns when its cancel flag was set
SOLO, ANYTIME, ONCE_HOME = (int(p) for p in Partnership)
NEED_CARD, NEED_START, NEED_END, NEED_DISCARD, NEED_COVER, DONE, OVER = (int(p) for p in Phase)
MAX_TURNS = 5000  # a guard: no real game comes near it (games last about 45 turns)
# info fields of a game
SEAT, PHASE, TURNS, WINNER, LOG_SIZE = range(5)
INFO_SIZE = 5
NO_WINNER = -1


# Square kinds (an FT is a track square too).
K_TRACK, K_PEN, K_BASE, K_BULLSEYE, K_FAST = range(5)

Int8s = npt.NDArray[np.int8]
Int32s = npt.NDArray[np.int32]
Float64s = npt.NDArray[np.float64]
Int64s = npt.NDArray[np.int64]
# The route tables (build_tables): first, count, paths, back, kind.
Tables = tuple[Int64s, Int64s, Int64s, Int64s, Int64s]
# A game's compact state (new_game): board, hands, decks, deck_top, deck_end, piles, rstates, credits, info.
State = tuple[Int8s, Int8s, Int8s, Int64s, Int64s, Int8s, Int64s, Int64s, Int64s]


def build_tables() -> Tables:
    """The four colours' routes as arrays, plus square kinds: (first, count, paths, back, kind)."""
    lay = layout(ZONES)
    per_colour = [routes_as_arrays(routes) for routes in lay.colour_routes]
    widest = max(p[2].shape[0] for p in per_colour)
    first = np.stack([p[0] for p in per_colour]).astype(np.int64)
    count = np.stack([p[1] for p in per_colour]).astype(np.int64)
    paths = np.full((ZONES, widest, MAX_STEPS), EMPTY, dtype=np.int64)
    for colour, p in enumerate(per_colour):
        paths[colour, : p[2].shape[0]] = p[2]
    back = np.stack([p[3] for p in per_colour]).astype(np.int64)
    kind = np.full(SIZE, K_TRACK, dtype=np.int64)
    for s in range(SIZE):
        if s == BULLSEYE:
            kind[s] = K_BULLSEYE
        elif lay.is_pen[s]:
            kind[s] = K_PEN
        elif lay.is_base[s]:
            kind[s] = K_BASE
        elif lay.is_fast[s]:
            kind[s] = K_FAST
    return first, count, paths, back, kind


TABLES = build_tables()


@njit(cache=True, nogil=True, inline="always")
def copy_into(target: Int64s | Int8s, source: Int64s | Int8s) -> None:
    """target[:len(source)] = source, element by element. (numba's slice assignment from an array compiles a
    shape-mismatch error message, with its string formatting, into every kernel that has one: a second or two
    of every first start, for an error these copies cannot have.)"""
    for i in range(source.shape[0]):
        target[i] = source[i]


# --- cards and elm/random (cards.py) ------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def card_steps(card: int) -> int:
    return card + 2 if card <= TEN else 1


@njit(cache=True, nogil=True, inline="always")
def is_move_again(card: int) -> bool:
    return card == ACE or card == KING or card == QUEEN or card == JACK or card == JOKER or card == SIX


@njit(cache=True, nogil=True)
def elm_next(state: int) -> int:
    return (state * 1664525 + 1013904223) & 0xFFFFFFFF


@njit(cache=True, nogil=True)
def elm_peel(state: int) -> int:
    mixed = (state ^ (state >> ((state >> 28) + 4))) & 0xFFFFFFFF
    if mixed >= 1 << 31:
        mixed -= 1 << 32
    word = np.int64(np.float64(mixed) * 277803737.0) & 0xFFFFFFFF  # JavaScript's double product (cards.py)
    return int(((word >> 22) ^ word) & 0xFFFFFFFF)


@njit(cache=True, nogil=True)
def elm_int_below(span: int, state: int) -> tuple[int, int]:
    """elm/random's int 0 (span - 1): (value, next state)."""
    if span & (span - 1) == 0:
        return elm_peel(state) & (span - 1), elm_next(state)
    threshold = ((1 << 32) - span) % span
    while True:
        x = elm_peel(state)
        if x >= threshold:
            return x % span, elm_next(state)
        state = elm_next(state)


# --- the rules (rules.py) -------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def is_home(board: Int8s, colour: int) -> bool:
    base = colour * ZONE_SIZE + 4
    return bool(
        board[base] == colour and board[base + 1] == colour and board[base + 2] == colour and board[base + 3] == colour
    )


@njit(cache=True, nogil=True)
def team_of(seat: int, partnership: int, team: Int64s) -> int:
    team[0] = seat
    if partnership == SOLO:
        return 1
    team[1] = (seat + 2) % ZONES
    return 2


@njit(cache=True, nogil=True)
def movers_of(board: Int8s, seat: int, partnership: int, movers: Int64s) -> int:
    movers[0] = seat
    if partnership == SOLO or (partnership == ONCE_HOME and not is_home(board, seat)):
        return 1
    movers[1] = (seat + 2) % ZONES
    return 2


@njit(cache=True, nogil=True)
def candidates(board: Int8s, movers: Int64s, n_movers: int, kind: Int64s, out: Int64s) -> int:
    """Movable pieces (spec 5.1) after the fast-track obligation (5.2), in square order."""
    k = 0
    for i in range(n_movers):
        colour = movers[i]
        for local in range(3, -1, -1):  # the highest occupied pen square
            if board[colour * ZONE_SIZE + local] == colour:
                out[k] = colour * ZONE_SIZE + local
                k += 1
                break
        for s in range(SIZE):
            if kind[s] != K_PEN and board[s] == colour:
                out[k] = s
                k += 1
    on_fast = False
    for i in range(k):
        if kind[out[i]] == K_FAST:
            on_fast = True
    if on_fast:
        kept = 0
        for i in range(k):
            if kind[out[i]] == K_FAST:
                out[kept] = out[i]
                kept += 1
        k = kept
    for i in range(1, k):  # insertion sort: square order
        v = out[i]
        j = i - 1
        while j >= 0 and out[j] > v:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = v
    return k


@njit(cache=True, nogil=True)
def forward_ends(
    board: Int8s, first: Int64s, count: Int64s, paths: Int64s, start: int, n: int, out: Int64s,
) -> int:
    """Distinct ends of the clear forward walks of n steps from start."""
    colour = board[start]
    k = 0
    w0 = first[colour, start, n]
    for w in range(w0, w0 + count[colour, start, n]):
        clear = True
        for i in range(n):
            if board[paths[colour, w, i]] == colour:
                clear = False
                break
        if clear:
            end = paths[colour, w, n - 1]
            seen = False
            for j in range(k):
                if out[j] == end:
                    seen = True
            if not seen:
                out[k] = end
                k += 1
    return k


@njit(cache=True, nogil=True)
def backward_end(board: Int8s, back: Int64s, start: int, n: int) -> int:
    colour = board[start]
    if back[colour, start, n, 0] < 0:
        return -1
    for i in range(n):
        if board[back[colour, start, n, i]] == colour:
            return -1
    return int(back[colour, start, n, n - 1])


@njit(cache=True, nogil=True)
def apply_move(board: Int8s, kind_of_move: int, start: int, end: int) -> None:
    """Make a move in place: a trade swaps; otherwise a piece on the end goes to its lowest free pen square."""
    if kind_of_move == TRADE:
        board[start], board[end] = board[end], board[start]
        return
    colour = board[start]
    victim = int(board[end])
    if victim >= 0:
        for local in range(4):
            if board[victim * ZONE_SIZE + local] < 0:
                board[victim * ZONE_SIZE + local] = victim
                break
    board[start] = -1
    board[end] = colour


@njit(cache=True, nogil=True)
def can_finish_split(board: Int8s, tables: Tables, n: int, moved: int, movers: Int64s, n_movers: int) -> bool:
    first, count, paths, back, kind = tables
    pieces = np.empty(8, dtype=np.int64)
    ends = np.empty(8, dtype=np.int64)
    k = candidates(board, movers, n_movers, kind, pieces)
    for i in range(k):
        s = pieces[i]
        if s == moved or kind[s] == K_PEN or s == BULLSEYE:
            continue
        if forward_ends(board, first, count, paths, s, n, ends) > 0:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def add_move(moves: Int64s, k: int, card: int, kind_of_move: int, start: int, end: int, length: int) -> int:
    """Write a move row unless the buffer is full (a one-row buffer asks only whether there is a move)."""
    if k == moves.shape[0]:
        return k
    moves[k, 0] = card
    moves[k, 1] = start
    moves[k, 2] = end
    moves[k, 3] = kind_of_move
    moves[k, 4] = length
    return k + 1


@njit(cache=True, nogil=True)
def legal_moves(
    board: Int8s, hand: Int8s, movers: Int64s, n_movers: int, tables: Tables, moves: Int64s,
) -> int:
    """Every legal move of the hand (spec 6) as rows (card, start, end, kind, steps); returns the count. Stops when
    the `moves` buffer is full: a one-row buffer asks only whether the player can move."""
    first, count, paths, back, kind = tables
    pieces = np.empty(8, dtype=np.int64)
    ends = np.empty(8, dtype=np.int64)
    after = np.empty(SIZE, dtype=board.dtype)
    n_pieces = candidates(board, movers, n_movers, kind, pieces)
    k = 0
    for card in range(NUM_RANKS):
        if hand[card] == 0:
            continue
        for i in range(n_pieces):
            s = pieces[i]
            if card == FOUR:
                e = backward_end(board, back, s, int(4))
                if e >= 0:
                    k = add_move(moves, k, card, BACK, s, e, 4)
            elif kind[s] == K_PEN:
                if card == ACE or card == SIX or card == JOKER:
                    for j in range(forward_ends(board, first, count, paths, s, int(1), ends)):
                        k = add_move(moves, k, card, STEP, s, ends[j], 1)
            elif s == BULLSEYE and not (card == JACK or card == QUEEN or card == KING):
                continue
            elif card == SEVEN:
                if s == BULLSEYE:
                    continue
                for length in range(1, 7):
                    for j in range(forward_ends(board, first, count, paths, s, length, ends)):
                        e = ends[j]
                        if e == BULLSEYE:
                            continue
                        copy_into(after, board)
                        apply_move(after, int(SPLIT_START), s, e)
                        if can_finish_split(after, tables, 7 - length, e, movers, n_movers):
                            k = add_move(moves, k, card, SPLIT_START, s, e, length)
                for j in range(forward_ends(board, first, count, paths, s, int(7), ends)):
                    k = add_move(moves, k, card, STEP, s, ends[j], 7)
            else:
                n = card_steps(card)
                for j in range(forward_ends(board, first, count, paths, s, n, ends)):
                    k = add_move(moves, k, card, STEP, s, ends[j], n)
                if card == JACK and (kind[s] == K_TRACK or kind[s] == K_FAST or s == BULLSEYE):
                    for t in range(SIZE):
                        if board[t] >= 0 and board[t] != board[s] and (kind[t] == K_TRACK or kind[t] == K_FAST or t == BULLSEYE):
                            k = add_move(moves, k, card, TRADE, s, t, 0)
            if k == moves.shape[0]:
                return k
    if k > 0:
        return k
    for card in range(NUM_RANKS):
        if hand[card] == 0:
            continue
        for i in range(n_pieces):
            e = backward_end(board, back, pieces[i], card_steps(card))
            if e >= 0:
                k = add_move(moves, k, card, REVERSE, pieces[i], e, card_steps(card))
                if k == moves.shape[0]:
                    return k
    return k


@njit(cache=True, nogil=True, inline="always")
def has_move(board: Int8s, hand: Int8s, seat: int, partnership: int, tables: Tables) -> bool:
    movers = np.empty(2, dtype=np.int64)
    n_movers = movers_of(board, seat, partnership, movers)
    return legal_moves(board, hand, movers, n_movers, tables, np.empty((1, 5), dtype=np.int64)) > 0


@njit(cache=True, nogil=True, inline="always")
def leave_pen_on_credit(board: Int8s, seat: int) -> bool:
    """The discards bring the highest pen piece onto L0, unless the pen is empty or an own piece stands there."""
    exit_square = seat * ZONE_SIZE + 11
    if board[exit_square] == seat:
        return False
    for local in range(3, -1, -1):
        s = seat * ZONE_SIZE + local
        if board[s] == seat:
            apply_move(board, int(STEP), s, exit_square)
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def hand_size(hand: Int8s) -> int:
    total = 0
    for c in range(NUM_RANKS):
        total += hand[c]
    return total


@njit(cache=True, nogil=True, inline="always")
def after_move(
    board: Int8s, hand: Int8s, seat: int, partnership: int, card: int, tables: Tables,
) -> tuple[int, int, bool]:
    """What follows a finished card play: (phase, phase after a refill, drew). OVER when the team is home."""
    team = np.empty(2, dtype=np.int64)
    won = True
    for i in range(team_of(seat, partnership, team)):
        if not is_home(board, team[i]):
            won = False
    if won:
        return OVER, OVER, False
    then = NEED_COVER if is_move_again(card) else DONE
    if hand_size(hand) == 0:
        return STAGE_DREW, then, True
    if then == DONE:
        return DONE, DONE, False
    if has_move(board, hand, seat, partnership, tables):
        return NEED_CARD, NEED_CARD, False
    return NEED_COVER, NEED_COVER, False


@njit(cache=True, nogil=True, inline="always")
def after_discard(
    board: Int8s, hand: Int8s, seat: int, partnership: int, card: int, phase: int, credits: int, tables:
    Tables,
) -> tuple[int, int, bool, int]:
    """Discard (credit, maybe a piece out) or cover `card` (already out of the hand): (phase, then, drew, credits)."""
    then = NEED_COVER
    if phase == NEED_DISCARD:
        credits += 1
        if credits >= CREDITS_TO_LEAVE_PEN and leave_pen_on_credit(board, seat):
            credits = 0
        else:
            then = NEED_DISCARD
    if not is_move_again(card):
        then = DONE
    if hand_size(hand) == 0:
        return STAGE_DREW, then, True, credits
    if then == DONE:
        return DONE, DONE, False, credits
    if has_move(board, hand, seat, partnership, tables):
        return NEED_CARD, NEED_CARD, False, 0
    return then, then, False, credits


# --- search keys ----------------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def encode_key(board: Int8s, hand: Int8s, credits: int, stage: int, key: Int64s) -> None:
    """The four key words of a position (exactly 16 pieces, a hand of at most five cards)."""
    key[:] = 0
    i = 0
    for s in range(SIZE):
        c = int(board[s])  # int: plain Python (NUMBA_DISABLE_JIT) would keep int8 and overflow
        if c >= 0:
            word = i // 6
            key[word] = (key[word] << 9) | (4 * s + c)
            i += 1
    slots = 0
    for c in range(NUM_RANKS):
        for _ in range(hand[c]):
            key[2] = (key[2] << 4) | c
            slots += 1
    while slots < HAND_SIZE:
        key[2] = (key[2] << 4) | HAND_PAD
        slots += 1
    key[3] = (credits << 4) | stage


@njit(cache=True, nogil=True)
def decode_key(key: Int64s, board: Int8s, hand: Int8s) -> tuple[int, int]:
    """The position of a key: fills board and hand; returns (credits, stage)."""
    board[:] = -1
    hand[:] = 0
    for i in range(PIECES):
        word = i // 6
        in_word = 6 if word < 2 else PIECES - 12
        shift = 9 * (in_word - 1 - i % 6) + (4 * HAND_SIZE if word == 2 else 0)
        code = (key[word] >> shift) & 511
        board[code >> 2] = code & 3
    for slot in range(HAND_SIZE):
        c = (key[2] >> (4 * (HAND_SIZE - 1 - slot))) & 15
        if c != HAND_PAD:
            hand[c] += 1
    return key[3] >> 4, key[3] & 15


@njit(cache=True, nogil=True)
def key_credits(stage: int, credits: int) -> int:
    """Credits as a key holds them: 0 once the player can move, and 0 after a refill (what follows is unseen)."""
    return 0 if stage == NEED_CARD or stage == STAGE_DREW else credits


@njit(cache=True, nogil=True)
def key_less(a0: int, a1: int, a2: int, a3: int, b: Int64s) -> bool:
    if a0 != b[0]:
        return bool(a0 < b[0])
    if a1 != b[1]:
        return bool(a1 < b[1])
    if a2 != b[2]:
        return bool(a2 < b[2])
    return bool(a3 < b[3])


@njit(cache=True, nogil=True)
def line_score(
    board: Int8s, hand: Int8s, drew: bool, won: bool, team: Int64s, n_team: int, values: Int64s, hoard:
    Int64s, win_bonus: int,
) -> int:
    total = 0
    for s in range(SIZE):
        c = board[s]
        if c >= 0:
            for i in range(n_team):
                if team[i] == c:
                    total += values[c, s]
    if not drew:
        for c in range(NUM_RANKS):
            total += hoard[c] * hand[c]
    if won:
        total += win_bonus
    return total


# --- the weaker levels' noise (search.py: mix32, noise_state, line_noise) --------------------------------------------


@njit(cache=True, nogil=True)
def mul32(x: int, c: int) -> int:
    """(x * c) mod 2^32 for 32-bit x and c, in two halves so no product leaves int64 (plain Python too)."""
    return (x * (c & 0xFFFF) + (((x * (c >> 16)) & 0xFFFF) << 16)) & 0xFFFFFFFF


@njit(cache=True, nogil=True)
def mix32(x: int) -> int:
    x ^= x >> 16
    x = mul32(x, int(0x7FEB352D))
    x ^= x >> 15
    x = mul32(x, int(0x846CA68B))
    return x ^ (x >> 16)


@njit(cache=True, nogil=True)
def noise_state(seed: int, move: int, rotation: int) -> int:
    state = mix32(seed & 0xFFFFFFFF)
    state = mix32(state ^ ((seed >> 32) & 0xFFFFFFFF))
    state = mix32(state ^ (rotation & 0xFFFFFFFF))
    return mix32(state ^ (move & 0xFFFFFFFF))


@njit(cache=True, nogil=True)
def line_noise(state: int, key: Int64s) -> float:
    """The Gumbel draw of a line end, hashed from its key's values in the order `position_key` writes them."""
    for i in range(PIECES):
        word = i // 6
        in_word = 6 if word < 2 else PIECES - 12
        shift = 9 * (in_word - 1 - i % 6) + (4 * HAND_SIZE if word == 2 else 0)
        state = mix32(state ^ ((key[word] >> shift) & 511))
    for slot in range(HAND_SIZE):
        state = mix32(state ^ ((key[2] >> (4 * (HAND_SIZE - 1 - slot))) & 15))
    state = mix32(state ^ (key[3] >> 4))
    state = mix32(state ^ (key[3] & 15))
    return float(-np.log(-np.log((state + 0.5) / 4294967296.0)))


# --- the plays of one position --------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def end_code(kind_of_move: int, end: int) -> int:
    return TRADE_ACTION + end if kind_of_move == TRADE else end


@njit(cache=True, nogil=True)
def sort_rows(rows: Int64s, n: int, width: int) -> None:
    """Insertion sort of rows[:n] by their first `width` columns (lists are short)."""
    for i in range(1, n):
        j = i
        while j > 0:
            smaller = False
            for c in range(width):
                if rows[j, c] != rows[j - 1, c]:
                    smaller = rows[j, c] < rows[j - 1, c]
                    break
            if not smaller:
                break
            for c in range(rows.shape[1]):
                rows[j, c], rows[j - 1, c] = rows[j - 1, c], rows[j, c]
            j -= 1


@njit(cache=True, nogil=True)
def position_plays(
    board: Int8s, hand: Int8s, credits: int, phase: int, seat: int, partnership: int, tables: Tables, plays:
    Int64s, outcome: Int64s,
) -> int:
    """Every play from a level position, in click order: plays[i] = clicks (-1 padded); outcome[i] = (k0..k3 key,
    stage, drew, won) of the position it leads to. Q is tried but not K when both are held. Returns the count."""
    moves = np.empty((MAX_MOVES, 5), dtype=np.int64)
    finishes = np.empty((64, 5), dtype=np.int64)
    movers = np.empty(2, dtype=np.int64)
    pieces = np.empty(8, dtype=np.int64)
    ends = np.empty(8, dtype=np.int64)
    key = np.empty(4, dtype=np.int64)
    child = np.empty(SIZE, dtype=board.dtype)
    second = np.empty(SIZE, dtype=board.dtype)
    child_hand = np.empty(NUM_RANKS, dtype=hand.dtype)
    first, count, paths, back, kind = tables
    skip_king = hand[QUEEN] > 0 and hand[KING] > 0
    n = int(0)
    if phase == NEED_DISCARD or phase == NEED_COVER:
        for card in range(NUM_RANKS):
            if hand[card] == 0 or (card == KING and skip_king):
                continue
            copy_into(child, board)
            copy_into(child_hand, hand)
            child_hand[card] -= 1
            stage, then, drew, new_credits = after_discard(child, child_hand, seat, partnership, card, phase, credits, tables)
            encode_key(child, child_hand, key_credits(stage, new_credits), stage, key)
            plays[n, :] = -1
            plays[n, 0] = CARD_ACTION + card
            copy_into(outcome[n, :4], key)
            outcome[n, 4] = stage
            outcome[n, 5] = 1 if drew else 0
            outcome[n, 6] = 0
            n += 1
        return n
    n_movers = movers_of(board, seat, partnership, movers)
    n_moves = legal_moves(board, hand, movers, n_movers, tables, moves)
    for i in range(n_moves):  # sort by clicks: (card, start, end click)
        moves[i, 2] = end_code(moves[i, 3], moves[i, 2])
    sort_rows(moves, n_moves, int(3))
    for i in range(n_moves):
        card, start, code, kind_of_move = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3]
        if card == KING and skip_king:
            continue
        end = code - TRADE_ACTION if kind_of_move == TRADE else code
        copy_into(child, board)
        copy_into(child_hand, hand)
        child_hand[card] -= 1
        apply_move(child, kind_of_move, start, end)
        if kind_of_move == SPLIT_START and not is_home_team(child, seat, partnership):
            n_movers2 = movers_of(child, seat, partnership, movers)
            n_pieces = candidates(child, movers, n_movers2, kind, pieces)
            n_finish = int(0)
            for p in range(n_pieces):
                s = pieces[p]
                if s == end or kind[s] == K_PEN or s == BULLSEYE:
                    continue
                for j in range(forward_ends(child, first, count, paths, s, 7 - moves[i, 4], ends)):
                    finishes[n_finish, 0] = s
                    finishes[n_finish, 1] = ends[j]
                    n_finish += 1
            sort_rows(finishes, n_finish, int(2))
            for f in range(n_finish):
                copy_into(second, child)
                apply_move(second, int(STEP), finishes[f, 0], finishes[f, 1])
                stage, then, drew = after_move(second, child_hand, seat, partnership, card, tables)
                encode_key(second, child_hand, key_credits(stage, credits), stage, key)
                plays[n, 0] = CARD_ACTION + card
                plays[n, 1] = start
                plays[n, 2] = code
                plays[n, 3] = finishes[f, 0]
                plays[n, 4] = finishes[f, 1]
                copy_into(outcome[n, :4], key)
                outcome[n, 4] = stage
                outcome[n, 5] = 1 if drew else 0
                outcome[n, 6] = 1 if stage == OVER else 0
                n += 1
            continue
        stage, then, drew = after_move(child, child_hand, seat, partnership, card, tables)
        encode_key(child, child_hand, key_credits(stage, credits), stage, key)
        plays[n, :] = -1
        plays[n, 0] = CARD_ACTION + card
        plays[n, 1] = start
        plays[n, 2] = code
        copy_into(outcome[n, :4], key)
        outcome[n, 4] = stage
        outcome[n, 5] = 1 if drew else 0
        outcome[n, 6] = 1 if stage == OVER else 0
        n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def is_home_team(board: Int8s, seat: int, partnership: int) -> bool:
    team = np.empty(2, dtype=np.int64)
    for i in range(team_of(seat, partnership, team)):
        if not is_home(board, team[i]):
            return False
    return True


# --- the search -----------------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def grow(array: Int64s, size: int) -> Int64s:
    bigger = np.empty((size,) + array.shape[1:], dtype=array.dtype)
    copy_into(bigger.ravel(), array.ravel())  # C-contiguous: the old rows are the new array's first elements
    return bigger


@njit(cache=True, nogil=True)
def unique_in_key_order(keys: Int64s, n: int) -> Int64s:
    """Indices of the first occurrence of each distinct key among keys[:n], sorted by key."""
    size = 1
    while size < 2 * n + 2:
        size *= 2
    slots = np.full(size, -1, dtype=np.int64)
    firsts = np.empty(n, dtype=np.int64)
    m = 0
    for i in range(n):
        h = 0
        for word in range(4):  # small products: plain Python (NUMBA_DISABLE_JIT) must not overflow int64
            w = keys[i, word]
            h = (h * 2654435 + ((w ^ (w >> 21) ^ (w >> 42)) & 0x1FFFFF)) & 0x3FFFFFFF
        h &= size - 1
        while True:
            j = slots[h]
            if j < 0:
                slots[h] = i
                firsts[m] = i
                m += 1
                break
            if keys[j, 0] == keys[i, 0] and keys[j, 1] == keys[i, 1] and keys[j, 2] == keys[i, 2] and keys[j, 3] == keys[i, 3]:
                break
            h = (h + 1) & (size - 1)
    order = firsts[:m]
    for word in range(3, -1, -1):  # least significant word first, stable sorts
        column = np.empty(m, dtype=np.int64)
        for i in range(m):
            column[i] = keys[order[i], word]
        order = order[np.argsort(column, kind="mergesort")]
    return order


@njit(cache=True, nogil=True)
def search(
    board: Int8s, hand: Int8s, credits: int, phase: int, seat: int, partnership: int, tables: Tables, values:
    Int64s, hoard: Int64s, win_bonus: int, cap: int, line: Int64s, best_key: Int64s, cancel: Int32s,
    temperature: float = 0.0, noise: int = 0,
) -> tuple[int, int, int, int, bool]:
    """The best line from a level position. Fills line[:, :PLAY_WIDTH] with its plays and best_key with the key
    of its end; returns (plays, stage, score, line ends, cut). `cancel` (a CancelToken's flag, int32[1]) is read
    before each level: once set, the search stops and returns CANCELLED plays (no line). With a `temperature` the
    line ends are ranked by score + temperature x line_noise(noise, key) (the weaker levels)."""
    no_top = np.empty(0, dtype=np.int64)
    no_lines = np.empty((0, MAX_LEVELS, PLAY_WIDTH), dtype=np.int64)
    return search_top(board, hand, credits, phase, seat, partnership, tables, values, hoard, win_bonus, cap, line,
                      best_key, cancel, temperature, noise, no_top, no_top, no_top, no_lines)[:5]


@njit(cache=True, nogil=True)
def search_top(
    board: Int8s, hand: Int8s, credits: int, phase: int, seat: int, partnership: int, tables: Tables, values:
    Int64s, hoard: Int64s, win_bonus: int, cap: int, line: Int64s, best_key: Int64s, cancel: Int32s,
    temperature: float, noise: int, top_scores: Int64s, top_stages: Int64s, top_plays: Int64s, top_lines: Int64s,
) -> tuple[int, int, int, int, bool, int]:
    """`search`, also keeping the best K = len(top_scores) lines to distinct ends (by score, then key; of two ways
    to one end the one `search` would take): top_lines[i, :top_plays[i]] holds line i's plays, best first. Returns
    `search`'s answer and the count of lines kept (the expert plays them out; K = 0 keeps none)."""
    keep = top_scores.shape[0]
    n_top = int(0)
    top_keys = np.empty((keep, 4), dtype=np.int64)
    top_where = np.empty((keep, 2), dtype=np.int64)  # (level, parent) of each kept end
    top_last = np.empty((keep, PLAY_WIDTH), dtype=np.int64)
    team = np.empty(2, dtype=np.int64)
    n_team = team_of(seat, partnership, team)
    plays = np.empty((MAX_CHILDREN, PLAY_WIDTH), dtype=np.int64)
    outcome = np.empty((MAX_CHILDREN, 7), dtype=np.int64)
    level_keys = np.empty((1, 4), dtype=np.int64)
    encode_key(board, hand, credits, phase, level_keys[0])
    parents = np.zeros((MAX_LEVELS, 1), dtype=np.int64)  # parents[level, i]: the parent's index in level - 1
    level_plays = np.zeros((MAX_LEVELS, 1, PLAY_WIDTH), dtype=np.int64)
    widths = np.zeros(MAX_LEVELS, dtype=np.int64)
    widths[0] = 1
    pos_board = np.empty(SIZE, dtype=board.dtype)
    pos_hand = np.empty(NUM_RANKS, dtype=hand.dtype)
    best_key[:] = np.iinfo(np.int64).max
    best_score = np.iinfo(np.int64).min
    best_noisy = -np.inf
    best_level, best_parent, best_stage = -1, -1, -1
    best_play = np.full(PLAY_WIDTH, -1, dtype=np.int64)
    ends = 0
    cut = False
    level = int(0)  # typed int64 from the start, or numba compiles keep_top for the literal 0 as well
    while widths[level] > 0 and level + 1 < MAX_LEVELS:
        if cancel[0] != 0:
            return CANCELLED, -1, best_score, ends, cut, 0
        capacity = 1024
        child_keys = np.empty((capacity, 4), dtype=np.int64)
        child_parent = np.empty(capacity, dtype=np.int64)
        child_play = np.empty((capacity, PLAY_WIDTH), dtype=np.int64)
        n_children = int(0)  # not the literal 0, which would compile unique_in_key_order twice
        for rank in range(widths[level]):
            position_credits, position_phase = decode_key(level_keys[rank], pos_board, pos_hand)
            n = position_plays(pos_board, pos_hand, position_credits, position_phase, seat, partnership, tables, plays, outcome)
            for i in range(n):
                stage = outcome[i, 4]
                if stage == DONE or stage == OVER or stage == STAGE_DREW:
                    ends += 1
                    decode_key(outcome[i, :4], pos_board, pos_hand)
                    score = line_score(pos_board, pos_hand, stage == STAGE_DREW, stage == OVER, team, n_team, values, hoard, win_bonus)
                    if temperature > 0.0:
                        noisy = score + temperature * line_noise(noise, outcome[i, :4])
                        better = noisy > best_noisy or (noisy == best_noisy and key_less(outcome[i, 0], outcome[i, 1], outcome[i, 2], outcome[i, 3], best_key))
                    else:
                        noisy = 0.0
                        better = score > best_score or (score == best_score and key_less(outcome[i, 0], outcome[i, 1], outcome[i, 2], outcome[i, 3], best_key))
                    if better:
                        best_score = score
                        best_noisy = noisy
                        copy_into(best_key, outcome[i, :4])
                        best_level, best_parent, best_stage = level, rank, stage
                        copy_into(best_play, plays[i])
                    if keep > 0:
                        n_top = keep_top(score, outcome[i, :4], stage, level, rank, plays[i], n_top, top_scores,
                                         top_keys, top_stages, top_where, top_last)
                    continue
                if n_children == capacity:
                    capacity *= 2
                    child_keys = grow(child_keys, capacity)
                    child_parent = grow(child_parent, capacity)
                    child_play = grow(child_play, capacity)
                copy_into(child_keys[n_children], outcome[i, :4])
                child_parent[n_children] = rank
                copy_into(child_play[n_children], plays[i])
                n_children += 1
        order = unique_in_key_order(child_keys, n_children)
        width = order.shape[0]
        if width > cap:
            cut = True
            width = cap
        if width > parents.shape[1]:
            parents = grow_levels(parents, width)
            level_plays = grow_level_plays(level_plays, width)
        level_keys = np.empty((width, 4), dtype=np.int64)
        for j in range(width):
            copy_into(level_keys[j], child_keys[order[j]])
            parents[level + 1, j] = child_parent[order[j]]
            copy_into(level_plays[level + 1, j], child_play[order[j]])
        widths[level + 1] = width
        level += 1
    # walk back from the best end (and from the kept ones)
    n_plays = best_level + 1
    walk_back(line, best_level, best_parent, best_play, parents, level_plays)
    for t in range(n_top):
        top_lines[t, :, :] = -1
        walk_back(top_lines[t], top_where[t, 0], top_where[t, 1], top_last[t], parents, level_plays)
        top_plays[t] = top_where[t, 0] + 1
    return n_plays, best_stage, best_score, ends, cut, n_top


@njit(cache=True, nogil=True, inline="always")
def walk_back(line: Int64s, level: int, parent: int, last: Int64s, parents: Int64s, level_plays: Int64s) -> None:
    """The plays of the line that ends with `last` after position `parent` of `level`, into line[:level + 1]."""
    copy_into(line[level], last)
    index = parent
    for lv in range(level, 0, -1):
        copy_into(line[lv - 1], level_plays[lv, index])
        index = parents[lv, index]


@njit(cache=True, nogil=True)
def keep_top(
    score: int, key: Int64s, stage: int, level: int, parent: int, play: Int64s, n_top: int, top_scores: Int64s,
    top_keys: Int64s, top_stages: Int64s, top_where: Int64s, top_last: Int64s,
) -> int:
    """Insert a line end into the kept best ends (sorted by score, then key), unless its key is kept already (the
    first way met is the one `search` takes) or it ranks below a full list. Returns the new count."""
    keep: int = top_scores.shape[0]
    for t in range(n_top):
        if top_keys[t, 0] == key[0] and top_keys[t, 1] == key[1] and top_keys[t, 2] == key[2] and top_keys[t, 3] == key[3]:
            return n_top
    place = n_top
    while place > 0 and (score > top_scores[place - 1] or (
            score == top_scores[place - 1] and key_less(key[0], key[1], key[2], key[3], top_keys[place - 1]))):
        place -= 1
    if place >= keep:
        return n_top
    last = min(n_top, keep - 1)
    for t in range(last, place, -1):  # shift the lower ends down one, the last falling off a full list
        top_scores[t] = top_scores[t - 1]
        copy_into(top_keys[t], top_keys[t - 1])
        top_stages[t] = top_stages[t - 1]
        copy_into(top_where[t], top_where[t - 1])
        copy_into(top_last[t], top_last[t - 1])
    top_scores[place] = score
    copy_into(top_keys[place], key)
    top_stages[place] = stage
    top_where[place, 0] = level
    top_where[place, 1] = parent
    copy_into(top_last[place], play)
    return min(n_top + 1, keep)


@njit(cache=True, nogil=True)
def grow_levels(parents: Int64s, width: int) -> Int64s:
    bigger = np.zeros((MAX_LEVELS, width), dtype=np.int64)
    for level in range(MAX_LEVELS):
        copy_into(bigger[level], parents[level])
    return bigger


@njit(cache=True, nogil=True)
def grow_level_plays(level_plays: Int64s, width: int) -> Int64s:
    bigger = np.zeros((MAX_LEVELS, width, PLAY_WIDTH), dtype=np.int64)
    for level in range(MAX_LEVELS):
        copy_into(bigger[level].ravel(), level_plays[level].ravel())
    return bigger


@njit(cache=True, nogil=True)
def first_legal_line(
    board: Int8s, hand: Int8s, credits: int, phase: int, seat: int, partnership: int, tables: Tables, line:
    Int64s,
) -> tuple[int, int]:
    """The naive baseline's line: the smallest click at every step (a card, then a piece, then an end)."""
    plays = np.empty((MAX_CHILDREN, PLAY_WIDTH), dtype=np.int64)
    outcome = np.empty((MAX_CHILDREN, 7), dtype=np.int64)
    pos_board = board.copy()
    pos_hand = hand.copy()
    level = 0
    while True:
        position_plays(pos_board, pos_hand, credits, phase, seat, partnership, tables, plays, outcome)
        copy_into(line[level], plays[0])  # plays come in click order: the first is the smallest at every click
        stage = outcome[0, 4]
        credits, _ = decode_key(outcome[0, :4], pos_board, pos_hand)
        level += 1
        if stage == DONE or stage == OVER or stage == STAGE_DREW:
            return level, stage
        phase = stage


# --- whole games (game.py) ------------------------------------------------------------------------------------------


@njit(cache=True, nogil=True)
def elm_initial_seed(x: int) -> int:
    return elm_next((elm_next(0) + x) & 0xFFFFFFFF)


@njit(cache=True, nogil=True)
def shuffle_into(cards: Int64s, n: int, state: int, deck: Int8s) -> int:
    """The Roc port's shuffle of cards[:n] (destroyed) into deck[:n]: repeatedly take left[int(0, len - 1)]."""
    for i in range(n):
        k, state = elm_int_below(n - i, state)
        deck[i] = cards[k]
        for j in range(k, n - i - 1):
            cards[j] = cards[j + 1]
    return state


@njit(cache=True, nogil=True)
def new_game(seed: int, rotation: int) -> State:
    """A fresh game's compact state; with `rotation` r, seat i gets the deck seat (i + r) mod 4 would have had."""
    board = np.full(SIZE, -1, dtype=np.int8)
    hands = np.zeros((ZONES, NUM_RANKS), dtype=np.int8)
    decks = np.full((ZONES, DECK_SIZE), -1, dtype=np.int8)
    deck_top = np.zeros(ZONES, dtype=np.int64)
    deck_end = np.full(ZONES, DECK_SIZE, dtype=np.int64)
    piles = np.zeros((ZONES, NUM_RANKS), dtype=np.int8)
    rstates = np.zeros(ZONES, dtype=np.int64)
    credits = np.zeros(ZONES, dtype=np.int64)
    info = np.zeros(INFO_SIZE, dtype=np.int64)
    cards = np.empty(DECK_SIZE, dtype=np.int64)
    for seat in range(ZONES):
        for i in range(DECK_SIZE):
            cards[i] = i % 13 if i < 52 else JOKER
        deck_seat = (seat + rotation) % ZONES
        rstates[seat] = shuffle_into(cards, int(DECK_SIZE), elm_initial_seed(seed + 1000003 * deck_seat), decks[seat])
        for local in range(4):
            board[seat * ZONE_SIZE + local] = seat
    info[WINNER] = NO_WINNER
    return board, hands, decks, deck_top, deck_end, piles, rstates, credits, info


@njit(cache=True, nogil=True)
def draw(
    seat: int, hands: Int8s, decks: Int8s, deck_top: Int64s, deck_end: Int64s, piles: Int8s, rstates: Int64s,
) -> None:
    """The top card to the hand; an empty deck is first rebuilt from the played pile in rank order."""
    if deck_top[seat] == deck_end[seat]:
        cards = np.empty(DECK_SIZE, dtype=np.int64)
        n = int(0)
        for c in range(NUM_RANKS):
            for _ in range(piles[seat, c]):
                cards[n] = c
                n += 1
        decks[seat, :] = -1
        rstates[seat] = shuffle_into(cards, n, rstates[seat], decks[seat])
        deck_top[seat] = 0
        deck_end[seat] = n
        piles[seat, :] = 0
    card = decks[seat, deck_top[seat]]
    decks[seat, deck_top[seat]] = -1
    deck_top[seat] += 1
    hands[seat, card] += 1


@njit(cache=True, nogil=True)
def refill_then(state: State, partnership: int, fill_up: bool, then: int, tables: Tables) -> None:
    """Refill the seat's hand (to 5 at a turn's start, otherwise only when empty); then DONE or evaluate."""
    board, hands, decks, deck_top, deck_end, piles, rstates, credits, info = state
    seat = info[SEAT]
    held = hand_size(hands[seat])
    if fill_up or held == 0:
        for _ in range(HAND_SIZE - held):
            draw(seat, hands, decks, deck_top, deck_end, piles, rstates)
    if then == DONE:
        info[PHASE] = DONE
        return
    if has_move(board, hands[seat], seat, partnership, tables):
        info[PHASE] = NEED_CARD
        credits[seat] = 0
    else:
        info[PHASE] = then


@njit(cache=True, nogil=True)
def log_click(info: Int64s, log: Int32s, code: int) -> None:
    if info[LOG_SIZE] < log.shape[0]:
        log[info[LOG_SIZE]] = code
    info[LOG_SIZE] += 1


@njit(cache=True, nogil=True)
def apply_play(state: State, partnership: int, play: Int64s, tables: Tables, log: Int32s) -> None:
    """Make one play of a line on the game (its clicks logged), drawing when it empties the hand."""
    board, hands, decks, deck_top, deck_end, piles, rstates, credits, info = state
    seat, phase = info[SEAT], info[PHASE]
    card = play[0] - CARD_ACTION
    hands[seat, card] -= 1
    piles[seat, card] += 1
    log_click(info, log, play[0])
    if phase == NEED_DISCARD or phase == NEED_COVER:
        stage, then, drew, left = after_discard(board, hands[seat], seat, partnership, card, phase, credits[seat], tables)
        credits[seat] = left
    else:
        start, code = play[1], play[2]
        log_click(info, log, start)
        log_click(info, log, code)
        if code >= TRADE_ACTION:
            apply_move(board, int(TRADE), start, code - TRADE_ACTION)
        else:
            apply_move(board, int(STEP), start, code)
        if play[3] >= 0:
            log_click(info, log, play[3])
            log_click(info, log, play[4])
            apply_move(board, int(STEP), play[3], play[4])
        stage, then, drew = after_move(board, hands[seat], seat, partnership, card, tables)
        if stage == NEED_CARD:
            credits[seat] = 0
    if drew:
        refill_then(state, partnership, bool(False), then, tables)
    else:
        info[PHASE] = stage
        if stage == OVER:
            info[WINNER] = seat if partnership == SOLO else min(seat, (seat + 2) % ZONES)


@njit(cache=True, nogil=True)
def pieces_home(board: Int8s, colour: int) -> int:
    home = 0
    for local in range(4, 8):
        if board[colour * ZONE_SIZE + local] == colour:
            home += 1
    return home


@njit(cache=True, nogil=True, inline="always")
def decide(
    state: State, partnership: int, strategy: int, values: Int64s, hoards: Int64s, win_bonus: Int64s,
    first_legal: Int64s, cap: int, tables: Tables, line: Int64s, temperature: float = 0.0, noise: int = 0,
) -> tuple[int, int, int, bool]:
    """The line the seat to move plays: (plays, stage, line ends, cut); `temperature` and `noise` as in `search`."""
    board, hands, decks, deck_top, deck_end, piles, rstates, credits, info = state
    seat = info[SEAT]
    if first_legal[strategy]:
        n_plays, stage = first_legal_line(board, hands[seat], credits[seat], info[PHASE], seat, partnership, tables, line)
        return n_plays, stage, 1, False
    hoard = hoards[strategy, min(pieces_home(board, seat), 3)]
    best_key = np.empty(4, dtype=np.int64)
    never = np.zeros(1, dtype=np.int32)  # whole games are not cancelled: a flag nobody sets
    n_plays, stage, score, ends, cut = search(
        board, hands[seat], credits[seat], info[PHASE], seat, partnership, tables, values[strategy], hoard,
        win_bonus[strategy], cap, line, best_key, never, temperature, noise,
    )
    return n_plays, stage, ends, cut


@njit(cache=True, nogil=True, inline="always")
def end_turn(state: State, partnership: int, tables: Tables, log: Int32s) -> None:
    info = state[8]
    log_click(info, log, int(END_TURN))
    info[SEAT] = (info[SEAT] + 1) % ZONES
    info[TURNS] += 1
    refill_then(state, partnership, bool(True), int(NEED_DISCARD), tables)


@njit(cache=True, nogil=True, inline="always")
def play_on(
    state: State, partnership: int, seat_strategy: Int64s, values: Int64s, hoards: Int64s, win_bonus: Int64s,
    first_legal: Int64s, cap: int, tables: Tables, log: Int32s, max_turns: int,
) -> int:
    """Play until someone wins or `max_turns` turns have passed; returns the winner (NO_WINNER if none)."""
    temperatures = np.zeros(values.shape[0], dtype=np.float64)
    return play_on_with(state, partnership, seat_strategy, values, hoards, win_bonus, first_legal, temperatures, 0, 0,
                        cap, tables, log, max_turns)


@njit(cache=True, nogil=True)
def play_on_with(
    state: State, partnership: int, seat_strategy: Int64s, values: Int64s, hoards: Int64s, win_bonus: Int64s,
    first_legal: Int64s, temperatures: Float64s, seed: int, rotation: int, cap: int, tables: Tables, log: Int32s,
    max_turns: int,
) -> int:
    """`play_on` with the strategies' temperatures; a decision's noise is hashed from (seed, the clicks logged so
    far, rotation), as search.noise_state does from a game's seed and actions."""
    info = state[8]
    line = np.empty((MAX_LEVELS, PLAY_WIDTH), dtype=np.int64)
    while info[PHASE] != OVER and info[TURNS] < max_turns:
        if info[PHASE] == DONE:
            end_turn(state, partnership, tables, log)
            continue
        strategy = seat_strategy[info[SEAT]]
        temperature = temperatures[strategy]
        noise = noise_state(seed, info[LOG_SIZE], rotation) if temperature > 0.0 else 0
        n_plays = decide(state, partnership, strategy, values, hoards, win_bonus, first_legal, cap, tables, line,
                         temperature, noise)[0]
        for i in range(n_plays):
            apply_play(state, partnership, line[i], tables, log)
    return int(info[WINNER])


@njit(cache=True, nogil=True)
def play_game(
    seed: int, rotation: int, partnership: int, seat_strategy: Int64s, values: Int64s, hoards: Int64s,
    win_bonus: Int64s, first_legal: Int64s, temperatures: Float64s, cap: int, tables: Tables, log: Int32s,
    max_turns: int,
) -> tuple[int, int, int]:
    """A whole game from its seed: (winner, turns, clicks logged)."""
    state = new_game(seed, rotation)
    refill_then(state, partnership, bool(True), int(NEED_DISCARD), tables)
    winner = play_on_with(state, partnership, seat_strategy, values, hoards, win_bonus, first_legal, temperatures, seed,
                          rotation, cap, tables, log, max_turns)
    info = state[8]
    return winner, info[TURNS], info[LOG_SIZE]


@njit(cache=True, nogil=True)
def play_games(
    seeds: Int64s, rotations: Int64s, partnership: int, seat_strategy: Int64s, values: Int64s, hoards: Int64s,
    win_bonus: Int64s, first_legal: Int64s, cap: int, tables: Tables, logs: Int32s, log_sizes: Int64s,
    winners: Int64s, turns: Int64s, max_turns: int, temperatures: Float64s,
) -> None:
    """Many games in a row (logs[i] holds game i's clicks, cut at the array's width); `temperatures[s]` is strategy
    s's (0 for the plain search)."""
    for i in range(seeds.shape[0]):
        winners[i], turns[i], log_sizes[i] = play_game(
            seeds[i], rotations[i], partnership, seat_strategy, values, hoards, win_bonus, first_legal, temperatures,
            cap, tables, logs[i], max_turns,
        )



# --- the expert: the champion's best lines played out over sampled deals of the unseen cards -----------------------


@njit(cache=True, nogil=True)
def next_random(counter: Int64s) -> int:
    """A 32-bit draw: a Weyl counter (counter[0]) hashed by mix32, so it is seeded, cheap and the same run as plain
    Python (no global random state shared between threads)."""
    counter[0] = (counter[0] + 0x9E3779B9) & 0xFFFFFFFF
    return mix32(counter[0])


@njit(cache=True, nogil=True)
def random_below(n: int, counter: Int64s) -> int:
    return (next_random(counter) * n) >> 32


@njit(cache=True, nogil=True)
def empty_state() -> State:
    """A compact state's arrays, to be filled (copy_state, sample_unseen)."""
    return (np.empty(SIZE, dtype=np.int8), np.empty((ZONES, NUM_RANKS), dtype=np.int8),
            np.empty((ZONES, DECK_SIZE), dtype=np.int8), np.empty(ZONES, dtype=np.int64),
            np.empty(ZONES, dtype=np.int64), np.empty((ZONES, NUM_RANKS), dtype=np.int8),
            np.empty(ZONES, dtype=np.int64), np.empty(ZONES, dtype=np.int64), np.empty(INFO_SIZE, dtype=np.int64))


@njit(cache=True, nogil=True)
def copy_state(target: State, source: State) -> None:
    copy_into(target[0], source[0])
    copy_into(target[1].ravel(), source[1].ravel())
    copy_into(target[2].ravel(), source[2].ravel())
    copy_into(target[3], source[3])
    copy_into(target[4], source[4])
    copy_into(target[5].ravel(), source[5].ravel())
    copy_into(target[6], source[6])
    copy_into(target[7], source[7])
    copy_into(target[8], source[8])


@njit(cache=True, nogil=True)
def sample_unseen(state: State, seat: int, counter: Int64s, sample: State) -> None:
    """One deal of the cards `seat` cannot see, consistent with what it sees, into `sample`. Every other seat's hand
    and undrawn cards are pooled and dealt afresh (its hand keeps its size), the seat's own undrawn cards are
    shuffled, and every seat's random state (which orders its next reshuffle) is drawn anew. Each pool is built in
    rank order from counts, so the sample depends only on what the seat sees and the counter: the board, its own
    hand, the played piles (every card since a deck's last shuffle was played face up), credits and hand sizes."""
    board, hands, decks, deck_top, deck_end, piles, rstates, credits, info = state
    copy_state(sample, state)
    s_hands, s_decks, s_top, s_end, s_rstates = sample[1], sample[2], sample[3], sample[4], sample[6]
    counts = np.empty(NUM_RANKS, dtype=np.int64)
    cards = np.empty(DECK_SIZE, dtype=np.int64)
    for p in range(ZONES):
        counts[:] = 0
        for i in range(deck_top[p], deck_end[p]):
            counts[decks[p, i]] += 1
        held = 0
        if p != seat:
            for c in range(NUM_RANKS):
                held += hands[p, c]
                counts[c] += hands[p, c]
        n = int(0)
        for c in range(NUM_RANKS):
            for _ in range(counts[c]):
                cards[n] = c
                n += 1
        for i in range(n - 1, 0, -1):  # Fisher-Yates
            j = random_below(i + 1, counter)
            cards[i], cards[j] = cards[j], cards[i]
        if p != seat:
            s_hands[p, :] = 0
            for i in range(held):
                s_hands[p, cards[i]] += 1
        s_decks[p, :] = -1
        for i in range(held, n):
            s_decks[p, i - held] = cards[i]
        s_top[p] = 0
        s_end[p] = n - held
        s_rstates[p] = next_random(counter)


@njit(cache=True, nogil=True)
def team_won(winner: int, seat: int, partnership: int) -> bool:
    """Whether `winner` (a game's WINNER: the lower seat of a partnership) is the seat's side."""
    if winner < 0:
        return False
    return winner == seat if partnership == SOLO else winner % 2 == seat % 2


@njit(cache=True, nogil=True)
def expert_decide(
    state: State, partnership: int, strategy: int, values: Int64s, hoards: Int64s, win_bonus: Int64s,
    first_legal: Int64s, cap: int, tables: Tables, line: Int64s, lines_kept: int, margin: int, playouts: int,
    seed_state: int, cancel: Int32s, stop: Int32s, found: Int64s,
) -> tuple[int, int]:
    """The expert's line for the seat to move: the strategy's best `lines_kept` lines to distinct ends, those within
    `margin` points of the best, each played out over the same `playouts` sampled deals of the unseen cards
    (common random numbers) with the strategy's plain search in every seat; the line winning most playouts is played,
    ties to the better score. One candidate is played at once. Fills `line` like `decide`; returns (plays, stage),
    or CANCELLED plays once `cancel` is set (read before every sampled deal). Once `stop` is set (the caller's
    clock: expert.py) no more deals are sampled and the line winning most so far is played. found = (candidates,
    playouts made, index of the line chosen among the candidates)."""
    board, hands = state[0], state[1]
    info = state[8]
    seat = info[SEAT]
    hoard = hoards[strategy, min(pieces_home(board, seat), 3)]
    best_key = np.empty(4, dtype=np.int64)
    top_scores = np.empty(lines_kept, dtype=np.int64)
    top_stages = np.empty(lines_kept, dtype=np.int64)
    top_plays = np.empty(lines_kept, dtype=np.int64)
    top_lines = np.empty((lines_kept, MAX_LEVELS, PLAY_WIDTH), dtype=np.int64)
    n_plays, stage, score, ends, cut, n_top = search_top(
        board, hands[seat], state[7][seat], info[PHASE], seat, partnership, tables, values[strategy], hoard,
        win_bonus[strategy], cap, line, best_key, cancel, 0.0, int(0), top_scores, top_stages, top_plays, top_lines,
    )
    found[:] = 0
    if n_plays == CANCELLED:
        return CANCELLED, -1
    n = 1
    while n < n_top and top_scores[0] - top_scores[n] <= margin:
        n += 1
    found[0] = n
    if n == 1 or playouts == 0:
        return n_plays, stage
    wins = np.zeros(n, dtype=np.int64)
    sample = empty_state()
    trial = empty_state()
    counter = np.full(1, seed_state & 0xFFFFFFFF, dtype=np.int64)
    seat_strategy = np.full(ZONES, strategy, dtype=np.int64)
    scratch_log = np.zeros(1, dtype=np.int32)  # playouts log nothing (log_click stops at the array's end)
    alive = np.ones(n, dtype=np.bool_)
    n_alive = n
    for j in range(playouts):
        if cancel[0] != 0:
            return CANCELLED, -1
        if stop[0] != 0 and j > 0:
            break
        sample_unseen(state, seat, counter, sample)
        for c in range(n):
            if not alive[c]:
                continue
            copy_state(trial, sample)
            for i in range(top_plays[c]):
                apply_play(trial, partnership, top_lines[c, i], tables, scratch_log)
            winner = play_on(trial, partnership, seat_strategy, values, hoards, win_bonus, first_legal, cap, tables,
                             scratch_log, MAX_TURNS)
            if team_won(winner, seat, partnership):
                wins[c] += 1
            found[1] += 1
        # A line that cannot finish first even winning every playout left is dropped: the choice stays what the
        # whole budget would make (wins only grow, ties go to the earlier line), at a fraction of the playouts.
        left = playouts - 1 - j
        for c in range(n):
            if alive[c]:
                for d in range(n):
                    if d != c and (wins[c] + left < wins[d] or (wins[c] + left == wins[d] and d < c)):
                        alive[c] = False
                        n_alive -= 1
                        break
        if n_alive <= 1:
            break
    chosen = 0
    for c in range(1, n):
        if wins[c] > wins[chosen] and alive[c]:
            chosen = c
    found[2] = chosen
    line[:, :] = -1
    for i in range(top_plays[chosen]):
        copy_into(line[i], top_lines[chosen, i])
    return top_plays[chosen], top_stages[chosen]


# --- information-set MCTS: the second candidate of issue #21 (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) --------

ISMCTS_EXPLORATION = 0.7  # UCB's c for rewards in [0, 1] (the value Cowling et al. use)
# The node table's columns: tree links, the seat that chose the action into the node, the action's key (what every
# seat sees of the line: the board it leaves, the cards it played, its stage), the action's index in the list it was
# first met in (for the root's children: the candidate line), and the statistics.
(NODE_PARENT, NODE_CHILD, NODE_SIBLING, NODE_MOVER, NODE_BOARD, NODE_CARDS, NODE_STAGE, NODE_INDEX, NODE_VISITS,
 NODE_AVAILABLE, NODE_WINS) = range(11)
NODE_FIELDS = 11


@njit(cache=True, nogil=True)
def candidate_lines(
    state: State, partnership: int, strategy: int, values: Int64s, hoards: Int64s, win_bonus: Int64s, cap: int,
    tables: Tables, margin: int, cancel: Int32s, line: Int64s, top_scores: Int64s, top_stages: Int64s,
    top_plays: Int64s, top_lines: Int64s,
) -> tuple[int, int, int]:
    """The seat to move's lines worth weighing: the strategy's best len(top_scores) lines to distinct ends, those
    within `margin` points of the best (top_lines etc., best first; `line` gets the best). Returns (candidates, the
    best line's plays, its stage), or CANCELLED plays."""
    board, hands, info = state[0], state[1], state[8]
    seat = info[SEAT]
    hoard = hoards[strategy, min(pieces_home(board, seat), 3)]
    best_key = np.empty(4, dtype=np.int64)
    n_plays, stage, score, ends, cut, n_top = search_top(
        board, hands[seat], state[7][seat], info[PHASE], seat, partnership, tables, values[strategy], hoard,
        win_bonus[strategy], cap, line, best_key, cancel, 0.0, int(0), top_scores, top_stages, top_plays, top_lines,
    )
    if n_plays == CANCELLED:
        return 0, CANCELLED, -1
    n = 1
    while n < n_top and top_scores[0] - top_scores[n] <= margin:
        n += 1
    return n, n_plays, stage


@njit(cache=True, nogil=True)
def line_action_key(state: State, partnership: int, line: Int64s, n_plays: int, stage: int, tables: Tables,
                    scratch: State, scratch_log: Int32s) -> tuple[int, int]:
    """What every seat sees of a line played from `state`: a hash of the board it leaves (and its stage: a refill,
    the turn's end, the win) and the cards it played (a count a rank, 4 bits each). Two determinizations that agree
    on what the root seat saw give the same key to the same line, whatever the hidden hands: the tree's edges."""
    copy_state(scratch, state)
    cards = 0
    for i in range(n_plays):
        cards += 1 << (4 * (line[i, 0] - CARD_ACTION))
        apply_play(scratch, partnership, line[i], tables, scratch_log)  # a discard may bring a piece out on credit
    board_hash = mix32(stage & 0xFFFFFFFF)
    for s in range(SIZE):
        board_hash = mix32((board_hash ^ ((s << 8) | (scratch[0][s] + 1))) & 0xFFFFFFFF)
    return board_hash, cards


@njit(cache=True, nogil=True)
def find_child(nodes: Int64s, node: int, board_hash: int, cards: int, stage: int) -> int:
    """The child of `node` reached by the action with this key, or -1 (a linear walk: a node has a few children)."""
    child: int = nodes[node, NODE_CHILD]
    while child >= 0:
        if nodes[child, NODE_BOARD] == board_hash and nodes[child, NODE_CARDS] == cards and nodes[child, NODE_STAGE] == stage:
            return child
        child = nodes[child, NODE_SIBLING]
    return -1


@njit(cache=True, nogil=True)
def ismcts_decide(
    state: State, partnership: int, strategy: int, values: Int64s, hoards: Int64s, win_bonus: Int64s,
    first_legal: Int64s, cap: int, tables: Tables, line: Int64s, lines_kept: int, margin: int, iterations: int,
    seed_state: int, cancel: Int32s, stop: Int32s, found: Int64s,
) -> tuple[int, int]:
    """Single-observer information-set MCTS for the seat to move (the root seat), over turn-level actions.

    An action is a line: the strategy's best `lines_kept` lines to distinct ends within `margin` points of the best,
    for whichever seat moves. The root's lines are the same in every determinization (they depend only on the
    board, the root seat's own hand and its credits), so one candidate is played at once, as the expert does.
    Every iteration samples a determinization from what the root seat sees (`sample_unseen`, from the game's seed
    and move: a decision replays), walks the tree of the root seat's information sets, whose edges are lines keyed
    by what every seat sees of them (`line_action_key`), choosing among the actions available in this
    determinization by UCB with availability counts (an action's count of times it was available, not the parent's
    visits), expands the first untried action (in the strategy's order), then plays out with the strategy in every
    seat (`play_on`). Each node is credited when its mover's side won. The most visited root line is played (ties to
    the strategy's order). Fills `line` like `decide`; returns (plays, stage), or CANCELLED plays once `cancel` is
    set (read before every iteration); once `stop` is set (the caller's clock) the iterations end. found =
    (candidates, iterations made, index of the line chosen among the candidates)."""
    info = state[8]
    root_seat = info[SEAT]
    root_scores = np.empty(lines_kept, dtype=np.int64)
    root_stages = np.empty(lines_kept, dtype=np.int64)
    root_plays = np.empty(lines_kept, dtype=np.int64)
    root_lines = np.empty((lines_kept, MAX_LEVELS, PLAY_WIDTH), dtype=np.int64)
    found[:] = 0
    n_root, n_plays, stage = candidate_lines(state, partnership, strategy, values, hoards, win_bonus, cap, tables,
                                             margin, cancel, line, root_scores, root_stages, root_plays, root_lines)
    if n_plays == CANCELLED:
        return CANCELLED, -1
    found[0] = n_root
    if n_root == 1 or iterations == 0:
        return n_plays, stage
    max_nodes = iterations + 1  # one node expanded an iteration, plus the root
    nodes = np.zeros((max_nodes, NODE_FIELDS), dtype=np.int64)
    nodes[0, NODE_PARENT] = -1
    nodes[0, NODE_CHILD] = -1
    nodes[0, NODE_SIBLING] = -1
    nodes[0, NODE_MOVER] = -1
    n_nodes = 1
    path = np.empty(max_nodes, dtype=np.int64)
    top_scores = np.empty(lines_kept, dtype=np.int64)
    top_stages = np.empty(lines_kept, dtype=np.int64)
    top_plays = np.empty(lines_kept, dtype=np.int64)
    top_lines = np.empty((lines_kept, MAX_LEVELS, PLAY_WIDTH), dtype=np.int64)
    action_child = np.empty(lines_kept, dtype=np.int64)
    action_board = np.empty(lines_kept, dtype=np.int64)
    action_cards = np.empty(lines_kept, dtype=np.int64)
    scratch_line = np.empty((MAX_LEVELS, PLAY_WIDTH), dtype=np.int64)
    trial = empty_state()
    scratch = empty_state()
    counter = np.full(1, seed_state & 0xFFFFFFFF, dtype=np.int64)
    seat_strategy = np.full(ZONES, strategy, dtype=np.int64)
    scratch_log = np.zeros(1, dtype=np.int32)  # the tree walk and playouts log nothing
    trial_info = trial[8]
    done = 0
    for iteration in range(iterations):
        if cancel[0] != 0:
            return CANCELLED, -1
        if stop[0] != 0 and iteration > 0:
            break
        sample_unseen(state, root_seat, counter, trial)
        node = 0
        depth = 0
        path[0] = 0
        expanded = False
        while not expanded and trial_info[PHASE] != OVER and trial_info[TURNS] < MAX_TURNS:
            if trial_info[PHASE] == DONE:
                end_turn(trial, partnership, tables, scratch_log)  # the next seat's refill: part of the deal
                continue
            mover = trial_info[SEAT]
            if node == 0:  # the root's lines, found once
                n_actions = n_root
                actions_stages, actions_plays, actions_lines = root_stages, root_plays, root_lines
            else:
                n_actions = candidate_lines(trial, partnership, strategy, values, hoards, win_bonus, cap, tables,
                                            margin, cancel, scratch_line, top_scores, top_stages, top_plays,
                                            top_lines)[0]
                actions_stages, actions_plays, actions_lines = top_stages, top_plays, top_lines
            untried = -1
            for a in range(n_actions):
                action_board[a], action_cards[a] = line_action_key(
                    trial, partnership, actions_lines[a], actions_plays[a], actions_stages[a], tables, scratch,
                    scratch_log)
                child = find_child(nodes, node, action_board[a], action_cards[a], actions_stages[a])
                action_child[a] = child
                if child >= 0:
                    nodes[child, NODE_AVAILABLE] += 1
                elif untried < 0:
                    untried = a
            chosen = -1
            if untried >= 0 and n_nodes < max_nodes:
                child = n_nodes
                n_nodes += 1
                nodes[child, NODE_PARENT] = node
                nodes[child, NODE_CHILD] = -1
                nodes[child, NODE_SIBLING] = nodes[node, NODE_CHILD]
                nodes[node, NODE_CHILD] = child
                nodes[child, NODE_MOVER] = mover
                nodes[child, NODE_BOARD] = action_board[untried]
                nodes[child, NODE_CARDS] = action_cards[untried]
                nodes[child, NODE_STAGE] = actions_stages[untried]
                nodes[child, NODE_INDEX] = untried
                nodes[child, NODE_AVAILABLE] = 1
                chosen = untried
                action_child[untried] = child
                expanded = True
            else:
                best_ucb = -np.inf
                for a in range(n_actions):
                    child = action_child[a]
                    if child < 0:
                        continue
                    visits = nodes[child, NODE_VISITS]
                    ucb = (nodes[child, NODE_WINS] / visits
                           + ISMCTS_EXPLORATION * np.sqrt(np.log(nodes[child, NODE_AVAILABLE]) / visits))
                    if ucb > best_ucb:
                        best_ucb = ucb
                        chosen = a
                if chosen < 0:  # out of nodes and nothing here tried: play out from here
                    break
            for i in range(actions_plays[chosen]):
                apply_play(trial, partnership, actions_lines[chosen, i], tables, scratch_log)
            node = action_child[chosen]
            depth += 1
            path[depth] = node
        winner = play_on(trial, partnership, seat_strategy, values, hoards, win_bonus, first_legal, cap, tables,
                         scratch_log, MAX_TURNS)
        for d in range(depth + 1):
            visited = path[d]
            nodes[visited, NODE_VISITS] += 1
            if d > 0 and team_won(winner, nodes[visited, NODE_MOVER], partnership):
                nodes[visited, NODE_WINS] += 1
        done += 1
    found[1] = done
    best = -1
    child = nodes[0, NODE_CHILD]
    while child >= 0:  # the most visited root line, ties to the strategy's order
        if best < 0 or nodes[child, NODE_VISITS] > nodes[best, NODE_VISITS] or (
                nodes[child, NODE_VISITS] == nodes[best, NODE_VISITS] and nodes[child, NODE_INDEX] < nodes[best, NODE_INDEX]):
            best = child
        child = nodes[child, NODE_SIBLING]
    chosen_line = nodes[best, NODE_INDEX]
    found[2] = chosen_line
    line[:, :] = -1
    for i in range(root_plays[chosen_line]):
        copy_into(line[i], root_lines[chosen_line, i])
    return root_plays[chosen_line], root_stages[chosen_line]


@njit(cache=True, nogil=True)
def play_expert_games(
    seeds: Int64s, rotations: Int64s, partnership: int, seat_strategy: Int64s, values: Int64s, hoards: Int64s,
    win_bonus: Int64s, first_legal: Int64s, cap: int, tables: Tables, logs: Int32s, log_sizes: Int64s,
    winners: Int64s, turns: Int64s, max_turns: int, temperatures: Float64s, playouts: Int64s, lines_kept: Int64s,
    margins: Int64s, counts: Int64s, iterations: Int64s,
) -> None:
    """`play_games` where a strategy with playouts[s] > 0 is the expert (`expert_decide`, its deals sampled from a
    hash of the game's seed, rotation and move, as the levels' noise) and one with iterations[s] > 0 information-set
    MCTS (`ismcts_decide`, seeded alike). counts += (their decisions, of those with two or more candidates,
    playouts or iterations)."""
    line = np.empty((MAX_LEVELS, PLAY_WIDTH), dtype=np.int64)
    never = np.zeros(1, dtype=np.int32)
    found = np.zeros(3, dtype=np.int64)
    for g in range(seeds.shape[0]):
        seed, rotation, log = seeds[g], rotations[g], logs[g]
        state = new_game(seed, rotation)
        refill_then(state, partnership, bool(True), int(NEED_DISCARD), tables)
        info = state[8]
        while info[PHASE] != OVER and info[TURNS] < max_turns:
            if info[PHASE] == DONE:
                end_turn(state, partnership, tables, log)
                continue
            strategy = seat_strategy[info[SEAT]]
            noise = noise_state(seed, info[LOG_SIZE], rotation)
            if iterations[strategy] > 0 or playouts[strategy] > 0:
                if iterations[strategy] > 0:
                    n_plays = ismcts_decide(state, partnership, strategy, values, hoards, win_bonus, first_legal, cap,
                                            tables, line, lines_kept[strategy], margins[strategy],
                                            iterations[strategy], noise, never, never, found)[0]
                else:
                    n_plays = expert_decide(state, partnership, strategy, values, hoards, win_bonus, first_legal, cap,
                                            tables, line, lines_kept[strategy], margins[strategy], playouts[strategy],
                                            noise, never, never, found)[0]
                counts[0] += 1
                counts[1] += 1 if found[0] > 1 else 0
                counts[2] += found[1]
            else:
                temperature = temperatures[strategy]
                n_plays = decide(state, partnership, strategy, values, hoards, win_bonus, first_legal, cap, tables,
                                 line, temperature, noise if temperature > 0.0 else 0)[0]
            for i in range(n_plays):
                apply_play(state, partnership, line[i], tables, log)
        winners[g], turns[g], log_sizes[g] = info[WINNER], info[TURNS], info[LOG_SIZE]

def warmup() -> None:
    """Compile the kernels the window uses, with the argument types it uses: the search behind `plan_turn` for the
    champion and the weaker levels, and the expert's playouts (the Expert level and the hint). (The naive player's
    `first_legal_line` and the whole-game kernels of the experiments compile on their first use.)"""
    from dataclasses import replace

    from .expert import expert_choice
    from .game import FastTrackGame
    from .search import compiled_search
    from .strategy import CHAMPION, EXPERT

    compiled_search(FastTrackGame(0), CHAMPION)
    expert_choice(FastTrackGame(0), replace(EXPERT, playouts=1))
