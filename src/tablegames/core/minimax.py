"""Generic depth-limited minimax with alpha-beta pruning over the uniform game interface.

Two-player zero-sum games search as negamax with alpha-beta; chance nodes are averaged (expectimax, no pruning
across them). Leaves are scored by `evaluate(state, player)` from `player`'s side, terminal states by
`returns()` scaled far beyond any evaluation so a won game always beats a good position, sooner wins first.
Ties keep the first best action in `legal_actions()` order, or a seeded random one among the best when a
generator is given: the same seed, the same choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

from tablegames.core.gamestate import GameState

WIN_SCORE = 1_000_000.0
S = TypeVar("S", bound=GameState)  # the game searched: its evaluation sees only states of that game
Evaluate = Callable[[S, int], float]


@dataclass
class SearchResult:
    action: int
    score: float
    nodes: int


def terminal_score(state: GameState, player: int, ply: int) -> float:
    return state.returns()[player] * (WIN_SCORE - ply)


class AlphaBeta(Generic[S]):
    def __init__(self, evaluate: Evaluate[S], max_nodes: int | None = None,
                 should_stop: Callable[[], bool] | None = None) -> None:
        self.evaluate = evaluate
        self.max_nodes = max_nodes
        self.should_stop = should_stop  # polled every 256 nodes: a cancel from another thread
        self.nodes = 0
        self.stopped = False

    def value(self, state: S, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of `state` for the player to move (negamax convention)."""
        self.nodes += 1
        if state.is_terminal():
            return terminal_score(state, state_player(state), ply)
        if depth <= 0 or self.out_of_budget():
            return self.evaluate(state, state_player(state))
        if state.is_chance_node():
            return self.chance_value(state, depth, ply)
        mover = state.current_player()
        best = -np.inf
        for action in state.legal_actions():
            state.apply_action(action)
            score = self.child_value(state, mover, depth - 1, alpha, beta, ply + 1)
            state.undo()
            if score > best:
                best = score
            alpha = max(alpha, score)
            if alpha >= beta or self.out_of_budget():
                break
        return best

    def out_of_budget(self) -> bool:
        if not self.stopped and self.should_stop is not None and self.nodes % 256 == 0 and self.should_stop():
            self.stopped = True
        return self.stopped or (self.max_nodes is not None and self.nodes >= self.max_nodes)

    def child_value(self, child: S, mover: int, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The child's value from `mover`'s side: negated when the turn passed to the opponent."""
        if not child.is_terminal() and not child.is_chance_node() and child.current_player() == mover:
            return self.value(child, depth, alpha, beta, ply)  # the mover goes again
        if child.is_terminal():
            return terminal_score(child, mover, ply)
        if child.is_chance_node():
            return self.chance_value(child, depth, ply, perspective=mover)
        return -self.value(child, depth, -beta, -alpha, ply)

    def chance_value(self, state: S, depth: int, ply: int, perspective: int | None = None) -> float:
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            state.apply_action(outcome)
            player = state_player(state)
            inner = self.value(state, depth, -np.inf, np.inf, ply + 1)
            if perspective is not None and player != perspective:
                inner = -inner
            total += probability * inner
            state.undo()
        return total


def state_player(state: GameState) -> int:
    """Whose point of view a state's value takes: the player to move, or seat 0 at the end."""
    player = state.current_player()
    return player if player >= 0 else 0


def best_action(state: S, depth: int, evaluate: Evaluate[S], rng: np.random.Generator | None = None,
                max_nodes: int | None = None, should_stop: Callable[[], bool] | None = None) -> SearchResult:
    """The best action for the player to move, searching `depth` plies (full window at the root so every
    action's exact score is known and ties can be broken fairly). `should_stop()` returning True (polled every
    256 nodes) ends the search early, like `max_nodes`: the answer is then the best found so far."""
    actions = state.legal_actions()
    if not actions:
        raise ValueError("best_action: the game is over, there is no action to choose")
    search = AlphaBeta(evaluate, max_nodes, should_stop)
    mover = state.current_player()
    work = state.clone()
    scores = []
    best = -np.inf
    for action in actions:
        work.apply_action(action)
        # alpha = best - 1: prune only lines certainly worse than the best, keeping exact ties exact
        score = search.child_value(work, mover, depth - 1, best - 1.0, np.inf, 1)
        work.undo()
        scores.append(score)
        best = max(best, score)
    tied = [action for action, score in zip(actions, scores, strict=True) if score == best]
    chosen = tied[0] if rng is None else tied[int(rng.integers(len(tied)))]
    return SearchResult(chosen, best, search.nodes)
