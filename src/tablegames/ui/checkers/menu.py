"""The checkers menu: an overlay over the table with every option, each saved in the settings at once.

The shared overlay menu (ui/overlay.py) with the checkers rows: `MenuModel` is graphics-free (tests drive it),
options that Left/Right (or a click; a right click steps back) change, and actions that Enter runs. Changing the
mode or your colour starts a new game when the menu closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tablegames.music.styles import find_style
from tablegames.ui.checkers.computer import LEVEL_NAMES
from tablegames.ui.checkers.recipes import PIECE_SETS
from tablegames.ui.overlay import MenuItem, OverlayMenuScene, centred_rect
from tablegames.ui.overlay import MenuModel as OverlayMenuModel
from tablegames.ui.scene import Context, Intent, Pop
from tablegames.ui.settings import MUSIC_STYLES, Settings

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


ITEMS = tuple(MenuItem(option.field, option.label) for option in OPTIONS) + tuple(
    MenuItem(key, label) for key, label in ACTIONS)
OPTION_OF = {option.field: option for option in OPTIONS}


class MenuModel(OverlayMenuModel):
    """The checkers rows on the shared menu model: an option steps through its values (wrapping) and is saved at
    once; an action is named. Changing the mode or your colour asks for a new game when the menu closes."""

    items = ITEMS

    def __init__(self, settings: Settings) -> None:
        super().__init__()  # opens on Resume
        self.settings = settings
        self.new_game_needed = False

    def value(self, key: str) -> str:
        option = OPTION_OF.get(key)
        return "" if option is None else option.describe(getattr(self.settings, option.field))

    def change(self, key: str, step: int) -> bool:
        """Step the option `key` through its values (wrapping); True when a setting changed."""
        option = OPTION_OF.get(key)
        if option is None:
            return False
        current = getattr(self.settings, option.field)
        index = min(range(len(option.values)), key=lambda i: abs(option.values[i] - current)) \
            if isinstance(current, float) else option.values.index(current)
        setattr(self.settings, option.field, option.values[(index + step) % len(option.values)])
        self.new_game_needed |= option.new_game
        return True


class CheckersMenu(OverlayMenuScene[MenuModel]):
    """The table's menu, on the overlay every table uses; the table follows each change at once."""

    name = "checkers:menu"
    title = "Checkers menu"
    menu_rect = centred_rect(780, 86 + len(ITEMS) * 29 + 84)  # the rows, then room for the note
    row_height = 29
    label_size = 26
    value_size = 26

    def __init__(self, context: Context, table: CheckersTable | None = None) -> None:
        super().__init__(context, table, MenuModel(context.settings))
        self.checkers_table = table

    @property
    def notes(self) -> tuple[str, ...]:  # type: ignore[override]  # (a class attribute on the base)
        if self.controller.new_game_needed:
            return ("Mode or colour changed: a new game starts when you close the menu",)
        return ("Up/Down choose   Left/Right or click change   Enter select   Esc close",)

    def settings_changed(self) -> None:
        super().settings_changed()
        if self.checkers_table is not None:
            self.checkers_table.apply_settings()

    def carry_out(self, action: str) -> list[Intent]:
        table = self.checkers_table
        if action in ("changed", "lobby"):
            return super().carry_out(action)
        if table is not None:
            if action == "new" or (self.controller.new_game_needed and action in ("resume", "back")):
                table.restart_from_settings()
            elif action == "export":
                table.export()
                return []
        return [Pop()]

    def on_exit(self) -> None:
        """The table reads the settings again in its on_enter, when the menu is gone."""
