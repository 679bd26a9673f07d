"""The dice photo reader: the dice in a picture (numpy H x W x 3), each with a value and a confidence, and what it
could not do (too small, too dark, no dice, another number of dice than expected).

How it reads, and why each step is there:
1. Find the dice at WORKING_SIZE px (area averaging by the exact factor: a whole-number shrink halves the pips of
   a 900 px photo); smooth lightly.
2. Uneven light: fit a smooth surface to the table (first to what has the border's colour, then robustly,
   ignoring the dice), add what it missed (a coarse normalized convolution of the table's residual), divide it
   out.
3. Dice = pixels far from the table colour (Otsu threshold on that distance) that are not merely a darker
   table (shadows), grown into the fainter pixels joined to them (hysteresis, down to HYSTERESIS of the
   threshold: a die's rim, lit like the table, cut the corner pips off), holes filled (the pips), specks opened
   away; connected components with scipy.ndimage. A face as light as the table but of another hue (ivory on grey
   paper) is a blob's seed too (HUE_LEAST). A
   dark die that looks like shadow is kept when it has pips (dark_dice); pips alone away from any blob are read
   too (read_specks), always uncertain.
4. Die size from the distance transform (a face's inscribed circle has radius size/2), corrected from the pips'
   spacing when the faces read disagree.
5. Each blob is cut from the full photo at about READ_PIXELS a die and read by scan_faces.read_region: pips,
   the top faces they make, each face's value and confidence. The number of dice is the number of faces found.
   Once two regions agree on the pips' polarity (light or dark), the rest are read for that one first.
6. Dice read nearer each other than dice can stand mean the size was too small: read again larger, the reading
   with the most pips read surely in the fewest dice kept; an uncertain die by a sure one is dropped.
   A die below UNCERTAIN_BELOW is marked uncertain, for the player to fix with a number key.
7. Blobs that reach the photo's edge are read too (a die's side may reach it with its top face inside: such dice
   were missed); a die read within half a die of the edge may be cut off, and is marked uncertain.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

import numpy as np
import numpy.typing as npt
from scipy import ndimage

from tablegames.piddle.scan_faces import (
    AROUND,
    READ_PIXELS,
    SURE,
    UNCERTAIN_BELOW,
    UNSURE,
    Face,
    block_mean,
    faces_of,
    faces_score,
    grown,
    read_region,
    ring_points,
    spot_maps,
    washed_maps,
)
from tablegames.piddle.scan_kernels import (
    area_average,
    binary_opening,
    binned,
    blob_sums,
    cubic_surface,
    flattened,
    gaussian_blur,
    holes_filled,
    hue_distance,
    labelled,
    labels_kept,
    nearest_off_dice,
    plus_bilinear,
    shadow_pixels,
)

Picture = npt.NDArray[np.uint8] | npt.NDArray[np.floating]  # H x W x 3, uint8 0-255 or floats 0-1
Floats = npt.NDArray[np.floating]  # the working picture, its light fields and channels (float32 0-1)
Mask = npt.NDArray[np.bool_]
Doubles = npt.NDArray[np.float64]  # (row, col) rows of pixel coordinates or pip offsets; areas; distances
Box: TypeAlias = "tuple[slice[int, int, None], slice[int, int, None]]"  # a blob's rows and columns (a string:
# slice is not subscriptable at run time before Python 3.14)

WORKING_SIZE = 512  # the dice are found at this size; they are read at their own (READ_PIXELS a die)
CORNER_SHARE = 0.12  # rounded corners' radius, of the face size (the blob area of one die, about)


@dataclass(frozen=True)
class DieReading:
    value: int  # 1-6 (a best guess when uncertain)
    confidence: float  # 0-1
    center: tuple[float, float]  # (row, col) in the picture's pixels
    size: float  # face size in the picture's pixels
    pips: int  # pip blobs counted
    checks: tuple[float, ...] = ()  # what the confidence is the least of (scan_faces.Face.checks)
    spacing: float = 0.0  # its pips' spacing in the picture's pixels (0 when its pips do not show it: a 1)
    pip_area: float = 0.0  # its pips' median area over a typical pip's of a die of `size` (0: not measured)
    trusted_confidence: float = 0.0  # what it is trusted with when nothing else doubts it (0: none; doubted
    # again): read from its strong pips alone, or with impossible spots left out (scan_faces.Face.trusted_confidence)

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


def area_resample(image: Picture | Floats, height: int, width: int, box: tuple[int, int, int, int] | None = None
                  ) -> Floats:
    """The picture, or its box (top, bottom, left, right), area-averaged down to height x width (float32, same value
    range): whole-number blocks averaged first (a ragged edge of at most step - 1 pixels dropped), then each cell
    the mean of the blocks it covers, partial blocks weighted by how much of them it covers (a whole-number shrink
    alone halves the pips of a 900 px photo)."""
    top, bottom, left, right = box or (0, image.shape[0], 0, image.shape[1])
    pixels = np.ascontiguousarray(image if image.ndim == 3 else image[..., None])  # one compiled layout
    return area_average(pixels, top, bottom, left, right, height, width, pixels.dtype == np.uint8)


def shrink(image: Picture) -> tuple[Floats, float]:
    """The picture as float32 0-1, area-averaged down to at most WORKING_SIZE on its longer side (by the exact
    factor, not a whole number: a 900 px photo is read at 512 px, not 450), and that factor."""
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
    """A smooth cubic surface per channel through the table, refitted without the outliers (the dice). The first
    fits are quadratic (too stiff to dip under a crowd of dark dice in the middle), the last cubic; what is kept
    is within three times the kept samples' spread of the fit, or 0.1."""
    height, width, _ = image.shape
    step = max(1, int(math.sqrt(height * width / 2500)))
    rows, cols = np.mgrid[step // 2:height:step, step // 2:width:step]
    y, x = rows.ravel() / height - 0.5, cols.ravel() / width - 0.5
    basis = np.stack(surface_terms(x, y), axis=1)
    samples = image[rows, cols].reshape(-1, 3).astype(np.float64)
    keep = like_the_border(samples, np.maximum(np.abs(x), np.abs(y)) >= 0.35)
    quadratic = np.array([a + b <= 2 for a, b in SURFACE_POWERS])
    coef = np.zeros((basis.shape[1], 3))
    for rounds in range(5):
        terms = quadratic if rounds < 3 else np.ones_like(quadratic)
        used = basis[keep][:, terms]
        # plain einsum, not BLAS: on a busy machine BLAS threads spin and cost more than these tiny products
        normal = np.einsum("ni,nj->ij", used, used) + 1e-9 * np.eye(used.shape[1])
        coef = np.zeros((basis.shape[1], 3))
        coef[terms] = np.linalg.solve(normal, np.einsum("ni,nc->ic", used, samples[keep]))
        residual = np.linalg.norm(samples - np.einsum("ni,ic->nc", basis, coef), axis=1)
        spread = np.median(residual[keep]) * 1.4826 + 1e-4
        keep = residual < max(3.0 * spread, 0.1)  # dice stand further off the table than this
    # the surface is the sum of c x^a y^b: for each power of y, a polynomial in x
    fy = (np.arange(height) / height - 0.5).astype(np.float32)
    fx = (np.arange(width) / width - 0.5).astype(np.float32)
    x_powers = np.array([fx**a for a in range(4)])
    y_powers = np.array([fy**b for b in range(4)])
    return cubic_surface(x_powers, y_powers, coef.astype(np.float32), np.array(SURFACE_POWERS, dtype=np.int64), 0.02)


def like_the_border(samples: Doubles, border: Mask) -> Mask:
    """The samples (N x 3) that may be the table at the first fit: those of about the colour of the photo's
    border (its outer band, which the dice, all inside the frame, leave mostly to the table), in hue and within
    a factor of 2.5 in brightness (light falls off). Dice that fill the middle of a photo pull a fit of every
    sample up to them, and the dice would then be divided out as light. All of them when too few are alike."""
    total = samples.sum(axis=1) + 1e-6
    chroma = samples / total[:, None]
    reference = np.median(chroma[border], axis=0)
    brightness = float(np.median(total[border]))
    alike: Mask = (np.abs(chroma - reference).sum(axis=1) < 0.06) & (total > brightness / 2.5) & (total < brightness * 2.5)
    if alike.sum() < 0.2 * len(samples):
        return np.ones(len(samples), dtype=bool)
    return alike


def refine_table(image: Floats, table: Floats, step: int = 8) -> Floats:
    """Add what the polynomial missed (a corner, a plateau of light): the table-only residual, smoothed
    over large scales by normalized convolution (dice carry no weight), on a coarse grid."""
    height, width, _ = image.shape
    residual = block_mean(image - table, step)
    total = np.zeros_like(residual)
    sigma = max(residual.shape[:2]) / 12
    for _ in range(2):
        weight = (np.abs(residual - total).sum(axis=2) < 0.25).astype(np.float32)
        spread = gaussian_blur(residual * weight[..., None], (sigma, sigma, 0))
        norm = gaussian_blur(weight, (sigma, sigma))[..., None]
        total = spread / np.maximum(norm, 1e-3)
    return plus_bilinear(table, total.astype(np.float32), *bilinear_weights(height, total.shape[0]),
                         *bilinear_weights(width, total.shape[1]), 0.02)


def bilinear_weights(size: int, cells: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], Floats]:
    """Bilinear upsampling of `cells` (cell centres) to `size`: each place's cells below and above, and how far it
    is between them."""
    position = np.clip((np.arange(size) + 0.5) * cells / size - 0.5, 0, cells - 1)
    low = np.minimum(position.astype(np.int64), cells - 2) if cells > 1 else np.zeros(size, np.int64)
    high = np.minimum(low + 1, cells - 1)
    return low, high, (position - low).astype(np.float32)


def otsu(values: Floats, bins: int = 128) -> float:
    """The level that best splits the values in two classes (Otsu's: the most variance between them), on their
    histogram (np.histogram's, counted by scan_kernels.binned)."""
    edges = np.histogram_bin_edges(values, bins=bins)
    hist = binned(values.astype(np.float32, copy=False), edges.astype(np.float32, copy=False))
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
    """Whether a blob reaches the frame: a speck there is not a pip (light fields go wrong in corners first). A
    die-sized one is read (a die's side may reach the frame with its top face inside), its dice by the frame
    doubted (at_the_frame_doubted)."""
    return box[0].start == 0 or box[1].start == 0 or box[0].stop == height or box[1].stop == width


HYSTERESIS = 0.6  # of the threshold: what a die's blob grows into
HUE_LEAST = 0.02  # the least distance of a pixel's hue from the table's (its channels' shares of their sum, less
# the table's) that seeds a die's blob: an ivory face on grey paper stands 0.04 off, as light as the paper, and its
# distance from the table's colour under the threshold (the paper's ruled lines raise it), so its dark pips and
# shaded sides alone were blobs (8181/57); the level far above the table's own hue's noise is 0.004 there, 0.011 on
# white paper under a green cast (9292/170)
HUE_LIT = 0.5  # of the table's brightness: a darker pixel's hue is too noisy to seed a die (its shares are ratios)


def far_above_noise(sample: Floats) -> float:
    """A level far above a sample's noise: its median and eight times its spread (the median absolute deviation,
    scaled to a normal's standard deviation)."""
    centre = float(np.median(sample))
    return centre + 8.0 * float(np.median(np.abs(sample - centre))) * 1.4826


def separate_dice(small: Floats) -> tuple[Floats, Mask]:
    """(flat, mask): the picture with its light field divided out, and the pixels that belong to dice."""
    smooth = gaussian_blur(small, (0.7, 0.7, 0))
    table = refine_table(smooth, fit_table(smooth))
    light = ((table[..., 0] + table[..., 1] + table[..., 2]) / np.float32(3))[..., None]  # table.mean(axis=2), faster
    light = light / np.median(light[::8, ::8])
    table_colour = np.median((table[::8, ::8] / light[::8, ::8]).reshape(-1, 3), axis=0)
    table_singles, table_total = table_colour.astype(np.float32), float(table_colour.sum())
    flat, distance = flattened(smooth, light.astype(np.float32, copy=False), table_singles)
    # far above the table's own noise, and never above the split between the table and the brightest class
    threshold = max(0.08, min(otsu(distance), far_above_noise(distance[::4, ::4])))
    candidates = distance > HYSTERESIS * threshold
    # seeds of another hue than the table's, lit: they only seed (a die's blob grows as before): grown by hue too,
    # a green die's sides and the dark gaps between touching dice joined them into one blob (1919/179)
    hue, totals = hue_distance(flat, (table_colour / table_total).astype(np.float32))
    hued = (hue > max(HUE_LEAST, far_above_noise(hue[::4, ::4]))) & (totals >= HUE_LIT * table_total)
    # the table's own colour, only darker: shadows the dice cast (only where it matters: cheaper)
    shadow = shadow_pixels(flat, candidates, table_singles, table_total)
    solid = candidates & ~shadow
    strong = (distance > threshold) | hued
    mask = holes_filled(binary_opening(grown_within(solid & strong, solid), 2))
    faces = faces_round_pips(flat, mask, table_colour, shadow, distance)
    if faces.any():  # seldom: filling holes again costs a few ms
        mask = holes_filled(mask | faces)
    shadow &= strong
    return flat, mask | dark_dice(shadow & ~mask)


PIP_RING_CONTRAST = 3.0  # a pip's ring: its colour this many times its own spread away from the table's colour
LEAST_FACE_CONTRAST = 0.04  # a ring nearer the table's colour than this is the table
LARGEST_PIP = 0.025  # of the working picture's side: a pip's radius on a die of 250 px in a 1000 px photo
FACE_REACH = 10.0  # pip radii round a pip that its face may reach (a pip's radius is about a tenth of a die's side)


