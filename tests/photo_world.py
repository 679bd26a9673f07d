"""A second photo generator for the dice reader, written from a description of dice photos and not from the
reader's code (issue 19): a small renderer of a camera looking at real dice on a table.

The world, in units of one die's side:
- The table is the plane z = 0: felt, wood (grain and plank seams) or paper (plain, ruled or squared), of any
  colour, its texture drawn in the table's own coordinates so it recedes with the perspective.
- Dice are rounded cubes standing on it, each turned to one of the 24 ways a cube can lie and spun about the
  vertical: opposite faces add up to 7, every face carries its own pips (the sides show theirs when the camera
  is tilted; a translucent die shows the pips of its bottom face through its body). Materials: ivory, white
  (sometimes with a big red 1), red with white pips, black with white pips, green, translucent tints. Pips are
  round, square-ish or engraved (a painted dimple, shaded by the light); their spacing, size and the rounding of
  the edges vary from set to set.
- A pinhole camera tilted up to 35 degrees from straight down, turned any way round, with a 45-70 degree field of
  view; no die is seen more than 35 degrees off straight above (perspective shows the sides of dice away from
  the middle of the view even when the camera looks straight down); each die's top face is 40-250 pixels across.
- Light: an ambient part and a key light (a direction and an elevation) that shades every face (Lambert), makes
  specular glare on glossy dice (Blinn-Phong), casts soft shadows on the table and darkens the table where a die
  stands on it; then an uneven light field over the photo (a slope, a vignette and a lamp's bright spot) and a
  colour cast.
- The camera's side: exposure, defocus, motion blur, photon and read noise, a tone curve (sRGB), 8 bits, and a
  JPEG round trip at quality 40-95 (the DCT, the IJG quantization tables and 4:2:0 chroma, in numpy).
- 4 to 8 dice a photo (six half of the time); some touching face to face, some close enough that their outlines
  overlap in the picture (a near die in front of a far die's sides).

Every random choice comes from one seeded generator per photo: `world_photo(seed, index)` draws the same picture
every time. `score_world(photo, reading)` compares a reading with the truth die by die.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import multiprocessing
import os
import zipfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from scipy import ndimage

from tablegames.core.files import atomic_file
from tablegames.core.rng import make_rng

Vector = npt.NDArray[np.float64]
Image = npt.NDArray[np.float32]

# --- dice -------------------------------------------------------------------------------------------------------

# The canonical die: the value on each face, by the face's outward normal (a right-handed die: 1, 2, 3 around
# one corner counterclockwise; opposite faces add up to 7).
FACE_VALUES = {(0, 0, 1): 1, (0, 0, -1): 6, (1, 0, 0): 2, (-1, 0, 0): 5, (0, 1, 0): 3, (0, -1, 0): 4}
# Pip spots on a face, in units of the pip spacing along the face's two axes.
SPOTS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    5: ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}


def cube_rotations() -> list[npt.NDArray[np.int64]]:
    """The 24 rotations of a cube: signed permutation matrices of determinant +1."""
    rotations = []
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        for signs in np.ndindex(2, 2, 2):
            matrix = np.zeros((3, 3), dtype=np.int64)
            for row, (column, sign) in enumerate(zip(perm, signs, strict=True)):
                matrix[row, column] = 1 if sign == 0 else -1
            if round(np.linalg.det(matrix)) == 1:
                rotations.append(matrix)
    return rotations


ROTATIONS = cube_rotations()


def srgb_to_linear(colour: Any) -> Vector:
    c = np.asarray(colour, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


@dataclass(frozen=True)
class Material:
    name: str
    body: tuple[float, float, float]  # sRGB 0-1
    pips: tuple[float, float, float]
    gloss: tuple[float, float]  # range of the specular strength
    translucent: bool = False
    red_one: bool = False  # may have a big red 1


MATERIALS = [
    Material("ivory", (0.93, 0.88, 0.74), (0.12, 0.08, 0.06), (0.05, 0.35)),
    Material("white", (0.96, 0.96, 0.95), (0.06, 0.06, 0.08), (0.1, 0.5), red_one=True),
    Material("red", (0.76, 0.09, 0.10), (0.97, 0.96, 0.94), (0.15, 0.6)),
    Material("black", (0.07, 0.07, 0.08), (0.95, 0.95, 0.94), (0.15, 0.6)),
    Material("green", (0.10, 0.52, 0.24), (0.97, 0.97, 0.95), (0.1, 0.5)),
    Material("green, black pips", (0.35, 0.75, 0.40), (0.05, 0.06, 0.05), (0.1, 0.5)),
    Material("translucent red", (0.85, 0.12, 0.14), (0.97, 0.97, 0.97), (0.4, 0.9), translucent=True),
    Material("translucent blue", (0.15, 0.35, 0.90), (0.97, 0.97, 0.97), (0.4, 0.9), translucent=True),
    Material("translucent green", (0.20, 0.80, 0.35), (0.97, 0.97, 0.97), (0.4, 0.9), translucent=True),
    Material("translucent amber", (0.95, 0.65, 0.15), (0.08, 0.06, 0.05), (0.4, 0.9), translucent=True),
]


@dataclass(frozen=True)
class DiceSet:
    """What all the dice of one photo share."""

    material: Material
    body: Vector  # linear RGB albedo (varied a little from the material's)
    pips: Vector
    spacing: float  # pip centres from the face centre, along each axis, in die sides
    radius: float  # pip radius, in die sides
    shape: str  # round, square or engraved
    rounding: float  # the edges' radius, in die sides
    gloss: float
    shininess: float
    one_scale: float  # the 1's pip radius over the others'
    one_colour: Vector


def draw_dice_set(rng: np.random.Generator) -> DiceSet:
    material = MATERIALS[int(rng.integers(len(MATERIALS)))]
    body = np.clip(srgb_to_linear(material.body) * rng.uniform(0.85, 1.1, size=3), 0, 1)
    pips = np.clip(srgb_to_linear(material.pips) * rng.uniform(0.85, 1.1, size=3), 0, 1)
    spacing = rng.uniform(0.22, 0.29)
    radius = rng.uniform(0.065, min(0.105, spacing / 2 - 0.025))
    shape = ("round", "square", "engraved")[int(rng.integers(3))]
    one_scale, one_colour = 1.0, pips
    if material.red_one and rng.random() < 0.5:
        one_scale, one_colour = rng.uniform(1.3, 1.8), srgb_to_linear((0.80, 0.08, 0.10))
    elif rng.random() < 0.3:
        one_scale = rng.uniform(1.0, 1.4)
    return DiceSet(material, body, pips, spacing, radius, shape, rng.uniform(0.05, 0.2),
                   rng.uniform(*material.gloss), rng.uniform(15, 120), one_scale, one_colour)


@dataclass(frozen=True)
class Die:
    position: Vector  # (x, y) of its footprint's centre on the table
    yaw: float  # its turn about the vertical, radians
    rotation: npt.NDArray[np.int64]  # which way the cube lies (canonical die -> the die's own axes)

    @property
    def value(self) -> int:
        up = self.rotation.T @ np.array([0, 0, 1])
        return FACE_VALUES[(int(up[0]), int(up[1]), int(up[2]))]

    def to_local(self, points: Vector) -> Vector:
        """World points (... x 3) in the die's axes (origin at its footprint's centre)."""
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        shifted = points - np.array([self.position[0], self.position[1], 0.0])
        return np.stack([c * shifted[..., 0] + s * shifted[..., 1], -s * shifted[..., 0] + c * shifted[..., 1],
                         shifted[..., 2]], axis=-1)

    def dir_to_local(self, directions: Vector) -> Vector:
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        return np.stack([c * directions[..., 0] + s * directions[..., 1],
                         -s * directions[..., 0] + c * directions[..., 1], directions[..., 2]], axis=-1)

    def corners(self) -> Vector:
        """The 8 corners of its bounding box, world coordinates."""
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        out = []
        for dx in (-0.5, 0.5):
            for dy in (-0.5, 0.5):
                for z in (0.0, 1.0):
                    out.append([self.position[0] + c * dx - s * dy, self.position[1] + s * dx + c * dy, z])
        return np.array(out)

    def footprint(self) -> Vector:
        c, s = math.cos(self.yaw), math.sin(self.yaw)
        return np.array([[self.position[0] + c * dx - s * dy, self.position[1] + s * dx + c * dy]
                         for dx, dy in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))])


def convex_hull(points: Vector) -> Vector:
    """The convex hull of 2-D points, counterclockwise (Andrew's monotone chain)."""
    ordered = sorted(map(tuple, points))

    def half(sequence: list[tuple[float, ...]]) -> list[tuple[float, ...]]:
        chain: list[tuple[float, ...]] = []
        for p in sequence:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])) <= 0:
                chain.pop()
            chain.append(p)
        return chain

    return np.array(half(ordered)[:-1] + half(ordered[::-1])[:-1])


