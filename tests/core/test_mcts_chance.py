"""MCTS on games with chance nodes: the tree keeps one subtree per sampled outcome, so it never replays an action
chosen after one outcome after another, it refuses to answer at a chance node, and it stays seeded."""

from __future__ import annotations

import numpy as np
import pytest

from tablegames.core.gamestate import CHANCE, TERMINAL, GameState, sample_chance
from tablegames.core.mcts import mcts_action
from tablegames.fasttrack.game import FastTrackGame
from tablegames.piddle.game import PiddleGame

SAFE, GAMBLE = 0, 1
HEADS, TAILS = 10, 11


class CoinGame(GameState):
    """One player: take SAFE (worth `safe`) or GAMBLE; a gamble flips a fair coin, and what may be played next
    depends on the side shown: after heads 20 (+1) or 21 (-1), after tails 30 (`tails_best`) or 31 (-1)."""

    def __init__(self, safe: float, tails_best: float) -> None:
        self.safe = safe
        self.tails_best = tails_best
        self.actions: list[int] = []

    def num_players(self) -> int:
        return 1

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.actions == [GAMBLE] else 0

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if not self.actions:
            return [SAFE, GAMBLE]
        if len(self.actions) == 1:
            return [HEADS, TAILS]
        return [20, 21] if self.actions[1] == HEADS else [30, 31]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(HEADS, 0.5), (TAILS, 0.5)] if self.current_player() == CHANCE else []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal; legal: {self.legal_actions()}")
        self.actions.append(action)

    def undo(self) -> None:
        if not self.actions:
            raise ValueError("nothing to undo")
        self.actions.pop()

    def is_terminal(self) -> bool:
        return self.actions == [SAFE] or len(self.actions) == 3

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0]
        last = self.actions[-1]
        return [{SAFE: self.safe, 20: 1.0, 21: -1.0, 30: self.tails_best, 31: -1.0}[last]]

    def clone(self) -> CoinGame:
        other = CoinGame(self.safe, self.tails_best)
        other.actions = list(self.actions)
        return other

    def action_to_string(self, action: int) -> str:
        return str(action)


def test_the_gamble_is_judged_by_the_best_play_after_each_side_of_the_coin() -> None:
    # gamble worth 0.5 * 1 + 0.5 * tails_best with the best play after each side
    assert mcts_action(CoinGame(safe=0.2, tails_best=-1.0), 500, np.random.default_rng(3)) == SAFE  # 0 < 0.2
    assert mcts_action(CoinGame(safe=0.2, tails_best=1.0), 500, np.random.default_rng(3)) == GAMBLE  # 1 > 0.2
    after_heads = CoinGame(safe=0.2, tails_best=1.0)
    after_heads.actions = [GAMBLE, HEADS]
    assert mcts_action(after_heads, 50, np.random.default_rng(3)) == 20


def test_a_chance_root_is_refused_not_resolved() -> None:
    for state in (FastTrackGame(seed=0, draws_as_chance=True), PiddleGame(players=3, seed=0)):
        assert state.current_player() == CHANCE
        before = (state.legal_actions(), state.chance_outcomes())
        with pytest.raises(ValueError, match="the root is a chance node: apply a chance outcome first"):
            mcts_action(state, 10, np.random.default_rng(0))
        assert (state.legal_actions(), state.chance_outcomes()) == before


def test_too_few_iterations_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        mcts_action(CoinGame(0.0, 0.0), 0, np.random.default_rng(0))


def resolve_draws(state: GameState, rng: np.random.Generator) -> None:
    while not state.is_terminal() and state.is_chance_node():
        state.apply_action(sample_chance(state, rng))


def test_the_same_seed_gives_the_same_choice_and_leaves_the_state_alone() -> None:
    state = FastTrackGame(seed=4, draws_as_chance=True)
    rng = np.random.default_rng(4)
    for _ in range(30):  # into the game, past a few turns' draws
        resolve_draws(state, rng)
        state.apply_action(mcts_action(state, 6, rng, max_playout_plies=20))
    resolve_draws(state, rng)
    actions, legal = list(state.actions), state.legal_actions()
    picks = {mcts_action(state, 40, np.random.default_rng(9), max_playout_plies=30) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(legal)
    assert state.actions == actions and state.legal_actions() == legal


def play_fast_track_by_mcts(seed: int, iterations: int = 6, max_playout_plies: int = 16) -> FastTrackGame:
    """Every seat chosen by MCTS, every draw sampled from the chance outcomes by a seeded generator."""
    game = FastTrackGame(seed=seed, draws_as_chance=True)
    rng = np.random.default_rng(seed)
    for _ in range(20_000):
        if game.is_terminal():
            return game
        if game.is_chance_node():
            game.apply_action(sample_chance(game, rng))
        else:
            game.apply_action(mcts_action(game, iterations, rng, max_playout_plies=max_playout_plies))
    raise AssertionError(f"Fast Track game {seed} did not end in 20000 actions")


def check_finished(game: FastTrackGame) -> None:
    assert game.is_terminal() and game.winners
    assert sorted(game.returns()) == [-1.0, -1.0, -1.0, 1.0]


@pytest.mark.parametrize("seed", range(3))
def test_mcts_plays_fast_track_with_chance_draws_to_the_end(seed: int) -> None:
    check_finished(play_fast_track_by_mcts(seed))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_mcts_plays_twenty_fast_track_games_with_chance_draws_to_the_end(seed: int) -> None:
    check_finished(play_fast_track_by_mcts(100 + seed))


def test_mcts_plays_piddle_to_the_end() -> None:
    game = PiddleGame(players=3, seed=2)
    rng = np.random.default_rng(2)
    while not game.is_terminal():
        if game.is_chance_node():
            game.apply_action(sample_chance(game, rng))
        else:
            game.apply_action(mcts_action(game, 8, rng, max_playout_plies=30))
    assert sum(game.returns()) == 0 and max(game.returns()) > 0
