"""The uniform game interface, modelled on OpenSpiel's State.

Generic searches (core/minimax.py, core/mcts.py) and the conformance test play any game through it.
Actions are integers; a chance node (dice, a card draw) has `current_player() == CHANCE` and lists its
outcomes with probabilities in `chance_outcomes()`; those outcomes are its legal actions. A state is
determined by the initial state and the actions applied (chance outcomes included): all randomness of a game
comes through chance nodes or is fixed by its seed. `undo` is the exact inverse of `apply_action`, and an
illegal action raises ValueError and changes nothing (tests/core/test_conformance.py checks both on full
snapshots of every registered game).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    import numpy as np

CHANCE = -1
TERMINAL = -2

GAME_REGISTRY: dict[str, Callable[[int], GameState]] = {}  # filled by tablegames.tables.load_games()


def register_game(name: str, factory: Callable[[int], GameState]) -> None:
    """Make a game playable by the conformance test: `factory(seed)` returns a fresh initial state."""
    GAME_REGISTRY[name] = factory


def sample_chance(state: GameState, rng: np.random.Generator) -> int:
    """A chance outcome of `state` drawn by its probability with one `rng.random()` (ValueError if not chance)."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("sample_chance: the state is not a chance node (it has no chance outcomes)")
    total = sum(float(p) for _, p in outcomes)
    point = float(rng.random()) * total
    cumulative = 0.0
    chosen = None
    for action, probability in outcomes:
        if probability > 0:
            chosen = int(action)
            cumulative += float(probability)
            if point < cumulative:
                break
    if chosen is None:
        raise ValueError(f"sample_chance: no chance outcome has a positive probability: {outcomes}")
    return chosen


class GameState(ABC):
    """A position of a game plus whose turn it is; mutable through apply_action/undo."""

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, CHANCE at a chance node, TERMINAL when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Integer ids of the legal actions in a stable order (empty when terminal)."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Play `action`; raises ValueError naming the legal actions when it is not legal, changing nothing."""

    @abstractmethod
    def undo(self) -> None:
        """Take back the last applied action; raises ValueError when there is nothing to undo."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result: +1 win, -1 loss, 0 draw (or the game's own scale); all zero before the end."""

    @abstractmethod
    def clone(self) -> Self: ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node; games without chance never call it."""
        return []

    @abstractmethod
    def action_to_string(self, action: int) -> str: ...

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE
