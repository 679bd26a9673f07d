"""A plain, slow, exact reference solver for Piddle (fractions, memoised recursion), used only in tests.

It shares no code with the fast solver beyond the rules themselves: rolls are enumerated as multisets with
multinomial probabilities (the fast solver adds one die at a time), hands are compared as (count, value)
pairs, and the players after you are solved by recursing into their own optimal play.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Literal

Outcome = tuple[Fraction, Fraction, Fraction]  # (win, push, lose) for the player asking
WIN: Outcome = (Fraction(1), Fraction(0), Fraction(0))
PUSH: Outcome = (Fraction(0), Fraction(1), Fraction(0))
LOSE: Outcome = (Fraction(0), Fraction(0), Fraction(1))
NOTHING = (0, 0)

Hand = tuple[int, int]  # (count, value)
Holder = Literal["me", "other", "tied"]  # who holds the best hand so far, for the player asking
BreakContext = tuple[Literal["break"], int]  # (after)
FollowContext = tuple[Literal["follow"], Hand, bool, int, int]  # (beat, tied, after, rerolls the cap allows)
Context = BreakContext | FollowContext
Keep = tuple[int, ...] | None  # the dice kept, or None for stop


def best_group(dice: tuple[int, ...]) -> Hand:
    counts = Counter(dice)
    return max((counts[face] + counts[1], face) for face in (2, 3, 4, 5, 6))


@cache
def roll_outcomes(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Each multiset n dice can show, with its probability (multinomial / 6^n)."""
    outcomes = []
    for combo in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for count in Counter(combo).values():
            ways //= factorial(count)
        outcomes.append((combo, Fraction(ways, 6**n)))
    return tuple(outcomes)


def canonical(dice: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(dice, reverse=True))


