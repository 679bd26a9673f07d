"""Painting the planner: hexes, tiles and their track drawn from the tile paths, stops with slots, tokens and values,
off-boards with their phase values, and the trains' runs along the track. One function paints a tile at any size
(the map and the tile tray share it). The board is painted once per board version into a cached surface."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tablegames.routes.hexmap import (
    BoardState,
    Revenue,
    TileSpec,
    edge_midpoint,
    hex_center,
    hex_corners,
    is_edge_end,
)
from tablegames.ui.routes.controller import DrawnRoute
from tablegames.ui.theme import ACCENT, font

HEX_COLOURS = {
    "white": (226, 222, 200),
    "yellow": (246, 214, 82),
    "green": (96, 176, 92),
    "brown": (176, 122, 74),
    "gray": (170, 170, 176),
    "red": (196, 62, 52),
}
PHASE_COLOURS = {**HEX_COLOURS, "diesel": (120, 120, 130), "white": (240, 240, 240)}
TRACK = (34, 34, 38)
INK = (24, 24, 28)
PAPER = (252, 252, 248)
WATER = (70, 130, 200)
MOUNTAIN = (120, 92, 60)
TRAIN_COLOURS = ((232, 52, 60), (40, 120, 240), (250, 150, 20), (180, 60, 220), (20, 190, 190), (240, 90, 200))


def parse_colour(text: str, fallback: tuple[int, int, int] = (128, 128, 128)) -> tuple[int, int, int]:
    try:
        colour = pygame.Color(text)
    except (ValueError, TypeError):
        return fallback
    return colour.r, colour.g, colour.b


def text_colour_on(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return INK if sum(colour) > 420 else PAPER


# ------------------------------------------------------------------------------------------- tile geometry
def edge_point(layout: str, edge: int) -> tuple[float, float]:
    """The middle of side `edge` of a unit hex centred at the origin."""
    return edge_midpoint(0, 0, edge, layout, 1.0)


def node_positions(spec: TileSpec, layout: str) -> dict[str, tuple[float, float]]:
    """Where each node sits in a unit hex: a lone stop in the middle; several toward the sides their track
    leaves by (spread around when that does not separate them)."""
    nodes = [n for n in spec.nodes]
    if not nodes:
        return {}
    if len(nodes) == 1:
        return {nodes[0].id: (0.0, 0.0)}
    places: dict[str, tuple[float, float]] = {}
    for index, node in enumerate(nodes):
        edges = [int(end[1:]) for p in spec.paths for end in (p.a, p.b)
                 if node.id in (p.a, p.b) and is_edge_end(end)]
        if edges:
            x = sum(edge_point(layout, e)[0] for e in edges) / len(edges)
            y = sum(edge_point(layout, e)[1] for e in edges) / len(edges)
            length = math.hypot(x, y)
            if length > 0.05:
                places[node.id] = (x / length * 0.45, y / length * 0.45)
                continue
        angle = math.pi * 2 * index / len(nodes) - math.pi / 2
        places[node.id] = (math.cos(angle) * 0.42, math.sin(angle) * 0.42)
    # Two nodes on one spot (parallel track): pull them apart along the line between them and the centre.
    ids = list(places)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            (ax, ay), (bx, by) = places[a], places[b]
            if math.hypot(ax - bx, ay - by) < 0.3:
                places[b] = (-ay if abs(ax) + abs(ay) > 0.05 else 0.4, ax if abs(ax) + abs(ay) > 0.05 else 0.0)
    return places


def path_points(spec: TileSpec, number: int, layout: str, places: dict[str, tuple[float, float]],
                centre: tuple[float, float], size: float) -> list[tuple[float, float]]:
    """Screen points along tile path `number`: edge to edge a curve through the middle, else a straight line."""
    path = spec.paths[number]

    def point(end: str) -> tuple[float, float]:
        x, y = edge_point(layout, int(end[1:])) if is_edge_end(end) else places.get(end, (0.0, 0.0))
        return centre[0] + x * size, centre[1] + y * size

    a, b = point(path.a), point(path.b)
    if not (is_edge_end(path.a) and is_edge_end(path.b)):
        return [a, b]
    control = centre
    points = []
    for step in range(13):
        t = step / 12
        points.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * control[0] + t * t * b[0],
                       (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * control[1] + t * t * b[1]))
    return points


def unit_corners(layout: str, centre: tuple[float, float], size: float) -> list[tuple[float, float]]:
    start = 0.0 if layout == "flat" else 30.0
    return [(centre[0] + size * math.cos(math.radians(start + 60 * i)),
             centre[1] + size * math.sin(math.radians(start + 60 * i))) for i in range(6)]


def city_slot_centres(centre: tuple[float, float], slots: int, radius: float) -> list[tuple[float, float]]:
    """Slots of a city side by side (two), in a triangle (three) or a square (four)."""
    x, y = centre
    if slots <= 1:
        return [(x, y)]
    if slots == 2:
        return [(x - radius, y), (x + radius, y)]
    if slots == 3:
        return [(x - radius, y + radius * 0.6), (x + radius, y + radius * 0.6), (x, y - radius * 1.1)]
    return [(x - radius, y - radius), (x + radius, y - radius), (x - radius, y + radius), (x + radius, y + radius)]


def draw_tile(surface: pygame.Surface, centre: tuple[float, float], size: float, spec: TileSpec, colour: str,
              layout: str, outline: tuple[int, int, int] | None = (90, 90, 90)) -> dict[str, tuple[float, float]]:
    """A hex of `colour` with the tile's track, cities (empty slots), towns and label; returns node positions."""
    corners = unit_corners(layout, centre, size)
    pygame.draw.polygon(surface, HEX_COLOURS.get(colour, HEX_COLOURS["white"]), corners)
    places = node_positions(spec, layout)
    width = max(2, round(size * 0.16))
    for number in range(len(spec.paths)):
        points = path_points(spec, number, layout, places, centre, size)
        pygame.draw.lines(surface, TRACK, False, points, width)
        for end in points[0], points[-1]:
            pygame.draw.circle(surface, TRACK, end, width / 2 - 0.5)
    radius = max(3.0, size * 0.2)
    for node in spec.nodes:
        x, y = places.get(node.id, (0.0, 0.0))
        at = (centre[0] + x * size, centre[1] + y * size)
        if node.kind == "city":
            slots = city_slot_centres(at, node.slots, radius)
            if len(slots) > 1:
                boxes = [pygame.Rect(sx - radius, sy - radius, 2 * radius, 2 * radius) for sx, sy in slots]
                box = boxes[0].unionall(boxes[1:])
                pygame.draw.rect(surface, PAPER, box, border_radius=round(radius))
                pygame.draw.rect(surface, INK, box, 2, border_radius=round(radius))
            for slot in slots:
                pygame.draw.circle(surface, PAPER, slot, radius)
                pygame.draw.circle(surface, INK, slot, radius, max(1, round(size * 0.035)))
        elif node.kind == "town":  # a black dot ringed in white, so it shows on the track
            pygame.draw.circle(surface, PAPER, at, max(3.5, size * 0.15))
            pygame.draw.circle(surface, INK, at, max(2.5, size * 0.11))
        elif node.kind == "junction":
            pygame.draw.circle(surface, TRACK, at, width / 2)
    if spec.label and size >= 16:
        label = font(max(12, round(size * 0.38)), True).render(spec.label, True, INK)
        surface.blit(label, label.get_rect(center=(centre[0] + size * 0.5, centre[1] - size * 0.45)))
    if outline is not None:
        pygame.draw.polygon(surface, outline, corners, 1)
    return places


