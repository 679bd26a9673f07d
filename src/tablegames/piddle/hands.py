"""Dice and hands of Piddle: six dice, 1s wild, a hand is the single best group (count, value).

A hand is ranked by count first, then value, so it has a rank 1..25: (2,2) is 1, (2,6) is 5, (3,2) is 6,
... (6,6) is 25. Rank 0 is "nothing yet" (the breaker's target). Dice are written as six digits (`666231`),
hands as COUNTxVALUE (`5x5` = five 5s) or `none`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement

DICE = 6
FACES = 6
MIN_COUNT = 2
NO_HAND = 0
HAND_COUNT = 25  # (2,2) .. (6,6)

Hand = tuple[int, int]  # (count, value); (0, 0) is "nothing yet"


def hand_of(dice: Iterable[int]) -> Hand:
    """The best group of six dice: for each face 2..6, its dice plus every 1 (wild); largest (count, value)."""
    dice = tuple(dice)
    wild = dice.count(1)
    return max((dice.count(value) + wild, value) for value in range(2, FACES + 1))


def as_hand(hand: Sequence[int]) -> Hand:
    """A (count, value) pair given as any sequence (a list, say) as the Hand tuple; not checked (hand_rank is)."""
    count, value = hand
    return (count, value)


def hand_rank(hand: Hand) -> int:
    """1..25 in the order of strength, 0 for (0, 0) = nothing yet."""
    count, value = hand
    if (count, value) == (0, 0):
        return NO_HAND
    if not (MIN_COUNT <= count <= DICE and 2 <= value <= FACES):
        raise ValueError(f"hand {hand!r} is not a Piddle hand: expected (count 2-6, value 2-6) or (0, 0)")
    return 1 + (count - MIN_COUNT) * 5 + (value - 2)


def hand_from_rank(rank: int) -> Hand:
    if rank == NO_HAND:
        return (0, 0)
    if not 1 <= rank <= HAND_COUNT:
        raise ValueError(f"hand rank {rank} out of range: expected 0-{HAND_COUNT}")
    return (MIN_COUNT + (rank - 1) // 5, 2 + (rank - 1) % 5)


ALL_HANDS: tuple[Hand, ...] = tuple(hand_from_rank(rank) for rank in range(1, HAND_COUNT + 1))

NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def describe_hand(hand: Hand) -> str:
    """`five 5s`, or `nothing` for (0, 0)."""
    if hand == (0, 0):
        return "nothing"
    count, value = hand
    return f"{NUMBER_WORDS[count]} {value}s"


def format_hand(hand: Hand) -> str:
    """The CLI spelling: `5x5`, or `none`."""
    return "none" if hand == (0, 0) else f"{hand[0]}x{hand[1]}"


def format_dice(dice: Iterable[int]) -> str:
    return "".join(str(d) for d in dice)


def sorted_dice(dice: Iterable[int]) -> tuple[int, ...]:
    """The canonical order of a multiset of dice: largest face first."""
    return tuple(sorted(dice, reverse=True))


def validate_dice(dice: Sequence[int], size: int | None = DICE, what: str = "dice") -> tuple[int, ...]:
    """The dice as a tuple of ints 1-6, or a ValueError naming what is wrong."""
    values = tuple(dice)
    if size is not None and len(values) != size:
        raise ValueError(f"{what} {values!r} has {len(values)} dice: expected {size}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= FACES:
            raise ValueError(f"{what} {values!r} has {value!r}: every die must be an integer 1-6")
    return values


def parse_dice(text: str) -> tuple[int, ...]:
    """`666231` (spaces and commas allowed between dice) -> (6, 6, 6, 2, 3, 1)."""
    compact = "".join(ch for ch in str(text) if ch not in " ,")
    if not compact:
        raise ValueError(f"dice {text!r} are empty: expected six digits 1-6 like 666231")
    bad = [ch for ch in compact if ch not in "123456"]
    if bad:
        raise ValueError(f"dice {text!r} contain {bad[0]!r}: expected six digits 1-6 like 666231")
    if len(compact) != DICE:
        raise ValueError(f"dice {text!r} have {len(compact)} dice: expected six digits 1-6 like 666231")
    return tuple(int(ch) for ch in compact)


def parse_hand(text: str) -> Hand:
    """`5x5` -> (5, 5) (five 5s); `none` -> (0, 0) (nothing to beat yet)."""
    cleaned = str(text).strip().lower()
    if cleaned in ("none", "nothing", "0"):
        return (0, 0)
    parts = cleaned.split("x")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise ValueError(f"hand {text!r} is not COUNTxVALUE: expected e.g. 5x5 (five 5s) or none")
    count, value = int(parts[0]), int(parts[1])
    if not MIN_COUNT <= count <= DICE:
        raise ValueError(f"hand {text!r} has count {count}: six dice always make a group of 2 to 6")
    if not 2 <= value <= FACES:
        raise ValueError(f"hand {text!r} has value {value}: a group's value is 2-6 (1s are wild)")
    return (count, value)


def all_multisets(size: int) -> list[tuple[int, ...]]:
    """Every multiset of `size` dice, each sorted largest first."""
    return [tuple(reversed(combo)) for combo in combinations_with_replacement(range(1, FACES + 1), size)]
