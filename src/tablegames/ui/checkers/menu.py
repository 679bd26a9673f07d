"""The checkers menu: an overlay over the table with every option, each saved in the settings at once.

`MenuModel` is graphics-free (tests drive it): rows of options that Left/Right (or a click) change, and actions
that Enter runs. Changing the mode or your colour starts a new game when the menu closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from tablegames.music.styles import find_style
from tablegames.ui.checkers.computer import LEVEL_NAMES
from tablegames.ui.checkers.recipes import PIECE_SETS
from tablegames.ui.scene import Context, Intent, Pop, Scene
from tablegames.ui.settings import MUSIC_STYLES, Settings
from tablegames.ui.theme import ACCENT, LOGICAL_SIZE, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, draw_text

if TYPE_CHECKING:
    from tablegames.ui.checkers.table import CheckersTable  # the table module imports this one

MODE_LABELS = {"play": "Play the computer", "watch": "Watch (computer vs computer)",
               "two_players": "Two players"}
VOLUME_STEPS = tuple(round(step / 10, 1) for step in range(11))

T = TypeVar("T")


@dataclass(frozen=True)
class Option(Generic[T]):
    """One row: the settings field it edits, its label, its values and how each value reads."""

    field: str
    label: str
    values: tuple[T, ...]
    describe: Callable[[T], str]
    new_game: bool = False


def on_off(value: object) -> str:
    return "on" if value else "off"


# Each row names its value type, so that its `describe` is checked against its values.
OPTIONS: tuple[Option[Any], ...] = (
    Option[int]("checkers_piece_set", "Piece set", tuple(range(len(PIECE_SETS))),
                lambda v: f"{PIECE_SETS[v].name} ({PIECE_SETS[v].side_names[0]} vs {PIECE_SETS[v].side_names[1]})"),
    Option[int]("checkers_level", "Level", tuple(range(1, 11)), lambda v: f"{v}  {LEVEL_NAMES[v - 1]}"),
    Option[str]("checkers_colour", "Your colour", ("red", "white"),
                lambda v: "Red (moves first)" if v == "red" else "White", new_game=True),
    Option[str]("checkers_mode", "Mode", ("play", "watch", "two_players"), lambda v: MODE_LABELS[v],
                new_game=True),
    Option[bool]("checkers_flip", "Flip the board", (False, True), on_off),
    Option[bool]("checkers_fun_mode", "Fun mode", (False, True), on_off),
    Option[str]("checkers_fun_levels", "Fun mode acts at", ("easy", "all"),
                lambda v: "levels 1-3" if v == "easy" else "all levels"),
    Option[bool]("animations", "Animations", (True, False), on_off),
    Option[bool]("reduced_motion", "Reduced motion", (False, True), on_off),
    Option[bool]("screen_shake", "Screen shake", (True, False), on_off),
    Option[bool]("sound", "Sound", (True, False), on_off),
    Option[float]("volume", "Volume", VOLUME_STEPS, lambda v: f"{round(v * 100)}%"),
    Option[str]("music_style", "Music style", MUSIC_STYLES, lambda v: find_style(v).name),
    Option[bool]("deep_bass", "Deep bass", (False, True), on_off),
)
ACTIONS = (("resume", "Resume"), ("new", "New game"), ("export", "Export the game as PDN"),
           ("lobby", "Back to the lobby"))


class MenuModel:
    """The chosen row and the settings it edits; `change` and `activate` return what the scene should do."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.row = len(OPTIONS)  # opens on Resume: a stray Enter goes back to the game and changes nothing
        self.new_game_needed = False

    @property
    def row_count(self) -> int:
        return len(OPTIONS) + len(ACTIONS)

    def move(self, step: int) -> None:
        self.row = (self.row + step) % self.row_count

    def value(self, option: Option[Any]) -> object:
        return getattr(self.settings, option.field)

    def change(self, step: int) -> bool:
        """Step the chosen option through its values (wrapping); True when a setting changed."""
        if self.row >= len(OPTIONS):
            return False
        option = OPTIONS[self.row]
        current = self.value(option)
        index = min(range(len(option.values)), key=lambda i: abs(option.values[i] - current)) \
            if isinstance(current, float) else option.values.index(current)
        setattr(self.settings, option.field, option.values[(index + step) % len(option.values)])
        self.new_game_needed |= option.new_game
        return True

    def activate(self) -> str | None:
        """Enter on a row: an option steps forward (None); an action returns its name."""
        if self.row < len(OPTIONS):
            self.change(1)
            return None
        return ACTIONS[self.row - len(OPTIONS)][0]

    def key(self, key: int) -> str | None:
        """'changed', 'close' or an action name for a key, or None."""
        if key in (pygame.K_UP, pygame.K_w):
            self.move(-1)
        elif key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
            self.move(1)
        elif key in (pygame.K_LEFT, pygame.K_a):
            return "changed" if self.change(-1) else None
        elif key in (pygame.K_RIGHT, pygame.K_d):
            return "changed" if self.change(1) else None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.activate() or "changed"
        elif key in (pygame.K_ESCAPE, pygame.K_m):
            return "close"
        return None


