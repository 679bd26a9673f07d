"""The scenes as a person uses them: real pygame events (keys, clicks, a dropped file) through the scene's
handling; the menu and the saved settings; the photo reader with a generated photo; the camera's message; every
scene renders."""

import pygame
import pytest

from tablegames.piddle.table import RULES_HELP, positions_to_hold
from tablegames.ui.piddle import positions
from tablegames.ui.piddle.drawing import FELT_RECT, buttons_for, die_rect
from tablegames.ui.piddle.menu import ITEMS, PiddleMenuScene, PiddleRulesScene, rules_markdown
from tablegames.ui.piddle.photo import NO_CAMERA, PhotoController, camera_frame
from tablegames.ui.piddle.scene import PhotoScene, PiddleScene, read_die_centre
from tablegames.ui.scene import SCENES, Context, Pop, Push, SceneStack
from tablegames.ui.screenshot import render_scene
from tablegames.ui.settings import Settings
from tablegames.ui.theme import FELT

PIDDLE_SCENES = ("piddle", "piddle:watch", "piddle:table", "piddle:advisor", "piddle:push", "piddle:scan")


class Saves:
    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> None:
        self.count += 1


def make_context(seed: int = 0, **settings) -> Context:
    import tablegames.ui.piddle  # noqa: F401  (registers the scenes)

    context = Context(settings=Settings(**settings), seed=seed)
    context.save_settings = Saves()
    return context