def squares_overlap(a: Die, b: Die, slack: float = 1e-6) -> bool:
    """Whether two footprints (squares of side 1) overlap, by the separating axis test."""
    pa, pb = a.footprint(), b.footprint()
    for yaw in (a.yaw, b.yaw):
        for axis in (np.array([math.cos(yaw), math.sin(yaw)]), np.array([-math.sin(yaw), math.cos(yaw)])):
            ra, rb = pa @ axis, pb @ axis
            if ra.max() <= rb.min() + slack or rb.max() <= ra.min() + slack:
                return False
    return True


# --- the camera -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Camera:
    width: int
    height: int
    focal: float  # pixels
    position: Vector
    forward: Vector
    right: Vector
    down: Vector

    def rays(self, cols: Vector, rows: Vector) -> Vector:
        """Unit directions through image points (continuous coordinates, pixel (r, c) centred at r+.5, c+.5)."""
        d = (self.forward[None, :] * self.focal + self.right[None, :] * (cols.ravel() - self.width / 2)[:, None]
             + self.down[None, :] * (rows.ravel() - self.height / 2)[:, None])
        d /= np.linalg.norm(d, axis=1, keepdims=True)
        return d.reshape(rows.shape + (3,))

    def project(self, points: Vector) -> Vector:
        """World points (... x 3) to image (row, col), continuous coordinates."""
        rel = points - self.position
        z = rel @ self.forward
        col = self.width / 2 + self.focal * (rel @ self.right) / z
        row = self.height / 2 + self.focal * (rel @ self.down) / z
        return np.stack([row, col], axis=-1)

    def table_grid(self) -> tuple[Image, Image]:
        """The table coordinates (x, y) seen at every pixel's centre (the rays need not be unit length)."""
        u = (np.arange(self.width) + 0.5 - self.width / 2)[None, :]
        v = (np.arange(self.height) + 0.5 - self.height / 2)[:, None]
        d = [self.forward[k] * self.focal + self.right[k] * u + self.down[k] * v for k in range(3)]
        t = -self.position[2] / d[2]
        return ((self.position[0] + t * d[0]).astype(np.float32), (self.position[1] + t * d[1]).astype(np.float32))

    def table_point(self, rows: Vector, cols: Vector) -> Vector:
        d = self.rays(cols, rows)
        t = -self.position[2] / d[..., 2]
        return self.position + t[..., None] * d


def make_camera(rng: np.random.Generator, width: int, height: int, die_pixels: float, most_tilt: float = 35
                ) -> tuple[Camera, float]:
    tilt = math.radians(rng.uniform(0, most_tilt))
    azimuth = rng.uniform(0, 2 * math.pi)
    roll = rng.uniform(0, 2 * math.pi)
    fov = math.radians(rng.uniform(45, 70))
    focal = (max(width, height) / 2) / math.tan(fov / 2)
    forward = np.array([math.sin(tilt) * math.cos(azimuth), math.sin(tilt) * math.sin(azimuth), -math.cos(tilt)])
    right = np.array([math.sin(azimuth), -math.cos(azimuth), 0.0])
    down = np.cross(forward, right)
    c, s = math.cos(roll), math.sin(roll)
    right, down = c * right + s * down, -s * right + c * down
    distance = focal / die_pixels  # a die's side at the centre of the view is die_pixels across
    position = np.array([0.0, 0.0, 0.5]) - distance * forward
    return Camera(width, height, focal, position, forward, right, down), math.degrees(tilt)


# --- the table --------------------------------------------------------------------------------------------------


def smooth_field(rng: np.random.Generator, x: Vector, y: Vector, scale: float, waves: int = 4) -> Vector:
    """A smooth random field (sum of sinusoids) about 0 with a spread about 1, features ~scale across."""
    total = np.zeros(np.broadcast(x, y).shape)
    for _ in range(waves):
        angle = rng.uniform(0, 2 * math.pi)
        frequency = rng.uniform(0.5, 1.5) * 2 * math.pi / scale
        total += np.sin(frequency * (x * math.cos(angle) + y * math.sin(angle)) + rng.uniform(0, 2 * math.pi))
    return total * math.sqrt(2 / waves)


def random_colour(rng: np.random.Generator, value: tuple[float, float], saturation: tuple[float, float]) -> Vector:
    hue = rng.uniform(0, 1)
    sat, val = rng.uniform(*saturation), rng.uniform(*value)
    k = (np.array([5, 3, 1]) + hue * 6) % 6
    srgb = val - val * sat * np.clip(np.minimum(k, 4 - k), 0, 1)
    return srgb_to_linear(srgb)


def draw_table(rng: np.random.Generator, kind: str, x: Image, y: Image, pixel_noise: Image) -> tuple[Image, str]:
    """The table's linear albedo at each pixel ((x, y): the table coordinates seen there)."""
    if kind == "felt":
        colour = random_colour(rng, (0.12, 0.75), (0.2, 0.95))
        if rng.random() < 0.25:  # the classic cloths, dark ones among them
            colour = srgb_to_linear([(0.05, 0.10, 0.30), (0.10, 0.35, 0.18), (0.45, 0.08, 0.10),
                                     (0.10, 0.10, 0.12)][int(rng.integers(4))])
        shade = 1 + 0.05 * smooth_field(rng, x, y, rng.uniform(3, 8)) + rng.uniform(0.03, 0.09) * pixel_noise
        name = "felt"
    elif kind == "wood":
        colour = srgb_to_linear([rng.uniform(0.35, 0.8), rng.uniform(0.2, 0.55), rng.uniform(0.08, 0.3)])
        if rng.random() < 0.3:  # stained or painted any colour
            colour = random_colour(rng, (0.2, 0.8), (0.2, 0.8))
        angle = rng.uniform(0, math.pi)
        along, across = x * math.cos(angle) + y * math.sin(angle), -x * math.sin(angle) + y * math.cos(angle)
        warp = 0.6 * smooth_field(rng, along * 0.2, across, 3.0)
        grain = np.sin(2 * math.pi * rng.uniform(1.5, 4) * (across + warp)) ** 2
        shade = 1 - rng.uniform(0.1, 0.3) * grain + 0.04 * smooth_field(rng, x, y, 4) + 0.03 * pixel_noise
        plank = rng.uniform(2.5, 7)
        seam = np.abs(((across / plank) % 1.0) - 0.5) * plank  # distance from the plank's middle
        shade = np.where(seam > plank / 2 - 0.025, shade * 0.45, shade)
        name = "wood"
    else:
        colour = random_colour(rng, (0.75, 0.98), (0.0, 0.35))
        if rng.random() < 0.25:
            colour = random_colour(rng, (0.4, 0.95), (0.2, 0.8))  # coloured paper
        shade = 1 + 0.02 * pixel_noise + 0.02 * smooth_field(rng, x, y, 5)
        lines = rng.random()
        if lines < 0.4:  # ruled or squared paper: thin grey-blue lines
            pitch = rng.uniform(0.3, 0.8)
            angle = rng.uniform(0, math.pi)
            u = x * math.cos(angle) + y * math.sin(angle)
            ink = np.abs(((u / pitch) % 1.0) - 0.5) > 0.5 - 0.02 / pitch
            if lines < 0.15:
                v = -x * math.sin(angle) + y * math.cos(angle)
                ink |= np.abs(((v / pitch) % 1.0) - 0.5) > 0.5 - 0.02 / pitch
            shade = np.where(ink, shade * 0.7, shade)
        name = "paper"
    albedo = colour[None, None, :] * np.clip(shade, 0.2, 1.5)[..., None]
    return albedo.astype(np.float32), name


# --- rendering a die --------------------------------------------------------------------------------------------


def rounded_box_distance(p: Vector, rounding: float) -> Vector:
    """Signed distance to a rounded cube of side 1 centred at the origin (p: N x 3)."""
    q = np.abs(p) - (0.5 - rounding)
    outer = np.maximum(q, 0)
    inner = np.minimum(np.maximum(np.maximum(q[:, 0], q[:, 1]), q[:, 2]), 0)
    return np.sqrt(outer[:, 0] ** 2 + outer[:, 1] ** 2 + outer[:, 2] ** 2) + inner - rounding


def slab(origin: Vector, directions: Vector) -> tuple[Vector, Vector]:
    """Entry and exit distances of rays into the box [-.5, .5]^3."""
    safe = np.where(np.abs(directions) < 1e-7, np.float32(1e-7), directions)
    t1, t2 = (-0.5 - origin) / safe, (0.5 - origin) / safe
    return np.minimum(t1, t2).max(axis=-1), np.maximum(t1, t2).min(axis=-1)


def face_pips(dice: DiceSet, value: int, a: Vector, b: Vector, pixel: Vector) -> tuple[Vector, Vector, Vector]:
    """(coverage 0-1, the pip's own offset along a and b from its centre over its radius) of a face's pips at
    face coordinates (a, b); pixel: a die side in pixels there (for the soft edge)."""
    cover = np.zeros_like(a)
    off_a, off_b = np.zeros_like(a), np.zeros_like(a)
    radius = dice.radius * (dice.one_scale if value == 1 else 1.0)
    for i, j in SPOTS[value]:
        da, db = a - i * dice.spacing, b - j * dice.spacing
        if dice.shape == "square":
            reach = (np.abs(da) ** 4 + np.abs(db) ** 4) ** 0.25 / 0.93
        else:
            reach = np.hypot(da, db)
        c = np.clip(0.5 - (reach - radius) * pixel, 0, 1)
        nearer = c > cover
        cover = np.maximum(cover, c)
        off_a, off_b = np.where(nearer, da / radius, off_a), np.where(nearer, db / radius, off_b)
    return cover, off_a, off_b


@dataclass
class Light:
    direction: Vector  # towards the key light, world
    key: float
    ambient: float


