"""Hex maps for 18xx boards: coordinates, the tile language, rotations, upgrades and the track graph.

Coordinates are the "doubled" coordinates of the 18xx.games engine (see ``../shared/data/18xx/README.md``): a hex
name such as ``K4`` or ``AA12`` is a letter part and a number part; in the flat layout letters are columns
(x = letter index, y = number - 1), in the pointy layout rows (x = number - 1, y = letter index). Edges 0-5 run
clockwise on screen; a tile laid with rotation r moves its edge e to map edge (e + r) mod 6.

The tile language is the engine's ``code`` string (``city=revenue:20;path=a:0,b:_0;path=a:_0,b:3``). Node ids
number each node kind on its own, as ``tiles.json`` does: ``c1`` is a tile's second city, ``t0`` its first town,
``o0`` an off-board, ``j0`` a junction.

`build_track_graph` turns a `BoardState` (a map plus laid tiles, tokens and the phase) into a `TrackGraph`: stops,
hex-edge points and segments, each segment carrying the conflict ids two trains may not share. The route search
(``routes/network.py``) compresses that graph into stop-to-stop links; ``routes/hexmap_network.py`` converts one to
the other. The format and the rules are documented in ``docs/routes-maps.md``.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tablegames.routes.limits import MAX_VALUE

LAYOUTS = ("flat", "pointy")
# Neighbour offsets per edge in doubled coordinates (README "Coordinate system").
EDGE_OFFSETS: dict[str, tuple[tuple[int, int], ...]] = {
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    "pointy": ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
}
EDGE_COMPASS: dict[str, tuple[str, ...]] = {
    "flat": ("S", "SW", "NW", "N", "NE", "SE"),
    "pointy": ("SW", "W", "NW", "NE", "E", "SE"),
}
# Tile colours in upgrade order; red (off-boards) is outside it and never changes.
COLOR_ORDER = ("white", "yellow", "green", "brown", "gray")
MAP_COLORS = (*COLOR_ORDER, "red")
STOP_KINDS = ("city", "town", "offboard")
NODE_PREFIX = {"city": "c", "town": "t", "offboard": "o", "junction": "j", "pass": "p", "halt": "h"}
TERRAINS = ("water", "mountain")

_COORD_PATTERN = re.compile(r"^([A-Z]+)(\d+)$")
_END_PATTERN = re.compile(r"^(?:[0-5]|_\d+)$")


# ------------------------------------------------------------------------------------------------ coordinates
def check_layout(layout: str) -> str:
    if layout not in LAYOUTS:
        raise ValueError(f"layout {layout!r}: expected one of {', '.join(LAYOUTS)}")
    return layout


def letters_to_index(letters: str) -> int:
    """A=0 ... Z=25, AA=26, AB=27 ... (bijective base 26, shifted to start at 0)."""
    value = 0
    for char in letters:
        value = value * 26 + (ord(char) - ord("A") + 1)
    return value - 1


def index_to_letters(index: int) -> str:
    if index < 0:
        raise ValueError(f"letter index {index}: expected >= 0")
    letters = ""
    value = index + 1
    while value:
        value, rest = divmod(value - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def parse_coord(name: str, layout: str) -> tuple[int, int]:
    """Hex name -> doubled coordinates (x, y): ``parse_coord("K4", "flat") == (10, 3)``."""
    check_layout(layout)
    match = _COORD_PATTERN.match(name) if isinstance(name, str) else None
    if not match or int(match[2]) < 1:
        raise ValueError(
            f"hex name {name!r}: expected capital letters then a number >= 1, such as K4 or AA12"
        )
    letter, number = letters_to_index(match[1]), int(match[2]) - 1
    return (letter, number) if layout == "flat" else (number, letter)


def coord_name(x: int, y: int, layout: str) -> str:
    """Doubled coordinates -> hex name (the inverse of `parse_coord`)."""
    check_layout(layout)
    letter, number = (x, y) if layout == "flat" else (y, x)
    if letter < 0 or number < 0:
        raise ValueError(f"coordinates ({x}, {y}): expected both >= 0 in the {layout} layout")
    return f"{index_to_letters(letter)}{number + 1}"


def neighbour_xy(x: int, y: int, edge: int, layout: str) -> tuple[int, int]:
    dx, dy = EDGE_OFFSETS[check_layout(layout)][edge % 6]
    return x + dx, y + dy


def opposite_edge(edge: int) -> int:
    return (edge + 3) % 6


def hex_center(x: int, y: int, layout: str, size: float) -> tuple[float, float]:
    """Screen position (y down) of a hex's centre; `size` is the centre-to-corner distance."""
    if check_layout(layout) == "flat":
        return 1.5 * size * x, math.sqrt(3) / 2 * size * y
    return math.sqrt(3) / 2 * size * x, 1.5 * size * y


def hex_corners(x: int, y: int, layout: str, size: float) -> list[tuple[float, float]]:
    """The six corners clockwise on screen (y down); side `edge` runs from corner edge+1 to corner edge+2 (mod 6)."""
    cx, cy = hex_center(x, y, layout, size)
    start = 0.0 if layout == "flat" else 30.0
    return [
        (
            cx + size * math.cos(math.radians(start + 60 * i)),
            cy + size * math.sin(math.radians(start + 60 * i)),
        )
        for i in range(6)
    ]


def edge_midpoint(x: int, y: int, edge: int, layout: str, size: float) -> tuple[float, float]:
    """The middle of side `edge`: half way to the neighbour's centre."""
    cx, cy = hex_center(x, y, layout, size)
    nx, ny = hex_center(*neighbour_xy(x, y, edge, layout), layout, size)
    return (cx + nx) / 2, (cy + ny) / 2


