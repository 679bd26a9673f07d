"""The table as data: fixed slots, and click codes that cover exactly the legal actions."""

from tablegames.core.rng import make_rng
from tablegames.fasttrack.game import CARD_ACTION, END_TURN, OOPS_CLICK, TRADE_ACTION, FastTrackGame, Phase
from tablegames.fasttrack.view import table_view


def click_codes(view):
    codes = [s.click for s in view.slots if s.click is not None]
    codes += [c.click for c in view.hand if c.click is not None]
    codes += [b.click for b in view.buttons if b.click != OOPS_CLICK]
    return codes


def test_slots_are_the_89_squares_in_order():
    view = table_view(FastTrackGame(0))
    assert [s.square for s in view.slots] == list(range(89))
    assert view.slots[88].name == "BE" and view.slots[88].centre == (0.0, 0.0)
    assert view.slots[0].shape == "rounded" and view.slots[8].shape == "circle"


def test_the_seat_to_play_sits_at_the_bottom():
    game = FastTrackGame(0)
    red_view, blue_view = table_view(game, bottom_seat=0), table_view(game, bottom_seat=1)
    assert blue_view.slots[22].centre == red_view.slots[0].centre  # blue.HP1 where red.HP1 was


def test_clicking_the_view_plays_whole_games():
    for seed in range(3):
        game = FastTrackGame(seed)
        rng = make_rng(seed, "clicks")
        while not game.is_terminal():
            view = table_view(game)
            codes = click_codes(view)
            assert sorted(set(codes)) == game.legal_actions(), view.instructions
            game.click(codes[int(rng.integers(len(codes)))])
        assert "win" in table_view(game).instructions


def test_the_view_carries_the_latest_motion_and_capture():
    pieces = {"red.L0": "red", "red.L2": "blue"}
    game = FastTrackGame.from_position(pieces, hands={"red": "2 3 3 5 5"})
    for code in (CARD_ACTION + 0, game.layout.parse_square("red.L0"), game.layout.parse_square("red.L2")):
        game.click(code)
    view = table_view(game)
    names = [game.layout.square_name(s) for s in view.motion]
    assert names == ["red.L0", "red.L1", "red.L2"] and view.slots[view.motion[-1]].mark == "moved"
    assert view.capture == (game.layout.parse_square("red.L2"), game.layout.parse_square("blue.HP4"))  # HP1-3 hold the rest
    game.click(END_TURN)
    assert table_view(game).motion == ()


def test_a_jack_facing_a_piece_offers_step_and_trade():
    game = FastTrackGame.from_position({"red.L0": "red", "red.L1": "blue"}, hands={"red": "J 2 2 3 3"})
    game.click(table_view(game).hand[0].click)
    game.click(game.layout.parse_square("red.L0"))
    view = table_view(game)
    ahead = game.layout.parse_square("red.L1")
    assert view.slots[ahead].click == ahead and view.slots[ahead].mark == "end"
    assert any(b.click == TRADE_ACTION + ahead and "Trade" in b.label for b in view.buttons)
    assert view.slots[game.layout.parse_square("red.L0")].mark == "chosen"
    assert any(b.click == OOPS_CLICK for b in view.buttons)


def test_done_button_and_discard_instructions():
    game = FastTrackGame(setup=2)
    view = table_view(game)
    assert "discard" in view.instructions and all(c.click is not None for c in view.hand)
    for card in (view.hand[0], view.hand[3]):  # K then 2: the turn is done
        game.click(card.click)
    assert game.phase == Phase.DONE
    assert [b.click for b in table_view(game).buttons] == [END_TURN, OOPS_CLICK]