PANEL_W, ROW_H = 760, 32
PANEL_TOP = 34


def row_rect(index: int) -> pygame.Rect:
    left = (LOGICAL_SIZE[0] - PANEL_W) // 2
    gap = 14 if index >= len(OPTIONS) else 0
    return pygame.Rect(left + 30, PANEL_TOP + 80 + index * ROW_H + gap, PANEL_W - 60, ROW_H - 4)


class CheckersMenu(Scene):
    """The overlay. The table below reads the settings again when the menu closes (its on_enter)."""

    name = "checkers:menu"
    opaque = False

    def __init__(self, context: Context, table: CheckersTable | None = None) -> None:
        super().__init__(context)
        self.table = table
        self.model = MenuModel(context.settings)

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        result: str | None = None
        if event.type == pygame.KEYDOWN:
            result = self.model.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.point(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if self.point(event.pos):
                if self.model.row < len(OPTIONS):
                    result = "changed" if self.model.change(1 if event.button == 1 else -1) else None
                else:
                    result = self.model.activate()
        return self.carry_out(result)

    def point(self, pos: tuple[float, float]) -> bool:
        for index in range(self.model.row_count):
            if row_rect(index).collidepoint(pos):
                self.model.row = index
                return True
        return False

    def carry_out(self, result: str | None) -> list[Intent]:
        if result is None:
            return []
        if result == "changed":
            self.context.save_settings()
            if self.table is not None:
                self.table.apply_settings()
            return []
        if result == "lobby":
            return [Pop(), Pop()]
        if self.table is not None:
            if result == "new" or (self.model.new_game_needed and result in ("resume", "close")):
                self.table.restart_from_settings()
            elif result == "export":
                self.table.export()
                return []
        return [Pop()]

    def draw(self, surface: pygame.Surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((8, 10, 18, 170))
        surface.blit(veil, (0, 0))
        height = 80 + self.model.row_count * ROW_H + 70
        panel = pygame.Rect((LOGICAL_SIZE[0] - PANEL_W) // 2, PANEL_TOP, PANEL_W, height)
        pygame.draw.rect(surface, PANEL, panel, border_radius=20)
        pygame.draw.rect(surface, PANEL_EDGE, panel, 3, border_radius=20)
        draw_text(surface, "Checkers menu", (panel.centerx, panel.y + 40), 44, ACCENT, "center", bold=True)
        for index, option in enumerate(OPTIONS):
            self.draw_row(surface, index, option.label, option.describe(self.model.value(option)))
        for index, (_, label) in enumerate(ACTIONS):
            self.draw_row(surface, len(OPTIONS) + index, label, "")
        hint = "Up/Down choose   Left/Right or click change   Enter select   Esc close"
        if self.model.new_game_needed:
            hint = "Mode or colour changed: a new game starts when you close the menu"
        draw_text(surface, hint, (panel.centerx, panel.bottom - 28), 24, TEXT_DIM, "center")

    def draw_row(self, surface: pygame.Surface, index: int, label: str, value: str) -> None:
        rect = row_rect(index)
        chosen = index == self.model.row
        if chosen:
            pygame.draw.rect(surface, (60, 70, 104), rect, border_radius=8)
            pygame.draw.rect(surface, ACCENT, rect, 2, border_radius=8)
        draw_text(surface, label, (rect.x + 14, rect.centery), 27, ACCENT if chosen else TEXT, "midleft")
        if value:
            draw_text(surface, f"<  {value}  >" if chosen else value, (rect.right - 14, rect.centery), 27,
                      TEXT if chosen else TEXT_DIM, "midright")
