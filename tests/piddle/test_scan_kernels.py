"""The photo reader's numba kernels (piddle.scan_kernels) against slow, plain references: the area average against
the overlap of every pixel with every cell, the pip measures against scipy's labelling and numpy's covariance (the
reader's own code before the kernel), the grid reading against numpy over all frames and patterns at once (the
same). The regions measured are cut from photos of the independent generator (tests/photo_world.py)."""

import math

import numpy as np
import pytest
from scipy import ndimage

from photo_world import world_photo
from tablegames.piddle import scan, scan_faces, scan_kernels
from tablegames.piddle.scan_kernels import (
    area_average,
    binary_opening,
    binned,
    blob_differences,
    blob_sums,
    cubic_surface,
    cut_off_thinness,
    doubled,
    flattened,
    gaussian_blur,
    halved,
    holes_filled,
    hue_distance,
    labelled,
    labels_kept,
    opened_part,
    peak_places,
    pixel_detail,
    plus_bilinear,
    settled_faces,
    shadow_pixels,
    slope_places,
    square_window,
    wide_blur,
    window_maxima,
)


def reference_area_average(image: np.ndarray, box: tuple[int, int, int, int], rows: int, cols: int) -> np.ndarray:
    """The means of whole step x step blocks (step: the whole number of pixels a cell spans both ways, a ragged
    edge dropped), then each cell the mean of the blocks under it, each weighted by the area it shares with the
    cell."""
    top, bottom, left, right = box
    step = max(1, min((bottom - top) // rows, (right - left) // cols))
    block_rows, block_cols = (bottom - top) // step, (right - left) // step
    part = image[top:top + block_rows * step, left:left + block_cols * step].astype(np.float64)
    blocks = part.reshape(block_rows, step, block_cols, step, -1).mean(axis=(1, 3))

    def overlaps(cells: int, pixels: int) -> np.ndarray:
        scale = pixels / cells
        share = np.zeros((cells, pixels))
        for cell in range(cells):
            for pixel in range(pixels):
                share[cell, pixel] = max(0.0, min((cell + 1) * scale, pixel + 1) - max(cell * scale, pixel))
        return share / scale

    return np.einsum("ir,jc,rck->ijk", overlaps(rows, block_rows), overlaps(cols, block_cols), blocks)


@pytest.mark.parametrize("shape, box, size", [
    ((90, 120, 3), (0, 90, 0, 120), (38, 51)),  # factor 2.35: blocks of 2, then 1.18
    ((91, 121, 3), (7, 84, 11, 102), (30, 29)),  # a box inside the picture, a ragged edge
    ((50, 70, 1), (0, 50, 0, 70), (50, 70)),  # one channel, the same size
    ((64, 64, 3), (0, 64, 0, 64), (1, 1)),  # one cell: the mean
])
def test_area_average_matches_the_pixel_by_pixel_overlap(shape, box, size):
    rng = np.random.default_rng(19)
    image = rng.integers(0, 256, shape, dtype=np.uint8)
    expected = reference_area_average(image, box, *size)
    assert np.allclose(area_average(image, *box, *size), expected, atol=2e-3)  # float32 sums of 0-255
    # bytes summed as whole numbers: what float32 sums of them are, to the bit
    assert np.array_equal(area_average(image, *box, *size, True), area_average(image, *box, *size))
    floats = (image / 255.0).astype(np.float32)
    assert np.allclose(area_average(floats, *box, *size), expected / 255.0, atol=1e-5)


def reference_pips(maps, sign, mask, around, size, floor):
    """scan_faces.find_pips's measures of the places proposed, written with scipy and numpy, place by place (the
    reader's code before the kernel)."""
    radius = scan_faces.PIP_SHARE * size
    blobs = sign * maps.blobs_for(sign)
    kept = []
    for row, col in zip(*scan_faces.proposed_places(maps, sign, around, size, floor), strict=True):
        if all((row - r) ** 2 + (col - c) ** 2 > (0.9 * radius) ** 2 for r, c in kept):
            kept.append((int(row), int(col)))
    height, width = blobs.shape[1:]
    ring = scan_faces.ring_offsets(1.9 * radius)
    core = scan_faces.eroded(mask, 1)
    reach = int(math.ceil(2.2 * radius)) + 1
    found = []
    for k, (row, col) in enumerate(kept):
        channel = int(np.argmax(blobs[:, row, col]))
        level = sign * maps.logs[channel]
        ring_rows, ring_cols = np.clip(row + ring[:, 0], 0, height - 1), np.clip(col + ring[:, 1], 0, width - 1)
        ring_levels = level[ring_rows, ring_cols]
        on_die = core[ring_rows, ring_cols]
        judged = ring_levels[on_die] if on_die.sum() >= len(on_die) // 2 else ring_levels
        ordered = np.sort(judged)  # the linear percentile, in the maps' float32
        position = scan_faces.BASE_PERCENTILE / 100 * (len(ordered) - 1)
        low = int(position)
        high = min(low + 1, len(ordered) - 1)
        base = float(ordered[low] + (position - low) * (ordered[high] - ordered[low]))
        strength = float(level[row, col]) - base
        if strength < floor:
            continue
        surround = 1.0 - float(np.mean(judged <= level[row, col] - 0.5 * strength))
        top, bottom, left, right = max(row - reach, 0), min(row + reach + 1, height), max(col - reach, 0), \
            min(col + reach + 1, width)
        patch = level[top:bottom, left:right]
        grid_rows, grid_cols = np.mgrid[top:bottom, left:right]
        nearest = np.ones(patch.shape, dtype=bool)
        for j, (other_row, other_col) in enumerate(kept):
            if j != k and abs(other_row - row) <= 2 * reach and abs(other_col - col) <= 2 * reach:
                nearest &= ((grid_rows - row) ** 2 + (grid_cols - col) ** 2
                            <= (grid_rows - other_row) ** 2 + (grid_cols - other_col) ** 2)
        for share in (0.5, 0.7):
            cut = base + share * strength
            inside, _ = ndimage.label(patch > cut)
            region = (inside == inside[row - top, col - left]) & nearest
            opened = bool(region[0].any() or region[-1].any() or region[:, 0].any() or region[:, -1].any())
            if not opened:
                break
        centre, roundness = reference_shape(patch, cut, region, top, left)
        if roundness < scan_kernels.OPEN_BELOW or opened:
            piece = reference_opening(region, (row - top, col - left), scan_kernels.OPENING * radius)
            if piece.sum() >= scan_kernels.OPENED_AREA * math.pi * radius * radius \
                    and reference_thinness(region & ~piece) >= scan_kernels.OPENED_LINE:
                piece_centre, piece_roundness = reference_shape(patch, cut, piece, top, left)
                if piece_roundness >= scan_kernels.OPENED_ROUND:
                    centre, roundness, region = piece_centre, piece_roundness, piece
                    opened = bool(piece[0].any() or piece[-1].any() or piece[:, 0].any() or piece[:, -1].any())
        if roundness < scan_kernels.OPEN_BELOW and sign > 0 and surround <= scan_kernels.CORE_SURROUND:
            core_cut = base + scan_kernels.CORE_SHARE * strength
            parts, _ = ndimage.label(patch > core_cut)
            core_part = (parts == parts[row - top, col - left]) & nearest
            core_edge = bool(core_part[0].any() or core_part[-1].any() or core_part[:, 0].any()
                             or core_part[:, -1].any())
            if core_part.sum() >= scan_kernels.CORE_AREA * math.pi * radius * radius and not core_edge:
                core_centre, core_roundness = reference_shape(patch, core_cut, core_part, top, left)
                if core_roundness >= scan_kernels.OPENED_ROUND:
                    centre, roundness = core_centre, core_roundness
        # the ring again round its centre: where the part of it not below half its strength lies
        centre_row = min(max(int(np.rint(centre[0])), 0), height - 1)
        centre_col = min(max(int(np.rint(centre[1])), 0), width - 1)
        ring_rows = np.clip(centre_row + ring[:, 0], 0, height - 1)
        ring_cols = np.clip(centre_col + ring[:, 1], 0, width - 1)
        on_die = core[ring_rows, ring_cols]
        judged = on_die if on_die.sum() >= len(on_die) // 2 else np.ones_like(on_die)
        lit = judged & (level[ring_rows, ring_cols] > level[row, col] - 0.5 * strength)
        lit_offset = ring[lit].mean(axis=0) if lit.any() else np.zeros(2)
        inside, outward = reference_way_out(mask, (centre_row, centre_col), int(math.ceil(size)))
        lengths = np.linalg.norm(outward) * np.linalg.norm(lit_offset)
        lit_outside = float(outward @ lit_offset / lengths) if lengths > 0 else 0.0
        found.append((centre, strength, region.sum() / (math.pi * radius * radius), roundness, surround, opened,
                      base, channel, inside / size, lit_outside))
    return found


def reference_way_out(mask, centre, reach):
    """The distance from a place to the nearest pixel off the mask within `reach` each way (reach + 1 when there is
    none), and the offset to it: of the nearest, the one on the innermost square round the place, then the first in
    row order."""
    rows, cols = np.nonzero(~mask)
    near = (np.abs(rows - centre[0]) <= reach) & (np.abs(cols - centre[1]) <= reach)
    rows, cols = rows[near] - centre[0], cols[near] - centre[1]
    squared = rows ** 2 + cols ** 2
    if not len(rows) or squared.min() >= (reach + 1) ** 2:
        return reach + 1.0, np.zeros(2)
    first = np.lexsort((cols, rows, np.maximum(np.abs(rows), np.abs(cols)), squared))[0]
    return math.sqrt(squared[first]), np.array([rows[first], cols[first]], dtype=float)


def reference_shape(patch, cut, region, top, left):
    """A pip's centre (photo's rows, cols) and roundness from the weighted covariance of its pixels."""
    region_rows, region_cols = np.nonzero(region)
    weight = patch[region] - cut + 1e-3
    centre = (np.average(region_rows, weights=weight) + top, np.average(region_cols, weights=weight) + left)
    roundness = 1.0
    if len(region_rows) >= 3:
        low, high = np.linalg.eigvalsh(np.cov(np.stack([region_rows, region_cols]).astype(float), aweights=weight))
        roundness = math.sqrt(max(low, 1e-6) / max(high, 1e-6))
    return centre, roundness


def reference_opening(region, start, reach):
    """scan_kernels.opened_part with scipy: the region eroded by a disk (outside the window counts as outside
    the region), the 4-connected group nearest the start (the first in row order of the nearest), dilated back
    by the disk within the region."""
    span = int(reach)
    offsets = np.mgrid[-span:span + 1, -span:span + 1]
    disk = offsets[0] ** 2 + offsets[1] ** 2 <= reach * reach
    core = ndimage.binary_erosion(region, disk, border_value=0)
    if not core.any():
        return np.zeros_like(region)
    groups, _ = ndimage.label(core)
    rows, cols = np.nonzero(core)
    nearest = int(np.argmin((rows - start[0]) ** 2 + (cols - start[1]) ** 2))
    group = groups == groups[rows[nearest], cols[nearest]]
    return ndimage.binary_dilation(group, disk) & region


def reference_thinness(pixels):
    """1 less the roundness of a set of pixels (its unweighted covariance, ddof 0); 0 for fewer than three."""
    rows, cols = np.nonzero(pixels)
    if len(rows) < 3:
        return 0.0
    low, high = np.linalg.eigvalsh(np.cov(np.stack([rows, cols]).astype(float), bias=True))
    return 1.0 - math.sqrt(max(low, 0.0) / max(high, 1e-6))


def regions_of(seed: int, count: int):
    """(maps, mask, around, size) of every blob the reader cuts from some photos of the independent generator."""
    for index in range(count):
        rgb = world_photo(seed, index).image
        blobs = scan.find_blobs(rgb)
        assert isinstance(blobs, scan.Blobs)
        for label in blobs.chosen:
            region = scan.cut_region(rgb, blobs, label, blobs.die_pixels)
            maps = scan_faces.spot_maps(region.crop, region.mask, region.size)
            around = scan_faces.grown(region.mask, max(1, int(scan_faces.AROUND * region.size)))
            yield maps, region.mask, around, region.size


def test_pip_measures_match_the_reference_on_generated_photos():
    compared = 0
    for maps, mask, around, size in regions_of(7, 3):
        floor = 0.6 * max(scan_faces.MIN_PIP_CONTRAST, 4 * maps.noise)
        for sign in (1, -1):
            pips = scan_faces.find_pips(maps, sign, mask, around, size, floor)
            expected = reference_pips(maps, sign, mask, around, size, floor)
            assert len(pips) == len(expected)
            for pip, (centre, strength, area, roundness, surround, opened, base, channel, inside, lit_outside) in zip(
                    pips, expected, strict=True):
                assert pip.centre == pytest.approx(centre, abs=1e-4)
                assert (pip.inside, pip.lit_outside) == pytest.approx((inside, lit_outside), abs=1e-9)
                assert (pip.strength, pip.area, pip.surround, pip.base) == pytest.approx(
                    (strength, area, surround, base), abs=1e-5)
                assert pip.roundness == pytest.approx(roundness, abs=1e-4)
                assert (pip.open, pip.channel) == (opened, channel)
            compared += len(pips)
    assert compared >= 100  # pips and the table's specks, light and dark


def reference_grid(level, centre, frames, spots, spot_levels, size, spot_round):
    """scan_faces.read_grid in numpy, every frame and pattern at once (the reader's code before the kernel):
    (value, margin, steps) or None."""
    lengths = np.hypot(frames[..., 0], frames[..., 1]) / size
    keep = (np.abs(np.linalg.det(frames)) > 1e-6) & np.all((lengths >= 0.17) & (lengths <= 0.36), axis=1)
    steps = frames[keep]
    if len(steps) == 0:
        return None
    height, width = level.shape
    where = centre[None, None, :] + np.einsum("sk,fkd->fsd", np.array(scan_faces.GRID, dtype=float), steps)
    rows, cols = np.rint(where[..., 0]).astype(int), np.rint(where[..., 1]).astype(int)
    inside_picture = (rows >= 0) & (rows < height) & (cols >= 0) & (cols < width)
    values = np.where(inside_picture, level[np.clip(rows, 0, height - 1), np.clip(cols, 0, width - 1)], 0.0)
    margins = np.where(scan_faces.PATTERN_MASK[None], values[:, None, :] - 0.5, 0.5 - values[:, None, :]).min(axis=2)
    missing = np.zeros_like(margins)
    grid = np.einsum("fij,sj->fsi", np.linalg.inv(np.transpose(steps, (0, 2, 1))), spots - centre)
    distance = np.hypot(*(spots - centre).T)
    inside = ((np.abs(grid).max(axis=2) <= 1.45) | (distance <= 0.37 * size)[None, :]) & (spot_levels >= 0.5)[None, :]
    within = ((distance <= 0.45 * size) & (spot_round >= 0.72) & (spot_levels >= 0.55))[None, :]
    for p, pattern in enumerate(scan_faces.PATTERN_SPOTS):
        nearest = np.min(np.hypot(grid[:, :, None, 0] - pattern[None, None, :, 0],
                                  grid[:, :, None, 1] - pattern[None, None, :, 1]), axis=2)
        unexplained = nearest > 0.45
        penalty = np.where(inside & unexplained, 0.5 - spot_levels[None, :], np.inf).min(axis=1)
        margins[:, p] = np.minimum(margins[:, p], penalty)
        missing[:, p] = (within & unexplained).sum(axis=1)
    margins = margins - 0.5 * missing
    best = int(np.argmax(margins))
    frame, pattern = best // margins.shape[1], best % margins.shape[1]
    return scan_faces.PATTERN_LIST[pattern][0], float(margins[frame, pattern]), steps[frame]


def test_grid_reading_matches_the_reference_on_random_faces():
    """Faces of random pips on a noisy level map, read on the frames face_frames proposes (a sweep for one or two
    pips, corners and diagonals for more), some frames too small or too large to be a die's."""
    rng = np.random.default_rng(1919)
    size = 60.0
    read = 0
    for _ in range(300):
        level = rng.normal(0.0, 0.25, (80, 80)).astype(np.float32)
        centre = rng.uniform(30, 50, 2)
        count = int(rng.integers(1, 7))
        pips = centre + rng.normal(0, 0.2 * size, (count, 2))
        for row, col in pips.astype(int).clip(0, 79):
            level[max(row - 2, 0):row + 3, max(col - 2, 0):col + 3] += 1.0
        spots = np.vstack([pips, centre + rng.normal(0, 0.3 * size, (int(rng.integers(0, 4)), 2))])
        spot_levels = rng.uniform(0.3, 1.2, len(spots))
        spot_round = rng.uniform(0.5, 1.0, len(spots))
        frames = scan_faces.face_frames(pips, centre, spots, size)
        frames = np.concatenate([frames, rng.normal(0, 0.3 * size, (3, 2, 2))])  # some no die has
        base, strength = float(rng.uniform(-0.2, 0.2)), float(rng.uniform(0.5, 2.0))
        peaks = (level * strength + base).astype(np.float32)
        reading = scan_faces.read_grid(peaks, base, strength, centre, frames, spots, spot_levels, size, spot_round)
        expected = reference_grid((peaks - base) / strength, centre, frames, spots, spot_levels, size, spot_round)
        assert (reading is None) == (expected is None)
        if reading is not None:
            assert reading.value == expected[0]
            assert reading.margin == pytest.approx(expected[1], abs=1e-5)
            assert np.array_equal(reading.steps, expected[2])
            read += 1
    assert read >= 250


def test_the_light_surface_is_the_cubic_polynomial_at_every_pixel():
    from tablegames.piddle.scan import SURFACE_POWERS

    rng = np.random.default_rng(5)
    coefficients = rng.normal(0.4, 0.3, (len(SURFACE_POWERS), 3))
    height, width = 37, 53
    y, x = np.mgrid[0:height, 0:width]
    y, x = y / height - 0.5, x / width - 0.5
    expected = sum(c[None, None, :] * (x**a * y**b)[..., None] for (a, b), c in zip(SURFACE_POWERS, coefficients,
                                                                                    strict=True))
    fx, fy = (np.arange(width) / width - 0.5).astype(np.float32), (np.arange(height) / height - 0.5).astype(np.float32)
    surface = cubic_surface(np.array([fx**a for a in range(4)]), np.array([fy**b for b in range(4)]),
                                 coefficients.astype(np.float32), np.array(SURFACE_POWERS), 0.02)
    assert np.allclose(surface, np.maximum(expected, 0.02), atol=1e-5)


def test_plus_bilinear_adds_the_grid_interpolated_between_cell_centres():
    rng = np.random.default_rng(6)
    coarse = rng.random((6, 9, 3)).astype(np.float32)
    field = rng.normal(0, 0.2, (48, 71, 3)).astype(np.float32)
    result = plus_bilinear(field, coarse, *scan.bilinear_weights(48, 6), *scan.bilinear_weights(71, 9), 0.02)

    def along(values: np.ndarray, size: int, axis: int) -> np.ndarray:  # cell centres at (i + 0.5) / cells
        cells = values.shape[axis]
        places, centres = (np.arange(size) + 0.5) / size, (np.arange(cells) + 0.5) / cells
        return np.apply_along_axis(lambda line: np.interp(places, centres, line), axis, values)

    expected = np.maximum(field + along(along(coarse.astype(np.float64), 48, 0), 71, 1), 0.02)
    assert np.allclose(result, expected, atol=1e-5)


@pytest.mark.parametrize("shape, sigmas", [
    ((3, 150, 170), (0, 8.7, 8.7)),  # a region's spot maps: the outer blur, 71 weights
    ((3, 150, 170), (0, 1.36, 1.36)),  # ... the light smoothing
    ((3, 20, 9), (0, 8.7, 8.7)),  # a region narrower than the kernel: the ends reflected again and again
    ((389, 512, 3), (0.7, 0.7, 0)),  # the working picture, channels last
    ((48, 64), (5.3, 5.3)),  # the table's coarse residual weights
    ((1, 1, 3), (0.7, 0.7, 0)),  # a single pixel
    ((7, 5, 2), (0.0, 0.0, 0.0)),  # no blur: the picture as it is
])
def test_gaussian_blur_is_scipys_to_the_bit(shape, sigmas):
    image = np.log(np.random.default_rng(11).random(shape, dtype=np.float32) + 0.1)
    assert np.array_equal(gaussian_blur(image, sigmas), ndimage.gaussian_filter(image, sigmas))


def test_gaussian_blur_refuses_what_it_does_not_blur_as_scipy_does():
    with pytest.raises(ValueError, match="float32"):
        gaussian_blur(np.zeros((4, 4)), (1.0, 1.0))
    with pytest.raises(ValueError, match="a sigma an axis"):
        gaussian_blur(np.zeros((4, 4), dtype=np.float32), (1.0,))


def test_opening_is_scipys():
    rng = np.random.default_rng(12)
    for _ in range(100):
        mask = rng.random(tuple(rng.integers(1, 40, 2))) < rng.random()
        for iterations in (1, 2, 3):
            assert np.array_equal(binary_opening(mask, iterations), ndimage.binary_opening(mask, iterations=iterations))


@pytest.mark.parametrize("shape, sigma", [
    ((3, 121, 110), 8.7),  # a 64-pixel die's surround, odd rows
    ((4, 64, 63), 5.4),  # a small die's, odd columns
    ((3, 40, 41), 4.0),  # the narrowest taken at half the resolution
    ((3, 33, 32), 4.0),  # an odd row left out of the means
    ((1, 1, 1), 6.0),  # a single pixel: blurred as it is
    ((2, 15, 40), 9.0),  # a picture under 16 pixels a side: blurred as it is
])
def test_a_wide_blur_is_within_one_percent_of_scipys_on_a_step(shape, sigma):
    """Taken at half the resolution, a blur as wide as a die's surround is still the blur (of a square's corner in
    the middle of the picture, away from its edges)."""
    image = np.zeros(shape, dtype=np.float32)
    image[:, shape[1] // 2:, shape[2] // 2:] = 1.0  # a corner of a square
    expected = ndimage.gaussian_filter(image, (0, sigma, sigma))
    assert np.abs(wide_blur(image, sigma) - expected).max() <= 0.011


@pytest.mark.parametrize(("sign", "table", "body", "pip"), [(1, 0.12, (0.8, 0.72, 0.75), 1.0),
                                                            (-1, 0.9, (0.45, 0.4, 0.42), 0.08)])
@pytest.mark.parametrize("inset", [8, 10, 12, 14])
def test_a_pip_by_a_dies_edge_is_proposed_at_its_centre(sign, table, body, pip, inset):
    """A die 64 pixels across on a table darker (or lighter) than it, with a light (or dark) pip `inset` pixels in
    from its top edge: the place proposed for the pip is its centre, not pulled toward the edge (it was 2 to 7
    pixels off for a light pip, 1 for a dark one, when the surround took in the table)."""
    size = 64.0
    crop = np.full((110, 110, 3), table, dtype=np.float32)
    crop[23:87, 23:87] = body
    rows, cols = np.mgrid[:110, :110]
    centre = 23 + inset
    crop[(rows - centre) ** 2 + (cols - 55) ** 2 <= (scan_faces.PIP_SHARE * size) ** 2] = pip
    mask = np.zeros((110, 110), dtype=bool)
    mask[23:87, 23:87] = True
    maps = scan_faces.spot_maps(crop, mask, size)
    around = scan_faces.grown(mask, max(1, int(scan_faces.AROUND * size)))
    floor = 0.6 * max(scan_faces.MIN_PIP_CONTRAST, 4 * maps.noise)
    places = scan_faces.proposed_places(maps, sign, around, size, floor)
    assert np.hypot(places[0] - centre, places[1] - 55).min() <= 1.0


@pytest.mark.parametrize("shape", [(3, 120, 110), (4, 61, 55), (1, 3, 2), (2, 2, 7)])
def test_halving_takes_the_means_of_2_x_2_blocks(shape):
    image = np.random.default_rng(13).random(shape, dtype=np.float32)
    height, width = shape[1] // 2 * 2, shape[2] // 2 * 2
    expected = image[:, :height, :width].reshape(shape[0], height // 2, 2, width // 2, 2).mean(axis=(2, 4))
    assert np.allclose(halved(image), expected, atol=1e-6)
    assert np.array_equal(halved(image), scan_faces.block_mean(image.transpose(1, 2, 0), 2).transpose(2, 0, 1))


@pytest.mark.parametrize(("shape", "height", "width"), [((3, 60, 55), 120, 110), ((3, 60, 55), 121, 111),
                                                       ((1, 1, 4), 2, 9), ((2, 5, 1), 11, 2)])
def test_doubling_is_scipys_linear_zoom_of_pixel_areas(shape, height, width):
    """scipy.ndimage.zoom by two, pixels taken as areas (grid_mode), linear, the ends repeated; a row or column
    more repeats the last."""
    image = np.random.default_rng(14).random(shape, dtype=np.float32)
    zoomed = ndimage.zoom(image, (1, 2, 2), order=1, grid_mode=True, mode="nearest")
    expected = np.pad(zoomed, ((0, 0), (0, height - zoomed.shape[1]), (0, width - zoomed.shape[2])), mode="edge")
    assert np.allclose(doubled(image, height, width), expected, atol=1e-6)


def random_maps(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """Blob maps and log brightness (3 x H x W, with ties: equal values in a window count as peaks, as in scipy),
    a mask of where to look and a window's half side."""
    shape = (3, *(int(n) for n in rng.integers(1, 30, 2)))
    blobs, logs = (rng.normal(size=shape).astype(np.float32) for _ in range(2))
    blobs[:, ::3], logs[:, ::3] = blobs[:, :1], logs[:, :1]
    return blobs, logs, rng.random(shape[1:]) < 0.7, int(rng.integers(0, 4))


@pytest.mark.parametrize("sign", [1, -1])
def test_peak_places_are_scipys_maximum_filter_of_the_best_channel(sign):
    rng = np.random.default_rng(31)
    for _ in range(60):
        blobs, _, around, half = random_maps(rng)
        least = float(rng.uniform(-0.5, 0.5))
        best = (sign * blobs).max(axis=0)
        peaks = (best == ndimage.maximum_filter(best, size=2 * half + 1)) & (best > least) & around
        rows, cols, values = peak_places(blobs, float(sign), least, around, half)
        assert np.array_equal(np.stack([rows, cols]), np.stack(np.nonzero(peaks)))
        assert np.array_equal(values, best[peaks])


@pytest.mark.parametrize("sign", [1, -1])
def test_slope_places_are_scipys_maximum_filter_of_the_channels_over_the_floor(sign):
    rng = np.random.default_rng(35)
    for _ in range(60):
        blobs, logs, around, half = random_maps(rng)
        taken = rng.random(around.shape) < 0.2
        least = float(rng.uniform(-0.5, 0.5))
        signed = sign * logs
        tops = signed == ndimage.maximum_filter(signed, size=(1, 2 * half + 1, 2 * half + 1))
        found = (tops & (sign * blobs > least)).any(axis=0) & around & ~taken
        rows, cols, values = slope_places(logs, blobs, float(sign), least, around, taken, half)
        assert np.array_equal(np.stack([rows, cols]), np.stack(np.nonzero(found)))
        assert np.array_equal(values, (sign * blobs).max(axis=0)[found])


def test_square_windows_are_scipys_box_filter_thresholded():
    """An erosion (every pixel of the square set) and a dilation (any), as the box filter of the mask read them
    (its mean over 0.999, over 0.001) for squares up to 31 pixels a side, the edge reflected."""
    rng = np.random.default_rng(32)
    for _ in range(300):
        mask = rng.random(tuple(int(n) for n in rng.integers(1, 50, 2))) < rng.random()
        if rng.random() < 0.5:  # blobs, not only specks
            mask = ndimage.binary_dilation(mask, iterations=int(rng.integers(1, 4)))
        reach = int(rng.integers(1, 16))
        mean = ndimage.uniform_filter(mask.astype(np.float32), size=2 * reach + 1)
        assert np.array_equal(square_window(mask, reach, True), mean > 0.999)
        assert np.array_equal(square_window(mask, reach, False), mean > 0.001)


def test_pixel_detail_is_scipys_three_by_three_mean_taken_away_to_the_bit():
    rng = np.random.default_rng(33)
    for _ in range(200):
        shape = (3, *(int(n) for n in rng.integers(1, 50, 2)))
        logs = (rng.normal(size=shape) * rng.random() * 3).astype(np.float32)
        inner = rng.random(shape[1:]) < rng.random()
        expected = np.abs(logs - ndimage.uniform_filter(logs, size=(1, 3, 3)))[:, inner].ravel()
        assert np.array_equal(pixel_detail(logs, inner), expected)


def reference_settled_faces(points: np.ndarray, size: float, reach: float) -> list[tuple[tuple[int, ...], np.ndarray]]:
    """The face centres' search as numpy did it before the kernel: each start moved to the mean of the pips
    within reach until it stays, each set of pips kept once, in the order first found."""
    starts = list(points) + [(points[i] + points[j]) / 2 for i in range(len(points)) for j in range(i + 1, len(points))
                             if 0.3 <= math.hypot(*(points[i] - points[j])) / size <= 0.95]
    found: dict[tuple[int, ...], np.ndarray] = {}
    for centre in starts:
        members: tuple[int, ...] = ()
        for _ in range(4):
            members = tuple(int(i) for i in np.nonzero(np.hypot(*(points - centre).T) <= reach * size)[0])
            if not members:
                break
            moved = points[list(members)].mean(axis=0)
            if math.hypot(*(moved - centre)) < 0.01 * size:
                break
            centre = moved
        if members and members not in found:
            found[members] = points[list(members)].mean(axis=0)
    return list(found.items())


def test_settled_faces_are_the_numpy_search_to_the_bit():
    rng = np.random.default_rng(34)
    for _ in range(1000):
        size = float(rng.uniform(20, 70))
        points = rng.uniform(0, 3 * size, size=(int(rng.integers(1, 14)), 2))
        if rng.random() < 0.3:
            points = np.round(points)  # whole pixels: ties in distance
        members, middles = settled_faces(points, size, scan_faces.FACE_REACH)
        expected = reference_settled_faces(points, size, scan_faces.FACE_REACH)
        assert [tuple(np.nonzero(row)[0]) for row in members] == [found for found, _ in expected]
        assert all(np.array_equal(middle, centre) for middle, (_, centre) in zip(middles, expected, strict=True))


@pytest.mark.parametrize("sign", [1, -1])
def test_window_maxima_are_scipys_maximum_filter(sign):
    rng = np.random.default_rng(36)
    for trial in range(120):
        _, logs, _, half = random_maps(rng)
        if trial % 2:  # a washed face's window (scan_faces.washed_maps): up to wider than the picture
            half = int(rng.integers(4, 40))
        expected = ndimage.maximum_filter(sign * logs, size=(1, 2 * half + 1, 2 * half + 1))
        assert np.array_equal(window_maxima(logs, float(sign), half), expected)


def test_labelling_is_scipys():
    rng = np.random.default_rng(37)
    for _ in range(300):
        mask = rng.random(tuple(int(n) for n in rng.integers(1, 60, 2))) < rng.random()
        if rng.random() < 0.5:  # blobs joined every way, not only specks
            mask = ndimage.binary_dilation(mask, iterations=int(rng.integers(1, 3)))
        labels, count = labelled(mask)
        expected, expected_count = ndimage.label(mask)
        assert count == expected_count and np.array_equal(labels, expected)
    spiral = np.zeros((9, 9), dtype=bool)  # one blob whose arms meet late: roots joined again and again
    spiral[0, :], spiral[:, 8], spiral[8, :], spiral[2:, 0], spiral[2, :7], spiral[2:7, 6], spiral[6, 2:7] = (True,) * 7
    assert labelled(spiral)[1] == ndimage.label(spiral)[1] == 1


def reference_block_mean(image: np.ndarray, step: int) -> np.ndarray:
    """The step x step blocks' means as numpy summed them before the kernel: one strided view a pixel of the block,
    added in turn to float32 zeros, then scaled."""
    height, width = image.shape[0] // step, image.shape[1] // step
    total = np.zeros((height, width) + image.shape[2:], dtype=np.float32)
    for i in range(step):
        for j in range(step):
            total += image[i:height * step:step, j:width * step:step]
    total *= 1.0 / (step * step)
    return total


def test_block_means_are_the_strided_numpy_sums_to_the_bit():
    rng = np.random.default_rng(38)
    for _ in range(200):
        shape = tuple(int(n) for n in rng.integers(8, 60, 2))
        step = int(rng.integers(1, 9))
        for image in (rng.normal(size=shape + (3,)).astype(np.float32), (rng.random(shape) < 0.5).astype(np.float32),
                      rng.integers(0, 256, shape + (3,), dtype=np.uint8)):
            means = scan_faces.block_mean(image, step)
            assert means.dtype == np.float32 and np.array_equal(means, reference_block_mean(image, step))


def test_filling_holes_is_scipys():
    rng = np.random.default_rng(39)
    for _ in range(300):
        mask = rng.random(tuple(int(n) for n in rng.integers(1, 60, 2))) < rng.random()
        if rng.random() < 0.5:
            mask = ndimage.binary_dilation(mask, iterations=int(rng.integers(1, 3)))
        assert np.array_equal(holes_filled(mask), ndimage.binary_fill_holes(mask))
        labels, count = labelled(mask)
        kept = rng.random(count + 1) < 0.5
        assert np.array_equal(labels_kept(labels, kept), kept[labels])


def test_flattening_and_shadows_are_the_numpy_arithmetic_to_the_bit():
    """The picture over its light and each pixel's distance from the table's colour (numpy's division and einsum),
    and the shadow test (the table's colour, 0.42 to 0.97 as bright) as numpy did them, on pictures of about the
    table's colour, lit unevenly."""
    rng = np.random.default_rng(40)
    for _ in range(100):
        shape = tuple(int(n) for n in rng.integers(1, 80, 2))
        colour = (rng.random(3) * 0.8 + 0.1).astype(np.float32)
        smooth = (colour * rng.uniform(0.3, 1.1, size=shape + (1,)) + rng.normal(0, 0.02, size=shape + (3,))
                  ).astype(np.float32)
        light = rng.uniform(0.5, 1.5, size=shape + (1,)).astype(np.float32)
        flat, distance = flattened(smooth, light, colour)
        difference = smooth / light - colour
        assert np.array_equal(flat, smooth / light)
        assert np.array_equal(distance, np.sqrt(np.einsum("ijk,ijk->ij", difference, difference)))
        candidates = rng.random(shape) < 0.7
        total, table_total = flat[candidates].sum(axis=-1), float(colour.sum())
        drift = np.abs(flat[candidates] / np.maximum(total, 1e-3)[:, None] - (colour / table_total).astype(np.float32)
                       ).sum(axis=-1)
        expected = np.zeros(shape, dtype=bool)
        expected[candidates] = (total / table_total > 0.42) & (total / table_total < 0.97) & (drift < 0.08)
        assert np.array_equal(shadow_pixels(flat, candidates, colour, table_total), expected)


def test_hue_distance_is_the_numpy_arithmetic_to_the_bit():
    """Each pixel's channels' shares of their sum (numpy's float32 sum, and 0.001 against a black pixel) less the
    table's, squared, summed and rooted as numpy did them, and the sums, on pictures of every shade."""
    rng = np.random.default_rng(41)
    for _ in range(100):
        shape = tuple(int(n) for n in rng.integers(1, 80, 2))
        flat = (rng.random(shape + (3,)) * rng.uniform(0, 1.5)).astype(np.float32)
        colour = (rng.random(3) * 0.8 + 0.1).astype(np.float32)
        shares = (colour / colour.sum()).astype(np.float32)
        hue, totals = hue_distance(flat, shares)
        assert np.array_equal(totals, flat.sum(axis=2))
        expected = np.sqrt(((flat / (flat.sum(axis=2, keepdims=True) + np.float32(1e-3)) - shares) ** 2).sum(axis=2))
        assert np.array_equal(hue, expected)


def test_blob_sums_are_scipys_areas_and_centres_of_mass_to_the_bit():
    rng = np.random.default_rng(41)
    for _ in range(100):
        mask = rng.random(tuple(int(n) for n in rng.integers(1, 80, 2))) < rng.random()
        labels, count = labelled(mask)
        if count == 0:
            continue
        areas, row_sums, col_sums = blob_sums(labels, count)
        index = np.arange(1, count + 1)
        assert np.array_equal(areas, ndimage.sum_labels(mask, labels, index))
        centres = np.array(ndimage.center_of_mass(mask, labels, index))
        assert np.array_equal(np.stack([row_sums / areas, col_sums / areas], axis=1), centres)


def test_binned_is_numpys_histogram_of_equal_bins():
    """To the count, values on the edges too (rounded values, and a single shade: the bins of numpy's +-0.5)."""
    rng = np.random.default_rng(42)
    for trial in range(200):
        values = (rng.gamma(2.0, size=tuple(int(n) for n in rng.integers(1, 100, 2))) * rng.random()).astype(np.float32)
        if trial % 3 == 0:
            values = np.round(values, 2).astype(np.float32)
        if trial % 50 == 0:
            values[:] = np.float32(0.3)
        counts, edges = np.histogram(values, bins=128)
        assert np.array_equal(binned(values, np.histogram_bin_edges(values, bins=128).astype(np.float32)), counts)


def test_blob_differences_are_the_numpy_arithmetic_to_the_bit():
    """The fine blur less the larger (light) or smaller (dark) of the plain surround and, on the dice, the masked
    surround over the mask's blur (kept off 0), as numpy worked them out in spot_maps."""
    rng = np.random.default_rng(43)
    for _ in range(50):
        shape = tuple(int(n) for n in rng.integers(1, 60, 2))
        fine, coarse, masked = (rng.normal(size=(3,) + shape).astype(np.float32) for _ in range(3))
        weight = rng.random(shape).astype(np.float32) * np.float32(rng.random() < 0.9)  # sometimes 0: kept off it
        mask = rng.random(shape) < 0.6
        on_dice = np.where(mask, masked / np.maximum(weight, np.float32(1e-6)), coarse)
        light, dark = blob_differences(fine, np.concatenate([coarse, masked, weight[None]]), mask)
        assert np.array_equal(light, fine - np.maximum(coarse, on_dice))
        assert np.array_equal(dark, fine - np.minimum(coarse, on_dice))



@pytest.mark.parametrize("seed", range(6))
def test_opening_a_part_is_scipys_erosion_nearest_group_and_dilation(seed):
    """opened_part and cut_off_thinness against scipy on random blobby parts (a pip's window, its part above
    the cut) and random places and disk radii."""
    rng = np.random.default_rng(seed)
    for _ in range(20):
        shape = tuple(int(n) for n in rng.integers(5, 30, size=2))
        member = ndimage.gaussian_filter(rng.random(shape), 1.5) > 0.5
        start = (int(rng.integers(0, shape[0])), int(rng.integers(0, shape[1])))
        reach = float(rng.uniform(1.0, 3.0))
        fits, piece = np.zeros(shape, dtype=bool), np.zeros(shape, dtype=bool)
        pixels, edge = opened_part(member, start[0], start[1], reach, fits, piece)
        expected = reference_opening(member, start, reach)
        assert np.array_equal(piece, expected)
        assert pixels == expected.sum()
        assert edge == bool(expected[0].any() or expected[-1].any() or expected[:, 0].any() or expected[:, -1].any())
        assert cut_off_thinness(member, piece) == pytest.approx(reference_thinness(member & ~piece), abs=1e-9)


def test_a_pip_with_a_thin_line_opens_to_the_pip_and_the_line_is_thin():
    """A pip's part 5.4 pixels in radius with a line two pixels wide along its edge (glare on a bevel), opened by a
    disk of a third of its radius: the piece is the pip and a tenth as much of the line where it joins, what is cut
    off is a line; a pip with bumps round it is cut off no line."""
    rows, cols = np.mgrid[:27, :27]
    pip = (rows - 13) ** 2 + (cols - 13) ** 2 <= 5.4 ** 2
    line = (rows >= 6) & (rows <= 7) & (cols >= 13)
    fits, piece = np.zeros(pip.shape, dtype=bool), np.zeros(pip.shape, dtype=bool)
    pixels, edge = opened_part(pip | line, 13, 13, 0.35 * 5.4, fits, piece)
    assert not (pip & ~piece).any() and (piece & ~pip).sum() <= 0.1 * pip.sum() and pixels == piece.sum() and not edge
    assert cut_off_thinness(pip | line, piece) >= scan_kernels.OPENED_LINE
    bumps = pip | ((rows - 13) ** 2 + (cols - 13) ** 2 <= 6.5 ** 2) & ((rows + cols) % 5 == 0)
    opened_part(bumps, 13, 13, 0.35 * 5.4, fits, piece)
    assert cut_off_thinness(bumps, piece) < scan_kernels.OPENED_LINE

