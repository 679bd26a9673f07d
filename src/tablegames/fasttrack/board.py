"""The Fast Track board: squares as integers, the turning tables and the precomputed routes.

A board of Z zones (one per colour, 2-6; 4 is the game) has 22 squares a zone plus one bullseye:
`square = zone * 22 + local`, the bullseye is `Z * 22`. Names such as `blue.R4`, `red.HP2` and `BE` exist only
here, at the edges (parsing, display, tests).

The routes are laid out once, as the first colour (red) sees them: for every square, every forward walk of 1-10
steps and the one backward walk of each length. Every colour sees the board from its own zone, so a colour's routes
are red's routes turned by the colour's zone count (`absolute`). A move is then a lookup plus a check that the walk
passes no piece of the mover's colour (rules.py).
"""

from __future__ import annotations

import math
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

ZONE_SIZE = 22
MIN_ZONES = 2
MAX_ZONES = 6
MAX_STEPS = 10  # the 10 is the longest card
EMPTY = -1  # an empty square on an occupancy board
# An occupancy board: EMPTY or the colour of the piece on each square, as a list or as the game's int8 array.
Board = Sequence[int] | npt.NDArray[np.int8]
MutableBoard = MutableSequence[int] | npt.NDArray[np.int8]

COLOURS = ("red", "blue", "green", "purple", "aqua", "brown")

# Local indices of a zone's squares, in numbering order.
LOCAL_NAMES = (
    "HP1", "HP2", "HP3", "HP4",  # holding pen
    "B1", "B2", "B3", "B4",  # base ("home"); B1 is entered first, B4 is a dead end
    "HH", "DS", "BR",  # DS is the square in front of the base
    "L0", "L1", "L2", "L3", "L4",  # L0 is where a piece leaving the pen arrives
    "FT",  # the zone's fast-track corner
    "R0", "R1", "R2", "R3", "R4",
)  # fmt: skip
HP1, HP2, HP3, HP4, B1, B2, B3, B4, HH, DS, BR, L0, L1, L2, L3, L4, FT, R0, R1, R2, R3, R4 = range(ZONE_SIZE)
PEN_LOCALS = (HP1, HP2, HP3, HP4)
# One step forward inside a zone, where there is no choice (DS, FT and the exits are decided in `successors`).
FORWARD_LOCAL = {B1: B2, B2: B3, B3: B4, HH: L0, L0: L1, L1: L2, L2: L3, L3: L4, L4: FT,
                 R4: R3, R3: R2, R2: R1, R1: R0, R0: BR, BR: DS}  # fmt: skip
# One step backward inside a zone (R4 steps back into the previous zone's FT).
BACKWARD_LOCAL = {FT: L4, L4: L3, L3: L2, L2: L1, L1: L0, L0: HH, HH: DS, DS: BR, BR: R0,
                  R0: R1, R1: R2, R2: R3, R3: R4}  # fmt: skip
BASE_LOCALS = (B1, B2, B3, B4)

# Where each square sits in its zone's 4 x 5 panel, in square units (spec 2.2).
PANEL_XY = (
    (-4.2, 1.7), (-3.2, 1.7), (-4.2, 0.7), (-3.2, 0.7),
    (0.0, 1.0), (0.0, 2.0), (0.0, 3.0), (0.0, 4.0),
    (-1.0, 0.0), (0.0, 0.0), (1.0, 0.0),
    (-2.0, 0.0), (-2.0, 1.0), (-2.0, 2.0), (-2.0, 3.0), (-2.0, 4.0),
    (-2.0, 5.0),
    (2.0, 0.0), (2.0, 1.0), (2.0, 2.0), (2.0, 3.0), (2.0, 4.0),
)  # fmt: skip


def check_zones(zones: int) -> int:
    if not isinstance(zones, int | np.integer) or not MIN_ZONES <= zones <= MAX_ZONES:
        raise ValueError(f"number of zones: expected an integer from {MIN_ZONES} to {MAX_ZONES}, got {zones!r}")
    return int(zones)


