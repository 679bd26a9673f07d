"""Cards, decks and elm/random 1.0.0's arithmetic, reproduced bit for bit so seeds deal the original's cards.

A card is its rank, an integer 0..13 (suits do not matter): 2..10, J, Q, K, A, joker. Every seat owns a 54-card
deck shuffled once from the game seed and the seat (spec 3.2), so no player's draws change another's cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "joker")
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE, JOKER = range(14)
NUM_RANKS = 14
DECK_SIZE = 54
HAND_SIZE = 5

CANONICAL_DECK = tuple(list(range(13)) * 4 + [JOKER, JOKER])
MOVE_AGAIN = frozenset({ACE, KING, QUEEN, JACK, JOKER, SIX})
LEAVES_PEN = frozenset({ACE, SIX, JOKER})  # one step from the pen to L0
LEAVES_BULLSEYE = frozenset({JACK, QUEEN, KING})  # one step from the bullseye to the exit FT

SEAT_SEED_STRIDE = 1000003  # seat i's deck is shuffled from initial_seed(game_seed + 1000003 * i)


def steps(card: int) -> int:
    """How far the card moves a piece that is not leaving the pen (6 counts 1 from the pen)."""
    return card + 2 if card <= TEN else 1


def is_move_again(card: int) -> bool:
    return card in MOVE_AGAIN


def card_name(card: int) -> str:
    if not 0 <= card < NUM_RANKS:
        raise ValueError(f"card code: expected 0..{NUM_RANKS - 1}, got {card}")
    return RANK_NAMES[card]


def parse_card(text: str) -> int:
    """'9', 'J', 'joker' (any case) -> rank; ValueError naming the card names."""
    name = text.strip()
    for rank, rank_name in enumerate(RANK_NAMES):
        if name.lower() == rank_name.lower():
            return rank
    raise ValueError(f"card {text!r}: expected one of {', '.join(RANK_NAMES)}")


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """'7 8 10 9 9' or ['7', '8'] -> ranks."""
    names = text.split() if isinstance(text, str) else list(text)
    return [parse_card(name) for name in names]


# --- elm/random 1.0.0 -------------------------------------------------------------------------------------------
# A seed is (state, increment); the increment is always ELM_INCREMENT for seeds made by initial_seed, so a seed is
# kept as its state alone.

ELM_INCREMENT = 1013904223
ELM_MULTIPLIER = 1664525
MASK32 = 0xFFFFFFFF


def elm_next(state: int) -> int:
    return (state * ELM_MULTIPLIER + ELM_INCREMENT) & MASK32


def elm_initial_seed(x: int) -> int:
    return elm_next((elm_next(0) + x) & MASK32)


def elm_peel(state: int) -> int:
    mixed = (state ^ (state >> ((state >> 28) + 4))) & MASK32
    if mixed >= 1 << 31:  # read as a signed 32-bit integer
        mixed -= 1 << 32
    # JavaScript multiplies in doubles (rounded to 53 bits), then truncates to 32 bits: exact integers differ.
    word = int(float(mixed) * 277803737.0) & MASK32
    return ((word >> 22) ^ word) & MASK32


def elm_int(low: int, high: int, state: int) -> tuple[int, int]:
    """elm/random's `int low high`: (value, next state)."""
    lo, hi = min(low, high), max(low, high)
    span = hi - lo + 1
    if span & (span - 1) == 0:
        return lo + (elm_peel(state) & (span - 1)), elm_next(state)
    threshold = ((1 << 32) - span) % span
    while True:
        x = elm_peel(state)
        if x >= threshold:
            return lo + x % span, elm_next(state)
        state = elm_next(state)


def shuffle(cards: Sequence[int], state: int) -> tuple[list[int], int]:
    """The Roc port's shuffle: repeatedly take left[int(0, len-1)]. Returns (deck, next state)."""
    left = list(cards)
    deck: list[int] = []
    while left:
        k, state = elm_int(0, len(left) - 1, state)
        deck.append(left.pop(k))
    return deck, state


def seat_seed(game_seed: int, seat: int) -> int:
    return elm_initial_seed(game_seed + SEAT_SEED_STRIDE * seat)


def shuffled_deck(game_seed: int, seat: int) -> tuple[list[int], int]:
    """Seat's first deck (top card first) and the seat's continuing random state."""
    return shuffle(CANONICAL_DECK, seat_seed(game_seed, seat))
