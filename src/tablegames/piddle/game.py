"""Piddle through the uniform game interface (core.gamestate.GameState), for the generic searches and the
conformance test. It drives a PiddleTable, so the rules live in one place.

Actions at a player's decision: 0..63 keep the dice at the positions of the mask's set bits and reroll the
rest (63 keeps all six: a roll spent without dice), STOP_ACTION (64) ends the turn. Every die rolled is a chance
node of its own, outcomes 0..5 for faces 1..6. The break roll comes from the table's seed. The game ends
when a round has a clean winner; a push replays the round. returns() is each seat's net dollars.
"""

from __future__ import annotations

import copy

from tablegames.core.gamestate import CHANCE, TERMINAL, GameState
from tablegames.piddle.hands import DICE
from tablegames.piddle.table import SETTLED, PiddleTable

STOP_ACTION = 64
KEEP_MASKS = 64


class ChanceTable(PiddleTable):
    """A table whose turn dice are the chance outcomes the game state has collected."""

    def __post_init__(self) -> None:
        self.supplied: list[int] = []
        super().__post_init__()

    def draw_dice(self, count: int) -> list[int]:
        if len(self.supplied) != count:
            raise ValueError(f"{count} dice to roll but {len(self.supplied)} chance outcomes supplied")
        drawn, self.supplied = self.supplied, []
        return drawn


class PiddleGame(GameState):
    def __init__(self, players: int = 2, seed: int = 0) -> None:
        self.table = ChanceTable([f"seat {i}" for i in range(players)], seed=seed)
        self.mask: int | None = None  # the keep waiting for its dice; None for a turn's first roll
        self.needed = DICE  # chance outcomes still to come before the roll happens
        self.history: list[tuple[ChanceTable, int | None, int]] = []  # (table, mask, needed) before each action

    def num_players(self) -> int:
        return self.table.players

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        if self.needed:
            return CHANCE
        seat = self.table.current_seat
        assert seat is not None, "a game that is not over is always in a turn (a pushed round replays at once)"
        return seat

    def is_terminal(self) -> bool:
        return self.table.phase == SETTLED and not self.table.is_replay

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.needed:
            return list(range(6))
        return list(range(KEEP_MASKS)) + [STOP_ACTION]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(6)] if self.needed and not self.is_terminal() else []

    def apply_action(self, action: int) -> None:
        legal = self.legal_actions()
        if action not in legal:
            expected = f"one of {legal[0]}..{legal[-1]}" if legal else "none (the game is over)"
            raise ValueError(f"action {action!r} is not legal here: expected {expected}")
        self.history.append((copy.deepcopy(self.table), self.mask, self.needed))
        if self.needed:
            self.table.supplied.append(action + 1)
            self.needed -= 1
            if self.needed == 0:
                self.roll()
        elif action == STOP_ACTION:
            self.table.stop()
            self.after_turn_step()
        else:
            self.mask = action
            self.needed = DICE - bin(action).count("1")
            if self.needed == 0:
                self.roll()

    def roll(self) -> None:
        if self.mask is not None:
            self.table.set_held([i for i in range(DICE) if self.mask >> i & 1])
        self.table.roll()
        self.mask = None
        self.after_turn_step()

    def after_turn_step(self) -> None:
        """After a roll or stop: replay a pushed round, and wait for the next first roll when a turn begins."""
        if self.table.phase == SETTLED and self.table.is_replay:
            self.table.start_round()
        if self.table.phase != SETTLED and self.table.dice is None:
            self.needed = DICE

    def undo(self) -> None:
        if not self.history:
            raise ValueError("nothing to undo")
        self.table, self.mask, self.needed = self.history.pop()

    def returns(self) -> list[float]:
        return [float(w) for w in self.table.winnings] if self.is_terminal() else [0.0] * self.num_players()

    def clone(self) -> PiddleGame:
        return copy.deepcopy(self)

    def action_to_string(self, action: int) -> str:
        if self.needed:
            return f"die shows {action + 1}"
        if action == STOP_ACTION:
            return "stop"
        dice = self.table.dice or ()
        kept = [str(dice[i]) for i in range(DICE) if action >> i & 1 and i < len(dice)]
        return f"keep {' '.join(kept)}" if kept else "reroll all six"


def new_game(seed: int = 0) -> PiddleGame:
    """A three-player table dealt from `seed`."""
    return PiddleGame(players=3, seed=seed)

