"""The table in plain words: the log and the prompt, square codes only in tooltips, the hint key, the win screen's
new game. Driven through the graphics-free controller, and through the scene's real events where it is the scene's."""

import re
import threading
import time
from itertools import pairwise

import pygame
import pytest

from tablegames.core.worker import SearchCancelled, Thinker
from tablegames.fasttrack.cards import parse_card
from tablegames.fasttrack.game import CARD_ACTION, OOPS_CLICK, FastTrackGame, Phase
from tablegames.fasttrack.view import COLOUR_RGB
from tablegames.fasttrack.words import hole_tooltip
from tablegames.ui.fasttrack import computer, positions
from tablegames.ui.fasttrack.controller import HUMAN_SEAT, TableController, make_game
from tablegames.ui.fasttrack.drawing import HINT, hand_rects, log_rows, new_game_button, panel_layout
from tablegames.ui.fasttrack.scene import NOT_YOUR_TURN, FastTrackScene
from tablegames.ui.scene import Context, Push
from tablegames.ui.settings import Settings
from tablegames.ui.theme import LOGICAL_SIZE
from tablegames.ui.widgets import ConfirmScene

# A square code: blue.HP4, red.L0, BE ...
CODE = re.compile(r"\b(red|blue|green|purple|aqua|brown)\.[A-Z]{1,2}\d?\b|\bBE\b", re.I)


def make_scene(game: FastTrackGame, watch: bool = False) -> FastTrackScene:
    context = Context(settings=Settings(fasttrack_speed=4), thinker=Thinker(inline=True), seed=0)
    return FastTrackScene(context, game=game, watch=watch)


def key(scene: FastTrackScene, code: int) -> list:
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


# --- the log and the prompt -----------------------------------------------------------------------------------------


def test_a_card_and_its_move_are_one_line_in_words_with_the_codes_kept_for_the_tooltip():
    game = FastTrackGame.from_position({}, hands={"red": "A 2 3 5 8"})
    controller = TableController(game, Thinker(inline=True))
    controller.person_click(CARD_ACTION + parse_card("A"))
    assert controller.log[-1].text == "You play an ace."
    controller.update(0.0)  # one piece and one square: taken for the person
    controller.update(0.0)
    line = controller.log[-1]
    assert line.text == "You play an ace: bring a marble out of the pen."
    assert line.seat == HUMAN_SEAT and "red.HP4" in line.codes and "red.L0" in line.codes


def test_undo_takes_the_cards_lines_back_out_of_the_log():
    game = FastTrackGame(setup=5)  # a split 7: two lines for one card
    controller = TableController(game, Thinker(inline=True))
    before = list(controller.log)
    first = next(m for m in game.offer if m.kind == 4)  # SPLIT_START
    for code in (CARD_ACTION + parse_card("7"), first.start, first.end):
        assert controller.person_click(code)
    controller.finish_walk()
    finish = controller.game.offer[0]
    for code in (finish.start, finish.end):
        assert controller.person_click(code)
    controller.finish_walk()
    assert [line.text.split(":")[0] for line in controller.log[-2:]] == ["You split a 7", "You finish the 7"]
    controller.person_click(OOPS_CLICK)
    assert controller.log == before


def test_a_resumed_game_has_its_log_in_words():
    controller = TableController(positions.midgame(1), Thinker(inline=True))
    assert controller.log
    for line in controller.log:
        assert not CODE.search(line.text) and line.codes, line
    assert any(CODE.search(line.codes) for line in controller.log)


def test_the_prompt_says_why_you_must_discard():
    scene = make_scene(FastTrackGame(setup=2))  # red: every marble in the pen, no card to bring one out
    assert scene.controller.game.phase == Phase.NEED_DISCARD
    assert scene.panel_content().instructions.startswith(
        "No card you hold can move a marble: choose one to discard")
    watched = make_scene(FastTrackGame(setup=2), watch=True)
    assert watched.panel_content().instructions.startswith("No card Red holds can move a marble")


def test_the_panels_log_is_in_sentences_with_each_seats_marble():
    scene = make_scene(positions.midgame(1))
    content = scene.panel_content()
    assert content.log and all(colour in COLOUR_RGB for colour, _ in content.log)
    assert all(text.endswith((".", "!", ")")) and not CODE.search(text) for _, text in content.log)
    rows = log_rows(content)
    assert rows and rows[-1][0] == len(content.log) - 1  # the latest line is shown
    tops = [rect.top for _, rect, _ in rows]
    assert tops == sorted(tops) and all(a.bottom <= b.top for (_, a, _), (_, b, _) in pairwise(rows))


# --- tooltips --------------------------------------------------------------------------------------------------------


