"""Map files and board-state files for the 18xx route planner.

A **map file** is the JSON format of ``../shared/data/18xx/`` (``1889.json``, ``1830.json``): layout, hexes with
their preprinted tile code, manifest, companies, phases and trains. Its tiles come from a ``"tiles"`` section in the
file itself (the shipped maps carry the few library tiles they use) or else from ``tiles.json`` in the same folder.
Computed fields of the shared files (``parsed``, ``neighbors``, ``impassable_edges``) are not read: the loader decodes
the codes and finds neighbours itself.

A **board file** holds one game's board as it stands::

    {"format": "tablegames-18xx-board", "version": 1,
     "map": "builtin:<name>"  or a map file path, relative to the board file's folder,
     "phase": "3",
     "tiles": {"K6": {"tile": "57", "rotation": 2}},
     "tokens": [{"hex": "K4", "city": 0, "company": "KO"}],
     "trains": {"KO": ["3", "2"]}}

Both loaders raise ValueError naming the file, the place in it and what was expected. The format is documented in
``docs/routes-maps.md``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from tablegames.core.files import load_json, write_atomic
from tablegames.routes.hexmap import (
    COLOR_ORDER,
    LAYOUTS,
    MAP_COLORS,
    BoardState,
    Company,
    GameMap,
    MapHex,
    Phase,
    PlacedTile,
    Tile,
    Token,
    TrainKind,
    link_neighbours,
    make_tile,
    parse_coord,
    parse_tile_code,
)

BOARD_FORMAT = "tablegames-18xx-board"
BOARD_VERSION = 1
BUILTIN_PREFIX = "builtin:"
SHIPPED_MAPS_DIR = Path(__file__).resolve().parent / "maps"
DEFAULT_MAP = "harrowmere"
_DEFAULT_AXES = {"flat": ("letter", "number"), "pointy": ("number", "letter")}


# ------------------------------------------------------------------------------------------- JSON helpers
def read_json(path: str | os.PathLike[str]) -> Any:
    """Parse a JSON file (core.files.load_json: nesting, numbers and keys given twice checked); any failure becomes
    a ValueError naming the file (and the line for syntax errors)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(f"{path}: cannot read ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text, expected a JSON file") from None
    return load_json(text, str(path), unique_keys=True)


def declared_format(data: Any, where: str, known: Mapping[str | None, str]) -> str | None:
    """The "format" a file's object names (None: it names none), when `known` has it: format -> what such a file is
    (the None key: a file without a format, when that is allowed). Any other format is refused by name, so a file
    of another kind is not read as one of these and blamed for a key it was never meant to have."""
    fmt = data.get("format") if isinstance(data, dict) else None
    if (fmt is None or isinstance(fmt, str)) and fmt in known:
        return fmt
    shown = repr(fmt) if len(repr(fmt)) <= 60 else repr(fmt)[:57] + "..."
    expected = [f"{name!r} ({what})" for name, what in known.items() if name is not None]
    if None in known:
        expected.append(f"no format ({known[None]})")
    listed = ", ".join(expected[:-1]) + " or " + expected[-1] if len(expected) > 1 else expected[0]
    raise ValueError(f"unknown format {shown} in {where}; expected {listed}")


