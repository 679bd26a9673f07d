"""The checkers menu: an overlay over the table with the table's options, each saved in the settings at once.

The shared overlay menu (ui/overlay.py) with the checkers rows: `MenuModel` is graphics-free (tests drive it),
options that Left/Right (or a click; a right click steps back) change, and actions that Enter runs. Changing the
mode or your side starts a new game when the menu closes; New game asks first in the middle of one. Sound,
animations, motion and text size are the suite's settings: the "Sound and display..." row opens them. The Rules
row opens the rules page (`checkers/rules.md`, shipped in the package) on the shared `RulesScene`.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any

from tablegames.ui.checkers.computer import LEVEL_NAMES
from tablegames.ui.checkers.recipes import PIECE_SETS
from tablegames.ui.overlay import (
    SOUND_AND_DISPLAY,
    MenuItem,
    Option,
    OptionsMenu,
    OverlayMenuScene,
    RulesScene,
    centred_rect,
    on_off,
)
from tablegames.ui.scene import Context, Intent, Pop, Push
from tablegames.ui.settings import Settings

if TYPE_CHECKING:
    from tablegames.ui.checkers.table import CheckersTable  # the table module imports this one

MODE_LABELS = {"play": "Play the computer", "watch": "Watch (computer vs computer)",
               "two_players": "Two players"}

# Each row names its value type, so that its `describe` is checked against its values. Sound, animations and
# motion are the suite's (the Sound and display row opens them).
OPTIONS: tuple[Option[Any], ...] = (
    Option[int]("checkers_piece_set", "Piece set", tuple(range(len(PIECE_SETS))),
                lambda v: f"{PIECE_SETS[v].name} ({PIECE_SETS[v].side_names[0]} vs {PIECE_SETS[v].side_names[1]})"),
    Option[int]("checkers_level", "Level", tuple(range(1, 11)), lambda v: f"{v}  {LEVEL_NAMES[v - 1]}"),
    Option[str]("checkers_colour", "You play", ("red", "white"),
                lambda v: "Red (moves first)" if v == "red" else "White", new_game=True),  # see MenuModel.value
    Option[str]("checkers_mode", "Mode", ("play", "watch", "two_players"), lambda v: MODE_LABELS[v],
                new_game=True),
    Option[bool]("checkers_flip", "Flip the board", (False, True), on_off),
    Option[bool]("checkers_square_numbers", "Square numbers (as in the move list)", (False, True), on_off),
    Option[bool]("checkers_fun_mode", "Fun mode", (False, True), on_off),
    Option[str]("checkers_fun_levels", "Fun mode acts at", ("easy", "all"),
                lambda v: "levels 1-3" if v == "easy" else "all levels"),
)
ACTIONS = (("resume", "Resume"), ("new", "New game"), ("rules", "Rules of checkers"),
           (SOUND_AND_DISPLAY.key, SOUND_AND_DISPLAY.label), ("export", "Export the game as PDN"),
           ("lobby", "Back to the lobby"))
RULES_RESOURCE = resources.files("tablegames.checkers").joinpath("rules.md")  # shipped in the package


def read_rules() -> str:
    return RULES_RESOURCE.read_text(encoding="utf-8")


class CheckersRulesScene(RulesScene):
    """The rules of checkers over the table (from the menu's Rules row)."""

    name = "checkers:rules"

    def __init__(self, context: Context) -> None:
        super().__init__(context, read_rules())


ITEMS = tuple(MenuItem(option.field, option.label) for option in OPTIONS) + tuple(
    MenuItem(key, label) for key, label in ACTIONS)
OPTION_OF = {option.field: option for option in OPTIONS}


class MenuModel(OptionsMenu):
    """The checkers rows on the shared options menu: an option steps through its values (wrapping) and is saved
    at once; an action is named. Changing the mode or your colour asks for a new game when the menu closes."""

    items = ITEMS
    options = OPTIONS

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)  # opens on Resume
        self.new_game_needed = False

    def value(self, key: str) -> str:
        """A row's value; your side is named by the chosen set ("the Mugs (blue), moves first")."""
        if key == "checkers_colour":
            side = 0 if self.settings.checkers_colour == "red" else 1
            label = PIECE_SETS[self.settings.checkers_piece_set].side_label(side)
            return f"the {label}, moves first" if side == 0 else f"the {label}"
        return super().value(key)

    def change(self, key: str, step: int) -> bool:
        """Step the option `key` through its values (wrapping); True when a setting changed."""
        changed = super().change(key, step)
        option = OPTION_OF.get(key)
        self.new_game_needed |= changed and option is not None and option.new_game
        return changed


class CheckersMenu(OverlayMenuScene[MenuModel]):
    """The table's menu, on the overlay every table uses; the table follows each change at once."""

    name = "checkers:menu"
    title = "Checkers menu"
    menu_rect = centred_rect(780, 86 + len(ITEMS) * 40 + 84)  # the rows, then room for the note
    row_height = 40
    label_size = 30
    value_size = 28

    def __init__(self, context: Context, table: CheckersTable | None = None) -> None:
        super().__init__(context, table, MenuModel(context.settings))
        self.checkers_table = table

    @property
    def notes(self) -> tuple[str, ...]:  # type: ignore[override]  # (a class attribute on the base)
        if self.controller.new_game_needed:
            return ("Mode or side changed: a new game starts when you close the menu",)
        return ("Up/Down choose   Left/Right or click change   Enter select   Esc close",)

    def settings_changed(self) -> None:
        super().settings_changed()
        if self.checkers_table is not None:
            self.checkers_table.apply_settings()

    def carry_out(self, action: str) -> list[Intent]:
        table = self.checkers_table
        if action in ("changed", "lobby", SOUND_AND_DISPLAY.key):
            return super().carry_out(action)
        if action == "rules":
            return [Push(CheckersRulesScene(self.context))]
        if table is not None:
            if action == "new":  # asked first in the middle of a game; the menu closes either way
                return [Pop(), *table.ask_before_new_game(table.restart_from_settings)]
            if self.controller.new_game_needed and action in ("resume", "back"):
                table.restart_from_settings()
            elif action == "export":
                table.export()
                return []
        return [Pop()]

    def on_exit(self) -> None:
        """The table reads the settings again in its on_enter, when the menu is gone."""