# -------------------------------------------------------------------------------------------------- the map
@dataclass
class MapLayout:
    """Where the map's hexes go inside `rect`: the largest hex size that fits."""

    board_layout: str
    size: float
    offset: tuple[float, float]
    centres: dict[str, tuple[float, float]]

    @classmethod
    def fit(cls, board: BoardState, rect: pygame.Rect) -> MapLayout:
        game_map = board.game_map
        layout = game_map.layout
        xs, ys = [], []
        for hx in game_map.hexes.values():
            for x, y in hex_corners(hx.x, hx.y, layout, 1.0):
                xs.append(x)
                ys.append(y)
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        size = min(rect.width / width, rect.height / height)
        left = rect.x + (rect.width - width * size) / 2 - min(xs) * size
        top = rect.y + (rect.height - height * size) / 2 - min(ys) * size
        centres = {}
        for coord, hx in game_map.hexes.items():
            cx, cy = hex_center(hx.x, hx.y, layout, size)
            centres[coord] = (left + cx, top + cy)
        return cls(layout, size, (left, top), centres)

    def hex_at(self, pos: tuple[float, float]) -> str | None:
        best, best_distance = None, self.size * 0.9
        for coord, (x, y) in self.centres.items():
            distance = math.hypot(pos[0] - x, pos[1] - y)
            if distance < best_distance:
                best, best_distance = coord, distance
        return best


