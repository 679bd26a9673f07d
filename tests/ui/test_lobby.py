import pygame

from tablegames.tables import load_all_scenes
from tablegames.ui.lobby import TABLES, LobbyController, LobbyScene, card_rect
from tablegames.ui.scene import SCENES, Context, Push, Quit, Scene

load_all_scenes()  # before any test stands a scene in for a table (Q reads the tables' saved games: their modules)


def test_keys_move_round_the_tables():
    lobby = LobbyController()
    lobby.key(pygame.K_LEFT)
    assert lobby.selected == len(TABLES) - 1
    lobby.key(pygame.K_RIGHT)
    lobby.key(pygame.K_RIGHT)
    assert lobby.selected == 1


def test_number_keys_and_clicks_choose_a_table():
    lobby = LobbyController()
    assert lobby.key(pygame.K_3) == ("open", "piddle")
    assert lobby.click(card_rect(3).center) == ("open", "routes")
    assert lobby.selected == 3
    assert lobby.click((5, 5)) is None
    assert lobby.key(pygame.K_q) == ("quit",)


def test_a_digit_sits_down_at_once_and_remembers_the_table(monkeypatch):
    monkeypatch.setitem(SCENES, "checkers", Scene)
    monkeypatch.setitem(SCENES, "fasttrack", Scene)
    saved = []
    context = Context()
    context.save_settings = lambda: saved.append(context.settings.last_table)
    scene = LobbyScene(context)
    intents = scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1))
    assert len(intents) == 1 and isinstance(intents[0], Push) and saved == [0]
    assert isinstance(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2))[0], Push) and saved == [0, 1]
    assert isinstance(scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q))[0], Quit)


def test_pointing_selects_and_drawing_changes_nothing():
    scene = LobbyScene(Context())
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=card_rect(2).center, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.controller.selected == 2
    before = (scene.controller.selected, scene.clock, scene.notice)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    assert (scene.controller.selected, scene.clock, scene.notice) == before