def _expect(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ValueError(f"{where}: {value!r}, expected {what}")
    return value


def _field(
    obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str, what: str, default: Any = ...
) -> Any:
    if key not in obj:
        if default is ...:
            raise ValueError(f"{where}: missing {key!r} ({what})")
        return default
    return _expect(obj[key], kind, f"{where}.{key}", what)


# ------------------------------------------------------------------------------------------------ maps
def tiles_from_dict(data: Mapping[str, Any], where: str) -> dict[str, Tile]:
    """Tiles keyed by id, each {"color", "code", "preprinted_only"?} (the shape of tiles.json's "tiles")."""
    _expect(data, dict, where, "an object of tile id: {color, code}")
    tiles = {}
    for tile_id, entry in data.items():
        at = f"{where}.{tile_id}"
        _expect(entry, dict, at, "an object with color and code")
        color = _field(entry, "color", str, at, f"one of {', '.join(COLOR_ORDER)}")
        code = _field(entry, "code", str, at, "a tile code string")
        try:
            tiles[tile_id] = make_tile(tile_id, color, code, bool(entry.get("preprinted_only", False)))
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    return tiles


def load_tile_library(path: str | os.PathLike[str]) -> dict[str, Tile]:
    data = read_json(path)
    _expect(data, dict, str(path), "an object with a 'tiles' section")
    return tiles_from_dict(_field(data, "tiles", dict, str(path), "tile id: {color, code}"), f"{path}: tiles")


def _hex_from_dict(coord: str, entry: Any, layout: str, where: str) -> MapHex:
    at = f"{where}: hexes.{coord}"
    try:
        x, y = parse_coord(coord, layout)
    except ValueError as error:
        raise ValueError(f"{where}: hexes: {error}") from None
    _expect(entry, dict, at, "an object with color and code")
    color = _field(entry, "color", str, at, f"one of {', '.join(MAP_COLORS)}")
    if color not in MAP_COLORS:
        raise ValueError(f"{at}.color: {color!r}, expected one of {', '.join(MAP_COLORS)}")
    code = _field(entry, "code", (str, type(None)), at, "a tile code string or null", None)
    name = _field(entry, "name", (str, type(None)), at, "a place name or null", None)
    for axis, value in (("x", x), ("y", y)):
        if axis in entry and entry[axis] != value:
            raise ValueError(
                f"{at}.{axis}: {entry[axis]!r}, the name {coord} gives {value} in the {layout} layout"
            )
    spec = parse_tile_code(code, at)  # its errors name `at`, the file included
    if color == "red" and not spec.offboards:
        raise ValueError(f"{at}: a red hex is an off-board, its code needs an offboard= part")
    cost = sum(c for c, _ in spec.upgrades)
    terrain = tuple(sorted({t for _, ts in spec.upgrades for t in ts}))
    return MapHex(
        coord, x, y, color, spec, name, cost, terrain, code=code, preprinted_tile=entry.get("preprinted_tile")
    )


def _count(value: Any, at: str) -> int | None:
    if value == "unlimited":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f'{at}: {value!r}, expected a count >= 0 or "unlimited"')
    return value