def stop_places(board: BoardState, layout: MapLayout, coord: str) -> dict[str, tuple[float, float]]:
    """Screen positions of the nodes of the tile now on `coord`."""
    spec = board.tile_on(coord)[0]
    cx, cy = layout.centres[coord]
    return {node: (cx + x * layout.size, cy + y * layout.size)
            for node, (x, y) in node_positions(spec, layout.board_layout).items()}


def city_at(board: BoardState, layout: MapLayout, pos: tuple[float, float]) -> tuple[str, int] | None:
    """(hex, city index) of the city drawn under `pos`."""
    coord = layout.hex_at(pos)
    if coord is None:
        return None
    spec = board.tile_on(coord)[0]
    places = stop_places(board, layout, coord)
    radius = max(3.0, layout.size * 0.2)
    for index, city in enumerate(spec.cities):
        for slot in city_slot_centres(places[city.id], city.slots, radius):
            if math.hypot(pos[0] - slot[0], pos[1] - slot[1]) <= radius * 1.3:
                return coord, index
    return None


def draw_value(surface: pygame.Surface, at: tuple[float, float], value: int, size: float) -> None:
    radius = max(7.0, size * 0.17)
    pygame.draw.circle(surface, PAPER, at, radius)
    pygame.draw.circle(surface, INK, at, radius, 1)
    text = font(max(11, round(radius * 1.35)), True).render(str(value), True, INK)
    surface.blit(text, text.get_rect(center=(at[0], at[1] + 1)))


def draw_terrain(surface: pygame.Surface, centre: tuple[float, float], size: float, terrain: tuple[str, ...],
                 cost: int) -> None:
    x, y = centre[0] - size * 0.42, centre[1] + size * 0.36
    if "mountain" in terrain:
        points = [(x - size * 0.16, y + size * 0.1), (x, y - size * 0.16), (x + size * 0.16, y + size * 0.1)]
        pygame.draw.polygon(surface, MOUNTAIN, points)
    if "water" in terrain:
        for row in range(2):
            wave = [(x - size * 0.16 + i * size * 0.04, y - size * 0.06 + row * size * 0.1
                     + math.sin(i * 1.6) * size * 0.025) for i in range(9)]
            pygame.draw.lines(surface, WATER, False, wave, 2)
    if cost and size >= 30:
        text = font(max(11, round(size * 0.22))).render(f"${cost}", True, INK)
        surface.blit(text, text.get_rect(midtop=(x, y + size * 0.12)))