def face_table(rotation: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For each face of the die (by its own axis k and side: index 2k + (side > 0)): the value it shows, and the
    two canonical axes its pips are laid out along."""
    values = np.zeros(6, dtype=np.int64)
    axes = np.zeros((6, 2), dtype=np.int64)
    for k in range(3):
        for side in (-1, 1):
            canon = side * rotation[k, :]  # rotation.T @ (side * e_k)
            kc = int(np.argmax(np.abs(canon)))
            values[2 * k + (side > 0)] = FACE_VALUES[(int(canon[0]), int(canon[1]), int(canon[2]))]
            axes[2 * k + (side > 0)] = [i for i in range(3) if i != kc]
    return values, axes


def render_die(die: Die, dice: DiceSet, camera: Camera, light: Light, table_albedo: Vector,
               box: tuple[int, int, int, int], supersample: int) -> tuple[Image, Image]:
    """The die over the image box (top, bottom, left, right): (premultiplied linear colour, coverage)."""
    top, bottom, left, right = box
    n = supersample
    sub_rows = (np.arange((bottom - top) * n, dtype=np.float32) + 0.5) / n + top - camera.height / 2
    sub_cols = (np.arange((right - left) * n, dtype=np.float32) + 0.5) / n + left - camera.width / 2
    # the rays in the die's own axes: linear in the pixel's row and column, built by broadcasting
    forward, right_, down = (die.dir_to_local(v).astype(np.float32) for v in (camera.forward, camera.right,
                                                                               camera.down))
    local = (forward * np.float32(camera.focal))[None, None, :] + sub_rows[:, None, None] * down[None, None, :] \
        + sub_cols[None, :, None] * right_[None, None, :]
    local = local.reshape(-1, 3)
    local /= np.sqrt((local**2).sum(axis=1, keepdims=True))
    directions = local
    origin = (die.to_local(camera.position) - np.array([0, 0, 0.5])).astype(np.float32)  # the box centred at 0
    enter, leave = slab(origin, local)
    index = np.nonzero(enter < leave)[0]
    t = np.maximum(enter[index], 0)
    rays, far = local[index], leave[index]
    live = np.arange(len(index))
    found = np.zeros(len(index), dtype=bool)
    for _ in range(16):  # sphere tracing from the box's entry: a few steps near the rounded edges
        d = rounded_box_distance(origin + t[live, None] * rays[live], dice.rounding)
        t[live] += d
        done = d < 1e-3
        found[live[done]] = True
        live = live[~done & (t[live] <= far[live])]
        if len(live) == 0:
            break
    index, t, view = index[found], t[found], rays[found]
    colour = np.zeros((len(directions), 3), dtype=np.float32)
    alpha = np.zeros(len(directions), dtype=np.float32)
    if len(index):
        count = len(index)
        p = origin + t[:, None] * view
        q = np.abs(p) - (0.5 - dice.rounding)
        outer = np.maximum(q, 0)
        length = np.sqrt((outer**2).sum(axis=1))
        axis = q.argmax(axis=1)
        side = np.sign(p[np.arange(count), axis])
        normal = np.sign(p) * outer / np.maximum(length, 1e-12)[:, None]
        flat = length <= 1e-9
        normal[flat] = 0.0
        normal[flat, axis[flat]] = side[flat]
        # which face, and where on it, on the canonical die
        face_values, face_axes = face_table(die.rotation)
        face = 2 * axis + (side > 0)
        values = face_values[face]
        p_canon = p @ die.rotation
        a = np.take_along_axis(p_canon, face_axes[face, 0:1], axis=1)[:, 0]
        b = np.take_along_axis(p_canon, face_axes[face, 1:2], axis=1)[:, 0]
        pixel = camera.focal / np.sqrt(((origin - p) ** 2).sum(axis=1)) * n  # sub-pixels per die side there
        pip_cover, pip_a, pip_b = np.zeros(count), np.zeros(count), np.zeros(count)
        for value in np.unique(values):
            on = values == value
            pip_cover[on], pip_a[on], pip_b[on] = face_pips(dice, int(value), a[on], b[on], pixel[on])
        albedo = np.repeat(dice.body[None, :], count, axis=0)
        pip_colour = np.where((values == 1)[:, None], dice.one_colour[None, :], dice.pips[None, :])
        light_local = die.dir_to_local(light.direction)
        shade_normal = normal
        if dice.shape == "engraved":  # a dimple: its wall tilts towards the pip's centre, a dark rim round it
            axes_a = die.rotation[:, face_axes[face, 0]].T  # the face's (a, b) axes in the die's own axes
            axes_b = die.rotation[:, face_axes[face, 1]].T
            reach = np.hypot(pip_a, pip_b)
            tilt = 0.8 * (reach < 1)
            shade_normal = normal - tilt[:, None] * (pip_a[:, None] * axes_a + pip_b[:, None] * axes_b)
            shade_normal /= np.linalg.norm(shade_normal, axis=1, keepdims=True)
            rim = np.clip(1 - np.abs(reach - 1) * 6, 0, 1) * 0.5
            albedo = albedo * (1 - 0.6 * rim[:, None])
        lambert = np.clip(shade_normal @ light_local, 0, None)
        if dice.material.translucent:
            # light passes through: flatter shading, the table's colour and the bottom face's pips showing
            behind = float(np.mean(table_albedo)) ** 0.5
            albedo = albedo * (0.35 + 0.65 * behind)
            exit_t = (-0.5 - p[:, 2]) / np.minimum(view[:, 2], -1e-6)  # down to the bottom face's plane
            through = (p + np.maximum(exit_t, 0)[:, None] * view) @ die.rotation
            bottom = 2 * 2 + 0  # the die's own -z face
            ghost, _, _ = face_pips(dice, int(face_values[bottom]), through[:, face_axes[bottom, 0]],
                                    through[:, face_axes[bottom, 1]], pixel * 0.5)
            ghost *= (face == 5) * 0.15 * (1 - pip_cover)
            ghost_colour = dice.pips * (0.4 + 0.6 * dice.body / max(float(dice.body.max()), 1e-3))
            albedo = albedo * (1 - ghost[:, None]) + ghost_colour[None, :] * ghost[:, None]
            lambert = 0.55 + 0.45 * lambert
        albedo = albedo * (1 - pip_cover[:, None]) + pip_colour * pip_cover[:, None]
        shaded = albedo * (light.ambient + light.key * lambert)[:, None]
        halfway = light_local[None, :] - view
        halfway /= np.linalg.norm(halfway, axis=1, keepdims=True)
        glare = dice.gloss * light.key * np.clip((normal * halfway).sum(axis=1), 0, 1) ** dice.shininess
        colour[index] = shaded + glare[:, None]
        alpha[index] = 1.0
    shape = ((bottom - top), n, (right - left), n)
    return colour.reshape(shape + (3,)).mean(axis=(1, 3)), alpha.reshape(shape).mean(axis=(1, 3))


# --- the camera's side ------------------------------------------------------------------------------------------

JPEG_LUMA = np.array([
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99], dtype=np.float64).reshape(8, 8)
JPEG_CHROMA = np.array([
    17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
    47, 66, 99, 99, 99, 99, 99, 99] + [99] * 32, dtype=np.float64).reshape(8, 8)


def dct_matrix() -> Vector:
    k = np.arange(8)
    m = np.cos((2 * k[None, :] + 1) * k[:, None] * math.pi / 16) * math.sqrt(2 / 8)
    m[0] /= math.sqrt(2)
    return m


DCT = dct_matrix()
DCT_2D = np.kron(DCT, DCT).astype(np.float32)  # a flattened 8 x 8 block to its flattened coefficients


def quantize_plane(plane: Vector, table: Vector) -> Vector:
    height, width = plane.shape
    ph, pw = -height % 8, -width % 8
    padded = np.pad(plane, ((0, ph), (0, pw)), mode="edge") - np.float32(128)
    rows, cols = padded.shape[0] // 8, padded.shape[1] // 8
    blocks = padded.reshape(rows, 8, cols, 8).transpose(0, 2, 1, 3).reshape(-1, 64)
    step = table.astype(np.float32).ravel()
    coefficients = np.round(blocks @ DCT_2D.T / step) * step  # each row a block's 64 coefficients
    restored = (coefficients @ DCT_2D).reshape(rows, cols, 8, 8).transpose(0, 2, 1, 3).reshape(padded.shape)
    restored += np.float32(128)
    return restored[:height, :width]


def jpeg_round_trip(image: npt.NDArray[np.uint8], quality: int) -> npt.NDArray[np.uint8]:
    """What a JPEG file at this quality (IJG scaling, 4:2:0 chroma) gives back when decoded."""
    scale = 5000 / quality if quality < 50 else 200 - 2 * quality
    luma = np.clip(np.floor((JPEG_LUMA * scale + 50) / 100), 1, 255)
    chroma = np.clip(np.floor((JPEG_CHROMA * scale + 50) / 100), 1, 255)
    rgb = image.astype(np.float32)
    y = 0.299 * rgb[..., 0] + 0.587 * rgb[..., 1] + 0.114 * rgb[..., 2]
    cb = 128 - 0.168736 * rgb[..., 0] - 0.331264 * rgb[..., 1] + 0.5 * rgb[..., 2]
    cr = 128 + 0.5 * rgb[..., 0] - 0.418688 * rgb[..., 1] - 0.081312 * rgb[..., 2]
    height, width = y.shape
    y = quantize_plane(y, luma)
    planes = []
    for c in (cb, cr):
        padded = np.pad(c, ((0, height % 2), (0, width % 2)), mode="edge")
        half = padded.reshape(padded.shape[0] // 2, 2, padded.shape[1] // 2, 2).mean(axis=(1, 3))
        half = quantize_plane(half, chroma)
        full = half.repeat(2, axis=0).repeat(2, axis=1)[:height, :width]
        planes.append(full)
    cb, cr = planes
    r = y + 1.402 * (cr - 128)
    g = y - 0.344136 * (cb - 128) - 0.714136 * (cr - 128)
    b = y + 1.772 * (cb - 128)
    return np.clip(np.round(np.stack([r, g, b], axis=-1)), 0, 255).astype(np.uint8)


def motion_blur(image: Image, length: float, angle: float) -> Image:
    """A straight streak `length` pixels long: the mean of copies shifted along it by whole pixels (edges
    repeated)."""
    height, width = image.shape[:2]
    pad = int(math.ceil(length / 2)) + 2
    padded = np.pad(image, ((pad, pad), (pad, pad), (0, 0)), mode="edge")
    steps = max(2, int(math.ceil(length)) + 1)
    total = np.zeros_like(image)
    for k in range(steps):
        s = (k / (steps - 1) - 0.5) * length
        dy, dx = round(s * math.sin(angle)), round(s * math.cos(angle))
        total += padded[pad - dy:pad - dy + height, pad - dx:pad - dx + width]
    return total / np.float32(steps)


def srgb_encode(linear: Image) -> Image:
    c = np.clip(linear, 0, 1)
    return np.where(c <= 0.0031308, 12.92 * c, 1.055 * np.power(c, 1 / 2.4) - 0.055).astype(np.float32)


SRGB_TABLE = (srgb_encode(np.linspace(0, 1, 16385, dtype=np.float32)) * 255 + 0.5).astype(np.uint8)


def to_8_bits(linear: Image) -> npt.NDArray[np.uint8]:
    """The sRGB tone curve and 8 bits, through a table."""
    index = (np.clip(linear, 0, 1) * 16384 + 0.5).astype(np.int32)
    return SRGB_TABLE[index]


# --- the photo --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrueDie:
    value: int
    center: tuple[float, float]  # (row, col) of the top face's centre, in the photo's pixels
    size: float  # the top face's side in pixels (the square root of its area in the picture)
    corners: tuple[tuple[float, float], ...] = ()  # the top face's corners (row, col), in order round it
    pips: tuple[tuple[float, float], ...] = ()  # the top face's pips' centres (row, col)


@dataclass(frozen=True)
class WorldPhoto:
    image: npt.NDArray[np.uint8]
    dice: tuple[TrueDie, ...]
    notes: dict[str, Any] = field(default_factory=dict)  # how it was drawn: material, table, tilt, quality...

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)


def place_dice(rng: np.random.Generator, camera: Camera, count: int, notes: dict[str, Any]) -> list[Die] | None:
    dice: list[Die] = []
    touching = int(rng.integers(1, 3)) if rng.random() < 0.35 else 0
    close = int(rng.integers(1, 3)) if rng.random() < 0.35 else 0
    notes["touching pairs"], notes["close"] = 0, 0
    attempts = 0
    while len(dice) < count:
        attempts += 1
        if attempts > 3000:
            return None
        rotation = ROTATIONS[int(rng.integers(len(ROTATIONS)))]
        yaw = rng.uniform(0, 2 * math.pi)
        if dice and notes["touching pairs"] < touching and rng.random() < 0.7:
            anchor = dice[int(rng.integers(len(dice)))]
            side = int(rng.integers(4)) * math.pi / 2 + anchor.yaw
            gap, slide = rng.uniform(0, 0.04), rng.uniform(-0.35, 0.35)
            offset = (1 + gap) * np.array([math.cos(side), math.sin(side)]) + slide * np.array(
                [-math.sin(side), math.cos(side)])
            candidate = Die(anchor.position + offset, anchor.yaw + rng.uniform(-0.02, 0.02), rotation)
            kind = "touching pairs"
        elif dice and notes["close"] < close and rng.random() < 0.7:
            anchor = dice[int(rng.integers(len(dice)))]
            angle = rng.uniform(0, 2 * math.pi)
            offset = rng.uniform(1.1, 1.6) * np.array([math.cos(angle), math.sin(angle)])
            candidate = Die(anchor.position + offset, yaw, rotation)
            kind = "close"
        else:
            row, col = rng.uniform(0.1, 0.9) * camera.height, rng.uniform(0.1, 0.9) * camera.width
            point = camera.table_point(np.array([row]), np.array([col]))[0]
            candidate = Die(point[:2], yaw, rotation)
            kind = ""
        corners = camera.project(candidate.corners())
        margin = 0.15 * size_of(candidate, camera) + 3
        if (corners[:, 0].min() < margin or corners[:, 1].min() < margin
                or corners[:, 0].max() > camera.height - margin or corners[:, 1].max() > camera.width - margin):
            continue
        if not 40 <= size_of(candidate, camera) <= 250 or view_angle(candidate, camera) > MOST_VIEW_ANGLE:
            continue
        slack = -0.001 if kind == "touching pairs" else 0.02  # dice standing apart keep a hair's breadth
        if any(squares_overlap(candidate, other, slack) for other in dice):
            continue
        if kind == "touching pairs":
            others = [o for o in dice if o is not anchor]
            if any(squares_overlap(candidate, other, 0.02) for other in others):
                continue
        if kind:
            notes[kind] += 1
        dice.append(candidate)
    return dice


def top_face(die: Die, camera: Camera) -> Vector:
    c, s = math.cos(die.yaw), math.sin(die.yaw)
    points = [[die.position[0] + c * dx - s * dy, die.position[1] + s * dx + c * dy, 1.0]
              for dx, dy in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))]
    return camera.project(np.array(points))


def top_pips(die: Die, dice: DiceSet) -> Vector:
    """The world positions of the pips' centres on a die's top face."""
    values, axes = face_table(die.rotation)
    a, b = axes[5]  # the die's own +z face
    points = []
    for i, j in SPOTS[int(values[5])]:
        canon = np.zeros(3)
        canon[int(a)], canon[int(b)] = i * dice.spacing, j * dice.spacing
        local = die.rotation @ canon
        local[2] = 1.0
        c, s = math.cos(die.yaw), math.sin(die.yaw)
        points.append([die.position[0] + c * local[0] - s * local[1], die.position[1] + s * local[0] + c * local[1],
                       1.0])
    return np.array(points)


MOST_VIEW_ANGLE = 35.0  # degrees: no die is seen further than this from straight above


def view_angle(die: Die, camera: Camera) -> float:
    """How far from straight above the camera sees the die's top face, in degrees."""
    ray = np.array([die.position[0], die.position[1], 1.0]) - camera.position
    return math.degrees(math.acos(min(1.0, -ray[2] / float(np.linalg.norm(ray)))))


def size_of(die: Die, camera: Camera) -> float:
    quad = top_face(die, camera)
    rows, cols = quad[:, 0], quad[:, 1]
    area = 0.5 * abs(np.dot(cols, np.roll(rows, 1)) - np.dot(rows, np.roll(cols, 1)))
    return float(math.sqrt(area))


def world_photo(seed: int, index: int = 0, count: int | None = None, **fixed: Any) -> WorldPhoto:
    """Photo number `index` of the set drawn from `seed`. `count` fixes the number of dice; `fixed` may fix the
    material (a name in MATERIALS), table (felt, wood, paper), table_colour (sRGB), die_pixels and most_tilt
    (degrees)."""
    rng = make_rng(seed, "piddle-photo-world", index)
    if count is None:  # drawn once: a crowded photo that needs another try keeps its count
        count = 6 if rng.random() < 0.5 else int(rng.choice([4, 5, 7, 8]))
    for _attempt in range(20):
        photo = try_photo(rng, count, fixed)
        if photo is not None:
            return photo
    raise RuntimeError(f"could not place the dice of photo {seed}/{index}")


GENERATOR_VERSION = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]  # this file's: a kept photo
# drawn by another version of it is drawn again


