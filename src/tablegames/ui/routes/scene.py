"""The route planner scene: the map on the left (its coordinates around it, the names placed clear of the track),
the company, phase, trains and buttons on the right, then a Run tab (each train's run by its stops' names, the
total, the search's details) or a Tiles tab (the tray: one colour of the supply with a legend, or the chosen hex's
legal tiles).

Mouse: click a hex to see the tiles it takes (the tray), click a tile to lay it; right-click a city to place or
remove the company's token; click a train chip to remove it, a roster chip to add one; point at a hex to read its
coordinate, name and ground. Keys: F1 or ? help, R rotates the tile just laid, Enter runs, U undoes, C / P step the
company / phase, T switches the tab, S saves, L loads the last saved board, Esc menu. Drop a board or map file on
the window to open it. With an `autosave_path` the board is kept after every change (the shared frame's
save_marker / save) and restored when the planner opens; a file that could not be restored is told in a toast.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from tablegames.routes.hexmap import COLOR_ORDER, BoardState
from tablegames.ui import draw
from tablegames.ui.canvas import drawing_scale, layer
from tablegames.ui.routes.controller import PlannerController, run_text
from tablegames.ui.routes.drawing import (
    COORD_MARGIN,
    HEX_COLOURS,
    NAME_SIZE,
    TRAIN_COLOURS,
    MapLayout,
    city_at,
    draw_hex_tag,
    draw_routes,
    draw_tile,
    name_layer,
    paint_board,
    parse_colour,
    text_colour_on,
    unit_corners,
)
from tablegames.ui.routes.labels import LabelPlan
from tablegames.ui.scene import Context, Intent, Push, Scene
from tablegames.ui.table import KeyBinding, TableScene
from tablegames.ui.theme import (
    ACCENT,
    LOGICAL_SIZE,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    body_size,
    draw_background,
    draw_text,
    shade,
)
from tablegames.ui.widgets import (
    Button,
    draw_button,
    draw_footer,
    draw_toast,
    fit_text,
    text_width,
    wrap_text,
)

MAP_RECT = pygame.Rect(12, 12, 900, 752)
PANEL_RECT = pygame.Rect(924, 12, 344, 776)
TABS_Y = 230  # the panel's lower part shows the run or the tiles
CONTENT_Y = 270
STATUS_Y = PANEL_RECT.bottom - 26  # the last message
TEXT_SIZE = 18  # the panel's small text: 12 px high
# Tray cells, largest first: the largest that lets every tile shown fit (width, height; the tile above its label).
TRAY_CELLS = ((80, 96), (64, 84), (54, 74), (46, 66), (40, 60))
TABS = (("run", "Run"), ("tiles", "Tiles"))


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


def tab_rects() -> dict[str, pygame.Rect]:
    width = (PANEL_RECT.width - 24 - 8) // 2
    return {name: pygame.Rect(PANEL_RECT.x + 12 + i * (width + 8), TABS_Y, width, 30)
            for i, (name, _label) in enumerate(TABS)}


def colour_chip_rects(count: int) -> list[pygame.Rect]:
    width = (PANEL_RECT.width - 24 - 6 * (count - 1)) // max(1, count)
    return [pygame.Rect(PANEL_RECT.x + 12 + i * (width + 6), CONTENT_Y, width, 28) for i in range(count)]


def tray_rects(count: int, top: int, bottom: int = STATUS_Y - 6) -> list[pygame.Rect]:
    """`count` tray cells from `top`, in the largest size that fits them all above `bottom` (the smallest size
    otherwise: the cells that do not fit are left out)."""
    room_w, room_h = PANEL_RECT.width - 20, bottom - top
    cell = TRAY_CELLS[-1]
    for option in TRAY_CELLS:
        per_row = room_w // option[0]
        if -(-count // per_row) * option[1] <= room_h:
            cell = option
            break
    per_row = room_w // cell[0]
    left = PANEL_RECT.x + 10 + (room_w - per_row * cell[0]) // 2
    rects = []
    for index in range(count):
        row, col = divmod(index, per_row)
        rect = pygame.Rect(left + col * cell[0], top + row * cell[1], cell[0] - 4, cell[1] - 4)
        if rect.bottom > bottom:
            break
        rects.append(rect)
    return rects


def tray_radius(rect: pygame.Rect, label_lines: int) -> int:
    """The tile's size in a tray cell: as large as the cell allows above its label."""
    return max(10, min(rect.width // 2 - 2, (rect.height - 18 * label_lines - 4) // 2))


def run_lines(text: str, width: int, size: int) -> list[str]:
    """A run's text wrapped between stops (" – " stays at the end of a line), a stop too long cut to fit."""
    pieces = text.split(" – ")
    pieces = [piece + " –" for piece in pieces[:-1]] + pieces[-1:]
    lines: list[str] = []
    for piece in pieces:
        trial = f"{lines[-1]} {piece}" if lines else piece
        if lines and text_width(trial, size) <= width:
            lines[-1] = trial
        else:
            lines.extend(wrap_text(piece, size, width))
    return lines


class RoutePlannerScene(TableScene):
    name = "routes"
    draws_at_any_scale = True
    bindings = (
        KeyBinding((pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH), "help", "F1 help"),
        KeyBinding((), "", "Click hex: tiles"),
        KeyBinding((), "", "right-click city: token"),
        KeyBinding((pygame.K_r,), "rotate", "R rotate"),
        KeyBinding((pygame.K_RETURN, pygame.K_KP_ENTER), "run", "Enter run"),
        KeyBinding((pygame.K_u, pygame.K_BACKSPACE), "undo", "U undo"),
        KeyBinding((pygame.K_c,), "company", "C company"),
        KeyBinding((pygame.K_p,), "phase", "P phase"),
        KeyBinding((pygame.K_t,), "tab", "T run/tiles"),
        KeyBinding((pygame.K_s,), "save", "S save"),
        KeyBinding((pygame.K_l,), "load", "L load"),
    )

    def __init__(self, context: Context, board: BoardState, company: str | None = None,
                 autosave_path: Path | None = None) -> None:
        super().__init__(context)
        self.controller = PlannerController(board, context.thinker, company, autosave_path=autosave_path)
        board = self.controller.board  # the board kept from the last visit, if any
        self.layout = MapLayout.fit(board, MAP_RECT, COORD_MARGIN)
        self.layout_map = board.game_map
        self.map_key: tuple[object, ...] = ()  # (controller version, board id, name size, scale) when painted
        self.map_surface = layer(LOGICAL_SIZE, alpha=False)
        self.names = LabelPlan()  # where the names went (and which show on hover only), from the last paint
        self.name_pictures: list[tuple[pygame.Surface, tuple[int, int]]] = []  # drawn over the runs
        self.hover: str | None = None
        self.highlight: str | None = None  # a hex to point at (the demo's last lay)
        self.tab = "tiles"  # the panel's lower part: "run" or "tiles"
        self.tray_colour: str | None = None  # the colour of the tiles shown with no hex chosen (None: the phase's)
        self.seen_run: object = None  # the run state and selection last seen, to turn to the tab they concern
        self.seen_selected: str | None = None
        self.saved_marker = self.save_marker()  # a resumed board is kept already
        if self.controller.notice:
            self.toasts.show(self.controller.notice, important=True)
        self.relayout()

    # --- the frame's questions ------------------------------------------------------------------------------------

    def fit_map(self) -> None:
        """Lay the map out again when the board's map changed (opened, or an opening undone)."""
        board = self.controller.board
        if board.game_map is not self.layout_map:
            self.layout = MapLayout.fit(board, MAP_RECT, COORD_MARGIN)
            self.layout_map = board.game_map
            self.map_key = ()
            self.tray_colour = None

    def relayout(self) -> None:
        """The map's layout when its map changed, the painted map and its names when the board (or the text size)
        changed, and the tab the latest change concerns (never in draw)."""
        self.fit_map()
        controller = self.controller
        name_size = body_size(NAME_SIZE)
        key = (controller.version, id(controller.board), name_size, drawing_scale())
        if key != self.map_key:
            self.map_surface = layer(LOGICAL_SIZE, alpha=False)  # at the window's scale, which may have changed
            draw_background(self.map_surface)
            self.names = paint_board(self.map_surface, controller.board, self.layout, self.company_colours(),
                                     name_size)
            self.name_pictures = name_layer(self.names, name_size)
            self.map_key = key
        state = controller.run_state
        if state is not self.seen_run:
            self.seen_run = state
            if state.job is not None or state.result is not None:
                self.tab = "run"
        if controller.selected != self.seen_selected:
            self.seen_selected = controller.selected
            if controller.selected is not None:
                self.tab = "tiles"
        if self.tray_colour not in self.tray_colours():
            self.tray_colour = None

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
        if action == "help":
            return [Push(self.help_page())]
        actions: dict[str, Callable[[], object]] = {
            "rotate": controller.rotate, "undo": controller.undo, "run": controller.run,
            "company": lambda: controller.cycle_company(1), "phase": lambda: controller.cycle_phase(1),
            "save": controller.save, "load": self.load_last, "tab": self.switch_tab,
        }
        if action in actions:
            actions[action]()
        return []

    def help_page(self) -> Scene:
        from tablegames.ui.routes.help import PlannerHelpScene

        return PlannerHelpScene(self.context)

    def switch_tab(self) -> None:
        self.tab = "tiles" if self.tab == "run" else "run"

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
        for tab, rect in tab_rects().items():
            if rect.collidepoint(pos):
                self.tab = tab
                return []
        if self.tab == "tiles":
            self.click_tray(pos)
        if MAP_RECT.collidepoint(pos):
            coord = self.layout.hex_at(pos)
            pending = controller.pending
            if coord is not None and pending is not None and pending.coord == coord:
                controller.rotate()  # a second click on the tile just laid turns it
            else:
                controller.select_hex(coord)
        return []

    def click_tray(self, pos: tuple[float, float]) -> None:
        controller = self.controller
        if controller.selected is None:
            colours = self.tray_colours()
            for colour, rect in zip(colours, colour_chip_rects(len(colours)), strict=True):
                if rect.collidepoint(pos):
                    self.tray_colour = colour
                    return
        tiles = self.tray_tiles()
        for (tile, _left), rect in zip(tiles, self.tray_cells(len(tiles)), strict=False):
            if rect.collidepoint(pos):
                if controller.selected is not None:
                    controller.lay(tile)
                return

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

    # --- the tray -------------------------------------------------------------------------------------------------

    def tray_colours(self) -> list[str]:
        """The colours of the manifest's tiles, in upgrade order."""
        game_map = self.controller.board.game_map
        found = {game_map.tiles[tile].color for tile in game_map.manifest if tile in game_map.tiles}
        return [c for c in COLOR_ORDER if c in found] + sorted(found - set(COLOR_ORDER))

    def shown_colour(self) -> str | None:
        """The colour of the tiles shown with no hex chosen: the one picked, else the newest the phase allows."""
        colours = self.tray_colours()
        if self.tray_colour in colours:
            return self.tray_colour
        board = self.controller.board
        allowed = [c for c in colours if c in board.game_map.phase(board.phase).tiles]
        return allowed[-1] if allowed else (colours[0] if colours else None)

    def first_phase_of(self, colour: str) -> str | None:
        return next((p.name for p in self.controller.board.game_map.phases if colour in p.tiles), None)

    def tray_top(self) -> int:
        return CONTENT_Y + (56 if self.controller.selected is not None else 86)

    def tray_cells(self, count: int) -> list[pygame.Rect]:
        return tray_rects(count, self.tray_top())

    def tray_tiles(self) -> list[tuple[str, int | None]]:
        """The tray: the selected hex's legal tiles, or the manifest's remaining tiles of the colour shown."""
        controller = self.controller
        board = controller.board
        if controller.selected is not None:
            return [(tile, board.tiles_remaining(tile)) for tile in controller.offers]
        colour = self.shown_colour()
        return [(tile, left) for tile, left in controller.remaining() if board.game_map.tiles[tile].color == colour]

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
                draw.polygon(surface, (20, 20, 24), corners, 6)
                draw.polygon(surface, colour, corners, 3)
        draw_routes(surface, board, self.layout, controller.run_state.routes)
        for picture, where in self.name_pictures:
            surface.blit(picture, where)
        if self.hover is not None:
            draw_hex_tag(surface, self.hex_tag(self.hover), self.layout, self.hover, MAP_RECT, body_size(NAME_SIZE))
        self.draw_panel(surface)
        draw_footer(surface, self.footer(), (MAP_RECT.centerx, LOGICAL_SIZE[1] - 14), 19, MAP_RECT.width, min_size=15)
        draw_toast(surface, self.toasts.current, MAP_RECT)

    def hex_tag(self, coord: str) -> list[str]:
        """What pointing at a hex tells: its coordinate and building cost, its name."""
        board = self.controller.board
        hx = board.game_map.hexes[coord]
        first = coord
        if board.tile_on(coord)[2] is None and (hx.terrain or hx.cost):
            ground = " and ".join("mountains" if t == "mountain" else t for t in hx.terrain) or "building"
            first += f" · {ground}" + (f", ${hx.cost} to build" if hx.cost else "")
        return [first] + ([hx.name] if hx.name else [])

    def draw_panel(self, surface: pygame.Surface) -> None:
        controller = self.controller
        board = controller.board
        draw.rect(surface, PANEL, PANEL_RECT, border_radius=12)
        draw.rect(surface, PANEL_EDGE, PANEL_RECT, 2, border_radius=12)
        x = PANEL_RECT.x + 12
        title = fit_text(f"{board.game_map.title} route planner", 26, PANEL_RECT.width - 24, bold=True)
        draw_text(surface, title, (x, 22), 26, ACCENT, bold=True)
        company = board.game_map.company(controller.company)
        colour = parse_colour(company.color)
        draw_text(surface, "Company", (x, COMPANY_Y + 4), 20, TEXT_DIM)
        swatch = pygame.Rect(x + 70, COMPANY_Y, 54, 26)
        draw.rect(surface, colour, swatch, border_radius=6)
        draw_text(surface, company.sym, swatch.center, 20, text_colour_on(colour), anchor="center", bold=True)
        name = fit_text(company.name, TEXT_SIZE, arrow_rects(COMPANY_Y)[0].x - swatch.right - 14)
        draw_text(surface, name, (swatch.right + 8, COMPANY_Y + 5), TEXT_SIZE, TEXT)
        draw_text(surface, "Phase", (x, PHASE_Y + 4), 20, TEXT_DIM)
        phase = board.game_map.phase(board.phase)
        draw_text(surface, phase.name, (x + 70, PHASE_Y + 3), 24, TEXT, bold=True)
        draw_text(surface, "/".join(phase.tiles), (x + 100, PHASE_Y + 6), TEXT_SIZE, TEXT_DIM)
        for y in (COMPANY_Y, PHASE_Y):
            for rect, arrow in zip(arrow_rects(y), ("<", ">"), strict=True):
                draw.rect(surface, shade(PANEL, 1.3), rect, border_radius=5)
                draw_text(surface, arrow, rect.center, 22, TEXT, anchor="center", bold=True)
        draw_text(surface, "Trains", (x, TRAINS_Y + 4), 20, TEXT_DIM)
        for index, (train, rect) in enumerate(zip(controller.trains, chip_rects(len(controller.trains), TRAINS_Y),
                                                  strict=True)):
            chip = TRAIN_COLOURS[index % len(TRAIN_COLOURS)]
            draw.rect(surface, chip, rect, border_radius=6)
            draw_text(surface, train, rect.center, 22, (255, 255, 255), anchor="center", bold=True)
        if not controller.trains:
            draw_text(surface, "none: add below", (x + 70, TRAINS_Y + 5), TEXT_SIZE, TEXT_DIM)
        draw_text(surface, "Add", (x, ROSTER_Y + 4), 20, TEXT_DIM)
        kinds = controller.train_kinds()
        for train, rect in zip(kinds, chip_rects(len(kinds), ROSTER_Y, 34), strict=True):
            draw.rect(surface, shade(PANEL, 1.35), rect, border_radius=6)
            draw_text(surface, f"+{train}", rect.center, 19, TEXT, anchor="center")
        for button in panel_buttons():
            running = button.action == "run" and controller.is_running
            hovered = self.pointer is not None and button.hit(self.pointer)
            draw_button(surface, replace(button, label="Running") if running else button, hovered, size=22)
        self.draw_tabs(surface)
        if self.tab == "run":
            self.draw_result(surface, x, CONTENT_Y)
        else:
            self.draw_tray(surface)
        message = controller.message
        if message:
            draw_text(surface, fit_text(message, TEXT_SIZE, PANEL_RECT.width - 24), (x, STATUS_Y), TEXT_SIZE,
                      TEXT_DIM)

    def draw_tabs(self, surface: pygame.Surface) -> None:
        result = self.controller.run_state.result
        for (name, label), rect in zip(TABS, tab_rects().values(), strict=True):
            chosen = name == self.tab
            draw.rect(surface, shade(PANEL_EDGE, 0.8) if chosen else shade(PANEL, 1.2), rect,
                             border_radius=7)
            if chosen:
                draw.rect(surface, ACCENT, rect, 2, border_radius=7)
            if name == "run" and self.controller.is_running:
                label = "Run (searching)"
            elif name == "run" and result is not None:
                label = f"Run: {result.total}"
            elif name == "tiles" and self.controller.selected is not None:
                label = f"Tiles for {self.controller.selected}"
            draw_text(surface, label, rect.center, 20, TEXT if chosen else TEXT_DIM, anchor="center", bold=chosen)

    def draw_result(self, surface: pygame.Surface, x: int, y: int) -> None:
        controller = self.controller
        state = controller.run_state
        width = PANEL_RECT.width - 24
        if controller.is_running:
            elapsed = time.perf_counter() - state.started
            progress = state.progress
            bar = pygame.Rect(x, y + 4, width, 12)
            draw.rect(surface, shade(PANEL, 0.7), bar, border_radius=6)
            sweep = (self.clock * 0.8) % 1.0
            lit = pygame.Rect(bar.x + round(sweep * (bar.width - 60)), bar.y, 60, bar.height)
            draw.rect(surface, ACCENT, lit, border_radius=6)
            stage = progress.stage if progress else "preparing"
            nodes = progress.nodes if progress else 0
            best = progress.best if progress else 0
            draw_text(surface, f"searching {stage}", (x, y + 24), 20, TEXT)
            draw_text(surface, f"{nodes:,} search nodes · best so far {best} · {elapsed:.1f} s", (x, y + 46),
                      TEXT_SIZE, TEXT_DIM)
        elif state.result is not None:
            result = state.result
            line_height = 20
            bottom = STATUS_Y - 70  # room left for the total and the details line
            row = y
            for index, route in enumerate(state.routes):
                colour = TRAIN_COLOURS[index % len(TRAIN_COLOURS)]
                lines = run_lines(run_text(controller.board, route), width - 14, TEXT_SIZE)
                if row + line_height * len(lines) > bottom:
                    draw_text(surface, f"... {len(state.routes) - index} more trains", (x + 14, row), TEXT_SIZE,
                              TEXT_DIM)
                    row += line_height
                    break
                draw.rect(surface, colour, (x, row + 1, 6, line_height * len(lines) - 4), border_radius=3)
                for number, line in enumerate(lines):
                    draw_text(surface, line, (x + 14, row + number * line_height), TEXT_SIZE, TEXT)
                row += line_height * len(lines) + 6
            draw_text(surface, f"Total {result.total}", (x, row + 6), 30, ACCENT, bold=True)
            details = f"exact search · {result.nodes:,} search nodes · {result.seconds:.2f} s"
            draw_text(surface, fit_text(details, TEXT_SIZE, width), (x, row + 36), TEXT_SIZE, TEXT_DIM)
        else:
            hints = ("Build the board: click a hex to lay a tile,", "right-click a city to place a token.",
                     "Choose the trains, then Run: the best run", "of all trains together, found exactly.",
                     "", "F1: what a run is, the trains, the keys.")
            for number, line in enumerate(hints):
                draw_text(surface, line, (x, y + 6 + number * 24), 20, TEXT_DIM)

    def draw_tray(self, surface: pygame.Surface) -> None:
        controller = self.controller
        board = controller.board
        game_map = board.game_map
        x = PANEL_RECT.x + 12
        tiles = self.tray_tiles()
        coord = controller.selected
        offering = coord is not None
        if coord is not None:
            hx = game_map.hexes[coord]
            title = fit_text(f"Tiles for {coord}" + (f" {hx.name}" if hx.name else ""), 20, PANEL_RECT.width - 24)
            draw_text(surface, title, (x, CONTENT_Y), 20, TEXT)
            pending = controller.pending
            if pending is not None and pending.coord == coord:
                ways = len(pending.rotations)
                lines = [f"Laid {pending.tile} on {coord}" + (f" ({ways} ways)." if ways > 1 else "."),
                         "R or a click on the hex turns it;" if ways > 1 else "It fits one way only;",
                         "U takes it back."]
                for number, line in enumerate(lines):
                    draw_text(surface, line, (x, CONTENT_Y + 30 + number * 22), TEXT_SIZE, TEXT_DIM)
                return
            if not tiles:
                draw_text(surface, "no legal tile here in this phase", (x, CONTENT_Y + 30), TEXT_SIZE, TEXT_DIM)
                return
            draw_text(surface, "tile number ×copies left · ways it fits", (x, CONTENT_Y + 28), TEXT_SIZE, TEXT_DIM)
        else:
            colours = self.tray_colours()
            shown = self.shown_colour()
            for colour, rect in zip(colours, colour_chip_rects(len(colours)), strict=True):
                fill = HEX_COLOURS.get(colour, (128, 128, 128))
                draw.rect(surface, fill, rect, border_radius=6)
                draw.rect(surface, ACCENT if colour == shown else shade(fill, 0.6), rect,
                                 3 if colour == shown else 1, border_radius=6)
                draw_text(surface, colour.capitalize(), rect.center, 19, text_colour_on(fill), anchor="center",
                          bold=colour == shown)
            if shown is not None:
                first = self.first_phase_of(shown)
                now = shown in game_map.phase(board.phase).tiles
                if first is None:
                    when = f"{shown.capitalize()}: no phase lays these"
                else:
                    when = f"{shown.capitalize()}: laid from phase {first} · " + (
                        "allowed now" if now else f"not in phase {board.phase}")
                draw_text(surface, when, (x, CONTENT_Y + 36), TEXT_SIZE, TEXT)
            draw_text(surface, "tile number ×copies left (no count: no limit)", (x, CONTENT_Y + 58), TEXT_SIZE, TEXT_DIM)
        layout = game_map.layout
        label_lines = 2 if offering else 1
        for (tile, left), rect in zip(tiles, self.tray_cells(len(tiles)), strict=False):
            spec = game_map.tiles[tile]
            rotation = controller.offers[tile][0] if offering else 0
            radius = tray_radius(rect, label_lines)
            draw_tile(surface, (rect.centerx, rect.y + radius + 1), radius, spec.spec.rotated(rotation), spec.color,
                      layout, outline=(40, 40, 40))
            label_y = rect.y + 2 * radius + 4
            copies = "" if left is None else f" ×{left}"  # no count: no limit
            width = text_width(tile, TEXT_SIZE, True) + text_width(copies, TEXT_SIZE)
            drawn = draw_text(surface, tile, (rect.centerx - width // 2, label_y), TEXT_SIZE, TEXT, bold=True)
            draw_text(surface, copies, (drawn.right, label_y), TEXT_SIZE, TEXT_DIM)
            if offering:
                turns = len(controller.offers[tile])
                draw_text(surface, f"{turns} ways" if turns > 1 else "1 way", (rect.centerx, label_y + 18), 17,
                          TEXT_DIM, anchor="midtop")
        if offering:
            draw_text(surface, "click a tile to lay it · R turns it", (x, STATUS_Y - 24), TEXT_SIZE, TEXT_DIM)
