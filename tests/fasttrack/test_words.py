"""Fast Track in plain words: every kind of action the rules make has a sentence, checked against what the rules did."""

import re

import pytest

from tablegames.core.rng import make_rng
from tablegames.fasttrack.cards import parse_card
from tablegames.fasttrack.game import CARD_ACTION, END_TURN, TRADE_ACTION, FastTrackGame, Partnership, Phase
from tablegames.fasttrack.rules import REVERSE, SPLIT_START
from tablegames.fasttrack.view import table_view
from tablegames.fasttrack.words import (
    a_card,
    action_codes,
    describe_action,
    hole_tooltip,
    place,
    prompt,
)

# A square code anywhere in a sentence: blue.HP4, red.L0, BE ...
CODE = re.compile(r"\b(red|blue|green|purple|aqua|brown)\.[A-Z]{1,2}\d?\b|\bBE\b|\b(HP|L|R|B)\d\b|\bFT\b", re.I)


def square(game: FastTrackGame, name: str) -> int:
    return game.layout.parse_square(name)


def move(game: FastTrackGame, card: str, start: str, end: str, you: int | None = None, trade: bool = False) -> str:
    """Play `card` from `start` to `end` and return the words of the move (said before the click that makes it)."""
    game.click(CARD_ACTION + parse_card(card))
    if game.phase == Phase.NEED_START:
        game.click(square(game, start))
    assert game.phase == Phase.NEED_END and game.chosen_start == square(game, start)
    code = (TRADE_ACTION if trade else 0) + square(game, end)
    words = describe_action(game, code, you)
    game.click(code)
    return words


def pen_count(game: FastTrackGame, colour: int) -> int:
    return sum(int(game.board[s]) == colour for s in game.layout.pen(colour))


def test_cards_are_named_with_their_article():
    assert [a_card(parse_card(c)) for c in ("7", "8", "10", "A", "J", "Q", "K", "joker")] == [
        "a 7", "an 8", "a 10", "an ace", "a jack", "a queen", "a king", "a joker"]


def test_holes_have_names_a_player_uses_and_the_tooltip_keeps_the_code():
    game = FastTrackGame(0)
    lay = game.layout
    assert place(lay, square(game, "blue.HP4")) == "Blue's pen"
    assert place(lay, square(game, "green.B2")) == "Green's home"
    assert place(lay, lay.bullseye) == "the bullseye"
    assert place(lay, square(game, "purple.FT")) == "Purple's fast-track corner"
    assert place(lay, square(game, "red.L0")) == "Red's start"
    assert place(lay, square(game, "red.DS")) == "the door to Red's home"
    assert place(lay, square(game, "blue.R2")) == "Blue's side"
    assert hole_tooltip(lay, square(game, "blue.HP4")) == "Blue's pen (blue.HP4)"
    assert all(not CODE.search(place(lay, s)) for s in range(lay.size))


def test_a_marble_comes_out_of_the_pen():
    game = FastTrackGame.from_position({}, hands={"red": "A 2 3 5 8"})
    before = pen_count(game, 0)
    assert move(game, "A", "red.HP4", "red.L0") == "Red plays an ace: brings a marble out of the pen."
    assert pen_count(game, 0) == before - 1 and game.board[square(game, "red.L0")] == 0


def test_coming_out_onto_a_marble_sends_it_back_to_its_pen():
    game = FastTrackGame.from_position({"red.L0": "blue"}, hands={"red": "joker 2 3 5 8"})
    words = move(game, "joker", "red.HP4", "red.L0")
    assert words == "Red plays a joker: brings a marble out of the pen and sends Blue's marble back to its pen."
    assert pen_count(game, 1) == 4 and game.last_capture is not None


def test_a_forward_move_says_how_many_spaces():
    game = FastTrackGame.from_position({"red.L0": "red"}, hands={"red": "5 2 3 8 9"})
    ends = [m.end for m in game.offer if m.card == parse_card("5")]
    assert len(ends) == 1
    name = game.layout.square_name(ends[0])
    assert move(game, "5", "red.L0", name) == "Red plays a 5: moves a marble 5 spaces, onto the fast track."
    assert name == "red.FT" and len(game.last_move.path) == 5


def test_a_four_moves_back():
    game = FastTrackGame.from_position({"red.L4": "red"}, hands={"red": "4 2 3 8 9"})
    assert move(game, "4", "red.L4", "red.L0") == "Red plays a 4: moves a marble 4 spaces back."
    assert game.last_move.path[-1] == square(game, "red.L0")


