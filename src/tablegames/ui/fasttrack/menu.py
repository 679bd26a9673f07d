"""The table's menu (an overlay over the table) and its rules page.

The menu starts a new game with a chosen number (seed), and changes the table's settings and saves them: the
computers' speed, partnerships (none, any time, once home), the four- or six-player board. A changed board or
partnership starts a new game when the menu closes.
"""

from __future__ import annotations

from importlib import resources

import pygame

from tablegames.ui.overlay import (
    SOUND_AND_DISPLAY,
    MenuItem,
    MenuModel,
    OverlayMenuScene,
    RulesScene,
    centred_rect,
    cycle,
    menu_row_rect,
)
from tablegames.ui.scene import Context, Intent, Pop, Push, Scene
from tablegames.ui.settings import Settings
from tablegames.ui.table import TableScene

RULES_RESOURCE = resources.files("tablegames.fasttrack").joinpath("rules.md")  # shipped in the package
PARTNER_NAMES = {"none": "none", "any_time": "any time", "when_home": "once home"}
SPEED_NAMES = {1: "1 (slow)", 2: "2", 3: "3", 4: "4 (fast)"}

ITEMS = (
    MenuItem("new", "New game"),
    MenuItem("speed", "Speed"),
    MenuItem("partners", "Partnerships"),
    MenuItem("zones", "Board"),
    MenuItem("rules", "Rules"),
    SOUND_AND_DISPLAY,
    MenuItem("back", "Back to the table"),
    MenuItem("lobby", "Back to the lobby"),
)


class MenuController(MenuModel):
    """The menu without graphics: the chosen row, and what a key or a click on a row does to the settings."""

    items = ITEMS

    def __init__(self, settings: Settings, seed: int = 0) -> None:
        self.settings = settings
        super().__init__()
        self.seed = seed  # the new game's number, chosen with left and right or typed

    def value(self, key: str) -> str:
        settings = self.settings
        if key == "speed":
            return SPEED_NAMES[settings.fasttrack_speed]
        if key == "partners":
            return PARTNER_NAMES[settings.fasttrack_partners]
        if key == "zones":
            return f"{settings.fasttrack_zones} players"
        if key == "new":
            return f"game {self.seed}"
        return ""

    def change(self, key: str, step: int) -> bool:
        """Step a setting; True when it changed."""
        settings = self.settings
        if key == "new":
            self.seed = max(0, self.seed + step)
            return False  # not a setting: nothing to save
        if key == "speed":
            settings.fasttrack_speed = min(max(settings.fasttrack_speed + step, 1), 4)
        elif key == "partners":
            settings.fasttrack_partners = cycle(tuple(PARTNER_NAMES), settings.fasttrack_partners, step)
        elif key == "zones":
            settings.fasttrack_zones = cycle((4, 6), settings.fasttrack_zones, step)
        else:
            return False
        return True

    def type_key(self, key: int, text: str) -> None:
        """Digits typed on the New game row make its number; Backspace takes the last one away."""
        if self.items[self.selected].key != "new":
            return
        if text.isdigit() and len(str(self.seed)) < 9:
            self.seed = self.seed * 10 + int(text)
        elif key == pygame.K_BACKSPACE:
            self.seed //= 10

    def choose(self, index: int | None = None) -> str:
        """Enter on a row: steps a setting forward, or names the row's action ('new', 'rules', 'back', 'lobby')."""
        if index is not None:
            self.selected = index
        if self.items[self.selected].key == "new":
            return "new"  # Enter starts the game numbered on the row, without stepping the number
        return super().choose()


def row_rect(index: int) -> pygame.Rect:
    return menu_row_rect(TableMenuScene.menu_rect, index)


def read_rules() -> str:
    return RULES_RESOURCE.read_text(encoding="utf-8")


class FastTrackRulesScene(RulesScene):
    name = "fasttrack:rules"

    def __init__(self, context: Context) -> None:
        super().__init__(context, read_rules())


class TableMenuScene(OverlayMenuScene[MenuController]):
    name = "fasttrack:menu"
    title = "Fast Track"
    notes = ("Type a game's number on New game, or step it with left and right.",
             "A new board or partnership starts a new game.")
    menu_rect = centred_rect(560, 86 + len(ITEMS) * 52 + 70)

    def __init__(self, context: Context, table: Scene | None = None) -> None:
        game = getattr(getattr(table, "controller", None), "game", None)
        seed = int(game.seed) + 1 if game is not None else context.seed
        super().__init__(context, table, MenuController(context.settings, seed))

    def carry_out(self, action: str) -> list[Intent]:
        if action == "rules":
            return [Push(FastTrackRulesScene(self.context))]
        if action == "new":  # asked first in the middle of a game; the menu closes either way
            table, seed = self.table, self.controller.seed
            if isinstance(table, TableScene) and hasattr(table, "new_game"):
                return [Pop(), *table.ask_before_new_game(lambda: table.new_game(seed))]
            return [Pop()]
        return super().carry_out(action)
