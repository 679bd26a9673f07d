import numpy as np
import pytest

from tablegames.core.gamestate import CHANCE, TERMINAL
from tablegames.core.rng import make_rng
from tablegames.piddle.game import STOP_ACTION, PiddleGame
from tablegames.piddle.game import new_game as piddle_game


def play_random(game, rng, limit=5000):
    for _ in range(limit):
        if game.is_terminal():
            return
        if game.current_player() == CHANCE:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            game.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            legal = game.legal_actions()
            game.apply_action(STOP_ACTION if rng.random() < 0.3 else legal[int(rng.integers(len(legal)))])
    raise AssertionError("the game did not end")


def test_random_games_end_with_money_conserved():
    for seed in range(20):
        game = PiddleGame(players=3, seed=seed)
        play_random(game, make_rng(seed, "piddle-game-test"))
        assert game.current_player() == TERMINAL and game.legal_actions() == []
        returns = game.returns()
        assert sum(returns) == 0 and max(returns) > 0


def test_undo_restores_every_step():
    game = PiddleGame(players=2, seed=4)
    rng = make_rng(4, "undo")
    snapshots = []
    for _ in range(40):
        if game.is_terminal():
            break
        snapshots.append((game.current_player(), game.legal_actions(), game.table.dice, list(game.table.winnings)))
        actions = game.legal_actions()
        game.apply_action(actions[int(rng.integers(len(actions)))])
    for snapshot in reversed(snapshots):
        game.undo()
        assert (game.current_player(), game.legal_actions(), game.table.dice, list(game.table.winnings)) == snapshot
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


def test_a_turn_is_six_chance_dice_then_a_decision():
    game = PiddleGame(players=2, seed=1)
    for face in (5, 5, 5, 0, 1, 2):  # 6 6 6 1 2 3
        assert game.current_player() == CHANCE
        game.apply_action(face)
    assert game.table.dice == (6, 6, 6, 1, 2, 3)
    assert game.current_player() == game.table.current_seat
    keep = 0b001111
    assert game.action_to_string(keep) == "keep 6 6 6 1"
    game.apply_action(keep)
    assert game.current_player() == CHANCE and game.needed == 2
    with pytest.raises(ValueError, match="not legal"):
        game.apply_action(STOP_ACTION)
    game.apply_action(5), game.apply_action(5)
    assert game.table.dice == (6, 6, 6, 1, 6, 6)


def test_clone_is_independent_and_registered():
    game = piddle_game(3)
    twin = game.clone()
    game.apply_action(0)
    assert twin.needed == 6 and game.needed == 5
    assert np.array_equal(twin.returns(), [0.0, 0.0, 0.0])
