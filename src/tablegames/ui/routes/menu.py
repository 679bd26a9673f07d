"""The planner's menu (the tables' overlay menu): resume, save, load the last saved board, open a board or map
file by typing its path (or dropping it), the help page, back to the lobby. `MenuController` is graphics-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tablegames.ui import draw
from tablegames.ui.overlay import (
    SOUND_AND_DISPLAY,
    MenuItem,
    MenuModel,
    OverlayMenuScene,
    centred_rect,
    menu_row_rect,
)
from tablegames.ui.scene import Context, Intent, Pop, Push
from tablegames.ui.theme import ACCENT, TEXT, TEXT_DIM, draw_text

if TYPE_CHECKING:
    from tablegames.ui.routes.scene import RoutePlannerScene  # the scene module imports this one

ITEMS = (MenuItem("resume", "Back to the planner"), MenuItem("save", "Save the board"),
         MenuItem("load", "Load the last saved board"), MenuItem("open", "Open a board or map file..."),
         MenuItem("help", "Help: runs, trains, keys (F1)"), SOUND_AND_DISPLAY, MenuItem("lobby", "Back to the lobby"))


class MenuController(MenuModel):
    """The chosen row and the path being typed (when `typing`)."""

    items = ITEMS

    def __init__(self) -> None:
        super().__init__()  # its rows are actions: it changes no setting
        self.typing = False
        self.path = ""

    def type_text(self, text: str) -> None:
        if self.typing:
            self.path += text

    def erase(self) -> None:
        self.path = self.path[:-1]


class PlannerMenuScene(OverlayMenuScene[MenuController]):
    name = "routes:menu"
    title = "Route planner"
    notes = ("Maps: the shipped Harrowmere, or 1830/1889-style JSON files.",
             "Drop a board or map file on the window to open it.")
    menu_rect = centred_rect(600, 86 + len(ITEMS) * 52 + 154)

    def __init__(self, context: Context, planner: RoutePlannerScene) -> None:
        super().__init__(context, planner, MenuController())
        self.planner = planner

    @property
    def menu(self) -> MenuController:
        return self.controller

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        menu = self.controller
        if event.type == pygame.TEXTINPUT:
            menu.type_text(event.text)
            return []
        if event.type == pygame.DROPFILE:
            self.planner.open(event.file)
            return [Pop()]
        if event.type == pygame.KEYDOWN and menu.typing:
            if event.key == pygame.K_ESCAPE:
                menu.typing = False
            elif event.key == pygame.K_BACKSPACE:
                menu.erase()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.open_typed()
            return []
        return super().handle(event)

    def carry_out(self, action: str) -> list[Intent]:
        planner = self.planner
        if action == "resume":
            return [Pop()]
        if action == "save":
            planner.controller.save()
            return [Pop()]
        if action == "load":
            planner.load_last()
            return [Pop()]
        if action == "help":
            return [Push(self.planner.help_page())]
        if action == "open":
            self.controller.typing = True
            pygame.key.start_text_input()
            return []
        return super().carry_out(action)

    def open_typed(self) -> list[Intent]:
        path = self.controller.path.strip()
        if path and self.planner.open(path):
            self.controller.typing = False
            return [Pop()]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.controller.typing:
            return
        rect = self.menu_rect
        field = pygame.Rect(rect.x + 30, self.row_rect(len(ITEMS)).y + 4, rect.width - 60, 32)
        draw.rect(surface, (16, 18, 26), field, border_radius=6)
        draw.rect(surface, ACCENT, field, 2, border_radius=6)
        draw_text(surface, self.controller.path[-52:] + "|", (field.x + 8, field.centery), 22, TEXT, "midleft")
        message = self.planner.controller.message
        draw_text(surface, message[:70] if message else "type a path; Enter opens it",
                  (rect.centerx, field.bottom + 14), 20, TEXT_DIM, "center")


def row_rect(index: int) -> pygame.Rect:
    return menu_row_rect(PlannerMenuScene.menu_rect, index)