def test_pointing_at_a_hole_or_a_log_line_shows_its_square_codes():
    scene = make_scene(positions.midgame(1))
    controller = scene.controller
    lay = controller.game.layout
    square = lay.parse_square("blue.HP4")
    x, y = scene.painter.on_screen(controller.view.slots[square].centre)
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.tooltip == hole_tooltip(lay, square) == "Blue's pen (blue.HP4)"
    index, rect, _ = log_rows(scene.panel_content())[-1]
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.tooltip == controller.log[index].codes
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.tooltip is None


# --- the hint --------------------------------------------------------------------------------------------------------


def test_h_shows_the_computers_line_for_your_turn_lit_up_and_in_words(monkeypatch):
    monkeypatch.setattr(computer, "ANSWER_SECONDS", None)  # no clock: the expert's seeded line, however busy the machine
    game = FastTrackGame.from_position({"red.L0": "red", "red.L3": "red"}, hands={"red": "5 2 3 8 9"})
    scene = make_scene(game)
    plan = computer.computer_plan(game, level="expert")  # the hint is the expert's line
    key(scene, pygame.K_h)
    hint = scene.controller.hint
    assert hint is not None and hint.codes == tuple(plan)
    assert hint.card == plan[0] and hint.start == plan[1] and hint.end == plan[2]
    assert hint.words.startswith("Hint: Play a") and not CODE.search(hint.words)
    content = scene.panel_content()
    assert content.instructions == hint.words and content.hinted_card == plan[0]
    surface = pygame.Surface(LOGICAL_SIZE)
    scene.draw(surface)
    view = scene.controller.view
    card = next(rect for c, rect in zip(view.hand, hand_rects(view.hand, panel_layout(4).hand_top), strict=True)
                if c.click == plan[0])
    assert tuple(surface.get_at((card.x - 6, card.centery)))[:3] == HINT  # the card's hint glow


def test_following_the_hint_keeps_it_and_clicking_elsewhere_drops_it():
    game = FastTrackGame.from_position({"red.L0": "red", "red.L3": "red"}, hands={"red": "5 2 3 8 9"})
    controller = TableController(game, Thinker(inline=True))
    assert controller.ask_hint()
    hint = controller.hint
    controller.person_click(hint.codes[0])  # the card it said
    assert controller.hint is not None and controller.hint.codes == hint.codes[1:]
    assert controller.hint.start == hint.start and controller.hint.card is None
    controller.person_click(OOPS_CLICK)  # anything else: no hint
    assert controller.hint is None


def test_a_hint_is_for_your_turn_only():
    game = make_game(0)
    while game.seat == HUMAN_SEAT:
        game.click(game.legal_actions()[0])
    scene = make_scene(game)
    key(scene, pygame.K_h)
    assert scene.controller.hint is None and scene.toasts.current is not None
    assert scene.toasts.current.text == NOT_YOUR_TURN


def test_a_hint_still_thinking_is_cancelled_when_the_turn_moves_on():
    thinker = Thinker()
    started = threading.Event()
    tokens = []

    def planner(game, token):
        tokens.append(token)
        started.set()
        while not token.is_cancelled():
            time.sleep(0.001)
        raise SearchCancelled("stopped")

    try:
        game = FastTrackGame.from_position({"red.L0": "red"}, hands={"red": "5 2 3 8 9"})
        controller = TableController(game, thinker, planner=planner)
        assert controller.ask_hint()
        assert started.wait(5) and controller.is_thinking()
        controller.person_click(CARD_ACTION + parse_card("5"))  # the person moves on before the hint is in
        controller.update(0.0)
        assert tokens[0].is_cancelled() and controller.hint_job is None and controller.hint is None
    finally:
        thinker.shutdown()


# --- the win screen ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["button", "key"])
def test_the_win_screen_offers_a_new_game_without_asking(how):
    game = positions.finished(0)
    scene = make_scene(game)
    scene.update(0.0)
    assert scene.shows_win()
    seed = int(game.seed)
    if how == "button":
        intents = scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=new_game_button().rect.center,
                                                  button=1))
    else:
        intents = key(scene, pygame.K_n)
    assert not any(isinstance(i, Push) and isinstance(i.scene, ConfirmScene) for i in intents)
    assert scene.controller.game is not game and int(scene.controller.game.seed) == seed + 1
    assert not scene.shows_win()


def test_n_during_a_game_in_progress_still_asks_first():
    game = make_game(0)
    game.click(game.legal_actions()[0])
    scene = make_scene(game)
    intents = key(scene, pygame.K_n)
    assert any(isinstance(i, Push) and isinstance(i.scene, ConfirmScene) for i in intents)
    assert scene.controller.game is game
