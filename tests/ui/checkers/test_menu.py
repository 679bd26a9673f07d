"""The checkers menu: every option of the issue, each change saved; actions; a new game on a mode change."""

from __future__ import annotations

import pygame

from tablegames.core.worker import Thinker
from tablegames.ui.checkers.menu import ACTIONS, OPTIONS, CheckersMenu, MenuModel
from tablegames.ui.checkers.table import CheckersTable
from tablegames.ui.overlay import SOUND_AND_DISPLAY
from tablegames.ui.scene import Context, Pop
from tablegames.ui.settings import Settings
from tablegames.ui.sound_display import OPTIONS as SOUND_OPTIONS
from tablegames.ui.sound_display import SoundDisplayScene
from tablegames.ui.widgets import ConfirmScene

WANTED = {"checkers_piece_set", "checkers_level", "checkers_colour", "checkers_mode", "checkers_flip",
          "checkers_fun_mode", "checkers_fun_levels", "checkers_square_numbers"}
SUITE = {"animations", "reduced_motion", "screen_shake", "sound", "music_volume", "music_style", "deep_bass"}


def test_the_menu_has_the_tables_options_and_the_suites_one_row_away():
    assert {option.field for option in OPTIONS} == WANTED
    assert {option.field for option in SOUND_OPTIONS} >= SUITE  # moved to Sound and display, not duplicated
    assert SOUND_AND_DISPLAY.key in [name for name, _ in ACTIONS]


def test_every_option_cycles_through_its_values_and_back():
    settings = Settings()
    model = MenuModel(settings)
    for option in OPTIONS:
        start = getattr(settings, option.field)
        seen = set()
        for _ in range(len(option.values)):
            model.change(option.field, 1)
            seen.add(getattr(settings, option.field))
        assert getattr(settings, option.field) == start
        assert len(seen) == len(option.values), option.field
        model.change(option.field, -1)
        model.change(option.field, 1)
        assert getattr(settings, option.field) == start
    assert not model.change("resume", 1)  # an action is not a setting


def test_every_value_reads_as_text():
    for option in OPTIONS:
        for value in option.values:
            assert option.describe(value)


def test_level_names_shown():
    assert OPTIONS[1].describe(10) == "10  Grandmaster Gizmo"


def menu_over_table(tmp_path):
    saved = []
    context = Context(settings=Settings(), thinker=Thinker(inline=True), options={"save_path": tmp_path / "g.pdn"})
    context.save_settings = lambda: saved.append(dict(vars(context.settings)))
    table = CheckersTable(context)
    return CheckersMenu(context, table), table, saved


def press(menu, key):
    return menu.handle(pygame.event.Event(pygame.KEYDOWN, key=key))


def test_keys_change_and_save_at_once(tmp_path):
    menu, table, saved = menu_over_table(tmp_path)
    assert ACTIONS[menu.controller.selected - len(OPTIONS)][0] == "resume"  # a stray Enter changes nothing
    table.model.game.play("11-15")
    assert press(menu, pygame.K_RETURN) == [Pop()] and table.model.game.entries
    menu.controller.selected = 0
    press(menu, pygame.K_RIGHT)
    assert table.context.settings.checkers_piece_set == 9 and saved[-1]["checkers_piece_set"] == 9
    assert table.model.piece_set == 9  # the table follows at once
    press(menu, pygame.K_DOWN)
    press(menu, pygame.K_LEFT)
    assert table.context.settings.checkers_level == 2 and table.model.level == 2


def test_a_mode_change_starts_a_new_game_when_the_menu_closes(tmp_path):
    menu, table, _ = menu_over_table(tmp_path)
    table.model.game.play("11-15")
    menu.controller.selected = 3
    press(menu, pygame.K_RIGHT)
    assert menu.controller.new_game_needed and table.model.mode == "play"
    assert press(menu, pygame.K_ESCAPE) == [Pop()]
    assert table.model.mode == "watch" and table.model.game.entries == []


def choose(menu, action):
    menu.controller.selected = len(OPTIONS) + [name for name, _ in ACTIONS].index(action)
    return press(menu, pygame.K_RETURN)


def test_actions(tmp_path):
    menu, table, _ = menu_over_table(tmp_path)
    assert choose(menu, "new") == [Pop()]  # nothing played: no question
    table.model.game.play("11-15")
    assert choose(menu, "resume") == [Pop()] and table.model.game.entries
    closed, asked = choose(menu, "new")  # mid-game: the menu closes and the table asks
    assert closed == Pop() and isinstance(asked.scene, ConfirmScene) and table.model.game.entries
    assert asked.scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)) == [Pop()]
    assert not table.model.game.entries
    assert choose(menu, "lobby") == [Pop(), Pop()]  # nothing played since


def test_leaving_for_the_lobby_mid_game_asks_first(tmp_path):
    menu, table, _ = menu_over_table(tmp_path)
    table.model.game.play("11-15")
    [asked] = choose(menu, "lobby")
    dialog = asked.scene
    assert isinstance(dialog, ConfirmScene) and "saved" in dialog.detail
    assert dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)) == [Pop()]  # stay
    assert dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)) == [Pop(), Pop(), Pop()]


def test_the_sound_and_display_row_opens_the_shared_scene_over_this_table(tmp_path):
    menu, table, _ = menu_over_table(tmp_path)
    [opened] = choose(menu, SOUND_AND_DISPLAY.key)
    assert isinstance(opened.scene, SoundDisplayScene) and opened.scene.table is table


def test_clicks_choose_and_change(tmp_path):
    menu, table, _ = menu_over_table(tmp_path)
    row = [option.field for option in OPTIONS].index("checkers_fun_mode")
    menu.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=menu.row_rect(row).center))
    assert table.context.settings.checkers_fun_mode is True
    menu.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=menu.row_rect(row).center))
    assert table.context.settings.checkers_fun_mode is False  # a right click steps back
    assert all(menu.menu_rect.contains(menu.row_rect(index)) for index in range(len(OPTIONS) + len(ACTIONS)))
    menu.draw(pygame.Surface((1280, 800)))