def faces_round_pips(flat: Floats, mask: Mask, table_colour: Floats, shadow: Mask, distance: Floats) -> Mask:
    """The faces the threshold missed, found from their pips: a face as near the table's colour as the table's own
    grain (ivory on grey paper, white on lavender, translucent red on red wood) falls below the threshold while its
    pips, far from both, stand out as blobs of their own, and the die falls apart into its pips. A round blob whose
    ring is of one colour, unlike the table's and nearer the table's than the blob's own, is such a pip; what round
    it (within a die's reach) is nearer the ring's colour than the table's (distance: each pixel's from the table's
    colour), and not shadow, is its face."""
    labels, _ = labelled(mask)
    height, width = mask.shape
    table = table_colour.astype(np.float32)
    faces = np.zeros_like(mask)
    for index, box in enumerate(ndimage.find_objects(labels)):
        rows, cols = box[0].stop - box[0].start, box[1].stop - box[1].start
        area = int(np.count_nonzero(labels[box] == index + 1))
        radius = math.sqrt(area / math.pi)
        if area < 4 or radius > LARGEST_PIP * WORKING_SIZE or max(rows, cols) > 2.5 * min(rows, cols) \
                or area < 0.5 * rows * cols:
            continue  # not round, or a die (the costly case: its ring and reach are large)
        near = with_margin(box, height, width, int(2 + 2 * radius))
        blob = labels[near] == index + 1
        apart = ndimage.distance_transform_edt(~blob)
        ring = (apart > 1.5) & (apart <= 1.5 + radius) & ~mask[near]
        if np.count_nonzero(ring) < 8:
            continue
        pixels = flat[near]
        colours = pixels[ring]
        face = np.median(colours, axis=0)
        contrast = float(np.linalg.norm(face - table))
        spread = float(np.median(np.linalg.norm(colours - face, axis=1)))
        pip = np.median(pixels[blob], axis=0)
        if contrast < max(PIP_RING_CONTRAST * spread, LEAST_FACE_CONTRAST) or np.linalg.norm(pip - face) < contrast:
            continue  # a speck on the table, or in a shadow, or a die's side beside its face
        window = with_margin(box, height, width, int(FACE_REACH * radius) + 1)
        nearer = (np.linalg.norm(flat[window] - face, axis=2) < distance[window]) & ~shadow[window]
        parts, _ = labelled(nearer)
        ring_rows, ring_cols = np.nonzero(ring)
        touching = np.unique(parts[ring_rows + near[0].start - window[0].start,
                                   ring_cols + near[1].start - window[1].start])
        faces[window] |= np.isin(parts, touching[touching > 0])
    return binary_opening(faces, 1)


def grown_within(seeds: Mask, weaker: Mask) -> Mask:
    """Hysteresis: the blobs of the weaker pixels that hold a seed, each the whole blob (a die's rim, fainter than
    its face), but the seeds alone where the grown blob reaches the frame (a darker corner of the table joined to
    the die beside it)."""
    labels, count = labelled(weaker)
    kept = np.zeros(count + 1, dtype=bool)  # by label
    kept[labels[seeds]] = True
    for edge in (labels[0], labels[-1], labels[:, 0], labels[:, -1]):
        kept[edge] = False
    kept[0] = False
    grown: Mask = labels_kept(labels, kept) | seeds
    return grown


def dark_dice(shadow: Mask) -> Mask:
    """The parts of what looked like shadow that are dice: a black or grey die on a grey or white cloth is the
    cloth's colour, only darker, as a shadow is, but a shadow has no pips. Shadow-like pixels round small holes
    (its pips, the cloth's colour), within a die's reach of them (six pip radii), are taken for dice."""
    shadow = binary_opening(shadow, 1)
    labels, found = labelled(shadow)
    if found == 0:
        return shadow
    holes, count = labelled(holes_filled(shadow) & ~shadow)
    if count == 0:
        return np.zeros_like(shadow)
    hole_areas = ndimage.sum_labels(np.ones_like(shadow), holes, np.arange(1, count + 1))
    owners = ndimage.maximum(ndimage.grey_dilation(labels, size=(3, 3)), holes, np.arange(1, count + 1))
    areas = ndimage.sum_labels(shadow, labels, np.arange(1, found + 1))
    pips = [k + 1 for k, (area, owner) in enumerate(zip(hole_areas, owners, strict=True))
            if int(owner) > 0 and 3 <= area <= areas[int(owner) - 1] / 6]  # small against the blob round it
    if not pips:
        return np.zeros_like(shadow)
    radius = math.sqrt(float(np.median(hole_areas[np.array(pips) - 1])) / math.pi)
    near = ndimage.distance_transform_edt(~np.isin(holes, pips)) <= 6 * radius
    chosen: Mask = holes_filled(shadow & near)
    return chosen


def face_size(area: float) -> float:
    """The side of a rounded square face of this many pixels."""
    return math.sqrt(area / (1 - (4 - math.pi) * CORNER_SHARE**2))


def with_margin(box: tuple[slice, slice], height: int, width: int, margin: int = 1) -> Box:
    """A blob's box grown by a margin (one pixel: distances to the blob's edge are right), within the picture."""
    rows, cols = box
    return (slice(max(rows.start - margin, 0), min(rows.stop + margin, height)),
            slice(max(cols.start - margin, 0), min(cols.stop + margin, width)))


MIN_PHOTO_SIDE = 100  # pixels: a smaller photo cannot hold six readable dice
NARROWEST = 16  # the most times longer than wide a photo may be: shrunk to WORKING_SIZE, a narrower one is under 32
# pixels across, too few for the dice to be found in (and for its light to be fitted on 8-pixel blocks)
MIN_DIE_PIXELS = 16  # a smaller die has pips of hardly more than a pixel
DARKEST_WHITE = 0.08  # the brightest part of a photo darker than this (of white) holds nothing to read


def refusal(problem: str, message: str, expected: int) -> DiceReading:
    return DiceReading((), expected, problem, message)


@dataclass(frozen=True)
class Blobs:
    """The dice found in a photo before they are read: connected blobs of the working picture."""

    labels: npt.NDArray[np.int32]  # the working picture's blobs, 1 and up
    chosen: tuple[int, ...]  # the labels that may hold dice (die-sized or more)
    specks: tuple[tuple[float, float], ...]  # the centres (photo pixels) of smaller blobs clear of the frame: pips
    # of a die whose body was taken for the table or its shadow, or nothing
    boxes: tuple[Box, ...]  # each label's box (index label - 1), in the working picture
    factor: float  # photo pixels a working pixel
    die_pixels: float  # a die's side in the photo, from the blobs (too large: their sides and shadows; too
    # small: noise that breaks them up)
    middles: tuple[tuple[float, float], ...]  # each label's middle (photo pixels): the centre of its largest circle


@dataclass(frozen=True)
class Region:
    """One blob cut from the photo at the scale it is read at."""

    crop: Floats  # H x W x 3, 0-1
    mask: Mask  # the blob's pixels in it
    size: float  # a die's side in its pixels
    top: int  # where it sits in the photo, and photo pixels a crop pixel each way
    left: int
    step_rows: float
    step_cols: float

    def to_photo(self, centre: Doubles) -> tuple[float, float]:
        return (self.top + (centre[0] + 0.5) * self.step_rows - 0.5, self.left + (centre[1] + 0.5) * self.step_cols - 0.5)


def find_blobs(rgb: Picture) -> Blobs | DiceReading:
    """The blobs of a photo that may be dice, or why the photo cannot be read (a refusal; expected is filled in
    by the caller)."""
    height, width = rgb.shape[:2]
    if min(height, width) < MIN_PHOTO_SIDE:
        return refusal(TOO_SMALL, f"the photo is {width} x {height} pixels: too small to read dice from", 6)
    if max(height, width) > NARROWEST * min(height, width):
        return refusal(TOO_SMALL, f"the photo is {width} x {height} pixels: too long and narrow to read dice from "
                                  f"(at most {NARROWEST} times longer than wide)", 6)
    small, factor = shrink(rgb)
    brightest = float(np.percentile(small[::4, ::4].max(axis=2), 99.5))
    if brightest < DARKEST_WHITE:
        return refusal(TOO_DARK, f"the photo is too dark to read (its brightest part is {100 * brightest:.0f}% "
                                 "of white)", 6)
    _, mask = separate_dice(small)
    labels, found = labelled(mask)
    if found == 0:
        return refusal(NO_DICE, "found no dice in the photo", 6)
    height, width = mask.shape
    boxes = tuple(with_margin(box, height, width) for box in ndimage.find_objects(labels))
    areas, row_sums, col_sums = blob_sums(labels, found)
    insides = [ndimage.distance_transform_edt(labels[box] == i + 1) for i, box in enumerate(boxes)]
    depths = np.array([inside.max() for inside in insides])
    size = 2.0 * float(np.median(depths[areas >= 0.2 * areas.max()]))  # the inscribed circle of one face
    single = size * size / face_size(1.0) ** 2
    chosen = tuple(i + 1 for i in range(found) if areas[i] >= 0.3 * single)
    lesser = [i + 1 for i in range(found) if areas[i] < 0.3 * single and not touches_border(boxes[i], height, width)]
    specks = tuple((float(row_sums[i - 1] / areas[i - 1]) * factor, float(col_sums[i - 1] / areas[i - 1]) * factor)
                   for i in lesser)  # their centres of mass
    if not chosen and not specks:
        return refusal(NO_DICE, "found no dice in the photo", 6)
    die_pixels = size * factor
    if not chosen and len(specks) >= 2:  # only pips stand out: a die is about four times their spacing
        points = np.array(specks)
        gaps = np.hypot(*(points[:, None, :] - points[None, :, :]).transpose(2, 0, 1))
        np.fill_diagonal(gaps, np.inf)
        die_pixels = 4 * float(np.median(gaps.min(axis=1)))
    deepest = [np.unravel_index(int(np.argmax(inside)), inside.shape) for inside in insides]
    middles = tuple(((box[0].start + row + 0.5) * factor - 0.5, (box[1].start + col + 0.5) * factor - 0.5)
                    for box, (row, col) in zip(boxes, deepest, strict=True))
    return Blobs(labels=labels, chosen=chosen, specks=specks, boxes=boxes, factor=factor,
                 die_pixels=max(die_pixels, MIN_DIE_PIXELS), middles=middles)


def cut_region(rgb: Picture, blobs: Blobs, label: int, die_pixels: float) -> Region:
    """One blob cut from the photo, a margin round it, area-averaged to about READ_PIXELS a die (never enlarged),
    with its mask mapped from the working picture."""
    height, width = rgb.shape[:2]
    step = max(1.0, die_pixels / READ_PIXELS)  # photo pixels a reading pixel
    box, factor = blobs.boxes[label - 1], blobs.factor
    margin = 0.25 * die_pixels
    top, bottom = max(int(box[0].start * factor - margin), 0), min(int(box[0].stop * factor + margin), height)
    left, right = max(int(box[1].start * factor - margin), 0), min(int(box[1].stop * factor + margin), width)
    rows, cols = max(1, round((bottom - top) / step)), max(1, round((right - left) / step))
    crop = area_resample(rgb, rows, cols, (top, bottom, left, right))
    if rgb.dtype == np.uint8:
        crop *= 1.0 / 255.0
    step_rows, step_cols = (bottom - top) / rows, (right - left) / cols
    labels = blobs.labels
    label_rows = np.clip(((top + (np.arange(rows) + 0.5) * step_rows) / factor).astype(np.int64), 0,
                         labels.shape[0] - 1)
    label_cols = np.clip(((left + (np.arange(cols) + 0.5) * step_cols) / factor).astype(np.int64), 0,
                         labels.shape[1] - 1)
    mask = labels[np.ix_(label_rows, label_cols)] == label
    return Region(crop, mask, die_pixels / step_rows, top, left, step_rows, step_cols)


def read_dice(image: npt.ArrayLike, expected: int = 6) -> DiceReading:
    """Find the dice in a picture and read each one's value with a confidence; say what went wrong, if anything
    (`problem`, `message`, `hint`): the dice found are returned whatever their number."""
    rgb = as_rgb_array(image)
    blobs = find_blobs(rgb)
    if isinstance(blobs, DiceReading):
        return refusal(blobs.problem or NO_DICE, blobs.message, expected)
    die_pixels = blobs.die_pixels
    votes = {1: 0, -1: 0}
    by_blob, spacings = read_blobs(rgb, blobs, die_pixels, blobs.chosen, votes)
    first = all_dice(by_blob)
    whole = [first]  # readings of the whole photo: the first, and the ladder's
    if size_in_question(first, spacings):
        by_blob, spacings, die_pixels, votes = read_on_the_ladder(rgb, blobs, by_blob, spacings, votes, whole)
    readings = all_dice(by_blob)
    read_labels, first_pixels = list(blobs.chosen), die_pixels  # the blobs read at the size kept, and the first
    tries = [SMALLER * die_pixels, BIGGER * die_pixels]  # the blobs' size is off by 10% either way, often
    # a die is about four pip spacings: nearer the truth than the blobs' size (on the tuning photos, the median of
    # the blobs' is 11% too large and a fifth of the photos are off by more than 20%; of the pips', 1% and 2%), it
    # says how near dice can stand; the dice are read again at it when the blobs' was far off
    from_pips = size_from_spacings(spacings) if len(spacings) >= 3 else 0.0
    if from_pips and abs(from_pips / die_pixels - 1) > 0.15:
        tries.append(from_pips)
    big = [label for label, dice in by_blob.items() if any(too_big_pips(die) for die in dice)]
    if crowded(readings, from_pips or die_pixels) or big:
        # dice nearer than dice can stand, or pips too big for dice of this size: the blobs, cut by shadows or
        # sides or all touching, made the dice too small, and the pips of one die were read as two dice (a 4 as
        # two 2s), or two of a 4's side by side as a 2
        tries += [LARGER * die_pixels, LARGER * LARGER * die_pixels]
    # the blobs read surely stay as read; the others are read at each size (all of them at the pips' size: at a size
    # 30% too small the 2s of a photo read surely as pairs of 1s), and the reading of the photo with the most pips
    # read surely in the fewest dice is kept; a die another size reads as another value is in doubt. Blobs read
    # surely with pips too big are read again at the larger sizes only.
    doubtful = [label for label, dice in by_blob.items() if is_doubtful(dice, die_pixels)]
    sure_but_big = [label for label in big if label not in doubtful]
    others: list[list[DieReading]] = []
    for size in tries if doubtful or sure_but_big or from_pips in tries else []:
        labels = blobs.chosen if size == from_pips else doubtful + sure_but_big if size > die_pixels else doubtful
        if not labels:
            continue
        candidate, again = read_again(rgb, blobs, size, labels, votes, by_blob)
        better = taken_over(readings, candidate, others)
        if better is not None:
            readings, die_pixels, read_labels = better, size, list(labels)
        others.append(again)
    # the pips of the reading kept say the die size once more when it is much smaller: a blob of many dice makes
    # the blobs' size far too large, the first reading shows too few pips to say so, and a reading at a size tried
    # shows them (tuning photos: a blob of six dice at twice their size, read at 0.87 of it as a sure 4 among
    # doubted dice). Not larger: blobs err large (a die's sides), and a larger size merges dice (two 1s as a 2)
    from_kept = size_the_pips_say(readings)
    if 0 < from_kept < SMALLER_BY_PIPS * die_pixels and all(abs(from_kept / size - 1) > 0.1 for size in tries):
        candidate, again = read_again(rgb, blobs, from_kept, blobs.chosen, votes, by_blob)
        better = taken_over(readings, candidate, others)
        if better is not None:
            readings, die_pixels, read_labels = better, from_kept, list(blobs.chosen)
        others.append(again)
    stale = [label for label in blobs.chosen if label not in read_labels]
    if stale and not 1 / FAR_SIZE < die_pixels / first_pixels < FAR_SIZE and pips_agree(readings, die_pixels):
        readings, again = with_stale_blobs_read(rgb, blobs, readings, by_blob, stale, die_pixels, votes)
        others.append(again)
    readings, in_perspective = read_in_perspective(rgb, blobs, readings, die_pixels, votes)
    others += in_perspective
    readings = with_second_opinions(readings, others, die_pixels)
    readings = [confirmed_elsewhere(die, others, die_pixels) for die in readings]
    readings = [read_larger(die, others, die_pixels) for die in readings]
    readings = [read_elsewhere_if_guessed(die, others, die_pixels) for die in readings]
    readings = [read_whole_elsewhere(die, others, die_pixels) for die in readings]
    readings = [read_surely_elsewhere(die, others, die_pixels) for die in readings]
    readings = ones_of_a_two(readings, others)
    readings = two_dice_either_side(readings, others)
    readings += found_elsewhere(readings, others, die_pixels)
    readings += found_in_whole_readings(readings, whole, die_pixels)
    readings += read_specks(rgb, blobs, readings, die_pixels)
    readings += blank_faces(rgb, blobs, readings, others, die_pixels)
    if not readings and blobs.die_pixels < 1.5 * MIN_DIE_PIXELS:
        return refusal(TOO_SMALL, f"the dice are about {blobs.die_pixels:.0f} pixels across: too small to read",
                       expected)
    if not readings:
        return refusal(NO_DICE, "found no dice in the photo", expected)
    # how near dice stand is judged at the size the pips say: the first reading's, else the kept one's when
    # smaller than the size chosen (a red 3 beside a sure 2, both read at 1.25 times their size, was dropped:
    # 7171/194), else the size chosen
    readings = without_doubtful_neighbours(readings, from_pips or min(from_kept or die_pixels, die_pixels))
    readings = [at_the_frame_doubted(die, rgb.shape[0], rgb.shape[1], die_pixels) for die in readings]
    readings = [off_the_blobs_doubted(die, blobs) for die in readings]
    readings = close_spaced_doubted(readings, others, die_pixels)
    readings = wide_twos_doubted(readings, others)
    readings = astride_two_dice_doubted(readings, others)
    readings = [with_trust_restored(die) for die in readings]
    readings = without_second_readings(readings, die_pixels)
    readings = [die for die in readings if not read_as_no_die(die, blobs)]
    labels = [label_at(blobs, die.center) for die in readings]
    readings = [read_faintly(rgb, blobs, die, label, labels.count(label) == 1)
                for die, label in zip(readings, labels, strict=True)]
    rows_first = tuple(sorted(readings, key=lambda d: (round(d.center[0] / die_pixels), d.center[1])))
    return with_count(rows_first, expected)