def test_a_four_landing_on_a_corner_is_on_the_fast_track():
    game = FastTrackGame.from_position({"blue.R1": "red"}, hands={"red": "4 2 3 8 9"})
    assert move(game, "4", "blue.R1", "red.FT") == "Red plays a 4: moves a marble 4 spaces back, onto the fast track."


def test_no_forward_move_means_a_card_played_backward():
    game = FastTrackGame(setup=1)  # forced to reverse: nothing can move forward
    reverse = next(m for m in game.offer if m.kind == REVERSE)
    names = game.layout.square_name
    words = move(game, "7", names(reverse.start), names(next(m.end for m in game.offer if m.card == parse_card("7"))))
    assert words == "Red cannot move forward, so plays a 7 backward: moves a marble 7 spaces back."
    assert game.last_move.kind == REVERSE


def test_into_home_and_further_into_home():
    game = FastTrackGame.from_position({"red.BR": "red"}, hands={"red": "3 2 8 9 10"})
    assert move(game, "3", "red.BR", "red.B2") == "Red plays a 3: moves a marble 3 spaces, into home."
    assert game.layout.is_base[game.last_move.end]
    game.click(END_TURN)
    other = FastTrackGame.from_position({"red.B1": "red"}, hands={"red": "2 3 8 9 10"})
    assert move(other, "2", "red.B1", "red.B3") == "Red plays a 2: moves a marble 2 spaces, further into home."


def test_the_last_marble_home_wins():
    pieces = {"red.B2": "red", "red.B3": "red", "red.B4": "red", "red.DS": "red"}
    game = FastTrackGame.from_position(pieces, hands={"red": "A 2 3 8 9"})
    assert move(game, "A", "red.DS", "red.B1") == "Red plays an ace: moves a marble 1 space, into home. Red wins!"
    assert game.winners == (0,)
    again = FastTrackGame.from_position(pieces, hands={"red": "A 2 3 8 9"})
    assert move(again, "A", "red.DS", "red.B1", you=0) == "You play an ace: move a marble 1 space, into home. You win!"


def test_the_fast_track_and_the_bullseye():
    game = FastTrackGame.from_position({"red.FT": "red"}, hands={"red": "2 3 8 9 10"})
    assert move(game, "2", "red.FT", "green.FT") == (
        "Red plays a 2: moves a marble 2 spaces, along the fast track to Green's fast-track corner.")
    assert all(game.layout.is_fast[s] for s in game.last_move.path)
    bull = FastTrackGame.from_position({"red.L4": "red"}, hands={"red": "2 3 8 9 10"})
    assert move(bull, "2", "red.L4", "BE") == "Red plays a 2: moves a marble 2 spaces, into the bullseye."
    out = FastTrackGame.from_position({"BE": "red"}, hands={"red": "K 3 8 9 10"})
    assert move(out, "K", "BE", "purple.FT") == (
        "Red plays a king: takes a marble out of the bullseye, onto Purple's fast-track corner.")


def test_a_jack_trades_places():
    game = FastTrackGame.from_position({"red.L2": "red", "blue.L2": "blue"}, hands={"red": "J 2 3 5 8"})
    words = move(game, "J", "red.L2", "blue.L2", trade=True)
    assert words == "Red plays a jack: trades places with Blue's marble on Blue's side."
    assert game.board[square(game, "red.L2")] == 1 and game.board[square(game, "blue.L2")] == 0


def test_a_jack_facing_a_marble_offers_a_trade_button_in_words():
    game = FastTrackGame.from_position({"red.L0": "red", "red.L1": "blue"}, hands={"red": "J 2 2 3 3"})
    game.click(CARD_ACTION + parse_card("J"))
    game.click(square(game, "red.L0"))
    labels = [b.label for b in table_view(game).buttons]
    assert "Trade places with Blue's marble on Red's side" in labels
    assert "trade places with" in prompt(game, you=0)


def test_a_split_seven_in_two_halves():
    game = FastTrackGame(setup=5)
    first = next(m for m in game.offer if m.kind == SPLIT_START and len(m.path) == 2 and m.start == square(game, "red.L2"))
    names = game.layout.square_name
    words = move(game, "7", "red.L2", names(first.end))
    assert words == "Red splits a 7: moves a marble 2 spaces (5 left for another marble)."
    assert game.phase == Phase.NEED_START and prompt(game) == "Red: finish the 7: move another marble 5 spaces."
    finish = game.offer[0]
    assert describe_action(game, finish.start) == "Red chooses another marble to finish the 7."
    game.click(finish.start)
    code = finish.end
    words = describe_action(game, code)
    assert words.startswith("Red finishes the 7: moves another marble 5 spaces")
    game.click(code)
    assert len(game.last_move.path) == 5


