"""The route planner scene: the map on the left, the company, phase, trains, run and tile tray on the right.

Mouse: click a hex to see the tiles it takes (the tray), click a tile to lay it; right-click a city to place or
remove the company's token; click a train chip to remove it, a roster chip to add one. Keys: R rotates the tile
just laid, Enter runs, U undoes, C / P step the company / phase, S saves, L loads the last saved board, Esc menu.
Drop a board or map file on the window to open it. With an `autosave_path` the board is kept after every change
(the shared frame's save_marker / save) and restored when the planner opens; a file that could not be restored is
told in a toast.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from tablegames.routes.hexmap import BoardState
from tablegames.ui.routes.controller import PlannerController
from tablegames.ui.routes.drawing import (
    TRAIN_COLOURS,
    MapLayout,
    city_at,
    draw_routes,
    draw_tile,
    paint_board,
    parse_colour,
    text_colour_on,
    unit_corners,
)
from tablegames.ui.scene import Context, Intent, Scene
from tablegames.ui.table import KeyBinding, TableScene
from tablegames.ui.theme import (
    ACCENT,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    draw_background,
    draw_text,
    shade,
)
from tablegames.ui.widgets import Button, draw_button, draw_footer, draw_toast

MAP_RECT = pygame.Rect(12, 12, 900, 752)
PANEL_RECT = pygame.Rect(924, 12, 344, 776)
TRAY_TOP = 470
TRAY_CELL = (36, 44)
OFFER_CELL = (66, 80)  # the chosen hex's legal tiles, drawn larger


def panel_buttons() -> list[Button]:
    x, y = PANEL_RECT.x + 12, 186
    labels = (("run", "Run"), ("undo", "Undo"), ("save", "Save"), ("load", "Load"))
    width = (PANEL_RECT.width - 24 - 3 * 8) // 4
    return [Button(action, label, pygame.Rect(x + i * (width + 8), y, width, 34), main=action == "run")
            for i, (action, label) in enumerate(labels)]


def arrow_rects(y: int) -> tuple[pygame.Rect, pygame.Rect]:
    return (pygame.Rect(PANEL_RECT.right - 76, y, 28, 26), pygame.Rect(PANEL_RECT.right - 40, y, 28, 26))


COMPANY_Y, PHASE_Y, TRAINS_Y, ROSTER_Y = 52, 84, 118, 150


def chip_rects(count: int, y: int, width: int = 40) -> list[pygame.Rect]:
    return [pygame.Rect(PANEL_RECT.x + 70 + i * (width + 6), y, width, 26) for i in range(count)]


def tray_rects(count: int, cell: tuple[int, int] = TRAY_CELL) -> list[pygame.Rect]:
    per_row = (PANEL_RECT.width - 16) // cell[0]
    rects = []
    for index in range(count):
        row, col = divmod(index, per_row)
        rects.append(pygame.Rect(PANEL_RECT.x + 10 + col * cell[0], TRAY_TOP + 26 + row * cell[1],
                                 cell[0] - 2, cell[1] - 2))
    return rects


class RoutePlannerScene(TableScene):
    name = "routes"
    bindings = (
        KeyBinding((), "", "Click hex: tiles"),
        KeyBinding((), "", "right-click city: token"),
        KeyBinding((pygame.K_r,), "rotate", "R rotate"),
        KeyBinding((pygame.K_RETURN, pygame.K_KP_ENTER), "run", "Enter run"),
        KeyBinding((pygame.K_u, pygame.K_BACKSPACE), "undo", "U undo"),
        KeyBinding((pygame.K_c,), "company", "C company"),
        KeyBinding((pygame.K_p,), "phase", "P phase"),
        KeyBinding((pygame.K_s,), "save", "S save"),
        KeyBinding((pygame.K_l,), "load", "L load"),
    )

    def __init__(self, context: Context, board: BoardState, company: str | None = None,
                 autosave_path: Path | None = None) -> None:
        super().__init__(context)
        self.controller = PlannerController(board, context.thinker, company, autosave_path=autosave_path)
        board = self.controller.board  # the board kept from the last visit, if any
        self.layout = MapLayout.fit(board, MAP_RECT)
        self.layout_map = board.game_map
        self.map_key: tuple[int, ...] = ()  # (controller version, board id) when the map was last painted
        self.map_surface = pygame.Surface(LOGICAL_SIZE)
        self.hover: str | None = None
        self.highlight: str | None = None  # a hex to point at (the demo's last lay)
        self.saved_marker = self.save_marker()  # a resumed board is kept already
        if self.controller.notice:
            self.toasts.show(self.controller.notice, important=True)
        self.relayout()

    # --- the frame's questions ------------------------------------------------------------------------------------

    def fit_map(self) -> None:
        """Lay the map out again when the board's map changed (opened, or an opening undone)."""
        board = self.controller.board
        if board.game_map is not self.layout_map:
            self.layout = MapLayout.fit(board, MAP_RECT)
            self.layout_map = board.game_map
            self.map_key = ()

    def relayout(self) -> None:
        """The map's layout when its map changed, and the painted map when the board changed (not in draw)."""
        self.fit_map()
        controller = self.controller
        key = (controller.version, id(controller.board))
        if key != self.map_key:
            draw_background(self.map_surface)
            paint_board(self.map_surface, controller.board, self.layout, self.company_colours())
            self.map_key = key

    def handle(self, event: pygame.event.Event) -> list[Intent]:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            hit = city_at(self.controller.board, self.layout, event.pos)
            if hit is not None:
                self.controller.toggle_token(*hit)
            self.after_change()
            return []
        if event.type == pygame.DROPFILE:
            self.open(event.file)
            self.after_change()
            return []
        return super().handle(event)

    def point(self, pos: tuple[float, float]) -> None:
        self.hover = self.layout.hex_at(pos) if MAP_RECT.collidepoint(pos) else None

    def act(self, action: str) -> list[Intent]:
        controller = self.controller
        actions: dict[str, Callable[[], object]] = {
            "rotate": controller.rotate, "undo": controller.undo, "run": controller.run,
            "company": lambda: controller.cycle_company(1), "phase": lambda: controller.cycle_phase(1),
            "save": controller.save, "load": self.load_last,
        }
        if action in actions:
            actions[action]()
        return []

    def advance(self, dt: float) -> None:
        self.controller.poll()

    def menu(self) -> Scene:
        from tablegames.ui.routes.menu import PlannerMenuScene

        return PlannerMenuScene(self.context, self)

    def cancel_computer(self) -> None:
        self.controller.cancel_run()

    def save_marker(self) -> object:
        return self.controller.save_marker()

    def save(self) -> str | None:
        return self.controller.autosave()

    def click(self, pos: tuple[float, float]) -> list[Intent]:
        controller = self.controller
        for button in panel_buttons():
            if button.rect.collidepoint(pos):
                self.press(button.action)
                return []
        previous, following = arrow_rects(COMPANY_Y)
        if previous.collidepoint(pos) or following.collidepoint(pos):
            controller.cycle_company(-1 if previous.collidepoint(pos) else 1)
            return []
        previous, following = arrow_rects(PHASE_Y)
        if previous.collidepoint(pos) or following.collidepoint(pos):
            controller.cycle_phase(-1 if previous.collidepoint(pos) else 1)
            return []
        for index, rect in enumerate(chip_rects(len(controller.trains), TRAINS_Y)):
            if rect.collidepoint(pos):
                controller.remove_train(index)
                return []
        for name, rect in zip(controller.train_kinds(), chip_rects(len(controller.train_kinds()), ROSTER_Y),
                              strict=True):
            if rect.collidepoint(pos):
                controller.add_train(name)
                return []
        tiles = self.tray_tiles()
        for (tile, _left), rect in zip(tiles, self.tray_cells(len(tiles)), strict=False):
            if rect.collidepoint(pos):
                if controller.selected is not None:
                    controller.lay(tile)
                return []
        if MAP_RECT.collidepoint(pos):
            coord = self.layout.hex_at(pos)
            pending = controller.pending
            if coord is not None and pending is not None and pending.coord == coord:
                controller.rotate()  # a second click on the tile just laid turns it
            else:
                controller.select_hex(coord)
        return []

    def press(self, key: str) -> None:
        controller = self.controller
        if key == "run":
            controller.run()
        elif key == "undo":
            controller.undo()
        elif key == "save":
            controller.save()
        elif key == "load":
            self.load_last()

    def load_last(self) -> None:
        saved = self.controller.saved_boards()
        if not saved:
            self.controller.message = "no saved board yet (S saves)"
            return
        self.open(saved[0])

    def open(self, path: str | Path) -> bool:
        opened = self.controller.load(path)
        self.fit_map()
        return opened

    def tray_cells(self, count: int) -> list[pygame.Rect]:
        return tray_rects(count, OFFER_CELL if self.controller.selected is not None else TRAY_CELL)

    def tray_tiles(self) -> list[tuple[str, int | None]]:
        """The tray: the selected hex's legal tiles, or the manifest's remaining tiles."""
        controller = self.controller
        if controller.selected is not None:
            return [(tile, controller.board.tiles_remaining(tile)) for tile in controller.offers]
        return controller.remaining()

    # --- drawing --------------------------------------------------------------------------------------------------

    def company_colours(self) -> dict[str, tuple[int, int, int]]:
        return {c.sym: parse_colour(c.color) for c in self.controller.board.game_map.companies}

    def draw(self, surface: pygame.Surface) -> None:
        controller = self.controller
        surface.blit(self.map_surface, (0, 0))  # painted by relayout
        board = controller.board
        for coord, colour in ((self.hover, (255, 255, 255)), (controller.selected, ACCENT), (self.highlight, ACCENT)):
            if coord is not None:
                corners = unit_corners(board.game_map.layout, self.layout.centres[coord], self.layout.size)
                pygame.draw.polygon(surface, (20, 20, 24), corners, 6)
                pygame.draw.polygon(surface, colour, corners, 3)
        draw_routes(surface, board, self.layout, controller.run_state.routes)
        self.draw_panel(surface)
        draw_footer(surface, self.footer(), (MAP_RECT.centerx, LOGICAL_SIZE[1] - 14), 19, MAP_RECT.width, min_size=15)
        draw_toast(surface, self.toasts.current, MAP_RECT)

    def draw_panel(self, surface: pygame.Surface) -> None:
        controller = self.controller
        board = controller.board
        pygame.draw.rect(surface, PANEL, PANEL_RECT, border_radius=12)
        pygame.draw.rect(surface, PANEL_EDGE, PANEL_RECT, 2, border_radius=12)
        x = PANEL_RECT.x + 12
        draw_text(surface, f"{board.game_map.title} route planner", (x, 22), 26, ACCENT, bold=True)
        company = board.game_map.company(controller.company)
        colour = parse_colour(company.color)
        draw_text(surface, "Company", (x, COMPANY_Y + 4), 20, TEXT_DIM)
        swatch = pygame.Rect(x + 70, COMPANY_Y, 54, 26)
        pygame.draw.rect(surface, colour, swatch, border_radius=6)
        draw_text(surface, company.sym, swatch.center, 20, text_colour_on(colour), anchor="center", bold=True)
        name = company.name if len(company.name) <= 15 else company.name[:14] + "…"
        draw_text(surface, name, (swatch.right + 8, COMPANY_Y + 5), 18, TEXT)
        draw_text(surface, "Phase", (x, PHASE_Y + 4), 20, TEXT_DIM)
        phase = board.game_map.phase(board.phase)
        draw_text(surface, phase.name, (x + 70, PHASE_Y + 3), 24, TEXT, bold=True)
        draw_text(surface, "/".join(phase.tiles), (x + 100, PHASE_Y + 6), 18, TEXT_DIM)
        for y in (COMPANY_Y, PHASE_Y):
            for rect, arrow in zip(arrow_rects(y), ("<", ">"), strict=True):
                pygame.draw.rect(surface, shade(PANEL, 1.3), rect, border_radius=5)
                draw_text(surface, arrow, rect.center, 22, TEXT, anchor="center", bold=True)
        draw_text(surface, "Trains", (x, TRAINS_Y + 4), 20, TEXT_DIM)
        for index, (train, rect) in enumerate(zip(controller.trains, chip_rects(len(controller.trains), TRAINS_Y),
                                                  strict=True)):
            chip = TRAIN_COLOURS[index % len(TRAIN_COLOURS)]
            pygame.draw.rect(surface, chip, rect, border_radius=6)
            draw_text(surface, train, rect.center, 22, (255, 255, 255), anchor="center", bold=True)
        if not controller.trains:
            draw_text(surface, "none: add below", (x + 70, TRAINS_Y + 5), 18, TEXT_DIM)
        draw_text(surface, "Add", (x, ROSTER_Y + 4), 20, TEXT_DIM)
        kinds = controller.train_kinds()
        for train, rect in zip(kinds, chip_rects(len(kinds), ROSTER_Y, 34), strict=True):
            pygame.draw.rect(surface, shade(PANEL, 1.35), rect, border_radius=6)
            draw_text(surface, f"+{train}", rect.center, 19, TEXT, anchor="center")
        for button in panel_buttons():
            running = button.action == "run" and controller.is_running
            hovered = self.pointer is not None and button.hit(self.pointer)
            draw_button(surface, replace(button, label="Running") if running else button, hovered, size=22)
        self.draw_result(surface, x, 232)
        self.draw_tray(surface)

    def draw_result(self, surface: pygame.Surface, x: int, y: int) -> None:
        controller = self.controller
        state = controller.run_state
        if controller.is_running:
            elapsed = time.perf_counter() - state.started
            progress = state.progress
            bar = pygame.Rect(x, y + 4, PANEL_RECT.width - 24, 12)
            pygame.draw.rect(surface, shade(PANEL, 0.7), bar, border_radius=6)
            sweep = (self.clock * 0.8) % 1.0
            lit = pygame.Rect(bar.x + round(sweep * (bar.width - 60)), bar.y, 60, bar.height)
            pygame.draw.rect(surface, ACCENT, lit, border_radius=6)
            stage = progress.stage if progress else "preparing"
            nodes = progress.nodes if progress else 0
            best = progress.best if progress else 0
            draw_text(surface, f"searching {stage}", (x, y + 24), 20, TEXT)
            draw_text(surface, f"{nodes:,} nodes · best so far {best} · {elapsed:.1f} s", (x, y + 46), 18,
                      TEXT_DIM)
        elif state.result is not None:
            result = state.result
            for index, (run, route) in enumerate(zip(result.runs, state.routes, strict=True)):
                row = y + index * 30
                colour = TRAIN_COLOURS[index % len(TRAIN_COLOURS)]
                pygame.draw.rect(surface, colour, (x, row + 2, 30, 20), border_radius=5)
                draw_text(surface, run.train, (x + 15, row + 12), 19, (255, 255, 255), anchor="center", bold=True)
                draw_text(surface, f"{run.revenue:>4}", (x + 76, row + 3), 22, TEXT, anchor="topright", bold=True)
                hexes = [s.partition(".")[0] for s in route.stops]
                stops = " ".join(hexes) if hexes else "does not run"
                if len(stops) > 30:
                    stops = stops[:29] + "…"
                draw_text(surface, stops, (x + 84, row + 5), 18, TEXT_DIM)
            row = y + len(result.runs) * 30 + 4
            draw_text(surface, f"Total {result.total}", (x, row), 30, ACCENT, bold=True)
            draw_text(surface, f"exact · {result.seconds:.2f} s", (PANEL_RECT.right - 12, row + 8), 18, TEXT_DIM,
                      anchor="topright")
        else:
            for row, line in enumerate(("Build the board: click a hex to lay a tile,",
                                        "right-click a city to place a token.",
                                        "Choose the trains, then Run: the best run",
                                        "of all trains together, found exactly.")):
                draw_text(surface, line, (x, y + 6 + row * 24), 20, TEXT_DIM)
        message = controller.message
        if message:
            if len(message) > 44:
                message = message[:43] + "…"
            draw_text(surface, message, (x, TRAY_TOP - 28), 18, TEXT_DIM)

    def draw_tray(self, surface: pygame.Surface) -> None:
        controller = self.controller
        board = controller.board
        x = PANEL_RECT.x + 12
        tiles = self.tray_tiles()
        if controller.selected is not None:
            hx = board.game_map.hexes[controller.selected]
            title = f"Tiles for {controller.selected}" + (f" {hx.name}" if hx.name else "")
            if not tiles:
                draw_text(surface, title, (x, TRAY_TOP), 20, TEXT)
                draw_text(surface, "no legal tile here in this phase", (x, TRAY_TOP + 28), 18, TEXT_DIM)
                return
        else:
            title = "Tiles left (click a hex to lay)"
        draw_text(surface, title, (x, TRAY_TOP), 20, TEXT)
        layout = board.game_map.layout
        offering = controller.selected is not None
        radius = 28 if offering else 17
        for (tile, left), rect in zip(tiles, self.tray_cells(len(tiles)), strict=False):
            if rect.bottom > PANEL_RECT.bottom - 4:
                break
            spec = board.game_map.tiles[tile]
            rotation = controller.offers[tile][0] if offering else 0
            draw_tile(surface, (rect.centerx, rect.y + radius + 2), radius, spec.spec.rotated(rotation), spec.color,
                      layout, outline=(40, 40, 40))
            count = "∞" if left is None else str(left)
            if offering:
                turns = len(controller.offers[tile])
                label = f"{tile} ({turns} ways)" if turns > 1 else tile
            else:
                label = f"{tile}·{count}"
            draw_text(surface, label, (rect.centerx, rect.bottom), 16 if offering else 15, TEXT, anchor="midbottom")
        if offering:
            draw_text(surface, "click a tile to lay it · R or a click on the hex turns it",
                      (x, PANEL_RECT.bottom - 26), 17, TEXT_DIM)