def square_at(zone: int, local: int) -> int:
    return zone * ZONE_SIZE + local


@dataclass(frozen=True)
class Routes:
    """Every walk of 1..MAX_STEPS steps from every square, for one colour (absolute squares).

    `forward[s][n]` is a tuple of paths, each the n squares walked after s (the last is the destination);
    `backward[s][n]` is the single backward path or None. Index n = 0 is unused.
    Flags of the walk come from its start: a walk from an FT square may hop the fast track, a walk from the pen is
    the pen exit and a walk from the bullseye is the way out; whether the card allows these is the rules' business.
    """

    forward: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    backward: tuple[tuple[tuple[int, ...] | None, ...], ...]


@dataclass(frozen=True, eq=False)
class Layout:
    """Everything fixed about a board of `zones` zones. Get one with `layout(zones)` (cached)."""

    zones: int
    size: int  # number of squares, zones * 22 + 1
    bullseye: int
    relative: npt.NDArray[np.int16]  # [colour, square] -> the square as that colour sees it (red's numbering)
    absolute: npt.NDArray[np.int16]  # [colour, relative square] -> the square
    is_pen: tuple[bool, ...]
    is_base: tuple[bool, ...]
    is_fast: tuple[bool, ...]  # FT squares
    is_track: tuple[bool, ...]  # the 14 track squares of every zone (not pen, base or bullseye)
    outside_pens: tuple[int, ...]  # every square but the pens, in order
    red_routes: Routes
    colour_routes: tuple[Routes, ...]  # red's routes turned to each colour

    def zone(self, square: int) -> int:
        return square // ZONE_SIZE

    def local(self, square: int) -> int:
        return square % ZONE_SIZE

    def next_zone(self, zone: int) -> int:
        return (zone + 1) % self.zones

    def prev_zone(self, zone: int) -> int:
        return (zone - 1) % self.zones

    def pen(self, colour: int) -> tuple[int, ...]:
        return tuple(square_at(colour, local) for local in PEN_LOCALS)

    def base(self, colour: int) -> tuple[int, ...]:
        return tuple(square_at(colour, local) for local in BASE_LOCALS)

    def fast_track_squares(self) -> tuple[int, ...]:
        return tuple(square_at(zone, FT) for zone in range(self.zones))

    def square_name(self, square: int) -> str:
        if not 0 <= square < self.size:
            raise ValueError(f"square number: expected 0..{self.size - 1}, got {square}")
        if square == self.bullseye:
            return "BE"
        return f"{COLOURS[self.zone(square)]}.{LOCAL_NAMES[self.local(square)]}"

    def parse_square(self, text: str) -> int:
        """`blue.R4` / `red.HP2` / `BE` -> square number; ValueError naming the expected form."""
        name = text.strip()
        if name.upper() == "BE":
            return self.bullseye
        colour_name, dot, local_name = name.partition(".")
        colours = COLOURS[: self.zones]
        if not dot or colour_name.lower() not in colours or local_name.upper() not in LOCAL_NAMES:
            raise ValueError(
                f"square {text!r}: expected 'BE' or COLOUR.SQUARE with COLOUR one of {', '.join(colours)} "
                f"and SQUARE one of {', '.join(LOCAL_NAMES)} (e.g. 'blue.R4')"
            )
        return square_at(colours.index(colour_name.lower()), LOCAL_NAMES.index(local_name.upper()))

    def centre(self, square: int, bottom_zone: int = 0) -> tuple[float, float]:
        """The square's centre in square units from the board centre, y down, `bottom_zone` drawn at the bottom.

        Spec 2.2: zone i (counted from the bottom zone) is turned by i * 2 pi / Z around the centre; a panel
        point (x, y) sits at a = x, b = 5 - y + r before turning, r the incircle radius of the zones' polygon.
        """
        if square == self.bullseye:
            return (0.0, 0.0)
        # Two zones make no polygon; keep the two fast tracks apart from the bullseye.
        radius = 2.0 / math.tan(math.pi / self.zones) if self.zones > 2 else 1.0
        x, y = PANEL_XY[self.local(square)]
        theta = ((self.zone(square) - bottom_zone) % self.zones) * 2.0 * math.pi / self.zones
        a, b = x, 5.0 - y + radius
        return (a * math.cos(theta) - b * math.sin(theta), a * math.sin(theta) + b * math.cos(theta))