def keeps_in_order(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset, in tie-break order: more dice first, then the larger dice."""
    counts = Counter(dice)
    faces = sorted(counts)
    keeps = {canonical(f for f, n in zip(faces, take, strict=True) for _ in range(n))
             for take in product(*(range(counts[f] + 1) for f in faces))}
    return sorted(keeps, key=lambda keep: (len(keep), keep), reverse=True)


def add(a: Outcome, b: Outcome, weight: Fraction) -> Outcome:
    return (a[0] + weight * b[0], a[1] + weight * b[1], a[2] + weight * b[2])


class ReferenceSolver:
    """Exact answers for one objective: 'lexicographic' or 'dollar' with a push value."""

    def __init__(self, kind: str = "lexicographic", push_value: Fraction | float = Fraction(1, 2)) -> None:
        self.kind = kind
        self.push_value = Fraction(push_value)
        self.value = cache(self._value)
        self.keep_value = cache(self._keep_value)
        self.final_hands = cache(self._final_hands)
        self.follower_hands = cache(self._follower_hands)
        self.after_others = cache(self._after_others)

    def better(self, a: Outcome, b: Outcome) -> bool:
        if self.kind == "lexicographic":
            return (a[0], a[1]) > (b[0], b[1])
        return a[0] + self.push_value * a[1] > b[0] + self.push_value * b[1]

    # --- the round after you: who holds the best hand ('me', 'other', 'tied'), players left, their cap ---
    def _after_others(self, best: Hand, holder: Holder, players: int, cap: int) -> Outcome:
        if players == 0:
            return {"me": WIN, "tied": PUSH, "other": LOSE}[holder]
        total: Outcome = (Fraction(0),) * 3
        for hand, p in self.follower_hands(best, holder == "tied", players - 1, cap).items():
            if hand > best:
                nxt = self.after_others(hand, "other", players - 1, cap)
            elif hand == best:
                nxt = self.after_others(best, "tied", players - 1, cap)
            else:
                nxt = self.after_others(best, holder, players - 1, cap)
            total = add(total, nxt, p)
        return total

    def _follower_hands(self, beat: Hand, tied: bool, after: int, cap: int) -> dict[Hand, Fraction]:
        """The final-hand distribution of a player facing (beat, tied), optimal for itself, from a fresh roll."""
        context: Context = ("follow", beat, tied, after, cap)
        dist: defaultdict[Hand, Fraction] = defaultdict(Fraction)
        for dice, p in roll_outcomes(6):
            for hand, q in self.final_hands(context, canonical(dice), cap).items():
                dist[hand] += p * q
        return dict(dist)

    def _final_hands(self, context: Context, dice: tuple[int, ...], rerolls: int) -> dict[Hand, Fraction]:
        _, keep = self.value(context, dice, rerolls)
        if keep is None:
            return {best_group(dice): Fraction(1)}
        dist: defaultdict[Hand, Fraction] = defaultdict(Fraction)
        for rolled, p in roll_outcomes(6 - len(keep)):
            for hand, q in self.final_hands(context, canonical(keep + rolled), rerolls - 1).items():
                dist[hand] += p * q
        return dict(dist)

    # --- one player's decisions ---
    def stop_value(self, context: Context, hand: Hand, rerolls: int) -> Outcome:
        if context[0] == "break":
            _, after = context
            return self.after_others(hand, "me", after, 2 - rerolls)  # rolls taken = 3 - rerolls = the cap
        _, beat, tied, after, cap = context
        if hand > beat:
            return self.after_others(hand, "me", after, cap)
        if hand == beat or tied:
            return self.after_others(beat, "tied", after, cap)
        return self.after_others(beat, "other", after, cap)

    def _keep_value(self, context: Context, keep: tuple[int, ...], rerolls: int) -> Outcome:
        total: Outcome = (Fraction(0),) * 3
        for rolled, p in roll_outcomes(6 - len(keep)):
            total = add(total, self.value(context, canonical(keep + rolled), rerolls - 1)[0], p)
        return total

    def _value(self, context: Context, dice: tuple[int, ...], rerolls: int) -> tuple[Outcome, Keep]:
        """(outcome, keep or None for stop) of the best move, first strictly better candidate wins ties."""
        best = self.stop_value(context, best_group(dice), rerolls)
        move: Keep = None
        if rerolls > 0:
            for keep in keeps_in_order(dice):
                outcome = self.keep_value(context, keep, rerolls)
                if self.better(outcome, best):
                    best, move = outcome, keep
        return best, move

    def solve(self, dice: Iterable[int], rerolls: int, beat: Iterable[int] = NOTHING, tied: bool = False,
              after: int = 0, cap: int = 3) -> tuple[Outcome, Keep]:
        """(outcome, keep or None) for a position; cap is the round's roll limit 1-3 (ignored when breaking)."""
        count, value = beat
        context: Context = ("break", after) if (count, value) == NOTHING else ("follow", (count, value), tied, after,
                                                                             cap - 1)
        return self.value(context, canonical(dice), rerolls)

    def breaker_stops(self, players: int) -> tuple[Outcome, tuple[Fraction, Fraction, Fraction]]:
        """The breaker's outcome from its first roll and how often it stops after 1, 2, 3 rolls."""
        context: Context = ("break", players - 1)

        @cache
        def stop_profile(dice: tuple[int, ...], rerolls: int) -> tuple[Fraction, ...]:
            _, keep = self.value(context, dice, rerolls)
            if keep is None:
                return tuple(Fraction(int(rolls == 3 - rerolls)) for rolls in (1, 2, 3))
            profile = [Fraction(0)] * 3
            for rolled, q in roll_outcomes(6 - len(keep)):
                for i, share in enumerate(stop_profile(canonical(keep + rolled), rerolls - 1)):
                    profile[i] += q * share
            return tuple(profile)

        total: Outcome = (Fraction(0),) * 3
        stops = [Fraction(0)] * 3
        for dice, p in roll_outcomes(6):
            total = add(total, self.value(context, canonical(dice), 2)[0], p)
            for i, share in enumerate(stop_profile(canonical(dice), 2)):
                stops[i] += p * share
        return total, (stops[0], stops[1], stops[2])
