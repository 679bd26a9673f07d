"""Reading the dice in one region of a photo at their own scale: the pips, the top faces they make up, each face's
value and how sure the reading is. `scan.read_dice` finds the regions and calls `read_region` on each, cut from the
photo and area-averaged so that a die is about READ_PIXELS across (never enlarged).

Why it works this way:
- A die's body and pip colours are whatever they are (white on black, black on ivory, white on red, on a
  translucent tint...): they are measured in the region (the body is the commonest colour, the pips the
  colour farthest from it), and every pixel is placed on the line between them (pip-ness: 0 body, 1 pip).
- Pips are the peaks of the smoothed pip-ness with a bare ring of body around them. Peaks, not thresholded
  blobs: two pips that blur into each other on a small die still make two peaks.
- A photo taken from an angle shows the dice's sides, with their pips. Pips on the top face are seen nearly
  face on (round, full strength); pips on the sides are seen at a slant (flattened, weaker). Only "frontal"
  pips make faces.
- A face is a set of frontal pips laid out as on a die: centred, at the right distances from the centre. Face
  centres are proposed by the pips themselves (odd faces have a pip in the middle) and by the midpoints of pairs
  (even faces), grown to the pips within half a face, and taken best first, each pip in one face only: touching
  dice are told apart by their pips, and the number of dice is the number of faces found.
- The confidence is the weakest of: the layout, the pips' likeness to one another, the contrast, and a check of
  the 3 x 3 grid of pip spots along the face's own axes (every spot of the pattern a pip, every other spot bare).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from statistics import median  # numpy's median of a few pips, to the bit, without its overhead

import numpy as np
import numpy.typing as npt

from tablegames.piddle.scan_kernels import (
    BASE,
    CHANNEL,
    COL,
    INSIDE,
    LIT_OUTSIDE,
    OPEN,
    PIXELS,
    ROUNDNESS,
    ROW,
    STRENGTH,
    SURROUND,
    blob_differences,
    blob_sums,
    block_sums,
    gaussian_blur,
    grid_reading,
    labelled,
    measure_pips,
    peak_places,
    pip_reach,
    pixel_detail,
    settled_faces,
    slope_places,
    square_window,
    wide_blur,
    window_maxima,
)

Floats = npt.NDArray[np.floating]
Doubles = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]

READ_PIXELS = 64  # a die is read at about this many pixels across
UNCERTAIN_BELOW = 0.5  # a die read with less confidence is marked uncertain, for the player to check
UNSURE = UNCERTAIN_BELOW - 0.05  # the most a die in doubt is trusted (its pips read two ways, or its body unseen)
SURE = 0.9  # a die read with this confidence is right 99% of the time (docs/piddle.md: the calibration table)
PIP_SHARE = 0.085  # a pip's radius, of the face's side, about (sets differ: 0.065 to 0.105)
FACE_REACH = 0.5  # a face's pips lie within this share of its side from its centre
PATTERN_RADII = {  # each pip's distance from the centre, in pip spacings, sorted
    1: [0.0],
    2: [math.sqrt(2)] * 2,
    3: [0.0] + [math.sqrt(2)] * 2,
    4: [math.sqrt(2)] * 4,
    5: [0.0] + [math.sqrt(2)] * 4,
    6: [1.0] * 2 + [math.sqrt(2)] * 4,
}


FRONTAL_SURROUND = 0.2  # the most of a frontal pip's ring that may be not clearly below it ...
DEEP_SURROUND, DEEP_INSIDE = 0.34, 0.15  # ... or this much, for a pip this far inside its blob (of a die's side)
# whose ring is lit on its outer side: a pip by its face's edge, its ring crossing the glare on the bevel beyond
# it (a black die's glossy face, a translucent die's rim). A spot whose ring is lit on its inner side is a patch of
# a brighter face; one by the blob's edge, a side's pip or the rim. Tuning photos, the spots passing every other
# test but this one, 0.2 to 0.34 of their ring lit and 0.15 of a side inside: 141 top faces' pips and 1 other lit
# outside; 51 and 15 lit inside or across
FRONTAL_AREA_LEAST, FRONTAL_AREA_MOST = 0.55, 4.0  # a pip seen face on has this much of the area of the round pips
# near it, at the least and at the most
REFERENCE_AREA_MOST = 3.0  # over the strong round pips' median area: the most a round pip that the others' strength
# is judged against may have (frontal_pips). Step 147: a round dark gap between ivory dice, 4.4 times a pip's area,
# stood out 2.6 times as much as the pips of a 4 beside it, and the 4 was missed (5353/246); at twice the area, a
# translucent amber 2 was read as a sure 1 (1919/695). A big 1's pip is found as one of its own (big_ones)
LOCAL_AREA_PIPS = 3  # the least number of strong round pips near a pip that say the area of the pips there
FRONTAL_ROUND = 0.72  # the least roundness of a pip seen face on (a side's, at a slant, is flatter) ...
FRONTAL_ROUND_SHARE = 0.92  # ... or this share of the roundest pip's, if less: motion blur stretches every pip
# alike (a 2's pips at 0.75 and 0.72 in a photo blurred 6 pixels; tuning photos: 2 more photos exact and a
# translucent 1 missed before read as a sure 3; test photos: 864 to 866 exact, wrong unflagged 18 to 17)
LONE_ROUND = 0.65  # ... or this, if less, for a lone pip (roundness_needed): a 1's or a 2's, at its die's own
# slant and blurred, is read from its grid of empty spots, not against the pips of a face (step 142: a green 1's
# engraved pip at 0.68-0.71 in a photo blurred 6 pixels, 7171/35, and an ivory 2's other pip at 0.7199, 2121/174,
# read as a sure 1; at 0.62 a black 1's side pip at 0.63 was read with its top pip as a 2, 1919/977)
LONE_REACH = 0.5  # of a die's side: a lone pip has no pip half as strong as it or stronger this near it


@dataclass(frozen=True)
class Pip:
    centre: Doubles  # (row, col) in the region's pixels
    strength: float  # the smoothed spot map at its peak (log brightness)
    area: float  # over a typical pip's
    roundness: float  # its minor axis over its major axis: 1 seen face on
    surround: float  # the share of a ring round it that is not clearly below it (0: bare body all round)
    open: bool  # its region runs out of the window round it: no small spot
    base: float  # the signed log brightness of the face round it
    channel: int  # the colour channel it stands out most in
    inside: float  # its distance from the nearest pixel off its blob, of a die's side (measured up to a side:
    # find_pips)
    lit_outside: float  # where the part of its ring not clearly below it lies: the cosine of its direction
    # with the way out of the blob (from that nearest pixel off it), 1 straight out, -1 straight in (0: none of its
    # ring is lit, or no pixel off the blob is within reach)

    def is_frontal(self, strength: float, area: float, least_round: float) -> bool:
        """Seen face on: a pip of the top face, not of a side seen at a slant (strength and area: those of the
        round pips near it, for comparison: a pip on a side is flattened, weaker and smaller; least_round: the
        least roundness it may have)."""
        return (self.roundness >= least_round and self.strength >= 0.45 * strength
                and FRONTAL_AREA_LEAST * area <= self.area <= FRONTAL_AREA_MOST * area
                and not self.open and (self.surround <= FRONTAL_SURROUND or self.surround <= DEEP_SURROUND
                                       and self.inside >= DEEP_INSIDE and self.lit_outside >= 0.0))

    def is_round(self, least: float = 0.75) -> bool:
        """Round (least: its width over its length, at the least), of a pip's size, closed, standing out all round."""
        return self.roundness >= least and 0.15 <= self.area <= 6.0 and not self.open and self.surround <= 0.26


@dataclass(frozen=True)
class Face:
    centre: Doubles  # (row, col) in the region's pixels
    members: tuple[int, ...]  # its pips (indices into the region's pips)
    value: int
    confidence: float
    spacing: float  # its pips' spacing in the region's pixels (0 when its pips do not show it: a 1)
    checks: tuple[float, ...] = ()  # what the confidence is the least of: grid margin, contrast, pip size; then
    # the grid margin itself, its shape (corner_skew, a 6's column_bend), the best margin of a reading of its pips
    # as another value (-1: none), its pips
    spots: tuple[tuple[float, float], ...] = ()  # its pips' centres (row, col) in the region's pixels
    pip_area: float = 0.0  # its pips' median area over a typical pip's (Pip.area) at the die size it was read at
    trusted_confidence: float = 0.0  # what it is trusted with at the end when nothing else doubts it (0: none):
    # read from its strong pips (strong_pips_read), its confidence before that doubt; or its confidence with the
    # spots no die could have a pip at left out of its margin (margin_of_possible_spots)


@dataclass(frozen=True)
class SpotMaps:
    """A region's brightness in the form pips are looked for in."""

    logs: Floats  # 3 x H x W: the log brightness of each channel, smoothed a little (0.6 pixel)
    light_blobs: Floats  # 3 x H x W: a difference of Gaussians of it at a pip's scale, high on light spots
    dark_blobs: Floats  # 3 x H x W: the same, low on dark spots (each with its own surround: spot_maps)
    noise: float  # the blob maps' noise level (0: not measured, spot_maps)

    def blobs_for(self, sign: int) -> Floats:
        """The blob map pips of this polarity (+1 light, -1 dark) are looked for in."""
        return self.light_blobs if sign > 0 else self.dark_blobs


def spot_maps(crop: Floats, mask: Mask, size: float, measure_noise: bool = True) -> SpotMaps:
    """The log brightness of each colour channel (light multiplies: a pip's contrast is the same on a lit top face
    and on a side in shade; a pip stands out most in the channels where the body is dark), and a difference of
    Gaussians at a pip's scale on it, which proposes where the pips are (peaks for light pips, troughs for dark).
    A pip by a die's edge sits on the slope the edge makes in a difference of Gaussians (the table darker or
    lighter than the die pulls the surround down or up) and made no peak of its own: a glare-washed 4 read as
    a 2, a 2 touching a 5 missed. So on the dice the surround is also taken over their pixels only, and
    each polarity takes the surround that makes a spot stand out less: that evens out the edge's slope, and
    proposes no spot that the plain difference did not. measure_noise: whether to measure the noise level (the
    big 1s' maps are read against the floor of the region's own)."""
    radius = PIP_SHARE * size
    logs = np.ascontiguousarray(np.moveaxis(np.log(crop + 0.1), 2, 0))  # the offset keeps dark channels'
    # noise from swelling
    light = gaussian_blur(logs, (0, max(0.6, 0.25 * radius), max(0.6, 0.25 * radius)))  # against noise,
    # too little to round a shape
    fine = gaussian_blur(logs, (0, max(0.5, 0.4 * radius), max(0.5, 0.4 * radius)))
    # the surround, and over the dice's pixels only: the masked picture's blur over the mask's (one call for all)
    surrounds = wide_blur(np.concatenate([logs, logs * mask, mask[None].astype(np.float32)]), 1.6 * radius)
    light_blobs, dark_blobs = blob_differences(fine, surrounds, mask)  # fine less the larger or smaller surround
    noise = 0.0
    if measure_noise:
        inner = eroded(mask, max(1, int(0.08 * size))) if mask.sum() > 200 else mask
        if not inner.any():
            inner = mask
        pixel_noise = float(np.median(pixel_detail(logs, inner))) * 1.4826 * 1.25  # 1.25: a pixel less its 3x3 mean
        sigma = max(0.6, 0.4 * radius)  # what the levels are judged at: white noise over 2 sigma sqrt(pi) pixels
        noise = pixel_noise / max(1.0, 2 * sigma * math.sqrt(math.pi)) + 0.005
    return SpotMaps(light.astype(np.float32, copy=False), light_blobs.astype(np.float32, copy=False),
                    dark_blobs.astype(np.float32, copy=False), noise)  # float32 already: no copies


def block_mean(image: npt.NDArray[np.generic], step: int) -> Floats:
    """Means of step x step blocks (a ragged edge dropped), float32 (H x W, or H x W x C): scan_kernels.block_sums."""
    blocks = block_sums(np.ascontiguousarray(image.reshape(image.shape[:2] + (-1,))), step)
    return blocks.reshape(blocks.shape[:2] + image.shape[2:])


