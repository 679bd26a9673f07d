"""Seeded random games through the uniform interface, checking invariants after every action."""

import pytest

from tablegames.core.rng import make_rng
from tablegames.fasttrack import FastTrackGame, Partnership
from tablegames.fasttrack.board import EMPTY, walk_square_by_square
from tablegames.fasttrack.game import conserves_cards
from tablegames.fasttrack.game import new_game as fasttrack_game
from tablegames.fasttrack.rules import candidate_pieces, forward_ends

MAX_ACTIONS = 20000


def check_invariants(game):
    lay = game.layout
    board = game.board.tolist()
    for colour in range(game.players):
        assert board.count(colour) == 4
    assert sum(1 for c in board if c != EMPTY) == 4 * game.players
    for s, colour in enumerate(board):
        if colour != EMPTY and (lay.is_pen[s] or lay.is_base[s]):
            assert lay.zone(s) == colour
    assert conserves_cards(game)
    assert all(len(game.hand(seat)) <= 5 for seat in range(game.players))
    assert game.is_terminal() or game.legal_actions()


def play_random_game(game, seed):
    rng = make_rng(seed, "fasttrack", "random-play")
    count = 0
    while not game.is_terminal() and count < MAX_ACTIONS:
        actions = game.legal_actions()
        game.apply_action(actions[int(rng.integers(len(actions)))])
        check_invariants(game)
        count += 1
    assert game.is_terminal(), f"seed {seed}: no winner after {MAX_ACTIONS} actions"
    returns = game.returns()
    assert sorted(set(returns)) == [-1.0, 1.0] and returns.count(1.0) == len(game.winners)
    return count


def game_variants(seed):
    """Mostly the real game; every few seeds a partnership, chance draws or another board size."""
    kind = seed % 6
    if kind == 1:
        return FastTrackGame(seed, partnership=Partnership.ANYTIME)
    if kind == 2:
        return FastTrackGame(seed, partnership=Partnership.ONCE_HOME, draws_as_chance=True)
    if kind == 3:
        return FastTrackGame(seed, players=3)
    if kind == 4:
        return FastTrackGame(seed, players=6, partnership=Partnership.ANYTIME)
    return fasttrack_game(seed)


@pytest.mark.parametrize("seed", range(12))
def test_random_games_keep_the_invariants_and_end_with_a_winner(seed):
    play_random_game(game_variants(seed), seed)


@pytest.mark.slow
def test_thousands_of_random_games():
    for seed in range(100, 2100):
        play_random_game(game_variants(seed), seed)


def test_same_seed_same_game():
    first, second = FastTrackGame(7), FastTrackGame(7)
    play_random_game(first, 7)
    play_random_game(second, 7)
    assert first.actions == second.actions and (first.board == second.board).all()


def test_a_seed_deals_each_seat_the_same_cards_whatever_is_played():
    def dealt(game):
        # every card a seat has held, in drawing order, up to its first reshuffle
        return [game.deck(seat) for seat in range(game.players)]

    one, other = FastTrackGame(11), FastTrackGame(11)
    rng_one, rng_other = make_rng(1, "a"), make_rng(2, "b")
    initial = dealt(FastTrackGame(11))
    for _ in range(150):
        for game, rng in ((one, rng_one), (other, rng_other)):
            actions = game.legal_actions()
            game.apply_action(actions[int(rng.integers(len(actions)))])
    assert one.actions != other.actions
    for game in (one, other):
        for seat, deck in enumerate(dealt(game)):
            assert deck == initial[seat][len(initial[seat]) - len(deck) :]  # what is left is the same deck's tail



def test_routes_table_agrees_with_walking_the_successors():
    game = FastTrackGame(21)
    rng = make_rng(21, "positions")
    checked = 0
    while not game.is_terminal():
        board = game.board.tolist()
        for start in candidate_pieces(board, game.layout, game.movers()):
            for count in range(1, 11):
                if game.layout.is_pen[start] and count > 1:
                    continue
                ends = sorted(p[-1] for p in forward_ends(board, game.layout, start, count))
                assert ends == walk_square_by_square(board, game.layout, start, count)
                checked += 1
        actions = game.legal_actions()
        game.apply_action(actions[int(rng.integers(len(actions)))])
    assert checked > 1000