def kept_world_photo(seed: int, index: int, folder: str | os.PathLike[str]) -> WorldPhoto:
    """world_photo(seed, index), kept in `folder` (one .npz a photo: the picture, the truth as JSON and the
    generator's version) so that measuring another reader on the same photos does not draw them again (a photo
    takes about a second to draw, ten times its reading). A kept file that is damaged, not ours or of another
    version of this generator is drawn again and replaced, atomically."""
    path = Path(folder) / f"world-{seed}-{index}.npz"
    try:
        with np.load(path, allow_pickle=False) as kept:
            if str(kept["version"]) == GENERATOR_VERSION:
                truth = json.loads(str(kept["truth"]))
                dice = tuple(TrueDie(int(d["value"]), (float(d["center"][0]), float(d["center"][1])),
                                     float(d["size"]), tuple(tuple(float(x) for x in c) for c in d["corners"]),
                                     tuple(tuple(float(x) for x in p) for p in d["pips"])) for d in truth["dice"])
                image = np.array(kept["image"], dtype=np.uint8)
                if image.ndim == 3 and image.shape[2] == 3:
                    return WorldPhoto(image, dice, dict(truth["notes"]))
    except (OSError, ValueError, KeyError, TypeError, IndexError, EOFError, zipfile.BadZipFile):
        pass  # missing or damaged: drawn again
    photo = world_photo(seed, index)
    truth = {"dice": [{"value": d.value, "center": d.center, "size": d.size, "corners": d.corners, "pips": d.pips}
                      for d in photo.dice],
             "notes": {key: value.item() if isinstance(value, np.generic) else value
                       for key, value in photo.notes.items()}}
    buffer = io.BytesIO()
    np.savez(buffer, image=photo.image, truth=np.array(json.dumps(truth)), version=np.array(GENERATOR_VERSION))
    with atomic_file(path) as handle:
        handle.write(buffer.getvalue())
    return photo


