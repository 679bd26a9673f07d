import numpy as np
import pytest

from tablegames.core.mcts import mcts_action
from tablegames.core.minimax import AlphaBeta, best_action
from tablegames.core.tictactoe import TicTacToe


def no_opinion(state, player):
    return 0.0


def test_perfect_play_from_the_start_is_a_draw():
    search = AlphaBeta(no_opinion)
    assert search.value(TicTacToe(), 9, -np.inf, np.inf, 0) == 0.0


def test_alpha_beta_agrees_with_plain_minimax_on_every_reachable_position():
    known = {}

    def minimax(state):  # plain, no pruning, remembered by board
        key = str(state)
        if key not in known:
            if state.is_terminal():
                known[key] = state.returns()[0]
            else:
                values = []
                for action in state.legal_actions():
                    state.apply_action(action)
                    values.append(minimax(state))
                    state.undo()
                known[key] = max(values) if state.current_player() == 0 else min(values)
        return known[key]

    rng = np.random.default_rng(3)
    for _ in range(40):
        state = TicTacToe()
        for _ in range(int(rng.integers(0, 6))):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if state.is_terminal():
            continue
        sign = 1 if state.current_player() == 0 else -1
        value = AlphaBeta(no_opinion).value(state, 9, -np.inf, np.inf, 0)
        assert np.sign(value) == sign * minimax(state)


def test_minimax_takes_the_win_and_blocks_the_loss():
    assert best_action(TicTacToe("XX.OO...."), 3, no_opinion).action == 2  # X wins at 2
    assert best_action(TicTacToe("XX..O...."), 3, no_opinion).action == 2  # O must block at 2


def test_minimax_prefers_the_quicker_win():
    # X can win now at 2, or set up a later win; the sooner one scores higher
    result = best_action(TicTacToe("XX.O.O..."), 5, no_opinion)
    assert result.action == 2


def test_seeded_tie_breaks_repeat_and_vary_with_the_seed():
    def choice(seed):
        return best_action(TicTacToe(), 2, no_opinion, rng=np.random.default_rng(seed)).action

    assert choice(5) == choice(5)
    assert len({choice(seed) for seed in range(20)}) > 1


def test_node_budget_is_respected():
    result = best_action(TicTacToe(), 9, no_opinion, max_nodes=50)
    assert result.nodes <= 50 + 9  # the budget stops descent; each root child costs at most one more node


def test_mcts_takes_the_win_and_blocks():
    assert mcts_action(TicTacToe("XX.OO...."), 400, np.random.default_rng(1)) == 2
    assert mcts_action(TicTacToe("XX..O...."), 2000, np.random.default_rng(1)) == 2


def test_mcts_is_deterministic_for_a_seed():
    picks = {mcts_action(TicTacToe("X...O...."), 300, np.random.default_rng(9)) for _ in range(3)}
    assert len(picks) == 1


def test_searching_a_finished_game_is_an_error():
    with pytest.raises(ValueError, match="game is over"):
        best_action(TicTacToe("XXXOO...."), 2, no_opinion)
    with pytest.raises(ValueError, match="game is over"):
        mcts_action(TicTacToe("XXXOO...."), 10, np.random.default_rng(0))


def test_rejected_moves_change_nothing():
    state = TicTacToe("X........")
    with pytest.raises(ValueError, match="legal"):
        state.apply_action(0)
    assert str(state) == "X........"
