"""The Piddle table: rounds, antes, the break roll, turns under the cap, pushes that replay the round, and
running winnings. Graphics-free: a scene drives it one step at a time (roll, hold, stop) and reads its state;
computer players step themselves with the exact solver, each optimal for itself.

Every move is recorded in `actions` as a line ("hold 0 3", "roll", "stop", "next"); every die comes from a generator
seeded by the table's seed, the round and the seat, so a new table with the same seed and players that `play`s
those lines is this table again: the scores, whose turn, the dice and the holds, and the generators' states.

Money: every player antes $1 into the pot at the start of a round; a tie for the best hand is a push, every
player adds $1 more and the round replays (new break roll) with the bigger pot; a clean winner takes the pot.
`winnings[seat]` is each player's running net, so sum(winnings) + pot == 0 at all times.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from tablegames.core.rng import make_rng
from tablegames.piddle.hands import DICE, Hand, describe_hand, hand_of
from tablegames.piddle.solver import MAX_PLAYERS, MAX_ROLLS, Advice, Objective, Position, advise_position

BREAK, TURN, SETTLED = "break", "turn", "settled"
HOLD, ROLL, STOP, NEXT_ROUND = "hold", "roll", "stop", "next"  # the words of the recorded moves

RULES_HELP = (  # for the table's help screen: the rules, including the decisions the source left open
    "Six dice; 1s are wild. Everyone antes $1 into the pot each round.",
    "Break roll: everyone rolls one die; the highest goes first (ties roll again). Play goes clockwise.",
    "Your turn: roll all six, then keep any dice and reroll the rest. Kept dice may be rerolled later.",
    "You may stop at any time. The breaker may take up to 3 rolls; the rolls it takes are the cap for everyone else.",
    "Your hand is your best group: a face 2-6 plus every 1. More dice beat fewer; then the higher face.",
    "Five 1s and a 2 are six 2s; six 1s are six 6s, the best hand. No kickers.",
    "The best hand takes the pot. A tie for the best hand is a push: everyone adds $1 and the round replays.",
)


@dataclass(frozen=True)
class TableEvent:
    """Something a scene may show, play a sound for, or let the music follow."""

    kind: str  # ante, break, roll, stop, cap, win, push
    seat: int | None
    text: str


@dataclass
class RoundResult:
    hands: dict[int, Hand]
    winner: int | None  # None: a push
    pot: int  # the pot when the round ended (what the winner took, or what carries into the replay)

    @property
    def is_push(self) -> bool:
        return self.winner is None


def positions_to_hold(dice: tuple[int, ...], keep: tuple[int, ...]) -> list[int]:
    """Which dice positions hold the multiset `keep` (the first matching die for each kept value)."""
    free = list(range(len(dice)))
    chosen = []
    for value in keep:
        match = next((i for i in free if dice[i] == value), None)
        if match is None:
            raise ValueError(f"cannot keep {keep} from dice {dice}: no {value} left")
        free.remove(match)
        chosen.append(match)
    return sorted(chosen)


@dataclass
class PiddleTable:
    """A table of 2-6 players; seats in `computer_seats` play themselves through `computer_step()`."""

    names: list[str]
    computer_seats: frozenset[int] = frozenset()
    seed: int = 0
    objective: Objective = field(default_factory=Objective)
    stake: int = 1

    def __post_init__(self) -> None:
        if not 2 <= len(self.names) <= MAX_PLAYERS:
            raise ValueError(f"a Piddle table seats 2-{MAX_PLAYERS} players, not {len(self.names)}")
        self.computer_seats = frozenset(self.computer_seats)
        if not all(0 <= s < len(self.names) for s in self.computer_seats):
            raise ValueError(f"computer seats {sorted(self.computer_seats)} outside 0-{len(self.names) - 1}")
        self.winnings = [0] * len(self.names)
        self.pot = 0
        self.round_index = -1
        self.is_replay = False
        self.results: list[RoundResult] = []
        self.events: list[TableEvent] = []
        self.actions: list[str] = []  # every move since the table was set, for `play` to replay (module docstring)
        self.start_round()

    # --- reading the state ---
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def current_seat(self) -> int | None:
        return self.order[self.turn] if self.phase == TURN else None

    @property
    def is_breaker_turn(self) -> bool:
        return self.phase == TURN and self.turn == 0

    @property
    def roll_limit(self) -> int:
        """Rolls the current player may take: 3 for the breaker, the cap for everyone else."""
        if self.turn == 0:
            return MAX_ROLLS
        assert self.cap is not None, "the breaker's stop sets the cap before anyone else's turn"
        return self.cap

    @property
    def rerolls_left(self) -> int:
        """Rerolls left after the dice showing (before the first roll: after it)."""
        return self.roll_limit - max(self.rolls_taken, 1)

    def can_roll(self) -> bool:
        return self.phase == TURN and self.rolls_taken < self.roll_limit

    def can_stop(self) -> bool:
        return self.phase == TURN and self.rolls_taken >= 1

    def best_so_far(self) -> tuple[Hand, bool]:
        """The best final hand of this round so far ((0, 0) before anyone stops) and whether it is shared."""
        if not self.hands:
            return (0, 0), False
        best = max(self.hands.values())
        return best, sum(1 for hand in self.hands.values() if hand == best) > 1

    def is_computer(self, seat: int) -> bool:
        return seat in self.computer_seats

    # --- the round ---
    def start_round(self) -> None:
        """Begin the next round: antes (not on a replay, whose pot already holds the push money), break roll."""
        if self.round_index >= 0:
            if self.phase != SETTLED:
                raise ValueError("the round is still being played: finish it before starting the next")
            self.actions.append(NEXT_ROUND)  # (the first round starts with the table)
        self.round_index += 1
        if not self.is_replay:
            for seat in range(self.players):
                self.winnings[seat] -= self.stake
            self.pot += self.stake * self.players
            self.events.append(TableEvent("ante", None, f"everyone antes ${self.stake}; pot ${self.pot}"))
        self.phase: str = BREAK
        self.hands: dict[int, Hand] = {}
        self.final_dice: dict[int, tuple[int, ...]] = {}
        self.cap: int | None = None
        self.breaker = self.roll_for_break()
        self.order = [(self.breaker + i) % self.players for i in range(self.players)]
        self.turn = 0
        self.begin_turn()

    def roll_for_break(self) -> int:
        """Everyone rolls one die; the highest breaks; ties among the highest roll again."""
        rng = make_rng(self.seed, "piddle", "break", self.round_index)
        contenders = list(range(self.players))
        self.break_rolls: list[dict[int, int]] = []
        while True:
            rolls = {seat: int(rng.integers(1, 7)) for seat in contenders}
            self.break_rolls.append(rolls)
            top = max(rolls.values())
            contenders = [seat for seat, die in rolls.items() if die == top]
            if len(contenders) == 1:
                breaker = contenders[0]
                self.events.append(TableEvent("break", breaker, f"{self.names[breaker]} breaks with a {top}"))
                return breaker

    def begin_turn(self) -> None:
        self.phase = TURN
        self.dice: tuple[int, ...] | None = None
        self.held: set[int] = set()
        self.rolls_taken = 0
        self.rng = make_rng(self.seed, "piddle", "turn", self.round_index, self.order[self.turn])

    def draw_dice(self, count: int) -> list[int]:
        return [int(d) for d in self.rng.integers(1, 7, size=count)]

    def require_turn(self, action: str) -> int:
        if self.phase != TURN:
            raise ValueError(f"cannot {action}: the round is over (start the next round)")
        return self.order[self.turn]

    def toggle_hold(self, position: int) -> None:
        self.require_turn("hold a die")
        if self.dice is None:
            raise ValueError("cannot hold a die before the first roll")
        if not 0 <= position < DICE:
            raise ValueError(f"die position {position} out of range: expected 0-5")
        self.held ^= {position}
        self.record_holds()

    def set_held(self, positions: Iterable[int]) -> None:
        self.require_turn("hold dice")
        if self.dice is None:
            raise ValueError("cannot hold dice before the first roll")
        chosen = set(positions)
        if not all(isinstance(p, int | np.integer) and 0 <= p < DICE for p in chosen):
            raise ValueError(f"die positions {sorted(chosen)} out of range: expected 0-5")
        held = {int(p) for p in chosen}
        if held != self.held:
            self.held = held
            self.record_holds()

    def record_holds(self) -> None:
        self.actions.append(" ".join([HOLD, *map(str, sorted(self.held))]))

    def roll(self) -> tuple[int, ...]:
        """Roll every die not held (all six on the first roll); the last allowed roll ends the turn."""
        seat = self.require_turn("roll")
        if not self.can_roll():
            raise ValueError(f"{self.names[seat]} has taken all {self.roll_limit} rolls allowed: stop")
        if self.dice is None:
            self.held = set()
            dice = self.draw_dice(DICE)
        else:
            dice = list(self.dice)
            fresh = iter(self.draw_dice(DICE - len(self.held)))
            dice = [dice[i] if i in self.held else next(fresh) for i in range(DICE)]
        self.dice = tuple(dice)
        self.rolls_taken += 1
        self.actions.append(ROLL)
        self.events.append(TableEvent("roll", seat, f"{self.names[seat]} rolls {''.join(map(str, self.dice))}"))
        if self.rolls_taken == self.roll_limit:
            self.end_turn(seat)  # part of the roll: replaying the roll ends the turn again
        return self.dice

    def stop(self) -> None:
        seat = self.require_turn("stop")
        if self.dice is None:
            raise ValueError(f"{self.names[seat]} must roll before stopping")
        self.actions.append(STOP)
        self.end_turn(seat)

    def end_turn(self, seat: int) -> None:
        """`seat` keeps the dice showing: its hand, the cap (after the breaker), then the next turn or the result."""
        assert self.dice is not None, "a turn ends on dice rolled"
        hand = hand_of(self.dice)
        self.hands[seat] = hand
        self.final_dice[seat] = self.dice
        self.events.append(TableEvent("stop", seat, f"{self.names[seat]} stops with {describe_hand(hand)}"))
        if self.turn == 0:
            self.cap = self.rolls_taken
            self.events.append(TableEvent("cap", seat, f"the cap is {self.cap} roll{'s' if self.cap > 1 else ''}"))
        self.turn += 1
        if self.turn < self.players:
            self.begin_turn()
        else:
            self.settle()

    def settle(self) -> None:
        best = max(self.hands.values())
        holders = [seat for seat, hand in self.hands.items() if hand == best]
        self.phase = SETTLED
        if len(holders) == 1:
            winner = holders[0]
            result = RoundResult(dict(self.hands), winner, self.pot)
            self.winnings[winner] += self.pot
            self.events.append(TableEvent("win", winner, f"{self.names[winner]} wins ${self.pot} with "
                                                         f"{describe_hand(best)}"))
            self.pot = 0
            self.is_replay = False
        else:
            for seat in range(self.players):
                self.winnings[seat] -= self.stake
            self.pot += self.stake * self.players
            result = RoundResult(dict(self.hands), None, self.pot)
            names = " and ".join(self.names[s] for s in holders)
            self.events.append(TableEvent("push", None, f"push: {names} tie with {describe_hand(best)}; "
                                                        f"everyone adds ${self.stake}, pot ${self.pot}, replay"))
            self.is_replay = True
        self.results.append(result)

    def play(self, action: str) -> None:
        """Make a recorded move again ("hold 0 3", "roll", "stop", "next"); ValueError when it is not a move or
        not one that can be made now (and then nothing changes)."""
        word, *positions = action.split(" ")
        if word == HOLD and all(len(p) == 1 and p in "012345" for p in positions):
            self.set_held(int(p) for p in positions)
        elif word == ROLL and not positions:
            self.roll()
        elif word == STOP and not positions:
            self.stop()
        elif word == NEXT_ROUND and not positions:
            self.start_round()
        else:
            raise ValueError(f"{action[:40]!r} is not a move: expected 'hold' and die positions 0-5, 'roll', "
                             "'stop' or 'next'")

    # --- advice and computer players ---
    def position(self) -> Position:
        """What the solver needs to know about the player to act (after its first roll): an immutable copy."""
        self.require_turn("advise")
        if self.dice is None:
            raise ValueError("no advice before the first roll: roll all six dice")
        beat, tied = self.best_so_far()
        after = self.players - 1 - self.turn
        cap = None if self.turn == 0 else self.cap
        return Position(self.dice, self.rerolls_left, beat, tied, after, cap)

    def advice(self) -> Advice:
        """The exact best move for the player to act (after its first roll)."""
        return advise_position(self.position(), self.objective)

    def computer_step(self) -> str:
        """One step of the current player as the solver plays it: 'roll' (the first roll), 'keep' (hold the
        advised dice and reroll the rest) or 'stop'."""
        self.require_turn("play")
        if self.dice is None:
            self.roll()
            return "roll"
        advice = self.advice()
        if advice.stop:
            self.stop()
            return "stop"
        self.set_held(positions_to_hold(self.dice, advice.keep))
        self.roll()
        return "keep"

    def play_computers(self) -> None:
        """Let computer players act until it is a human's turn or the round is settled."""
        while self.phase == TURN and self.is_computer(self.order[self.turn]):
            self.computer_step()