# -------------------------------------------------------------------------------------------- tile language
Revenue = int | dict[str, int]


@dataclass(frozen=True)
class TileNode:
    """A place track can end inside a tile. `revenue` is a number or a colour-keyed table (off-boards)."""

    id: str  # "c0", "t1", "o0", "j0": kind prefix and index among nodes of that kind
    kind: str
    revenue: Revenue = field(default=0, hash=False)  # a table is a dict: compared, not hashed
    slots: int = 0
    groups: tuple[str, ...] = ()
    loc: float | None = None
    hidden: bool = False
    visit_cost: int = 1

    @property
    def is_stop(self) -> bool:
        return self.kind in STOP_KINDS


@dataclass(frozen=True)
class TilePath:
    """One piece of track between two ends: "e0".."e5" (a hex edge) or a node id."""

    a: str
    b: str
    terminal: bool = False
    track: str = "broad"

    @property
    def ends(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


@dataclass(frozen=True)
class TileSpec:
    """A decoded tile code. Edges are as written (rotation 0) unless `rotated` was applied."""

    nodes: tuple[TileNode, ...] = ()
    paths: tuple[TilePath, ...] = ()
    label: str | None = None
    upgrades: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (cost, terrains)
    borders: tuple[tuple[int, str | None], ...] = ()  # (edge, type)
    blocks_lay: bool = False
    icons: tuple[str, ...] = ()

    @property
    def exits(self) -> tuple[int, ...]:
        return tuple(
            sorted({int(end[1:]) for path in self.paths for end in (path.a, path.b) if is_edge_end(end)})
        )

    @property
    def cities(self) -> tuple[TileNode, ...]:
        return tuple(n for n in self.nodes if n.kind == "city")

    @property
    def towns(self) -> tuple[TileNode, ...]:
        return tuple(n for n in self.nodes if n.kind == "town")

    @property
    def offboards(self) -> tuple[TileNode, ...]:
        return tuple(n for n in self.nodes if n.kind == "offboard")

    @property
    def impassable_edges(self) -> frozenset[int]:
        return frozenset(edge for edge, kind in self.borders if kind == "impassable")

    def node(self, node_id: str) -> TileNode:
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(node_id)

    def rotated(self, rotation: int) -> TileSpec:
        """The same tile turned clockwise by `rotation` sixths: edge e becomes (e + rotation) mod 6."""
        r = rotation % 6
        if r == 0:
            return self
        paths = tuple(replace(p, a=rotate_end(p.a, r), b=rotate_end(p.b, r)) for p in self.paths)
        borders = tuple(((edge + r) % 6, kind) for edge, kind in self.borders)
        return replace(self, paths=paths, borders=borders)


def is_edge_end(end: str) -> bool:
    return end.startswith("e")


def rotate_end(end: str, rotation: int) -> str:
    return f"e{(int(end[1:]) + rotation) % 6}" if is_edge_end(end) else end


_REVENUE_NUMBER = re.compile(r"\s*-?[0-9]+\s*")


def parse_revenue(text: str, where: str) -> Revenue:
    """ "20" -> 20; "yellow_30|brown_60|diesel_100" -> {"yellow": 30, "brown": 60, "diesel": 100}. Each value is a
    whole number from 0 to MAX_VALUE (routes.limits)."""

    def value(digits: str) -> int:
        if not _REVENUE_NUMBER.fullmatch(digits):
            raise ValueError(f"{where}: revenue {text!r}, expected a number or colour_value|colour_value")
        number = int(digits) if len(digits.strip()) <= 20 else MAX_VALUE + 1  # int() refuses over 4300 digits
        if not 0 <= number <= MAX_VALUE:
            raise ValueError(f"{where}: revenue {digits.strip()[:40]}, expected 0 to {MAX_VALUE:,}")
        return number

    if "_" not in text:
        return value(text)
    table: dict[str, int] = {}
    for item in text.split("|"):
        key, _, digits = item.rpartition("_")
        table[key] = value(digits if key else "")
    return table


def _params(body: str, where: str) -> dict[str, str]:
    params: dict[str, str] = {}
    for item in body.split(","):
        key, sep, value = item.partition(":")
        if not sep or not key:
            raise ValueError(f"{where}: parameter {item!r}, expected key:value")
        params[key] = value
    return params


def _int_param(params: Mapping[str, str], key: str, default: int, where: str) -> int:
    try:
        return int(params.get(key, default))
    except ValueError:
        raise ValueError(f"{where}: {key}:{params[key]!r}, expected a whole number") from None


_COSMETIC_PARTS = {"stripes", "frame", "future_label", "assign", "partition"}
_NODE_KEYS = {"revenue", "slots", "loc", "hide", "groups", "visit_cost", "route", "format"}


def parse_tile_code(code: str | None, where: str = "tile") -> TileSpec:
    """Decode a tile code string (the 18xx.games tile DSL); `where` names it in error messages."""
    if code is None or code.strip() == "":
        return TileSpec()
    if not isinstance(code, str):
        raise ValueError(f"{where}: code must be a string, got {type(code).__name__}")
    nodes: list[TileNode] = []
    raw_paths: list[tuple[str, str, dict[str, str]]] = []
    label = None
    upgrades: list[tuple[int, tuple[str, ...]]] = []
    borders: list[tuple[int, str | None]] = []
    icons: list[str] = []
    blocks_lay = False
    counts = dict.fromkeys(NODE_PREFIX, 0)
    for index, part in enumerate(p for p in code.split(";") if p):
        at = f"{where}, part {index + 1} ({part!r})"
        kind, _, body = part.partition("=")
        if kind in NODE_PREFIX:
            params = _params(body, at) if body else {}
            unknown = set(params) - _NODE_KEYS
            if unknown:
                raise ValueError(f"{at}: unknown key(s) {', '.join(sorted(unknown))} for a {kind}")
            revenue = parse_revenue(params["revenue"], at) if "revenue" in params else 0
            loc = params.get("loc")
            try:
                loc_value = float(loc) if loc is not None and loc != "center" else None
            except ValueError:
                raise ValueError(f"{at}: loc:{loc!r}, expected an edge number") from None
            nodes.append(
                TileNode(
                    id=f"{NODE_PREFIX[kind]}{counts[kind]}",
                    kind=kind,
                    revenue=revenue,
                    slots=_int_param(params, "slots", 1, at) if kind == "city" else 0,
                    groups=tuple(g for g in params.get("groups", "").split("|") if g),
                    loc=loc_value,
                    hidden=params.get("hide") == "1",
                    visit_cost=_int_param(params, "visit_cost", 1, at),
                )
            )
            counts[kind] += 1
        elif kind == "path":
            params = _params(body, at)
            if "a" not in params or "b" not in params:
                raise ValueError(f"{at}: a path needs both ends a: and b:")
            if "lanes" in params or "a_lane" in params or "b_lane" in params:
                raise ValueError(f"{at}: paths with lanes are not supported")
            for end in (params["a"], params["b"]):
                if not _END_PATTERN.match(end):
                    raise ValueError(f"{at}: path end {end!r}, expected an edge 0-5 or _N for node N")
            raw_paths.append((params["a"], params["b"], params))
        elif kind == "label":
            label = body
        elif kind == "upgrade":
            params = _params(body, at)
            terrain = tuple(t for t in params.get("terrain", "").split("|") if t)
            upgrades.append((_int_param(params, "cost", 0, at), terrain))
        elif kind == "border":
            params = _params(body, at)
            edge = _int_param(params, "edge", -1, at)
            if not 0 <= edge <= 5:
                raise ValueError(f"{at}: border edge {params.get('edge')!r}, expected 0-5")
            borders.append((edge, params.get("type")))
        elif kind == "icon":
            params = _params(body, at)
            icons.append(params.get("image", ""))
            blocks_lay = blocks_lay or params.get("blocks_lay") in ("1", "true")
        elif kind in _COSMETIC_PARTS:
            continue
        else:
            known = ", ".join(
                [*NODE_PREFIX, "path", "label", "upgrade", "border", "icon", *sorted(_COSMETIC_PARTS)]
            )
            raise ValueError(f"{at}: unknown part {kind!r}, expected one of {known}")
    paths = []
    for a, b, params in raw_paths:
        ends = []
        for end in (a, b):
            if end.startswith("_"):
                number = int(end[1:])
                if number >= len(nodes):
                    raise ValueError(
                        f"{where}: path end {end} names node {number}, the tile has {len(nodes)} node(s)"
                    )
                ends.append(nodes[number].id)
            else:
                ends.append(f"e{end}")
        if ends[0] == ends[1]:
            raise ValueError(f"{where}: path a:{a},b:{b} joins an end to itself")
        paths.append(TilePath(ends[0], ends[1], params.get("terminal") == "1", params.get("track", "broad")))
    return TileSpec(
        tuple(nodes), tuple(paths), label, tuple(upgrades), tuple(borders), blocks_lay, tuple(icons)
    )


@dataclass(frozen=True)
class Tile:
    """A tile of the library: its id, colour and decoded code (at rotation 0)."""

    id: str
    color: str
    spec: TileSpec
    code: str = ""
    preprinted_only: bool = False


def make_tile(tile_id: str, color: str, code: str, preprinted_only: bool = False) -> Tile:
    where = f"tile {tile_id}"
    if color not in COLOR_ORDER:
        raise ValueError(f"{where}: colour {color!r}, expected one of {', '.join(COLOR_ORDER)}")
    return Tile(tile_id, color, parse_tile_code(code, where), code, preprinted_only)


def revenue_in_phase(revenue: Revenue, phase_colors: Sequence[str], diesel: bool = False) -> int:
    """A stop's value: a plain number, or (README "Revenue") the diesel value for a D train if any, else the newest
    of the phase's tile colours that has a value."""
    if isinstance(revenue, int):
        return revenue
    if diesel and "diesel" in revenue:
        return revenue["diesel"]
    for color in reversed(phase_colors):
        if color in revenue:
            return revenue[color]
    return 0


# ----------------------------------------------------------------------------------------------- the map
@dataclass(frozen=True)
class MapHex:
    """A hex of the printed map: its preprinted tile (`spec`, at map orientation), terrain and neighbours."""

    coord: str
    x: int
    y: int
    color: str
    spec: TileSpec
    name: str | None = None
    cost: int = 0
    terrain: tuple[str, ...] = ()
    neighbours: Mapping[int, str] = field(
        default_factory=dict, hash=False
    )  # edge -> coord of every touching hex
    impassable: frozenset[int] = frozenset()  # sides with an impassable border (both sides filled in)
    code: str | None = None
    preprinted_tile: str | None = None

    def is_connected_on(self, edge: int) -> bool:
        """Track may cross this side: a hex lies beyond it and no impassable border is in the way."""
        return edge in self.neighbours and edge not in self.impassable


@dataclass(frozen=True)
class Company:
    sym: str
    name: str
    home: str | None = None
    home_city_index: int | None = None
    tokens: int = 1
    color: str = "#808080"


@dataclass(frozen=True)
class Phase:
    name: str
    tiles: tuple[str, ...]  # colours that may be laid
    on: str | None = None  # the train whose first purchase starts the phase
    train_limit: int = 4


@dataclass(frozen=True)
class TrainKind:
    name: str
    distance: int
    unlimited: bool = False
    price: int = 0
    count: int | None = None  # None = unlimited
    rusts_on: str | None = None


@dataclass
class GameMap:
    """A game's board and rules data: hexes, the tile library it uses, the manifest, companies, phases, trains.

    `manifest` counts are None for "unlimited". `source` is the parsed JSON, kept for the sections this model does
    not read (market, privates) so a map can be written back unchanged.
    """

    title: str
    layout: str
    hexes: dict[str, MapHex]
    tiles: dict[str, Tile]
    manifest: dict[str, int | None]
    companies: list[Company]
    phases: list[Phase]
    trains: list[TrainKind]
    game_id: str = ""
    source: dict[str, Any] = field(default_factory=dict, repr=False)  # the map file as read (decoded JSON)
    # (printed code, printed colour, tile id, rotation) -> whether manifest upgrades lead there (`lay_problem`)
    upgrade_chains: dict[tuple[str | None, str, str, int], bool] = field(
        default_factory=dict, repr=False, compare=False
    )

    def phase(self, name: str) -> Phase:
        for phase in self.phases:
            if phase.name == name:
                return phase
        raise ValueError(f"phase {name!r}: expected one of {', '.join(p.name for p in self.phases)}")

    def company(self, sym: str) -> Company:
        for company in self.companies:
            if company.sym == sym:
                return company
        raise ValueError(f"company {sym!r}: expected one of {', '.join(c.sym for c in self.companies)}")

    def hex(self, coord: str) -> MapHex:
        try:
            return self.hexes[coord]
        except KeyError:
            raise ValueError(f"hex {coord!r}: not on the map {self.title!r}") from None


def link_neighbours(layout: str, hexes: dict[str, MapHex]) -> dict[str, MapHex]:
    """Fill in every hex's neighbours from the coordinates, and copy impassable borders onto both sides."""
    by_xy = {(h.x, h.y): h.coord for h in hexes.values()}
    impassable: dict[str, set[int]] = {coord: set(h.spec.impassable_edges) for coord, h in hexes.items()}
    neighbours: dict[str, dict[int, str]] = {}
    for coord, hx in hexes.items():
        found = {}
        for edge in range(6):
            other = by_xy.get(neighbour_xy(hx.x, hx.y, edge, layout))
            if other is not None:
                found[edge] = other
        neighbours[coord] = found
    for coord in hexes:
        for edge in list(impassable[coord]):
            other = neighbours[coord].get(edge)
            if other is not None:
                impassable[other].add(opposite_edge(edge))
    return {
        coord: replace(hx, neighbours=neighbours[coord], impassable=frozenset(impassable[coord]))
        for coord, hx in hexes.items()
    }


# ------------------------------------------------------------------------------------------ board states
@dataclass(frozen=True)
class PlacedTile:
    tile: str
    rotation: int = 0


@dataclass(frozen=True)
class Token:
    """A company's station token on city number `city` (c0 = 0) of the tile on `hex`."""

    hex: str
    city: int
    company: str


@dataclass
class BoardState:
    """A game's board as it stands: the map, tiles laid (with rotations), tokens, the phase and each company's
    trains. `map_ref` is how a board file names its map (kept for saving)."""

    game_map: GameMap
    tiles: dict[str, PlacedTile] = field(default_factory=dict)
    tokens: list[Token] = field(default_factory=list)
    phase: str = ""
    trains: dict[str, list[str]] = field(default_factory=dict)
    map_ref: str = ""

    def __post_init__(self) -> None:
        if not self.phase:
            self.phase = self.game_map.phases[0].name

    def tile_on(self, coord: str) -> tuple[TileSpec, str, str | None, int]:
        """What lies on a hex now: (spec at map orientation, colour, tile id or None if preprinted, rotation)."""
        hx = self.game_map.hex(coord)
        placed = self.tiles.get(coord)
        if placed is None:
            return hx.spec, hx.color, None, 0
        tile = self.game_map.tiles[placed.tile]
        return tile.spec.rotated(placed.rotation), tile.color, tile.id, placed.rotation

    def tiles_in_use(self, tile_id: str) -> int:
        return sum(1 for placed in self.tiles.values() if placed.tile == tile_id)

    def tiles_remaining(self, tile_id: str) -> int | None:
        """How many of a tile are left in the supply (None: unlimited; 0 also for tiles outside the manifest)."""
        if tile_id not in self.game_map.manifest:
            return 0
        count = self.game_map.manifest[tile_id]
        return None if count is None else count - self.tiles_in_use(tile_id)

    def home_reservations(self) -> list[tuple[str, int | None, str]]:
        """(hex, city index or None for "any city of the hex", company) for every home not yet tokened."""
        reservations = []
        for company in self.game_map.companies:
            if company.home is None or company.home not in self.game_map.hexes:
                continue
            if any(t.company == company.sym and t.hex == company.home for t in self.tokens):
                continue
            index = company.home_city_index
            if index is None and len(self.tile_on(company.home)[0].cities) == 1:
                index = 0
            reservations.append((company.home, index, company.sym))
        return reservations

    def check(self) -> None:
        """Raise ValueError if tiles, tokens, phase or trains do not fit the map, or a tile could not lie where it
        does in this phase (`lay_problem`: the hex and the reason)."""
        game_map = self.game_map
        game_map.phase(self.phase)
        for coord, placed in self.tiles.items():  # each tile on its own first: a lay looks at its neighbours' tiles
            where = f"tile on {coord}"
            hx = game_map.hex(coord)
            if placed.tile not in game_map.tiles:
                raise ValueError(f"{where}: tile {placed.tile!r} is not in the map's tile library")
            if not isinstance(placed.rotation, int) or not 0 <= placed.rotation <= 5:
                raise ValueError(f"{where}: rotation {placed.rotation!r}, expected 0-5")
            if hx.color in ("red", "gray"):
                raise ValueError(f"{where}: {coord} is a {hx.color} hex, its track is fixed")
        for coord in self.tiles:
            problem = lay_problem(self, coord)
            if problem is not None:
                raise ValueError(f"tile on {coord}: {problem}")
        for tile_id in {p.tile for p in self.tiles.values()}:
            remaining = self.tiles_remaining(tile_id)
            if remaining is not None and remaining < 0:
                count = game_map.manifest.get(tile_id, 0)
                raise ValueError(
                    f"tile {tile_id}: {self.tiles_in_use(tile_id)} laid, the manifest has {count}"
                )
        holders_of: dict[tuple[str, int], list[str]] = {}
        companies_on: set[tuple[str, str]] = set()
        for token in self.tokens:
            where = f"token {token.company} on {token.hex}"
            game_map.company(token.company)
            spec = self.tile_on(token.hex)[0]
            if not isinstance(token.city, int) or not 0 <= token.city < len(spec.cities):
                raise ValueError(
                    f"{where}: city {token.city!r}, the tile there has {len(spec.cities)} city(ies)"
                )
            if (token.hex, token.company) in companies_on:
                raise ValueError(f"{where}: a company may hold only one token per hex")
            companies_on.add((token.hex, token.company))
            holders = holders_of.setdefault((token.hex, token.city), [])
            holders.append(token.company)
            if len(holders) > spec.cities[token.city].slots:
                raise ValueError(
                    f"{where}: city {token.city} has {spec.cities[token.city].slots} slot(s), all taken"
                )
        known = {t.name for t in game_map.trains}
        for sym, trains in self.trains.items():
            game_map.company(sym)
            for name in trains:
                if name not in known:
                    raise ValueError(
                        f"trains of {sym}: train {name!r}, expected one of {', '.join(sorted(known))}"
                    )


# -------------------------------------------------------------------------------------- upgrades and legality
def color_step(color: str) -> int:
    """Position in the upgrade order; -1 for red (never upgraded)."""
    return COLOR_ORDER.index(color) if color in COLOR_ORDER else -1


def node_maps(old: TileSpec, new: TileSpec) -> Iterable[dict[str, str]]:
    """Every way to match the old tile's nodes to distinct new nodes of the same kind."""
    kinds = sorted({n.kind for n in old.nodes})
    choices = []
    for kind in kinds:
        old_ids = [n.id for n in old.nodes if n.kind == kind]
        new_ids = [n.id for n in new.nodes if n.kind == kind]
        choices.append(
            [dict(zip(old_ids, perm, strict=True)) for perm in itertools.permutations(new_ids, len(old_ids))]
        )
    for combo in itertools.product(*choices):
        mapping: dict[str, str] = {}
        for part in combo:
            mapping.update(part)
        yield mapping


def preserving_node_map(old: TileSpec, new: TileSpec) -> dict[str, str] | None:
    """A node matching under which every old path is also a path of `new` (both at map orientation), or None.
    The matching says which new city inherits each old city's tokens."""
    new_paths = {path.ends for path in new.paths}
    for mapping in node_maps(old, new):
        if all(frozenset(mapping.get(end, end) for end in path.ends) in new_paths for path in old.paths):
            return mapping
    return None


def is_upgrade_allowed(old: TileSpec, old_color: str, new_tile: Tile) -> bool:
    """Colour, label and stop counts allow `new_tile` over `old` (rotation not considered yet)."""
    if color_step(old_color) < 0 or color_step(new_tile.color) != color_step(old_color) + 1:
        return False
    new = new_tile.spec
    if new.label != old.label:
        return False
    if len(new.towns) != len(old.towns) or len(new.offboards) != len(old.offboards):
        return False
    # A labelled hex (OO, NY...) may change its city count; otherwise cities are kept one for one.
    return old.label is not None or len(new.cities) == len(old.cities)


def exits_fit(board: BoardState, coord: str, spec: TileSpec) -> bool:
    """Every exit of `spec` (at map orientation) leads onto the map, across no impassable border, and not into a
    red or gray hex side that has no track (those hexes never change, so the track would be blocked for good)."""
    return exit_problem(board, coord, spec) is None


def exit_problem(board: BoardState, coord: str, spec: TileSpec) -> str | None:
    """Where an exit of `spec` on `coord` leads nowhere (`exits_fit`), or None."""
    hx = board.game_map.hexes[coord]
    for edge in spec.exits:
        if edge not in hx.neighbours:
            return f"its track runs off the map at edge {edge}"
        if edge in hx.impassable:
            return f"its track crosses the impassable side at edge {edge}"
        other = hx.neighbours[edge]
        other_spec, other_color, _, _ = board.tile_on(other)
        if other_color in ("red", "gray") and opposite_edge(edge) not in other_spec.exits:
            return f"its track at edge {edge} meets the {other_color} hex {other}, which has no track there"
    return None


def legal_rotations(board: BoardState, coord: str, tile_id: str) -> list[int]:
    """The rotations at which `tile_id` may be laid on `coord` now (ignoring money and connection to a company):
    the phase allows its colour, the manifest has one left, it is one colour step above what lies there, labels and
    stop counts match, the old track survives, and every new exit leads somewhere (`exits_fit`)."""
    game_map = board.game_map
    tile = game_map.tiles.get(tile_id)
    if tile is None or tile.preprinted_only or tile.spec.blocks_lay:
        return []
    if tile.color not in game_map.phase(board.phase).tiles:
        return []
    remaining = board.tiles_remaining(tile_id)
    if remaining is not None and remaining <= 0:
        return []
    old, old_color, _, _ = board.tile_on(coord)
    if not is_upgrade_allowed(old, old_color, tile):
        return []
    rotations = []
    seen_exits: set[tuple[tuple[str, ...], ...]] = set()
    for rotation in range(6):
        new = tile.spec.rotated(rotation)
        # Symmetric tiles give the same track at several rotations: offer each layout once.
        shape = tuple(sorted(tuple(sorted(p.ends)) for p in new.paths))
        if shape in seen_exits:
            continue
        if preserving_node_map(old, new) is None or not exits_fit(board, coord, new):
            continue
        seen_exits.add(shape)
        rotations.append(rotation)
    return rotations


def legal_placements(board: BoardState, coord: str) -> list[tuple[str, int]]:
    """Every (tile id, rotation) a player may lay on `coord`, from the manifest, in manifest order."""
    board.game_map.hex(coord)
    return [
        (tile_id, r) for tile_id in board.game_map.manifest for r in legal_rotations(board, coord, tile_id)
    ]


def lay_tile(board: BoardState, coord: str, tile_id: str, rotation: int) -> BoardState:
    """A new board with the tile laid (it must be legal). Tokens move to the cities that inherit them."""
    if rotation not in legal_rotations(board, coord, tile_id):
        raise ValueError(f"tile {tile_id} at rotation {rotation} may not be laid on {coord} now")
    old = board.tile_on(coord)[0]
    new = board.game_map.tiles[tile_id].spec.rotated(rotation)
    mapping = preserving_node_map(old, new) or {}
    city_ids = [c.id for c in new.cities]
    tokens = []
    for token in board.tokens:
        if token.hex == coord:
            target = mapping.get(old.cities[token.city].id)
            token = replace(token, city=city_ids.index(target) if target else token.city)
        tokens.append(token)
    tiles = dict(board.tiles)
    tiles[coord] = PlacedTile(tile_id, rotation)
    return replace(board, tiles=tiles, tokens=tokens)


def lay_problem(board: BoardState, coord: str) -> str | None:
    """Why the tile on `coord` could not lie there in the board's phase, or None when it could. A board copied from
    a game shows only the last tile of each hex, so the test is whether legal lays lead there from the printed hex:
    the phase allows the tile's colour; the tile is a later colour than the printed hex; labels match; towns (and,
    on an unlabelled hex, cities) are as many as printed; the printed track survives at this rotation; its exits
    lead onto the map (`exit_problem`); and manifest tiles of each colour in between keep the track all the way."""
    game_map = board.game_map
    hx = game_map.hexes[coord]
    placed = board.tiles[coord]
    tile = game_map.tiles[placed.tile]
    what = f"{tile.color} tile {tile.id}"
    allowed = game_map.phase(board.phase).tiles
    if tile.preprinted_only:
        return f"tile {tile.id} is printed on maps, never laid"
    if tile.color not in allowed:
        return f"{what} in phase {board.phase}, which lays {'/'.join(allowed)} tiles only"
    if color_step(tile.color) <= color_step(hx.color):
        return f"{what} on a {hx.color} hex: a tile replaces one of an earlier colour"
    printed, new = hx.spec, tile.spec.rotated(placed.rotation)
    if new.label != printed.label:
        return f"{what} is labelled {new.label or 'nothing'}, the hex {printed.label or 'nothing'}"
    for kind, old_nodes, new_nodes in (("town", printed.towns, new.towns), ("city", printed.cities, new.cities)):
        if len(new_nodes) != len(old_nodes) and (kind == "town" or printed.label is None):
            change = "drops" if len(new_nodes) < len(old_nodes) else "adds"
            return f"{what} {change} a {kind}: {len(new_nodes)}, the hex has {len(old_nodes)}"
    if preserving_node_map(printed, new) is None:
        lost = sorted(set(printed.exits) - set(new.exits))
        if lost:
            return f"{what} at rotation {placed.rotation} drops the track to edge {', '.join(map(str, lost))}"
        return f"{what} at rotation {placed.rotation} does not keep the printed track's connections"
    leads_nowhere = exit_problem(board, coord, new)
    if leads_nowhere is not None:
        return f"{what} at rotation {placed.rotation}: {leads_nowhere}"
    if not _upgrades_lead_to(game_map, hx, tile, placed.rotation):
        return f"{what} at rotation {placed.rotation}: no manifest tiles lead there from the printed hex"
    return None


def _upgrades_lead_to(game_map: GameMap, hx: MapHex, tile: Tile, rotation: int) -> bool:
    """Some manifest tile of each colour between the printed hex and `tile` upgrades to the next, keeping the
    track (any rotation, counts not minded: an upgraded tile goes back to the supply). Remembered per printed
    hex kind on the map, since many hexes print the same thing."""
    key = (hx.code, hx.color, tile.id, rotation)
    if key not in game_map.upgrade_chains:
        target = tile.spec.rotated(rotation)
        level: list[tuple[TileSpec, str]] = [(hx.spec, hx.color)]
        for step in range(color_step(hx.color) + 1, color_step(tile.color)):
            shapes: dict[tuple[frozenset[frozenset[str]], str | None], tuple[TileSpec, str]] = {}
            for tile_id in game_map.manifest:
                between = game_map.tiles[tile_id]
                if between.color != COLOR_ORDER[step] or between.preprinted_only:
                    continue
                for old, old_color in level:
                    if not is_upgrade_allowed(old, old_color, between):
                        continue
                    for turn in range(6):
                        spec = between.spec.rotated(turn)
                        if preserving_node_map(old, spec) is not None:
                            shape = (frozenset(p.ends for p in spec.paths), spec.label)
                            shapes.setdefault(shape, (spec, between.color))
            level = list(shapes.values())
        game_map.upgrade_chains[key] = any(
            is_upgrade_allowed(old, old_color, tile) and preserving_node_map(old, target) is not None
            for old, old_color in level
        )
    return game_map.upgrade_chains[key]


# --------------------------------------------------------------------------------------------- track graph
@dataclass(frozen=True)
class GraphStop:
    """A revenue centre of the board. `revenue` and `diesel_revenue` give its value in each phase for ordinary
    trains and for a D train. `tokens` are the companies in its slots; `reserved` the companies whose home slot
    here is still empty (a reservation on a hex with several cities is listed on each of them)."""

    name: str  # "<hex>.<node id>", e.g. "K4.c0"
    hex: str
    node: str
    kind: str
    revenue: Mapping[str, int] = field(hash=False)
    diesel_revenue: Mapping[str, int] = field(hash=False)
    slots: int = 0
    tokens: tuple[str, ...] = ()
    reserved: tuple[str, ...] = ()
    groups: tuple[str, ...] = ()
    place: str | None = None

    def is_blocked_for(self, company: str) -> bool:
        """Every slot holds another company's token: a route may end here but not run through."""
        return self.kind == "city" and len(self.tokens) >= self.slots and company not in self.tokens

    def value(self, phase: str, diesel: bool = False) -> int:
        return (self.diesel_revenue if diesel else self.revenue)[phase]


@dataclass(frozen=True)
class GraphJunction:
    """A point where track meets without a stop: a hex edge point ("<hex>.e<edge>", `crossing`: a route passing it
    goes from this hex's track across the side, never from one track of the hex to another) or a tile junction."""

    name: str
    hex: str
    edge: int | None = None
    crossing: bool = False


@dataclass(frozen=True)
class GraphSegment:
    """A piece of track between two graph nodes. Kind "path": a tile-internal path of `hex`, conflict id
    "<hex>.p<index>". Kind "crossing": a hex side joining two edge points, conflict id "side:<hex>.<edge>|..."."""

    a: str
    b: str
    kind: str
    conflicts: frozenset[str]
    hex: str | None = None  # None for a crossing
    length: int = 0  # hexes entered: 1 per crossing
    track: str = "broad"  # the path's gauge; a crossing carries whatever gauge meets there ("dual")


@dataclass
class TrackGraph:
    """A board's track as plain lists: stops, junctions and segments. Two routes may share stops (unless blocked)
    but no conflict id; one route uses no stop and no conflict id twice."""

    stops: list[GraphStop]
    junctions: list[GraphJunction]
    segments: list[GraphSegment]
    phases: list[str]

    def stop(self, name: str) -> GraphStop:
        for stop in self.stops:
            if stop.name == name:
                return stop
        raise KeyError(name)

    def conflict_ids(self) -> list[str]:
        return sorted({c for seg in self.segments for c in seg.conflicts})


def side_id(game_map: GameMap, coord: str, edge: int) -> str:
    """The one name both hexes use for the side between them."""
    other = game_map.hexes[coord].neighbours[edge]
    ends = sorted([(coord, edge), (other, opposite_edge(edge))])
    return "side:" + "|".join(f"{c}.{e}" for c, e in ends)


def build_track_graph(board: BoardState) -> TrackGraph:
    """The board's track graph: every tile path its own segment, every hex side with track on both faces a
    crossing segment, cities with slots, tokens and home reservations, off-boards with their phase values."""
    board.check()
    game_map = board.game_map
    phase_colors = {p.name: p.tiles for p in game_map.phases}
    reservations: dict[tuple[str, int | None], list[str]] = {}
    for coord, index, sym in board.home_reservations():
        reservations.setdefault((coord, index), []).append(sym)
    tokens: dict[tuple[str, int], list[str]] = {}
    for token in board.tokens:
        tokens.setdefault((token.hex, token.city), []).append(token.company)

    stops: list[GraphStop] = []
    junctions: list[GraphJunction] = []
    segments: list[GraphSegment] = []
    edge_points: set[tuple[str, int]] = set()
    for coord, hx in game_map.hexes.items():
        spec = board.tile_on(coord)[0]
        city_index = {c.id: i for i, c in enumerate(spec.cities)}
        for node in spec.nodes:
            name = f"{coord}.{node.id}"
            if node.kind == "junction":
                junctions.append(GraphJunction(name, coord))
                continue
            if not node.is_stop:
                raise ValueError(f"hex {coord}: node kind {node.kind!r} is not supported by the track graph")
            index = city_index.get(node.id)
            reserved = tuple(reservations.get((coord, index), []) + reservations.get((coord, None), []))
            stops.append(
                GraphStop(
                    name=name,
                    hex=coord,
                    node=node.id,
                    kind=node.kind,
                    revenue={p: revenue_in_phase(node.revenue, colors) for p, colors in phase_colors.items()},
                    diesel_revenue={
                        p: revenue_in_phase(node.revenue, colors, diesel=True)
                        for p, colors in phase_colors.items()
                    },
                    slots=node.slots,
                    tokens=tuple(tokens.get((coord, index), ())) if index is not None else (),
                    reserved=reserved if node.kind == "city" else (),
                    groups=node.groups,
                    place=hx.name,
                )
            )
        for number, path in enumerate(spec.paths):
            ends = []
            for end in (path.a, path.b):
                if is_edge_end(end):
                    edge = int(end[1:])
                    if (coord, edge) not in edge_points:
                        edge_points.add((coord, edge))
                        junctions.append(GraphJunction(f"{coord}.e{edge}", coord, edge, crossing=True))
                    ends.append(f"{coord}.e{edge}")
                else:
                    ends.append(f"{coord}.{end}")
            conflicts = frozenset([f"{coord}.p{number}"])
            segments.append(GraphSegment(ends[0], ends[1], "path", conflicts, coord, 0, path.track))
    for coord, edge in sorted(edge_points):
        hx = game_map.hexes[coord]
        if not hx.is_connected_on(edge):
            continue
        other, other_edge = hx.neighbours[edge], opposite_edge(edge)
        if (other, other_edge) in edge_points and (coord, edge) < (other, other_edge):
            sid = side_id(game_map, coord, edge)
            segments.append(
                GraphSegment(
                    f"{coord}.e{edge}",
                    f"{other}.e{other_edge}",
                    "crossing",
                    frozenset([sid]),
                    None,
                    1,
                    "dual",
                )
            )
    return TrackGraph(stops, junctions, segments, [p.name for p in game_map.phases])


# ------------------------------------------------------------------------------------- generated boards
def place_home_tokens(board: BoardState) -> BoardState:
    """A new board with every company's home token down (on its reserved city, or the first city of the hex)."""
    tokens = list(board.tokens)
    for coord, index, sym in board.home_reservations():
        tokens.append(Token(coord, 0 if index is None else index, sym))
    return replace(board, tokens=tokens)


def faces_track(board: BoardState, coord: str, edge: int) -> bool:
    """The hex beyond side `edge` of `coord` has track on the facing side."""
    hx = board.game_map.hexes[coord]
    if not hx.is_connected_on(edge):
        return False
    return opposite_edge(edge) in board.tile_on(hx.neighbours[edge])[0].exits


def lay_random_tiles(board: BoardState, seed: int, count: int) -> BoardState:
    """A board grown by `count` random legal lays (seeded): each lay picks a hex that has track or faces track,
    then a placement whose track joins a neighbour's when there is one, so the network grows like a game's."""
    from tablegames.core.rng import make_rng

    rng = make_rng(seed, "routes", "random-tiles", board.game_map.game_id)
    coords = sorted(board.game_map.hexes)
    for _ in range(count):
        frontier = [
            c for c in coords if board.tile_on(c)[0].exits or any(faces_track(board, c, e) for e in range(6))
        ]
        order = [frontier[i] for i in rng.permutation(len(frontier))] + [
            coords[i] for i in rng.permutation(len(coords))
        ]
        for coord in order:
            placements = legal_placements(board, coord)
            joined = [
                (t, r)
                for t, r in placements
                if any(faces_track(board, coord, e) for e in board.game_map.tiles[t].spec.rotated(r).exits)
            ]
            choices = joined or placements
            if choices:
                tile_id, rotation = choices[int(rng.integers(len(choices)))]
                board = lay_tile(board, coord, tile_id, rotation)
                break
        else:
            break
    return board


def place_random_tokens(board: BoardState, seed: int) -> BoardState:
    """A new board where, in turns, every company puts its spare station tokens down (seeded) on free city slots
    its track reaches from its tokens (not through cities full of others, not past off-boards; the no-reversing
    rule at hex sides is not applied, so a slot may be a little beyond reach), as in a game;
    a company that reaches no free slot keeps its tokens."""
    from tablegames.core.rng import make_rng

    rng = make_rng(seed, "routes", "random-tokens", board.game_map.game_id)
    placing = True
    while placing:
        placing = False
        for company in board.game_map.companies:
            if sum(1 for t in board.tokens if t.company == company.sym) >= company.tokens:
                continue
            free = sorted(_reachable_free_slots(board, company.sym))
            if free:
                coord, city = free[int(rng.integers(len(free)))]
                board = replace(board, tokens=[*board.tokens, Token(coord, city, company.sym)])
                placing = True
    return board


def _reachable_free_slots(board: BoardState, company: str) -> set[tuple[str, int]]:
    """(hex, city index) of every city with a free slot that `company`'s track reaches, on a hex where it has no
    token yet."""
    graph = build_track_graph(board)
    ends: dict[str, list[str]] = {}
    for segment in graph.segments:
        ends.setdefault(segment.a, []).append(segment.b)
        ends.setdefault(segment.b, []).append(segment.a)
    stops = {stop.name: stop for stop in graph.stops}
    start = [stop.name for stop in graph.stops if company in stop.tokens]
    seen, frontier = set(start), list(start)
    while frontier:
        node = frontier.pop()
        stop = stops.get(node)
        if stop is not None and node not in start and (stop.kind == "offboard" or stop.is_blocked_for(company)):
            continue  # a route ends here
        for other in ends.get(node, ()):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    tokened_hexes = {t.hex for t in board.tokens if t.company == company}
    free = set()
    for name in seen:
        stop = stops.get(name)
        if stop is None or stop.kind != "city" or stop.hex in tokened_hexes:
            continue
        if len(stop.tokens) + len(stop.reserved) < stop.slots:
            city_ids = [c.id for c in board.tile_on(stop.hex)[0].cities]
            free.add((stop.hex, city_ids.index(stop.node)))
    return free
