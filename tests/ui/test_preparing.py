"""Opening a table whose kernels are not ready: its own progress, then the table by itself, and the window never
waits (ui/preparing.py). `tablegames TABLE` opens the same way."""

import pygame

from tablegames.tables import load_all_scenes
from tablegames.ui.preparation import READY, TableState
from tablegames.ui.preparing import PreparingScene, open_table, preparing_words
from tablegames.ui.scene import SCENES, Context, Pop, Replace, Scene

load_all_scenes()


class Controlled:
    def __init__(self, state):
        self.current = state
        self.preferred = []

    def poll(self):
        pass

    def prefer(self, table):
        self.preferred.append(table)

    def state(self, table):
        return self.current


def picture(scene: PreparingScene) -> bytes:
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_a_table_not_ready_waits_in_its_own_scene_then_opens(monkeypatch):
    monkeypatch.setitem(SCENES, "fasttrack", Scene)
    preparation = Controlled(TableState("compiling", 0.3, True))
    scene = open_table(Context(), "fasttrack", preparation)
    assert isinstance(scene, PreparingScene)
    scene.on_enter()
    assert preparation.preferred == ["fasttrack"]  # put first, whatever the lobby pointed at
    for _ in range(30):
        assert scene.update(1 / 60) == []  # the window goes on: no waiting in a frame
    preparation.current = READY
    intents = scene.update(1 / 60)
    assert len(intents) == 1 and isinstance(intents[0], Replace) and type(intents[0].scene) is Scene


def test_a_ready_table_opens_at_once_and_without_a_preparation_every_table_is_ready(monkeypatch):
    monkeypatch.setitem(SCENES, "piddle", Scene)
    assert type(open_table(Context(), "piddle", Controlled(READY))) is Scene
    assert type(open_table(Context(), "piddle")) is Scene  # tests and pictures: nothing prepares kernels


def test_escape_goes_back_to_the_lobby():
    scene = PreparingScene(Context(), "routes", Controlled(TableState("queued", 0.0, True)))
    assert isinstance(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))[0], Pop)


def test_the_wait_says_first_start_only_and_never_stands_still():
    title = "Fast Track"
    heading, detail = preparing_words(title, TableState("compiling", 0.3, True))
    assert heading == "Preparing Fast Track" and "first start only" in detail
    assert "first start only" in preparing_words(title, TableState("queued", 0.0, True))[1]
    assert preparing_words(title, TableState("loading", 0.0, False))[1] == ""
    scene = PreparingScene(Context(), "fasttrack", Controlled(TableState("compiling", 0.95, True)))
    frames = set()
    for _ in range(6):
        scene.update(0.2)
        frames.add(picture(scene))
    assert len(frames) == 6  # the bar's light sweeps on while a long compile gives no news
