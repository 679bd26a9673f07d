"""Generic Monte Carlo tree search (UCT) over the uniform game interface, for any number of players.

Each node keeps the total reward of the player who chose the move into it, so a node is judged by the player
who picks it. Chance nodes are sampled by their probabilities. Playouts choose uniformly at random. All
randomness comes from the generator given: the same seed, the same tree, the same choice.
"""

from __future__ import annotations

import math

import numpy as np

from tablegames.core.gamestate import GameState


class Node:
    __slots__ = ("action", "mover", "children", "untried", "visits", "reward")

    def __init__(self, action: int | None, mover: int, untried: list[int]) -> None:
        self.action = action
        self.mover = mover  # who chose `action` (the player whose reward this node sums)
        self.children: list[Node] = []
        self.untried = untried
        self.visits = 0
        self.reward = 0.0

    def select_child(self, exploration: float) -> Node:
        log_visits = math.log(self.visits)
        return max(self.children, key=lambda child: child.reward / child.visits
                   + exploration * math.sqrt(log_visits / child.visits))


def sample_chance(state: GameState, rng: np.random.Generator) -> int:
    outcomes = state.chance_outcomes()
    probabilities = np.array([p for _, p in outcomes], dtype=float)
    return outcomes[int(rng.choice(len(outcomes), p=probabilities / probabilities.sum()))][0]


def resolve_chance(state: GameState, rng: np.random.Generator) -> int:
    """Apply chance outcomes until a player is to move; returns how many were applied (for undo)."""
    applied = 0
    while not state.is_terminal() and state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
        applied += 1
    return applied


def playout(state: GameState, rng: np.random.Generator, max_plies: int) -> list[float]:
    """Random play to the end (or `max_plies`): every seat's returns, zeros when cut off."""
    work = state.clone()
    for _ in range(max_plies):
        if work.is_terminal():
            return list(work.returns())
        if work.is_chance_node():
            work.apply_action(sample_chance(work, rng))
        else:
            actions = work.legal_actions()
            work.apply_action(actions[int(rng.integers(len(actions)))])
    return list(work.returns()) if work.is_terminal() else [0.0] * work.num_players()


def mcts_action(state: GameState, iterations: int, rng: np.random.Generator, exploration: float = 1.4,
                max_playout_plies: int = 400) -> int:
    """The most visited action at the root after `iterations` simulations."""
    root_state = state.clone()
    resolve_chance(root_state, rng)
    if root_state.is_terminal():
        raise ValueError("mcts_action: the game is over, there is no action to choose")
    root = Node(None, -1, list(root_state.legal_actions()))
    for _ in range(iterations):
        work = root_state.clone()
        node, path = root, [root]
        while not node.untried and node.children and not work.is_terminal():
            node = node.select_child(exploration)
            work.apply_action(node.action)
            resolve_chance(work, rng)
            path.append(node)
        if node.untried and not work.is_terminal():
            action = node.untried.pop(int(rng.integers(len(node.untried))))
            mover = work.current_player()
            work.apply_action(action)
            resolve_chance(work, rng)
            child = Node(action, mover, [] if work.is_terminal() else list(work.legal_actions()))
            node.children.append(child)
            node, path = child, [*path, child]
        rewards = playout(work, rng, max_playout_plies)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += rewards[visited.mover]
    return max(root.children, key=lambda child: (child.visits, -root_state.legal_actions().index(child.action))).action
