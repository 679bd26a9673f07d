"""The game: history, undo/redo, results with reasons, and the uniform game interface."""

import pytest

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.game import (
    FORTY_MOVE_RULE,
    NO_LEGAL_MOVE,
    QUIET_PLY_LIMIT,
    THREEFOLD_REPETITION,
    CheckersGame,
)
from tablegames.checkers.game import new_game as checkers_game
from tablegames.checkers.pdn import format_game, parse_fen, parse_game
from tablegames.checkers.position import Position
from tablegames.core.gamestate import TERMINAL


def test_new_game_starts_with_black_and_seven_actions():
    game = CheckersGame()
    assert game.current_player() == BLACK
    assert game.legal_actions() == list(range(7))
    assert [game.action_to_string(a) for a in game.legal_actions()][:2] == ["9-13", "9-14"]
    assert game.outcome() is None and not game.is_terminal()
    assert game.returns() == [0.0, 0.0]


def test_take_back_and_redo_restore_positions():
    game = CheckersGame()
    game.play("11-15")
    game.play("22-18")
    after_two = game.position
    game.take_back()
    game.take_back()
    assert game.position == Position.initial() and not game.can_undo()
    assert game.redo().notation == "11-15"
    assert game.redo().notation == "22-18"
    assert game.position == after_two and not game.can_redo()


def test_a_new_move_clears_redo():
    game = CheckersGame()
    game.play("11-15")
    game.take_back()
    game.play("9-13")
    assert not game.can_redo()
    with pytest.raises(ValueError, match="no move to redo"):
        game.redo()


def test_undo_is_the_exact_inverse_of_a_move_redo_list_included():
    game = CheckersGame()
    game.play("11-15")
    game.play("22-18")
    game.take_back()  # 22-18 may be redone
    game.play("23-19")
    game.undo()  # the interface's undo: 22-18 may be redone again, 23-19 is not offered
    assert game.can_redo() and game.redo().notation == "22-18" and not game.can_redo()
    game.undo()
    game.undo()
    assert game.position == Position.initial() and not game.can_redo()


def test_undo_on_a_new_game_is_rejected():
    with pytest.raises(ValueError, match="no move to undo"):
        CheckersGame().undo()


def test_illegal_move_is_rejected_and_changes_nothing():
    game = CheckersGame()
    game.play("11-15")
    before = (game.position, game.moves, game.quiet_plies, game.can_redo())
    with pytest.raises(ValueError, match="move '11-16' is not legal here; legal moves: 21-17, 22-17, 22-18"):
        game.play("11-16")
    with pytest.raises(ValueError, match=r"action 99 is not legal; legal actions: 0=21-17"):
        game.apply_action(99)
    assert (game.position, game.moves, game.quiet_plies, game.can_redo()) == before


def test_no_legal_move_loses():
    blocked = CheckersGame(parse_fen("B:W8,11:B4"))
    outcome = blocked.outcome()
    assert outcome.winner == WHITE and outcome.reason == NO_LEGAL_MOVE
    assert outcome.result == "1-0"
    assert str(outcome) == "white wins (black has no legal move)"
    assert blocked.is_terminal() and blocked.current_player() == TERMINAL
    assert blocked.returns() == [-1.0, 1.0]
    assert blocked.legal_actions() == []


def test_capturing_the_last_piece_wins():
    game = CheckersGame(parse_fen("B:W18:B14"))
    game.play("14x23")
    assert game.outcome().winner == BLACK and game.returns() == [1.0, -1.0]
    with pytest.raises(ValueError, match="the game is over: black wins"):
        game.play("23-27")


def test_threefold_repetition_draws():
    game = CheckersGame(parse_fen("B:WK32:BK1"))
    shuffle = ["1-6", "32-28", "6-1", "28-32"]
    for ply, move in enumerate(shuffle * 2):
        assert game.outcome() is None, ply
        game.play(move)
    assert game.repetition_count() == 3
    assert game.outcome().winner is None and game.outcome().reason == THREEFOLD_REPETITION
    assert game.outcome().result == "1/2-1/2"
    game.undo()
    assert game.outcome() is None


def _play_quiet_king_moves(game: CheckersGame, plies: int) -> None:
    """King steps that offer no capture, each to the least-visited next position (so none repeats)."""
    for _ in range(plies):
        choices = []
        for move in game.legal_moves():
            after = game.position.apply(move)
            if not move.is_capture and not any(reply.is_capture for reply in after.legal_moves()):
                choices.append((game.occurrences(after), move.path, move))
        game.play(min(choices)[2])


def test_forty_move_rule_draws_after_80_quiet_plies():
    game = CheckersGame(parse_fen("B:WK29,K31:BK1,K3"))
    _play_quiet_king_moves(game, QUIET_PLY_LIMIT - 1)
    assert game.quiet_plies == QUIET_PLY_LIMIT - 1 and game.outcome() is None
    assert game.repetition_count() < 3
    _play_quiet_king_moves(game, 1)
    assert game.outcome().reason == FORTY_MOVE_RULE and game.outcome().winner is None
    game.undo()
    assert game.outcome() is None


def test_man_moves_and_captures_reset_the_quiet_count():
    game = CheckersGame(parse_fen("B:WK29,18:BK1,10"))
    counts = []
    for move in ["1-5", "29-25", "10-14", "18x9", "5x14"]:
        game.play(move)
        counts.append(game.quiet_plies)
    # king steps count; a man move (10-14) and the captures (a man's, then a king's) reset the count
    assert counts == [1, 2, 0, 0, 0]


def test_pdn_round_trip_of_a_played_game():
    game = CheckersGame()
    for move in ["11-15", "22-18", "15x22", "25x18"]:
        game.play(move)
    pdn_game = game.to_pdn({"Event": "test"})
    text = format_game(pdn_game)
    replayed = CheckersGame.from_pdn(parse_game(text))
    assert replayed.moves == game.moves and replayed.position == game.position


def test_clone_is_independent():
    game = CheckersGame()
    game.play("11-15")
    copy = game.clone()
    copy.play("22-18")
    assert len(game.moves) == 1 and len(copy.moves) == 2


def test_registered_for_generic_searches():
    state = checkers_game(7)
    assert isinstance(state, CheckersGame)
    assert state.num_players() == 2


def test_crowning_is_a_man_move_for_the_forty_move_rule():
    game = CheckersGame(parse_fen("B:WK29:BK1,26"))
    game.play("1-5")
    game.play("29-25")
    assert game.quiet_plies == 2
    game.play("26-31")
    assert game.quiet_plies == 0 and game.moves[-1].is_crowning


def test_random_playouts_through_the_game_interface():
    from tablegames.core.rng import make_rng

    rng = make_rng(5, "checkers", "playouts")
    for _ in range(8):
        state = checkers_game(0)
        history = []
        while not state.is_terminal():
            actions = state.legal_actions()
            action = actions[int(rng.integers(len(actions)))]
            history.append(state.position)
            state.apply_action(action)
        assert sum(state.returns()) == 0.0
        assert state.outcome() is not None and state.legal_actions() == []
        for position in reversed(history):
            state.undo()
            assert state.position == position
