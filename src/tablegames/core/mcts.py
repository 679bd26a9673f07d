"""Generic Monte Carlo tree search (UCT) over the uniform game interface, for any number of players.

The tree has explicit chance nodes. A node stands for the state reached from the root by the actions on its
path, chance outcomes included, so every action stored below a node is legal in that node's state:

- a decision node (a player to move) has its children keyed by action; it expands them one at a time (in a
  seeded random order) and, once all are expanded, picks among them by UCB1;
- a chance node (a die, a card draw) has its children keyed by outcome; a visit samples an outcome from
  `chance_outcomes()` by its probability and goes on into that outcome's child, creating it on first sight.

So two different draws lead into two different subtrees, and what one draw made possible is never tried after
another (the bug of a tree keyed by action alone, which replayed an action chosen after one sampled card
after a different card had been sampled). This is the closed-loop alternative to open-loop MCTS (children
keyed by action and filtered by the legal set at each visit): it costs more nodes when chance branches
widely, but every statistic belongs to one state and no action needs checking. It relies on the interface's
promise that a state is determined by the initial state and the actions applied: all randomness of a game
comes through its chance nodes (or is fixed by its seed).

Each node keeps the total reward of the player who chose the move into it (nothing for a chance outcome), so
a child is judged by the player who picks it. A simulation walks down the tree, expands one decision child,
then plays out at random (chance by its probabilities) to the end or to `max_playout_plies` (all rewards zero
when cut off). The root must be a player's decision: at a chance node there is nothing to choose, and
answering for one sampled outcome would be answering a different question, so that is an error.

All randomness comes from the generator given: the same seed, the same tree, the same choice.
"""

from __future__ import annotations

import math

import numpy as np

from tablegames.core.gamestate import CHANCE, GameState, sample_chance

__all__ = ["Node", "mcts_action", "playout", "resolve_chance", "sample_chance"]


class Node:
    """A state of the tree: whose turn it is there, its children, and its visit and reward totals."""

    __slots__ = ("mover", "player", "children", "untried", "visits", "reward")

    def __init__(self, mover: int, state: GameState) -> None:
        self.mover = mover  # the seat that chose the action into this node; negative (no reward) for a chance
        # outcome and for the root
        self.player = state.current_player()  # who acts here: a seat, CHANCE or TERMINAL
        self.children: dict[int, Node] = {}  # by action at a decision node, by outcome at a chance node
        self.untried: list[int] = list(state.legal_actions()) if self.player >= 0 else []
        self.visits = 0
        self.reward = 0.0

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    def select_child(self, exploration: float) -> tuple[int, Node]:
        """UCB1 over the children of a fully expanded decision node: (action, child)."""
        log_visits = math.log(self.visits)
        return max(self.children.items(), key=lambda item: item[1].reward / item[1].visits
                   + exploration * math.sqrt(log_visits / item[1].visits))


def resolve_chance(state: GameState, rng: np.random.Generator) -> int:
    """Apply sampled chance outcomes until a player is to move; returns how many were applied (for undo)."""
    applied = 0
    while not state.is_terminal() and state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
        applied += 1
    return applied


def _play_out(state: GameState, rng: np.random.Generator, max_plies: int) -> list[float]:
    """Random play on `state` itself to the end (or `max_plies`): every seat's returns, zeros when cut off."""
    for _ in range(max_plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.integers(len(actions)))])
    return [float(r) for r in state.returns()] if state.is_terminal() else [0.0] * state.num_players()


def playout(state: GameState, rng: np.random.Generator, max_plies: int) -> list[float]:
    """Random play from a clone of `state` to the end (or `max_plies`): every seat's returns, zeros when cut off."""
    return _play_out(state.clone(), rng, max_plies)


def _simulate(root: Node, root_state: GameState, rng: np.random.Generator, exploration: float,
              max_playout_plies: int) -> None:
    """One simulation: select down the tree (sampling chance), expand one decision child, play out, back up."""
    work = root_state.clone()
    node, path = root, [root]
    while not work.is_terminal():
        if node.is_chance:
            outcome = sample_chance(work, rng)
            work.apply_action(outcome)
            child = node.children.get(outcome)
            if child is None:
                child = node.children[outcome] = Node(CHANCE, work)
            node = child
            path.append(node)
        elif node.untried:
            action = node.untried.pop(int(rng.integers(len(node.untried))))
            mover = node.player
            work.apply_action(action)
            child = node.children[action] = Node(mover, work)
            path.append(child)
            break
        else:
            action, node = node.select_child(exploration)
            work.apply_action(action)
            path.append(node)
    rewards = _play_out(work, rng, max_playout_plies)
    for visited in path:
        visited.visits += 1
        if visited.mover >= 0:
            visited.reward += rewards[visited.mover]


def mcts_action(state: GameState, iterations: int, rng: np.random.Generator, exploration: float = 1.4,
                max_playout_plies: int = 400) -> int:
    """The most visited action at the root after `iterations` simulations (ties: the first in legal order).

    `state` is not changed. ValueError when the game is over, when the root is a chance node (apply a chance
    outcome first) or when `iterations` is below 1."""
    if state.is_terminal():
        raise ValueError("mcts_action: the game is over, there is no action to choose")
    if state.is_chance_node():
        raise ValueError("mcts_action: the root is a chance node: apply a chance outcome first "
                         "(there is no player's action to choose)")
    if iterations < 1:
        raise ValueError(f"mcts_action: iterations must be at least 1, got {iterations}")
    root_state = state.clone()
    root = Node(-1, root_state)
    for _ in range(iterations):
        _simulate(root, root_state, rng, exploration, max_playout_plies)
    order = {action: index for index, action in enumerate(root_state.legal_actions())}
    return max(root.children, key=lambda action: (root.children[action].visits, -order[action]))