def test_a_partners_marble_is_named():
    game = FastTrackGame.from_position({"green.L0": "green"}, hands={"red": "2 3 8 9 10"},
                                       partnership=Partnership.ANYTIME)
    assert move(game, "2", "green.L0", "green.L2") == "Red plays a 2: moves Green's marble 2 spaces."
    assert move(FastTrackGame.from_position({"green.L0": "green"}, hands={"red": "2 3 8 9 10"},
                                            partnership=Partnership.ANYTIME), "2", "green.L0", "green.L2", you=2) == (
        "Red plays a 2: moves your marble 2 spaces.")


def test_discards_count_towards_bringing_a_marble_out():
    game = FastTrackGame(setup=2)  # red cannot move: every piece in the pen, a hand that cannot bring one out
    assert game.phase == Phase.NEED_DISCARD
    assert prompt(game, you=0).startswith("No card you hold can move a marble: choose one to discard")
    assert prompt(game).startswith("No card Red holds can move a marble: Red discards one")
    king = CARD_ACTION + parse_card("K")
    assert describe_action(game, king) == "Red discards a king (1 of the four that bring a marble out)."
    assert describe_action(game, king, you=0) == "You discard a king (1 of the four that bring a marble out)."
    game.click(king)
    assert int(game.credits[0]) == 1


def test_the_fourth_discard_brings_a_marble_out():
    game = FastTrackGame.from_position({"red.L0": "blue"}, hands={"red": "K Q Q 2 3"}, credits={"red": 3})
    assert game.phase == Phase.NEED_DISCARD
    words = describe_action(game, CARD_ACTION + parse_card("2"))
    assert words == ("Red discards a 2: four discards bring a marble out of the pen and send Blue's marble back to its "
                     "pen.")
    game.click(CARD_ACTION + parse_card("2"))
    assert game.board[square(game, "red.L0")] == 0 and pen_count(game, 1) == 4


def test_a_card_is_covered_when_a_play_again_card_leaves_no_move():
    game = FastTrackGame(setup=3)  # K and Q move the home piece to the end of home, then nothing can move
    move(game, "K", "red.B2", "red.B3")
    assert move(game, "Q", "red.B3", "red.B4") == "Red plays a queen: moves a marble 1 space, further into home."
    assert game.phase == Phase.NEED_COVER
    assert prompt(game, you=0).startswith("No card left can move a marble: choose one to cover")
    code = CARD_ACTION + game.hand()[0]
    assert describe_action(game, code) == f"Red has no move left: covers {a_card(game.hand()[0])}."


def test_choosing_a_card_a_marble_ending_the_turn_and_drawing():
    game = FastTrackGame.from_position({"red.L0": "red"}, hands={"red": "5 2 3 8 9"})
    assert describe_action(game, CARD_ACTION + parse_card("5")) == "Red plays a 5."
    assert describe_action(game, CARD_ACTION + parse_card("5"), you=0) == "You play a 5."
    game.click(CARD_ACTION + parse_card("5"))
    assert describe_action(game, square(game, "red.L0")) == "Red chooses a marble on Red's start to move."
    game.click(square(game, "red.L0"))
    game.click(game.legal_actions()[0])
    assert describe_action(game, END_TURN) == "Red ends the turn."
    assert describe_action(game, END_TURN, you=0) == "You end your turn."
    chance = FastTrackGame(0, draws_as_chance=True)
    draw = chance.legal_actions()[0]
    assert re.fullmatch(r"Red draws an? \w+\.", describe_action(chance, draw))
    with pytest.raises(ValueError, match="not legal"):
        describe_action(game, CARD_ACTION + parse_card("5"))


@pytest.mark.parametrize("seed, partnership", [(0, Partnership.SOLO), (1, Partnership.ANYTIME), (2, Partnership.SOLO)])
def test_every_action_of_whole_games_has_words_without_square_codes(seed, partnership):
    game = FastTrackGame(seed, partnership=partnership)
    rng = make_rng(seed, "words")
    while not game.is_terminal():
        actions = game.legal_actions()
        for action in actions:
            for you in (None, 0):
                words = describe_action(game, action, you)
                assert words[0].isupper() and words.endswith((".", "!")), words
                assert not CODE.search(words), words
        for you in (None, 0):
            assert not CODE.search(prompt(game, you)), prompt(game, you)
        assert CODE.search(action_codes(game, actions[0])) or not any(a < game.layout.size for a in actions[:1])
        game.apply_action(actions[int(rng.integers(len(actions)))])
    assert "win" in prompt(game)
