"""The Piddle table's menu (an overlay) and its rules page.

The menu sets the number of players (a change starts a new table when the menu closes), the advisor on or off,
the objective (lexicographic or dollar) and a push's worth in dollars, and saves them; it opens the rules page
(`RULES_HELP`), the photo reader, or goes back to the lobby. The overlay's look and the rules page's scrolling
are Fast Track's (`tablegames.ui.fasttrack.menu`), shared rather than copied.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from tablegames.piddle.table import RULES_HELP
from tablegames.ui.fasttrack.menu import RulesScene, cycle, draw_dim
from tablegames.ui.scene import Context, Intent, Pop, Push, Scene
from tablegames.ui.theme import ACCENT, LOGICAL_SIZE, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, draw_text, shade

MENU_RECT = pygame.Rect(0, 0, 600, 600)
MENU_RECT.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
ROW_HEIGHT = 52
PUSH_VALUES = tuple(round(0.1 * step, 1) for step in range(11))
OBJECTIVE_NAMES = {"lexicographic": "wins, then pushes", "dollar": "dollars"}


@dataclass(frozen=True)
class MenuItem:
    key: str
    label: str


ITEMS = (
    MenuItem("players", "Players"),
    MenuItem("advisor", "Advisor"),
    MenuItem("objective", "Objective"),
    MenuItem("push_value", "A push is worth"),
    MenuItem("photo", "Analyse a photo"),
    MenuItem("rules", "Rules"),
    MenuItem("back", "Back to the table"),
    MenuItem("lobby", "Back to the lobby"),
)


def rules_markdown() -> str:
    lines = ["# Piddle", ""]
    lines += [f"- {line}" for line in RULES_HELP]
    lines += ["", "## Keys", "",
              "- Space rolls (the dice not held); Enter stops; 1-6 or a click holds a die.",
              "- H holds what the advisor keeps; A shows or hides the advisor; Esc opens the menu.",
              "- Drop a photo of six dice onto the window to have them read and advised on."]
    return "\n".join(lines)


class MenuController:
    """The menu without graphics: the chosen row, and what a key or a click on a row does to the settings."""

    def __init__(self, settings) -> None:
        self.settings = settings
        self.selected = 0

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

    def choose(self, index: int | None = None) -> str:
        """Enter on a row: steps a setting forward, or names the row's action ('photo', 'rules', 'back', ...)."""
        if index is not None:
            self.selected = index
        key = ITEMS[self.selected].key
        if self.change(key, 1):
            return "changed"
        return key

    def move(self, step: int) -> None:
        self.selected = (self.selected + step) % len(ITEMS)


def row_rect(index: int) -> pygame.Rect:
    return pygame.Rect(MENU_RECT.x + 30, MENU_RECT.y + 86 + index * ROW_HEIGHT, MENU_RECT.width - 60, ROW_HEIGHT - 8)


class PiddleRulesScene(RulesScene):
    name = "piddle:rules"

    def __init__(self, context: Context) -> None:
        Scene.__init__(self, context)
        self.page = self.render_page(rules_markdown())
        self.scroll = 0


class PiddleMenuScene(Scene):
    name = "piddle:menu"
    opaque = False

    def __init__(self, context: Context, table: Scene | None = None) -> None:
        super().__init__(context)
        self.table = table
        self.controller = MenuController(context.settings)

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        menu = self.controller
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.carry_out("back")
            if event.key in (pygame.K_UP, pygame.K_w):
                menu.move(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                menu.move(1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a, pygame.K_d):
                step = -1 if event.key in (pygame.K_LEFT, pygame.K_a) else 1
                if menu.change(ITEMS[menu.selected].key, step):
                    self.context.save_settings()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.carry_out(menu.choose())
        elif event.type == pygame.MOUSEMOTION:
            index = self.row_at(event.pos)
            if index is not None:
                menu.selected = index
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                return self.carry_out(menu.choose(index))
        return []

    @staticmethod
    def row_at(pos: tuple[float, float]) -> int | None:
        for index in range(len(ITEMS)):
            if row_rect(index).collidepoint(pos):
                return index
        return None

    def carry_out(self, action: str) -> list[Intent]:
        if action == "changed":
            self.context.save_settings()
            return []
        if action == "rules":
            return [Push(PiddleRulesScene(self.context))]
        if action == "photo":
            from tablegames.ui.piddle.scene import PhotoScene  # the scene module imports this one

            return [Pop(), Push(PhotoScene(self.context))]
        if action == "lobby":
            return [Pop(), Pop()]
        if action == "back":
            return [Pop()]
        return []

    def on_exit(self) -> None:
        apply = getattr(self.table, "apply_settings", None)
        if apply is not None:
            apply()

    def draw(self, surface: pygame.Surface) -> None:
        draw_dim(surface)
        pygame.draw.rect(surface, PANEL, MENU_RECT, border_radius=20)
        pygame.draw.rect(surface, ACCENT, MENU_RECT, 3, border_radius=20)
        draw_text(surface, "Piddle", (MENU_RECT.centerx, MENU_RECT.y + 40), 48, ACCENT, "center", bold=True)
        for index, item in enumerate(ITEMS):
            rect = row_rect(index)
            chosen = index == self.controller.selected
            if chosen:
                pygame.draw.rect(surface, shade(PANEL_EDGE, 0.8), rect, border_radius=10)
            draw_text(surface, item.label, (rect.x + 18, rect.centery), 34, TEXT if chosen else TEXT_DIM, "midleft")
            value = self.controller.value(item.key)
            if value:
                draw_text(surface, f"<  {value}  >", (rect.right - 18, rect.centery), 30, ACCENT, "midright")
        notes = ("Left and right change a row; changes are saved.",
                 "A new number of players starts a new table.")
        for number, note in enumerate(notes):
            draw_text(surface, note, (MENU_RECT.centerx, MENU_RECT.bottom - 58 + number * 24), 22, TEXT_DIM,
                      "center")
