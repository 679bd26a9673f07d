"""The table's menu (an overlay over the table) and its rules page.

The menu starts a new game with a chosen number (seed), and changes the table's settings and saves them: the
computers' level and speed, who plays which seat (the Seats page: each seat a person or a computer), partnerships
(none, any time, once home), the four- or six-player board. Seats change in the game in progress when the menu
closes, the level from the computers' next plan; a changed board or partnership starts a new game.
"""

from __future__ import annotations

from importlib import resources

import pygame

from tablegames.fasttrack.board import COLOURS
from tablegames.fasttrack.strategy import LEVELS
from tablegames.ui.fasttrack.seating import LEVEL_NAMES, Seating, seats_words
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
    MenuItem("level", "Computers"),
    MenuItem("seats", "People at..."),
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

    def __init__(self, settings: Settings, seed: int = 0, watching_only: bool = False) -> None:
        self.settings = settings
        super().__init__()
        self.seed = seed  # the new game's number, chosen with left and right or typed
        self.watching_only = watching_only  # a table opened to watch: every seat stays a computer

    def value(self, key: str) -> str:
        settings = self.settings
        if key == "level":
            return LEVEL_NAMES[settings.fasttrack_level]
        if key == "seats":
            if self.watching_only:
                return "none (watch)"
            seating = Seating.from_mask(settings.fasttrack_persons, settings.fasttrack_level)
            return seats_words(seating, settings.fasttrack_zones)
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
        if key == "level":
            settings.fasttrack_level = cycle(LEVELS, settings.fasttrack_level, step)
        elif key == "speed":
            settings.fasttrack_speed = min(max(settings.fasttrack_speed + step, 1), 4)
        elif key == "partners":
            settings.fasttrack_partners = cycle(tuple(PARTNER_NAMES), settings.fasttrack_partners, step)
        elif key == "zones":
            settings.fasttrack_zones = cycle((4, 6), settings.fasttrack_zones, step)
        else:
            return False
        return True

    def steps(self, key: str) -> bool:
        return key != "seats"  # the Seats page sets each seat

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
        key = self.items[self.selected].key
        if key == "new":
            return "new"  # Enter starts the game numbered on the row, without stepping the number
        if key == "seats":
            return "seats"  # the Seats page (left and right do nothing here: a seat at a time is chosen there)
        return super().choose()


def row_rect(index: int) -> pygame.Rect:
    return menu_row_rect(TableMenuScene.menu_rect, index)


def read_rules() -> str:
    return RULES_RESOURCE.read_text(encoding="utf-8")


class SeatsMenu(MenuModel):
    """The Seats page without graphics: a row a seat of the board (person or computer), then Back."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.items = (*(MenuItem(f"seat{seat}", COLOURS[seat].capitalize()) for seat in range(settings.fasttrack_zones)),
                      MenuItem("back", "Back"))
        super().__init__()
        self.selected = 0

    @staticmethod
    def seat_of(key: str) -> int | None:
        return int(key.removeprefix("seat")) if key.startswith("seat") else None

    def value(self, key: str) -> str:
        seat = self.seat_of(key)
        if seat is None:
            return ""
        return "person" if self.settings.fasttrack_persons >> seat & 1 else "computer"

    def change(self, key: str, step: int) -> bool:
        """Left, right or Enter on a seat: person <-> computer."""
        seat = self.seat_of(key)
        if seat is None:
            return False
        self.settings.fasttrack_persons ^= 1 << seat
        return True


class SeatsMenuScene(OverlayMenuScene[SeatsMenu]):
    """The Seats page over the menu (the four-seat board's; `seats_page` picks the board's)."""

    name = "fasttrack:seats"
    title = "People at"
    notes = ("Each seat: a person or a computer. With two or more people",
             "the table says whose turn it is; with none, you watch.")
    menu_rect = centred_rect(560, 86 + 5 * 52 + 70)

    def __init__(self, context: Context, table: Scene | None = None) -> None:
        super().__init__(context, table, SeatsMenu(context.settings))


class SixSeatsMenuScene(SeatsMenuScene):
    menu_rect = centred_rect(560, 86 + 7 * 52 + 70)


def seats_page(context: Context) -> SeatsMenuScene:
    """The Seats page for the board the settings choose (its rows: the board's seats and Back)."""
    return SixSeatsMenuScene(context) if context.settings.fasttrack_zones > 4 else SeatsMenuScene(context)


class FastTrackRulesScene(RulesScene):
    name = "fasttrack:rules"

    def __init__(self, context: Context) -> None:
        super().__init__(context, read_rules())


class TableMenuScene(OverlayMenuScene[MenuController]):
    name = "fasttrack:menu"
    title = "Fast Track"
    notes = ("Type a game's number on New game, or step it with left and right.",
             "A new board or partnership starts a new game; seats change at once.")
    menu_rect = centred_rect(560, 86 + len(ITEMS) * 52 + 70)

    def __init__(self, context: Context, table: Scene | None = None) -> None:
        game = getattr(getattr(table, "controller", None), "game", None)
        seed = int(game.seed) + 1 if game is not None else context.seed
        watching_only = bool(getattr(table, "watching_only", False))
        super().__init__(context, table, MenuController(context.settings, seed, watching_only))

    def carry_out(self, action: str) -> list[Intent]:
        if action == "rules":
            return [Push(FastTrackRulesScene(self.context))]
        if action == "seats":
            return [] if self.controller.watching_only else [Push(seats_page(self.context))]
        if action == "new":  # asked first in the middle of a game; the menu closes either way
            table, seed = self.table, self.controller.seed
            if isinstance(table, TableScene) and hasattr(table, "new_game"):
                return [Pop(), *table.ask_before_new_game(lambda: table.new_game(seed))]
            return [Pop()]
        return super().carry_out(action)
