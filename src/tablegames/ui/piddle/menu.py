"""The Piddle table's menu (an overlay) and its rules page.

The menu sets the number of players (a change starts a new table when the menu closes), the advisor on or off,
the objective (lexicographic or dollar) and a push's worth in dollars, and saves them; it opens the rules page
(`RULES_HELP`), the photo reader, or goes back to the lobby. The overlay and the rules page are the tables'
shared ones (`tablegames.ui.overlay`).
"""

from __future__ import annotations

import pygame

from tablegames.piddle.table import RULES_HELP
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

PUSH_VALUES = tuple(round(0.1 * step, 1) for step in range(11))
OBJECTIVE_NAMES = {"lexicographic": "wins, then pushes", "dollar": "dollars"}

ITEMS = (
    MenuItem("players", "Players"),
    MenuItem("advisor", "Advisor"),
    MenuItem("objective", "Objective"),
    MenuItem("push_value", "A push is worth"),
    MenuItem("photo", "Analyse a photo"),
    MenuItem("rules", "Rules"),
    SOUND_AND_DISPLAY,
    MenuItem("back", "Back to the table"),
    MenuItem("lobby", "Back to the lobby"),
)


def rules_markdown() -> str:
    lines = ["# Piddle", ""]
    lines += [f"- {line}" for line in RULES_HELP]
    lines += ["", "## Keys", "",
              "- Space rolls (the dice not held); Enter stops; 1-6 or a click holds a die.",
              "- H holds what the advisor keeps; A shows or hides the advisor; Esc opens the menu.",
              "- M turns all sound on or off; Q goes back to the lobby (asking first in a round you rolled in).",
              "- Drop a photo of six dice onto the window to have them read and advised on."]
    return "\n".join(lines)


class MenuController(MenuModel):
    """The menu without graphics: the chosen row, and what a key or a click on a row does to the settings."""

    items = ITEMS

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        super().__init__()

    def value(self, key: str) -> str:
        settings = self.settings
        if key == "players":
            return f"you + {settings.piddle_players - 1} computer{'s' if settings.piddle_players > 2 else ''}"
        if key == "advisor":
            return "shown" if settings.piddle_advisor else "hidden"
        if key == "objective":
            return OBJECTIVE_NAMES[settings.piddle_objective]
        if key == "push_value":
            worth = f"{settings.piddle_push_value:.1f} of a win"
            return worth if settings.piddle_objective == "dollar" else f"({worth})"
        return ""

    def change(self, key: str, step: int) -> bool:
        """Step a setting; True when it changed."""
        settings = self.settings
        if key == "players":
            settings.piddle_players = min(max(settings.piddle_players + step, 2), 6)
        elif key == "advisor":
            settings.piddle_advisor = not settings.piddle_advisor
        elif key == "objective":
            settings.piddle_objective = cycle(tuple(OBJECTIVE_NAMES), settings.piddle_objective, step)
        elif key == "push_value":
            current = min(PUSH_VALUES, key=lambda v: abs(v - settings.piddle_push_value))
            settings.piddle_push_value = PUSH_VALUES[min(max(PUSH_VALUES.index(current) + step, 0),
                                                         len(PUSH_VALUES) - 1)]
        else:
            return False
        return True


class PiddleRulesScene(RulesScene):
    name = "piddle:rules"

    def __init__(self, context: Context) -> None:
        super().__init__(context, rules_markdown())


class PiddleMenuScene(OverlayMenuScene[MenuController]):
    name = "piddle:menu"
    title = "Piddle"
    notes = ("Left and right change a row; changes are saved.",
             "A new number of players starts a new table.")
    menu_rect = centred_rect(600, 86 + len(ITEMS) * 52 + 98)
    value_size = 30

    def __init__(self, context: Context, table: Scene | None = None) -> None:
        super().__init__(context, table, MenuController(context.settings))

    def carry_out(self, action: str) -> list[Intent]:
        if action == "rules":
            return [Push(PiddleRulesScene(self.context))]
        if action == "photo":
            from tablegames.ui.piddle.scene import PhotoScene  # the scene module imports this one

            return [Pop(), Push(PhotoScene(self.context))]
        return super().carry_out(action)


def row_rect(index: int) -> pygame.Rect:
    return menu_row_rect(PiddleMenuScene.menu_rect, index)
