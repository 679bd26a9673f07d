"""Every registered game, played at random through the uniform interface: the interface's promises hold."""

import numpy as np
import pytest

import tablegames.core.tictactoe  # noqa: F401 - registers the generic searches' test game
from tablegames.core.gamestate import CHANCE, GAME_REGISTRY, TERMINAL
from tablegames.tables import TABLES

for spec in TABLES:
    spec.game_factories()  # importing a table's game module registers it

MAX_ACTIONS = 3000


@pytest.mark.parametrize("name", sorted(GAME_REGISTRY))
def test_random_games_keep_the_interface_promises(name):
    rng = np.random.default_rng(11)
    for game_number in range(5):
        state = GAME_REGISTRY[name](game_number)
        seen = []
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            player = state.current_player()
            assert player == CHANCE or 0 <= player < state.num_players()
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                action = outcomes[int(rng.integers(len(outcomes)))][0]
            else:
                actions = state.legal_actions()
                assert actions and len(set(actions)) == len(actions)
                action = actions[int(rng.integers(len(actions)))]
                assert isinstance(state.action_to_string(action), str)
            before = state.clone()
            state.apply_action(action)
            state.undo()
            assert state.legal_actions() == before.legal_actions()
            assert state.current_player() == before.current_player()
            state.apply_action(action)
            seen.append(action)
        assert state.is_terminal(), f"{name} game {game_number} did not end in {MAX_ACTIONS} actions"
        assert state.current_player() == TERMINAL
        assert state.legal_actions() == []
        assert len(state.returns()) == state.num_players()