def eroded(mask: Mask, reach: int) -> Mask:
    """The mask less a band `reach` pixels wide round its edge (a square window)."""
    inside: Mask = square_window(mask, reach, True)
    return inside


def grown(mask: Mask, reach: int) -> Mask:
    """The mask and a band `reach` pixels wide round it."""
    near: Mask = square_window(mask, reach, False)
    return near


def ring_offsets(radius: float, count: int = 16) -> npt.NDArray[np.int64]:
    angles = np.arange(count) * 2 * math.pi / count
    return np.round(np.stack([np.sin(angles), np.cos(angles)], axis=1) * radius).astype(np.int64)


BASE_PERCENTILE = 65  # a pip is measured against the brighter part of the ring round it (for light pips): the
# face it sits on, not the dark rim or side a corner pip's ring also crosses (on a translucent die the face glows
# and its edges are dark: against the ring's median a corner pip's face stood out as much as the pip)


def find_pips(maps: SpotMaps, sign: int, mask: Mask, around: Mask, size: float, floor: float) -> list[Pip]:
    """The pips of one polarity (+1 light, -1 dark) in a region. The blob map proposes places; each is judged on
    the brightness of its strongest channel round it: its strength (its peak over the BASE_PERCENTILE of a ring two
    pip radii out), how much of that ring lies below it (a pip stands out all round, a face's corner only on its
    outer side), and its shape (the pixels above half its strength, connected to it, nearer it than to any other
    place): its area and roundness; a part unround or running out of its window is measured opened, when a thin line
    was cut off and a round piece of a pip's size is left (a glare line along a die's bevel joined to a pip:
    scan_kernels.OPEN_BELOW and after); a light one still unround, by its core, when that is round (a patch of glare
    too wide to open away beside it: CORE_SHARE; step 94). A faint pip on the slope a dark rim makes in the blob
    map is proposed from its own brightness (places_on_slopes). Each is placed in its blob: how far inside, and on
    which side the part of its ring not below it lies (Pip.is_frontal lets a pip deep in its blob be lit round its
    outer side)."""
    radius = PIP_SHARE * size
    rows, cols = proposed_places(maps, sign, around, size, floor)
    core, ring = eroded(mask, 1), ring_offsets(1.9 * radius)  # the core: the dice, a pixel in from their blobs' edge
    reach_inside = int(math.ceil(size))  # a die's side: no pip is further from its blob's edge than half
    measures = measure_pips(maps.logs, maps.blobs_for(sign), float(sign), rows, cols, mask, core, ring, radius, floor,
                            BASE_PERCENTILE / 100, reach_inside)
    typical = math.pi * radius * radius
    slope_rows, slope_cols = places_on_slopes(maps, sign, around, size, floor, rows, cols, measures[:, ROW:COL + 1])
    if len(slope_rows):
        # measured with the places proposed near them (each pip's pixels are those nearer it than any other
        # place), and kept when clear of every pip found, round, standing out all round, of a pip's size and
        # weaker than the slope (a pip that stands out more than that made a peak of its own, or is a side's)
        near = np.hypot(rows[:, None] - slope_rows[None, :], cols[:, None] - slope_cols[None, :]).min(axis=1) \
            <= 2 * pip_reach(radius)  # whose pixels may reach theirs (measure_pips)
        both = measure_pips(maps.logs, maps.blobs_for(sign), float(sign), np.concatenate([rows[near], slope_rows]),
                            np.concatenate([cols[near], slope_cols]), mask, core, ring, radius, floor,
                            BASE_PERCENTILE / 100, reach_inside)
        clear = np.hypot(both[:, None, ROW] - measures[None, :, ROW], both[:, None, COL] - measures[None, :, COL]
                         ).min(axis=1, initial=np.inf) > SLOPE_CLEAR * radius
        centre_rows, centre_cols = nearest_pixels(both[:, ROW:COL + 1], mask.shape)
        slope = sign * maps.blobs_for(sign)[both[:, CHANNEL].astype(np.int64), centre_rows, centre_cols]
        kept = clear & (both[:, ROUNDNESS] >= SLOPE_ROUND) & (both[:, SURROUND] <= SLOPE_SURROUND) \
            & (both[:, OPEN] == 0) & (both[:, PIXELS] >= SLOPE_AREA[0] * typical) \
            & (both[:, PIXELS] <= SLOPE_AREA[1] * typical) & (slope > both[:, STRENGTH])
        measures = np.concatenate([measures, both[kept]])
    return [Pip(np.array([m[ROW], m[COL]]), float(m[STRENGTH]), float(m[PIXELS]) / typical, float(m[ROUNDNESS]),
                float(m[SURROUND]), bool(m[OPEN]), float(m[BASE]), int(m[CHANNEL]), float(m[INSIDE]) / size,
                float(m[LIT_OUTSIDE])) for m in measures]


