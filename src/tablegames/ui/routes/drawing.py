"""Painting the planner: hexes, tiles and their track drawn from the tile paths, stops with slots, tokens and values,
off-boards with their phase values, water and mountains in their own colours, the hexes' coordinates around the
map, and the trains' runs along the track. One function paints a tile at any size (the map and the tile tray share
it). The board is painted once per board version into a cached surface; everything painted is also recorded as
*ink* for the label placer (`labels.py`), which puts the names where they cover none of it (`name_layer` draws
them over the runs)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tablegames.routes.hexmap import (
    BoardState,
    GameMap,
    MapHex,
    Revenue,
    TileSpec,
    edge_midpoint,
    hex_center,
    hex_corners,
    is_edge_end,
)
from tablegames.ui import draw
from tablegames.ui.canvas import layer
from tablegames.ui.routes.controller import DrawnRoute
from tablegames.ui.routes.labels import (
    Box,
    Circle,
    Ink,
    LabelPlan,
    LabelRequest,
    Rect,
    Segment,
    Variant,
    place_labels,
    polyline,
    split_name,
)
from tablegames.ui.theme import ACCENT, draw_text, line_height, text_size

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
WATER = (50, 110, 190)
WATER_FILL = (164, 202, 232)  # an unbuilt water hex
WATER_TEXTURE = (132, 178, 222)
MOUNTAIN = (132, 100, 64)
MOUNTAIN_DARK = (96, 74, 52)
MOUNTAIN_FILL = (208, 188, 150)  # an unbuilt mountain (hills) hex
NAME_SIZE = 18  # hex names: pygame's font at 18 is 12 px high (the least readable size on the 1280 x 800 canvas)
NAME_PAD = 3  # the paper either side of a name
MARKER = 12  # a name shown on hover only is marked by a gold tag this wide
NAME_REACH = 0.86  # a name's middle lies within this many hex sizes of its hex's middle: inside the hex
COORD_SIZE = 18
COORD_MARGIN = 18  # room around the map for the hexes' coordinates
COORD_COLOUR = (150, 160, 185)
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
              layout: str, outline: tuple[int, int, int] | None = (90, 90, 90), ink: list[Ink] | None = None,
              fill: tuple[int, int, int] | None = None,
              texture: Callable[[pygame.Surface, tuple[float, float], float], None] | None = None
              ) -> dict[str, tuple[float, float]]:
    """A hex of `colour` (or `fill`, with `texture` over it) with the tile's track, cities (empty slots), towns and
    label; returns node positions. `ink`: where to add what was drawn that a name may not cover."""
    ink = [] if ink is None else ink
    corners = unit_corners(layout, centre, size)
    draw.polygon(surface, fill or HEX_COLOURS.get(colour, HEX_COLOURS["white"]), corners)
    if texture is not None:
        texture(surface, centre, size)
    places = node_positions(spec, layout)
    width = max(2, round(size * 0.16))
    for number in range(len(spec.paths)):
        points = path_points(spec, number, layout, places, centre, size)
        draw.lines(surface, TRACK, False, points, width)
        for end in points[0], points[-1]:
            draw.circle(surface, TRACK, end, width / 2 - 0.5)
        ink.extend(polyline(points, width / 2 + 0.5))
    radius = max(3.0, size * 0.2)
    for node in spec.nodes:
        x, y = places.get(node.id, (0.0, 0.0))
        at = (centre[0] + x * size, centre[1] + y * size)
        if node.kind == "city":
            slots = city_slot_centres(at, node.slots, radius)
            if len(slots) > 1:
                boxes = [pygame.Rect(sx - radius, sy - radius, 2 * radius, 2 * radius) for sx, sy in slots]
                box = boxes[0].unionall(boxes[1:])
                draw.rect(surface, PAPER, box, border_radius=round(radius))
                draw.rect(surface, INK, box, 2, border_radius=round(radius))
                ink.append(Rect((box.left, box.top, box.right, box.bottom)))
            for slot in slots:
                draw.circle(surface, PAPER, slot, radius)
                draw.circle(surface, INK, slot, radius, max(1, round(size * 0.035)))
                ink.append(Circle(slot, radius))
        elif node.kind == "town":  # a black dot ringed in white, so it shows on the track
            draw.circle(surface, PAPER, at, max(3.5, size * 0.15))
            draw.circle(surface, INK, at, max(2.5, size * 0.11))
            ink.append(Circle(at, max(3.5, size * 0.15)))
        elif node.kind == "junction":
            draw.circle(surface, TRACK, at, width / 2)
    if spec.label and size >= 16:
        rect = draw_text(surface, spec.label, (centre[0] + size * 0.5, centre[1] - size * 0.45),
                         max(12, round(size * 0.38)), INK, "center", bold=True)
        ink.append(box_of(rect))
    if outline is not None:
        draw.polygon(surface, outline, corners, 1)
    return places


def box_of(rect: pygame.Rect) -> Rect:
    return Rect((rect.left, rect.top, rect.right, rect.bottom))


# -------------------------------------------------------------------------------------------------- the map
@dataclass
class MapLayout:
    """Where the map's hexes go inside `rect`: the largest hex size that fits, leaving `margin` around the map for
    its coordinates. `bbox`: the hexes' extent on screen (left, top, right, bottom); `bounds`: the map's whole area
    (`rect`), where names may go."""

    board_layout: str
    size: float
    offset: tuple[float, float]
    centres: dict[str, tuple[float, float]]
    bbox: Box = (0.0, 0.0, 0.0, 0.0)
    bounds: Box = (0.0, 0.0, 0.0, 0.0)

    @classmethod
    def fit(cls, board: BoardState, rect: pygame.Rect, margin: int = 0) -> MapLayout:
        game_map = board.game_map
        layout = game_map.layout
        inner = rect.inflate(-2 * margin, -2 * margin)
        xs, ys = [], []
        for hx in game_map.hexes.values():
            for x, y in hex_corners(hx.x, hx.y, layout, 1.0):
                xs.append(x)
                ys.append(y)
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        size = min(inner.width / width, inner.height / height)
        left = inner.x + (inner.width - width * size) / 2 - min(xs) * size
        top = inner.y + (inner.height - height * size) / 2 - min(ys) * size
        centres = {}
        for coord, hx in game_map.hexes.items():
            cx, cy = hex_center(hx.x, hx.y, layout, size)
            centres[coord] = (left + cx, top + cy)
        bbox = (left + min(xs) * size, top + min(ys) * size, left + max(xs) * size, top + max(ys) * size)
        bounds = (float(rect.left), float(rect.top), float(rect.right), float(rect.bottom))
        return cls(layout, size, (left, top), centres, bbox, bounds)

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


def draw_value(surface: pygame.Surface, at: tuple[float, float], value: int, size: float) -> Circle:
    radius = max(7.0, size * 0.17)
    draw.circle(surface, PAPER, at, radius)
    draw.circle(surface, INK, at, radius, 1)
    draw_text(surface, str(value), (at[0], at[1] + 1), max(11, round(radius * 1.35)), INK, "center", bold=True)
    return Circle(at, radius)


def terrain_fill(hx: MapHex) -> tuple[int, int, int] | None:
    """An unbuilt white hex of water or mountains is painted in its own colour."""
    if hx.color != "white":
        return None
    if "water" in hx.terrain:
        return WATER_FILL
    if "mountain" in hx.terrain:
        return MOUNTAIN_FILL
    return None


def draw_water_texture(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """Faint waves across a water hex (a texture: names may lie over it)."""
    for row in (-0.5, 0.0, 0.5):
        left = centre[0] - size * (0.62 - abs(row) * 0.3)
        wave = [(left + i * size * 0.08, centre[1] + row * size + math.sin(i * 1.4) * size * 0.035)
                for i in range(round((1.24 - abs(row) * 0.6) / 0.08))]
        if len(wave) > 1:
            draw.lines(surface, WATER_TEXTURE, False, wave, 2)


def draw_terrain(surface: pygame.Surface, centre: tuple[float, float], size: float, terrain: tuple[str, ...],
                 cost: int) -> list[Ink]:
    """The terrain's sign at the hex's lower left (peaks for mountains, else waves for water: a hex of both is
    painted as water and shows the peaks) and its cost below it."""
    x, y = centre[0] - size * 0.42, centre[1] + size * 0.3
    drawn = []
    if "mountain" in terrain:
        drawn.append(draw_peaks(surface, (x, y), size * 0.42))
    elif "water" in terrain:
        for row in range(2):
            wave = [(x - size * 0.2 + i * size * 0.05, y - size * 0.07 + row * size * 0.12
                     + math.sin(i * 1.6) * size * 0.03) for i in range(9)]
            draw.lines(surface, WATER, False, wave, max(2, round(size * 0.05)))
        drawn.append(pygame.Rect(round(x - size * 0.22), round(y - size * 0.12), round(size * 0.44),
                                 round(size * 0.26)))
    if cost and size >= 24:
        rect = draw_text(surface, f"${cost}", (x, y + size * 0.14), max(13, round(size * 0.26)), INK, "midtop",
                         bold=True)
        drawn.append(rect)
    return [box_of(rect) for rect in drawn]


def draw_peaks(surface: pygame.Surface, at: tuple[float, float], width: float) -> pygame.Rect:
    """Two mountain peaks with snow on the taller, `width` wide, centred on `at`."""
    x, y = at
    base = y + width * 0.28
    tall = [(x - width * 0.5, base), (x - width * 0.08, y - width * 0.36), (x + width * 0.3, base)]
    low = [(x - width * 0.05, base), (x + width * 0.24, y - width * 0.12), (x + width * 0.5, base)]
    draw.polygon(surface, MOUNTAIN_DARK, low)
    draw.polygon(surface, MOUNTAIN, tall)
    snow = [(x - width * 0.2, y - width * 0.18), (x - width * 0.08, y - width * 0.36), (x + width * 0.04, y - width * 0.18)]
    draw.polygon(surface, PAPER, snow)
    draw.lines(surface, INK, True, tall, 1)
    return pygame.Rect(round(x - width * 0.5), round(y - width * 0.36), round(width), round(width * 0.64))


def stop_ring_radius(size: float) -> float:
    """The ring a drawn run puts around a stop (names keep clear of it)."""
    return max(5.0, size * 0.27)


def paint_board(surface: pygame.Surface, board: BoardState, layout: MapLayout,
                company_colours: dict[str, tuple[int, int, int]], name_size: int = NAME_SIZE,
                ink: list[Ink] | None = None) -> LabelPlan:
    """The whole map: every hex with its tile, terrain, stops, values, tokens and off-board values, and the hexes'
    coordinates around it. Returns where the names fit (`LabelPlan`, the names shown on hover only marked):
    `name_layer` draws them, over the drawn runs. `ink`: where to add what was painted that names keep clear of."""
    game_map = board.game_map
    size = layout.size
    phase_colours = game_map.phase(board.phase).tiles
    reservations = {(c, i): s for c, i, s in board.home_reservations()}
    tokens: dict[tuple[str, int], list[str]] = {}
    for token in board.tokens:
        tokens.setdefault((token.hex, token.city), []).append(token.company)
    ink = [] if ink is None else ink
    for coord, hx in game_map.hexes.items():
        spec, colour, tile_id, _rotation = board.tile_on(coord)
        centre = layout.centres[coord]
        unbuilt = tile_id is None
        colour = hx.color if unbuilt else colour
        fill = terrain_fill(hx) if unbuilt else None
        texture = draw_water_texture if fill == WATER_FILL else None
        places = draw_tile(surface, centre, size, spec, colour, game_map.layout, outline=(70, 70, 70), ink=ink,
                           fill=fill, texture=texture)
        if unbuilt and (hx.terrain or hx.cost):
            ink.extend(draw_terrain(surface, centre, size, hx.terrain, hx.cost))
        for edge in hx.impassable:
            corners = unit_corners(game_map.layout, centre, size)
            ends = corners[(edge + 1) % 6], corners[(edge + 2) % 6]
            draw.line(surface, (30, 80, 200), *ends, 5)
            ink.append(Segment(ends[0], ends[1], 3.0))
        radius = max(3.0, size * 0.2)
        for index, city in enumerate(spec.cities):
            at = (centre[0] + places[city.id][0] * size, centre[1] + places[city.id][1] * size)
            slots = city_slot_centres(at, city.slots, radius)
            held = tokens.get((coord, index), [])
            reserved = [s for (c, i), s in reservations.items() if c == coord and i in (index, None)]
            for slot, sym in zip(slots, held + reserved, strict=False):
                company = company_colours.get(sym, (128, 128, 128))
                if sym in held:
                    draw.circle(surface, company, slot, radius - 2)
                    ink_colour = text_colour_on(company)
                else:  # an empty home slot: the owner's ring
                    draw.circle(surface, company, slot, radius - 2, 2)
                    ink_colour = company
                draw_text(surface, sym, slot, max(9, round(radius * 0.95)), ink_colour, "center", bold=True)
            if city.revenue and not isinstance(city.revenue, dict):
                ink.append(draw_value(surface, (at[0] - radius * 1.2 - size * 0.1 * (len(slots) > 1),
                                                at[1] - radius * 1.25), city.revenue, size))
        for town in spec.towns:
            at = (centre[0] + places[town.id][0] * size, centre[1] + places[town.id][1] * size)
            if town.revenue and not isinstance(town.revenue, dict):
                ink.append(draw_value(surface, (at[0] + size * 0.24, at[1] - size * 0.2), town.revenue, size))
        for offboard in spec.offboards:
            ink.extend(draw_offboard_values(surface, centre, size, offboard.revenue, phase_colours))
        if tile_id is not None and size >= 30:
            rect = draw_text(surface, tile_id, (centre[0] + size * 0.52, centre[1] + size * 0.42),
                             max(10, round(size * 0.2)), INK, "center")
            ink.append(box_of(rect))
    ink.extend(paint_coordinates(surface, game_map, layout))
    return place_labels(name_requests(board, layout, name_size), ink, layout.bounds, marker=MARKER)


# ------------------------------------------------------------------------------------------ names and coordinates
def name_variants(name: str, size: int = NAME_SIZE) -> tuple[Variant, ...]:
    """The ways a name may be written (one line, or two) with the size of each on its paper back."""
    variants = []
    for lines in split_name(name):
        width = max(text_size(line, size)[0] for line in lines) + 2 * NAME_PAD
        variants.append(Variant(lines, width, line_height(size) * len(lines) + 1))
    return tuple(variants)


def name_anchor(board: BoardState, layout: MapLayout, coord: str) -> Box:
    """What a hex's name belongs to: the box around its stops as drawn, or its middle when it has none drawn."""
    spec = board.tile_on(coord)[0]
    places = stop_places(board, layout, coord)
    size = layout.size
    radius = max(3.0, size * 0.2)
    boxes: list[Box] = []
    for city in spec.cities:
        for x, y in city_slot_centres(places[city.id], city.slots, radius):
            boxes.append((x - radius, y - radius, x + radius, y + radius))
    for town in spec.towns:
        x, y = places[town.id]
        boxes.append((x - size * 0.15, y - size * 0.15, x + size * 0.15, y + size * 0.15))
    if not boxes:
        x, y = layout.centres[coord]
        return (x - size * 0.12, y - size * 0.12, x + size * 0.12, y + size * 0.12)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def name_requests(board: BoardState, layout: MapLayout, size: int = NAME_SIZE) -> list[LabelRequest]:
    """A name for every named hex of the map, its middle within the hex."""
    return [LabelRequest(coord, name_anchor(board, layout, coord), name_variants(hx.name, size), layout.size * 0.3,
                         layout.centres[coord], layout.size * NAME_REACH)
            for coord, hx in board.game_map.hexes.items() if hx.name]


