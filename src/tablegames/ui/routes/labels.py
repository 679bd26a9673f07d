"""Where the map's names go: a small greedy label placer, without graphics.

Everything the map paints that a name may not cover is *ink*: track (polyline segments with their half width),
stops, tokens and value circles (circles), other text and boxes (boxes). Each name asks for a place near what it
names (its `anchor`: the box around the hex's stops, or the hex's middle) and says how it may be written
(`variants`: one line, two or three, each with its measured size). Candidate boxes are tried around the anchor,
nearest first (below, above, right, left, the corners, sliding along the anchor, then the same further out), and
when all of those are taken, anywhere in its hex on a fine grid, nearest first; a candidate is refused when it
leaves `bounds` (the map's edge), strays from its hex (`home`, `reach`), touches ink, or touches a name already
placed. The names with the fewest free candidates are placed first. A name that finds no place is
shown on hover only, and gets a small marker (placed the same way when it can be).

`overlaps(plan, ink, bounds)` checks a finished plan independently (the tests use it on every map).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

Box = tuple[float, float, float, float]  # left, top, right, bottom
Point = tuple[float, float]

GAP = 2.0  # the least room between a name and anything else
CELL = 48.0  # the spatial grid's cell size (about a hex)


@dataclass(frozen=True)
class Segment:
    """A straight piece of drawn track: from `a` to `b`, `half_width` either side."""

    a: Point
    b: Point
    half_width: float

    @property
    def bounds(self) -> Box:
        w = self.half_width
        return (min(self.a[0], self.b[0]) - w, min(self.a[1], self.b[1]) - w,
                max(self.a[0], self.b[0]) + w, max(self.a[1], self.b[1]) + w)

    def hits(self, box: Box) -> bool:
        return segment_box_distance(self.a, self.b, box) < self.half_width


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float

    @property
    def bounds(self) -> Box:
        x, y, r = self.centre[0], self.centre[1], self.radius
        return (x - r, y - r, x + r, y + r)

    def hits(self, box: Box) -> bool:
        return point_box_distance(self.centre, box) < self.radius


@dataclass(frozen=True)
class Rect:
    box: Box

    @property
    def bounds(self) -> Box:
        return self.box

    def hits(self, box: Box) -> bool:
        return boxes_overlap(self.box, box)


Ink = Segment | Circle | Rect


def polyline(points: Sequence[Point], half_width: float) -> list[Segment]:
    """A drawn line of several points as segments."""
    return [Segment(points[i], points[i + 1], half_width) for i in range(len(points) - 1)]


@dataclass(frozen=True)
class Variant:
    """One way to write a name: its lines and the size they take together."""

    lines: tuple[str, ...]
    width: float
    height: float


@dataclass(frozen=True)
class LabelRequest:
    """A name to place: next to `anchor`, its middle no further than `reach` from `home` (the hex's middle, so a
    name never seems to belong to the next hex)."""

    key: str  # the hex named
    anchor: Box  # what the name belongs to
    variants: tuple[Variant, ...]  # best first
    step: float  # how much further out the outer rings of candidates lie (about a third of a hex)
    home: Point = (0.0, 0.0)
    reach: float = math.inf


@dataclass(frozen=True)
class Placement:
    key: str
    box: Box
    lines: tuple[str, ...]


@dataclass
class LabelPlan:
    """Each name's place, and the names shown on hover only with their markers."""

    placed: dict[str, Placement] = field(default_factory=dict)
    hover: dict[str, Box] = field(default_factory=dict)  # key -> its marker's box

    def boxes(self) -> list[Box]:
        return [p.box for p in self.placed.values()] + list(self.hover.values())


