"""The turn state machine (spec 7), the scenario setups (12.4), our rule fixes, undo and bad input."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.core.gamestate import CHANCE
from tablegames.fasttrack.cards import RANK_NAMES, parse_card
from tablegames.fasttrack.game import (
    CARD_ACTION,
    END_TURN,
    OOPS_CLICK,
    TRADE_ACTION,
    FastTrackGame,
    Partnership,
    Phase,
    conserves_cards,
)
from tablegames.fasttrack.rules import REVERSE, SPLIT_FINISH, SPLIT_START, TRADE


def card(name):
    return CARD_ACTION + parse_card(name)


def sq(game, name):
    return game.layout.parse_square(name)


def play(game, card_name, start, end):
    game.apply_action(card(card_name))
    game.apply_action(sq(game, start))
    game.apply_action(sq(game, end) if end != "BE" else game.layout.bullseye)


def hand_names(game, seat=None):
    return [RANK_NAMES[c] for c in game.hand(seat)]


def test_forced_to_reverse_setup():
    game = FastTrackGame(setup=1)
    assert hand_names(game) == ["7", "8", "10", "9", "9"] and game.phase == Phase.NEED_CARD
    assert {m.kind for m in game.offer} == {REVERSE}
    assert sorted(game.legal_actions()) == sorted(card(c) for c in ["7", "8", "10", "9"])
    play(game, "7", "red.R0", "purple.L3")  # R1 R2 R3 R4, purple FT, L4, L3
    assert game.pieces()["purple.L3"] == "red" and game.phase == Phase.DONE


def test_discard_setup_four_discards_bring_a_piece_out():
    game = FastTrackGame(setup=2)
    assert game.phase == Phase.NEED_DISCARD and hand_names(game) == ["K", "Q", "Q", "2", "3"]
    for name, credits in (("K", 1), ("Q", 2), ("Q", 3)):
        game.apply_action(card(name))
        assert game.phase == Phase.NEED_DISCARD and game.credits[0] == credits
    game.apply_action(card("2"))  # the fourth discard, not a move-again card: the turn is done
    pieces = game.pieces()
    assert pieces["red.L0"] == "red" and "red.HP4" not in pieces and game.credits[0] == 0
    assert game.phase == Phase.DONE and hand_names(game) == ["3"]
    game.apply_action(END_TURN)
    assert game.seat == 1 and hand_names(game) == ["K", "Q", "Q", "Q", "Q"] and game.phase == Phase.NEED_DISCARD
    for name in ["K", "Q", "Q", "Q"]:
        game.apply_action(card(name))
    # blue's piece came out on a move-again discard; the Q left in hand can move it, so blue must play (our rule)
    assert game.pieces()["blue.L0"] == "blue" and game.phase == Phase.NEED_CARD
    assert game.legal_actions() == [card("Q")]


def test_credits_carry_over_turns_and_reset_when_moves_exist():
    game = FastTrackGame(setup=2)
    game.apply_action(card("K"))
    game.apply_action(card("2"))
    assert game.phase == Phase.DONE and game.credits[0] == 2
    for _ in range(3):  # blue, green and purple take their turns
        game.apply_action(END_TURN)
        while game.phase != Phase.DONE:
            game.apply_action(game.legal_actions()[0])
    game.apply_action(END_TURN)
    assert game.seat == 0 and game.credits[0] == 2 and game.phase == Phase.NEED_DISCARD


def test_cover_setup():
    game = FastTrackGame(setup=3)
    assert hand_names(game) == ["K", "Q", "Q", "Q", "2"]
    play(game, "K", "red.B2", "red.B3")
    assert game.phase == Phase.NEED_CARD
    play(game, "Q", "red.B3", "red.B4")
    assert game.phase == Phase.NEED_COVER and game.credits[0] == 0
    game.apply_action(card("Q"))
    assert game.phase == Phase.NEED_COVER and game.credits[0] == 0
    game.apply_action(card("Q"))
    game.apply_action(card("2"))
    assert game.phase == Phase.DONE and len(game.hand()) == 5  # the emptied hand was refilled
    assert conserves_cards(game)


def test_bullseye_setup():
    game = FastTrackGame(setup=4)
    assert game.legal_actions() == [card("6"), card("A")]  # only pen exits can move
    play(game, "A", "red.HP4", "red.L0")
    assert game.phase == Phase.NEED_CARD
    game.apply_action(card("6"))
    game.apply_action(sq(game, "red.L0"))
    assert sorted(game.legal_actions()) == sorted([sq(game, "blue.R4"), game.layout.bullseye])
    game.apply_action(game.layout.bullseye)
    assert game.pieces()["BE"] == "red"
    assert game.legal_actions() == [card("Q")]  # only a face card leaves the bullseye
    play(game, "Q", "BE", "purple.FT")
    # on the exit FT the piece is on the fast track and goes only into its own R4
    game.apply_action(card("8"))
    game.apply_action(sq(game, "purple.FT"))
    assert game.legal_actions() == [sq(game, "red.B1")]


def test_six_counts_one_from_the_pen():
    game = FastTrackGame.from_position({}, hands={"red": "6 2 2 3 3"})
    assert [game.layout.square_name(m.end) for m in game.offer] == ["red.L0"]


def test_seven_split_setup():
    game = FastTrackGame(setup=5)
    game.apply_action(card("7"))
    split = [m for m in game.offer if m.kind == SPLIT_START]
    assert split and all(m.end != game.layout.bullseye for m in split)
    game.apply_action(sq(game, "red.L0"))
    game.apply_action(sq(game, "red.L1"))  # first half, 1 step
    assert game.phase == Phase.NEED_START and {m.kind for m in game.offer} == {SPLIT_FINISH}
    assert all(len(m.path) == 6 and m.start != sq(game, "red.L1") for m in game.offer)
    assert game.legal_actions() == [sq(game, "red.L2")]  # R2 would pass the own B2; B2 cannot go 6
    game.apply_action(sq(game, "red.L2"))
    assert game.legal_actions() == [sq(game, "blue.R2")]
    game.apply_action(sq(game, "blue.R2"))
    assert game.phase == Phase.DONE and game.pieces()["red.L1"] == "red"


def test_jack_may_trade_with_the_piece_directly_ahead():
    pieces = {"red.L0": "red", "red.L1": "blue", "green.L2": "green"}
    game = FastTrackGame.from_position(pieces, hands={"red": "J 2 2 3 3"})
    game.apply_action(card("J"))
    game.apply_action(sq(game, "red.L0"))
    ahead = sq(game, "red.L1")
    assert ahead in game.legal_actions() and TRADE_ACTION + ahead in game.legal_actions()
    stepped = game.clone()
    stepped.apply_action(ahead)
    assert stepped.pieces()["red.L1"] == "red" and stepped.pieces()["blue.HP1"] == "blue"
    game.apply_action(TRADE_ACTION + ahead)
    assert game.pieces()["red.L1"] == "red" and game.pieces()["red.L0"] == "blue"
    assert game.last_move.kind == TRADE and game.phase == Phase.NEED_CARD  # a jack goes again


def test_capture_sends_the_piece_to_its_lowest_free_pen_square():
    pieces = {"red.L0": "red", "red.L2": "blue", "blue.HP1": "blue", "blue.HP3": "blue", "blue.HP4": "blue"}
    game = FastTrackGame.from_position(pieces, hands={"red": "2 3 3 5 5"})
    play(game, "2", "red.L0", "red.L2")
    assert game.pieces()["blue.HP2"] == "blue" and game.last_capture == (sq(game, "red.L2"), sq(game, "blue.HP2"))


def test_credit_exit_onto_own_piece_on_l0_waits():
    # green (red's partner) is stuck on its exit FT, so red has no move; red's own piece sits on red.L0
    pieces = {"red.L0": "red", "blue.FT": "green", "green.R4": "green", "blue.L4": "green"}
    game = FastTrackGame.from_position(pieces, hands={"red": "K Q Q Q 2"}, partnership=Partnership.ANYTIME)
    assert game.phase == Phase.NEED_DISCARD
    for name in ["K", "Q", "Q", "Q"]:
        game.apply_action(card(name))
    assert game.credits[0] == 4 and game.phase == Phase.NEED_DISCARD  # nothing came out: the credits wait
    assert game.pieces()["red.HP3"] == "red" and game.pieces()["red.L0"] == "red"
    game.apply_action(card("2"))
    assert game.credits[0] == 5 and game.phase == Phase.DONE


def test_credit_exit_captures_an_opponent_on_l0():
    pieces = {"red.L0": "blue"}
    game = FastTrackGame.from_position(pieces, hands={"red": "2 3 5 8 9"}, credits={"red": 3})
    assert game.phase == Phase.NEED_DISCARD
    game.apply_action(card("2"))
    assert game.pieces()["red.L0"] == "red" and game.pieces()["blue.HP1"] == "blue"


def test_played_cards_are_reshuffled_when_the_deck_runs_out():
    def exhausted(order):
        game = FastTrackGame(seed=3)
        deck = game.deck(0)
        game.piles[0, : len(deck)] = deck[::order]  # pretend the whole deck has been played, in some order
        game.pile_size[0] = len(deck)
        game.deck_top[0] = game.deck_end[0]
        game._prepare_deck(0)
        return game

    game = exhausted(1)
    assert len(game.deck(0)) == 49 and game.pile(0) == [] and conserves_cards(game)
    assert game.deck(0) != sorted(game.deck(0))  # shuffled with the seat's continuing random state
    assert exhausted(-1).deck(0) == game.deck(0)  # the order the cards were played in does not matter


def test_undo_restores_every_earlier_state():
    game = FastTrackGame(seed=5, draws_as_chance=True)
    rng = np.random.default_rng(1)
    states = []
    for _ in range(300):
        states.append((game.board.copy(), game.hands.copy(), game.decks.copy(), game.phase, game.current_player()))
        game.apply_action(int(rng.choice(game.legal_actions())))
    for board, hands, decks, phase, player in reversed(states):
        game.undo()
        assert (game.board == board).all() and (game.hands == hands).all() and (game.decks == decks).all()
        assert game.phase == phase and game.current_player() == player
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


def test_oops_goes_back_to_before_the_card():
    game = FastTrackGame(setup=4)
    before = (game.board.copy(), game.hand())
    play(game, "A", "red.HP4", "red.L0")
    game.apply_action(card("6"))
    game.click(OOPS_CLICK)  # back to before the 6
    assert game.pieces()["red.L0"] == "red" and "6" in hand_names(game)
    game.click(OOPS_CLICK)  # back to before the A
    assert (game.board == before[0]).all() and game.hand() == before[1]
    with pytest.raises(ValueError, match="no card has been played"):
        game.click(OOPS_CLICK)


def test_an_illegal_action_says_what_was_expected_and_changes_nothing():
    game = FastTrackGame(setup=4)
    snapshot = game._snapshot()
    with pytest.raises(ValueError, match=r"expected one of: .*play 6"):
        game.apply_action(card("2"))
    with pytest.raises(ValueError, match="not legal"):
        game.apply_action(12345)
    after = game._snapshot()
    assert all(np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b for a, b in zip(snapshot, after, strict=True))
    assert game.history == [] and game.actions == []


def test_bad_setups_are_rejected():
    with pytest.raises(ValueError, match="setup: expected 0..5"):
        FastTrackGame(setup=9)
    with pytest.raises(ValueError, match="pens and bases hold only their own colour"):
        FastTrackGame.from_position({"blue.B1": "red"})
    with pytest.raises(ValueError, match="expected at most 4"):
        FastTrackGame.from_position({f"red.L{i}": "red" for i in range(5)})
    with pytest.raises(ValueError, match="colour 'pink'"):
        FastTrackGame.from_position({"red.L0": "pink"})
    with pytest.raises(ValueError, match="more joker than a deck holds"):
        FastTrackGame.from_position({}, hands={"red": "joker joker joker"})
    with pytest.raises(ValueError, match="players: expected an integer from 2 to 6"):
        FastTrackGame(players=7)
    with pytest.raises(ValueError, match="seed: expected an integer"):
        FastTrackGame(seed="x")


def test_chance_draws_list_the_deck():
    game = FastTrackGame(seed=0, draws_as_chance=True)
    assert game.current_player() == CHANCE
    outcomes = game.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12 and len(outcomes) == 14
    while game.current_player() == CHANCE:
        game.apply_action(game.legal_actions()[-1])  # jokers first, then aces
    assert hand_names(game) == ["joker", "joker", "A", "A", "A"] and conserves_cards(game)


def random_position(seed, actions):
    game = FastTrackGame(seed)
    rng = np.random.default_rng(seed)
    for _ in range(actions):
        if game.is_terminal():
            break
        game.apply_action(int(rng.choice(game.legal_actions())))
    return game


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 50), st.integers(0, 200), st.integers(-5, 400))
def test_any_rejected_action_changes_nothing(seed, actions, action):
    game = random_position(seed, actions)
    if action in game.legal_actions():
        return
    before = game._snapshot()
    with pytest.raises(ValueError, match="expected one of"):
        game.apply_action(action)
    after = game._snapshot()
    assert all(np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b for a, b in zip(before, after, strict=True))


def test_a_clone_plays_on_without_touching_the_original():
    game = random_position(4, 120)
    board, hands, actions = game.board.copy(), game.hands.copy(), list(game.actions)
    copy = game.clone()
    for _ in range(50):
        copy.apply_action(copy.legal_actions()[0])
    for _ in range(30):
        copy.undo()
    assert (game.board == board).all() and (game.hands == hands).all() and game.actions == actions


def test_actions_read_as_words():
    game = FastTrackGame(setup=4)
    assert game.action_to_string(card("A")) == "play A"
    game.apply_action(card("A"))
    assert game.action_to_string(sq(game, "red.HP4")) == "from red.HP4"
    game.apply_action(sq(game, "red.HP4"))
    assert game.action_to_string(sq(game, "red.L0")) == "to red.L0"
    assert game.action_to_string(TRADE_ACTION + 5) == "trade with red.B2"
    assert game.action_to_string(END_TURN) == "end turn"
    assert FastTrackGame(setup=2).action_to_string(card("K")) == "discard K"


def test_after_a_refill_while_covering_a_player_who_can_move_must_play():
    pieces = {"blue.B1": "blue", "blue.B3": "blue", "blue.B4": "blue"}
    game = FastTrackGame.from_position(pieces, hands={"blue": "Q K K K K"}, seat="blue")
    play(game, "Q", "blue.B1", "blue.B2")
    assert game.phase == Phase.NEED_COVER  # base full but for the pen piece, and no card brings it out
    for _ in range(4):
        game.apply_action(card("K"))
    # the emptied hand was refilled with 2 joker 5 10 A (blue's seed-0 deck without the cards given above)
    assert hand_names(game) == ["2", "joker", "5", "10", "A"]
    assert game.phase == Phase.NEED_CARD and game.legal_actions() == [card("A"), card("joker")]


def test_a_split_first_half_is_offered_only_when_it_can_be_finished():
    # Anytime: red's only partner piece stands 3 ahead. Capturing it with the first half would leave nothing to
    # finish the split, so that first half is not offered (the original offered it).
    game = FastTrackGame.from_position(
        {"red.L0": "red", "red.L3": "green"}, hands={"red": "7 2 2 2 2"}, partnership=Partnership.ANYTIME
    )
    game.apply_action(card("7"))
    labels = {m.label(game.layout) for m in game.offer}
    assert "SS3 red.L0->red.L3" not in labels
    assert {"SS1 red.L0->red.L1", "SS2 red.L0->red.L2"} <= labels