def name_picture(lines: tuple[str, ...], box: Box, size: int = NAME_SIZE) -> pygame.Surface:
    """A name on its paper back, its lines centred, the size of `box`."""
    width, height = round(box[2] - box[0]), round(box[3] - box[1])
    picture = layer((width, height))
    draw.rect(picture, (*PAPER, 215), picture.get_rect(), border_radius=3)
    for number, line in enumerate(lines):
        draw_text(picture, line, (width / 2, 1 + number * line_height(size)), size, INK, "midtop")
    return picture


def marker_picture(side: int = MARKER) -> pygame.Surface:
    """The sign of a name shown on hover only: a small gold tag (nothing else on the map looks like it)."""
    picture = layer((side, side))
    draw.rect(picture, ACCENT, picture.get_rect(), border_radius=3)
    draw.rect(picture, INK, picture.get_rect(), 2, border_radius=3)
    return picture


def name_layer(plan: LabelPlan, size: int = NAME_SIZE) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The names and markers of `plan` as pictures and where they go (made once per paint, blitted each frame)."""
    pictures = [(name_picture(p.lines, p.box, size), (round(p.box[0]), round(p.box[1])))
                for p in plan.placed.values()]
    marker = marker_picture()
    pictures += [(marker, (round(box[0]), round(box[1]))) for box in plan.hover.values()]
    return pictures


def coordinate_labels(game_map: GameMap, layout: MapLayout) -> list[tuple[str, tuple[float, float]]]:
    """The hexes' coordinates around the map: each column's on the top and bottom edges, each row's on the left and
    right (pointy maps: numbers across, letters down; flat maps: letters across, numbers down)."""
    columns, rows = {}, {}
    for hx in game_map.hexes.values():
        name = hx.coord
        letters = name.rstrip("0123456789")
        number = name[len(letters):]
        column, row = (number, letters) if game_map.layout == "pointy" else (letters, number)
        columns[hx.x] = column
        rows[hx.y] = row
    left, top, right, bottom = layout.bbox
    half = COORD_MARGIN / 2
    out = []
    for x, text in columns.items():
        sx = layout.offset[0] + hex_center(x, 0, game_map.layout, layout.size)[0]
        out += [(text, (sx, top - half)), (text, (sx, bottom + half))]
    for y, text in rows.items():
        sy = layout.offset[1] + hex_center(0, y, game_map.layout, layout.size)[1]
        out += [(text, (left - half, sy)), (text, (right + half, sy))]
    return out


def paint_coordinates(surface: pygame.Surface, game_map: GameMap, layout: MapLayout) -> list[Ink]:
    """The coordinates around the map; returns their boxes."""
    return [box_of(draw_text(surface, text, at, COORD_SIZE, COORD_COLOUR, anchor="center", bold=True))
            for text, at in coordinate_labels(game_map, layout)]


def draw_hex_tag(surface: pygame.Surface, lines: list[str], layout: MapLayout, coord: str, area: pygame.Rect,
                 size: int) -> None:
    """The hovered hex's tag: its coordinate, name and terrain, above the hex (below it near the top)."""
    step = line_height(size)
    width = max(text_size(line, size)[0] for line in lines) + 12
    height = step * len(lines) + 8
    cx, cy = layout.centres[coord]
    rect = pygame.Rect(0, 0, width, height)
    rect.midbottom = (round(cx), round(cy - layout.size * 0.95))
    if rect.top < area.top:
        rect.midtop = (round(cx), round(cy + layout.size * 0.95))
    rect = rect.clamp(area)
    draw.rect(surface, (20, 22, 30), rect, border_radius=6)
    draw.rect(surface, ACCENT, rect, 1, border_radius=6)
    for number, line in enumerate(lines):
        draw_text(surface, line, (rect.x + 6, rect.y + 4 + number * step), size,
                  (240, 240, 240) if number else ACCENT)


