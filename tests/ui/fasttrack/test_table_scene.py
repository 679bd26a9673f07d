"""The built table played as a person plays it: mouse clicks through the scene's real event handling, and after
every click the drawn board and hand checked against the rules' view. Also: every scene renders, the menu and the
rules page, the saved game on quit, the board redrawn slot by slot."""

import math

import pygame
import pytest

from tablegames.core.rng import make_rng
from tablegames.core.worker import Thinker
from tablegames.fasttrack.game import OOPS_CLICK
from tablegames.fasttrack.view import table_view
from tablegames.ui.fasttrack import savegame
from tablegames.ui.fasttrack.cards import card_picture, suits_for
from tablegames.ui.fasttrack.drawing import (
    ACCENT,
    CARD_SIZE,
    button_rects,
    hand_rects,
    panel_layout,
    symbol_ink,
)
from tablegames.ui.fasttrack.menu import ITEMS, TableMenuScene
from tablegames.ui.fasttrack.scene import FastTrackScene
from tablegames.ui.overlay import RulesScene
from tablegames.ui.scene import SCENES, Context, Pop, Push, SceneStack
from tablegames.ui.screenshot import render_scene
from tablegames.ui.settings import Settings
from tablegames.ui.theme import LOGICAL_SIZE, shade

FASTTRACK_SCENES = ("fasttrack", "fasttrack:watch", "fasttrack:start", "fasttrack:midgame", "fasttrack:capture",
                    "fasttrack:split", "fasttrack:win")


def make_scene(seed: int = 0, **options) -> FastTrackScene:
    import tablegames.ui.fasttrack  # noqa: F401  (registers the scenes)

    settings = Settings(fasttrack_speed=4)
    context = Context(settings=settings, thinker=Thinker(inline=True), seed=seed, options=options)
    return FastTrackScene(context)


def click_at(scene: FastTrackScene, pos) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def wait_for_person(scene: FastTrackScene, limit: int = 20_000) -> None:
    """Frames of 50 ms until it is the person's turn with nothing moving and no choice left to take for them."""
    controller = scene.controller
    for _ in range(limit):
        if controller.is_over and controller.walk is None:
            return
        if controller.is_persons_turn() and controller.walk is None:
            before = controller.clicks
            scene.update(0.05)
            if controller.clicks == before and controller.walk is None:
                return
            continue
        scene.update(0.05)
    raise AssertionError("the computers never handed back the turn")


def where_to_click(scene: FastTrackScene, code: int) -> tuple[float, float]:
    """The screen point of the thing with click code `code`: a slot's centre, a card's or a button's middle."""
    view = scene.controller.view
    layout = panel_layout(len(scene.players()))
    for card, rect in zip(view.hand, hand_rects(view.hand, layout.hand_top), strict=True):
        if card.click == code:
            return rect.center
    for button, rect in zip(view.buttons, button_rects(view.buttons, layout.buttons_top), strict=True):
        if button.click == code:
            return rect.center
    for slot in view.slots:
        if slot.click == code:
            x, y = scene.painter.on_screen(slot.centre)
            return (x, y)
    raise AssertionError(f"code {code} is nowhere on the table")