def nearest_pixels(points: Doubles, shape: tuple[int, ...]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The rows and columns of the pixels nearest these places (N x 2, row and column), within a picture's shape."""
    rows = np.clip(np.rint(points[:, 0]).astype(np.int64), 0, shape[0] - 1)
    return rows, np.clip(np.rint(points[:, 1]).astype(np.int64), 0, shape[1] - 1)


def peak_window(size: float) -> int:
    """The side (odd) of the window a pip's peak is the highest in: 1.4 pip radii."""
    return max(3, int(1.4 * PIP_SHARE * size) | 1)


def proposed_places(maps: SpotMaps, sign: int, around: Mask, size: float, floor: float
                    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Where pips of one polarity may be (rows, cols, strongest first): the local maxima of the blob map's best
    channel within a pip's reach, above 0.3 of the floor, in `around`."""
    rows, cols, best = peak_places(maps.blobs_for(sign), float(sign), 0.3 * floor, around, peak_window(size) // 2)
    order = np.argsort(-best, kind="stable")
    return rows[order], cols[order]


SLOPE_CLEAR = 2.0  # pip radii: a place on a slope this far from every pip found may be a pip of its own ...
SLOPE_ROUND, SLOPE_SURROUND, SLOPE_AREA = 0.85, 0.1, (0.4, 1.6)  # ... when it is this round, stands out all round
# and is of a pip's size (over a typical pip's area): stricter than a pip proposed by a peak, as a side's pip


def places_on_slopes(maps: SpotMaps, sign: int, around: Mask, size: float, floor: float, rows: npt.NDArray[np.int64],
                     cols: npt.NDArray[np.int64], found: Doubles) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Where a pip may be that the blob map proposed no peak for (rows, cols, strongest first): a faint pip near
    a die's dark rim sits on the slope the rim makes in the blob map, which rises past it (a glare-washed 2's pip,
    0.18 over its face, on a slope of 0.3 in a pip's width: the 2 was read as a 1). Its own brightness still
    peaks there, in its channel: the places where one channel's brightness peaks within a pip's reach and its blob
    map is above the floor (such a pip stands out less than the slope under it: find_pips), that are not places
    proposed already (rows, cols) and lie SLOPE_CLEAR pip radii from every pip found (found: their centres), so
    that no pip is measured twice."""
    taken = np.zeros(around.shape, dtype=bool)
    taken[rows, cols] = True
    more_rows, more_cols, best = slope_places(maps.logs, maps.blobs_for(sign), float(sign), floor, around, taken,
                                              peak_window(size) // 2)
    if len(found) and len(more_rows):
        gaps = np.hypot(more_rows[:, None] - found[None, :, 0], more_cols[:, None] - found[None, :, 1]).min(axis=1)
        clear = gaps > SLOPE_CLEAR * PIP_SHARE * size
        more_rows, more_cols, best = more_rows[clear], more_cols[clear], best[clear]
    order = np.argsort(-best, kind="stable")
    return more_rows[order], more_cols[order]


def layout_fit(points: Doubles, centre: Doubles, size: float) -> float:
    """0-1: how well pips around a centre make a die's face: centred, each at its pattern's distance (in a
    common pip spacing), the spacing one a die could have."""
    count = len(points)
    if count == 0 or count > 6:
        return 0.0
    offsets = points - centre
    distances = np.sort(np.hypot(offsets[:, 0], offsets[:, 1])) / size
    if count == 1:
        return float(np.clip(1 - (distances[0] - 0.06) / 0.08, 0, 1))
    expected = np.array(PATTERN_RADII[count])
    spacing = float(distances[expected > 0].mean() / expected[expected > 0].mean())
    radial = float(np.max(np.abs(distances - expected * spacing)))
    symmetry = float(np.hypot(*offsets.mean(axis=0))) / size
    error = max(radial, 2 * symmetry)
    if not 0.17 <= spacing <= 0.34:
        return 0.0
    return float(np.clip(1 - (error - 0.07) / 0.08, 0, 1))


def face_hypotheses(points: Doubles, size: float) -> list[tuple[tuple[int, ...], Doubles]]:
    """Candidate faces: (the frontal pips within reach of a centre, that centre), each centre proposed by a pip or
    by the midpoint of a pair of pips, then moved to the middle of the pips around it until it stays
    (scan_kernels.settled_faces)."""
    members, middles = settled_faces(np.ascontiguousarray(points, dtype=np.float64), size, FACE_REACH)
    return [(tuple(int(i) for i in np.nonzero(row)[0]), middle) for row, middle in zip(members, middles, strict=True)]


GRID = [(i, j) for i in (-1, 0, 1) for j in (-1, 0, 1)]
CORNERS = frozenset({(-1, -1), (-1, 1), (1, -1), (1, 1)})
PATTERNS: dict[int, tuple[frozenset[tuple[int, int]], ...]] = {  # the pips on the 3 x 3 grid, each way a face can lie
    1: (frozenset({(0, 0)}),),
    2: (frozenset({(-1, -1), (1, 1)}), frozenset({(-1, 1), (1, -1)})),
    3: (frozenset({(-1, -1), (0, 0), (1, 1)}), frozenset({(-1, 1), (0, 0), (1, -1)})),
    4: (CORNERS,),
    5: (CORNERS | {(0, 0)},),
    6: (CORNERS | {(-1, 0), (1, 0)}, CORNERS | {(0, -1), (0, 1)}),
}


def rotated(vector: Doubles) -> Doubles:
    return np.array([-vector[1], vector[0]])


def recentred(spots: Doubles, centre: Doubles, size: float) -> Doubles:
    """A face's centre moved to the middle of all the round spots within its reach, frontal or not (a face found
    from four of a 6's pips is centred on those four)."""
    for _ in range(3):
        near = spots[np.hypot(*(spots - centre).T) <= FACE_REACH * size] if len(spots) else spots
        if len(near) == 0:
            break
        centre = near.mean(axis=0)
    return centre


SWEEP = np.array([[[math.sin(turn), math.cos(turn)], [-math.cos(turn), math.sin(turn)]]
                  for spacing in (0.21, 0.25, 0.29) for turn in np.radians(np.arange(0.0, 90.0, 7.5))])  # unit frames
SWEEP_SPACINGS = np.repeat([0.21, 0.25, 0.29], 12)[:, None, None]  # of a die's side, each of the sweep's frames


FRAME_SQUARENESS = 0.7  # the least ratio of a grid's two steps: a face seen 35 degrees off straight above is
# foreshortened to 0.82 one way, and perspective and its pips' blur take a little more. Four pips in a rectangle
# twice as long as wide are not a face's corners: two touching 4s' pips made a 6 on such a grid (4242/109, a 4 put in
# doubt by it), and the top two pairs of a 6's columns a 4, its other two pips three steps off it (test photos:
# 1919/536, a clear ivory 6 read as a sure 4)


def face_frames(points: Doubles, centre: Doubles, others: Doubles, size: float) -> Doubles:
    """Ways to lay the 3 x 3 grid on a face: F x 2 x 2, each (a, b), the grid's steps along the face's two axes
    (spot (i, j) at centre + i a + j b). From the face's pips (four corners give the grid with any perspective a
    die is seen in: FRAME_SQUARENESS; a diagonal pair gives it square), from other spots near the centre taken as a
    corner, and, for a lone pip, from a sweep of turns and spacings (a 1 is read as a 1 only if no grid finds pips
    round it)."""
    frames = []
    offsets = points - centre
    distance = np.hypot(offsets[:, 0], offsets[:, 1])
    if len(points) >= 4:
        corners = offsets[np.argsort(-distance)[:4]]
        corners = corners[np.argsort(np.arctan2(corners[:, 0], corners[:, 1]))]
        signs = np.array([[-1, -1], [-1, 1], [1, 1], [1, -1]], dtype=np.float64)  # round the square in order
        steps, *_ = np.linalg.lstsq(signs, corners, rcond=None)
        lengths = np.hypot(steps[:2, 0], steps[:2, 1])
        if lengths.min() >= FRAME_SQUARENESS * lengths.max():
            frames.append(steps[:2])
    diagonals = [offsets[int(np.argmax(distance))]] if len(points) >= 2 else []
    diagonals += [o for o in others - centre if 0.18 * size <= math.hypot(*o) <= 0.48 * size]
    for diagonal in diagonals:
        frames.append(np.array([(diagonal + rotated(diagonal)) / 2, (diagonal - rotated(diagonal)) / 2]))
    if len(points) <= 2:
        frames += list(SWEEP_SPACINGS * size * SWEEP)
    return np.array(frames).reshape(-1, 2, 2)


PATTERN_LIST = [(value, pattern) for value, patterns in PATTERNS.items() for pattern in patterns]
PATTERN_MASK = np.array([[spot in pattern for spot in GRID] for _, pattern in PATTERN_LIST])  # P x 9
PATTERN_SPOTS = [np.array(sorted(pattern), dtype=np.float64) for _, pattern in PATTERN_LIST]
PATTERN_TABLE = np.zeros((len(PATTERN_LIST), 6, 2))  # P x 6 x 2: each pattern's spots, padded, for the kernel
for _index, _spots in enumerate(PATTERN_SPOTS):
    PATTERN_TABLE[_index, :len(_spots)] = _spots
PATTERN_COUNTS = np.array([len(spots) for spots in PATTERN_SPOTS], dtype=np.int64)


@dataclass(frozen=True)
class Reading:
    """A face read on its grid."""

    value: int
    margin: float  # the least by which any spot is on the right side of half (0.5: a perfect reading)
    steps: Doubles  # 2 x 2: the grid's steps along the face's axes (rows a and b)
    spots: Doubles  # its pattern's spots on the grid (i, j), each way the face lies


def read_grid(peaks: Floats, base: float, strength: float, centre: Doubles, frames: Doubles, spots: Doubles,
              spot_levels: Doubles, size: float, spot_round: Doubles | None = None) -> Reading | None:
    """The pattern whose spots best match the face, over the frames tried (F x 2 x 2: face_frames).
    peaks, base, strength: how much each pixel stands out of the face, as a share of its pips' (the best within a
    pip's reach, less the face's base, over its pips' strength): each spot of the pattern must be half of that or
    more, each other spot less.
    spots, spot_levels: the places pips were found round the face and how much they stand out (same share): a
    pattern must put a pip on every one inside the face, or it is not this face's (nine samples cannot see a pip
    that falls between them: a 6 read on a grid turned 45 degrees at half the spacing is a perfect 2). Inside:
    within 1.45 steps of the grid, or 0.37 of a die's side from the centre (a face's corner pips are 0.35 out,
    a side's pips beyond its edges, 0.41 out or more); and each strong, round spot (spot_round: their roundness;
    a side's pips are flattened) within 0.45 of a die of the centre that a reading leaves without a pip costs it
    half a spot. A frame's steps must be ones a die has: 0.17 to 0.36 of its side. (scan_kernels.grid_reading)"""
    rounded = spot_round if spot_round is not None else np.ones(len(spots))
    frame, pattern, margin = grid_reading(peaks, base, strength, centre.astype(np.float64),
                                          frames.astype(np.float64), spots.reshape(-1, 2).astype(np.float64),
                                          spot_levels.astype(np.float64), rounded.astype(np.float64), size,
                                          PATTERN_MASK, PATTERN_TABLE, PATTERN_COUNTS)
    if frame < 0:
        return None
    return Reading(PATTERN_LIST[pattern][0], margin, frames[frame], PATTERN_SPOTS[pattern])


@dataclass(frozen=True)
class Footprint:
    """Where a face lies, for telling whether two candidate faces overlap (dice do not): its square a little
    inside its edges (which are about two grid steps out), or, for a face whose pips do not show the grid's turn
    (a 1), a disc."""

    centre: Doubles
    corners: Doubles | None  # 4 x 2, or None for a disc
    radius: float

    def overlaps(self, other: Footprint) -> bool:
        if self.corners is None and other.corners is None:
            return bool(math.hypot(*(self.centre - other.centre)) < self.radius + other.radius)
        if self.corners is None or other.corners is None:
            square, disc = (self, other) if self.corners is not None else (other, self)
            assert square.corners is not None
            return polygon_distance(square.corners, disc.centre) < disc.radius
        return squares_overlap(self.corners, other.corners)


def footprint(centre: Doubles, steps: Doubles, value: int, size: float, reach: float = 1.4) -> Footprint:
    """Reach 1.4 grid steps, 0.7 of the way to the face's edge: a pair of pips gives the grid square, and a face
    seen at a slant is narrower than that (at 1.6 a tilted 2 overlapped the 5 beside it and was dropped)."""
    if value == 1:
        return Footprint(centre, None, 0.43 * size)
    corners = np.array([centre + reach * (i * steps[0] + j * steps[1]) for i, j in ((-1, -1), (-1, 1), (1, 1), (1, -1))])
    return Footprint(centre, corners, 0.0)


def polygon_distance(corners: Doubles, point: Doubles) -> float:
    """The distance from a point to a convex polygon (0 inside it)."""
    outside = 0.0
    inside = True
    for k in range(len(corners)):
        a, b = corners[k], corners[(k + 1) % len(corners)]
        edge, to_point = b - a, point - a
        cross = edge[0] * to_point[1] - edge[1] * to_point[0]
        t = float(np.clip(np.dot(to_point, edge) / max(float(edge @ edge), 1e-12), 0, 1))
        distance = math.hypot(*(to_point - t * edge))
        outside = distance if k == 0 else min(outside, distance)
        inside &= cross >= 0
    orientation = np.sign(sum(corners[k][0] * corners[(k + 1) % 4][1] - corners[(k + 1) % 4][0] * corners[k][1]
                              for k in range(4)))
    if orientation < 0:  # clockwise in (row, col): test the other side
        inside = all((corners[(k + 1) % 4][0] - corners[k][0]) * (point[1] - corners[k][1])
                     - (corners[(k + 1) % 4][1] - corners[k][1]) * (point[0] - corners[k][0]) <= 0 for k in range(4))
    return 0.0 if inside else outside


def squares_overlap(first: Doubles, second: Doubles) -> bool:
    """Whether two convex quadrilaterals overlap (separating axis test)."""
    for polygon in (first, second):
        for k in range(4):
            edge = polygon[(k + 1) % 4] - polygon[k]
            axis = np.array([-edge[1], edge[0]])
            a, b = first @ axis, second @ axis
            if a.max() <= b.min() or b.max() <= a.min():
                return False
    return True


def read_region(crop: Floats, mask: Mask, size: float, signs: tuple[int, ...] = (1, -1)) -> tuple[list[Face], int]:
    """The top faces of the dice in a region, and the polarity of their pips (+1 light, -1 dark, 0 none found):
    crop H x W x 3 (0-1), mask the dice's pixels in it, size a die's side in its pixels (about). The polarities
    in `signs` are tried: the one whose faces read better wins."""
    if mask.sum() < 20:
        return [], 0
    best: list[Face] = []
    best_score, best_sign = 0.0, 0
    around = grown(mask, max(1, int(AROUND * size)))
    maps = spot_maps(crop, mask, size)
    # big pips are looked for at half the resolution: they keep four pixels across or more, on a quarter of the pixels
    big_maps = None
    if size >= BIG_DIE:
        half_mask = block_mean(mask.astype(np.float32), 2) >= 0.5
        big_maps = (spot_maps(block_mean(crop, 2), half_mask, BIG_ONE * size / 2, measure_noise=False), half_mask)
    for sign in signs:
        faces = faces_of(maps, sign, mask, around, size, big_maps)
        score = faces_score(faces)
        if score > best_score:
            best, best_score, best_sign = faces, score, sign
    if not best:  # no face of either polarity: a glare-washed die alone, its faint pips all it shows
        for sign in signs:
            faint = with_faint_faces([], sign, maps, mask, around, size, (sign,))
            if faint:
                return faint, sign
    return with_faint_faces(best, best_sign, maps, mask, around, size, signs), best_sign


def faces_score(faces: list[Face]) -> float:
    """How well a set of faces explains its region: each face's pips, weighed by how surely it is read."""
    return sum(len(face.members) * (0.5 + face.confidence) for face in faces)


def face_in_doubt(face: Face, keeps_trust: bool) -> Face:
    """The face with its confidence capped at UNSURE, and what it is trusted with at the end when nothing else
    doubts it (trusted_confidence): its confidence when the doubt keeps its trust, else none
    (scan.with_trust_restored; scan.in_doubt is the same for a die read)."""
    return dataclasses.replace(face, confidence=min(face.confidence, UNSURE),
                               trusted_confidence=face.confidence if keeps_trust else 0.0)


UNREAD_AREA = 0.8  # of a die's side squared: this much of a region no face read surely reaches may hide a die (the
# size a blob is read at errs large, 11% at the median on the tuning photos: a die's face fills (1/1.11)^2 = 0.8 of
# its square. Step 107, from 1.0: a washed 6 beside two sure dice of its blob, read at 1.25 times its size, was
# missed, 1919/760, and a glare-lit translucent 6 read as a sure 2, 1919/808; figures in docs/piddle.md)
SURE_REACH = 0.8  # of a die's side: how far round a face read surely its die reaches
CROWDED_OUT = 0.5  # of a die's side: a face read unsurely this near a faint face is not a die of its own
FAINT_FLOOR = 0.03  # log brightness: the least contrast of a faint pip (a glare-washed face's pips: 0.03-0.2; six
# times the maps' noise, at the least 0.03, is the floor: step 124, from 0.05, found 13 more dice right on ten seeds)
FAINT_TRUSTED_PIPS = 3  # a faint face of this many pips or more with a pip on each of its pattern's spots is trusted
# at the end when read with UNCERTAIN_BELOW or more; a 2 only when read without a flaw: two faint spots pair by chance
# (step 100: of ten seeds' faint faces so read, flagged for that alone, 3s to 5s were 17 right and none wrong, 2s 3
# right and 7 wrong, read with up to 0.87)


def with_faint_faces(faces: list[Face], sign: int, maps: SpotMaps, mask: Mask, around: Mask, size: float,
                     washed_signs: tuple[int, ...]) -> list[Face]:
    """The faces, and, where a die's worth of the region is left that no face read surely reaches, the faces of
    faint pips there (a glare-washed top face's pips, against the dark ones of its sides) that read surely on
    their own, put in doubt (UNSURE): they replace the faces read unsurely at their place. Tuning photos of seeds
    4242 and 5353: dice right 1746 to 1751 and 1734 to 1735; adding the faint faces read unsurely too found more
    (1755) but, on the test's photos, cost 6 photos exact (docs/piddle.md). One read without a flaw, a pip found on
    each of its pattern's spots, is trusted at the end when nothing else doubts it (trusted_confidence; step 77:
    of the faint faces put in doubt, those read so were 5 right dice on the tuning photos and 14 right and an extra
    die, doubted for more, on the test's; those with a flaw or a pip missing 15 right, 5 wrong and an extra, and 12
    right and 6 wrong; step 100: one of FAINT_TRUSTED_PIPS or more read so with less confidence too). Where the
    plain maps' faint faces explain less, the washed maps' faces of the polarities in washed_signs are taken
    (washed_faces: step 90; a washed face's light pips may lose to its dark rim and sides read as dark pips), by
    their pips weighed by confidence (faces_score), `sign`'s first. Step 126: before, the washed maps were read only
    where the plain maps showed no faint face at all, and one faint 3 kept four glare-washed red dice the washed maps
    read surely from being read (1919/131). A faint 1 at the middle of a die's worth of what is left, beyond the
    faint faces taken, counts too (lone_faint_ones, step 109; from step 126 beside faint faces too, 1919/131's 1),
    the least of which is smaller: the die size read at errs large."""
    if not sign:
        return faces
    unread = beyond_reach(mask, [face for face in faces if face.confidence >= UNCERTAIN_BELOW], SURE_REACH * size)
    unread_area = int(unread.sum())
    if unread_area < LONE_ONE_AREA[0] * size * size:
        return faces
    faint_read = faces_of(maps, sign, mask, around & unread, size, faint=True)
    faint = []
    if unread_area >= UNREAD_AREA * size * size:
        faint = read_on_their_own(faint_read)
        doubted = [face for face in faces if face.confidence < UNCERTAIN_BELOW]
        for washed_sign in sorted(washed_signs, key=lambda other: other != sign):
            washed = washed_faces(maps, washed_sign, mask, around & unread, size, doubted)
            if faces_score(washed) > faces_score(faint):
                faint = washed
    left = beyond_reach(unread, faint, SURE_REACH * size)  # what no face read surely nor faint face taken reaches
    faint = faint + lone_faint_ones(faint_read, left, size)
    if not faint:
        return faces
    kept = [face for face in faces if face.confidence >= UNCERTAIN_BELOW
            or all(math.hypot(*(face.centre - other.centre)) > CROWDED_OUT * size for other in faint)]
    sure_kept = [face for face in kept if face.confidence >= UNCERTAIN_BELOW]
    added = [face_in_doubt(face, keeps_trust=len(face.members) == face.value
                           and (face.confidence >= 1.0 or face.value >= FAINT_TRUSTED_PIPS))
             for face in faint
             if all(math.hypot(*(face.centre - other.centre)) > SURE_REACH * size for other in sure_kept)]
    return kept + added


def beyond_reach(mask: Mask, faces: list[Face], reach: float) -> Mask:
    """The part of the mask further than `reach` (pixels) from every one of the faces' centres."""
    rows, cols = np.indices(mask.shape)
    left = mask.copy()
    for face in faces:
        left &= np.hypot(rows - face.centre[0], cols - face.centre[1]) > reach
    return left


WASHED_OPENING = 1.5  # pip radii: the half side of the square the pips are taken out by (wider than a pip)
WASHED_REACH = 0.3  # of a die's side: a washed face's level reaches this far round (over its corners, its pips)
WASHED_SHADE = 0.04  # log brightness: a washed face is the lightest surface round it, no more than this below
WASHED_MOST = 0.3  # log brightness: the most contrast a washed face's pips have (0.1-0.25): one whose pips stand
# out more is a plain face the plain maps missed for another reason, and is read only where no face read in doubt
# on them has as many pips (5353/275: a 6's and a 5's pips, touching, read as one sure 2 over a 6 in doubt; taken
# anywhere, in doubt, the test's photos read 925 exact, not 923, but flagged 2.6% of the right dice, not 2.5%).
# Step 115: a translucent red 6 whose light middle hid its pips from frontal_pips, read on the plain maps as a 3
# in doubt, is read as a 6 (3131/245)
WASHED_BASE = math.log(0.5)  # the washed maps' log brightness where no pip rises (any: the maps are differences)


def washed_faces(maps: SpotMaps, sign: int, mask: Mask, around: Mask, size: float, doubted: list[Face]
                 ) -> list[Face]:
    """The faces of faint pips read with confidence on the washed maps (washed_maps), on the lightest surface
    there, their pips standing out as little as a washed face's: a glare-washed face's pips stand out little above
    it, and on the plain maps less than its corners against its dark rim and its sides' pips (a translucent red 5
    read as a 4 from its sides, 1919/818). One whose pips stand out more (WASHED_MOST) only where no face of the
    plain maps read in doubt (doubted) within CROWDED_OUT has as many pips."""
    washed, level, surfaces = washed_maps(maps, mask, sign, size)
    found = []
    for face in read_on_their_own(faces_of(washed, sign, mask, around, size, faint=True)):
        row, col = nearest_pixels(face.centre[None], mask.shape)
        if float(np.mean(level[:, row, col] - surfaces[:, row, col])) > WASHED_SHADE or not face.spots:
            continue  # a side beside a lighter top face
        rows, cols = nearest_pixels(np.array(face.spots), mask.shape)
        contrast = float(np.median((sign * (washed.logs[:, rows, cols] - WASHED_BASE)).max(axis=0)))
        if contrast <= WASHED_MOST or all(other.value < face.value for other in doubted
                                          if math.hypot(*(face.centre - other.centre)) <= CROWDED_OUT * size):
            found.append(face)
    return found


LONE_ONE_AREA = (0.5, 2.0)  # of a die's side squared: a part of a region no face read surely reaches that one die
# fills, read at a size 40% too large (its face fills 1/1.4^2 of the square) up to a die and its sides
LONE_ONE_OFF = 0.27  # of a die's side: the farthest a faint 1's pip lies from the middle of the part it fills (as
# scan.ONE_OFF_CENTRE: a 1's pip further from its blob's middle may be a 2's)


def lone_faint_ones(faint: list[Face], unread: Mask, size: float) -> list[Face]:
    """The faint 1s read with confidence that each lie at the middle (LONE_ONE_OFF) of a part of the region no face
    read surely reaches (unread) of one die's area (LONE_ONE_AREA): a faint spot anywhere is a glint as often as a
    1, but a 1's pip is at its face's middle. A translucent green 1 whose pip stood out little beside a sure 2 and
    3 of its blob, read at 1.27 times its size, was missed (1919/594)."""
    ones = [face for face in faint if face.value == 1 and face.confidence >= UNCERTAIN_BELOW]
    if not ones:
        return []
    labels, count = labelled(unread)
    areas, row_sums, col_sums = blob_sums(labels, count)
    found = []
    for face in ones:
        (row,), (col,) = nearest_pixels(face.centre[None], unread.shape)
        part = labels[row, col] - 1
        if part < 0 or not LONE_ONE_AREA[0] * size * size <= areas[part] <= LONE_ONE_AREA[1] * size * size:
            continue
        middle = (row_sums[part] / areas[part], col_sums[part] / areas[part])
        if math.hypot(middle[0] - face.centre[0], middle[1] - face.centre[1]) <= LONE_ONE_OFF * size:
            found.append(face)
    return found


def read_on_their_own(faint: list[Face]) -> list[Face]:
    """The faces of faint pips that count: of two pips or more (a lone faint spot is a glint as often as a 1), read
    with confidence."""
    return [face for face in faint if face.value >= 2 and face.confidence >= UNCERTAIN_BELOW]


def washed_maps(maps: SpotMaps, mask: Mask, sign: int, size: float) -> tuple[SpotMaps, Floats, Floats]:
    """Spot maps in which a glare-washed face's faint pips stand out alone, and the level of the lightest face near
    each place and the surfaces under it (3 x H x W, log brightness). The surfaces are the brightness with the pips
    of this polarity taken out: opened (light pips) or closed (dark) by a square wider than a pip; the highest of
    them within WASHED_REACH of each place is the level of the lightest face near it. Light pips are what rises
    above that level: the brightness is raised to it, so the face's dark rim, its sides and their pips, and its
    corners against the rim (too narrow for the square: the opening takes them down) are flat. Dark pips are what
    the closing filled in: a dark rim or side is as wide as the square, and the face's corners are not dark (step
    92; at step 90 they were taken as light pips are, in the brightness negated, so against the darkest surface
    near them, where only what was darker than the table stood out: 1919/103, a white 1 and 6 read as 5s, now
    read right)."""
    half = max(1, int(round(WASHED_OPENING * PIP_SHARE * size)))
    surfaces = sign * window_maxima(window_maxima(maps.logs, float(-sign), half), -1.0, half)  # opened or closed
    level = window_maxima(surfaces, 1.0, max(1, int(round(WASHED_REACH * size))))
    above = np.maximum(maps.logs, level) - level if sign > 0 else surfaces - maps.logs
    crop = np.exp(sign * above + WASHED_BASE) - 0.1  # spot_maps' logs are log(crop + 0.1)
    return spot_maps(np.ascontiguousarray(np.moveaxis(crop, 0, 2), dtype=np.float32), mask, size), level, surfaces


AROUND = 0.15  # of a die's side: pips are looked for this far round a blob (a pip by a face's edge notches it)
MIN_PIP_CONTRAST = 0.12  # log brightness: a pip 13% brighter or darker than the face round it


def faces_of(maps: SpotMaps, sign: int, mask: Mask, around: Mask, size: float,
             big_maps: tuple[SpotMaps, Mask] | None = None, faint: bool = False) -> list[Face]:
    """The faces made by the frontal pips of one polarity: each candidate face read on its grid, and each big 1
    (big_ones, on big_maps: the spot maps at BIG_ONE times a pip's size, at half the resolution, and the mask at
    it), then the set of faces that explains the most frontal pips, without sharing a pip or overlapping (dice do
    not), and reads best. `faint`: the faces of faint pips (faint_pips), under the least contrast of the others,
    and no big 1s. A candidate of more than six frontal pips is read from its six strongest (step 114): the bottom
    1 of a translucent red 6, seen through its middle half as strong as its pips, made every candidate of the 6
    one of seven pips, and one column was read as a 3 (7171/289)."""
    floor = max(FAINT_FLOOR, 6 * maps.noise) if faint else max(MIN_PIP_CONTRAST, 4 * maps.noise)
    pips = find_pips(maps, sign, mask, around, size, 0.6 * floor)
    frontal, strength = faint_pips(pips, floor) if faint else frontal_pips(pips, size, floor)
    points = np.array([pips[i].centre for i in frontal]).reshape(-1, 2)
    peaks = channel_peaks(maps, sign, {p.channel for p in pips}, size)
    spots = np.array([p.centre for p in pips if p.roundness >= 0.6 and not p.open and p.strength >= 0.35 * strength])
    candidates = []
    reached: dict[frozenset[int], frozenset[int]] = {}
    for members, centre in face_hypotheses(points, size) if frontal else []:
        if len(members) > 6:  # no face has more pips: the weakest are a ghost or a glint (step 114)
            weakest = sorted(members, key=lambda i: pips[frontal[i]].strength)[:len(members) - 6]
            members = tuple(i for i in members if i not in weakest)
        best = None
        moved = recentred(spots, centre, size)
        for middle in (centre, moved) if math.hypot(*(moved - centre)) > 0.5 else (centre,):  # the same when it stays
            face = read_face(peaks, pips, [frontal[i] for i in members], middle, size, floor)
            if face is not None and (best is None or face[0].confidence > best[0].confidence):
                best = face
        if best is None or best[0].confidence < UNCERTAIN_BELOW:
            seen_through = strong_pips_read(peaks, pips, frontal, members, size, floor)
            if seen_through is not None:
                # it explains the pips it reads and the weak ones under it (its bottom face's ghosts), not a weak
                # pip beyond its reach: two dim pips of a 4 whose strong two were read as a 2 (1919/55)
                face_read, square = seen_through
                own = frozenset(i for i in members if frontal[i] in face_read.members or math.hypot(
                    *(pips[frontal[i]].centre - face_read.centre)) <= FACE_REACH * size)
                candidates.append((own, face_read, square))
                reached[own] = own
        if best is not None:
            read, square = best
            if read.value == 1:  # a lone pip: on a face of its own, evenly lit round it, or a side's pip by an edge
                even = float(np.clip((LONE_PIP_SPREAD - ring_spread(maps.logs, read.centre, 0.27 * size)) / 0.25, 0, 1))
                read = dataclasses.replace(read, confidence=min(read.confidence, even))
                if fringe_of_a_stronger_pip(pips, read.members[0], size):
                    read = dataclasses.replace(read, confidence=min(read.confidence, UNSURE))
            own = frozenset(i for i in members if frontal[i] in read.members)  # the pips on its pattern's spots
            candidates.append((own, read, square))
            reached[own] = reached.get(own, frozenset(members)) & frozenset(members)
    count = len(frontal)
    for big in big_ones(*big_maps, sign, size, floor) if big_maps is not None else []:
        # the big pip stands for the frontal pips its rim (or itself) was taken for, or for a pip of its own (one
        # index more) when there are none
        pips.append(big)
        rim = frozenset(i for i in range(len(frontal))
                        if math.hypot(*(points[i] - big.centre)) <= 1.3 * BIG_ONE * PIP_SHARE * size * math.sqrt(big.area))
        contrast = contrast_over(big.strength, floor)
        even = float(np.clip((LONE_PIP_SPREAD - ring_spread(maps.logs, big.centre, 0.3 * size)) / 0.25, 0, 1))
        read, square = a_one(big.centre, (len(pips) - 1,) + tuple(frontal[i] for i in sorted(rim)),
                             min(contrast, even), contrast, size)
        own = rim or frozenset({count})
        candidates.append((own, read, square))
        reached[own] = own
        count += 1
    chosen = choose_faces(candidates, count)
    # a pip within a face's reach but off its spots is taken for one of its own seen askew, unless another face
    # has it
    explained = frozenset().union(*(reached[own] for own, _, _ in chosen)) if chosen else frozenset()
    unexplained = [i for i in range(len(frontal)) if i not in explained]
    taken = frozenset(frontal).union(*(read.members for _, read, _ in chosen))
    faces = []
    for own, read, _ in chosen:  # a rival reading of the same pips, another value: how close it came
        rivals = [c[1].checks[3] for c in candidates if c[0] & own and c[1].value != read.value]
        rival = max(rivals, default=-1.0)
        confidence, trusted = read.confidence, read.trusted_confidence
        pip_area = float(median([pips[m].area for m in read.members]))
        left = points[[i for i in unexplained if pips[frontal[i]].area >= LEFT_PIP_AREA * pip_area]].reshape(-1, 2)
        if read.value <= LEFT_PIP_MOST and len(left) and \
                np.hypot(*(left - read.centre).T).min() <= LEFT_PIP_REACH * size:
            # a frontal pip beside it that no face explains may be its own: in doubt; a 1 keeps its trust
            confidence, trusted = min(confidence, UNSURE), (max(trusted, confidence) if read.value == 1 else 0.0)
        if read.value == 3 and len(column_beside(read, pips, taken, pip_area, size)) >= 2:
            confidence, trusted = min(confidence, UNSURE), 0.0  # a 6's column, its other one not taken for frontal
        faces.append(Face(read.centre, read.members, read.value, confidence, read.spacing,
                          read.checks + (rival, len(own)),
                          tuple((float(pips[m].centre[0]), float(pips[m].centre[1])) for m in read.members),
                          pip_area, trusted))
    return faces


NEAR_FRONTAL_ROUND = 0.6  # a pip not taken for frontal, this round or more, closed ...
NEAR_FRONTAL_STRENGTH = 0.8  # ... and this strong, of a face's pips' median, beside a 3 may be a 6's other column


def column_beside(read: Face, pips: list[Pip], taken: frozenset[int], pip_area: float, size: float) -> list[Pip]:
    """The pips within LEFT_PIP_REACH of a face that no face took and that were not taken for frontal, but look as
    a frontal pip of it would: round (NEAR_FRONTAL_ROUND), closed, as strong as its pips (NEAR_FRONTAL_STRENGTH) and
    as large (LEFT_PIP_AREA to FRONTAL_AREA_MOST of pip_area, its pips' median area). Two or more beside a 3 are a
    6's other column, its first read as the 3's diagonal: a translucent amber 6 blurred by motion, its other
    column's pips 0.71 round (under FRONTAL_ROUND), was read as a sure 3 (6161/18; step 113). Doubting any face of
    up to three pips for one such pip flagged 0.3% more of the right dice of 1919's photos."""
    strength = float(median([pips[m].strength for m in read.members]))
    return [p for k, p in enumerate(pips) if k not in taken and not p.open and p.roundness >= NEAR_FRONTAL_ROUND
            and p.strength >= NEAR_FRONTAL_STRENGTH * strength
            and LEFT_PIP_AREA * pip_area <= p.area <= FRONTAL_AREA_MOST * pip_area
            and math.hypot(*(p.centre - read.centre)) <= LEFT_PIP_REACH * size]


BIG_ONE = 1.8  # a big 1's pip radius over a pip's, about (sets with a big red 1 make it 1.3 to 1.8 times larger):
# the pip maps at a pip's scale see it as a ring of weak spots
BIG_INSIDE = 0.25  # of a die's side: a big 1's pip is at least this far inside its blob (half a side, upright)
BIG_DIE = 32  # pixels: the least die side read_region looks for big 1s on (dice are 40 or more; a die size taken from
# pips or fragments, too small, makes every pip a big one)
BIG_ALONE = 0.5  # of a die's side: no spot 0.4 as strong as a big 1's pip lies this near it ...
BIG_ALONE_ROUND = 0.6  # ... of this roundness or more (a pip: the table's dark gap between two dice by a big red 1,
# flat, hid it, 3131/144; step 111)
BIG_AREA = 0.55  # of the area of a pip BIG_ONE times a pip's size: the least a big 1's pip has (a pip's has 0.2-0.5)


def big_ones(half_maps: SpotMaps, half_mask: Mask, sign: int, size: float, floor: float) -> list[Pip]:
    """The pips too big for any face's but a 1's, round and standing out all round, in the middle of a die (its
    body all round: a patch of table in a notch of the blobs is no pip) and alone on it (a 5's middle pip is not:
    its corner pips are as big; the table between dice, flat, is no pip: BIG_ALONE_ROUND), found on the spot maps
    at BIG_ONE times a pip's size at half the resolution (half_maps, half_mask): their centres in the region's
    pixels, their area in those terms."""
    half = size / 2
    around = grown(half_mask, max(1, int(AROUND * half)))
    inner = eroded(half_mask, max(1, int(BIG_INSIDE * half)))
    found = find_pips(half_maps, sign, half_mask, around, BIG_ONE * half, 0.6 * floor)
    return [dataclasses.replace(p, centre=2 * p.centre + 0.5) for p in found
            if p.is_round() and p.area >= BIG_AREA and p.strength >= floor and p.surround <= 0.2
            and inner[int(round(p.centre[0])), int(round(p.centre[1]))]
            and not any(q is not p and q.strength >= 0.4 * p.strength and q.roundness >= BIG_ALONE_ROUND
                        and math.hypot(*(q.centre - p.centre)) <= BIG_ALONE * half for q in found)]


THROUGH_SHARE = 0.7  # of the strongest pip of a face: weaker frontal pips may be a translucent die's bottom face's
GHOST_ONE_MOST = 0.5  # of a 1's pip read from it alone: the most any weak pip under it may stand out for the 1 to be
# trusted (a bottom 6's ghost stands out 0.3 to 0.5 as much; a 2's or 3's pip dimmed by glare, more)
THROUGH_RAISED = 1.3  # ... and its face is read with its pips' strength taken as this much more than it is, so
# that those (at about 0.55 of it) fall under half


def strong_pips_read(peaks: dict[int, Floats], pips: list[Pip], frontal: list[int], members: tuple[int, ...],
                     size: float, floor: float) -> tuple[Face, Footprint] | None:
    """A face whose pips did not read well, read again from its strong pips alone, the weaker ones taken for
    the pips of a translucent die's bottom face seen through it (fainter, tinted by its body), when one of them
    at least lies under the face (within its reach of the strong pips' middle). In doubt at best (UNSURE): a pip
    dimmed by glare looks the same. One weak pip is enough: a 2's bottom 5 may show only its middle pip, off
    the 2's centre by the die's depth, and the 2 read from all three had no margin (tuning photos: dice right
    1762 to 1765 and 1745 to 1748; asking for two weak pips, as before, left those dice wrong).
    The face's strong pips not taken for frontal (a little flat: a 4's corner pip at a slant) join the strong
    ones of a face of two or more, and its weak ones not taken for frontal (a bottom face's pip a little small)
    count as lying under a face of two or more: a translucent 4 whose bottom 3's middle pip was taken for
    frontal and whose fourth pip was not read as a 5 with no margin, then as a 2 (test photos: 870 to 874 exact;
    taking them for every face read a 2's strong pip as a 1 beside its bottom 5's faint ones). A translucent 2's
    bottom 5 shows its middle pip at about half the 2's pips' strength, too weak for frontal, at the 2's middle:
    the 2 read with no margin over a 3 (tuning photos, faces of two taken too: 5353 276 to 277 exact, right flagged
    3.3% to 3.2% on 4242, none lost; the test's dice right 5843 to 5844, no wrong die unflagged more).
    Such a face explains (faces_of) the pips it reads and the weak ones under it, not a weak one beyond its reach
    (step 103: a translucent 4's two dimmer pips, 0.55 and 0.65 as strong, its two strong ones read as a 2 that
    took all four for its own and won over the 4; ten seeds' photos exact +5, none lost).
    What it is trusted with at the end (trusted_confidence: scan.with_trust_restored) is its confidence,
    but a 1's only when every weak pip under it stands out GHOST_ONE_MOST of its pip or less: a 2 or 3 read from
    its one strong pip has a pip dimmed by glare under it, stronger (tuning and test photos, 1s so read and flagged
    first for it: right 4 and 15, wrong 1 and 4; of the weak pips of the wrong ones 0.53 to 0.65, of
    the right ones but 3 0.43 to 0.57; at 0.5, 11 right ones and no wrong one trusted)."""
    strengths = np.array([pips[frontal[i]].strength for i in members])
    top = float(strengths.max())
    strong = [frontal[i] for i, s in zip(members, strengths, strict=True) if s >= THROUGH_SHARE * top]
    # the face's pips not taken for frontal (a little flat) count too, strong or weak: within reach of its
    # middle, found from the strong pips (the middle of three of a 4's is off its centre by a sixth of a side)
    spots = [k for k, p in enumerate(pips) if p.roundness >= 0.6 and not p.open and p.strength >= 0.4 * top]
    middle = np.mean([pips[i].centre for i in strong], axis=0)
    if len(strong) >= 2:
        strong += [k for k in spots if k not in strong and k not in frontal and pips[k].strength >= THROUGH_SHARE * top
                   and math.hypot(*(pips[k].centre - middle)) <= (FACE_REACH + 0.2) * size]
    middle = np.mean([pips[i].centre for i in strong], axis=0)
    weak = [k for k in spots if pips[k].strength < THROUGH_SHARE * top and (len(strong) >= 2 or k in frontal)]
    if not any(math.hypot(*(pips[k].centre - middle)) <= FACE_REACH * size for k in weak):
        return None
    found = read_face(peaks, pips, strong, middle, size, floor, THROUGH_RAISED)
    if found is None or found[0].value != len(strong):
        return None
    read, square = found
    under = [k for k in weak if math.hypot(*(pips[k].centre - middle)) <= FACE_REACH * size]
    ghostly = read.value >= 2 or all(pips[k].strength <= GHOST_ONE_MOST * top for k in under)
    return face_in_doubt(read, keeps_trust=ghostly), square


def channel_peaks(maps: SpotMaps, sign: int, channels: set[int], size: float) -> dict[int, Floats]:
    """Each of these channels' signed log brightness, the best within a pip's reach of each pixel (what a face is
    read on its grid from)."""
    reach = max(1, int(0.35 * PIP_SHARE * size))
    chosen = sorted(channels)
    return dict(zip(chosen, window_maxima(np.ascontiguousarray(maps.logs[chosen]), float(sign), reach), strict=True))


def frontal_pips(pips: list[Pip], size: float, floor: float) -> tuple[list[int], float]:
    """The pips seen face on (indices), each judged against the strongest round pips of a pip's size within a die of
    it (a region may hold dice in other light: glare on one face takes contrast from its pips), the strong round pips' size
    within a die of it (local_area) and the roundest (motion blur flattens them all; a lone pip may be flatter:
    roundness_needed), and the strongest round pip's strength (0 when there is none)."""
    # a lone pip seen at a slant (a 1 in a blob of its own) may be flatter than the round ones of a face
    round_pips = [p for p in pips if p.is_round()] or [p for p in pips if p.is_round(0.675)]
    if not round_pips:
        return [], 0.0
    strength = max(p.strength for p in round_pips)
    strong = [p for p in round_pips if p.strength >= 0.5 * strength]
    area = float(median([p.area for p in strong]))
    # not the round dark gaps between dice, 4 to 5 times a pip's area: a die among them would be read at their size
    sized = [p for p in strong if p.area <= FRONTAL_AREA_MOST * area]
    sized_centres = np.array([p.centre for p in sized]).reshape(-1, 2)
    sized_areas = np.array([p.area for p in sized])
    # judged against round pips of a pip's size: not a round dark gap between dice (REFERENCE_AREA_MOST)
    reference = [p for p in round_pips if p.area <= REFERENCE_AREA_MOST * area] or round_pips
    reference_centres = np.array([p.centre for p in reference])
    reference_strengths = np.array([p.strength for p in reference])
    least_round = min(FRONTAL_ROUND, FRONTAL_ROUND_SHARE * max(p.roundness for p in round_pips))
    frontal = [i for i, p in enumerate(pips)
               if p.is_frontal(local_strongest(p.centre, reference_centres, reference_strengths, size),
                               local_area(p.centre, sized_centres, sized_areas, size, area),
                               roundness_needed(pips, i, size, least_round))
               and p.strength >= floor]
    return frontal, strength


def roundness_needed(pips: list[Pip], index: int, size: float, least_round: float) -> float:
    """The least roundness a pip seen face on may have: least_round, or LONE_ROUND if less for a lone pip, one
    with no other pip half as strong as it or stronger within LONE_REACH of it. A pip as round as least_round, or
    flatter than LONE_ROUND, gets least_round whatever its neighbours: it passes, or fails, either way."""
    pip = pips[index]
    if not LONE_ROUND <= pip.roundness < least_round:
        return least_round  # the neighbours need not be looked at
    lone = not any(other.strength >= 0.5 * pip.strength and math.hypot(*(other.centre - pip.centre))
                   <= LONE_REACH * size for other in pips if other is not pip)
    return LONE_ROUND if lone else least_round


def local_area(centre: Doubles, centres: Doubles, areas: Doubles, size: float, overall: float) -> float:
    """The median area of the pips (centres, areas) within a die's side of a place, or `overall` when fewer than
    LOCAL_AREA_PIPS lie there. Dice near the camera show larger pips than far ones (a die at a 35 degree tilt
    differs from the region's middle by a fifth, its pips' area by twice as much), so a far die's pips, compared
    with the region's, were taken for a side's: test photos, a white 2 read as a 1 in a blob of six dice (1919/130);
    within a die's side, 902 to 907 exact of 1000; within one and a half, 905."""
    near = np.hypot(*(centres - centre).T) <= size
    return float(np.median(areas[near])) if near.sum() >= LOCAL_AREA_PIPS else overall


def faint_pips(pips: list[Pip], floor: float) -> tuple[list[int], float]:
    """Pips seen face on among faint ones (indices; their strongest's strength): round and of one size, whatever
    stronger pips (a side's, dark) stand beside them."""
    round_pips = [i for i, p in enumerate(pips) if p.is_round(0.8) and p.surround <= 0.2 and p.strength >= floor]
    if not round_pips:
        return [], 0.0
    area = float(median([pips[i].area for i in round_pips]))
    frontal = [i for i in round_pips if 0.5 * area <= pips[i].area <= 2 * area]
    return frontal, max(pips[i].strength for i in frontal)


LEFT_PIP_REACH = 0.75  # of a die's side: a frontal pip no face explains this near a face puts it in doubt
LEFT_PIP_MOST = 3  # ... a face of up to this many pips: one of more shows its grid, and a pip beside it is a
# neighbour's or a side's (tuning photos, the rule applied to every face: of the 4s-6s it doubted 77 were right
# and 3 wrong, of the 1s-3s 81 and 19, mostly 2s and 3s that had lost pips to glare). A 1 so doubted is trusted at
# the end as read when nothing else doubts it (scan.with_trust_restored; step 97: of the dice of ten seeds' 3700
# photos flagged first for a pip beside them, the 1s were 11 right and none wrong, the 2s 9 right and 5 wrong or
# extra, the 3s 17 right and 7: a 1's pip with its neighbour's or side's reads as a 2 unless that fails on its grid)
LEFT_PIP_AREA = 0.8  # ... and a pip of at least this much of the face's pips' area (Pip.area): a smaller one is a
# side's, flattened, or an engraved side's, narrower; one of the face's own lost from its grid is as large. Tuning
# photos: right dice flagged 3.7% to 3.4% and 4.9% to 4.6%, 4242 281 to 282 and 5353 274 to 276 exact, none lost,
# no wrong die unflagged more; at 2/3 3.5% and 4.6%, at 0.9 5353 274 exact. A larger pip beside it still doubts it:
# a 3 read from two touching 5s' small engraved side pips, a 5's top pip beside it 2.3 times as large (4242/90)


STRONGER_BESIDE = (2.0, 3.0)  # a lone pip with a pip at least this many times stronger within this many pip radii of it
# is a fringe of that pip, not a 1 (a 1's face is bare a quarter of its side round its pip: a 2's next pip is 0.7 away)


def fringe_of_a_stronger_pip(pips: list[Pip], index: int, size: float) -> bool:
    """Whether a pip has one STRONGER_BESIDE times stronger right beside it (any, frontal or not): a 1 read from it
    is read from the fringe of that pip, in another colour channel or shape. 1919/865: a white die's side, a blob of
    its own, its one pip flattened (roundness 0.28) and tinted; a round spot in its red channel 0.23 of a side off it,
    5.8 times weaker, was read as a 1 with 0.64, an extra die unflagged (step 134)."""
    pip = pips[index]
    reach = STRONGER_BESIDE[1] * PIP_SHARE * size
    return any(other.strength >= STRONGER_BESIDE[0] * pip.strength
               and math.hypot(*(other.centre - pip.centre)) <= reach for other in pips if other is not pip)


LONE_PIP_SPREAD = 0.6  # log brightness: a 1's face round its pip is evenly lit; a side's pip has an edge by it


RING_ANGLES = np.arange(24) * (2 * math.pi / 24)


def ring_points(centre: Doubles | tuple[float, float], radius: float
                ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The pixels (rows, columns) of 24 samples on a ring round a place (row, col), not clipped to a picture."""
    return (np.rint(centre[0] + radius * np.sin(RING_ANGLES)).astype(np.int64),
            np.rint(centre[1] + radius * np.cos(RING_ANGLES)).astype(np.int64))


def ring_spread(logs: Floats, centre: Doubles, radius: float) -> float:
    """How unevenly lit a ring round a place is: the largest, over the colour channels, of the spread (90th less
    10th percentile of the log brightness) of the samples on a ring of this radius (ring_points)."""
    rows, cols = ring_points(centre, radius)
    samples = logs[:, np.clip(rows, 0, logs.shape[1] - 1), np.clip(cols, 0, logs.shape[2] - 1)]
    high, low = np.percentile(samples, [90, 10], axis=1)
    return float((high - low).max())


def local_strongest(centre: Doubles, centres: Doubles, strengths: Doubles, size: float) -> float:
    """The strength of the strongest of the pips (centres, strengths) within a die's side of a place."""
    near = np.hypot(*(centres - centre).T) <= size
    return float(strengths[near].max()) if near.any() else float(strengths.max())


BASE_SPREAD = 0.7  # log brightness: the face round one face's pips is lit alike (in the channel most of them
# stand out in); a 1's pip and a side's read as a 2 lie on a lit top and a shaded side (0.77 apart)


def majority_channel(face_pips: list[Pip]) -> int:
    """The colour channel most of these pips stand out most in."""
    return int(np.bincount([p.channel for p in face_pips]).argmax())


def base_spread(face_pips: list[Pip]) -> float:
    """How differently lit the face round a face's pips is: the spread of their bases, among the pips that stand
    out most in the channel most of them do (a pip's base is measured in its own channel)."""
    channel = majority_channel(face_pips)
    bases = [p.base for p in face_pips if p.channel == channel]
    return max(bases) - min(bases)


UNLIKE_STRONGEST = 1.7  # over the median of a face's pips: the most its strongest may stand out (a translucent 1's
UNLIKE_FLOORS = 4  # pip read with the pips of its bottom 6 seen through it, half as strong, as a sure 6 at a larger
# die size), unless by less than this many times the pips' floor (a glare-washed face's faint pips vary as much:
# 0.08 to 0.2). Test photos: 874 to 879 exact; tuning photos 275 and 268 to 275 and 269 (1.5 cost 3 on them)
UNLIKE_STRENGTH = 1.3  # of the weaker pip's strength: two pips of one face, lit alike and of one depth, stand out
UNLIKE_AREA = 1.25  # ... about as much, and are of one size (over the smaller's area) and one shape (seen at one
UNLIKE_ROUNDNESS = 0.12  # slant: their roundness this close); a 1's pip and a side's pip beside it are not
UNLIKE_SLANT = 1.2  # ... and a weaker pip both smaller and flatter by those (a side's, seen at a slant) need stand
# out only this much less (step 158: 1919/828's black 1's side pip, 1.27 times weaker, 1.49 times smaller, 0.16 less
# round, was read with its pip as a sure 2)


def unlike_pair(face_pips: list[Pip]) -> bool:
    """Whether two pips read as a face are unlike: one stands out UNLIKE_STRENGTH times as much as the other and
    is UNLIKE_AREA times as large or of another roundness (a 1's pip read with a pip of its side or of a
    neighbour's, seen at another slant), or twice as much, whatever their size and shape (step 137, below).
    Tuning photos of seeds 4242 and 5353: of 564 dice read as a 2, 12 of the 13 that were 1s have such pips, and
    11 of the 538 right 2s. Such a 2 read with no confidence made photos exact 270 to 272 and 259 to 266, and right
    dice flagged 4.2% to 4.6% and 5.5% to 5.8%.
    Or one stands out half as much as the other or less (GHOST_ONE_MOST), whatever their size and shape: as
    faint as a translucent die's bottom face's pip seen through it, or a pip of another die in other light. Step
    137: a translucent blue 1's pip and a touching 2's, 2.1 times as strong, were read as a 2 in doubt at the size
    kept, the 1 lost (1919/169, read exactly now); ten seeds, three photos read otherwise (photos exact +1,
    wrong dice unflagged -1).
    Or the weaker is both smaller and flatter, as a side's pip seen at a slant is, and the other stands out
    UNLIKE_SLANT times as much (step 158): a black 1's engraved pip and its side's, 1.27 times as strong, read as a
    sure 2 (1919/828, the test photos' one wrong die not flagged); ten seeds, two photos read otherwise (that one
    exact, a right 1 of 7171/95 no longer flagged)."""
    weak, strong = sorted(face_pips, key=lambda p: p.strength)
    small, large = sorted((weak.area, strong.area))
    as_faint_as_a_ghost = weak.strength <= GHOST_ONE_MOST * strong.strength
    seen_at_a_slant = UNLIKE_AREA * weak.area <= strong.area and weak.roundness + UNLIKE_ROUNDNESS <= strong.roundness
    return as_faint_as_a_ghost or (strong.strength >= UNLIKE_STRENGTH * weak.strength and (
        large >= UNLIKE_AREA * small or abs(weak.roundness - strong.roundness) >= UNLIKE_ROUNDNESS)) \
        or (seen_at_a_slant and strong.strength >= UNLIKE_SLANT * weak.strength)


GHOST_SIX_REACH = 0.4  # of a die's side: a translucent 1's pip lies this near the middle of its bottom 6's ghost
# pips at the most (its pips within 0.35 of it; the ghost is seen shifted by the die's depth at a slant)


def outshone_by_one_pip(face_pips: list[Pip], pips: list[Pip], centre: Doubles, size: float) -> bool:
    """Whether one pip, of the face's own or a round closed one within GHOST_SIX_REACH of its middle (centre),
    stands out UNLIKE_STRENGTH times as much as each of the face's other pips and is UNLIKE_AREA times as large as
    each: the face's pips are a translucent 1's bottom 6 seen through it (fainter and smaller, a blend of the pips'
    colour into the body's), and that pip is the 1's. A 1 and a 6 are opposite faces, so a translucent 1 always
    shows a 6 round it; the 6 was read sure from the 1's pip and two ghost pips in a row with it (6161/230), or from
    five ghost pips round the 1's pip, which it left out (5353/183). Step 136, ten seeds: both read exactly, and
    6161/252 no more (its ghost 6, at the size kept, was doubted and replaced by a sure 1 read at a larger size;
    without it a column of the ghost reads as a 3 there, too far off the 1 to be replaced: docs/piddle.md). For any
    face of three pips or more: photos exact -1 (a 3 of a near, larger pip and two smaller, 3131/29; a 3 beside its
    side's dark pips, 5353/0)."""
    near = [pip for pip in pips if pip.roundness >= 0.6 and not pip.open
            and math.hypot(*(pip.centre - centre)) <= GHOST_SIX_REACH * size]
    top = max(face_pips + near, key=lambda pip: pip.strength)
    rest = [pip for pip in face_pips if pip is not top]
    return bool(rest) and top.strength >= UNLIKE_STRENGTH * max(pip.strength for pip in rest) \
        and top.area >= UNLIKE_AREA * max(pip.area for pip in rest)


def contrast_over(strength: float, floor: float) -> float:
    """How surely a pip of this strength stands out: 0 at the pips' floor, 1 at twice it and over."""
    return float(np.clip((strength - floor) / floor, 0, 1))


def read_face(peaks: dict[int, Floats], pips: list[Pip], members: list[int], centre: Doubles, size: float,
              floor: float, raised: float = 1.0) -> tuple[Face, Footprint] | None:
    """A candidate face read on its grid: the face, and where it lies (peaks: each channel's signed log
    brightness, the best within a pip's reach; raised: what its pips' strength is taken as, over their median)."""
    face_pips = [pips[i] for i in members]
    chosen = np.array([p.centre for p in face_pips])
    strengths = np.array([p.strength for p in face_pips])
    channel = majority_channel(face_pips)
    base = float(median([p.base for p in face_pips]))
    strength = raised * float(median(strengths.tolist()))
    typical = float(median([p.area for p in face_pips]))
    # the spots that may be this face's pips: round, closed and of about its pips' size (a side's pip seen at a
    # slant, or a patch of glare or of the table between dice, is larger, flatter or runs out of its window)
    spots = [p for p in pips if p.strength >= 0.4 * strength and p.roundness >= 0.6 and not p.open
             and 0.4 * typical <= p.area <= 2.0 * typical]
    others = np.array([p.centre for p in spots]).reshape(-1, 2)
    levels = np.array([p.strength / strength for p in spots])
    roundness = np.array([p.roundness for p in spots])
    reading = read_grid(peaks[channel], base, strength, centre, face_frames(chosen, centre, others, size), others, levels,
                        size, roundness)
    if reading is None:
        return None
    reading = with_ghosts_forgiven(reading, peaks[channel], base, strength, centre, pips, others, levels, roundness,
                                   size)
    possible_margin = margin_of_possible_spots(reading, peaks[channel], base, strength, centre)
    # the face explains the pips on its pattern's spots; the others (a neighbour's pip within its reach) are
    # left for other faces
    grid = (chosen - centre) @ np.linalg.inv(reading.steps)
    on_spots = np.hypot(grid[:, None, 0] - reading.spots[None, :, 0], grid[:, None, 1] - reading.spots[None, :, 1]
                        ).min(axis=1) <= 0.5
    if on_spots.any() and not on_spots.all():
        members = [m for m, on in zip(members, on_spots, strict=True) if on]
        strengths, face_pips = strengths[on_spots], [p for p, on in zip(face_pips, on_spots, strict=True) if on]
    contrast = contrast_over(float(strengths.min()), floor)
    # pips of a size a die of this size has (0.065 to 0.105 of its side, a big 1 up to twice that): a die's
    # size taken from something else (a blob of pips only) reads each pip as a die
    areas = np.array([p.area for p in face_pips])
    largest = 8.0 if reading.value == 1 else 3.5
    sized = float(np.clip(min((areas.min() - 0.1) / 0.15, (largest - areas.max()) / 0.5), 0, 1))
    straight = 1.0  # its shape: corners on a parallelogram, a 6's middle pips halfway along its columns
    if reading.value >= 4 and len(face_pips) == reading.value:
        points = np.array([p.centre for p in face_pips])
        straight = float(np.clip((0.15 - corner_skew(points)) / 0.05, 0, 1))
        if reading.value == 6:
            straight = min(straight, float(np.clip((0.1 - column_bend(points)) / 0.03, 0, 1)))
    sure = min(float(np.clip(reading.margin / 0.25, 0, 1)), contrast, sized, straight)
    # trusted at the end, unless anything doubts it (below, or after: in_doubt), without the impossible spots
    trusted = min(float(np.clip(possible_margin / 0.25, 0, 1)), contrast, sized, straight) if sure < 0.5 else 0.0
    if base_spread(face_pips) > BASE_SPREAD:
        trusted = 0.0
        sure = min(sure, UNSURE)  # its pips lie on faces lit unlike: a top face's pip read with a side's
    if len(face_pips) >= 3 and strengths.max() > UNLIKE_STRONGEST * median(strengths.tolist()) \
            and strengths.max() - median(strengths.tolist()) > UNLIKE_FLOORS * floor:
        trusted = 0.0
        sure = 0.0  # one pip of the face far stronger than the others: pips of two faces
    if reading.value == 6 and len(face_pips) >= 2 and outshone_by_one_pip(face_pips, pips, centre, size):
        trusted = 0.0
        sure = 0.0  # a translucent 1's bottom 6 seen through it, read with the 1's pip or round it (step 136)
    one_pip_found = len(face_pips) == 1
    if reading.value >= 3 and one_pip_found:
        trusted = 0.0
        sure = min(sure, UNSURE)  # one pip found, the rest of the face's spots seen in the peaks alone: at a die size
        # too large, a plain 1 with the table or a neighbour's edge at its grid's corners read as a sure 5 (6161/116);
        # step 89: seven seeds' wrong unflagged 20 to 16, photos exact +6, dice right +1
    if reading.value == 2 and len(face_pips) == 2 and squared_off(chosen, [p.centre for p in spots
                                                                   if p.strength >= 0.6 * strength]):
        trusted = 0.0
        sure = min(sure, UNSURE)  # two pips of a 4's side, its other two flattened by blur or glare (not frontal)
        # or taken into another face: test photos 879 to 883 exact, wrong unflagged 15 to 11 (three 4s read as
        # sure 2s now read right at another die size); tuning photos 4242 wrong unflagged 3 to 2, exact unchanged
    if len(face_pips) == 2 and unlike_pair(face_pips):
        trusted = max(trusted, sure)
        sure = 0.0  # no confidence: the pair then counts as two pips read badly, and a 1 read surely from the
        # stronger one (the other left unexplained) is chosen over it (choose_faces); a 2 still chosen, no 1 read
        # surely there, is trusted at the end as read when nothing else doubts it (step 78: tuning and test photos,
        # 3 and 7 right 2s were flagged for this alone, and no wrong one). Step 93: a larger face read from two
        # unlike pips too (a 3 from a 1's pip and its side's, 1919/334): test photos 929 to 930 exact; the seven
        # other seeds' exact the same, 5 right dice fewer flagged and 1 more (docs/piddle.md)
    if sure < UNCERTAIN_BELOW and (reading.value == 5 and one_pip_found and sure > 0.0
                                   or only_its_middle_stands_out(reading, peaks[channel], base, strength, centre)):
        # a 1: a translucent one's bottom 6 shows through at the corners of a 3 or a 5 read round its pip
        # (1919/805), or the grid was laid by spots that are no pips; read from the pip at its middle, in doubt.
        # Step 129: a 5 read with some confidence of which only the middle pip was found is such a 1 too, whatever
        # its corners (6161/116 and 6161/31 above; the ten seeds' 5s read in doubt from one pip at step 127 were
        # five 1s and an extra die, no 5). Not one read with none: it is no die (scan.a_lone_pip_read_as_a_face),
        # and as a 1 it is kept (ten seeds: two extra 1s more, 8181/85 and 8181/119)
        nearest = min(range(len(face_pips)), key=lambda k: math.hypot(*(face_pips[k].centre - centre)))
        pip = face_pips[nearest]
        if math.hypot(*(pip.centre - centre)) <= 0.5 * min(np.hypot(*reading.steps[0]), np.hypot(*reading.steps[1])):
            one_contrast = contrast_over(pip.strength, floor)
            return a_one(pip.centre, (members[nearest],), min(UNSURE, one_contrast), one_contrast, size)
    spacing = float(np.hypot(*reading.steps[0]) + np.hypot(*reading.steps[1])) / 2 if reading.value > 1 else 0.0
    checks = (float(np.clip(reading.margin / 0.25, 0, 1)), contrast, sized, reading.margin, straight)
    return Face(centre, tuple(members), reading.value, sure, spacing, checks,
                trusted_confidence=trusted if trusted >= UNCERTAIN_BELOW else 0.0), \
        footprint(centre, reading.steps, reading.value, size)


GHOST_LEVELS = (0.15, 0.65)  # of a face's pips' strength: a translucent die's bottom face's pips, seen through
# its top, stand out this much (a blend of the pips' colour into the body's: 0.3 to 0.5 of a pip, as a rule)
GHOST_LOUD = 0.3  # ... and every spot on the face at least this strong must be one of them for any to count
GHOST_NEAR = 0.45  # of a grid step: a spot this near a ghost's place is that ghost; an empty spot of the pattern
GHOST_COVERS = 0.6  # ... this near a ghost's place is covered by it
GHOST_SEEN = 0.6  # the least share of the ghosts' places on the face that must show a spot (two at the least)


def grid_values(peaks: Floats, base: float, strength: float, centre: Doubles, steps: Doubles
                ) -> dict[tuple[int, int], float]:
    """How much the place of each of the nine spots of a face's grid stands out (scan_kernels.grid_reading's
    levels: its height over the face's base, as a share of its pips' strength; 0 off the picture)."""
    values = {}
    for i, j in GRID:
        place = centre + i * steps[0] + j * steps[1]
        row, col = int(np.rint(place[0])), int(np.rint(place[1]))
        inside = 0 <= row < peaks.shape[0] and 0 <= col < peaks.shape[1]
        values[(i, j)] = float((peaks[row, col] - np.float32(base)) / np.float32(strength)) if inside else 0.0
    return values


ONE_MIDDLE = (0.8, 1.25)  # of a face's pips' strength: the middle spot of a 3 or a 5 read as a 1 stands out as a pip


def a_one(centre: Doubles, members: tuple[int, ...], confidence: float, contrast: float, size: float
          ) -> tuple[Face, Footprint]:
    """A 1 read from one pip (members: it, and any pips it stands for), not from a grid: no spacing, and its
    checks its pip's contrast alone; where it lies, a disc."""
    return Face(centre, members, 1, confidence, 0.0, (1.0, contrast, 1.0, 0.5, 1.0)), \
        footprint(centre, np.eye(2), 1, size)


def only_its_middle_stands_out(reading: Reading, peaks: Floats, base: float, strength: float, centre: Doubles
                               ) -> bool:
    """Whether a 3 or a 5 shows a pip at its middle (ONE_MIDDLE) and its other spots stand out no more than a
    translucent die's bottom face's pips do (GHOST_LEVELS' top share of it): a 1, whose bottom 6's pips, seen
    through its body, or spots that are no pips, laid the grid it was read on (step 124)."""
    if reading.value not in (3, 5) or abs(np.linalg.det(reading.steps)) < 1e-6:
        return False
    values = grid_values(peaks, base, strength, centre, reading.steps)
    middle = values[(0, 0)]
    others = {(int(round(i)), int(round(j))) for i, j in reading.spots} - {(0, 0)}
    return ONE_MIDDLE[0] <= middle <= ONE_MIDDLE[1] and all(values[spot] <= GHOST_LEVELS[1] * middle for spot in others)


def pattern_terms(reading: Reading, peaks: Floats, base: float, strength: float, centre: Doubles
                  ) -> tuple[set[tuple[int, int]], dict[tuple[int, int], float]]:
    """A reading's pattern (its spots on the grid) and, for each of the grid's nine spots, its term of the margin:
    how far above half a pip's spot stands out, how far below half an empty one (grid_values)."""
    pattern = {(int(round(a)), int(round(b))) for a, b in reading.spots}
    terms = {spot: value - 0.5 if spot in pattern else 0.5 - value
             for spot, value in grid_values(peaks, base, strength, centre, reading.steps).items()}
    return pattern, terms


def ghost_places(faint: list[Doubles], loud: list[Doubles], value: int) -> list[Doubles] | None:
    """Where the pips of a translucent die's bottom face show through its top face (grid coordinates of the top
    face), when the faint spots on it (faint: their grid coordinates; loud: those of GHOST_LOUD or more) are those
    pips: the pattern of the bottom face (7 less the top's value), on the top face's grid (the faces are parallel),
    shifted by the view's slant through the body (any shift: one of the spots is any of its pips), such that two
    or more of its places on the top face show a spot, GHOST_SEEN of them at the least, and every loud spot is one
    of them. None when no shift does so: a faint spot that fits no ghost pattern may be a pip of the top face
    itself, washed out by glare (a 2 read as a 1), and keeps its doubt."""
    best: tuple[int, list[Doubles]] | None = None
    for below in PATTERNS[7 - value]:
        places = [np.array(spot, dtype=np.float64) for spot in below]
        for spot in faint:
            for place in places:
                ghosts = [other + (spot - place) for other in places]
                on_face = sum(max(abs(g[0]), abs(g[1])) <= 1.5 for g in ghosts)
                seen = sum(min(math.hypot(*(f - g)) for g in ghosts) <= GHOST_NEAR for f in faint)
                if on_face >= 2 and seen >= max(2, GHOST_SEEN * on_face) and (best is None or seen > best[0]) \
                        and all(min(math.hypot(*(f - g)) for g in ghosts) <= GHOST_NEAR for f in loud):
                    best = (seen, ghosts)
    return best[1] if best is not None else None


def with_ghosts_forgiven(reading: Reading, peaks: Floats, base: float, strength: float, centre: Doubles,
                         pips: list[Pip], spots: Doubles, spot_levels: Doubles, spot_round: Doubles, size: float
                         ) -> Reading:
    """A face's reading with its margin taken without what the pips of a translucent die's bottom face seen
    through its top (ghost_places) do to it: the empty spots of its pattern they cover, the spots off its grid
    they are and the strong round spots near its centre they are, that no pip of its pattern explains
    (scan_kernels.grid_reading; spots, spot_levels, spot_round: the spots read_grid was given). A ghost stands out
    0.3 to 0.5 as much as a pip, and a right face read near half on an empty spot was flagged (tuning photos: 27
    right translucent dice flagged so). Only when the faint spots on the face (GHOST_LEVELS, round and closed,
    off the pattern's pips) make the bottom face's pattern; never lower than the margin read."""
    if reading.margin >= 0.25 or abs(np.linalg.det(reading.steps)) < 1e-6:
        return reading  # read with full confidence already, or no grid to place ghosts on
    pattern, terms = pattern_terms(reading, peaks, base, strength, centre)
    nine = min(terms.values())
    off_grid = reading.margin < nine - 1e-6  # a spot off the grid or a missing pip limits it, not the nine
    if not off_grid and min(terms, key=lambda spot: terms[spot]) in pattern:
        return reading  # a pip of its own is what limits it
    inverse = np.linalg.inv(reading.steps)

    def on_pattern(place: Doubles) -> bool:
        return min(math.hypot(place[0] - i, place[1] - j) for i, j in pattern) <= GHOST_NEAR

    faint, loud = [], []
    for pip in pips:
        level = pip.strength / strength
        place = (pip.centre - centre) @ inverse
        if GHOST_LEVELS[0] <= level <= GHOST_LEVELS[1] and pip.roundness >= 0.6 and not pip.open \
                and max(abs(place[0]), abs(place[1])) <= 1.5 and not on_pattern(place):
            faint.append(place)
            if level >= GHOST_LOUD:
                loud.append(place)
    ghosts = ghost_places(faint, loud, reading.value) if len(faint) >= 2 else None
    if ghosts is None:
        return reading

    def ghostly(place: Doubles | tuple[int, int], reach: float) -> bool:
        return min(math.hypot(place[0] - g[0], place[1] - g[1]) for g in ghosts) <= reach

    margin = min(term for spot, term in terms.items() if spot in pattern or not ghostly(spot, GHOST_COVERS))
    if off_grid:  # grid_reading's terms for the spots it was given, ghosts left out
        missing = 0
        for spot, level, roundness in zip(spots, spot_levels, spot_round, strict=True):
            place = (spot - centre) @ inverse
            if on_pattern(place) or ghostly(place, GHOST_NEAR):
                continue
            distance = math.hypot(*(spot - centre))
            if (max(abs(place[0]), abs(place[1])) <= 1.45 or distance <= 0.37 * size) and level >= 0.5:
                margin = min(margin, 0.5 - level)
            missing += distance <= 0.45 * size and roundness >= 0.72 and level >= 0.55
        margin -= 0.5 * missing
    return dataclasses.replace(reading, margin=max(reading.margin, margin))


LOST_TOO = 0.25  # margin term: a spot standing out more than a quarter as much as a pip (0.5 less this) shows a pip
# the face may have lost


def margin_of_possible_spots(reading: Reading, peaks: Floats, base: float, strength: float, centre: Doubles
                             ) -> float:
    """A face's margin with the empty spots of its grid left out where no die could have a pip beside the pips
    read (the pattern with that spot is part of no face's: a 3's diagonal and a spot midway along a side, a 5 and
    one there, a 6 and its middle): what stands out there less than half as much as a pip is not a pip the face
    lost (a translucent die's ghost, a neighbour's pip or glare within a pip's reach), and the face is trusted
    without it when nothing else doubts it (`scan.with_trust_restored`). Not for a 1 (its grid is not seen),
    nor when a spot off the grid or a missing pip limits the margin (grid_reading). A 4's spot midway along a side
    is a 6's lost pip only if the spot opposite it stands out too (LOST_TOO: a 6 that lost both middle pips to
    glare or blur shows both a little; one alone is a ghost or a neighbour's pip; step 80: tuning and test photos,
    2 and 4 right 4s flagged so are trusted, none wrong; the 4's middle stays a 5's possible lost pip). Not for a
    3 (a corner spot a 5's lost pip only with the other corner): a wrong 3 of 5353/102 was trusted so; for a 2 no
    die changed."""
    if reading.value < 2 or reading.margin >= 0.25 or abs(np.linalg.det(reading.steps)) < 1e-6:
        return reading.margin
    pattern, terms = pattern_terms(reading, peaks, base, strength, centre)
    if reading.margin < min(terms.values()) - 1e-6:
        return reading.margin

    def lost_pip_place(spot: tuple[int, int]) -> bool:
        return any(pattern | {spot} <= face and (reading.value != 4 or all(terms[other] < LOST_TOO
                                                                          for other in face - pattern))
                   for faces in PATTERNS.values() for face in faces)

    possible = [term for spot, term in terms.items() if spot in pattern or term <= 0 or lost_pip_place(spot)]
    return max(reading.margin, min(possible))


def squared_off(pair: Doubles, spots: list[Doubles]) -> bool:
    """Whether two of the spots lie where they would make a square with a pair of pips, the pair one of its sides
    (each within a quarter of the pair's distance of its corner)."""
    along = pair[1] - pair[0]
    across = np.array([-along[1], along[0]])
    reach = 0.25 * math.hypot(*along)
    for turn in (across, -across):
        if all(any(math.hypot(*(spot - corner)) <= reach for spot in spots) for corner in (pair[0] + turn, pair[1] + turn)):
            return True
    return False


def corner_skew(points: Doubles) -> float:
    """How far a face's four corner pips (the four farthest from the pips' middle) are from a parallelogram: the
    distance between the midpoints of its diagonals, over half their mean length. A face in perspective is nearly
    one (0.045 at most for 99 in 100 right 4s, 5s and 6s of the tuning photos); pips of two faces are not."""
    corners = points[np.argsort(-np.hypot(*(points - points.mean(axis=0)).T))[:4]]
    turn = np.arctan2(*(corners - corners.mean(axis=0)).T)
    ring = corners[np.argsort(turn)]
    half = (math.hypot(*(ring[0] - ring[2])) + math.hypot(*(ring[1] - ring[3]))) / 4
    return math.hypot(*((ring[0] + ring[2]) / 2 - (ring[1] + ring[3]) / 2)) / max(half, 1e-6)


def column_bend(points: Doubles) -> float:
    """How far a 6's middle pips (points: its six) are from halfway between the pips at the ends of their column,
    over half the column's length. A 6 seen in perspective keeps them halfway (0.06 at the most, 0.035 for 99 in
    100, on the tuning photos); a 4 with two of its side's pips taken for a third row, foreshortened, does not
    (0.07 to 0.2)."""
    centre = points.mean(axis=0)
    order = np.argsort(-np.hypot(*(points - centre).T))
    corners, middles = points[order[:4]], points[order[4:]]
    bend = 0.0
    for middle in middles:
        ends = corners[np.argsort(np.hypot(*(corners - middle).T))[:2]]
        half = math.hypot(*(ends[0] - ends[1])) / 2
        bend = max(bend, math.hypot(*(middle - ends.mean(axis=0))) / max(half, 1e-6))
    return bend


def choose_faces(candidates: list[tuple[frozenset[int], Face, Footprint]], count: int
                 ) -> list[tuple[frozenset[int], Face, Footprint]]:
    """The set of candidate faces (pips, face, footprint), no pip in two faces and no two overlapping, that explains
    the most of the `count` frontal pips and reads them best: each face counts its pips, a pip read with no
    confidence 0.4 of one read with full confidence (a side's pip taken into a face makes it read badly: a 4 and
    a pip of its side are no 6), less a little a face (one 2 rather than two 1s); of sets as good, each face read
    with full confidence, the one whose grids read with the larger margins (checks[3])."""
    ranked = sorted(candidates, key=lambda c: (-len(c[0]), -c[1].confidence))
    best: list[int] = []
    best_key = (-1.0, -1, -1.0)
    budget = [4000]
    # the search asks about the same pairs again and again: each pair's overlap is worked out once
    clashes: dict[tuple[int, int], bool] = {}

    def clash(k: int, j: int) -> bool:
        known = clashes.get((k, j))
        if known is None:
            known = clashes[k, j] = ranked[k][2].overlaps(ranked[j][2])
        return known

    def search(start: int, chosen: list[int], used: frozenset[int]) -> None:
        nonlocal best, best_key
        budget[0] -= 1
        faces = [ranked[j][1] for j in chosen]
        # a tie between sets of sure faces goes to the better read grids (step 125: 2121/104, a 2's lower pip read
        # with a 1's pip beside it as surely as with its own other pip, which was then left a 1)
        key = (sum(len(ranked[j][0]) * (0.4 + 0.6 * ranked[j][1].confidence) - 0.25 for j in chosen), len(used),
               sum(face.checks[3] for face in faces) if all(face.confidence >= 1.0 for face in faces) else -1.0)
        if key > best_key:
            best, best_key = list(chosen), key
        if budget[0] <= 0 or len(used) == count:
            return
        for k in range(start, len(ranked)):
            if ranked[k][0] & used or any(clash(k, j) for j in chosen):
                continue
            search(k + 1, chosen + [k], used | ranked[k][0])

    search(0, [], frozenset())
    return [ranked[j] for j in best]