def paint_board(surface: pygame.Surface, board: BoardState, layout: MapLayout,
                company_colours: dict[str, tuple[int, int, int]]) -> None:
    """The whole map: every hex with its tile, terrain, stops, values, tokens, names and off-board values."""
    game_map = board.game_map
    size = layout.size
    phase_colours = game_map.phase(board.phase).tiles
    reservations = {(c, i): s for c, i, s in board.home_reservations()}
    tokens: dict[tuple[str, int], list[str]] = {}
    for token in board.tokens:
        tokens.setdefault((token.hex, token.city), []).append(token.company)
    name_font = font(max(11, round(size * 0.24)))
    for coord, hx in game_map.hexes.items():
        spec, colour, tile_id, _rotation = board.tile_on(coord)
        centre = layout.centres[coord]
        colour = hx.color if tile_id is None else colour
        places = draw_tile(surface, centre, size, spec, colour, game_map.layout, outline=(70, 70, 70))
        if tile_id is None and (hx.terrain or hx.cost):
            draw_terrain(surface, centre, size, hx.terrain, hx.cost)
        for edge in hx.impassable:
            corners = unit_corners(game_map.layout, centre, size)
            pygame.draw.line(surface, (30, 80, 200), corners[(edge + 1) % 6], corners[(edge + 2) % 6], 5)
        radius = max(3.0, size * 0.2)
        for index, city in enumerate(spec.cities):
            at = (centre[0] + places[city.id][0] * size, centre[1] + places[city.id][1] * size)
            slots = city_slot_centres(at, city.slots, radius)
            held = tokens.get((coord, index), [])
            reserved = [s for (c, i), s in reservations.items() if c == coord and i in (index, None)]
            for slot, sym in zip(slots, held + reserved, strict=False):
                company = company_colours.get(sym, (128, 128, 128))
                if sym in held:
                    pygame.draw.circle(surface, company, slot, radius - 2)
                    ink = text_colour_on(company)
                else:  # an empty home slot: the owner's ring
                    pygame.draw.circle(surface, company, slot, radius - 2, 2)
                    ink = company
                label = font(max(9, round(radius * 0.95)), True).render(sym, True, ink)
                surface.blit(label, label.get_rect(center=slot))
            if city.revenue and not isinstance(city.revenue, dict):
                draw_value(surface, (at[0] - radius * 1.2 - size * 0.1 * (len(slots) > 1),
                                     at[1] - radius * 1.25), city.revenue, size)
        for town in spec.towns:
            at = (centre[0] + places[town.id][0] * size, centre[1] + places[town.id][1] * size)
            if town.revenue and not isinstance(town.revenue, dict):
                draw_value(surface, (at[0] + size * 0.24, at[1] - size * 0.2), town.revenue, size)
        for offboard in spec.offboards:
            draw_offboard_values(surface, centre, size, offboard.revenue, phase_colours)
        if hx.name and size >= 24:
            fitted = name_font if name_font.size(hx.name)[0] <= size * 1.6 else font(max(10, round(size * 0.2)))
            draw_name(surface, fitted, hx.name, (centre[0], centre[1] + size * 0.62), hx.color == "red")
        if tile_id is not None and size >= 30:
            text = font(max(10, round(size * 0.2))).render(tile_id, True, INK)
            surface.blit(text, text.get_rect(center=(centre[0] + size * 0.52, centre[1] + size * 0.42)))


def draw_name(surface: pygame.Surface, name_font: pygame.font.Font, name: str, at: tuple[float, float],
              on_red: bool) -> None:
    text = name_font.render(name, True, PAPER if on_red else INK)
    rect = text.get_rect(center=at)
    if not on_red:
        back = pygame.Surface((rect.width + 4, rect.height), pygame.SRCALPHA)
        back.fill((250, 248, 236, 150))
        surface.blit(back, rect.inflate(4, 0))
    surface.blit(text, rect)


def draw_offboard_values(surface: pygame.Surface, centre: tuple[float, float], size: float, revenue: Revenue,
                         phase_colours: tuple[str, ...]) -> None:
    """The off-board's value per tile colour (the current one framed), or its single value."""
    table = revenue if isinstance(revenue, dict) else {"": revenue}
    box_w, box_h = max(16.0, size * 0.42), max(12.0, size * 0.3)
    items = list(table.items())
    left = centre[0] - box_w * len(items) / 2
    top = centre[1] - size * 0.58
    current = next((c for c in reversed(phase_colours) if c in table), None)
    for index, (key, value) in enumerate(items):
        rect = pygame.Rect(round(left + index * box_w), round(top), round(box_w) - 1, round(box_h))
        fill = PHASE_COLOURS.get(key, PAPER)
        pygame.draw.rect(surface, fill, rect)
        pygame.draw.rect(surface, ACCENT if key == current else INK, rect, 2 if key == current else 1)
        text = font(max(10, round(box_h * 0.85)), True).render(str(value), True, text_colour_on(fill))
        surface.blit(text, text.get_rect(center=rect.center))


def draw_routes(surface: pygame.Surface, board: BoardState, layout: MapLayout, routes: list[DrawnRoute],
                stop_names: bool = True) -> None:
    """Each train's run in its own colour along the tile paths it uses, its stops ringed."""
    size = layout.size
    width = max(3, round(size * 0.11))
    for number, route in enumerate(routes):
        colour = TRAIN_COLOURS[number % len(TRAIN_COLOURS)]
        for coord, path in route.paths:
            spec = board.tile_on(coord)[0]
            places = node_positions(spec, layout.board_layout)
            points = path_points(spec, path, layout.board_layout, places, layout.centres[coord], size)
            pygame.draw.lines(surface, colour, False, points, width)
            for end in points[0], points[-1]:
                pygame.draw.circle(surface, colour, end, width / 2)
        for stop in route.stops:
            coord, _, node = stop.partition(".")
            at = stop_places(board, layout, coord).get(node)
            if at is not None:
                pygame.draw.circle(surface, colour, at, max(5.0, size * 0.27), max(2, round(size * 0.06)))