def try_photo(rng: np.random.Generator, count: int, fixed: dict[str, Any]) -> WorldPhoto | None:
    notes: dict[str, Any] = {}
    die_pixels = float(fixed.get("die_pixels", math.exp(rng.uniform(math.log(44), math.log(230)))))
    aspect = float(rng.choice([4 / 3, 3 / 2, 16 / 9, 1.0]))
    longer = int(np.clip(die_pixels * rng.uniform(6, 11) * (1 + 0.08 * max(0, count - 6)), 360, 2000))
    width, height = (longer, int(longer / aspect)) if rng.random() < 0.75 else (int(longer / aspect), longer)
    camera, tilt = make_camera(rng, width, height, die_pixels, float(fixed.get("most_tilt", 35)))
    dice_set = draw_dice_set(rng)
    if "material" in fixed:
        material = next(m for m in MATERIALS if m.name == fixed["material"])
        dice_set = DiceSet(material, srgb_to_linear(material.body), srgb_to_linear(material.pips),
                           dice_set.spacing, dice_set.radius, dice_set.shape, dice_set.rounding, dice_set.gloss,
                           dice_set.shininess, 1.0, srgb_to_linear(material.pips))
    dice = place_dice(rng, camera, count, notes)
    if dice is None:
        return None
    table_kind = str(fixed.get("table", ("felt", "wood", "paper")[int(rng.integers(3))]))
    table_x, table_y = camera.table_grid()
    pixel_noise = ndimage.gaussian_filter(rng.standard_normal((height, width), dtype=np.float32), 0.7) * 1.8
    albedo, table_name = draw_table(rng, table_kind, table_x, table_y, pixel_noise)
    if "table_colour" in fixed:
        albedo = albedo / np.maximum(albedo.mean(axis=(0, 1)), 1e-6) * srgb_to_linear(fixed["table_colour"])
    # a die of nearly the table's own colour cannot be seen: such pairs are not drawn
    table_mean = albedo.reshape(-1, 3).mean(axis=0)
    if np.linalg.norm(srgb_encode(table_mean.astype(np.float32)) - srgb_encode(dice_set.body.astype(np.float32))) < 0.12:
        return None
    elevation = math.radians(rng.uniform(30, 85))
    azimuth = rng.uniform(0, 2 * math.pi)
    direction = np.array([math.cos(elevation) * math.cos(azimuth), math.cos(elevation) * math.sin(azimuth),
                          math.sin(elevation)])
    ambient_share = rng.uniform(0.2, 0.6)
    light = Light(direction, 1 - ambient_share, ambient_share)
    # the table: lit, shadowed where a die stands between it and the light, darker right next to a die
    shadow = np.zeros((height, width), dtype=np.float32)
    contact = np.ones((height, width), dtype=np.float32)
    softness = rng.uniform(0.02, 0.15)
    for die in dice:
        # the shadow of a box on the table: the convex hull of its footprint and of its top corners' shadows
        corners = die.corners()
        ground = np.concatenate([corners[:, :2], corners[:, :2] - corners[:, 2:3] * direction[:2] / direction[2]])
        hull = convex_hull(ground)
        reach = camera.project(np.c_[ground, np.zeros(len(ground))])
        pad = 0.4 * size_of(die, camera)
        top, bottom = int(max(reach[:, 0].min() - pad, 0)), int(min(reach[:, 0].max() + pad + 1, height))
        left, right = int(max(reach[:, 1].min() - pad, 0)), int(min(reach[:, 1].max() + pad + 1, width))
        if top >= bottom or left >= right:
            continue
        px, py = table_x[top:bottom, left:right], table_y[top:bottom, left:right]
        outside = np.full(px.shape, -np.inf, dtype=np.float32)
        for (ax, ay), (bx, by) in zip(hull, np.roll(hull, -1, axis=0), strict=True):
            ex, ey = bx - ax, by - ay
            norm = math.hypot(ex, ey)
            outside = np.maximum(outside, ((px - ax) * ey - (py - ay) * ex) / np.float32(norm))
        soft = np.clip(0.5 - outside / (2 * softness), 0, 1)
        shadow[top:bottom, left:right] = np.maximum(shadow[top:bottom, left:right], soft)
        c, s_ = math.cos(die.yaw), math.sin(die.yaw)
        dx, dy = px - np.float32(die.position[0]), py - np.float32(die.position[1])
        qu, qv = np.abs(c * dx + s_ * dy) - 0.5, np.abs(-s_ * dx + c * dy) - 0.5
        gap = np.sqrt(np.maximum(qu, 0) ** 2 + np.maximum(qv, 0) ** 2)
        contact[top:bottom, left:right] *= 1 - np.float32(0.35) * np.exp(-gap / np.float32(0.06))
    strength = 1 if not dice_set.material.translucent else 0.6
    table_light = light.ambient + light.key * direction[2] * (1 - strength * shadow)
    canvas = albedo * (table_light * contact)[..., None]
    # the dice, far ones first
    order = sorted(range(len(dice)), key=lambda i: -float(np.linalg.norm(
        np.array([*dice[i].position, 0.5]) - camera.position)))
    for i in order:
        die = dice[i]
        corners = camera.project(die.corners())
        top, bottom = int(max(corners[:, 0].min() - 2, 0)), int(min(corners[:, 0].max() + 3, height))
        left, right = int(max(corners[:, 1].min() - 2, 0)), int(min(corners[:, 1].max() + 3, width))
        supersample = 2 if size_of(die, camera) < 80 else 1
        colour, alpha = render_die(die, dice_set, camera, light, table_mean, (top, bottom, left, right),
                                      supersample)
        patch = canvas[top:bottom, left:right]
        patch[:] = patch * (1 - alpha[..., None]) + colour
    # uneven light and a colour cast
    x = ((np.arange(width) + 0.5) / width - 0.5)[None, :]
    y = ((np.arange(height) + 0.5) / height - 0.5)[:, None]
    slope = rng.uniform(0, 0.6)
    angle = rng.uniform(0, 2 * math.pi)
    field_ = 1 + slope * (x * math.cos(angle) + y * math.sin(angle))
    cx, cy = rng.uniform(-0.3, 0.3, size=2)
    field_ *= 1 - rng.uniform(0, 0.5) * ((x - cx) ** 2 + (y - cy) ** 2)
    if rng.random() < 0.4:  # a lamp's bright spot
        sx, sy = rng.uniform(-0.5, 0.5, size=2)
        field_ *= 1 + rng.uniform(0.2, 0.8) * np.exp(-((x - sx) ** 2 + (y - sy) ** 2) / (2 * rng.uniform(0.1, 0.3) ** 2))
    cast = rng.uniform(0.88, 1.12, size=3)
    canvas *= field_.astype(np.float32)[..., None]
    canvas *= cast.astype(np.float32)
    # exposure: the camera meters the scene's mean to a mid grey, give or take
    luminance = canvas @ np.array([0.2126, 0.7152, 0.0722], dtype=np.float32)
    gain = np.clip(0.18 / max(float(luminance.mean()), 1e-4), 0.6, 3.0) * 2 ** rng.uniform(-0.8, 0.5)
    canvas *= np.float32(gain)
    # optics and motion
    defocus = rng.uniform(0.3, 0.7 + 0.006 * die_pixels)
    canvas = ndimage.gaussian_filter(canvas, sigma=(defocus, defocus, 0))
    streak = 0.0
    if rng.random() < 0.4:
        streak = rng.uniform(1, min(12, 0.06 * die_pixels))
        canvas = motion_blur(canvas, streak, rng.uniform(0, math.pi))
    # the sensor: photon noise (grows with the signal) and read noise
    photons = rng.uniform(0.0002, 0.003)
    read = rng.uniform(0.0005, 0.004)
    noise_sd = np.sqrt(np.float32(photons) * np.clip(canvas, 0, None) + np.float32(read**2))  # each channel's own
    canvas += noise_sd * rng.standard_normal(canvas.shape, dtype=np.float32)
    image = to_8_bits(canvas)
    quality = int(rng.integers(40, 96))
    image = jpeg_round_trip(image, quality)
    truth = []
    for die in dice:
        centre = camera.project(np.array([[die.position[0], die.position[1], 1.0]]))[0]
        corners = tuple((float(r) - 0.5, float(c) - 0.5) for r, c in top_face(die, camera))
        pips = tuple((float(r) - 0.5, float(c) - 0.5) for r, c in camera.project(top_pips(die, dice_set)))
        truth.append(TrueDie(die.value, (float(centre[0]) - 0.5, float(centre[1]) - 0.5), size_of(die, camera),
                             corners, pips))
    notes["most view angle"] = round(max(view_angle(die, camera) for die in dice), 1)
    notes.update(material=dice_set.material.name, pips=dice_set.shape, table=table_name, tilt=round(tilt, 1),
                 die_pixels=round(die_pixels), width=width, height=height, quality=quality,
                 motion=round(streak, 1), count=count)
    return WorldPhoto(image, tuple(truth), notes)