def check_drawn_table(scene: FastTrackScene, surface: pygame.Surface) -> None:
    """Every slot shows its piece (the colour round a centre in its symbol's ink), or its fill (the gold dot of a
    destination); the hand shows the view's cards, the playable ones lifted in gold."""
    controller = scene.controller
    view = table_view(controller.game, 0)  # asked afresh of the rules, not the scene's copy
    assert controller.view == view
    radius = scene.painter.unit * 0.4
    for slot in view.slots:
        x, y = scene.painter.on_screen(slot.centre)
        pixel = tuple(surface.get_at((round(x), round(y))))[:3]
        if slot.piece is not None:
            assert pixel == symbol_ink(slot.piece), f"{slot.name}: no symbol drawn on the marble ({slot})"
            around = {tuple(surface.get_at((round(x + math.cos(a) * radius * 0.68),
                                            round(y + math.sin(a) * radius * 0.68))))[:3]
                      for a in (k * math.pi / 4 for k in range(8))}
            assert slot.piece in around, f"{slot.name}: the marble's colour is not drawn round its symbol ({slot})"
            continue
        if slot.mark == "end":
            expected = ACCENT
        else:
            expected = slot.fill
        assert pixel == expected, f"{slot.name}: drew {pixel}, the view says {expected} ({slot})"
    if not controller.is_persons_turn():
        return
    layout = panel_layout(len(scene.players()))
    suits = suits_for([card.label for card in view.hand])
    for card, rect, suit in zip(view.hand, hand_rects(view.hand, layout.hand_top), suits, strict=True):
        picture = card_picture(card.label, suit, *CARD_SIZE, 1.0)
        inner = pygame.Rect(8, 8, CARD_SIZE[0] - 16, CARD_SIZE[1] - 16)
        lifted = card.click is not None
        for px in range(inner.left, inner.right, 7):
            for py in range(inner.top, inner.bottom, 9):
                drawn = tuple(surface.get_at((rect.x + px, rect.y + py)))[:3]
                wanted = tuple(picture.get_at((px, py)))[:3]
                if lifted or not any(c.click is not None for c in view.hand):
                    assert drawn == wanted, f"card {card.label} at {rect} is not drawn as the view says"
        edge = tuple(surface.get_at((rect.x - 2, rect.centery)))[:3]
        assert (edge in (ACCENT, shade(ACCENT, 0.7))) == lifted, f"card {card.label}: lifted={lifted}"


def test_two_hundred_clicks_as_a_person_with_the_drawing_checked_after_each():
    scene = make_scene(seed=7)
    surface = pygame.Surface(LOGICAL_SIZE)
    rng = make_rng(7, "fasttrack", "person")
    clicks = undos = 0
    for _ in range(2000):
        if clicks >= 200:
            break
        wait_for_person(scene)
        if scene.controller.is_over:
            scene.act("new")  # a new game with the next seed (the game is over: no question asked)
            continue
        scene.draw(surface)
        check_drawn_table(scene, surface)
        codes = sorted(scene.controller.clickable())
        if OOPS_CLICK in codes and rng.random() > 0.15:
            codes.remove(OOPS_CLICK)
        code = codes[int(rng.integers(len(codes)))]
        before = scene.controller.clicks
        click_at(scene, where_to_click(scene, code))
        assert scene.controller.clicks == before + 1, f"the click on {code} was not taken"
        clicks += 1
        undos += code == OOPS_CLICK
        scene.draw(surface)  # mid-walk: draws without failing
    assert clicks == 200
    assert undos > 0


def test_a_click_on_nothing_or_during_the_computers_turn_does_nothing():
    scene = make_scene(seed=3)
    before = scene.controller.clicks
    click_at(scene, (5, 5))
    assert scene.controller.clicks == before


@pytest.mark.parametrize("name", FASTTRACK_SCENES)
def test_every_table_scene_renders(name):
    picture = render_scene(name, frames=3)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 1280, 32) for y in range(0, 800, 32)}
    assert len(colours) > 40


def test_the_board_redraws_only_the_slots_that_changed():
    scene = make_scene(seed=9, watch=True)
    surface = pygame.Surface(LOGICAL_SIZE)
    assert scene.painter.redrawn == len(scene.controller.view.slots)  # the first picture draws them all
    redrawn = []
    for _ in range(400):
        shown = scene.controller.shown_slots()
        scene.update(0.05)
        changed = sum(a != b for a, b in zip(shown, scene.controller.shown_slots(), strict=True))
        scene.draw(surface)  # drawing only reads: the update refreshed the board
        assert scene.painter.redrawn <= changed
        redrawn.append(scene.painter.redrawn)
    assert max(redrawn) < 20 and sum(redrawn) > 0


def test_escape_opens_the_menu_whose_settings_are_saved_and_applied():
    scene = make_scene(seed=1)
    saved = []
    scene.context.save_settings = lambda: saved.append(True)
    stack = SceneStack()
    stack.push(scene)
    stack.apply(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)))
    menu = stack.top
    assert isinstance(menu, TableMenuScene)
    zones = [item.key for item in ITEMS].index("zones")
    stack.apply(menu.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_row_centre(zones), button=1)))
    assert scene.context.settings.fasttrack_zones == 6 and saved
    speed = [item.key for item in ITEMS].index("speed")
    menu.controller.selected = speed
    stack.apply(menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT)))
    assert scene.context.settings.fasttrack_speed == 3
    stack.apply(menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)))
    assert stack.top is scene
    assert scene.controller.game.players == 6 and len(scene.controller.view.slots) == 6 * 22 + 1
    assert scene.controller.speed == 3
    surface = pygame.Surface(LOGICAL_SIZE)
    scene.draw(surface)
    check_drawn_table(scene, surface)