# ------------------------------------------------------------------------------------------------ geometry
def boxes_overlap(a: Box, b: Box, gap: float = 0.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def inflate(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def point_box_distance(p: Point, box: Box) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def segment_crosses_box(a: Point, b: Point, box: Box) -> bool:
    """Liang-Barsky: some point of segment ab lies in the box."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def segment_box_distance(a: Point, b: Point, box: Box) -> float:
    if segment_crosses_box(a, b, box):
        return 0.0
    corners = ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3]))
    return min(point_box_distance(a, box), point_box_distance(b, box),
               *(point_segment_distance(c, a, b) for c in corners))


class InkGrid:
    """The ink bucketed by grid cell (with each piece's bounds), so a candidate is only tested against ink near
    it, and in full only where the bounds meet."""

    def __init__(self, ink: Iterable[Ink], cell: float = CELL) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[tuple[Box, Ink]]] = {}
        for item in ink:
            bounds = item.bounds
            for key in self.keys(bounds):
                self.cells.setdefault(key, []).append((bounds, item))

    def keys(self, box: Box) -> list[tuple[int, int]]:
        c = self.cell
        return [(i, j) for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1)
                for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1)]

    def hits(self, box: Box) -> bool:
        x0, y0, x1, y1 = box
        cells = self.cells
        for key in self.keys(box):
            for (b0, b1, b2, b3), item in cells.get(key, ()):
                if b0 < x1 and x0 < b2 and b1 < y1 and y0 < b3 and item.hits(box):
                    return True
        return False


# ------------------------------------------------------------------------------------------------ candidates
# Where a name may sit around its anchor, in order of preference: (horizontal, vertical) placement, each -1 (before
# the anchor), 0 (centred on it) or +1 (after it). Below first, as on printed 18xx maps.
POSITIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
SLIDES = (-0.25, 0.25, -0.5, 0.5)  # a name centred below or above may slide sideways by these parts of its width
RINGS = (0.0, 0.5, 1.0)  # candidates touching the anchor, then half a step and a step further out


def candidate_boxes(anchor: Box, width: float, height: float, step: float, ring: float = 0.0) -> list[Box]:
    """Boxes of `width` x `height` around `anchor`, `GAP + ring * step` away from it, best first."""
    boxes = []
    cx, cy = (anchor[0] + anchor[2]) / 2, (anchor[1] + anchor[3]) / 2
    reach = GAP + 1 + ring * step
    for hx, vy in POSITIONS:
        if hx == 0:
            left = cx - width / 2
        else:
            left = anchor[2] + reach if hx > 0 else anchor[0] - reach - width
        if vy == 0:
            top = cy - height / 2
        else:
            top = anchor[3] + reach if vy > 0 else anchor[1] - reach - height
        boxes.append((left, top, left + width, top + height))
    for vy in (1, -1):
        top = anchor[3] + reach if vy > 0 else anchor[1] - reach - height
        for shift in SLIDES:
            left = cx - width / 2 + shift * width
            boxes.append((left, top, left + width, top + height))
    for hx in (1, -1):  # beside the anchor, a little higher or lower
        left = anchor[2] + reach if hx > 0 else anchor[0] - reach - width
        for shift in (-0.5, 0.5):
            top = cy - height / 2 + shift * height
            boxes.append((left, top, left + width, top + height))
    return boxes


def near_home(box: Box, request: LabelRequest) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return math.hypot(x - request.home[0], y - request.home[1]) <= request.reach


def split_name(name: str) -> list[tuple[str, ...]]:
    """The ways to write a name: on one line, on two, and (three words or more) on three, each broken at the
    spaces that keep its longest line shortest; "&" stays at the end of a line, never alone on one."""
    words = name.split()
    ways: list[tuple[str, ...]] = [(" ".join(words),)]
    for count in (2, 3):
        best: tuple[str, ...] | None = None
        for cuts in combinations(range(1, len(words)), count - 1):
            bounds = (0, *cuts, len(words))
            lines = tuple(" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:], strict=False))
            if any(line.startswith("&") for line in lines):
                continue
            if best is None or max(map(len, lines)) < max(map(len, best)):
                best = lines
        if best is not None:
            ways.append(best)
    return ways


def lattice_boxes(request: LabelRequest, variant: Variant, spacing: float) -> list[Box]:
    """Every box of the variant whose middle lies on a `spacing` grid within `reach` of home, nearest to the
    anchor's middle first (where the standard places are all taken)."""
    ax, ay = (request.anchor[0] + request.anchor[2]) / 2, (request.anchor[1] + request.anchor[3]) / 2
    hx, hy = request.home
    steps = int(request.reach // spacing)
    centres = [(hx + i * spacing, hy + j * spacing) for i in range(-steps, steps + 1) for j in range(-steps, steps + 1)
               if math.hypot(i, j) * spacing <= request.reach]
    centres.sort(key=lambda c: (math.hypot(c[0] - ax, c[1] - ay), c))
    w, h = variant.width / 2, variant.height / 2
    return [(x - w, y - h, x + w, y + h) for x, y in centres]


# ------------------------------------------------------------------------------------------------ the placer
def place_labels(requests: Sequence[LabelRequest], ink: Iterable[Ink], bounds: Box,
                 marker: float = 10.0) -> LabelPlan:
    """Greedy placement (see the module's docstring). `marker`: the side of a hover-only name's marker."""
    grid = InkGrid(ink)
    free: dict[str, list[tuple[Box, tuple[str, ...]]]] = {}
    for request in requests:
        options = []
        for ring in RINGS:  # every way of writing it near, then every way a little further out
            for variant in request.variants:
                for box in candidate_boxes(request.anchor, variant.width, variant.height, request.step, ring):
                    if inside(box, bounds) and near_home(box, request) and not grid.hits(inflate(box, GAP)):
                        options.append((box, variant.lines))
        free[request.key] = options
    plan = LabelPlan()
    order = sorted(requests, key=lambda r: (len(free[r.key]), -max(v.width for v in r.variants), r.key))
    placed: list[Box] = []

    def fits(box: Box) -> bool:
        return not any(boxes_overlap(box, other, GAP) for other in placed)

    for request in order:
        chosen = next(((box, lines) for box, lines in free[request.key] if fits(box)), None)
        if chosen is None and math.isfinite(request.reach):  # anywhere in its hex, nearest first
            spacing = max(3.0, request.step / 2)
            chosen = next(((box, variant.lines) for variant in request.variants
                           for box in lattice_boxes(request, variant, spacing)
                           if inside(box, bounds) and fits(box) and not grid.hits(inflate(box, GAP))), None)
        if chosen is not None:
            plan.placed[request.key] = Placement(request.key, *chosen)
            placed.append(chosen[0])
    for request in requests:  # the names that found no place: a marker, where one fits
        if request.key in plan.placed:
            continue
        spots = [box for ring in RINGS for box in candidate_boxes(request.anchor, marker, marker, request.step, ring)]
        spot = next((box for box in spots if inside(box, bounds) and not grid.hits(inflate(box, 1.0))
                     and not any(boxes_overlap(box, other, 1.0) for other in placed)), None)
        if spot is None:  # no room free of ink: at least clear of the other names
            spot = next((box for box in spots if inside(box, bounds)
                         and not any(boxes_overlap(box, other, 1.0) for other in placed)), None)
        if spot is None:  # nowhere: on the anchor's top right corner
            spot = (request.anchor[2] - marker / 2, request.anchor[1] - marker / 2,
                    request.anchor[2] + marker / 2, request.anchor[1] + marker / 2)
        plan.hover[request.key] = spot
        placed.append(spot)
    return plan


def overlaps(plan: LabelPlan, ink: Iterable[Ink], bounds: Box) -> list[str]:
    """What is wrong with a plan, checked without the grid: names over ink, over each other or off the map."""
    problems = []
    ink = list(ink)
    placements = list(plan.placed.values())
    for number, placement in enumerate(placements):
        box = placement.box
        if not inside(box, bounds):
            problems.append(f"{placement.key}: off the map")
        for item in ink:
            if item.hits(box):
                problems.append(f"{placement.key}: over {item}")
                break
        for other in placements[number + 1:]:
            if boxes_overlap(box, other.box):
                problems.append(f"{placement.key}: over the name of {other.key}")
    return problems
