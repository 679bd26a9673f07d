"""Confirm before losing a game: at every table, N (or a New game button or menu row), Q and the menu's Back to the
lobby ask first in the middle of a game, with the shared dialog (Enter confirms, Esc cancels), and only then;
the lobby's Q asks when a table keeps an unfinished game."""

from __future__ import annotations

import pygame
import pytest

from tablegames.core.worker import Thinker
from tablegames.tables import TABLE_NAMES, TABLES, load_all_scenes
from tablegames.ui.checkers.savegame import default_save_path as checkers_save_path
from tablegames.ui.fasttrack import positions as fasttrack_positions
from tablegames.ui.fasttrack import savegame as fasttrack_savegame
from tablegames.ui.fasttrack.scene import FastTrackScene
from tablegames.ui.lobby import LobbyScene
from tablegames.ui.piddle import positions as piddle_positions
from tablegames.ui.scene import SCENES, Context, Pop, Push, Quit
from tablegames.ui.settings import Settings
from tablegames.ui.table import TableScene
from tablegames.ui.widgets import ConfirmScene

load_all_scenes()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def make_context(tmp_path) -> Context:
    return Context(settings=Settings(checkers_level=1), thinker=Thinker(inline=True),
                   options={"save_path": tmp_path / "checkers.pdn"}, player_files=True)  # (the conftest's folders)


def fresh_table(name: str, tmp_path) -> TableScene:
    return SCENES[name](make_context(tmp_path))  # type: ignore[return-value]


def table_in_a_game(name: str, tmp_path) -> TableScene:
    """The table in the middle of a game the person has a stake in."""
    context = make_context(tmp_path)
    if name == "checkers":
        table = SCENES[name](context)
        table.model.game.play("11-15")
    elif name == "fasttrack":
        table = FastTrackScene(context, game=fasttrack_positions.midgame(0))
    elif name == "piddle":
        table = SCENES[name](context)
        piddle_positions.play_until(table.controller, piddle_positions.is_advisor_moment)
    else:
        raise ValueError(name)
    assert table.game_in_progress()
    return table  # type: ignore[return-value]


IN_GAME = ("checkers", "fasttrack", "piddle")  # the route planner is not a game: nothing to lose by leaving


def test_every_table_but_the_planner_can_be_in_a_game():
    assert set(IN_GAME) | {"routes"} == set(TABLE_NAMES)


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_with_no_game_in_progress_nothing_is_asked(tmp_path, name):
    table = fresh_table(name, tmp_path)
    assert not table.game_in_progress()
    assert table.handle(key(pygame.K_q)) == [Pop()]
    menu = table.menu()
    assert menu.carry_out("lobby") == [Pop(), Pop()]
    table.on_exit()


def confirm_of(intents) -> ConfirmScene:
    [asked] = intents
    assert isinstance(asked, Push) and isinstance(asked.scene, ConfirmScene)
    return asked.scene


@pytest.mark.parametrize("name", IN_GAME)
def test_q_mid_game_asks_enter_leaves_esc_stays(tmp_path, name):
    table = table_in_a_game(name, tmp_path)
    dialog = confirm_of(table.handle(key(pygame.K_q)))
    assert dialog.question == "Leave the table?"
    assert dialog.handle(key(pygame.K_ESCAPE)) == [Pop()] and table.game_in_progress()  # stays
    assert dialog.handle(key(pygame.K_RETURN)) == [Pop(), Pop()]  # the dialog, then the table
    table.on_exit()


@pytest.mark.parametrize("name", IN_GAME)
def test_the_menus_back_to_the_lobby_mid_game_asks_first(tmp_path, name):
    table = table_in_a_game(name, tmp_path)
    [opened] = table.handle(key(pygame.K_ESCAPE))
    menu = opened.scene
    lobby_row = [item.key for item in menu.controller.items].index("lobby")
    menu.controller.selected = lobby_row
    dialog = confirm_of(menu.handle(key(pygame.K_RETURN)))
    assert dialog.handle(key(pygame.K_ESCAPE)) == [Pop()]  # back to the menu
    assert dialog.handle(key(pygame.K_RETURN)) == [Pop(), Pop(), Pop()]  # the dialog, the menu, the table
    table.on_exit()


def test_the_question_says_whether_the_game_is_kept(tmp_path):
    checkers = table_in_a_game("checkers", tmp_path)
    assert "saved" in confirm_of(checkers.handle(key(pygame.K_q))).detail
    piddle = table_in_a_game("piddle", tmp_path)
    assert "saved" in confirm_of(piddle.handle(key(pygame.K_q))).detail  # Piddle keeps its round too
    game = fasttrack_positions.midgame(0)
    kept = FastTrackScene(make_context(tmp_path), game=game, save_path=tmp_path / "fasttrack.json")
    assert "saved" in confirm_of(kept.handle(key(pygame.K_q))).detail
    for table in (checkers, piddle, kept):
        table.on_exit()


def test_fast_track_n_and_the_menus_new_game_ask_mid_game(tmp_path):
    table = table_in_a_game("fasttrack", tmp_path)
    played = len(table.controller.game.actions)
    dialog = confirm_of(table.handle(key(pygame.K_n)))
    assert dialog.handle(key(pygame.K_ESCAPE)) == [Pop()] and len(table.controller.game.actions) == played
    dialog.handle(key(pygame.K_RETURN))
    assert len(table.controller.game.actions) == 0  # a new game
    table = table_in_a_game("fasttrack", tmp_path)
    menu = table.menu()
    menu.controller.selected = 0  # New game
    closed, asked = menu.handle(key(pygame.K_RETURN))
    assert closed == Pop() and isinstance(asked.scene, ConfirmScene)
    assert len(table.controller.game.actions) == played  # nothing lost until confirmed
    asked.scene.handle(key(pygame.K_RETURN))
    assert int(table.controller.game.seed) == menu.controller.seed


def test_checkers_new_game_button_asks_mid_game(tmp_path):
    from tablegames.ui.checkers.drawing import PANEL_BUTTONS

    table = table_in_a_game("checkers", tmp_path)
    [new] = [button for button in PANEL_BUTTONS if button.action == "new"]
    dialog = confirm_of(table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=new.rect.center)))
    assert dialog.question == "Start a new game?" and table.model.game.entries
    dialog.handle(key(pygame.K_RETURN))
    assert not table.model.game.entries
    table.on_exit()


# --- the lobby's Q ---------------------------------------------------------------------------------------------------


def test_the_lobby_quits_at_once_when_no_table_keeps_a_game():
    assert not any(table.has_saved_game() for table in TABLES)
    assert LobbyScene(Context()).handle(key(pygame.K_q)) == [Quit()]


def test_the_lobby_asks_before_quitting_when_a_table_keeps_an_unfinished_game():
    path = checkers_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[Event \"tablegames checkers\"]\n\n1. 11-15 *\n")
    dialog = confirm_of(LobbyScene(Context()).handle(key(pygame.K_q)))
    assert dialog.question == "Quit tablegames?" and "Checkers game is saved" in dialog.detail
    assert dialog.handle(key(pygame.K_ESCAPE)) == [Pop()]
    assert dialog.handle(key(pygame.K_RETURN)) == [Pop(), Quit()]
    fasttrack_savegame.save_game(fasttrack_positions.midgame(0), fasttrack_savegame.default_path())
    dialog = confirm_of(LobbyScene(Context()).handle(key(pygame.K_q)))
    assert "Checkers and Fast Track games are saved" in dialog.detail