def _row_centre(index):
    from tablegames.ui.fasttrack.menu import row_rect

    return row_rect(index).center


def test_the_menu_leads_to_the_rules_page_which_scrolls_and_closes():
    scene = make_scene()
    menu = TableMenuScene(scene.context, scene)
    menu.controller.selected = [item.key for item in ITEMS].index("rules")
    intents = menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert len(intents) == 1 and isinstance(intents[0], Push) and isinstance(intents[0].scene, RulesScene)
    rules = intents[0].scene
    assert rules.max_scroll > 0  # the whole rules text is longer than a page
    rules.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))
    assert rules.scroll > 0
    rules.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
    assert rules.scroll == rules.max_scroll
    surface = pygame.Surface(LOGICAL_SIZE)
    rules.draw(surface)
    assert isinstance(rules.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))[0], Pop)


def test_the_game_in_progress_is_saved_on_quit_and_resumed(tmp_path):
    path = tmp_path / "fasttrack-game.json"
    context = Context(settings=Settings(fasttrack_speed=4), thinker=Thinker(inline=True), seed=2)
    scene = FastTrackScene(context, save_path=path)
    for _ in range(3):  # three of the person's turns, each with the first thing offered, then the computers'
        while scene.controller.is_persons_turn():
            code = min(scene.controller.clickable() - {OOPS_CLICK})
            click_at(scene, where_to_click(scene, code))
            scene.update(0.05)
        scene.controller.skip()
        wait_for_person(scene)
    actions = list(scene.controller.game.actions)
    assert actions
    scene.on_exit()
    resumed = FastTrackScene(Context(settings=Settings(), thinker=Thinker(inline=True), seed=99), save_path=path)
    assert resumed.controller.game.actions == actions
    assert resumed.controller.view == scene.controller.view
    assert savegame.load_game(path) is not None


def test_the_registered_table_opens_from_the_lobby_name():
    import tablegames.ui.fasttrack  # noqa: F401

    assert "fasttrack" in SCENES
    scene = SCENES["fasttrack"](Context(thinker=Thinker(inline=True)))
    assert isinstance(scene, FastTrackScene) and not scene.watch
    watching = SCENES["fasttrack"](Context(thinker=Thinker(inline=True), options={"watch": True}))
    assert watching.watch and watching.save_path is None


def test_the_watch_scene_plays_in_the_app_with_the_thinker_on_its_thread():
    """What the demo runs: four computers whose plans come from the background thinker, frame after frame."""
    import time

    from tablegames.ui.app import App

    thinker = Thinker()
    try:
        context = Context(settings=Settings(fasttrack_speed=4), thinker=thinker, seed=5)
        app = App(context)
        app.stack.push(SCENES["fasttrack:watch"](context))
        scene = app.stack.top
        for _ in range(240):
            app.step([], 1 / 60)
            time.sleep(0.002)
        assert scene.controller.clicks > 5
        assert len(app.timer.samples_ms) == 240
    finally:
        thinker.shutdown()


def test_a_split_seven_is_finished_by_clicking_another_piece():
    from tablegames.fasttrack.game import Phase
    from tablegames.fasttrack.rules import SPLIT_FINISH
    from tablegames.ui.fasttrack import positions

    game = positions.first_half_of_split(0)
    assert game.phase == Phase.NEED_START and game.offer[0].kind == SPLIT_FINISH
    context = Context(settings=Settings(fasttrack_speed=4), thinker=Thinker(inline=True))
    scene = FastTrackScene(context, game=game)
    first_half = scene.controller.game.last_move
    starts = [slot.click for slot in scene.controller.view.slots if slot.click is not None]
    assert first_half.end not in starts  # the other half moves another piece
    click_at(scene, where_to_click(scene, starts[0]))
    wait_for_person(scene)
    finished = scene.controller.game
    assert finished.phase == Phase.DONE and finished.last_move.kind == SPLIT_FINISH
    assert len(first_half.path) + len(finished.last_move.path) == 7
    surface = pygame.Surface(LOGICAL_SIZE)
    scene.draw(surface)
    check_drawn_table(scene, surface)