def send(stack: SceneStack, *events: pygame.event.Event) -> None:
    """Post real events to pygame's queue, take them back off it, and hand them to the top scene."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.DROPFILE):
            stack.apply(stack.top.handle(event))


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="")


def click(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def settle(scene: PiddleScene) -> None:
    """Frames until nothing moves and it is your turn (or the round is over)."""
    for _ in range(2000):
        controller = scene.controller
        if not controller.is_busy() and (controller.is_persons_turn() or controller.is_settled):
            return
        scene.update(0.05)
    raise AssertionError("the table never came back to the person")


@pytest.mark.parametrize("name", PIDDLE_SCENES)
def test_every_scene_renders(name):
    make_context()
    assert name in SCENES
    picture = render_scene(name, frames=30)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 1280, 37) for y in range(0, 800, 29)}
    assert len(colours) > 20  # a picture, not a blank screen
    if name != "piddle:scan":
        assert tuple(picture.get_at((FELT_RECT.x + 30, FELT_RECT.bottom - 60)))[:3] == FELT


def test_a_turn_played_with_real_keys_and_clicks():
    for seed in range(50):  # a table where you break, so three rolls are yours
        context = make_context(seed)
        stack = SceneStack()
        scene = PiddleScene(context)
        stack.push(scene)
        settle(scene)
        if scene.controller.table.turn == 0:
            break
    table = scene.controller.table
    send(stack, key(pygame.K_SPACE))
    assert table.rolls_taken == 1
    settle(scene)
    send(stack, key(pygame.K_2), click(die_rect(4).center))
    assert table.held == {1, 4}
    send(stack, click(die_rect(4, held=True).center))  # a held die is clicked where it sits, raised
    assert table.held == {1}
    send(stack, key(pygame.K_h))
    advice = table.advice()
    assert table.held == (set(range(6)) if advice.stop else set(positions_to_hold(table.dice, advice.keep)))
    kept = {i: table.dice[i] for i in table.held}
    buttons = buttons_for(scene.controller)
    roll = next(b.rect for b in buttons if b.action == "roll")
    if not advice.stop:
        send(stack, click(roll.center))
        assert table.rolls_taken == 2 and all(table.dice[i] == v for i, v in kept.items())
        settle(scene)
    seat = table.current_seat
    send(stack, key(pygame.K_RETURN))
    assert seat in table.hands


def test_advisor_key_hides_it_and_saves_the_setting():
    context = make_context()
    stack = SceneStack()
    stack.push(PiddleScene(context))
    send(stack, key(pygame.K_a))
    assert context.settings.piddle_advisor is False and context.save_settings.count == 1
    send(stack, key(pygame.K_a))
    assert context.settings.piddle_advisor is True and context.save_settings.count == 2


def test_the_menu_changes_and_saves_settings():
    context = make_context(piddle_players=3)
    stack = SceneStack()
    table = PiddleScene(context)
    stack.push(table)
    send(stack, key(pygame.K_ESCAPE))
    menu = stack.top
    assert isinstance(menu, PiddleMenuScene)
    assert ITEMS[menu.controller.selected].key == "back"  # opens on going back: a stray Enter changes nothing
    for _ in range(menu.controller.selected):
        send(stack, key(pygame.K_UP))
    send(stack, key(pygame.K_RIGHT))  # players: 3 -> 4
    assert context.settings.piddle_players == 4 and context.save_settings.count == 1
    for _ in range(ITEMS.index(next(i for i in ITEMS if i.key == "objective"))):
        send(stack, key(pygame.K_DOWN))
    send(stack, key(pygame.K_RETURN))
    assert context.settings.piddle_objective == "dollar"
    send(stack, key(pygame.K_DOWN), key(pygame.K_LEFT))  # a push is worth 0.4
    assert context.settings.piddle_push_value == pytest.approx(0.4)
    send(stack, key(pygame.K_ESCAPE))
    assert stack.top is table
    assert table.controller.table.players == 4  # a new table for the new number of players
    assert table.controller.table.objective.kind == "dollar"
    assert table.controller.table.objective.push_value == pytest.approx(0.4)


def test_the_menu_opens_the_rules_the_photo_reader_and_the_lobby():
    context = make_context()
    table = PiddleScene(context)
    menu = PiddleMenuScene(context, table)
    rows = [item.key for item in ITEMS]
    assert isinstance(menu.carry_out(menu.controller.choose(rows.index("rules")))[0].scene, PiddleRulesScene)
    photo = menu.carry_out(menu.controller.choose(rows.index("photo")))
    assert isinstance(photo[0], Pop) and isinstance(photo[1], Push) and isinstance(photo[1].scene, PhotoScene)
    assert [type(i) for i in menu.carry_out(menu.controller.choose(rows.index("lobby")))] == [Pop, Pop]
    assert all(line in rules_markdown() for line in RULES_HELP)
    PiddleRulesScene(context).draw(pygame.Surface((1280, 800)))


def test_dropping_a_photo_reads_it_and_a_number_key_fixes_the_uncertain_die(tmp_path):
    image, truth = positions.photo_with_glare(0, 0, 1)
    path = tmp_path / "dice.png"
    pygame.image.save(pygame.surfarray.make_surface(image.transpose(1, 0, 2)), str(path))
    context = make_context()
    stack = SceneStack()
    stack.push(PiddleScene(context))
    send(stack, pygame.event.Event(pygame.DROPFILE, file=str(path)))
    photo = stack.top
    assert isinstance(photo, PhotoScene)
    reader = photo.controller
    assert len(reader.values) == 6 and reader.uncertain() == [reader.selected]
    wrong = reader.selected
    # the glare hides a pip: the reader's guess for that die is off, the others are right
    others = [v for i, v in enumerate(reader.values) if i != wrong]
    missing = list(truth)
    for value in others:
        missing.remove(value)
    send(stack, click(read_die_centre(wrong)), key(getattr(pygame, f"K_{missing[0]}")))
    assert sorted(reader.values) == sorted(truth) and reader.uncertain() == []
    advice = reader.advice()
    assert advice.dice == tuple(reader.values)
    send(stack, key(pygame.K_r), key(pygame.K_b), key(pygame.K_p))
    assert reader.situation.rerolls == 0 and reader.situation.beat == (2, 2) and reader.situation.after == 2
    assert reader.advice().rerolls == 0 and reader.advice().stop  # no rerolls left: stop is the only move
    photo.draw(pygame.Surface((1280, 800)))
    send(stack, key(pygame.K_ESCAPE))
    assert isinstance(stack.top, PiddleScene)


def test_a_file_that_is_not_a_picture_gets_a_message(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("six dice")
    reader = PhotoController()
    reader.load_file(str(path))
    assert reader.message == "notes.txt: not a picture this reader knows (it takes PNG, JPEG, GIF or BMP)"
    assert not reader.has_dice() and reader.drain_notices() == [reader.message]


def test_no_camera_gives_a_clear_message(monkeypatch):
    import pygame.camera

    monkeypatch.setattr(pygame.camera, "list_cameras", lambda: [])
    frame, message = camera_frame()
    assert frame is None and message == NO_CAMERA
    reader = PhotoController()
    assert not reader.use_camera()
    assert reader.message == NO_CAMERA
    context = make_context()
    stack = SceneStack()
    stack.push(PhotoScene(context, reader))
    send(stack, key(pygame.K_c))
    assert reader.message == NO_CAMERA


def test_this_machine_without_a_camera_says_so():
    import pygame.camera

    pygame.camera.init()
    if pygame.camera.list_cameras():
        pytest.skip("this machine has a camera")
    frame, message = camera_frame()  # no camera here: a message, never an exception
    assert frame is None and message.startswith(NO_CAMERA)


def test_the_lobby_table_follows_the_settings_and_the_demo_watches_computers_only():
    context = make_context(piddle_players=5, piddle_objective="dollar", piddle_push_value=0.3)
    table = SCENES["piddle"](context).controller.table
    assert table.players == 5 and table.computer_seats == frozenset(range(1, 5))
    assert table.objective.kind == "dollar" and table.objective.push_value == pytest.approx(0.3)
    watched = SCENES["piddle:watch"](make_context()).controller
    assert watched.watch and watched.table.computer_seats == frozenset(range(watched.table.players))