def map_from_dict(data: Any, where: str, library: Mapping[str, Tile] | None = None) -> GameMap:
    """A GameMap from a parsed map file. `library` supplies tiles when the file has no "tiles" section."""
    _expect(data, dict, where, "a JSON object (a map file)")
    layout = _field(data, "layout", str, where, f"one of {', '.join(LAYOUTS)}")
    if layout not in LAYOUTS:
        raise ValueError(f"{where}.layout: {layout!r}, expected one of {', '.join(LAYOUTS)}")
    axes = _field(data, "axes", dict, where, "an object with x and y", {})
    if axes and (axes.get("x"), axes.get("y")) != _DEFAULT_AXES[layout]:
        raise ValueError(
            f"{where}.axes: x={axes.get('x')!r}, y={axes.get('y')!r}; only the {layout} default "
            f"x={_DEFAULT_AXES[layout][0]}, y={_DEFAULT_AXES[layout][1]} is supported"
        )
    if "tiles" in data:
        tiles = tiles_from_dict(data["tiles"], f"{where}: tiles")
    elif library is not None:
        tiles = dict(library)
    else:
        raise ValueError(f"{where}: no 'tiles' section and no tiles.json beside it, expected one of the two")

    hex_data = _field(data, "hexes", dict, where, "an object of hex name: {color, code, name}")
    if not hex_data:
        raise ValueError(f"{where}.hexes: empty, expected at least one hex")
    hexes = {coord: _hex_from_dict(coord, entry, layout, where) for coord, entry in hex_data.items()}
    if len({(hx.x + hx.y) % 2 for hx in hexes.values()}) > 1:
        raise ValueError(
            f"{where}.hexes: x + y must have one parity for every hex (doubled coordinates), found both"
        )
    hexes = link_neighbours(layout, hexes)

    manifest_data = _field(data, "manifest", dict, where, "an object of tile id: count")
    manifest = {}
    for tile_id, count in manifest_data.items():
        if tile_id not in tiles:
            raise ValueError(f"{where}.manifest.{tile_id}: no tile {tile_id!r} in the tile library")
        manifest[tile_id] = _count(count, f"{where}.manifest.{tile_id}")

    phases: list[Phase] = []
    for i, entry in enumerate(_field(data, "phases", list, where, "a list of phases")):
        at = f"{where}.phases[{i}]"
        _expect(entry, dict, at, "an object with name and tiles")
        name = str(_field(entry, "name", (str, int), at, "a phase name"))
        colors = _field(entry, "tiles", list, at, "a list of tile colours")
        for color in colors:
            if color not in COLOR_ORDER:
                raise ValueError(f"{at}.tiles: {color!r}, expected colours from {', '.join(COLOR_ORDER)}")
        if any(p.name == name for p in phases):
            raise ValueError(f"{at}.name: phase {name!r} appears twice")
        limit = _field(entry, "train_limit", int, at, "a number of trains", 4)
        phases.append(Phase(name, tuple(colors), entry.get("on"), limit))
    if not phases:
        raise ValueError(f"{where}.phases: empty, expected at least one phase")

    trains = []
    for i, entry in enumerate(_field(data, "trains", list, where, "a list of trains")):
        at = f"{where}.trains[{i}]"
        _expect(entry, dict, at, "an object with name and distance")
        name = str(_field(entry, "name", (str, int), at, "a train name"))
        distance = _field(entry, "distance", int, at, "a number of stops")
        if distance < 1:
            raise ValueError(f"{at}.distance: {distance}, expected >= 1")
        trains.append(
            TrainKind(
                name,
                distance,
                bool(entry.get("unlimited_distance", False)),
                _field(entry, "price", int, at, "a price", 0),
                _count(entry.get("count", "unlimited"), f"{at}.count"),
                entry.get("rusts_on"),
            )
        )

    companies: list[Company] = []
    for i, entry in enumerate(_field(data, "companies", list, where, "a list of companies", [])):
        at = f"{where}.companies[{i}]"
        _expect(entry, dict, at, "an object with sym and name")
        sym = _field(entry, "sym", str, at, "a company symbol")
        home = _field(entry, "home", (str, type(None)), at, "a hex name or null", None)
        index = _field(entry, "home_city_index", (int, type(None)), at, "a city number or null", None)
        if any(c.sym == sym for c in companies):
            raise ValueError(f"{at}.sym: company {sym!r} appears twice")
        if home is not None:
            if home not in hexes:
                raise ValueError(f"{at}.home: {home!r} is not a hex of the map")
            cities = len(hexes[home].spec.cities)
            if cities == 0 or (index is not None and not 0 <= index < cities):
                raise ValueError(
                    f"{at}.home: {home} has {cities} city(ies), expected a city for the home token"
                )
        companies.append(
            Company(
                sym,
                _field(entry, "name", str, at, "a company name", sym),
                home,
                index,
                _field(entry, "tokens", int, at, "a number of tokens", 1),
                _field(entry, "color", str, at, "a colour such as #d81e3e", "#808080"),
            )
        )
    return GameMap(
        title=_field(data, "title", str, where, "a title", Path(where).stem),
        layout=layout,
        hexes=hexes,
        tiles=tiles,
        manifest=manifest,
        companies=companies,
        phases=phases,
        trains=trains,
        game_id=str(data.get("game_id", "")),
        source=data,
    )


def load_map(path: str | os.PathLike[str]) -> GameMap:
    """Read a map file; tiles come from its own "tiles" section or from tiles.json beside it."""
    path = Path(path)
    data = read_json(path)
    library = None
    if isinstance(data, dict) and "tiles" not in data:
        sibling = path.parent / "tiles.json"
        if sibling.exists():
            library = load_tile_library(sibling)
    return map_from_dict(data, str(path), library)


def shipped_map_names() -> list[str]:
    return sorted(p.stem for p in SHIPPED_MAPS_DIR.glob("*.json"))


def load_shipped_map(name: str = DEFAULT_MAP) -> GameMap:
    if name not in shipped_map_names():
        raise ValueError(f"map {name!r}: not a shipped map, expected one of {', '.join(shipped_map_names())}")
    return load_map(SHIPPED_MAPS_DIR / f"{name}.json")


def resolve_map_ref(ref: str, base: Path | None) -> GameMap:
    """A board file's "map": "builtin:<name>" or a path (relative paths from `base`, the board file's folder)."""
    if ref.startswith(BUILTIN_PREFIX):
        return load_shipped_map(ref[len(BUILTIN_PREFIX) :])
    path = Path(ref)
    if not path.is_absolute() and base is not None:
        path = base / path
    return load_map(path)


