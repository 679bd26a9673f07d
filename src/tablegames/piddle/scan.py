"""The dice photo reader: six dice from a picture (numpy H x W x 3), each with a value and a confidence.

How it reads, and why each step is there:
1. Work at <= 640 px (block means: also a denoiser); smooth lightly.
2. Uneven light: fit a smooth cubic surface to the table (robustly, ignoring the dice), add what it missed
   (a coarse normalized convolution of the table's residual), divide it out.
3. Dice = pixels far from the table colour (Otsu threshold on that distance) that are not merely a darker
   table (shadows), holes filled (the pips), specks opened away; connected components with scipy.ndimage.
4. Die size from the distance transform (a face's inscribed circle has radius size/2). A component with
   the area of k dice is k touching dice: split by k-means on its pixel positions (touching squares split
   along their shared edge). The counts are nudged so the dice add up to six.
5. Pips: inside each die (away from its rim), the pixels far from the face's own colour on the side of the
   rarer extreme (dark pips on light dice, light pips on dark dice); their connected components are counted,
   which does not care about rotation.
6. Confidence: pip sizes against the size a face implies, pip layout (distances from the face centre
   against the standard pattern for that count, which is rotation-invariant, and the pattern's symmetry),
   and a 3x3-grid check along the face's own axes: every spot of the pattern dark, every other spot bare.
   A die below UNCERTAIN_BELOW is marked uncertain, for the player to fix with a number key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeAlias

import numpy as np
import numpy.typing as npt
from scipy import ndimage

from tablegames.piddle.scan_faces import READ_PIXELS, read_region

Picture = npt.NDArray[np.uint8] | npt.NDArray[np.floating]  # H x W x 3, uint8 0-255 or floats 0-1
Floats = npt.NDArray[np.floating]  # the working picture, its light fields and channels (float32 0-1)
Mask = npt.NDArray[np.bool_]
Doubles = npt.NDArray[np.float64]  # (row, col) rows of pixel coordinates or pip offsets; areas; distances
Box: TypeAlias = "tuple[slice[int, int, None], slice[int, int, None]]"  # a blob's rows and columns (a string:
# slice is not subscriptable at run time before Python 3.14)

WORKING_SIZE = 512  # the dice are found at this size; they are read at their own (READ_PIXELS a die)
UNCERTAIN_BELOW = 0.5
CORNER_SHARE = 0.12  # rounded corners' radius, of the face size (the blob area of one die, about)


@dataclass(frozen=True)
class DieReading:
    value: int  # 1-6 (a best guess when uncertain)
    confidence: float  # 0-1
    center: tuple[float, float]  # (row, col) in the picture's pixels
    size: float  # face size in the picture's pixels
    pips: int  # pip blobs counted

    @property
    def is_uncertain(self) -> bool:
        return self.confidence < UNCERTAIN_BELOW


# What the reader could not do: each has one message (saying what it found) and a hint (what to try).
TOO_SMALL = "too small"  # the photo, or the dice in it, have too few pixels to read pips
TOO_DARK = "too dark"  # nothing in the photo is bright enough to tell dice from the table
NO_DICE = "no dice"  # nothing in the photo looks like a die
TOO_FEW = "too few dice"  # fewer dice than expected (the ones found are read)
TOO_MANY = "too many dice"  # more dice than expected (the ones found are read)
HINTS = {
    TOO_SMALL: "move closer or zoom in, so that each die is at least 30 pixels across",
    TOO_DARK: "add light, or take the photo with the flash",
    NO_DICE: "put the dice on a plain cloth or paper of another colour than the dice, all inside the frame",
    TOO_FEW: "check that every die is inside the frame and none is stacked on or hidden by another",
    TOO_MANY: "take the extra dice away, or crop them out of the photo",
}


@dataclass(frozen=True)
class DiceReading:
    dice: tuple[DieReading, ...]  # top to bottom, then left to right
    expected: int = 6
    problem: str | None = None  # None, or one of TOO_SMALL, TOO_DARK, NO_DICE, TOO_FEW, TOO_MANY
    message: str = ""  # the problem in words ("found 5 dice, expected 6"); "" when there is none

    @property
    def found(self) -> int:
        return len(self.dice)

    @property
    def hint(self) -> str:
        """What to try about the problem ("" when there is none)."""
        return HINTS.get(self.problem or "", "")

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(die.value for die in self.dice)

    @property
    def uncertain(self) -> tuple[int, ...]:
        """Indices of the dice the player should check."""
        return tuple(i for i, die in enumerate(self.dice) if die.is_uncertain)


def as_rgb_array(image: npt.ArrayLike) -> Picture:
    """The picture as H x W x 3, uint8 or floats 0-1, whatever it came as: grey (H x W, or one channel), grey and
    alpha, RGB or RGBA (the alpha dropped); 8 or 16 bits a channel (16 bits rounded to 8), or floats 0-1."""
    array = np.asarray(image)
    if array.ndim == 2:
        array = array[..., None]
    if array.ndim != 3 or array.shape[2] not in (1, 2, 3, 4) or min(array.shape[:2]) < 32:
        raise ValueError(f"image of shape {array.shape} is not a picture: expected H x W (grey) or H x W x 3 (RGB), "
                         "at least 32 pixels each way")
    array = array[..., :3] if array.shape[2] >= 3 else np.repeat(array[..., :1], 3, axis=2)
    if array.dtype == np.uint8:
        return array
    if array.dtype == np.uint16:
        return ((array.astype(np.uint32) * 255 + 32767) // 65535).astype(np.uint8)
    if np.issubdtype(array.dtype, np.floating):
        if not np.all(np.isfinite(array)):
            raise ValueError("image has pixels that are not numbers (NaN or infinite)")
        clipped: npt.NDArray[np.floating] = np.clip(array, 0.0, 1.0)
        return clipped
    raise ValueError(f"image of dtype {array.dtype} is not supported: expected uint8, uint16 or floats 0-1")


def block_mean(image: Picture | Floats, step: int) -> Floats:
    """Means of step x step blocks (a ragged edge dropped), summed from strided views in float32."""
    height, width = image.shape[0] // step, image.shape[1] // step
    total = np.zeros((height, width) + image.shape[2:], dtype=np.float32)
    for i in range(step):
        for j in range(step):
            total += image[i:height * step:step, j:width * step:step]
    total *= 1.0 / (step * step)
    return total


def resample_axis(image: Picture | Floats, size: int, axis: int) -> Floats:
    """Area averaging along one axis to `size` cells: each output cell is the mean of the input it covers, partial
    pixels weighted by how much of them it covers. A cell of f input pixels touches at most ceil(f) + 1 of them:
    that many weighted gathers, each the size of the output."""
    length = image.shape[axis]
    scale = length / size
    starts = np.arange(size) * scale
    ends = starts + scale
    first = np.floor(starts).astype(np.int64)
    moved = np.moveaxis(image, axis, 0)
    total = np.zeros((size,) + moved.shape[1:], dtype=np.float32)
    shape = (-1,) + (1,) * (moved.ndim - 1)
    for k in range(int(math.ceil(scale)) + 1):
        index = first + k
        weight = np.clip(np.minimum(ends, index + 1) - np.maximum(starts, index), 0, None) / scale
        if not np.any(weight > 0):
            break
        total += moved[np.minimum(index, length - 1)] * weight.astype(np.float32).reshape(shape)
    return np.moveaxis(total, 0, axis)


def area_resample(image: Picture | Floats, height: int, width: int) -> Floats:
    """The picture area-averaged down to height x width (float32, same value range): a whole-number block mean
    first (cheap on a large photo), then the fractional rest; no pixel is dropped or counted twice but at a
    ragged edge of at most step - 1 pixels."""
    step = max(1, min(image.shape[0] // height, image.shape[1] // width))
    small: Picture | Floats = block_mean(image, step) if step > 1 else image  # uint8 is fine: gathered as floats
    if small.shape[0] != height:
        small = resample_axis(small, height, 0)
    if small.shape[1] != width:
        small = resample_axis(small, width, 1)
    return small.astype(np.float32, copy=False)


def shrink(image: Picture) -> tuple[Floats, float]:
    """The picture as float32 0-1, area-averaged down to at most WORKING_SIZE on its longer side (by the exact
    factor, not a whole number: a 900 px photo is read at 640 px, not 450), and that factor."""
    height, width = image.shape[:2]
    factor = max(1.0, max(height, width) / WORKING_SIZE)
    size = (max(1, round(height / factor)), max(1, round(width / factor)))
    small = area_resample(image, *size) if factor > 1 else image.astype(np.float32)
    if image.dtype == np.uint8:
        small *= 1.0 / 255.0
    return small, (height / size[0] + width / size[1]) / 2


SURFACE_POWERS = [(a, b) for degree in range(4) for a in range(degree, -1, -1) for b in [degree - a]]


def surface_terms(x: Doubles, y: Doubles) -> list[Doubles]:
    """The cubic polynomial terms x^a y^b of the light field (a tilt, a vignette, and a little more)."""
    return [x**a * y**b for a, b in SURFACE_POWERS]


def fit_table(image: Floats) -> Floats:
    """A smooth cubic surface per channel through the table, refitted without the outliers (the dice)."""
    height, width, _ = image.shape
    step = max(1, int(math.sqrt(height * width / 2500)))
    rows, cols = np.mgrid[step // 2:height:step, step // 2:width:step]
    y, x = rows.ravel() / height - 0.5, cols.ravel() / width - 0.5
    basis = np.stack(surface_terms(x, y), axis=1)
    samples = image[rows, cols].reshape(-1, 3).astype(np.float64)
    keep = np.ones(len(samples), dtype=bool)
    for _ in range(4):
        used = basis[keep]
        # plain einsum, not BLAS: on a busy machine BLAS threads spin and cost more than these tiny products
        normal = np.einsum("ni,nj->ij", used, used) + 1e-9 * np.eye(basis.shape[1])
        coef = np.linalg.solve(normal, np.einsum("ni,nc->ic", used, samples[keep]))
        residual = np.linalg.norm(samples - np.einsum("ni,ic->nc", basis, coef), axis=1)
        spread = np.median(residual[keep]) * 1.4826 + 1e-4
        keep = residual < max(3.0 * spread, 0.1)  # dice stand further off the table than this
    # the surface is the sum of c x^a y^b: for each power of y, one outer product with a polynomial in x
    fy = (np.arange(height) / height - 0.5).astype(np.float32)
    fx = (np.arange(width) / width - 0.5).astype(np.float32)
    surface = np.zeros((height, width, 3), dtype=np.float32)
    for b in range(4):
        row = np.zeros((width, 3), dtype=np.float32)
        for (a, power_y), c in zip(SURFACE_POWERS, coef.astype(np.float32), strict=True):
            if power_y == b:
                row += fx[:, None] ** a * c[None, :]
        surface += (fy**b)[:, None, None] * row[None, :, :]
    return np.maximum(surface, 0.02)


def refine_table(image: Floats, table: Floats, step: int = 8) -> Floats:
    """Add what the polynomial missed (a corner, a plateau of light): the table-only residual, smoothed
    over large scales by normalized convolution (dice carry no weight), on a coarse grid."""
    height, width, _ = image.shape
    residual = block_mean(image - table, step)
    total = np.zeros_like(residual)
    sigma = max(residual.shape[:2]) / 12
    for _ in range(2):
        weight = (np.abs(residual - total).sum(axis=2) < 0.25).astype(np.float32)
        spread = ndimage.gaussian_filter(residual * weight[..., None], sigma=(sigma, sigma, 0))
        norm = ndimage.gaussian_filter(weight, sigma=sigma)[..., None]
        total = spread / np.maximum(norm, 1e-3)
    return np.maximum(table + upsample(total.astype(np.float32), height, width), 0.02)


def upsample(coarse: Floats, height: int, width: int) -> Floats:
    """Bilinear upsampling of a coarse H' x W' x C grid (cell centres) to height x width, one axis at a time."""

    def weights(size: int, cells: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], Floats]:
        position = np.clip((np.arange(size) + 0.5) * cells / size - 0.5, 0, cells - 1)
        low = np.minimum(position.astype(np.int64), cells - 2) if cells > 1 else np.zeros(size, np.int64)
        high = np.minimum(low + 1, cells - 1)
        return low, high, (position - low).astype(np.float32)

    low, high, t = weights(height, coarse.shape[0])
    rows = coarse[low] * (1 - t)[:, None, None] + coarse[high] * t[:, None, None]
    low, high, t = weights(width, coarse.shape[1])
    return rows[:, low] * (1 - t)[None, :, None] + rows[:, high] * t[None, :, None]


def is_shadow(flat: Floats, table_colour: Floats) -> Mask:
    """Pixels (any shape ... x 3) that are the table's own colour, only darker: shadows the dice cast."""
    total = flat.sum(axis=-1)
    table_total = float(table_colour.sum())
    ratio = total / table_total
    chroma = flat / np.maximum(total, 1e-3)[..., None]
    drift = np.abs(chroma - (table_colour / table_total).astype(np.float32)).sum(axis=-1)
    shadow: Mask = (ratio > 0.42) & (ratio < 0.97) & (drift < 0.08)
    return shadow