# --- scoring ----------------------------------------------------------------------------------------------------


NEW_SEED, OLD_SEED = 1919, 1920  # the photos tests/piddle/test_photo_reading.py reads (and the docs' figures)
BANDS = (">= 0.9", "0.5-0.9", "< 0.5")


def band_of(confidence: float) -> str:
    return BANDS[0] if confidence >= 0.9 else BANDS[1] if confidence >= 0.5 else BANDS[2]


@dataclass
class WorldScore:
    """A reading against the truth, die by die and photo by photo."""

    photos: int = 0
    exact: int = 0  # every die found and read right, nothing else read, and the count said when it is not six
    dice: int = 0
    right: int = 0
    right_flagged: int = 0  # read right but marked uncertain
    wrong_flagged: int = 0
    wrong_unflagged: int = 0  # the failure that matters
    missed: int = 0
    extra: int = 0  # read where there is no die
    extra_unflagged: int = 0
    odd_counts: int = 0  # photos without six dice
    odd_counts_said: int = 0  # ... whose reading says how many it found
    failures: list[str] = field(default_factory=list)
    # calibration: the dice read where a die is, by confidence (>= 0.9, 0.5-0.9, < 0.5): how many, how many right
    by_confidence: dict[str, list[int]] = field(default_factory=lambda: {band: [0, 0] for band in BANDS})

    def add(self, other: WorldScore) -> None:
        for name in ("photos", "exact", "dice", "right", "right_flagged", "wrong_flagged", "wrong_unflagged", "missed",
                     "extra", "extra_unflagged", "odd_counts", "odd_counts_said"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.failures += other.failures
        for band in BANDS:
            self.by_confidence[band] = [a + b for a, b in zip(self.by_confidence[band], other.by_confidence[band],
                                                              strict=True)]

    @property
    def share_right(self) -> float:
        return self.right / max(self.dice, 1)

    @property
    def share_exact(self) -> float:
        return self.exact / max(self.photos, 1)

    @property
    def share_right_flagged(self) -> float:
        return self.right_flagged / max(self.right, 1)

    def calibration(self) -> str:
        return "; ".join(f"confidence {band}: {right}/{read} right ({100 * right / max(read, 1):.1f}%)"
                         for band, (read, right) in self.by_confidence.items())

    def row(self, name: str) -> str:
        return (f"{name:>14}: {self.exact}/{self.photos} photos exact ({100 * self.exact / max(self.photos, 1):.1f}%), "
                f"{self.right}/{self.dice} dice right ({100 * self.right / max(self.dice, 1):.2f}%), "
                f"right flagged {100 * self.right_flagged / max(self.right, 1):.1f}%, "
                f"wrong flagged {self.wrong_flagged}, wrong unflagged {self.wrong_unflagged}, missed {self.missed}, "
                f"extra {self.extra} ({self.extra_unflagged} unflagged), "
                f"odd counts said {self.odd_counts_said}/{self.odd_counts}")


def match_dice(centres: list[tuple[float, float]], sizes: list[float], dice: Any) -> tuple[list[Any], list[Any]]:
    """Each true die's read die, or None where it was missed: the true dice taken in order of place (row, then
    column), each matched to the nearest read die left within 0.6 of its side; and the read dice left (extra)."""
    unused = list(dice)
    matched: list[Any] = [None] * len(centres)
    for k in sorted(range(len(centres)), key=lambda k: centres[k]):
        if not unused:
            continue
        distance = [math.hypot(centres[k][0] - d.center[0], centres[k][1] - d.center[1]) for d in unused]
        nearest = int(np.argmin(distance))
        if distance[nearest] <= 0.6 * sizes[k]:
            matched[k] = unused.pop(nearest)
    return matched, unused


def score_world(truth: list[tuple[tuple[int, ...], list[tuple[float, float]], list[float]]] | WorldPhoto,
                reading: Any, name: str = "", expected: int = 6) -> WorldScore:
    """Match each true die to the nearest read die within 0.6 of its side; everything else is missed or extra.
    `reading` is a scan.DiceReading (its dice have value, center, is_uncertain)."""
    if isinstance(truth, WorldPhoto):
        values = [d.value for d in truth.dice]
        centres = [d.center for d in truth.dice]
        sizes = [d.size for d in truth.dice]
    else:
        values, centres, sizes = list(truth[0]), truth[1], truth[2]
    score = WorldScore(photos=1, dice=len(values))
    matched, unused = match_dice(centres, sizes, reading.dice)
    problems = []
    for k in sorted(range(len(values)), key=lambda k: centres[k]):
        value, centre, die = values[k], centres[k], matched[k]
        if die is None:
            score.missed += 1
            problems.append(f"missed a {value} at {centre[0]:.0f},{centre[1]:.0f}")
            continue
        tally = score.by_confidence[band_of(die.confidence)]
        tally[0] += 1
        tally[1] += die.value == value
        if die.value == value:
            score.right += 1
            score.right_flagged += die.is_uncertain
            if die.is_uncertain:
                problems.append(f"flagged a right {value} ({die.confidence:.2f})")
        elif die.is_uncertain:
            score.wrong_flagged += 1
            problems.append(f"read {value} as {die.value}, flagged ({die.confidence:.2f})")
        else:
            score.wrong_unflagged += 1
            problems.append(f"read {value} as {die.value} UNFLAGGED ({die.confidence:.2f})")
    score.extra = len(unused)
    score.extra_unflagged = sum(not d.is_uncertain for d in unused)
    if unused:
        problems.append(f"{len(unused)} extra dice " + ", ".join(f"{d.value}@{d.center[0]:.0f},{d.center[1]:.0f}"
                                                                 for d in unused))
    said = getattr(reading, "found", len(reading.dice)) == len(values)
    if len(values) != expected:
        score.odd_counts = 1
        score.odd_counts_said = int(said and getattr(reading, "problem", None) is not None)
        if not score.odd_counts_said:
            problems.append(f"{len(values)} dice not said ({getattr(reading, 'message', '')})")
    clean = score.right == len(values) and not unused and (len(values) == expected or score.odd_counts_said)
    score.exact = int(clean)
    if not clean or score.right_flagged:
        score.failures.append(f"{name}: " + "; ".join(problems))
    return score


def measure_some(reader: Any, indices: range, seed: int, old: bool = False) -> WorldScore:
    """Read the photos of a seed's set at these indices, from this generator or (old) the suite's own
    (tablegames.piddle.scan_synth, six dice a photo), and score them."""
    total = WorldScore()
    for index in indices:
        if old:
            from tablegames.piddle.scan_synth import synthetic_photo

            photo = synthetic_photo(seed, index)
            truth = (photo.values, [(float(r), float(c)) for r, c in photo.centers], [photo.size] * len(photo.values))
            total.add(score_world(truth, reader(photo.image), name=f"old {seed}/{index}"))
        else:
            drawn = world_photo(seed, index)
            total.add(score_world(drawn, reader(drawn.image), name=f"new {seed}/{index} {drawn.notes}"))
    return total


def measure(reader: Any, count: int, seed: int, old: bool = False, start: int = 0, workers: int | None = None
            ) -> WorldScore:
    """Photos start..start+count-1 of a seed's set read and scored (measure_some), shared among worker processes
    (one a core by default; a photo is drawn and read in one process: the figures are the same however many)."""
    workers = max(1, min(workers if workers is not None else (os.cpu_count() or 1), count))
    if workers == 1:
        return measure_some(reader, range(start, start + count), seed, old)
    shares = [range(start + k, start + count, workers) for k in range(workers)]
    total = WorldScore()
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        for part in pool.map(measure_some, [reader] * workers, shares, [seed] * workers, [old] * workers):
            total.add(part)
    return total