def turn(square: int, zones_turned: int, zones: int) -> int:
    """The square `zones_turned` zones further round; the bullseye stays put."""
    if square == zones * ZONE_SIZE:
        return square
    return ((square // ZONE_SIZE + zones_turned) % zones) * ZONE_SIZE + square % ZONE_SIZE


def successors(lay_zones: int, square: int, colour: int, fast: bool, leave_pen: bool, leave_be: bool) -> list[int]:
    """Forward neighbours of `square` for a piece of `colour` (spec 2.3); the flags are fixed for a whole move."""
    bullseye = lay_zones * ZONE_SIZE
    if square == bullseye:
        return [square_at((colour - 1) % lay_zones, FT)] if leave_be else []
    zone, local = divmod(square, ZONE_SIZE)
    if local in PEN_LOCALS:
        return [square_at(zone, L0)] if leave_pen else []
    if local in FORWARD_LOCAL:
        return [square_at(zone, FORWARD_LOCAL[local])]
    if local == B4:
        return []
    if local == DS:
        return [square_at(zone, B1)] if zone == colour else [square_at(zone, HH)]
    # FT
    following = (zone + 1) % lay_zones
    if zone == colour:
        hops = [square_at(following, FT)] if fast else []
        return hops + [square_at(following, R4), bullseye]
    if following == colour:  # the exit FT: into the own R4 only
        return [square_at(following, R4)]
    return ([square_at(following, FT)] if fast else []) + [square_at(following, R4)]


def walk_square_by_square(board: Board, lay: Layout, start: int, count: int) -> list[int]:
    """Where the piece on `start` can end `count` steps forward, found by following `successors` one square at a
    time and stopping at the mover's own pieces: the slow way the routes table replaces (its check and baseline)."""
    colour = board[start]
    fast, leave_pen, leave_be = lay.is_fast[start], lay.is_pen[start], start == lay.bullseye
    frontier = [start]
    for _ in range(count):
        frontier = [
            nxt
            for square in frontier
            for nxt in successors(lay.zones, square, colour, fast, leave_pen, leave_be)
            if board[nxt] != colour
        ]
    return sorted(set(frontier))


def predecessor(lay_zones: int, square: int) -> int | None:
    """One step backward (spec 2.4); None from a pen, a base or the bullseye."""
    if square == lay_zones * ZONE_SIZE:
        return None
    zone, local = divmod(square, ZONE_SIZE)
    if local < HH:
        return None
    if local == R4:
        return square_at((zone - 1) % lay_zones, FT)
    return square_at(zone, BACKWARD_LOCAL[local])


def compute_routes(zones: int, colour: int = 0) -> Routes:
    """Enumerate every walk for `colour` by following successors/predecessor (done once per zone count)."""
    size = zones * ZONE_SIZE + 1
    forward: list[tuple[tuple[tuple[int, ...], ...], ...]] = []
    backward: list[tuple[tuple[int, ...] | None, ...]] = []
    for start in range(size):
        local = start % ZONE_SIZE
        is_bullseye = start == size - 1
        fast = not is_bullseye and local == FT
        leave_pen = not is_bullseye and local in PEN_LOCALS
        walks: list[list[tuple[int, ...]]] = [[] for _ in range(MAX_STEPS + 1)]
        frontier: list[tuple[int, ...]] = [()]
        for steps in range(1, MAX_STEPS + 1):
            frontier = [
                path + (nxt,)
                for path in frontier
                for nxt in successors(zones, path[-1] if path else start, colour, fast, leave_pen, is_bullseye)
            ]
            walks[steps] = frontier
        forward.append(tuple(tuple(w) for w in walks))
        back: list[tuple[int, ...] | None] = [None]
        path: tuple[int, ...] = ()
        square: int | None = start
        for _ in range(MAX_STEPS):
            square = predecessor(zones, square) if square is not None else None
            path = path + (square,) if square is not None else path
            back.append(path if square is not None else None)
        backward.append(tuple(back))
    return Routes(tuple(forward), tuple(backward))


def turn_routes(routes: Routes, colour: int, zones: int) -> Routes:
    """Red's routes as `colour` walks them: every square turned by the colour's zone."""
    size = zones * ZONE_SIZE + 1
    order = [turn(s, -colour, zones) for s in range(size)]  # absolute square -> red's relative square

    def turned(path: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(turn(x, colour, zones) for x in path)

    forward = tuple(tuple(tuple(turned(p) for p in paths) for paths in routes.forward[order[s]]) for s in range(size))
    backward = tuple(
        tuple(turned(p) if p is not None else None for p in routes.backward[order[s]]) for s in range(size)
    )
    return Routes(forward, backward)


@cache
def layout(zones: int) -> Layout:
    """The board of `zones` zones with its routes (computed once per zone count)."""
    zones = check_zones(zones)
    size = zones * ZONE_SIZE + 1
    bullseye = size - 1
    relative = np.array([[turn(s, zones - c, zones) for s in range(size)] for c in range(zones)], dtype=np.int16)
    absolute = np.array([[turn(r, c, zones) for r in range(size)] for c in range(zones)], dtype=np.int16)
    locals_ = [s % ZONE_SIZE if s != bullseye else -1 for s in range(size)]
    red = compute_routes(zones, 0)
    return Layout(
        zones=zones,
        size=size,
        bullseye=bullseye,
        relative=relative,
        absolute=absolute,
        is_pen=tuple(local in PEN_LOCALS for local in locals_),
        is_base=tuple(local in BASE_LOCALS for local in locals_),
        is_fast=tuple(local == FT for local in locals_),
        is_track=tuple(local >= HH for local in locals_),
        outside_pens=tuple(s for s in range(size) if locals_[s] not in PEN_LOCALS),
        red_routes=red,
        colour_routes=tuple(turn_routes(red, c, zones) for c in range(zones)),
    )


def routes_as_arrays(
    routes: Routes,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The forward walks as flat arrays for compiled code: (first[s, n], count[s, n], paths[w, MAX_STEPS], back[s, n, MAX_STEPS]).

    Walk w of (s, n) is paths[first[s, n] + i] for i < count[s, n], padded with EMPTY; back[s, n] is the backward
    path of n steps padded with EMPTY (all EMPTY when there is none).
    """
    size = len(routes.forward)
    first = np.zeros((size, MAX_STEPS + 1), dtype=np.int32)
    count = np.zeros((size, MAX_STEPS + 1), dtype=np.int32)
    rows: list[list[int]] = []
    back = np.full((size, MAX_STEPS + 1, MAX_STEPS), EMPTY, dtype=np.int16)
    for s in range(size):
        for n in range(1, MAX_STEPS + 1):
            first[s, n] = len(rows)
            count[s, n] = len(routes.forward[s][n])
            rows.extend(list(p) + [EMPTY] * (MAX_STEPS - n) for p in routes.forward[s][n])
            path = routes.backward[s][n]
            if path is not None:
                back[s, n, :n] = path
    paths = np.array(rows, dtype=np.int16).reshape(-1, MAX_STEPS)
    return first, count, paths, back


def parse_board(lay: Layout, pieces: dict[str, str]) -> list[int]:
    """{'blue': 'red.L0 blue.B1', ...} -> an occupancy board (EMPTY or colour per square); for tests and setups."""
    board = [EMPTY] * lay.size
    colours = COLOURS[: lay.zones]
    for colour_name, names in pieces.items():
        if colour_name.lower() not in colours:
            raise ValueError(f"colour {colour_name!r}: expected one of {', '.join(colours)}")
        for name in names.split():
            square = lay.parse_square(name)
            if board[square] != EMPTY:
                raise ValueError(f"square {name!r} is named twice: expected one piece a square")
            board[square] = colours.index(colour_name.lower())
    return board