def otsu(values: Floats, bins: int = 128) -> float:
    hist, edges = np.histogram(values, bins=bins)
    centers = (edges[:-1] + edges[1:]) / 2
    weight = np.cumsum(hist)
    mean = np.cumsum(hist * centers)
    total, total_mean = weight[-1], mean[-1]
    below, above = weight[:-1], total - weight[:-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (total_mean * below / total - mean[:-1]) ** 2 / (below * above / total)
    if not np.any(np.isfinite(between)):  # a single shade (a blank picture): nothing stands out of it
        return float(edges[-1])
    return float(centers[np.nanargmax(between)])


def touches_border(box: Box, height: int, width: int) -> bool:
    """A blob cut by the frame is not a die we can read (and light fields go wrong in corners first)."""
    return box[0].start == 0 or box[1].start == 0 or box[0].stop == height or box[1].stop == width


def separate_dice(small: Floats) -> tuple[Floats, Mask]:
    """(flat, mask): the picture with its light field divided out, and the pixels that belong to dice."""
    smooth = ndimage.gaussian_filter(small, sigma=(0.7, 0.7, 0))
    table = refine_table(smooth, fit_table(smooth))
    light = table.mean(axis=2, keepdims=True)
    light = light / np.median(light[::8, ::8])
    flat = smooth / light
    table_colour = np.median((table / light)[::8, ::8].reshape(-1, 3), axis=0)
    difference = flat - table_colour.astype(np.float32)
    distance = np.sqrt(np.einsum("ijk,ijk->ij", difference, difference))
    sample = distance[::4, ::4]
    centre = float(np.median(sample))
    spread = float(np.median(np.abs(sample - centre))) * 1.4826
    # far above the table's own noise, and never above the split between the table and the brightest class
    threshold = max(0.08, min(otsu(distance), centre + 8.0 * spread))
    candidates = distance > threshold
    candidates[candidates] = ~is_shadow(flat[candidates], table_colour)  # only where it matters: cheaper
    mask = ndimage.binary_opening(candidates, iterations=2)
    return flat, ndimage.binary_fill_holes(mask)


def face_size(area: float) -> float:
    """The side of a rounded square face of this many pixels."""
    return math.sqrt(area / (1 - (4 - math.pi) * CORNER_SHARE**2))


def with_margin(box: tuple[slice, slice], height: int, width: int) -> Box:
    """A blob's box grown by one pixel of margin (within the picture), so distances to the blob's edge are right."""
    rows, cols = box
    return (slice(max(rows.start - 1, 0), min(rows.stop + 1, height)),
            slice(max(cols.start - 1, 0), min(cols.stop + 1, width)))


MIN_PHOTO_SIDE = 100  # pixels: a smaller photo cannot hold six readable dice
MIN_DIE_PIXELS = 16  # a smaller die has pips of hardly more than a pixel
DARKEST_WHITE = 0.08  # the brightest part of a photo darker than this (of white) holds nothing to read


def refusal(problem: str, message: str, expected: int) -> DiceReading:
    return DiceReading((), expected, problem, message)


def read_dice(image: npt.ArrayLike, expected: int = 6) -> DiceReading:
    """Find the dice in a picture and read each one's value with a confidence; say what went wrong, if anything
    (`problem`, `message`, `hint`): the dice found are returned whatever their number."""
    rgb = as_rgb_array(image)
    height, width = rgb.shape[:2]
    if min(height, width) < MIN_PHOTO_SIDE:
        return refusal(TOO_SMALL, f"the photo is {width} x {height} pixels: too small to read dice from", expected)
    small, factor = shrink(rgb)
    brightest = float(np.percentile(small[::4, ::4].max(axis=2), 99.5))
    if brightest < DARKEST_WHITE:
        return refusal(TOO_DARK, f"the photo is too dark to read (its brightest part is {100 * brightest:.0f}% "
                                 "of white)", expected)
    flat, mask = separate_dice(small)
    labels, found = ndimage.label(mask)
    if found == 0:
        return refusal(NO_DICE, "found no dice in the photo", expected)
    height, width = mask.shape
    boxes = [with_margin(box, height, width) for box in ndimage.find_objects(labels)]
    areas = ndimage.sum_labels(mask, labels, np.arange(1, found + 1))
    insides = [ndimage.distance_transform_edt(labels[box] == i + 1) for i, box in enumerate(boxes)]
    depths = np.array([inside.max() for inside in insides])
    size = 2.0 * float(np.median(depths[areas >= 0.2 * areas.max()]))  # the inscribed circle of one face
    single = size * size / face_size(1.0) ** 2
    blobs = [i for i in range(found) if areas[i] >= 0.3 * single and not touches_border(boxes[i], height, width)]
    if not blobs:
        return refusal(NO_DICE, "found no dice in the photo", expected)
    die_pixels = max(size * factor, MIN_DIE_PIXELS)  # a die's side in the photo's pixels, from the blobs (too
    # large: their sides and shadows; too small: noise that breaks them up)
    readings, spacings = read_blobs(rgb, labels, blobs, boxes, factor, die_pixels)
    if spacings:  # a die is about four pip spacings: read again at that size when the blobs' was far off
        from_pips = float(np.median(spacings)) / PIP_SPACING
        if abs(from_pips / die_pixels - 1) > 0.15:
            die_pixels = from_pips
            readings, _ = read_blobs(rgb, labels, blobs, boxes, factor, die_pixels)
    if not readings and size * factor < 1.5 * MIN_DIE_PIXELS:
        return refusal(TOO_SMALL, f"the dice are about {size * factor:.0f} pixels across: too small to read",
                       expected)
    if not readings:
        return refusal(NO_DICE, "found no dice in the photo", expected)
    rows_first = tuple(sorted(readings, key=lambda d: (round(d.center[0] / die_pixels), d.center[1])))
    return with_count(rows_first, expected)


PIP_SPACING = 0.25  # a pip's distance from the face's centre along each axis, of the face's side, about


def read_blobs(rgb: Picture, labels: npt.NDArray[np.int32], blobs: list[int], boxes: list[Box], factor: float,
               die_pixels: float) -> tuple[list[DieReading], list[float]]:
    """The dice of all the blobs, and the pip spacings (photo pixels) of the faces that show one."""
    step = max(1.0, die_pixels / READ_PIXELS)  # photo pixels a reading pixel
    readings: list[DieReading] = []
    spacings: list[float] = []
    for blob in blobs:
        dice, found = read_blob(rgb, labels, blob + 1, boxes[blob], factor, step, die_pixels)
        readings += dice
        spacings += found
    return readings, spacings


def read_blob(rgb: Picture, labels: npt.NDArray[np.int32], label: int, box: Box, factor: float, step: float,
              die_pixels: float) -> tuple[list[DieReading], list[float]]:
    """The dice of one blob, read from the photo itself at about READ_PIXELS a die (scan_faces)."""
    height, width = rgb.shape[:2]
    margin = 0.15 * die_pixels
    top, bottom = max(int(box[0].start * factor - margin), 0), min(int(box[0].stop * factor + margin), height)
    left, right = max(int(box[1].start * factor - margin), 0), min(int(box[1].stop * factor + margin), width)
    rows, cols = max(1, round((bottom - top) / step)), max(1, round((right - left) / step))
    crop = area_resample(rgb[top:bottom, left:right], rows, cols)
    if rgb.dtype == np.uint8:
        crop *= 1.0 / 255.0
    step_rows, step_cols = (bottom - top) / rows, (right - left) / cols
    label_rows = np.clip(((top + (np.arange(rows) + 0.5) * step_rows) / factor).astype(np.int64), 0,
                         labels.shape[0] - 1)
    label_cols = np.clip(((left + (np.arange(cols) + 0.5) * step_cols) / factor).astype(np.int64), 0,
                         labels.shape[1] - 1)
    mask = labels[np.ix_(label_rows, label_cols)] == label
    faces = read_region(crop, mask, die_pixels / step_rows)
    dice = [DieReading(face.value, round(face.confidence, 3),
                       (top + (face.centre[0] + 0.5) * step_rows - 0.5, left + (face.centre[1] + 0.5) * step_cols - 0.5),
                       die_pixels, face.value) for face in faces]
    return dice, [face.spacing * step_rows for face in faces if face.spacing > 0 and face.confidence >= 0.5]


def with_count(dice: tuple[DieReading, ...], expected: int) -> DiceReading:
    """The reading, with the problem when it does not hold the number of dice expected."""
    if len(dice) == expected:
        return DiceReading(dice, expected)
    problem = TOO_FEW if len(dice) < expected else TOO_MANY
    return DiceReading(dice, expected, problem, f"found {len(dice)} dice, expected {expected}")