def test_the_command_line_paints_the_midgame(tmp_path):
    import os
    import subprocess
    import sys

    out = tmp_path / "midgame.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "tablegames", "--screenshot", str(out), "--scene",
                             "fasttrack:midgame"], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == LOGICAL_SIZE


class RecordingAudio:
    def __init__(self):
        self.effects, self.moods = [], []

    def play_effect(self, name):
        self.effects.append(name)

    def set_mood(self, mood):
        self.moods.append(mood)


def test_the_scene_sends_the_race_to_the_music_and_the_sounds_to_the_effects():
    from tablegames.music.mood import Mood
    from tablegames.music.sfx import EFFECTS

    audio = RecordingAudio()
    context = Context(settings=Settings(fasttrack_speed=4), thinker=Thinker(inline=True), seed=4, audio=audio)
    scene = FastTrackScene(context, watch=True)
    scene.on_enter()
    for _ in range(100_000):
        scene.update(0.05)
        if scene.controller.is_over and scene.controller.walk is None:
            break
    assert scene.controller.is_over
    assert set(audio.effects) <= set(EFFECTS)
    assert {"card", "marble", "crown", "win"} <= set(audio.effects)
    assert audio.moods[0] is Mood.CALM and audio.moods[-1] is Mood.WIN
    assert Mood.TENSION in audio.moods
    assert audio.effects.count("capture") == scene.controller.captures
    assert audio.moods.count(Mood.BIG_MOMENT) == scene.controller.captures > 0


def test_the_menu_starts_a_new_game_with_a_typed_number():
    scene = make_scene(seed=1)
    menu = TableMenuScene(scene.context, scene)
    assert menu.controller.value("new") == "game 2"  # the next game by default
    menu.controller.selected = [item.key for item in ITEMS].index("new")
    for key, text in ((pygame.K_BACKSPACE, ""), (pygame.K_4, "4"), (pygame.K_2, "2")):
        menu.handle(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text))
    menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, unicode=""))
    intents = menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r"))
    assert isinstance(intents[0], Pop)
    assert scene.controller.game.seed == 43 and scene.controller.game.actions == []


def test_n_asks_before_ending_a_game_in_progress_and_the_game_is_saved_after_every_move(tmp_path):
    from tablegames.ui.fasttrack import savegame
    from tablegames.ui.scene import Context, SceneStack
    from tablegames.ui.widgets import ConfirmScene

    path = tmp_path / "fasttrack-game.json"
    scene = FastTrackScene(Context(seed=5), save_path=path)
    stack = SceneStack()
    stack.push(scene)
    wait_for_person(scene)
    card = next(c.click for c in scene.controller.view.hand if c.click is not None)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    scene.controller.person_click(card)
    scene.update(1 / 60)
    assert savegame.load_game(path).actions == scene.controller.game.actions  # saved without leaving the table
    seed = int(scene.controller.game.seed)
    stack.apply(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n)))
    assert isinstance(stack.top, ConfirmScene) and int(scene.controller.game.seed) == seed
    stack.apply(stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)))  # keep playing
    assert stack.top is scene and int(scene.controller.game.seed) == seed
    stack.apply(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n)))
    stack.apply(stack.top.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)))  # confirmed
    assert stack.top is scene and int(scene.controller.game.seed) == seed + 1


def test_a_save_that_cannot_be_written_is_said_once_in_the_window(tmp_path):
    blocker = tmp_path / "a-file-not-a-folder"
    blocker.write_text("in the way")
    context = Context(settings=Settings(fasttrack_speed=4), thinker=Thinker(inline=True), seed=2)
    scene = FastTrackScene(context, save_path=blocker / "fasttrack-game.json")
    told = []
    scene.toasts.show = lambda text, important=False: told.append((text, important))  # type: ignore[method-assign]
    for _ in range(2):
        while scene.controller.is_persons_turn():
            click_at(scene, where_to_click(scene, min(scene.controller.clickable() - {OOPS_CLICK})))
            scene.update(0.05)
        scene.controller.skip()
        wait_for_person(scene)
    assert len(scene.controller.game.actions) > 2
    assert len(told) == 1 and told[0][0].startswith("Cannot save your game in") and told[0][1]
    assert blocker.read_text() == "in the way"