def draw_offboard_values(surface: pygame.Surface, centre: tuple[float, float], size: float, revenue: Revenue,
                         phase_colours: tuple[str, ...]) -> list[Ink]:
    """The off-board's value per tile colour (the current one framed), or its single value; returns its boxes."""
    table = revenue if isinstance(revenue, dict) else {"": revenue}
    box_w, box_h = max(16.0, size * 0.42), max(12.0, size * 0.3)
    items = list(table.items())
    left = centre[0] - box_w * len(items) / 2
    top = centre[1] - size * 0.58
    current = next((c for c in reversed(phase_colours) if c in table), None)
    drawn: list[Ink] = []
    for index, (key, value) in enumerate(items):
        rect = pygame.Rect(round(left + index * box_w), round(top), round(box_w) - 1, round(box_h))
        fill = PHASE_COLOURS.get(key, PAPER)
        draw.rect(surface, fill, rect)
        draw.rect(surface, ACCENT if key == current else INK, rect, 2 if key == current else 1)
        draw_text(surface, str(value), rect.center, max(10, round(box_h * 0.85)), text_colour_on(fill), "center",
                  bold=True)
        drawn.append(box_of(rect))
    return drawn


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
            draw.lines(surface, colour, False, points, width)
            for end in points[0], points[-1]:
                draw.circle(surface, colour, end, width / 2)
        for stop in route.stops:
            coord, _, node = stop.partition(".")
            at = stop_places(board, layout, coord).get(node)
            if at is not None:
                draw.circle(surface, colour, at, stop_ring_radius(size), max(2, round(size * 0.06)))
