"""The planner's menu (an overlay): resume, save, load the last saved board, open a board or map file by typing its
path, back to the lobby. `MenuController` is graphics-free."""

from __future__ import annotations

import pygame

from tablegames.ui.scene import Context, Intent, Pop, Scene
from tablegames.ui.theme import ACCENT, LOGICAL_SIZE, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, draw_text, shade

ITEMS = (("resume", "Back to the planner"), ("save", "Save the board"), ("load", "Load the last saved board"),
         ("open", "Open a board or map file…"), ("lobby", "Back to the lobby"))
MENU_RECT = pygame.Rect(0, 0, 600, 420)
MENU_RECT.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
ROW_HEIGHT = 50


def row_rect(index: int) -> pygame.Rect:
    return pygame.Rect(MENU_RECT.x + 30, MENU_RECT.y + 80 + index * ROW_HEIGHT, MENU_RECT.width - 60, ROW_HEIGHT - 8)


class MenuController:
    """The chosen row and the path being typed (when `typing`)."""

    def __init__(self) -> None:
        self.selected = 0
        self.typing = False
        self.path = ""

    def move(self, step: int) -> None:
        self.selected = (self.selected + step) % len(ITEMS)

    def type_text(self, text: str) -> None:
        if self.typing:
            self.path += text

    def erase(self) -> None:
        self.path = self.path[:-1]


class PlannerMenuScene(Scene):
    name = "routes:menu"
    opaque = False

    def __init__(self, context: Context, planner) -> None:
        super().__init__(context)
        self.planner = planner
        self.menu = MenuController()

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        menu = self.menu
        if event.type == pygame.TEXTINPUT:
            menu.type_text(event.text)
        elif event.type == pygame.DROPFILE:
            self.planner.open(event.file)
            return [Pop()]
        elif event.type == pygame.KEYDOWN:
            if menu.typing:
                if event.key == pygame.K_ESCAPE:
                    menu.typing = False
                elif event.key == pygame.K_BACKSPACE:
                    menu.erase()
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    return self.open_typed()
                return []
            if event.key == pygame.K_ESCAPE:
                return [Pop()]
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                menu.move(-1 if event.key == pygame.K_UP else 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.choose(ITEMS[menu.selected][0])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, (key, _label) in enumerate(ITEMS):
                if row_rect(index).collidepoint(event.pos):
                    menu.selected = index
                    return self.choose(key)
        return []

    def choose(self, key: str) -> list[Intent]:
        planner = self.planner
        if key == "resume":
            return [Pop()]
        if key == "save":
            planner.controller.save()
            return [Pop()]
        if key == "load":
            planner.load_last()
            return [Pop()]
        if key == "open":
            self.menu.typing = True
            pygame.key.start_text_input()
            return []
        if key == "lobby":
            return [Pop(), Pop()]
        return []

    def open_typed(self) -> list[Intent]:
        path = self.menu.path.strip()
        if path and self.planner.open(path):
            self.menu.typing = False
            return [Pop()]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        shadow = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 150))
        surface.blit(shadow, (0, 0))
        pygame.draw.rect(surface, PANEL, MENU_RECT, border_radius=16)
        pygame.draw.rect(surface, PANEL_EDGE, MENU_RECT, 2, border_radius=16)
        draw_text(surface, "Route planner", (MENU_RECT.centerx, MENU_RECT.y + 40), 38, ACCENT, anchor="center",
                  bold=True)
        for index, (_key, label) in enumerate(ITEMS):
            rect = row_rect(index)
            chosen = index == self.menu.selected
            pygame.draw.rect(surface, shade(PANEL, 1.5 if chosen else 1.2), rect, border_radius=10)
            if chosen:
                pygame.draw.rect(surface, ACCENT, rect, 2, border_radius=10)
            draw_text(surface, label, rect.center, 26, TEXT, anchor="center")
        bottom = MENU_RECT.y + 80 + len(ITEMS) * ROW_HEIGHT + 6
        if self.menu.typing:
            field = pygame.Rect(MENU_RECT.x + 30, bottom, MENU_RECT.width - 60, 32)
            pygame.draw.rect(surface, (16, 18, 26), field, border_radius=6)
            pygame.draw.rect(surface, ACCENT, field, 2, border_radius=6)
            shown = self.menu.path[-52:] + "|"
            draw_text(surface, shown, (field.x + 8, field.centery), 22, TEXT, anchor="midleft")
            message = self.planner.controller.message
            draw_text(surface, message[:70] if message else "type a path, Enter opens; or drop a file",
                      (MENU_RECT.centerx, field.bottom + 14), 18, TEXT_DIM, anchor="center")
        else:
            draw_text(surface, "Maps: the shipped Harrowmere, or 1830/1889-style JSON files (drop one here)",
                      (MENU_RECT.centerx, bottom + 14), 18, TEXT_DIM, anchor="center")