# ---------------------------------------------------------------------------------------------- boards
def board_from_dict(
    data: Any, where: str, map_loader: Callable[[str], GameMap] | None = None, game_map: GameMap | None = None
) -> BoardState:
    """A BoardState from a parsed board file. The map comes from `game_map`, or `map_loader(data["map"])`."""
    _expect(data, dict, where, "a JSON object (a board file)")
    fmt = _field(data, "format", str, where, f'"{BOARD_FORMAT}"')
    if fmt != BOARD_FORMAT:
        raise ValueError(f"{where}.format: {fmt!r}, expected {BOARD_FORMAT!r}")
    version = _field(data, "version", int, where, f"{BOARD_VERSION}")
    if version != BOARD_VERSION:
        raise ValueError(f"{where}.version: {version}, expected {BOARD_VERSION}")
    ref = _field(data, "map", str, where, '"builtin:<name>" or a map file path')
    if game_map is None:
        if map_loader is None:
            raise ValueError(f"{where}.map: no way to load {ref!r}")
        try:
            game_map = map_loader(ref)
        except ValueError as error:
            raise ValueError(f"{where}.map: {error}") from None
    phase = str(_field(data, "phase", (str, int), where, "a phase name", game_map.phases[0].name))

    tiles = {}
    for coord, entry in _field(data, "tiles", dict, where, "an object of hex: {tile, rotation}", {}).items():
        at = f"{where}.tiles.{coord}"
        if coord not in game_map.hexes:
            raise ValueError(f"{at}: {coord!r} is not a hex of the map {game_map.title!r}")
        _expect(entry, dict, at, "an object with tile and rotation")
        tile_id = str(_field(entry, "tile", (str, int), at, "a tile id"))
        rotation = _field(entry, "rotation", int, at, "a rotation 0-5", 0)
        if not 0 <= rotation <= 5:
            raise ValueError(f"{at}.rotation: {rotation}, expected 0-5")
        tiles[coord] = PlacedTile(tile_id, rotation)

    tokens = []
    for i, entry in enumerate(_field(data, "tokens", list, where, "a list of tokens", [])):
        at = f"{where}.tokens[{i}]"
        _expect(entry, dict, at, "an object with hex, city and company")
        coord = _field(entry, "hex", str, at, "a hex name")
        if coord not in game_map.hexes:
            raise ValueError(f"{at}.hex: {coord!r} is not a hex of the map {game_map.title!r}")
        tokens.append(
            Token(
                coord,
                _field(entry, "city", int, at, "a city number (0 = first)", 0),
                _field(entry, "company", str, at, "a company symbol"),
            )
        )

    trains: dict[str, list[str]] = {}
    for sym, names in _field(data, "trains", dict, where, "an object of company: [train names]", {}).items():
        _expect(names, list, f"{where}.trains.{sym}", "a list of train names")
        trains[sym] = [str(_expect(n, (str, int), f"{where}.trains.{sym}", "train names")) for n in names]

    board = BoardState(game_map, tiles, tokens, phase, trains, ref)
    try:
        board.check()
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None
    return board


def load_board(path: str | os.PathLike[str]) -> BoardState:
    """Read a board file and the map it names."""
    path = Path(path)
    return board_from_dict(read_json(path), str(path), lambda ref: resolve_map_ref(ref, path.parent))


def board_to_dict(board: BoardState) -> dict[str, Any]:
    return {
        "format": BOARD_FORMAT,
        "version": BOARD_VERSION,
        "map": board.map_ref,
        "phase": board.phase,
        "tiles": {
            coord: {"tile": placed.tile, "rotation": placed.rotation}
            for coord, placed in sorted(board.tiles.items())
        },
        "tokens": [{"hex": t.hex, "city": t.city, "company": t.company} for t in board.tokens],
        "trains": {sym: list(names) for sym, names in board.trains.items()},
    }


def save_board(board: BoardState, path: str | os.PathLike[str]) -> None:
    """Write a board file atomically. The board must name its map (`map_ref`)."""
    if not board.map_ref:
        raise ValueError("board: map_ref is empty, expected 'builtin:<name>' or a map file path to save")
    board.check()
    write_atomic(path, json.dumps(board_to_dict(board), indent=2) + "\n")
