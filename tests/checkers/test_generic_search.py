"""The generic searches of core/ (minimax, MCTS) playing checkers through BoardState."""

import numpy as np
import pytest

from tablegames.checkers.boardstate import QUIET_PLY_LIMIT, BoardState
from tablegames.checkers.evaluate import HAND_TUNED
from tablegames.checkers.position import Position
from tablegames.checkers.search import root_moves, search
from tablegames.checkers.search_kernels import WIN_BOUND, evaluate
from tablegames.core.mcts import mcts_action
from tablegames.core.minimax import best_action
from tablegames.core.rng import make_rng

# Black must capture: 14x21 takes a man for free, 14x23 is taken back by 27x18.
FREE_PIECE = "B:W17,18,27,30,31,32:B1,2,3,5,14"


def hand_tuned(state, player):
    own, other, kings, side = state.bitboards()
    score = float(evaluate(own, other, kings, side, HAND_TUNED))
    return score if side == player else -score


def test_mcts_takes_the_free_piece():
    position = Position.from_fen(FREE_PIECE)
    moves = root_moves(position)
    for seed in range(3):
        action = mcts_action(BoardState(position), 200, make_rng(seed, "mcts-test"))
        assert moves[action].notation == "14x21"


def test_generic_minimax_takes_the_free_piece():
    position = Position.from_fen(FREE_PIECE)
    result = best_action(BoardState(position), 3, hand_tuned)
    assert root_moves(position)[result.action].notation == "14x21"


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_generic_minimax_agrees_with_the_kernel_without_jump_extension(depth):
    rng = np.random.default_rng(depth)
    checked = 0
    while checked < 8:
        position = Position.initial()
        for _ in range(int(rng.integers(2, 40))):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.apply(moves[int(rng.integers(len(moves)))])
        if len(position.legal_moves()) < 2:
            continue
        kernel = search(position, HAND_TUNED, depth, 1 << 62, extend=False, iterative=False)
        if abs(kernel.score) > WIN_BOUND:
            continue  # the two scale a won game differently
        generic = best_action(BoardState(position), depth, hand_tuned)
        assert generic.score == kernel.score, position.fen
        checked += 1


def test_board_state_rules():
    state = BoardState(Position.from_fen("W:W29:B25,22"))  # White's only man is blocked: White has lost
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.legal_actions() == []
    kings = BoardState(Position.from_fen("B:WK32:BK1"), quiet_plies=QUIET_PLY_LIMIT - 1)
    assert not kings.is_terminal()
    kings.apply_action(0)
    assert kings.is_terminal() and kings.returns() == [0.0, 0.0]  # 40-move rule
    kings.undo()
    assert not kings.is_terminal()
    with pytest.raises(ValueError, match="not legal"):
        kings.apply_action(7)
    with pytest.raises(ValueError, match="no move to undo"):
        BoardState(Position.initial()).undo()