PIP_SPACING = 0.25  # a pip's distance from the face's centre along each axis, of the face's side, about


SMALLER, BIGGER = 0.87, 1.15  # die sizes a blob not read surely is read at again (the blobs' is often 10% off)
FAR_SIZE = 1.2  # a die size kept this much larger or smaller than the first: the blobs read surely at the first
# are read at it too
LARGER = 1.25  # a die size to try when the blobs' looks too small
SMALLER_BY_PIPS = 0.9  # the pips of the dice kept saying a size this much smaller: read at it again (step 149, from
# 0.85: a translucent green 3 of a photo read at 1.15 times the blobs' size, which the kept dice's pips said was
# 0.896 of it, was missed and an extra 1 read beside it, 8181/53; at 0.95 the ten seeds read as at 0.9)
CROWDED = 0.9  # of the die size: two readings nearer than this say the size is too small (touching dice stand a
# side apart; at 1.0 the suite's own photos of touching dice were read again larger and two dice merged into one)


def apart(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance between two places (row, col) in the photo."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def midway(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """The place (row, col) halfway between two places in the photo."""
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def crowded(readings: list[DieReading], die_pixels: float) -> bool:
    """Whether two of the dice read are nearer than two dice can stand."""
    return any(apart(a.center, b.center) < CROWDED * die_pixels
               for k, a in enumerate(readings) for b in readings[k + 1:])


def in_doubt(die: DieReading, keeps_trust: bool = False) -> DieReading:
    """The die with its confidence capped at UNSURE: marked for the player to check; trusted at the end as read
    (read_with: a trust an earlier doubt kept stays) when nothing else doubts it (with_trust_restored) only if this
    doubt keeps its trust (scan_faces.face_in_doubt is the same for a face)."""
    return dataclasses.replace(die, confidence=min(die.confidence, UNSURE),
                               trusted_confidence=read_with(die) if keeps_trust else 0.0)


def with_trust_restored(die: DieReading) -> DieReading:
    """A die put in doubt only by doubts that keep its trusted_confidence, and read with UNCERTAIN_BELOW or more,
    trusted as read: those doubts weigh in choosing the die size and against other readings, not in the flag. They
    are: read from its strong pips alone (scan_faces.strong_pips_read: the weaker ones taken for a translucent die's
    bottom face), a margin kept low only by spots no die's pip could be at (margin_of_possible_spots), a faint face
    read without a flaw, or of three pips or more on its spots (with_faint_faces), a 2 of unlike pips still chosen
    (read_face), a 1 a little off its blob's middle (off_centre_doubted), a 1 beside a frontal pip no face explains
    (scan_faces.LEFT_PIP_MOST), a face of four pips or more read surely off its blob's middle or by its edge
    (shows_its_grid), and any doubt of a die another die size read surely alike (confirmed_elsewhere); any other
    doubt after (in_doubt) takes the trust away. Tuning photos: of dice read from their strong pips every one read
    with SURE or more was right (step 56), and so were the 7 read with 0.5 to 0.9 (step 73; the test's 9 too); a 1
    so read was wrong as often as right, and is trusted only when its weak pips stand out no more than a ghost's do
    (step 75: scan_faces.GHOST_ONE_MOST). With impossible spots left out (step 74): 1 and 2 dice of the tuning
    photos and 6 of the test's, all right; steps 76-80 and 97-100 in docs/piddle.md."""
    if die.trusted_confidence >= UNCERTAIN_BELOW and die.confidence <= UNSURE:
        return dataclasses.replace(die, confidence=die.trusted_confidence)
    return die


HALF_SURE = 0.65  # a die read with less confidence than this is put in doubt by any other reading of it


def read_with(die: DieReading) -> float:
    """The confidence its pips were read with: before a doubt for being read from its strong pips alone."""
    return max(die.confidence, die.trusted_confidence)


def pips_on_its_spots(die: DieReading) -> int:
    """How many of its pips lie on its pattern's spots, the rest taken for its own seen askew (scan_faces.faces_of):
    the last of its checks; its value when it has none (a die found otherwise)."""
    return int(die.checks[-1]) if die.checks else die.value


def partly_on_its_spots(die: DieReading) -> bool:
    """Whether fewer of its pips lie on its pattern's spots than its value."""
    return pips_on_its_spots(die) < die.value


def split_smaller(die: DieReading, other: DieReading) -> bool:
    """Whether another reading of a die is of fewer of its pips at a smaller die size, the die read without a
    flaw (every check at its best, every pip on its pattern's spots): at too small a size a die's pips are read as
    parts of two dice."""
    return other.size < die.size and other.value < die.value and die.confidence >= 1.0 \
        and not partly_on_its_spots(die)


def grown_over_a_one(die: DieReading, other: DieReading) -> bool:
    """Whether another reading of a 1 read without a flaw is at a larger die size: a face's reach grows with the
    size it is read at, and takes in a side's pips, a neighbour's or a translucent 1's bottom 6 seen through it
    (tuning and test photos: 4 and 7 right 1s were doubted by such a reading of more pips, and no wrong one; a 2
    read as a 1 at too small a size has its other pip beside it, unexplained, a flaw: scan_faces.LEFT_PIP_REACH;
    or read as another 1: paired_ones_doubted). Step 118: read without a flaw before a doubt that keeps its trust
    (read_with): a translucent blue 1 beside its bottom face's ghost, doubted for that pip and trusted, was read at
    1.44 times its size as a sure 2 of its pip and the ghost, and lost (6161/195)."""
    return die.value == 1 and other.size > die.size and read_with(die) >= 1.0


def readings_of(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> list[DieReading]:
    """The readings at other die sizes (others) of a die's place: within half a die of it."""
    return [other for reading in others for other in reading if apart(other.center, die.center) < 0.5 * die_pixels]


def surest_elsewhere(die: DieReading, others: list[list[DieReading]], die_pixels: float,
                     taken: Callable[[DieReading], bool], by: Callable[[DieReading], float] = read_with
                     ) -> DieReading | None:
    """The surest (by) of the readings of a die's place at other die sizes that `taken` accepts, or None: what a die
    in doubt may be read as instead (read_larger, read_elsewhere_if_guessed, close_spaced_doubted)."""
    found = [other for other in readings_of(die, others, die_pixels) if taken(other)]
    return max(found, key=by) if found else None


def with_second_opinions(readings: list[DieReading], others: list[list[DieReading]], die_pixels: float
                         ) -> list[DieReading]:
    """The readings, each die that a reading at another die size read as another value put in doubt (capped at
    UNSURE): when the other reading was confident (unless it read fewer of the die's pips at a smaller size and this
    one has no flaw: split_smaller; tuning photos, 10 right dice flagged so and no wrong one; nor when this one is a
    flawless 1 and the other at a larger size: grown_over_a_one), or this one's pips were read with less than
    HALF_SURE (read_with; or less than SURE with pips off its spots; a reading with no confidence at another size
    put 15 right dice of the tuning photos read with 0.66 to 0.88 in doubt and no wrong one), or the other read more
    pips and was only put in doubt (a 4 doubted for a side's pip by it, read at a smaller size as a sure 2 of its
    pips; not a 1: a sure 1 read with a side's pip as a doubted 2 is a 1 as a rule), or this one is a 2 and the
    other a doubted 1 read at a larger size (a 1's pip read with a side's pip beside it as a sure 2 at a smaller
    size, read at another as a 1 doubted for that pip: tuning photos, one wrong 2 of 6 wrong dice unflagged caught,
    three right 2s flagged; a 1 read at a smaller size is one of a 2's pips, the other read as another 1 or lost:
    right flagged 3.4% to 3.3% and 4.6% to 4.3% when those no longer doubt a 2, none wrong more), or this one has
    pips off its spots (partly_on_its_spots) and the other was read with SURE or more, trusted or not (read_with;
    step 135: a translucent blue 1 read as a sure 6 from its bottom face's ghost pips, three of them on its spots,
    read at three larger sizes as a 1, once trusted, 6161/230, an unflagged wrong die; on the ten seeds two right 6s
    were flagged more, and of the dice so read at step 132 with pips off their spots and such a reading elsewhere, 5
    right and 2 wrong, both unflagged). And a 1 read elsewhere twice as a face with a middle pip (step 136:
    middle_of_an_odd_face), and a die read with less than SURE that other values outvote (step 139:
    unsure_outvoted)."""
    doubted = []
    for die in readings:
        disagree = any(other.value != die.value
                       and (other.confidence >= UNCERTAIN_BELOW and not split_smaller(die, other)
                            and not grown_over_a_one(die, other)
                            or read_with(die) < SURE and (read_with(die) < HALF_SURE or partly_on_its_spots(die))
                            or other.value > die.value >= 2 and other.confidence >= UNSURE
                            or die.value == 2 and other.value == 1 and other.confidence >= UNSURE
                            and other.size > die.size
                            or partly_on_its_spots(die) and read_with(other) >= SURE)
                       for other in readings_of(die, others, die_pixels))
        doubted.append(in_doubt(die) if disagree or middle_of_an_odd_face(die, others, die_pixels)
                       or unsure_outvoted(die, others, die_pixels) else die)
    return doubted


ODD_FACE_SIZES = 2  # die sizes (sizes_apart) a 1 is read at as one face with a middle pip that put it in doubt


def unsure_outvoted(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> bool:
    """Whether a die read with less than SURE (read_with) is read as other values with UNSURE or more at
    OUTVOTED_BY die sizes or more (sizes_apart): alone, a reading in doubt at another size does not put a die
    read with HALF_SURE or more in doubt (with_second_opinions). Step 139: a green 1 read with its side's pip as a
    2 with 0.87 at the blobs' size, 40% over its own, and as a 1 in doubt at two smaller sizes (8181/93, an
    unflagged wrong die) is flagged."""
    return read_with(die) < SURE and sizes_apart(
        [other.size for other in readings_of(die, others, die_pixels)
         if other.value != die.value and other.confidence >= UNSURE]) >= OUTVOTED_BY


def middle_of_an_odd_face(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> bool:
    """Whether a 1 is read at ODD_FACE_SIZES other die sizes or more (sizes_apart) as one same face with a middle
    pip (a 3, or a 5), with UNSURE or more: its pip may be that face's middle, the others measured too weak at its
    size. A glare-lit translucent 3, its corner pips against the dark rim and its middle one against the lit face,
    was read as a sure 1, and as a 3 in doubt at 1.15 and 1.32 times that size (1919/108: an unflagged wrong die of
    the test's photos). A 1 read with a side's pip or a neighbour's is read elsewhere as a 2, which has none: of the
    ten seeds' sure 1s at step 132 read at two other sizes as one other face, 16 right ones were read as 2s; as 3s,
    that wrong one and one right (9292/97, in doubt now, and dropped beside a sure die). Step 140: sizes, not
    readings, are counted, as steps 138 and 139 count them: one blob read at its own size in perspective and at a
    size tried for the photo is the same reading twice (the ten seeds read as before)."""
    if die.value != 1:
        return False
    odd = [other for other in readings_of(die, others, die_pixels)
           if other.value in (3, 5) and other.confidence >= UNSURE]
    return any(sizes_reading(odd, value) >= ODD_FACE_SIZES for value in (3, 5))


def confirmed_elsewhere(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> DieReading:
    """A die in doubt that readings at other die sizes read as the same value with SURE or more, more of them than
    read it as another with UNCERTAIN_BELOW or more, trusted at the end with the surest one's confidence (when
    nothing after doubts it: with_trust_restored). Photos of seeds 4242, 5353 and 1919: right dice flagged 45 to 35
    (2.5% to 2.0%), 57 to 50 (3.2% to 2.8%) and 166 to 147 (2.84% to 2.51%), no wrong die unflagged; from larger
    sizes alone, none reading another value: 39, 53 and 161; from any size so: 35, 52 and 151."""
    if not die.is_uncertain:
        return die
    near = readings_of(die, others, die_pixels)
    same = [other.confidence for other in near
            if other.size != die.size and other.value == die.value and other.confidence >= SURE]
    if len(same) <= sum(other.value != die.value and other.confidence >= UNCERTAIN_BELOW for other in near):
        return die
    return dataclasses.replace(die, trusted_confidence=max(same))


def read_larger(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> DieReading:
    """A die in doubt, replaced by the surest reading of it as another value at a larger die size with SURE or more
    (in doubt still), if any: at the size kept its pips looked too big or too many for a die that size (a 1's pip
    and its bottom face's ghost read as a 2, a 1 and a side's pips as a 6). Photos of seeds 4242, 5353 and 1919:
    dice right 1785 the same, 1775 to 1776 (two mended, a 2 of 5353/127 read as a 1 at a size 36% larger), 5850
    to 5854 (six mended, two lost), photos exact 913 to 917. Taking readings of UNCERTAIN_BELOW or more too: the
    tuning photos' 1785 to 1783 and 1776 to 1774; at any size, with more confidence than the die's, their dice in
    doubt were mended and broken alike (12 and 12, docs/piddle.md). Not a 1 the larger reading grew over
    (grown_over_a_one, step 118)."""
    if not die.is_uncertain:
        return die
    larger = surest_elsewhere(die, others, die_pixels, lambda other: other.size > die.size
                              and other.value != die.value and other.confidence >= SURE
                              and not grown_over_a_one(die, other), by=lambda other: other.confidence)
    return in_doubt(larger) if larger is not None else die


GUESSED = 0.3  # a die read with less confidence than this is all but a guess (0 as a rule: its pips read no way)


def read_elsewhere_if_guessed(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> DieReading:
    """A die read with less than GUESSED, replaced by the reading of it as another value at another die size whose
    pips were read with UNCERTAIN_BELOW or more (read_with: a faint or washed face read without a flaw is in doubt,
    trusted), the surest, in doubt still: at the size kept the reading was no better than a guess (a glare-lit pink
    2 read with no confidence as a 1 between its pips and a neighbour's side, read at 0.87 of that size as a
    flawless 2 on the washed maps, 1919/674). Step 91 (from SURE): the test's photos exact 923 to 928 and dice right
    5865 to 5872, seeds of 300 (2121, 3131, 4242, 5353, 6161, 7171 and 8181) 14 dice right more, 6 photos exact,
    none lost; any die in doubt and not trusted so: 6 test photos lost (a right die read with 0.45 replaced by a
    wrong sure reading at another size, 1919/55, 412, 546, ...) for one mended. Step 106, from UNCERTAIN_BELOW: a
    guessed 1 of a black 2 whose glare-washed face read as a 2 trusted with 0.59 at two other sizes (1919/550); ten
    seeds: photos exact +7, dice right +12, none lost (from UNSURE: +9 but 2 lost, and 3 dice missed more)."""
    if die.confidence >= GUESSED:
        return die
    surer = surest_elsewhere(die, others, die_pixels,
                             lambda other: other.value != die.value and read_with(other) >= UNCERTAIN_BELOW)
    return in_doubt(surer) if surer is not None else die


OUTVOTED_BY = 2  # die sizes: a die in doubt is read as the value read surely at this many more sizes than its own
FEWER_TRUSTED_SIZES = 3  # die sizes: a reading of fewer pips than a die in doubt counts when read surely from its
# strong pips alone (read_with) at this many (step 141; at two, a translucent 6 read as a 2 so was lost, 1919/808)
SAME_SIZE = 0.05  # sizes this share apart or nearer are one (a blob read at its own size in perspective and at a
# size tried for the photo: the same reading twice)


def sizes_apart(sizes: list[float]) -> int:
    """How many of these die sizes, taken smallest first, lie more than SAME_SIZE above the last one counted."""
    count, last = 0, 0.0
    for size in sorted(sizes):
        if size > last * (1 + SAME_SIZE):
            count, last = count + 1, size
    return count


def sizes_reading(readings: list[DieReading], value: int) -> int:
    """At how many die sizes (sizes_apart) these readings read this value."""
    return sizes_apart([reading.size for reading in readings if reading.value == value])


def read_surely_elsewhere(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> DieReading:
    """A die in doubt and not trusted (read_with under UNCERTAIN_BELOW), replaced by the value its place is read
    as with SURE or more at the most die sizes (others), no other value as many, and OUTVOTED_BY more than its own:
    the surest such reading, in doubt still. A reading of fewer pips counts only when read with SURE or more as it
    stands: one read from its strong pips alone (read_with) may have taken the die's own weak pips for a
    translucent die's ghosts (a translucent 6 read as a 2 so at two smaller sizes, 1919/808). Step 138: a green 2
    read as a 1 in doubt at 1.5 times its size, read as a sure 2 at four sizes (5353/127); a white 2 read as a 6
    in doubt, read as a sure 2 at three sizes and as a 6 at one (2121/244); a translucent 1 read with a side's pip
    as a 2 in doubt, read as a sure 1 at two smaller sizes (6161/227). Sizes within SAME_SIZE of each other count
    once (sizes_apart: a 4 in doubt was read as a 2 read surely at 157.8 and 157.9 px, 1919/47), and the die's own
    value read surely elsewhere counts against the others: a 2's pip read as a sure 1 at two smaller sizes, the 2
    read surely at its own size before a doubt (1919/353). Step 141: a value of fewer pips read surely from its
    strong pips alone at FEWER_TRUSTED_SIZES sizes or more counts as read so: a translucent 2 read as a 6 in doubt
    at 1.6 times its size, read as a 2 in doubt, trusted, at five smaller sizes (9191/259). Ten seeds:
    docs/piddle.md."""
    if not die.is_uncertain or read_with(die) >= UNCERTAIN_BELOW:
        return die
    near = readings_of(die, others, die_pixels)
    trusted = [other for other in near if read_with(other) >= SURE]
    fewer_trusted = {value for value in {other.value for other in trusted if other.value < die.value}
                     if sizes_reading(trusted, value) >= FEWER_TRUSTED_SIZES}
    sure = [other for other in near
            if (other.confidence if other.value < die.value and other.value not in fewer_trusted else read_with(other))
            >= SURE]
    sizes = Counter({value: sizes_reading(sure, value) for value in {other.value for other in sure}})
    ranked = sizes.most_common()
    if not ranked or ranked[0][0] == die.value or len(ranked) > 1 and ranked[1][1] == ranked[0][1] \
            or ranked[0][1] - sizes[die.value] < OUTVOTED_BY:
        return die
    return in_doubt(max((other for other in sure if other.value == ranked[0][0]), key=read_with))


WHOLE_FACE_OFF = 0.35  # of a die's side: the most a face read whole at another size lies off the part of it read
# (a 4's diagonal read as a 2 is centred on it; a 6's column read as a 3 lies a pip spacing, a quarter of a side, off)


def read_whole_elsewhere(die: DieReading, others: list[list[DieReading]], die_pixels: float) -> DieReading:
    """A 2 or a 3 in doubt replaced by a reading of its place at another die size as a face it is part of, centred
    within WHOLE_FACE_OFF of it: the surest as it stands, in doubt still. A face of twice its pips (a 4, a 6) counts
    when its pips were read with UNCERTAIN_BELOW or more (read_with); a 3 for a 2 (step 132), a 2 and one pip more,
    only when read with SURE or more and every pip on its spots.
    At the size kept part of the face was read: a 4's or a 3's diagonal as a 2, a 6's column as a 3, its other pips
    lost to glare or taken into another face (6161/18: a 6 of 251 px read as a 3 of one column, read whole with 0.8
    at 1.15 times that size; 9292/110 and 9292/202: 3s read as 2s, read whole and trusted at 1.15 times the size
    kept). Near it only: two 2s side by side are read as one 4 at a larger size, between them (5353/272), and a 2 of
    a 1's pip and its side's as a 4 of the side's pips beside it (1919/77). A 3 taken from UNCERTAIN_BELOW read a
    right 2 as a 3 read with 0.58 (3131/255). As it stands: 1919/268's 4 read with 0.13 (trusted with 1.0) at 1.25
    times the size kept is all but a guess beside a die, and dropped (without_doubtful_neighbours); read with 0.45
    at 1.15 times it, it stays. The same idea as close_spaced_doubted's for a face spaced too close (part of a
    larger one), for a face in doubt. Steps 131-132, ten seeds: see docs/piddle.md."""
    if not die.is_uncertain or die.value not in (2, 3):
        return die

    def whole_of_it(other: DieReading) -> bool:
        if other.value == 2 * die.value:
            return read_with(other) >= UNCERTAIN_BELOW
        return die.value == 2 and other.value == 3 and read_with(other) >= SURE and not partly_on_its_spots(other)

    whole = surest_elsewhere(die, others, die_pixels, lambda other: whole_of_it(other)
                             and apart(other.center, die.center) <= WHOLE_FACE_OFF * die.size,
                             by=lambda other: other.confidence)
    return in_doubt(whole) if whole is not None else die


ONES_OFF_THEIR_TWO = 0.2  # of a 2's size: the most the midpoint of two 1s lies off the centre of the 2 they are


def ones_of_a_two(readings: list[DieReading], others: list[list[DieReading]]) -> list[DieReading]:
    """The readings, two 1s replaced by a 2 that a reading at a larger die size read with SURE or more (read_with)
    within half its size of each, their midpoint within ONES_OFF_THEIR_TWO of its centre, in doubt; not two 1s
    read without a flaw (grown_over_a_one: two such 1s side by side stand as far apart as a 2's pips at 1.4 times
    their size, 6161/195). At too small a size a 2's two pips are read as two 1s, one in doubt for the other beside
    it as a rule (scan_faces.LEFT_PIP_REACH), and the 2 of them as too big for a die that size. 2121/196: two ivory
    2s on paper, each read at the blobs' size as two 1s in doubt, were read at 1.15 and 1.3 times it as 2s without a
    flaw but for their unlike pips (trusted as read); 9292/292: a 2 read as a sure 1 and a 1 read with 0.76, a 2 at
    1.15 times their size. The mirror of wide_twos_doubted (a 2 that another size reads as two dice either side of
    it). Step 131, ten seeds: see docs/piddle.md."""
    for reading in others:
        for two in reading:
            if two.value != 2 or read_with(two) < SURE:
                continue
            ones = [die for die in readings if die.value == 1 and two.size > die.size
                    and apart(die.center, two.center) <= 0.5 * two.size]
            if len(ones) != 2 or all(grown_over_a_one(one, two) for one in ones):
                continue
            if apart(midway(ones[0].center, ones[1].center), two.center) <= ONES_OFF_THEIR_TWO * two.size:
                readings = [die for die in readings if die is not ones[0] and die is not ones[1]] + [in_doubt(two)]
    return readings


EITHER_SIDE_OFF = 0.25  # of a die's side: the most the midpoint of two dice read either side of a die lies off it
EITHER_SIDE_SIZE = 0.7  # of the size a die was read at: the least size two sure dice either side of it replace it at


def dice_either_side(die: DieReading, reading: list[DieReading], least: float = 0.0
                     ) -> tuple[DieReading, DieReading] | None:
    """Two dice of a reading, each read with `least` or more, either side of a die: within 0.8 of its side of it,
    their midpoint within EITHER_SIDE_OFF of its centre, as far apart as two dice stand (CROWDED); or None."""
    near = [other for other in reading
            if other.confidence >= least and apart(other.center, die.center) < 0.8 * die.size]
    for k, a in enumerate(near):
        for b in near[k + 1:]:
            if apart(midway(a.center, b.center), die.center) < EITHER_SIDE_OFF * die.size \
                    and apart(a.center, b.center) >= CROWDED * a.size:
                return a, b
    return None


def two_dice_either_side(readings: list[DieReading], others: list[list[DieReading]]) -> list[DieReading]:
    """The readings, each die in doubt and not trusted (read_with under UNCERTAIN_BELOW) that one reading at another
    die size read as two dice with SURE or more, one either side of it (dice_either_side), replaced by those two, in
    doubt, when they are no smaller than EITHER_SIDE_SIZE of its size and stand as far from every other die kept as
    dice do: it was read from pips of both (step 133). 3131/172: a translucent 2 and 1 side by side read as a 4 in
    doubt, read as a sure 2 and 1 at 0.76 of its size; 9292/201: two green 1s read as a 5 in doubt between them,
    read as two sure 1s at 0.74 and 0.88 of its size. The size bound keeps a 6 in doubt (2121/115) from being taken
    for the two sure 2s its columns made at 0.56 of its size. The converse of ones_of_a_two (two dice kept, one read
    elsewhere); wide_twos_doubted only doubts a sure 2 that another size reads as two dice, as dice_either_side
    finds them."""
    for reading in others:
        doubtful = [die for die in readings if read_with(die) < UNCERTAIN_BELOW]
        for die in doubtful:
            pair = dice_either_side(die, reading, SURE)
            if pair is None or min(new.size for new in pair) < EITHER_SIDE_SIZE * die.size:
                continue
            rest = [kept for kept in readings if kept is not die]
            if all(apart(new.center, kept.center) >= CROWDED * new.size for new in pair for kept in rest):
                readings = rest + [in_doubt(new) for new in pair]
    return readings


def found_elsewhere(readings: list[DieReading], others: list[list[DieReading]], die_pixels: float
                    ) -> list[DieReading]:
    """The dice that a reading at a larger die size read with UNSURE or more, or one at a smaller size read with SURE
    or more, where no die was kept (nor another so found) as near as two dice can stand, put in doubt: a face whose
    pips at the size kept were too big or too faint for pips of a die that size, or a blob of one die read as none
    at a size chosen for the photo's other blobs (a lone die among dice read surely at a size 20-25% too small).
    Photos of seeds 4242, 5353 and 1919: dice right 1784 to 1785, 1775 the same, 5846 to 5850, no extra die. At
    smaller sizes a side's pip or half of a die is read as a die of its own (down to 0.8 of the size kept, read with
    UNSURE or more, a side's pip read as a 1 of 1919/585: an extra die), so only a sure reading there counts (step
    105: a translucent 1 read with 0.94 at 0.87 of the size kept and as nothing at it, 1919/970; ten seeds: photos
    exact +2, dice right +3, one extra die, flagged); nor dice read with less than UNSURE (at every size, whatever
    their confidence: 5852 right but 8 extra dice, photos exact 912 to 909; those read so at larger sizes were extra
    or wrong but one). Step 130: at a larger size, as read (read_with: a doubt that keeps its trust does not
    count): a red 2 read on its grid without a flaw at 1.04 times the size kept, its two pips unlike
    (scan_faces.unlike_pair: no confidence, trusted as read), was missed (7171/244); ten seeds, only that photo
    read otherwise. Step 146: at the size the kept dice's pips say (within SAME_SIZE), smaller, as read too, and
    beside a kept die down to NEAREST_DICE (the nearest dice stand), not CROWDED: a white 1 in a blob of six dice
    read at 1.5 times its size, read in doubt but trusted at the pips' size (a frontal pip beside it no face
    explains), 0.81 of that size from a 3 in doubt it touches, was missed (1919/681); taken at any smaller size
    (read_with), 1919/865 read an extra 1."""
    said = size_the_pips_say(readings)  # 0: they say none
    found: list[DieReading] = []
    for reading in others:
        for other in reading:
            at_said = bool(said) and abs(other.size / said - 1) <= SAME_SIZE
            if other.size > die_pixels:
                read_so = read_with(other) >= UNSURE
            else:
                read_so = (read_with(other) if at_said else other.confidence) >= SURE
            nearest = (NEAREST_DICE if at_said else CROWDED) * other.size
            if read_so and all(apart(other.center, die.center) >= nearest for die in readings + found):
                found.append(in_doubt(other))
    return found


WHOLE_FOUND_OFF = 0.2  # of the die size the kept dice's pips say at its place: the most a die found in a reading
# of the whole photo at another size may be off it


def found_in_whole_readings(readings: list[DieReading], whole: list[list[DieReading]], die_pixels: float
                            ) -> list[DieReading]:
    """The dice that a reading of the whole photo not kept (the first, at the blobs' size, and those on the ladder
    of sizes) read with SURE or more where no die was kept (nor another so found), put in doubt, when their size
    is that of a die at their place: the size the kept dice's pips say there (size_in_perspective scaled to it),
    within WHOLE_FOUND_OFF, by their own pips' spacing (a 1's says none: read at that size or larger, its face is
    even round its pip further out; at a smaller size a side's pip reads as a 1). A photo's size taken from
    another reading loses a die that reading never reads: a sure 1 of the first reading at 1.4 times the size kept,
    read as nothing at it (5353/275); a sure 2 read at 0.7 of the blobs' size on the ladder, where the photo was
    read at its pips' size, 1.2 times the 2's (1919/718). Ten seeds: photos exact 3473 to 3476, missed dice 154 to
    148, no extra die (step 123; the ladder's dice read with UNSURE or more at any size made 14: docs/piddle.md)."""
    said = size_the_pips_say(readings) or die_pixels
    fit = size_in_perspective(readings, said)
    found: list[DieReading] = []
    for reading in whole:
        for other in reading:
            there = said if fit is None else float(fit[0] * other.center[0] + fit[1] * other.center[1] + fit[2])
            sized = abs(size_from_spacings([other.spacing]) / there - 1) <= WHOLE_FOUND_OFF if other.spacing > 0 \
                else other.size >= (1 - WHOLE_FOUND_OFF) * there
            if other.confidence >= SURE and sized and \
                    all(apart(other.center, die.center) >= CROWDED * there for die in readings + found):
                found.append(in_doubt(other))
    return found


def spaced_faces(readings: list[DieReading]) -> list[DieReading]:
    """The dice read with 0.5 or more whose three pips or more say their pips' spacing (a die's size)."""
    return [die for die in readings if die.spacing > 0 and die.confidence >= 0.5 and die.pips >= 3]


def face_spacings(readings: list[DieReading]) -> list[float]:
    """The pip spacings (photo pixels) of those dice (spaced_faces)."""
    return [die.spacing for die in spaced_faces(readings)]


PERSPECTIVE_FACES = 4  # faces of three pips or more read with confidence that the sizes in perspective are fitted to
PERSPECTIVE_OFF = 0.12  # a blob whose die size in perspective is this much off the size kept is read at its own


def size_in_perspective(readings: list[DieReading], die_pixels: float) -> Doubles | None:
    """The die size at each place of the photo, (a, b, c) of a * row + b * col + c, as the pips of the dice read
    with confidence say it, or None when too few say it. The table is a plane: seen through a camera, the inverse
    of its depth is an affine function of the place in the picture, and so is the size of a die on it (a near die
    is larger: the dice of one photo differ by a fifth either way at a 35 degree tilt). The pip spacings say how
    the sizes differ; the size kept says how large they are (sets space their pips 0.22 to 0.29 of a side)."""
    used = spaced_faces(readings)
    if len(used) < PERSPECTIVE_FACES:
        return None
    places = np.array([[die.center[0], die.center[1], 1.0] for die in used])
    if np.linalg.matrix_rank(places) < 3:  # in a line: the slope across it is not known
        return None
    fit: Doubles = np.linalg.lstsq(places, np.array([die.spacing for die in used]), rcond=None)[0]
    return fit * (die_pixels / float(np.median(places @ fit)))


def in_working_picture(blobs: Blobs, centre: tuple[float, float]) -> tuple[float, float]:
    """A place (row, col) of the photo in the working picture the blobs were found in."""
    return centre[0] / blobs.factor, centre[1] / blobs.factor


def working_pixel(blobs: Blobs, centre: tuple[float, float]) -> tuple[int, int]:
    """The working picture's pixel (row, col) nearest this place of the photo, within the picture."""
    row, col = in_working_picture(blobs, centre)
    return min(max(round(row), 0), blobs.labels.shape[0] - 1), min(max(round(col), 0), blobs.labels.shape[1] - 1)


def label_at(blobs: Blobs, centre: tuple[float, float]) -> int:
    """The label of the blob at this place (row, col) of the photo (0: none)."""
    return int(blobs.labels[working_pixel(blobs, centre)])


def blob_of(blobs: Blobs, centre: tuple[float, float]) -> int:
    """The label of the blob chosen as dice that a die read at this place (row, col) belongs to: the one there, or
    else the one whose middle is nearest."""
    label = label_at(blobs, centre)
    if label in blobs.chosen:
        return label
    return min(blobs.chosen, key=lambda k: apart(centre, blobs.middles[k - 1]))


def read_in_perspective(rgb: Picture, blobs: Blobs, readings: list[DieReading], die_pixels: float,
                        votes: dict[int, int]) -> tuple[list[DieReading], list[list[DieReading]]]:
    """The readings with each blob whose die size in perspective (size_in_perspective, at the blob's middle) is
    more than PERSPECTIVE_OFF off the size kept read again at its own size, its dice taken from that reading when
    `reading_score` prefers it; and the blobs' readings at their own sizes (second opinions). One size for the
    photo reads its near dice too small and its far ones too large (a near 2 read as two 1s, a far 1 missed)."""
    fit = size_in_perspective(readings, die_pixels)
    if fit is None or not blobs.chosen:
        return readings, []
    kept, opinions = list(readings), []
    for label in blobs.chosen:
        middle = blobs.middles[label - 1]
        size = float(fit[0] * middle[0] + fit[1] * middle[1] + fit[2])
        if not 0.5 * die_pixels < size < 2 * die_pixels or abs(size / die_pixels - 1) <= PERSPECTIVE_OFF:
            continue
        again = read_blobs(rgb, blobs, size, [label], dict(votes))[0].get(label, [])
        opinions.append(again)
        before: list[DieReading] = []
        rest: list[DieReading] = []
        for die in kept:  # the blob's dice as read so far, and the others'
            (before if blob_of(blobs, die.center) == label else rest).append(die)
        if reading_score(again) > reading_score(before) and not doubts_a_sure_die(before, again, die_pixels):
            kept = rest + again
    return kept, opinions


def doubts_a_sure_die(before: list[DieReading], after: list[DieReading], die_pixels: float) -> bool:
    """Whether another reading of a blob reads a die read with SURE or more before only in doubt: dice there (nearer
    than two dice can stand), none read with UNCERTAIN_BELOW or more. A blob's reading at its size in perspective
    is not kept so: a sure 1 was read, at a size 26% smaller, as a doubted 3 of its pip and two of its side's, which
    `reading_score` prefers (tuning photos, 5353/276: 5353 273 to 274 exact, none lost; the test's the same). Not
    for the sizes a whole photo is read again at (a sure die at a size far off is a 2's pip read as a 1): 5353 275,
    but the test's 907 to 901 exact, wrong unflagged 3 to 5."""
    def near(die: DieReading, other: DieReading) -> bool:
        return apart(die.center, other.center) < CROWDED * die_pixels

    return any(die.confidence >= SURE and any(near(die, other) for other in after)
               and not any(near(die, other) and other.confidence >= UNCERTAIN_BELOW for other in after)
               for die in before)


def read_again(rgb: Picture, blobs: Blobs, die_pixels: float, labels: Sequence[int], votes: dict[int, int],
               by_blob: dict[int, list[DieReading]]) -> tuple[list[DieReading], list[DieReading]]:
    """The photo's dice with these blobs read again at another die size and the others as first read (by_blob),
    and the dice of these blobs alone as read again."""
    again, _ = read_blobs(rgb, blobs, die_pixels, labels, dict(votes))
    return ([die for label, dice in by_blob.items() for die in again.get(label, dice)],
            all_dice(again))


def taken_over(readings: list[DieReading], candidate: list[DieReading], others: list[list[DieReading]]
               ) -> list[DieReading] | None:
    """A reading of the photo at another die size (candidate) that scores better than the one kept (readings:
    reading_score), with the dice it all but guessed taken back as the kept one read them (with_sure_dice_kept);
    the dice of the kept one it leaves out are added to others (left_out). None when it scores no better."""
    if reading_score(candidate) <= reading_score(readings):
        return None
    better = with_sure_dice_kept(candidate, readings)
    others += left_out(readings, better, others)
    return better


def with_sure_dice_kept(better: list[DieReading], replaced: list[DieReading]) -> list[DieReading]:
    """A better reading of the photo at another die size (better), each die of it all but guessed (GUESSED) taken
    back as the reading it replaced read it where that read it with UNCERTAIN_BELOW or more: the one die of the
    replaced reading within SAME_DIE of it, of which it is the one new die so near. A blob's reading is kept whole
    by its score, and two touching dice of different sizes each read surely at one of the sizes only (step 121:
    a black 5 read surely at the size the pips said and guessed as a 3 at 15% more, where the 6 beside it read
    surely, 1919/123, kept as the sure 5)."""
    new, gone = not_among(better, replaced), not_among(replaced, better)

    def near(a: DieReading, b: DieReading) -> bool:
        return apart(a.center, b.center) < SAME_DIE * min(a.size, b.size)

    kept: dict[int, DieReading] = {}  # by the guessed die's id: the die it replaced
    for die in new:
        mates = [old for old in gone if near(old, die)]
        if die.confidence < GUESSED and len(mates) == 1 and mates[0].confidence >= UNCERTAIN_BELOW \
                and sum(near(other, mates[0]) for other in new) == 1:
            kept[id(die)] = mates[0]
    return [kept.get(id(die), die) for die in better]


def left_out(readings: list[DieReading], better: list[DieReading], others: list[list[DieReading]]
             ) -> list[list[DieReading]]:
    """The dice of a reading of the photo that a better one at another die size leaves out, as one more reading
    at another size for the stages that weigh those (others; none already there, nor any when none is left):
    read surely where the better reading guessed, they are not lost with their blob's reading (step 119: two
    touching black dice, a 5 read surely at the pips' size and a 6 at a size 15% larger, the blob's reading at the
    larger size kept for the 6, the 5 read there as a 3 with no confidence: 1919/123, read from the reading left
    out as a 5 in doubt by read_elsewhere_if_guessed; step 121 keeps it sure, with_sure_dice_kept)."""
    dropped = not_among(readings, better, *others)
    return [dropped] if dropped else []


def not_among(dice: list[DieReading], *readings: list[DieReading]) -> list[DieReading]:
    """The dice that are none of these readings' dice: the very ones, not equal ones (a die read again at another
    size may be equal to the one it replaces)."""
    taken = {id(die) for reading in readings for die in reading}
    return [die for die in dice if id(die) not in taken]


def all_dice(by_blob: dict[int, list[DieReading]]) -> list[DieReading]:
    """The dice of a reading by blob, in one list."""
    return [die for dice in by_blob.values() for die in dice]


def size_the_pips_say(readings: list[DieReading]) -> float:
    """The die size the pips of these dice's faces of three pips or more read with confidence say
    (size_from_spacings of face_spacings), 0 when there are none."""
    spacings = face_spacings(readings)
    return size_from_spacings(spacings) if spacings else 0.0


def size_from_spacings(spacings: Sequence[float]) -> float:
    """The die size the pip spacings of faces say (a die is four pip spacings, `PIP_SPACING`): their median's."""
    return float(np.median(spacings)) / PIP_SPACING


SIZE_LADDER = (0.5, 0.7, 1.4, 2.0, 2.8)  # of the blobs' die size: sizes a photo is read at when its pips say none
LADDER_SPACINGS = 3  # faces of three pips or more read with confidence: a reading on the ladder whose pips say a size


LADDER_SURE_SHARE = Fraction(2, 3)  # the most of a first reading's dice read with UNCERTAIN_BELOW or more that
# leaves its size in question when it has fewer than LADDER_SPACINGS faces that say one


def size_in_question(dice: list[DieReading], spacings: list[float]) -> bool:
    """Whether the first reading of the photo, at the blobs' die size, leaves that size in question: no face of
    three pips or more read with confidence (spacings: their pip spacings), or fewer than LADDER_SPACINGS and at
    most LADDER_SURE_SHARE of the dice read with UNCERTAIN_BELOW or more. Step 110 (at most half): eight green dice
    on paper read at 1.67 times their size, the blobs taking in their sides, as five dice doubted, one face of three
    pips or more read surely (1919/215), all eight read right at half of it; with any fewer than LADDER_SPACINGS,
    dice read right at the blobs' size were lost to the ladder's (2121/152's 1, read surely there, read in doubt at
    0.76 of it and then as a 2). Step 112, two thirds: a 6 missed beside three dice read (9191/48) and a 1 read as
    a 5 in doubt (9292/95) are read right."""
    if not spacings:
        return True
    return len(spacings) < LADDER_SPACINGS and \
        sum(die.confidence >= UNCERTAIN_BELOW for die in dice) <= LADDER_SURE_SHARE * len(dice)


def read_on_the_ladder(rgb: Picture, blobs: Blobs, by_blob: dict[int, list[DieReading]], first_spacings: list[float],
                       votes: dict[int, int], whole: list[list[DieReading]]
                       ) -> tuple[dict[int, list[DieReading]], list[float], float, dict[int, int]]:
    """The photo read at die sizes far from the blobs', when the first reading leaves their size in question
    (size_in_question; by_blob and first_spacings: that reading): dice all touching make one blob whose size is
    twice theirs or more (a photo of eight big red dice, seven in one blob, was read as two dice in doubt), and dice
    falling apart into their pips make it half theirs or less. The best reading (`reading_score`) among those whose
    pips say a size with LADDER_SPACINGS faces or more, or else (step 110) the best whose pips say one at all, read
    again at the size its pips say, is kept if it says a size with LADDER_SPACINGS and beats the first; or the first
    is; with its pip spacings, die size and votes. Seven white dice touching, one blob read as one die in doubt: at
    half its size two faces read surely, at their pips' size all seven right (8181/72). A size whose pips say none
    is not taken, however it scores: at 1.4 times a size 15% too large, the pips of three dice were read as a sure 5
    (tuning photos). `whole` gets the photo's reading at each size tried (found_in_whole_readings)."""
    Reading = tuple[dict[int, list[DieReading]], list[float], float, dict[int, int]]

    def read_at(size: float) -> tuple[float, Reading]:
        trial_votes = {1: 0, -1: 0}
        trial, spacings = read_blobs(rgb, blobs, size, blobs.chosen, trial_votes)
        whole.append(all_dice(trial))
        return reading_score(whole[-1]), (trial, spacings, size, trial_votes)

    kept: Reading = (by_blob, first_spacings, blobs.die_pixels, votes)
    first = reading_score(all_dice(by_blob))
    best, scout = first, None
    hinted, hint = first, None  # the best whose pips say a size at all
    for factor in SIZE_LADDER:
        score, trial = read_at(factor * blobs.die_pixels)
        if len(trial[1]) >= LADDER_SPACINGS and score > best:
            best, scout = score, trial
        elif trial[1] and score > hinted:
            hinted, hint = score, trial
    scout = scout or hint
    if scout is None:
        return kept
    score, trial = read_at(size_from_spacings(scout[1]))
    return trial if len(trial[1]) >= LADDER_SPACINGS and score > first else kept


PIPS_AGREE = 0.15  # the die size the kept reading's pips say is within this share of the size kept


def pips_agree(readings: list[DieReading], die_pixels: float) -> bool:
    """Whether three faces or more of three pips or more, read with confidence, say this die size (`PIP_SPACING`)."""
    spacings = face_spacings(readings)
    return len(spacings) >= LADDER_SPACINGS and \
        abs(size_from_spacings(spacings) / die_pixels - 1) < PIPS_AGREE


def with_stale_blobs_read(rgb: Picture, blobs: Blobs, readings: list[DieReading],
                          by_blob: dict[int, list[DieReading]], stale: list[int], die_pixels: float,
                          votes: dict[int, int]) -> tuple[list[DieReading], list[DieReading]]:
    """The photo's dice with the blobs read surely at the first die size and not since (stale) read at the size kept,
    far from it, each blob's new reading taken where it scores better (`reading_score`); and the dice of those
    blobs as read again. At a size 40% too small (white dice on paper, each falling apart into its face and its
    sides) a 4 was read as two sure 1s, which no other size was tried on: the size kept, which the other dice's pips
    said, reads it as a sure 4 (2121/39)."""
    again, _ = read_blobs(rgb, blobs, die_pixels, stale, dict(votes))
    for label in stale:
        if reading_score(again[label]) > reading_score(by_blob[label]):
            readings = [die for die in readings if not any(die is old for old in by_blob[label])] + again[label]
    return readings, [die for label in stale for die in again[label]]


def reading_score(dice: list[DieReading]) -> float:
    """Which of two readings of a photo at different die sizes is better: more pips read with confidence, in
    fewer dice (the pips of one die read as two dice at too small a size explain as many pips)."""
    return sum(d.pips * d.confidence - 0.5 for d in dice)


def read_blobs(rgb: Picture, blobs: Blobs, die_pixels: float, labels: Sequence[int], votes: dict[int, int]
               ) -> tuple[dict[int, list[DieReading]], list[float]]:
    """The dice of these blobs (by label), and the pip spacings (photo pixels) of the faces that show one. votes:
    how many dice read with confidence had light (1) and dark (-1) pips, counted on: a set of dice has one colour
    of pips, so once two dice agree (and none disagrees), only that one is looked for (the largest blob first: a
    side's pips read as the gaps between them, dark pips of a small blob, must not outweigh a blob of five dice)."""
    readings: dict[int, list[DieReading]] = {}
    spacings: list[float] = []
    for label in sorted(labels, key=lambda label: -blob_area(blobs, label)):
        settled = [sign for sign, count in votes.items() if count >= 2 and votes[-sign] == 0]
        region = cut_region(rgb, blobs, label, die_pixels)
        faces, sign = read_region(region.crop, region.mask, region.size, tuple(settled) or (1, -1))
        if settled and not faces:  # nothing of that polarity: a die of another set, or no die
            faces, sign = read_region(region.crop, region.mask, region.size, (-settled[0],))
        faces, sign = centred_polarity(region, faces, sign, blobs, label, die_pixels)
        if sign:
            votes[sign] += sum(face.confidence >= UNCERTAIN_BELOW for face in faces)
        readings[label] = [face_reading(face, region, die_pixels) for face in faces]
        if len(faces) == 1 and faces[0].confidence > UNSURE:
            readings[label] = [off_centre_doubted(readings[label][0], blobs, label, die_pixels)]
        readings[label] = paired_ones_doubted(readings[label], blobs, label, die_pixels)
        readings[label] = [narrow_two_doubted(die, face, region, blobs, label, readings[label])
                           for die, face in zip(readings[label], faces, strict=True)]
        spacings += [face.spacing * region.step_rows for face in faces
                     if face.spacing > 0 and face.confidence >= 0.5 and len(face.members) >= 3]
    return readings, spacings


def face_reading(face: Face, region: Region, die_pixels: float) -> DieReading:
    """A face read in a region (its pixels) as a die of the photo (its pixels), read at this die size."""
    return DieReading(face.value, round(face.confidence, 3), region.to_photo(face.centre), die_pixels, face.value,
                      face.checks, face.spacing * region.step_rows, face.pip_area, round(face.trusted_confidence, 3))


ONE_OFF_CENTRE = 0.27  # of a die's side: a 1's pip further than this from the middle of its blob may be a 2's
FACE_OFF_CENTRE = 0.35  # ... and any face's centre further than this is a side's pips or part of a face: a top face
# seen at a 35 degree slant lies 0.3 of a side off its blob's middle at most (the sides show on one side of it)


def off_the_middle(centre: tuple[float, float], blobs: Blobs, label: int) -> float:
    """How far a place (row, col) of the photo lies from the middle of a blob (the centre of the largest circle in
    it), in photo pixels."""
    return apart(centre, blobs.middles[label - 1])


def lies_off_centre(value: int, centre: tuple[float, float], blobs: Blobs, label: int, die_pixels: float) -> bool:
    """Whether a face of this value read alone in its blob lies further from the blob's middle than its top face
    may: ONE_OFF_CENTRE of a side for a 1, FACE_OFF_CENTRE for any other."""
    reach = ONE_OFF_CENTRE if value == 1 else FACE_OFF_CENTRE
    return off_the_middle(centre, blobs, label) > reach * die_pixels


def centred_polarity(region: Region, faces: list[Face], sign: int, blobs: Blobs, label: int, die_pixels: float
                     ) -> tuple[list[Face], int]:
    """A blob's faces and their polarity (read_region's), or, when they are one face read with more than UNSURE
    further off the blob's middle than any top face lies (FACE_OFF_CENTRE: a side's pips, or a die's dark edges),
    the other polarity's one face when that one is read with SURE or more within its reach of the middle
    (lies_off_centre): the die's own. Step 144: a green 1 whose dark top edge read as a 3 of dark pips (2121/51);
    with the other face read with more than UNSURE, a green 1 on green paper, off its poorly cut blob's middle, was
    read as the other polarity's 2 at another size (1919/602)."""
    if not sign or len(faces) != 1 or faces[0].confidence <= UNSURE \
            or off_the_middle(region.to_photo(faces[0].centre), blobs, label) <= FACE_OFF_CENTRE * die_pixels:
        return faces, sign
    other, other_sign = read_region(region.crop, region.mask, region.size, (-sign,))
    if len(other) == 1 and other[0].confidence >= SURE and not lies_off_centre(
            other[0].value, region.to_photo(other[0].centre), blobs, label, die_pixels):
        return other, other_sign
    return faces, sign


def off_centre_doubted(die: DieReading, blobs: Blobs, label: int, die_pixels: float) -> DieReading:
    """A die read alone in its blob put in doubt when its face is not near the middle of the blob (the centre of
    the largest circle in it): a 1 whose pip lies by a corner may be a 2 or 3 that lost pips to glare or shade; a
    face further off may be a side's pips read as a face (a 6's column read as a 3, a washed-out 1's side read as
    a 3). Tuning photos (seeds 4242, 5353): of dice of two pips or more read surely alone in their blob, 3 right
    and 1 wrong lie 0.35 of a side or more off; on the test photos 8 right and 4 wrong. A 1 off by no more than any
    face may be (FACE_OFF_CENTRE) is in doubt while the die size is chosen and trusted at the end as read when
    nothing else doubts it (step 79: of the 1s flagged first for lying off, the tuning photos' 4 and the test's 8
    at 0.27 to 0.32 of a side were right; the one wrong, at 0.51)."""
    if not lies_off_centre(die.value, die.center, blobs, label, die_pixels):
        return die
    if die.value == 1 and off_the_middle(die.center, blobs, label) <= FACE_OFF_CENTRE * die_pixels:
        return in_doubt(die, keeps_trust=True)
    return in_doubt(die, keeps_trust=shows_its_grid(die))


PAIR_WIDTH = 1.6  # the blob across two 1s, at their midpoint, over their distance: 1 to 1.4 for two dice side by
# side, 2 or more for the diagonal of one 2


def paired_ones_doubted(dice: list[DieReading], blobs: Blobs, label: int, die_pixels: float) -> list[DieReading]:
    """The dice of a blob, two 1s within a die of each other put in doubt when the blob is wider across them (at
    their midpoint, square to the line between them) than two dice side by side are, or shorter along the line
    through them (past its pips' holes) than two dice end to end: they are the pips of one 2, read at a die size
    too small (the die size is then read again). Step 104: a 2 whose pips lie near its corners is no wider across
    them than two dice (1919/68, read as two sure 1s at two thirds of its size), but along them its blob ends a
    little past each pip; two dice end to end reach half a die past each (ten seeds' pairs of two 1s: 1.69 times
    their distance or more; of one die's pips, 32 of 69 under 1.6). Ten seeds: photos exact +2, none lost, 2 extra
    dice unflagged fewer. Step 117: a 1 already in doubt pairs too (an ivory 2's big square pips read as two 1s at
    0.86 of its size, one in doubt for another reason, the other sure, 2121/196)."""
    ones = [k for k, die in enumerate(dice) if die.value == 1 and die.confidence >= UNSURE]
    doubted = set()
    for k in ones:
        for j in ones:
            distance = apart(dice[k].center, dice[j].center)
            if j > k and distance <= 1.2 * die_pixels and \
                    (blob_chord(blobs, label, dice[k].center, dice[j].center) > PAIR_WIDTH * distance
                     or blob_chord(blobs, label, dice[k].center, dice[j].center, along=True, over=PAIR_HOLE * distance)
                     < PAIR_LENGTH * distance):
                doubted |= {k, j}
    return [in_doubt(die) if k in doubted else die for k, die in enumerate(dice)]


TWO_WIDTH = 1.35  # the blob across a 2's pips, at their midpoint, over their distance: 2 for the diagonal of one
# die (1.6 seen at a slant), 1 to 1.4 for two 1s side by side (1.5 doubted as many right 2s as it caught)
TWO_WIDTH_BESIDE = 1.2  # ... the same, the blob cut halfway to the dice read beside the 2 across its pips (step
# 150: two translucent red 1s side by side between two dice of their blob, 7171/96, 1.18; at 1.2 no right 2 of
# the ten seeds is doubted, at 1.35 sixteen were)
BESIDE_ANGLE = 30  # degrees: a die read this near the line across a 2's pips, either way, lies beside it on that line


def narrow_two_doubted(die: DieReading, face: Face, region: Region, blobs: Blobs, label: int,
                       beside: list[DieReading]) -> DieReading:
    """A die read as a 2 put in doubt when the blob across its pips is narrower than TWO_WIDTH times their
    distance: they are the pips of two 1s side by side (read as one 2 at a die size too large). Dice touching
    are one blob, and one die beside two 1s on the line across their pips made that blob wide (7171/96, two 1s
    read as a sure 2 between a 3 and a 5): across the pips, the blob is also measured only up to halfway to each
    of the dice read beside it (`beside`: the dice of its blob) on that line, against TWO_WIDTH_BESIDE."""
    if die.value != 2 or len(face.spots) != 2 or die.confidence <= UNSURE:
        return die
    a, b = (region.to_photo(np.array(spot)) for spot in face.spots)
    middle, line = midway(a, b), np.array([b[0] - a[0], b[1] - a[1]])
    across = np.array([-line[1], line[0]]) / max(float(np.hypot(*line)), 1e-9)  # as blob_chord's
    reaches = [blob_reach(blobs, label, middle, direction) for direction in (across, -across)]
    if sum(reaches) < TWO_WIDTH * apart(a, b):  # blob_chord(blobs, label, a, b)
        return in_doubt(die)
    for side, direction in enumerate((across, -across)):
        for other in beside:
            offset = np.array([other.center[0] - middle[0], other.center[1] - middle[1]])
            ahead = float(offset @ direction)
            if other is not die and ahead > 0 and abs(float(offset @ line)) \
                    < math.sin(math.radians(BESIDE_ANGLE)) * apart(middle, other.center) * apart(a, b):
                reaches[side] = min(reaches[side], ahead / 2)
    return in_doubt(die) if sum(reaches) < TWO_WIDTH_BESIDE * apart(a, b) else die


PAIR_LENGTH = 1.75  # the blob along the line through two 1s over their distance: about 2 for two dice side by side
# (each pip half a die from its die's far edge; ten seeds' pairs 1.69 and more), less for a 2's pips near its corners
# (step 127, from 1.6: an ivory 2 on its diagonal at 0.73 of its size, 1.69, read as two sure 1s, 1919/106; two 1s
# doubted more are read again at other sizes, and on the ten seeds no other photo was read otherwise)
PAIR_HOLE = 0.3  # of their distance: a hole in the blob this long or shorter is a pip in it (dark pips are left out)


def blob_chord(blobs: Blobs, label: int, a: tuple[float, float], b: tuple[float, float], along: bool = False,
               over: float = 0.0) -> float:
    """The length (photo pixels) of the blob's chord through the midpoint of a and b, square to the line between
    them, or along it (out to where the blob ends each way: blob_reach)."""
    line = np.array([b[0] - a[0], b[1] - a[1]])
    chord = (line if along else np.array([-line[1], line[0]])) / max(float(np.hypot(*line)), 1e-9)
    return sum(blob_reach(blobs, label, midway(a, b), direction, over) for direction in (chord, -chord))


def blob_reach(blobs: Blobs, label: int, start: tuple[float, float], direction: Doubles, over: float = 0.0
               ) -> float:
    """How far (photo pixels) the blob reaches from a place in a direction (a unit vector, row and column): half a
    working pixel at a time, out to where it ends; past holes in it no longer than `over`, photo pixels (a pip
    left out of the blob)."""
    factor, labels = blobs.factor, blobs.labels
    steps = np.arange(1, 2 * max(labels.shape)) * 0.5
    points = np.rint(np.array(start)[None, :] / factor + steps[:, None] * direction[None, :]).astype(np.int64)
    inside = (points[:, 0] >= 0) & (points[:, 0] < labels.shape[0]) & (points[:, 1] >= 0) & \
        (points[:, 1] < labels.shape[1])
    on = np.zeros(len(points), dtype=bool)
    on[inside] = labels[points[inside, 0], points[inside, 1]] == label
    index = np.arange(len(on))
    last_on = np.maximum.accumulate(np.where(on, index, -1))
    too_long = np.nonzero((index - last_on) * 0.5 * factor > over)[0]  # off the blob for longer than `over`
    return (float(steps[last_on[too_long[0]] + 1]) if len(too_long) else float(steps[-1])) * factor


def is_doubtful(dice: list[DieReading], die_pixels: float) -> bool:
    """Whether a blob's reading may be better at another die size: no die read, one read with less than
    SURE confidence, or two nearer than dice stand."""
    return not dice or any(die.confidence < SURE for die in dice) or crowded(dice, die_pixels)


BIG_PIPS = 1.6  # over a typical pip's area: a die of two pips or more whose pips are this big was read at too
# small a size (tuning photos of seeds 4242 and 5353: 69 of 3002 faces of 2-6 had pips this big; 16 of them were
# misread, against 2 in 100 of the others; their dice were 10% larger than read, while most others were read
# larger than they are, their blobs taking in their sides)


def too_big_pips(die: DieReading) -> bool:
    """Whether a die's pips are too big for the die size it was read at (not a 1's: a big 1 may be 3 times as big)."""
    return die.pips >= 2 and die.pip_area >= BIG_PIPS


def blob_area(blobs: Blobs, label: int) -> int:
    """A blob's box area in the working picture (the biggest blobs are read first: they settle the pips' colour)."""
    rows, cols = blobs.boxes[label - 1]
    return (rows.stop - rows.start) * (cols.stop - cols.start)


SPECK_CONFIDENCE = UNSURE  # the most a die found by its pips alone is trusted


def read_specks(rgb: Picture, blobs: Blobs, readings: list[DieReading], die_pixels: float) -> list[DieReading]:
    """Dice whose body was taken for the table (a glossy black die under glare on grey paper in the dice's own
    shadows): only their pips stand out, as specks. Specks away from the dice read, in groups (a die's pips lie
    within 0.7 of a die of each other), are read in a square round each group; a face of two pips or more read
    surely there counts, and a 1 read with no doubt (SURE)."""
    far = [s for s in blobs.specks
           if all(apart(s, d.center) > 0.8 * die_pixels for d in readings)]
    groups: list[list[tuple[float, float]]] = []
    for speck in far:
        near = [g for g in groups if any(apart(speck, o) <= 0.7 * die_pixels for o in g)]
        merged = [speck] + [o for g in near for o in g]
        groups = [g for g in groups if g not in near] + [merged]
    found: list[DieReading] = []
    height, width = rgb.shape[:2]
    step = max(1.0, die_pixels / READ_PIXELS)
    for group in groups:
        rows, cols = [p[0] for p in group], [p[1] for p in group]
        top, bottom = max(int(min(rows) - 0.6 * die_pixels), 0), min(int(max(rows) + 0.6 * die_pixels), height)
        left, right = max(int(min(cols) - 0.6 * die_pixels), 0), min(int(max(cols) + 0.6 * die_pixels), width)
        if bottom - top < 8 or right - left < 8:
            continue
        size_rows, size_cols = max(1, round((bottom - top) / step)), max(1, round((right - left) / step))
        crop = area_resample(rgb, size_rows, size_cols, (top, bottom, left, right))
        if rgb.dtype == np.uint8:
            crop *= 1.0 / 255.0
        region = Region(crop, np.ones(crop.shape[:2], dtype=bool), die_pixels / ((bottom - top) / size_rows), top,
                        left, (bottom - top) / size_rows, (right - left) / size_cols)
        for face in read_region(region.crop, region.mask, region.size)[0]:
            centre = region.to_photo(face.centre)
            # a face of two pips or more read surely, or a 1 read with no doubt, its body unseen: always for the
            # player to check (pips read unsurely were a stray highlight or side pip far more often than a die)
            if (face.value >= 2 and face.confidence >= UNCERTAIN_BELOW or face.confidence >= SURE) and all(
                    apart(centre, d.center) > 0.6 * die_pixels for d in readings + found):
                found.append(DieReading(face.value, round(min(face.confidence, SPECK_CONFIDENCE), 3), centre,
                                        die_pixels, face.value))
    return found


BLANK_AREA = (0.8, 2.0)  # of a die's area (its size squared): a blob this large with no die read in it is a die
BLANK_LIGHT = 90  # percentile of a blank die's darkest channel over its blob: lighter than the table's lightest
BLANK_DEPTH = 0.4  # of the die size: how far from its blob's edge a blank die's middle lies among dice read, at the
# least (a die alone: half of it, the die size being twice the blobs' median depth)
BLANK_REACH = 0.3  # of the die size: the part of its blob round such a middle that must be lighter than the table
BLANK_WHITE = 0.85  # glare washes a die's top out to white (this, in the darkest channel of its lightest part) ...
BLANK_TINT = 0.16  # ... or to the die's own colour (this much: the median of its brightest channel over its
# darkest); a light place of neither is a patch of the table in light. Ten seeds, step 157: of the blank dice found,
# those under BLANK_WHITE had 0.18 or more; the three places where no die stands, 0.73 and 0.14 at the most
BLANK_NEAR = 0.5  # of the die size: how near a blank die's middle a face read of it lies
BLANK_TRIES = 12  # places tried in a blob, at the most: one with room for more is no dice (a sheet of paper) and
# has none (and a photo of one large blob is not tried at thousands of places)


def blank_faces(rgb: Picture, blobs: Blobs, readings: list[DieReading], others: list[list[DieReading]],
                die_pixels: float) -> list[DieReading]:
    """Dice whose top face shows no pips that can be read (glare washed it out to white), each a die in doubt
    (confidence 0) valued by blank_value: a blob of one die's area or so in which no die was read, none beside it,
    part of it washed out (washed_out: lighter in every channel than the table is in any, a shadow being darker, and
    white or of a die's colour), at the blob's middle; and in every blob, the places a die's face fits in that no
    die read or found reaches (blank_places). Step 151: two glare-washed green dice touching a 5 read surely, the
    three one blob, were missed (1919/730: a 1 of faint pips and a 6 of fainter ones; the photo said it held two
    dice of its four). Ten seeds: dice missed 129 to 74, photos exact +7, dice reported where there is none +5,
    every one in doubt (docs/piddle.md). Step 154: the readings dropped at the end as no die (read_as_no_die) are
    left out here too: a faint spot read as a 1 with no confidence 0.8 of a die off a washed 1 kept it from its
    place (2121/151). Ten seeds: dice missed 74 to 58. Step 157: a light place is a blank die only when white or
    tinted (washed_out): a lit patch of grey paper between green dice was read as one (1919/215)."""
    found: list[DieReading] = []
    table_light: float | None = None  # the table's lightest channel, its median over the table (once, when needed)

    def washed(where: Mask) -> bool:
        nonlocal table_light
        if table_light is None:
            table = photo_colours(rgb, blobs, blobs.labels == 0)
            table_light = float(np.median(table.max(axis=1))) if len(table) else 1.0  # no table: no blank faces
        return washed_out(photo_colours(rgb, blobs, where), table_light)

    readings = [die for die in readings if not read_as_no_die(die, blobs)]  # dropped at the end: no die stands there
    read_in = {label_at(blobs, die.center) for die in readings}
    for label in blobs.chosen:
        area = blob_area_pixels(blobs, label) / die_pixels ** 2
        middle = blobs.middles[label - 1]
        if label in read_in or not BLANK_AREA[0] <= area <= BLANK_AREA[1] \
                or any(apart(die.center, middle) < CROWDED * die_pixels for die in readings) \
                or not washed(blobs.labels == label):
            continue
        elsewhere = [die for dice in others for die in dice if label_at(blobs, die.center) == label]
        found.append(DieReading(blank_value(rgb, blobs, label, middle, elsewhere, die_pixels), 0.0, middle,
                                die_pixels, 0))
    for label in blobs.chosen:
        for middle in blank_places(blobs, label, readings + found, die_pixels, washed):
            elsewhere = [die for dice in others for die in dice if apart(die.center, middle) < BLANK_NEAR * die_pixels]
            found.append(DieReading(blank_value(rgb, blobs, label, middle, elsewhere, die_pixels), 0.0, middle,
                                    die_pixels, 0))
    return found


def washed_out(colours: Floats, table_light: float) -> bool:
    """Whether part of a blob, of these colours (photo colours, 0-1, one row a pixel), may be a die's top that glare
    washed out: its lightest part (BLANK_LIGHT) lighter in every channel than the table's median lightest channel
    (table_light), and either white (BLANK_WHITE) or of a die's own colour (BLANK_TINT); a lit patch of grey table
    or paper is neither."""
    light = float(np.percentile(colours.min(axis=1), BLANK_LIGHT))
    tint = float(np.median(colours.max(axis=1) - colours.min(axis=1)))
    return light > table_light and (light >= BLANK_WHITE or tint >= BLANK_TINT)


def blank_places(blobs: Blobs, label: int, dice: list[DieReading], die_pixels: float,
                 washed: Callable[[Mask], bool]) -> list[tuple[float, float]]:
    """The middles (photo pixels) of the blank dice in a blob beside the dice read or found: the deepest place at
    least BLANK_DEPTH from its edge (or the photo's) and CROWDED from every die, when its blob round it
    (BLANK_REACH) is washed out (`washed`), then the next such place from it and every die, and so on; none when
    BLANK_TRIES places leave room for more."""
    box = blobs.boxes[label - 1]
    inside = blobs.labels[box] == label
    depth = ndimage.distance_transform_edt(np.pad(inside, 1))[1:-1, 1:-1] * blobs.factor  # the frame is an edge
    rows, cols = np.indices(inside.shape)
    photo_rows = (box[0].start + rows + 0.5) * blobs.factor - 0.5
    photo_cols = (box[1].start + cols + 0.5) * blobs.factor - 0.5
    free = depth >= BLANK_DEPTH * die_pixels
    reach = CROWDED * die_pixels
    for die in dice:
        if photo_rows[0, 0] - reach < die.center[0] < photo_rows[-1, 0] + reach \
                and photo_cols[0, 0] - reach < die.center[1] < photo_cols[0, -1] + reach:  # near enough to count
            free &= np.hypot(photo_rows - die.center[0], photo_cols - die.center[1]) >= reach
    middles: list[tuple[float, float]] = []
    for _ in range(BLANK_TRIES):
        if not free.any():
            return middles
        row, col = np.unravel_index(int(np.argmax(np.where(free, depth, -1.0))), depth.shape)
        middle = (float(photo_rows[row, col]), float(photo_cols[row, col]))
        away = np.hypot(photo_rows - middle[0], photo_cols - middle[1])
        round_it = np.zeros(blobs.labels.shape, dtype=bool)
        round_it[box] = inside & (away <= BLANK_REACH * die_pixels)
        if washed(round_it):
            middles.append(middle)
            free &= away >= reach
        else:
            free &= away > BLANK_REACH * die_pixels
    return middles if not free.any() else []


def blank_value(rgb: Picture, blobs: Blobs, label: int, middle: tuple[float, float], elsewhere: list[DieReading],
                die_pixels: float) -> int:
    """A blank die's value, a guess for the player to check: the face its faint pips make (faint_face) when read
    with as much confidence as the surest reading of another die size there, else that reading when it has some
    confidence, else the faint face, else a reading of another size read with none, else 1. Step 151: of the blank
    dice on ten seeds, 9 more were right than when valued by readings of another size alone. Step 153: a faint
    face read surely outranks a sure reading of another size (2121/264: dark pips of a washed amber 4 read surely
    at its middle, a sure 2 at 1.15 times its size)."""
    faint, faint_confidence = faint_face(rgb, blobs, label, middle, die_pixels)
    sure = [die for die in elsewhere if die.confidence > 0]
    if sure:
        surest = max(sure, key=lambda die: die.confidence)
        return faint if faint and faint_confidence >= surest.confidence else surest.value
    if faint:
        return faint
    return max(elsewhere, key=lambda die: die.confidence).value if elsewhere else 1


def faint_face(rgb: Picture, blobs: Blobs, label: int, middle: tuple[float, float], die_pixels: float
               ) -> tuple[int, float]:
    """The value and confidence of the face of faint pips near a middle that explains its pips best (faint_readings),
    or (0, 0)."""
    faint = [scored for scored in faint_readings(rgb, blobs, label, middle, die_pixels) if scored[0] > 0]
    if not faint:
        return 0, 0.0
    best = max(faint, key=lambda scored: scored[0])[1]
    return best.value, best.confidence


def faint_readings(rgb: Picture, blobs: Blobs, label: int, middle: tuple[float, float], die_pixels: float
                   ) -> list[tuple[float, DieReading]]:
    """The faces of faint pips of either polarity, read on the blob's washed maps and on its plain ones, that lie
    within BLANK_NEAR of the middle, each with how well it explains its pips (faces_score): a glare-washed face's
    white pips may stand out darker than it (a translucent amber 6, 7171/181). The plain maps' too from step 152: a
    translucent red 1 whose faint pip they read surely at its middle, the washed maps a 6 of two pips (3131/164)."""
    region = cut_region(rgb, blobs, label, die_pixels)
    maps = spot_maps(region.crop, region.mask, region.size)
    around = grown(region.mask, max(1, int(AROUND * region.size)))
    found = []
    for sign in (1, -1):
        washed = washed_maps(maps, region.mask, sign, region.size)[0]
        for face in faces_of(washed, sign, region.mask, around, region.size, faint=True) \
                + faces_of(maps, sign, region.mask, around, region.size, faint=True):
            reading = face_reading(face, region, die_pixels)
            if apart(reading.center, middle) <= BLANK_NEAR * die_pixels:
                found.append((faces_score([face]), reading))
    return found


def read_faintly(rgb: Picture, blobs: Blobs, die: DieReading, label: int, alone: bool) -> DieReading:
    """A die in doubt replaced by the face of faint pips read with SURE or more at its place (faint_readings), of
    three pips or more and more than its own, when that face explains its pips better than every faint face of
    another value there; in doubt still. Step 155: a glare-lit translucent 3 whose corner pips lie dim by its dark
    rim was read as a sure 1 at the dice's size and put in doubt by the 3s read at larger sizes; its plain maps read
    the faint 3 surely (1919/108). Not a faint 2 over any 1: a 1's pip and a side's or a neighbour's read so as
    often (ten seeds: 4 dice mended, 4 lost). Step 156: a faint 2 over a 1 `alone` in its blob (no other die read
    there) when the 2 lies nearer the blob's middle than the 1: a translucent 2 whose other pip glare washed out,
    read as a 1 by a corner of its blob (3131/98, 4242/86; ten seeds: 2 dice mended, none lost). `label`: the blob
    at its centre (label_at)."""
    if not die.is_uncertain or label == 0:
        return die
    faint = faint_readings(rgb, blobs, label, die.center, die.size)
    if not faint:
        return die
    score, best = max(faint, key=lambda scored: scored[0])
    centred = die.value == 1 and best.value == 2 and alone \
        and off_the_middle(best.center, blobs, label) < off_the_middle(die.center, blobs, label)
    if (best.value > max(die.value, 2) or centred) and best.confidence >= SURE \
            and all(other_score < score for other_score, other in faint if other.value != best.value):
        return in_doubt(best)
    return die


def photo_colours(rgb: Picture, blobs: Blobs, where: Mask) -> Floats:
    """The photo's colours (0-1) at the working picture's pixels where `where` holds (at most 4000 of them)."""
    rows, cols = np.nonzero(where)
    pick = slice(None, None, max(1, len(rows) // 4000))
    height, width = rgb.shape[:2]
    r = np.minimum(((rows[pick] + 0.5) * blobs.factor).astype(np.int64), height - 1)
    c = np.minimum(((cols[pick] + 0.5) * blobs.factor).astype(np.int64), width - 1)
    colours: Floats = rgb[r, c].astype(np.float32)
    if rgb.dtype == np.uint8:
        colours *= np.float32(1 / 255)
    return colours


def blob_area_pixels(blobs: Blobs, label: int) -> float:
    """A blob's area in the photo's pixels."""
    return float(np.count_nonzero(blobs.labels[blobs.boxes[label - 1]] == label)) * blobs.factor ** 2


WIDE_TWO = 1.2  # over the median spacing of the photo's faces of three pips or more: a 2 this wide may be two 1s


def wide_twos_doubted(readings: list[DieReading], others: list[list[DieReading]]) -> list[DieReading]:
    """The readings, each 2 put in doubt whose pips lie further apart than the photo's other faces' (WIDE_TWO) and
    that another die size read as two dice, one either side of it (dice_either_side: their midpoint within a quarter
    of a die of its centre, as far apart as two dice stand): two touching 1s read as one 2 at a die size too large
    for them (2121/170: translucent blue 1s, a sure 2 at 1.25 times the spacing of the photo's other faces, read at
    the size their pips said as two 1s). Wide alone, 19 right 2s of the 1800 photos of six seeds were doubted to
    catch one wrong 2 and an extra die; with the two dice, 2 and 2."""
    spacings = face_spacings(readings)
    if len(spacings) < LADDER_SPACINGS:
        return readings
    widest = WIDE_TWO * float(np.median(spacings))
    return [in_doubt(die) if die.value == 2 and die.spacing > widest
            and any(dice_either_side(die, reading) is not None for reading in others) else die
            for die in readings]


def astride_two_dice_doubted(readings: list[DieReading], others: list[list[DieReading]]) -> list[DieReading]:
    """The readings, each face of two pips or more with pips off its pattern's spots (partly_on_its_spots) put in
    doubt, its trust taken, when another die size read two dice either side of it (dice_either_side): its pips may
    be those of two dice side by side, read as one face at a die size too large. Step 139: two small translucent
    1s touching, read as a 4 with two pips on its spots, trusted at the end as a sure 4, and as two 1s at 0.87 of
    its size (2121/118, an unflagged wrong die) are flagged. wide_twos_doubted asks the same of a 2 whose pips lie
    wider apart than the photo's faces' (a 2 of two 1s may lie on its spots)."""
    return [in_doubt(die) if die.value >= 2 and partly_on_its_spots(die)
            and any(dice_either_side(die, reading) is not None for reading in others) else die
            for die in readings]


CLOSE_SPACED = 0.75  # of the photo's pip spacing: a face whose pips are closer than this is not a whole face (a 6's
# row of three read as a 3, a 3's corner and middle pips as a 2); sure dice of the tuning photos are 0.78 of it and
# more, 99.5 in 100 of them (at 0.75: 4 of 16 sure wrong dice caught, 5 right ones doubted; at 0.72, 3 and 4)


def close_spaced_doubted(readings: list[DieReading], others: list[list[DieReading]], die_pixels: float
                         ) -> list[DieReading]:
    """The readings, each face of two to four pips whose pips are spaced much closer than the median of the dice
    read surely (two or more) put in doubt: a set's dice have one pip spacing (perspective changes it by a fifth at
    most). Not a 5 or a 6: they are part of no larger face (step 99: ten seeds' photos, 8 right 5s and 6s flagged
    for this alone, and no wrong one). Such a face is part of a larger one: it takes the surest reading of its die
    at another size (others) of more pips, spaced as a whole face's are, whose pips were read with UNCERTAIN_BELOW
    or more (read_with), in doubt still (step 108: a 3's corner and middle pips read as a 2 is read as the 3 it was
    at another size, 2121/31; ten seeds: dice right +3 and -1, photos exact +1, none lost), or with UNSURE or more
    with every pip on its pattern's spots (step 120: a black 3, doubted for a side's pip beside it, lost to a sure 2
    of its corner and middle pips at 0.87 of its size, 1919/109; a 3 read from one pip and the peaks, 4242/244, is
    no whole face: partly_on_its_spots)."""
    spacings = [die.spacing for die in readings if die.spacing > 0 and die.confidence >= SURE]
    if len(spacings) < 2:
        return readings
    least = CLOSE_SPACED * float(np.median(spacings))

    def as_whole_face(die: DieReading) -> DieReading:
        whole = surest_elsewhere(die, others, die_pixels, lambda other: other.value > die.value
                                 and other.spacing >= least and (read_with(other) >= UNCERTAIN_BELOW or
                                 read_with(other) >= UNSURE and not partly_on_its_spots(other)))
        return in_doubt(whole if whole is not None else die)

    return [as_whole_face(die) if 0 < die.spacing < least and die.value <= 4 else die for die in readings]


ON_THE_BLOBS = 0.85  # of a ring a quarter of a die's side round a face's centre: the least share of it on the dice's
# blobs (the ring lies inside a top face, a little in from its edges even at a 35 degree slant; tuning photos: of the
# sure dice with less, 3 right, 2 wrong and one extra)


def off_the_blobs_doubted(die: DieReading, blobs: Blobs) -> DieReading:
    """A die put in doubt when less than ON_THE_BLOBS of a ring a quarter of its side round its centre lies on the
    dice's blobs: no die's top face is there (a 2's pip by the blob's edge read as a 1 at a die size too large)."""
    rows, cols = ring_points(in_working_picture(blobs, die.center), 0.25 * die.size / blobs.factor)
    inside = (rows >= 0) & (rows < blobs.labels.shape[0]) & (cols >= 0) & (cols < blobs.labels.shape[1])
    labels = blobs.labels[rows[inside], cols[inside]]
    if np.isin(labels, blobs.chosen).sum() >= ON_THE_BLOBS * len(rows):
        return die
    return in_doubt(die, keeps_trust=shows_its_grid(die))


def shows_its_grid(die: DieReading) -> bool:
    """Whether a die was read surely (SURE) as a face of four pips or more: its grid says it is a top face wherever
    it lies on its blob, and a die doubted only for where it lies is trusted at the end as read (step 98: of the dice
    of ten seeds' 3700 photos flagged for that alone, those read so were 33 right and none wrong; the one wrong 4
    doubted so, a 1's side, was read with 0.75 from two of its pips)."""
    return die.value >= 4 and read_with(die) >= SURE


EDGE_ONE = 0.03  # of a die's side: a 1 in doubt whose pip lies this near the table (or on it) is no die. Step 95:
# of the dice read as 1s of eight seeds' photos (3100), those in doubt within 0.03 of a side were 26 extra dice (a
# dark corner by a shadow, a side's pip at a blob's edge, a speck) and 1 wrong; within 0.05, 6 extra more and 2
# right and 1 wrong (a die of a broken-up blob, 5353/127, no longer found at 0.05). Dropped: the test's photos
# exact 930 to 935, extra dice 27 to 18; nine other seeds' (two never read before) +7 exact; no photo or right die
# lost


def read_as_no_die(die: DieReading, blobs: Blobs) -> bool:
    """Whether a reading is no die, and is dropped: a 1 on the blobs' edge (edge_one), a lone pip read as a face
    (a_lone_pip_read_as_a_face), a faint spot read as a 1 (a_faint_spot_read_as_a_one)."""
    return edge_one(die, blobs) or a_lone_pip_read_as_a_face(die) or a_faint_spot_read_as_a_one(die)


def edge_one(die: DieReading, blobs: Blobs) -> bool:
    """Whether a die read as a 1, in doubt, has its pip on the dice's blobs' edge or off them (within EDGE_ONE of its
    side of a pixel of the table, or on the working picture's pixel it falls in): a 1's pip is at its top face's
    middle, half a face in from its edges at the least."""
    if die.value != 1 or not die.is_uncertain:
        return False
    row_at, col_at = working_pixel(blobs, die.center)
    reach = max(EDGE_ONE * die.size / blobs.factor, 0.5)
    nearest, _, _ = nearest_off_dice(blobs.labels != 0, row_at, col_at, int(math.ceil(reach)))
    return bool(nearest <= reach * reach)


def a_lone_pip_read_as_a_face(die: DieReading) -> bool:
    """Whether a die of two pips or more was read with no confidence (nor trusted: read_with) from one pip on its
    pattern's spots (pips_on_its_spots), the rest taken for its own seen askew: no die, but one pip (a side's, a
    neighbour's, a glint) that the spots round it made a face of. Ten seeds' kept photos (3700), at step 127: of
    the dice read so, 11 were extra dice and 5 wrong, none right (in doubt with some confidence, 7 of 22 were right;
    with no confidence and two pips on their spots, 13 of 32)."""
    return die.value >= 2 and pips_on_its_spots(die) <= 1 and read_with(die) == 0.0


def a_faint_spot_read_as_a_one(die: DieReading) -> bool:
    """Whether a die was read as a 1 with no confidence (nor trusted: read_with) from a pip that stands out less
    than a pip does (its contrast check under 1: under twice the pips' floor, scan_faces.contrast_over) with no
    margin on its grid (another value read its spots as well or better): no die, but a spot in a die's shadow or
    on the table. Ten seeds' kept photos (3700), at step 142: of the 1s read so, 6 were extra dice, 5 wrong and 1
    right; with full contrast, 3 extra, 8 wrong and 9 right. A die found otherwise has no checks."""
    if die.value != 1 or read_with(die) > 0.0 or len(die.checks) < 4:
        return False
    contrast, margin = die.checks[1], die.checks[3]  # scan_faces.Face.checks
    return margin <= 0.0 and contrast < 1.0


FRAME_REACH = 0.5  # of a die's side: a die read nearer the frame than this may run out of it


def at_the_frame_doubted(die: DieReading, height: int, width: int, die_pixels: float) -> DieReading:
    """A die read with its centre nearer the photo's edge than a top face's half: part of it may be cut off."""
    row, col = die.center
    if min(row, col, height - 1 - row, width - 1 - col) >= FRAME_REACH * die_pixels:
        return die
    return in_doubt(die)


NEAREST_DICE = 0.8  # of a die's side: two dice's top faces are never nearer (touching, they are a side apart)
GUESS_BESIDE = 0.75  # ... and a die all but guessed (GUESSED) this near one read with UNSURE or more is part of it
# (step 102: of the ten seeds' dice read with no confidence within 0.85 of a side of another die, those within 0.75
# of one read with UNSURE or more were 11 extra dice; the nearest right one stood 0.76 from a sure 4, 4242/165)
TRUSTED_BESIDE = 0.65  # ... and a die in doubt, not trusted, this near one that will be trusted is part of it (two
# dice touching stood 0.75 apart, both in doubt, one trusted: 5353/272)
TRUSTED_NEAREST = 0.75  # ... and a die that will be trusted this near a sure one is that die read again or a part of
# it (read twice, it stands a few pixels off: 7171/254; an extra 1 trusted in doubt stood 0.74 from a sure 6, 8181/53;
# a translucent 3 trusted, touching a sure 2, 0.79 of the size judged at, a size 20% over its own: 9191/272)


def without_doubtful_neighbours(readings: list[DieReading], die_pixels: float) -> list[DieReading]:
    """The readings less the uncertain ones nearer a sure one than two dice can stand: pips of a sure die's sides
    (or of the die itself, split) read again as a die of their own. A die in doubt that will be trusted at the end
    (with_trust_restored) counts as sure against those read with less than UNSURE: a translucent 3 read from its
    strong pips, its two sides' pips read as two 3s with no confidence beside it (2121/113); a 2 read with UNSURE
    beside such a die is a die (5353/272, touching). A trusted die nearer a sure one than TRUSTED_NEAREST is dropped
    (the same die read twice, 7171/254; step 148, from NEAREST_DICE: a translucent 3 trusted in doubt, touching a
    sure 2, judged at the size the first reading's pips said, 20% over its own, stood 0.79 from it and was dropped,
    9191/272; at 0.7 an extra 1 trusted 0.74 from a sure 6 was kept, 8181/53). A die all but guessed (GUESSED) is
    dropped nearer than GUESS_BESIDE to any die read with UNSURE or more, in doubt too: a side's pips read as a die
    with no confidence beside a doubted 2 (1919/140).
    Step 116: a die in doubt that will not be trusted is dropped nearer than TRUSTED_BESIDE to one that will, whatever
    its confidence: a translucent 2's side read as another 2 in doubt 0.54 of a side from it (3131/243)."""
    sure = [die for die in readings if not die.is_uncertain]
    trusted = [die for die in readings if die.is_uncertain and not with_trust_restored(die).is_uncertain]
    read = [die for die in readings if die.confidence >= UNSURE]

    def stands_apart(die: DieReading, others: list[DieReading], reach: float) -> bool:
        return all(apart(die.center, other.center) >= reach * die_pixels for other in others)

    def kept(die: DieReading) -> bool:
        if not die.is_uncertain:
            return True
        weighed = sure + (trusted if die.confidence < UNSURE and die not in trusted else [])
        return stands_apart(die, weighed, TRUSTED_NEAREST if die in trusted else NEAREST_DICE) and (
            die.confidence >= GUESSED or stands_apart(die, read, GUESS_BESIDE)) and (
            die in trusted or stands_apart(die, trusted, TRUSTED_BESIDE))

    return [die for die in readings if kept(die)]


SAME_DIE = 0.5  # of a die's side: two readings this near are one die read twice (dice stand NEAREST_DICE apart at
# the nearest). Step 101: of the ten seeds' pairs of readings this near (3700 photos), each was a die and an extra,
# or an extra beside a wrong die; pairs 0.5 to 0.6 apart were two dice as often


def without_second_readings(readings: list[DieReading], die_pixels: float) -> list[DieReading]:
    """The readings less those of a die read again: of two readings nearer than SAME_DIE of a die, the one read
    with less confidence is dropped, or, when they are as sure, the one with fewer pips (a 3 read from a 6's column
    beside the 6). A die's region reaches past its blob, so a die by a blob of shadow or of other dice is read from
    both (1919/99: a sure 5 read twice a pixel apart); without_doubtful_neighbours drops only doubted dice beside
    sure ones."""
    ranked = sorted(range(len(readings)), key=lambda k: (-readings[k].confidence, -readings[k].value, k))
    kept: list[int] = []
    for k in ranked:
        if all(apart(readings[k].center, readings[j].center) >= SAME_DIE * die_pixels for j in kept):
            kept.append(k)
    return [readings[k] for k in sorted(kept)]


def with_count(dice: tuple[DieReading, ...], expected: int) -> DiceReading:
    """The reading, with the problem when it does not hold the number of dice expected."""
    if len(dice) == expected:
        return DiceReading(dice, expected)
    problem = TOO_FEW if len(dice) < expected else TOO_MANY
    return DiceReading(dice, expected, problem, f"found {len(dice)} dice, expected {expected}")
