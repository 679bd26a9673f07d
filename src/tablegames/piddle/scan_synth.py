"""Synthetic photos of six dice for testing the photo reader: any rotation, sizes, light or dark dice on
tables of several colours, lighting gradients and vignetting, soft shadows, blur, noise, and dice touching
each other.

Every picture comes from a seeded generator, so a failing case can be drawn again from its seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from scipy import ndimage

from tablegames.core.rng import make_rng

if TYPE_CHECKING:
    from tablegames.piddle.scan import DiceReading

Colour = tuple[float, float, float]  # RGB 0-1
Point = npt.NDArray[np.float64]  # (row, col) in pixels
Placement = tuple[Point, float]  # a die's centre and its angle (radians)

PIP_OFFSET = 0.25  # pip centres sit a quarter of the face from its centre along each axis
PIP_RADIUS = 0.085  # of the face size
CORNER_RADIUS = 0.12  # rounded corners, of the face size

PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    5: ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}

TABLES = {  # name: colour, and which dice show up well on it
    "green felt": ((0.12, 0.38, 0.18), ("light", "dark")),
    "blue felt": ((0.14, 0.24, 0.46), ("light", "dark")),
    "walnut": ((0.36, 0.22, 0.12), ("light",)),
    "oak": ((0.66, 0.50, 0.30), ("dark",)),
    "slate": ((0.22, 0.23, 0.25), ("light",)),
    "paper": ((0.85, 0.84, 0.80), ("dark",)),
}
MIN_CONTRAST = 0.25  # dice that nearly vanish into the cloth (navy on blue felt) are not drawn
LIGHT_DICE = [((0.96, 0.96, 0.94), (0.05, 0.05, 0.06)), ((0.95, 0.92, 0.80), (0.10, 0.08, 0.08)),
              ((0.98, 0.88, 0.30), (0.06, 0.06, 0.10)), ((0.95, 0.95, 0.95), (0.70, 0.06, 0.06))]
DARK_DICE = [((0.07, 0.07, 0.08), (0.95, 0.95, 0.95)), ((0.55, 0.05, 0.06), (0.97, 0.96, 0.94)),
             ((0.06, 0.12, 0.42), (0.96, 0.96, 0.96)), ((0.05, 0.28, 0.12), (0.98, 0.90, 0.40))]


@dataclass(frozen=True)
class SyntheticPhoto:
    image: npt.NDArray[np.uint8]  # H x W x 3
    values: tuple[int, ...]  # the six dice
    centers: npt.NDArray[np.float64]  # 6 x 2, (row, col) in pixels
    size: float  # face size in pixels
    style: str  # light or dark dice
    touching: int  # how many pairs of dice touch


def render_die(canvas: npt.NDArray[np.float64], center: Point, size: float, angle: float, value: int, body: Colour,
               pips: Colour) -> None:
    """Paint one die (anti-aliased rounded square with pips and a slight bevel) onto canvas in place."""
    height, width, _ = canvas.shape
    reach = size * 0.75
    top, bottom = max(int(center[0] - reach), 0), min(int(center[0] + reach) + 2, height)
    left, right = max(int(center[1] - reach), 0), min(int(center[1] + reach) + 2, width)
    rows, cols = np.mgrid[top:bottom, left:right].astype(np.float64)
    dy, dx = rows - center[0], cols - center[1]
    cos, sin = np.cos(angle), np.sin(angle)
    u, v = cos * dx + sin * dy, -sin * dx + cos * dy  # the die's own axes
    half, corner = size / 2, CORNER_RADIUS * size
    qu, qv = np.abs(u) - (half - corner), np.abs(v) - (half - corner)
    outside = np.hypot(np.maximum(qu, 0), np.maximum(qv, 0)) + np.minimum(np.maximum(qu, qv), 0) - corner
    cover = np.clip(0.5 - outside, 0, 1)  # signed distance -> pixel coverage
    bevel = 1.0 - 0.18 * np.clip(1 + outside / (0.08 * size), 0, 1)  # darker rim
    pip_cover = np.zeros_like(u)
    for pu, pv in PIP_LAYOUTS[value]:
        distance = np.hypot(u - pu * PIP_OFFSET * size, v - pv * PIP_OFFSET * size) - PIP_RADIUS * size
        pip_cover = np.maximum(pip_cover, np.clip(0.5 - distance, 0, 1))
    face = np.asarray(body)[None, None, :] * bevel[..., None]
    face = face * (1 - pip_cover[..., None]) + np.asarray(pips)[None, None, :] * pip_cover[..., None]
    patch = canvas[top:bottom, left:right]
    patch[:] = patch * (1 - cover[..., None]) + face * cover[..., None]


def place_dice(rng: np.random.Generator, width: int, height: int, size: float, pairs: int) -> list[Placement]:
    """Six (center, angle) placements: `pairs` pairs touch edge to edge, the rest stand apart."""
    placed: list[Placement] = []
    clearance = size * 0.75  # half the diagonal plus a little: apart dice never overlap
    margin = size * 0.8

    def is_free(center: Point, others_ok: tuple[int, ...] = ()) -> bool:
        return all(np.hypot(*(center - c)) >= 2 * clearance or i in others_ok for i, (c, _) in enumerate(placed))

    attempts = 0
    while len(placed) < 6:
        attempts += 1
        if attempts > 4000:
            raise RuntimeError("could not place the dice")
        center = np.array([rng.uniform(margin, height - margin), rng.uniform(margin, width - margin)])
        angle = rng.uniform(0, np.pi / 2)
        if len(placed) < 2 * pairs:
            # a touching pair: the second die sits against one edge of the first, slid along it a little
            slide = rng.uniform(-0.3, 0.3) * size
            gap = rng.uniform(0.0, 0.03) * size
            along, across = (np.cos(angle), np.sin(angle)), (-np.sin(angle), np.cos(angle))
            offset = (size + gap) * np.array([along[1], along[0]]) + slide * np.array([across[1], across[0]])
            partner = center + offset
            if not (margin <= partner[0] <= height - margin and margin <= partner[1] <= width - margin):
                continue
            if is_free(center) and is_free(partner) and np.hypot(*(partner - center)) >= size:
                if all(np.hypot(*(partner - c)) >= 2 * clearance for c, _ in placed):
                    placed += [(center, angle), (partner, angle)]
            continue
        if is_free(center):
            placed.append((center, angle))
    return placed


def lighting(rng: np.random.Generator, width: int, height: int) -> npt.NDArray[np.float64]:
    """A smooth multiplicative light field: a tilt across the table plus a vignette, about 0.5 to 1.25."""
    rows, cols = np.mgrid[0:height, 0:width].astype(np.float64)
    x, y = cols / width - 0.5, rows / height - 0.5
    strength = rng.uniform(0.0, 0.5)
    direction = rng.uniform(0, 2 * np.pi)
    field = 1.0 + strength * (np.cos(direction) * x + np.sin(direction) * y)
    cx, cy = rng.uniform(-0.3, 0.3, size=2)
    field *= 1.0 - rng.uniform(0.0, 0.35) * ((x - cx) ** 2 + (y - cy) ** 2) * 2
    clipped: npt.NDArray[np.float64] = np.clip(field * rng.uniform(0.85, 1.1), 0.4, 1.3)
    return clipped


def synthetic_photo(seed: int, index: int = 0, width: int | None = None, touching: bool | None = None,
                    style: str | None = None, size_range: tuple[float, float] = (0.075, 0.125),
                    noise_range: tuple[float, float] = (0.0, 0.045), shadows: bool | None = None) -> SyntheticPhoto:
    """Picture number `index` of the set drawn from `seed`; size_range is the face size as a share of the
    width, noise_range the standard deviation of the added noise (harder sets widen them)."""
    rng = make_rng(seed, "piddle-scan-synth", index)
    width = int(width or rng.integers(480, 641))
    height = int(width * rng.uniform(0.62, 0.8))
    size = width * rng.uniform(*size_range)
    table_name = list(TABLES)[int(rng.integers(len(TABLES)))]
    table_colour, styles = TABLES[table_name]
    style = style if style in styles else styles[int(rng.integers(len(styles)))]
    sets = [dice for dice in (LIGHT_DICE if style == "light" else DARK_DICE)
            if np.linalg.norm(np.subtract(dice[0], table_colour)) >= MIN_CONTRAST]
    body, pips = sets[int(rng.integers(len(sets)))]
    if touching is None:
        touching = rng.random() < 0.4
    pairs = int(rng.integers(1, 3)) if touching else 0
    canvas = np.ones((height, width, 3)) * np.asarray(table_colour)[None, None, :]
    canvas += rng.normal(0, 0.015, size=(height // 8 + 1, width // 8 + 1, 3)).repeat(8, 0).repeat(8, 1)[
        :height, :width]  # a little texture in the cloth
    values = tuple(int(v) for v in rng.integers(1, 7, size=6))
    placements = place_dice(rng, width, height, size, pairs)
    light_field = lighting(rng, width, height)
    if shadows is None:
        shadows = rng.random() < 0.5
    if shadows:  # soft shadows, all cast the same way, drawn under the dice
        direction = rng.uniform(0, 2 * np.pi)
        reach = rng.uniform(0.04, 0.12) * size
        shade = np.zeros_like(canvas)
        for center, angle in placements:
            offset = reach * np.array([np.sin(direction), np.cos(direction)])
            render_die(shade, center + offset, size, angle, 1, (1, 1, 1), (1, 1, 1))
        shade = ndimage.gaussian_filter(shade[..., 0], sigma=0.06 * size)
        canvas *= 1.0 - rng.uniform(0.2, 0.5) * shade[..., None]
    for (center, angle), value in zip(placements, values, strict=True):
        render_die(canvas, center, size, angle, value, body, pips)
    canvas *= light_field[..., None]
    blur = rng.uniform(0.0, 1.0) * size / 60
    if blur > 0.3:
        canvas = ndimage.gaussian_filter(canvas, sigma=(blur, blur, 0))
    canvas += rng.normal(0, rng.uniform(*noise_range), size=canvas.shape)
    image = (np.clip(canvas, 0, 1) * 255 + 0.5).astype(np.uint8)
    centers = np.array([c for c, _ in placements])
    return SyntheticPhoto(image, values, centers, size, style, pairs)


@dataclass(frozen=True)
class ReadScore:
    """How a reading of a synthetic photo compares with the truth, die by die."""

    right: int  # read correctly (confident or not)
    wrong_marked: int  # read wrongly but marked uncertain: the player is asked to fix it
    wrong_unmarked: int  # read wrongly and claimed certain: the failure that matters
    missed: int  # dice not found at all

    @property
    def dice(self) -> int:
        return self.right + self.wrong_marked + self.wrong_unmarked + self.missed


def score_reading(photo: SyntheticPhoto, reading: DiceReading) -> ReadScore:
    """Match each true die to the nearest read die (within half a face) and count the outcomes."""
    right = wrong_marked = wrong_unmarked = missed = 0
    unused = list(reading.dice)
    for center, value in zip(photo.centers, photo.values, strict=True):
        if not unused:
            missed += 1
            continue
        distance = [np.hypot(center[0] - d.center[0], center[1] - d.center[1]) for d in unused]
        nearest = int(np.argmin(distance))
        if distance[nearest] > photo.size / 2:
            missed += 1
            continue
        die = unused.pop(nearest)
        if die.value == value:
            right += 1
        elif die.is_uncertain:
            wrong_marked += 1
        else:
            wrong_unmarked += 1
    return ReadScore(right, wrong_marked, wrong_unmarked, missed)
