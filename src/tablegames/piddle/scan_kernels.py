"""The numba kernels of the dice photo reader (scripts/bench_piddle.py: 130 ms a 1200 px photo before them):
- measure_pips: the measures of each pip the spot map proposes (scan_faces.find_pips says what each is and why);
  a loop over a few dozen places a region, each with a flood fill and a few sums, was a quarter of the time;
  sample_ring, part_shape, opened_part, cut_off_thinness and axes_ratio are its pieces (the ring round a place; a
  pip's shape; a pip's part opened by a disk, scipy.ndimage's erosion, labelling and dilation in the test; how thin
  what was cut off is);
- grid_reading: the pattern that best fits a face, over every frame tried (scan_faces.read_grid); numpy's
  overhead on arrays of a few dozen frames was a tenth;
- area_average: the photo shrunk to the working size and each die's region cut at its reading size;
- cubic_surface, plus_bilinear: the table's light field at every pixel of the working picture (numpy made a
  full-size array an operation);
- labelled, labels_kept, holes_filled: scipy.ndimage's label and binary_fill_holes of a mask and numpy's lookup of
  labels (the working picture's blobs, holes and shadows, six times a photo);
- flattened, hue_distance, shadow_pixels, binned, blob_sums: the working picture over its light, its distance from
  the table's colour and hue, its shadows, the histogram its threshold is split on and its blobs' areas and
  centres (numpy made a full-size array an operation);
- block_sums: scan_faces.block_mean's strided numpy sums (the big 1s' half-resolution maps, the table's residual);
- gaussian_blur (correlate_lines), binary_opening: scipy.ndimage's gaussian_filter and binary_opening to the bit, in about
  half their time (scripts/bench_piddle.py: a 1200 px photo 22% faster with them, the area average's loops turned
  and cubic_surface in one pass; the reader's blurs were a quarter of its time);
- wide_blur (halved, doubled): a blur as wide as a die's surround, taken at half the resolution (numpy's halving
  and stretching took more than they saved).
- square_window, pixel_detail, blob_differences, settled_faces, peak_places, slope_places, window_maxima: a mask
  eroded or grown by a square, the spot maps' noise measure (a pixel less its 3 x 3 mean) and blob maps (a blur
  less its surround), the search for face centres among a region's pips, the places pips are proposed at and the
  channels' peaks a face is read on, each a few dozen numpy or scipy calls on small arrays before
  (scripts/bench_piddle.py: a 1200 px photo 128.8 ms before them, docs/piddle.md).

Their arithmetic is numpy's in the reader before them, float32 where it was float32 and in the same order, so
they read the same dice (tests/piddle/test_scan_kernels.py checks them against plain references); all but
wide_blur, which came with the blob maps' second surround (docs/piddle.md, step 45) and is checked against scipy's
blur to within 1%.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from numba import njit

Ints = npt.NDArray[np.int64]
Singles = npt.NDArray[np.float32]
Doubles = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]

# the columns of measure_pips' rows
ROW, COL, STRENGTH, PIXELS, ROUNDNESS, SURROUND, OPEN, BASE, CHANNEL, INSIDE, LIT_OUTSIDE = range(11)
MEASURES = 11


@njit(cache=True, nogil=True)
def pip_reach(radius: float) -> int:
    """How far (pixels) from its place a pip's pixels are looked for: 2.2 pip radii and one."""
    return int(math.ceil(2.2 * radius)) + 1


OPEN_BELOW = 0.7  # a pip's part less round than this, or running out of its window, is opened: measure_pips
OPENING = 0.35  # of a pip's radius: the disk it is opened with (a glare line joined to a pip is thinner)
OPENED_ROUND, OPENED_AREA = 0.8, 0.4  # the opened piece is taken for the pip when this round and of this share of
# a typical pip's area at least (not a side's slanted pip or noise) ...
CORE_SHARE, CORE_AREA = 0.9, 0.1  # a light pip's part still unround is measured by its core: the pixels above this
# share of its strength (the pip's own beside a patch of glare wider than the opening), when it has this share of a
# typical pip's area and does not run out of its window ...
CORE_SURROUND = 0.26  # ... and the pip stands out all round as a round one does (scan_faces.Pip.is_round). Light
# pips only: glare is light, and a dark pip's core taken so was a die's dark corner by its shadow, read as an extra
# 1 (1919/231); a ghost by a translucent 1 standing out on a third of its ring, taken so, read the 1 as a 3
# (5353/196). Step 94: the seven other seeds' photos exact +7, dice right +15; the test's 930 exact still (one
# mended, one lost). Step 96: the share 0.9, not 0.85 (ten seeds +3 exact, +5 dice right; 0.8: -2 exact)
OPENED_LINE = 0.65  # ... and what was cut off is long and thin (1 less its roundness): a line, not a ragged edge
# (without it a ragged part of a test photo's pip was opened, and its 2 read as a doubted 2 and 1: docs/piddle.md)


@njit(cache=True, nogil=True)
def part_shape(level: Singles, sign: np.float32, cut: np.float32, top: int, left: int, row: int, col: int,
               member: Mask) -> tuple[float, float, float]:
    """A pip's centre (offsets from its place row, col) and roundness: the moments of its pixels (member, a window
    whose corner is top, left), weighted by how far above the cut they are (np.cov's weighted covariance, ddof 1)."""
    total = total_sq = sum_r = sum_c = sum_rr = sum_cc = sum_rc = 0.0
    pixels = 0
    for r in range(member.shape[0]):
        for c in range(member.shape[1]):
            if member[r, c]:
                pixels += 1
                weight = float(sign * level[top + r, left + c] - cut + np.float32(1e-3))
                off_r, off_c = float(top + r - row), float(left + c - col)
                total += weight
                total_sq += weight * weight
                sum_r += weight * off_r
                sum_c += weight * off_c
                sum_rr += weight * off_r * off_r
                sum_cc += weight * off_c * off_c
                sum_rc += weight * off_r * off_c
    mean_r, mean_c = sum_r / total, sum_c / total
    roundness = 1.0
    if pixels >= 3:
        norm = total - total_sq / total
        var_r = (sum_rr - total * mean_r * mean_r) / norm
        var_c = (sum_cc - total * mean_c * mean_c) / norm
        co = (sum_rc - total * mean_r * mean_c) / norm
        roundness = axes_ratio(var_r, var_c, co, 1e-6)
    return mean_r, mean_c, roundness


@njit(cache=True, nogil=True)
def axes_ratio(var_r: float, var_c: float, co: float, least: float) -> float:
    """The square root of a covariance's smaller eigenvalue over its larger (the smaller taken as `least` at the
    least): 1 for a round set of pixels, near 0 for a line."""
    middle = (var_r + var_c) / 2
    spread = math.sqrt(((var_r - var_c) / 2) ** 2 + co * co)
    return math.sqrt(max(middle - spread, least) / max(middle + spread, 1e-6))


@njit(cache=True, nogil=True)
def opened_part(member: Mask, start_r: int, start_c: int, reach: float, fits: Mask, piece: Mask) -> tuple[int, bool]:
    """A pip's part (member) opened by a disk of radius `reach`: the pixels the disk fits round within it (fits),
    the 4-connected group of them nearest the place (start; the first in row order of the nearest), grown back by
    the disk within the part (piece). Returns its pixels (0 when the disk fits nowhere) and whether it reaches the
    window's edge. scipy.ndimage's binary_erosion, label and binary_dilation in the test."""
    rows, cols = member.shape
    span = int(reach)
    limit = reach * reach
    best, best_r, best_c = np.inf, -1, -1
    for r in range(rows):
        for c in range(cols):
            fit = member[r, c]
            for dr in range(-span, span + 1):
                for dc in range(-span, span + 1):
                    if fit and dr * dr + dc * dc <= limit:
                        nr, nc = r + dr, c + dc
                        fit = 0 <= nr < rows and 0 <= nc < cols and member[nr, nc]
            fits[r, c] = fit
            piece[r, c] = False
            if fit and (r - start_r) ** 2 + (c - start_c) ** 2 < best:
                best, best_r, best_c = (r - start_r) ** 2 + (c - start_c) ** 2, r, c
    if best_r < 0:
        return 0, False
    stack = np.empty((rows * cols, 2), dtype=np.int64)
    stack[0, 0], stack[0, 1] = best_r, best_c
    depth = 1
    fits[best_r, best_c] = False  # reached: fits keeps the pixels not reached yet
    pixels = 0
    edge = False
    while depth > 0:
        depth -= 1
        r, c = stack[depth, 0], stack[depth, 1]
        for dr in range(-span, span + 1):  # the disk round it, within the part
            for dc in range(-span, span + 1):
                nr, nc = r + dr, c + dc
                if dr * dr + dc * dc <= limit and 0 <= nr < rows and 0 <= nc < cols and member[nr, nc] \
                        and not piece[nr, nc]:
                    piece[nr, nc] = True
                    pixels += 1
                    edge = edge or nr == 0 or nc == 0 or nr == rows - 1 or nc == cols - 1
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and fits[nr, nc]:
                fits[nr, nc] = False
                stack[depth, 0], stack[depth, 1] = nr, nc
                depth += 1
    return pixels, edge


@njit(cache=True, nogil=True)
def cut_off_thinness(member: Mask, piece: Mask) -> float:
    """1 less the roundness (unweighted) of the pixels of member not in piece: near 1 for a line; 0 for fewer than
    three."""
    count = sum_r = sum_c = sum_rr = sum_cc = sum_rc = 0.0
    for r in range(member.shape[0]):
        for c in range(member.shape[1]):
            if member[r, c] and not piece[r, c]:
                count += 1.0
                sum_r += r
                sum_c += c
                sum_rr += r * r
                sum_cc += c * c
                sum_rc += r * c
    if count < 3:
        return 0.0
    mean_r, mean_c = sum_r / count, sum_c / count
    var_r, var_c = sum_rr / count - mean_r * mean_r, sum_cc / count - mean_c * mean_c
    return 1.0 - axes_ratio(var_r, var_c, sum_rc / count - mean_r * mean_c, 0.0)


@njit(cache=True, nogil=True)
def sample_ring(level: Singles, sign: np.float32, core: Mask, ring: Ints, row: int, col: int, levels: Singles,
                on_die: Mask) -> int:
    """The signed levels of a ring round a place (its offsets clipped to the picture) into `levels`, whether each
    sample is on the dice into `on_die`; how many are."""
    height, width = level.shape
    on_count = 0
    for s in range(len(ring)):
        r = min(max(row + ring[s, 0], 0), height - 1)
        c = min(max(col + ring[s, 1], 0), width - 1)
        levels[s] = sign * level[r, c]
        on_die[s] = core[r, c]
        if on_die[s]:
            on_count += 1
    return on_count


@njit(cache=True, nogil=True)
def nearest_off_dice(dice: Mask, row: int, col: int, reach: int) -> tuple[int, int, int]:
    """The squared distance from a place to the nearest pixel off the dice within `reach` each way, and the offset
    (rows, cols) to it: of the nearest, the one on the innermost square round the place, then the first in row
    order; (reach + 1) squared and no offset when there is none. Square rings outward, until the nearest found is
    nearer than the ring."""
    height, width = dice.shape
    nearest, to_row, to_col = (reach + 1) ** 2, 0, 0
    step = 0
    while step <= reach and step * step < nearest:
        for r in range(max(row - step, 0), min(row + step + 1, height)):
            whole_row = r == row - step or r == row + step  # the square's top or bottom; else its two ends
            ends = range(col - step, col + step + 1, max(2 * step, 1))  # its left and right ends
            for c in range(max(col - step, 0), min(col + step + 1, width)) if whole_row else ends:
                apart = (r - row) ** 2 + (c - col) ** 2
                if 0 <= c < width and not dice[r, c] and apart < nearest:
                    nearest, to_row, to_col = apart, r - row, c - col
        step += 1
    return nearest, to_row, to_col


@njit(cache=True, nogil=True)
def part_above(level: Singles, sign: np.float32, cut: np.float32, top: int, left: int, start_r: int, start_c: int,
               nearest: Mask, inside: Mask, seen: Mask, stack: Ints) -> tuple[int, bool]:
    """The 4-connected part of a window (corner top, left; nearest's shape) above the cut that holds the place
    (start_r, start_c): marked in `seen` (what of it is the place's own: seen and nearest), its own pixels counted,
    and whether any of them is on the window's edge (inside and stack: work space of the window's size at least)."""
    patch_rows, patch_cols = nearest.shape
    for r in range(patch_rows):
        for c in range(patch_cols):
            inside[r, c] = sign * level[top + r, left + c] > cut
            seen[r, c] = False
    seen[start_r, start_c] = True
    stack[0, 0], stack[0, 1] = start_r, start_c
    depth = 1
    pixels = 0
    edge = False
    while depth > 0:
        depth -= 1
        r, c = stack[depth, 0], stack[depth, 1]
        if nearest[r, c]:
            pixels += 1
            if r == 0 or c == 0 or r == patch_rows - 1 or c == patch_cols - 1:
                edge = True
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < patch_rows and 0 <= nc < patch_cols and inside[nr, nc] and not seen[nr, nc]:
                seen[nr, nc] = True
                stack[depth, 0], stack[depth, 1] = nr, nc
                depth += 1
    return pixels, edge


@njit(cache=True, nogil=True)
def measure_pips(logs: Singles, blobs: Singles, sign: float, rows: Ints, cols: Ints, dice: Mask, core: Mask,
                 ring: Ints, radius: float, floor: float, base_share: float, reach_inside: int) -> Doubles:
    """One row of measures (ROW, COL, ... LIT_OUTSIDE) for each pip found at the proposed places (rows, cols:
    strongest first): places within 0.9 radius of a stronger one are dropped (one a plateau), then those weaker than
    floor. logs, blobs: 3 x H x W (scan_faces.SpotMaps); dice: the dice's pixels, core: the same a pixel in from
    their edge; ring: offsets (row, col) round a place its base is measured on; reach_inside: how far (pixels) a
    pip's distance from the dice's edge is measured (INSIDE is reach_inside + 1 beyond it)."""
    height, width = logs.shape[1], logs.shape[2]
    kept = np.empty((len(rows), 2), dtype=np.int64)
    count = 0
    plateau = (0.9 * radius) ** 2
    for k in range(len(rows)):
        alone = True
        for j in range(count):
            if (rows[k] - kept[j, 0]) ** 2 + (cols[k] - kept[j, 1]) ** 2 <= plateau:
                alone = False
                break
        if alone:
            kept[count, 0] = rows[k]
            kept[count, 1] = cols[k]
            count += 1
    reach = pip_reach(radius)
    out = np.empty((count, MEASURES), dtype=np.float64)
    found = 0
    samples = len(ring)
    ring_levels = np.empty(samples, dtype=np.float32)
    on_die = np.empty(samples, dtype=np.bool_)
    side = 2 * reach + 1
    inside = np.zeros((side, side), dtype=np.bool_)
    nearest = np.ones((side, side), dtype=np.bool_)
    seen = np.zeros((side, side), dtype=np.bool_)
    member = np.zeros((side, side), dtype=np.bool_)
    fits = np.zeros((side, side), dtype=np.bool_)
    piece_pixels = np.zeros((side, side), dtype=np.bool_)
    stack = np.empty((side * side, 2), dtype=np.int64)
    one_sign = np.float32(sign)
    for k in range(count):
        row, col = kept[k, 0], kept[k, 1]
        channel = 0
        for c in range(1, 3):  # np.argmax: the first of equals
            if one_sign * blobs[c, row, col] > one_sign * blobs[channel, row, col]:
                channel = c
        peak = one_sign * logs[channel, row, col]
        on_count = sample_ring(logs[channel], one_sign, core, ring, row, col, ring_levels, on_die)
        judged = ring_levels[on_die] if on_count >= samples // 2 else ring_levels.copy()
        judged.sort()
        position = base_share * (len(judged) - 1)
        low = int(position)
        high = min(low + 1, len(judged) - 1)
        base = judged[low] + np.float32(position - low) * (judged[high] - judged[low])
        strength = float(peak) - float(base)
        if strength < floor:
            continue
        half = peak - np.float32(0.5 * strength)
        below = 0
        for s in range(len(judged)):
            if judged[s] <= half:
                below += 1
        surround = 1.0 - below / len(judged)
        top, bottom = max(row - reach, 0), min(row + reach + 1, height)
        left, right = max(col - reach, 0), min(col + reach + 1, width)
        patch_rows, patch_cols = bottom - top, right - left
        for r in range(patch_rows):  # each pixel to its nearest place
            for c in range(patch_cols):
                nearest[r, c] = True
        for j in range(count):
            other_row, other_col = kept[j, 0], kept[j, 1]
            if j == k or abs(other_row - row) > 2 * reach or abs(other_col - col) > 2 * reach:
                continue
            for r in range(patch_rows):
                for c in range(patch_cols):
                    if nearest[r, c]:
                        here = (top + r - row) ** 2 + (left + c - col) ** 2
                        there = (top + r - other_row) ** 2 + (left + c - other_col) ** 2
                        nearest[r, c] = here <= there
        cut = np.float32(0.0)
        pixels = 0
        opened = False
        for share in (0.5, 0.7):  # at half its strength; a little higher when that runs into a bright rim or glare
            cut = np.float32(float(base) + share * strength)
            pixels, opened = part_above(logs[channel], one_sign, cut, top, left, row - top, col - left,
                                        nearest[:patch_rows, :patch_cols], inside, seen, stack)
            if not opened:
                break
        part = member[:patch_rows, :patch_cols]  # the pixels of its part
        for r in range(patch_rows):
            for c in range(patch_cols):
                part[r, c] = seen[r, c] and nearest[r, c]
        mean_r, mean_c, roundness = part_shape(logs[channel], one_sign, cut, top, left, row, col, part)
        if roundness < OPEN_BELOW or opened:
            # a pip joined to a thin bright line (glare along a die's edge) is round once the line is opened away
            piece = piece_pixels[:patch_rows, :patch_cols]
            piece_count, piece_edge = opened_part(part, row - top, col - left, OPENING * radius,
                                                  fits[:patch_rows, :patch_cols], piece)
            if piece_count >= OPENED_AREA * math.pi * radius * radius and cut_off_thinness(part, piece) >= OPENED_LINE:
                piece_r, piece_c, piece_round = part_shape(logs[channel], one_sign, cut, top, left, row, col, piece)
                if piece_round >= OPENED_ROUND:
                    mean_r, mean_c, roundness, pixels, opened = piece_r, piece_c, piece_round, piece_count, piece_edge
        if roundness < OPEN_BELOW and sign > 0 and surround <= CORE_SURROUND:
            # a light pip beside a patch of glare too wide to open away: its core, the part above CORE_SHARE of
            # its strength, is the pip's alone; its centre and roundness are the core's, its area the part's
            core_cut = np.float32(float(base) + CORE_SHARE * strength)
            core_count, core_edge = part_above(logs[channel], one_sign, core_cut, top, left, row - top, col - left,
                                               nearest[:patch_rows, :patch_cols], inside, seen, stack)
            piece = piece_pixels[:patch_rows, :patch_cols]
            for r in range(patch_rows):
                for c in range(patch_cols):
                    piece[r, c] = seen[r, c] and nearest[r, c]
            if core_count >= CORE_AREA * math.pi * radius * radius and not core_edge:
                core_r, core_c, core_round = part_shape(logs[channel], one_sign, core_cut, top, left, row, col, piece)
                if core_round >= OPENED_ROUND:
                    mean_r, mean_c, roundness = core_r, core_c, core_round
        mean_r, mean_c = row + mean_r, col + mean_c
        # where the part of the ring round its centre not below half its strength lies (on the dice, when half the
        # ring is): the mean of those samples' offsets; and the way out of the dice: from the nearest pixel off
        # them (of the nearest, the one on the innermost square round the centre, then the first in row order)
        centre_r = min(max(int(np.rint(mean_r)), 0), height - 1)
        centre_c = min(max(int(np.rint(mean_c)), 0), width - 1)
        on_count = sample_ring(logs[channel], one_sign, core, ring, centre_r, centre_c, ring_levels, on_die)
        lit_row = lit_col = 0.0
        lit = 0
        for s in range(samples):
            if (on_die[s] or on_count < samples // 2) and ring_levels[s] > half:
                lit_row += ring[s, 0]
                lit_col += ring[s, 1]
                lit += 1
        if lit:
            lit_row, lit_col = lit_row / lit, lit_col / lit
        nearest_off, out_row, out_col = nearest_off_dice(dice, centre_r, centre_c, reach_inside)
        lengths = math.hypot(out_row, out_col) * math.hypot(lit_row, lit_col)
        lit_outside = (out_row * lit_row + out_col * lit_col) / lengths if lengths > 0 else 0.0
        out[found, ROW] = mean_r
        out[found, COL] = mean_c
        out[found, STRENGTH] = strength
        out[found, PIXELS] = pixels
        out[found, ROUNDNESS] = roundness
        out[found, SURROUND] = surround
        out[found, OPEN] = 1.0 if opened else 0.0
        out[found, BASE] = float(base)
        out[found, CHANNEL] = channel
        out[found, INSIDE] = math.sqrt(nearest_off)
        out[found, LIT_OUTSIDE] = lit_outside
        found += 1
    return out[:found]


@njit(cache=True, nogil=True)
def area_average(image: npt.NDArray[np.number], top: int, bottom: int, left: int, right: int, rows: int,
                 cols: int, whole_numbers: bool = False) -> Singles:
    """The box [top, bottom) x [left, right) of a picture (H x W x C) area-averaged to rows x cols (float32, the
    picture's value range): a whole-number block mean first (a ragged edge of at most step - 1 pixels dropped),
    then along each axis in turn each cell the mean of the blocks it covers, a block it covers in part weighted by
    how much. (The float32 sums of the numpy code it replaced, in the same order: the same pictures to the bit.)
    whole_numbers: the picture's values are (bytes): the blocks are summed as integers, which float32 sums of
    them are exactly (below 2 ** 24: a block under 256 pixels square), several times faster."""
    channels = image.shape[2]
    height, width = bottom - top, right - left
    step = max(1, min(height // rows, width // cols))
    block_rows, block_cols = height // step, width // step
    small = np.empty((block_rows, block_cols, channels), dtype=np.float32)
    share = np.float32(1.0 / (step * step))
    sums = np.empty(block_cols * channels, dtype=np.float32)  # a row of blocks, summed a pixel row at a time (each
    # block's pixels in the same order as block by block: rows, then columns)
    counts = np.empty(block_cols * step * channels, dtype=np.int32)  # whole numbers: a row's pixels summed down
    for r in range(block_rows):
        if whole_numbers:
            counts[:] = 0
            for i in range(step):
                # the row's pixels in the box, flat (a view; indexed from 0, so the loop vectorizes)
                line = image[top + r * step + i].ravel()[left * channels:(left + block_cols * step) * channels]
                for m in range(block_cols * step * channels):
                    counts[m] += np.int32(line[m])
            if channels == 3:  # a colour picture: each block's three sums side by side, twice as fast
                for c in range(block_cols):
                    first = c * step * 3
                    red, green, blue = 0, 0, 0
                    for j in range(step):
                        red += counts[first + 3 * j]
                        green += counts[first + 3 * j + 1]
                        blue += counts[first + 3 * j + 2]
                    sums[3 * c], sums[3 * c + 1], sums[3 * c + 2] = np.float32(red), np.float32(green), np.float32(blue)
            else:
                first, k = 0, 0  # the first of each block's pixels (channel k) in the row: one loop, no tiny ones
                for m in range(block_cols * channels):
                    total = 0
                    for j in range(step):
                        total += counts[first + j * channels]
                    sums[m] = np.float32(total)
                    k += 1
                    first += 1
                    if k == channels:
                        k = 0
                        first += (step - 1) * channels
        else:
            sums[:] = 0.0
            for i in range(step):
                row = top + r * step + i
                for c in range(block_cols):
                    for j in range(step):
                        col = left + c * step + j
                        for k in range(channels):
                            sums[c * channels + k] += np.float32(image[row, col, k])
        row = small[r].ravel()
        for m in range(block_cols * channels):
            row[m] = sums[m] * share if step > 1 else sums[m]
    if block_rows != rows:
        small = resampled(small, rows, 0)
    if block_cols != cols:
        small = resampled(small, cols, 1)
    return small


@njit(cache=True, nogil=True)
def resampled(image: Singles, size: int, axis: int) -> Singles:
    """The picture area-averaged along one axis (0: rows, 1: columns) to `size` cells: a cell of f pixels touches
    at most ceil(f) + 1 of them, each weighted by the share of it the cell covers."""
    length = image.shape[axis]
    scale = length / size
    across = image.shape[1 - axis]
    shape = (size, across, image.shape[2]) if axis == 0 else (across, size, image.shape[2])
    out = np.zeros(shape, dtype=np.float32)
    reach = int(math.ceil(scale)) + 1
    sources = np.empty((size, reach), dtype=np.int64)  # each cell's pixels, and the share of each it covers
    weights = np.zeros((size, reach), dtype=np.float32)
    for i in range(size):
        start = i * scale
        end = start + scale
        first = int(math.floor(start))
        for k in range(reach):
            index = first + k
            weights[i, k] = np.float32(max(min(end, index + 1.0) - max(start, float(index)), 0.0) / scale)
            sources[i, k] = min(index, length - 1)
    channels = image.shape[2]
    # each cell's sum in the same order, its pixels first to last; along memory's long runs (a whole row of the
    # picture at a time, or every cell and channel of a row in one loop): tiny inner loops were most of the time
    if axis == 0:
        rows_in = image.reshape(length, across * channels)
        rows_out = out.reshape(size, across * channels)
        for i in range(size):
            target = rows_out[i]
            for k in range(reach):
                weight = weights[i, k]
                if weight > 0.0:
                    source = rows_in[sources[i, k]]
                    for m in range(across * channels):
                        target[m] += source[m] * weight
        return out
    places = np.empty((reach, size * channels), dtype=np.int64)  # each (cell, channel)'s pixels in a row
    shares = np.empty((reach, size * channels), dtype=np.float32)  # (a share of 0 adds nothing: +0.0)
    for i in range(size):
        for channel in range(channels):
            for k in range(reach):
                places[k, i * channels + channel] = sources[i, k] * channels + channel
                shares[k, i * channels + channel] = weights[i, k]
    for a in range(across):
        source = image[a].ravel()
        target = out[a].ravel()
        for k in range(reach):
            place, share = places[k], shares[k]
            for m in range(size * channels):
                target[m] += source[place[m]] * share[m]
    return out


@njit(cache=True, nogil=True)
def cubic_surface(x_powers: Singles, y_powers: Singles, coefficients: Singles, powers: Ints, least: float
                  ) -> Singles:
    """The light field sum c x^a y^b over the terms (powers: a, b; coefficients: c for each colour channel), at
    least `least`, at every pixel (x_powers: A x W, x^a at each column; y_powers: B x H): for each power of y a
    polynomial in x (its terms summed in their order), and at each pixel those times y^b summed from b = 0 up, in
    float32."""
    height, width, channels = y_powers.shape[1], x_powers.shape[1], coefficients.shape[1]
    lines = np.zeros((y_powers.shape[0], width, channels), dtype=np.float32)
    for b in range(y_powers.shape[0]):
        for term in range(len(powers)):
            if powers[term, 1] == b:
                for x in range(width):
                    for k in range(channels):
                        lines[b, x, k] += x_powers[powers[term, 0], x] * coefficients[term, k]
    surface = np.empty((height, width, channels), dtype=np.float32)
    floor = np.float32(least)
    flat_lines = lines.reshape(y_powers.shape[0], width * channels)
    total = np.empty(width * channels, dtype=np.float32)
    for y in range(height):  # a whole row at a time, each pixel's terms still summed from b = 0 up
        total[:] = 0.0
        for b in range(y_powers.shape[0]):
            power, line = y_powers[b, y], flat_lines[b]
            for m in range(width * channels):
                total[m] += power * line[m]
        row = surface[y].ravel()
        for m in range(width * channels):
            row[m] = max(total[m], floor)
    return surface


@njit(cache=True, nogil=True)
def binary_opening(mask: Mask, iterations: int) -> Mask:
    """scipy.ndimage.binary_opening(mask, iterations=iterations) of a 2-D mask: eroded that many times by the
    plus-shaped cross (outside the picture counts as empty), then dilated as many times by it; a row at a time,
    its inside in one branch-free loop."""
    height, width = mask.shape
    current = mask.astype(np.uint8)
    following = np.zeros_like(current)
    empty = np.zeros(width, dtype=np.uint8)
    for rounds in range(2 * iterations):
        eroding = rounds < iterations
        for r in range(height):
            here, target = current[r], following[r]
            up = current[r - 1] if r > 0 else empty
            down = current[r + 1] if r < height - 1 else empty
            if eroding:
                for c in range(1, width - 1):
                    target[c] = here[c] & up[c] & down[c] & here[c - 1] & here[c + 1]
            else:
                for c in range(1, width - 1):
                    target[c] = here[c] | up[c] | down[c] | here[c - 1] | here[c + 1]
            for c in (0, width - 1):  # the ends: a neighbour outside the picture is empty
                left = here[c - 1] if c > 0 else 0
                right = here[c + 1] if c < width - 1 else 0
                if eroding:
                    target[c] = here[c] & up[c] & down[c] & left & right
                else:
                    target[c] = here[c] | up[c] | down[c] | left | right
        current, following = following, current
    return current.astype(np.bool_)


@njit(cache=True, nogil=True)
def square_window(mask: Mask, reach: int, every: bool) -> Mask:
    """For each pixel of a 2-D mask, whether every pixel (every=True: an erosion) or any pixel (a dilation) of the
    square (2 reach + 1 pixels a side) round it, cut at the picture's edge, is set: counted on a summed-area
    table, a few operations a pixel whatever the reach (scipy's uniform_filter thresholded, which it replaced,
    reflects the edge, which holds the same pixels, and blurred a few hundred floats a pixel)."""
    height, width = mask.shape
    table = np.zeros((height + 1, width + 1), dtype=np.int32)
    for r in range(height):
        running = 0
        for c in range(width):
            running += 1 if mask[r, c] else 0
            table[r + 1, c + 1] = table[r, c + 1] + running
    out = np.empty_like(mask)
    for r in range(height):
        top, bottom = max(r - reach, 0), min(r + reach + 1, height)
        for c in range(width):
            left, right = max(c - reach, 0), min(c + reach + 1, width)
            count = table[bottom, right] - table[top, right] - table[bottom, left] + table[top, left]
            out[r, c] = count == (bottom - top) * (right - left) if every else count > 0
    return out


@njit(cache=True, nogil=True)
def box_means(line: Doubles, out: Doubles) -> None:
    """scipy.ndimage.uniform_filter1d(size=3) of a line (its ends reflected), in its order of sums: a running sum,
    the pixel coming in added and the one going out taken away, over 3 at each place."""
    length = len(line)
    total = line[0] + line[0] + line[1 % length] if length > 1 else 3.0 * line[0]
    out[0] = total / 3.0
    for k in range(1, length):
        coming = line[k + 1] if k + 1 < length else line[length - 1]
        total += coming - line[k - 2 if k > 1 else 0]
        out[k] = total / 3.0
    return


@njit(cache=True, nogil=True)
def pixel_detail(logs: Singles, inner: Mask) -> Singles:
    """|logs less their 3 x 3 mean| (each channel of C x H x W) at the pixels of `inner`, channel by channel: the
    values of np.abs(logs - scipy.ndimage.uniform_filter(logs, size=(1, 3, 3)))[:, inner] to the bit (its running
    sums in double, float32 between the axes), without the filter's numpy passes over the whole crop."""
    channels, height, width = logs.shape
    across = np.empty((height, width), dtype=np.float32)
    line = np.empty(width, dtype=np.float64)  # one row at a time: the columns go side by side (totals)
    means = np.empty(width, dtype=np.float64)
    count = 0
    for r in range(height):
        for c in range(width):
            if inner[r, c]:
                count += 1
    out = np.empty(channels * count, dtype=np.float32)
    found = 0
    totals = np.empty(width, dtype=np.float64)  # down the columns first (axis 1), as the filter does: box_means'
    # running sums, every column's side by side
    for channel in range(channels):
        first, second = logs[channel, 0], logs[channel, min(1, height - 1)]
        for c in range(width):
            value = np.float64(first[c])
            totals[c] = value + value + np.float64(second[c]) if height > 1 else 3.0 * value
            across[0, c] = np.float32(totals[c] / 3.0)
        for r in range(1, height):
            coming, going = logs[channel, min(r + 1, height - 1)], logs[channel, max(r - 2, 0)]
            for c in range(width):
                totals[c] += np.float64(coming[c]) - np.float64(going[c])
                across[r, c] = np.float32(totals[c] / 3.0)
        for r in range(height):
            for c in range(width):
                line[c] = across[r, c]
            box_means(line, means)
            for c in range(width):
                if inner[r, c]:
                    out[found] = abs(logs[channel, r, c] - np.float32(means[c]))
                    found += 1
    return out


@njit(cache=True, nogil=True)
def settled_faces(points: Doubles, size: float, reach: float) -> tuple[Mask, Doubles]:
    """scan_faces.face_hypotheses' search (points: N x 2): from each pip, and from the midpoint of each pair of pips
    0.3 to 0.95 of a die apart, a centre moved to the middle of the pips within `reach` dice of it until it moves
    less than a hundredth of a die (four moves at most); each set of pips it settles on once (K x N, in the order
    first found), with its middle (K x 2). numpy's arithmetic (sums in pip order, then over their number)."""
    count = len(points)
    starts = np.empty((count + count * (count - 1) // 2, 2), dtype=np.float64)  # (no array expressions: each
    # costs seconds of compiling)
    for i in range(count):
        starts[i, 0], starts[i, 1] = points[i, 0], points[i, 1]
    found = count
    for i in range(count):
        for j in range(i + 1, count):
            apart = math.hypot(points[i, 0] - points[j, 0], points[i, 1] - points[j, 1]) / size
            if 0.3 <= apart <= 0.95:
                starts[found, 0] = (points[i, 0] + points[j, 0]) / 2
                starts[found, 1] = (points[i, 1] + points[j, 1]) / 2
                found += 1
    members = np.zeros((found, count), dtype=np.bool_)
    middles = np.empty((found, 2), dtype=np.float64)
    near = np.empty(count, dtype=np.bool_)
    kept = 0
    for s in range(found):
        row, col = starts[s, 0], starts[s, 1]
        moved_row, moved_col, any_near = 0.0, 0.0, False
        for _ in range(4):
            total_row, total_col, number = 0.0, 0.0, 0
            for k in range(count):
                near[k] = math.hypot(points[k, 0] - row, points[k, 1] - col) <= reach * size
                if near[k]:
                    total_row += points[k, 0]
                    total_col += points[k, 1]
                    number += 1
            any_near = number > 0
            if not any_near:
                break
            moved_row, moved_col = total_row / number, total_col / number
            if math.hypot(moved_row - row, moved_col - col) < 0.01 * size:
                break
            row, col = moved_row, moved_col
        if not any_near:
            continue
        seen = False
        for other in range(kept):
            same = True
            for k in range(count):
                if members[other, k] != near[k]:
                    same = False
                    break
            if same:
                seen = True
                break
        if not seen:
            for k in range(count):
                members[kept, k] = near[k]
            middles[kept, 0], middles[kept, 1] = moved_row, moved_col
            kept += 1
    return members[:kept], middles[:kept]


@njit(cache=True, nogil=True)
def labelled(mask: Mask) -> tuple[npt.NDArray[np.int32], int]:
    """scipy.ndimage.label(mask) of a 2-D mask (pixels joined side to side): each blob's pixels numbered 1 and up,
    blobs in the order their first pixel comes row by row, and how many. One pass joining each pixel to the blobs
    above and left of it (the lower number kept as the root of both), one renumbering the roots in turn."""
    height, width = mask.shape
    labels = np.zeros((height, width), dtype=np.int32)
    parent = np.empty(height * ((width + 1) // 2) + 1, dtype=np.int32)  # a new number needs a pixel unset before it
    count = 0
    for r in range(height):
        for c in range(width):
            if not mask[r, c]:
                continue
            up = labels[r - 1, c] if r > 0 else 0
            left = labels[r, c - 1] if c > 0 else 0
            if up == 0 and left == 0:
                count += 1
                parent[count] = count
                labels[r, c] = count
            elif up == 0 or left == 0 or up == left:
                labels[r, c] = max(up, left)
            else:
                while parent[up] != up:
                    up = parent[up]
                while parent[left] != left:
                    left = parent[left]
                parent[max(up, left)] = min(up, left)
                labels[r, c] = min(up, left)
    final = np.zeros(count + 1, dtype=np.int32)
    found = 0
    for k in range(1, count + 1):  # a root comes before the numbers joined to it
        if parent[k] == k:
            found += 1
            final[k] = found
        else:
            final[k] = final[parent[k]]
    for r in range(height):
        for c in range(width):
            labels[r, c] = final[labels[r, c]]
    return labels, found


@njit(cache=True, nogil=True)
def blob_sums(labels: npt.NDArray[np.int32], count: int) -> tuple[Doubles, Doubles, Doubles]:
    """Each label's (1 to count, index label - 1) pixels, and the sums of their rows and of their columns, in
    double precision, pixel by pixel row by row (scipy.ndimage's sum_labels and center_of_mass, whose bincounts
    add them in that order: the same bits)."""
    areas = np.zeros(count, dtype=np.float64)
    row_sums = np.zeros(count, dtype=np.float64)
    col_sums = np.zeros(count, dtype=np.float64)
    for r in range(labels.shape[0]):
        for c in range(labels.shape[1]):
            label = labels[r, c]
            if label > 0:
                areas[label - 1] += 1.0
                row_sums[label - 1] += r
                col_sums[label - 1] += c
    return areas, row_sums, col_sums


@njit(cache=True, nogil=True)
def binned(values: Singles, edges: Singles) -> npt.NDArray[np.int64]:
    """How many of the values (float32, any shape) fall in each of the equal bins between edges (float32, from
    their least to their most, as np.histogram_bin_edges gives them; the last bin holds its right edge): numpy's
    histogram of equal bins to the count, its index arithmetic in float32 and its corrections at the edges, in one
    pass instead of a dozen."""
    bins = len(edges) - 1
    first = edges[0]
    span = edges[bins] - first
    scale = np.float32(bins)
    counts = np.zeros(bins, dtype=np.int64)
    flat = values.ravel()
    for k in range(len(flat)):
        value = flat[k]
        if not first <= value <= edges[bins]:
            continue
        index = int(((value - first) / span) * scale)
        if index == bins:
            index -= 1
        if value < edges[index]:
            index -= 1
        elif index != bins - 1 and value >= edges[index + 1]:
            index += 1
        counts[index] += 1
    return counts


@njit(cache=True, nogil=True)
def blob_differences(fine: Singles, surrounds: Singles, mask: Mask) -> tuple[Singles, Singles]:
    """The spot maps' light and dark blob maps (scan_faces.spot_maps): the fine blur (C x H x W) less the larger,
    or the smaller, of two surrounds: the plain one (surrounds[:C]) and, on the mask, the masked picture's over the
    mask's (surrounds[C:2C] over surrounds[2C], kept off 0): numpy's float32 arithmetic, in one pass."""
    channels, height, width = fine.shape
    light = np.empty_like(fine)
    dark = np.empty_like(fine)
    least = np.float32(1e-6)
    for k in range(channels):
        for r in range(height):
            for c in range(width):
                plain = surrounds[k, r, c]
                on_dice = surrounds[channels + k, r, c] / max(surrounds[2 * channels, r, c], least) \
                    if mask[r, c] else plain
                light[k, r, c] = fine[k, r, c] - max(plain, on_dice)
                dark[k, r, c] = fine[k, r, c] - min(plain, on_dice)
    return light, dark


@njit(cache=True, nogil=True)
def holes_filled(mask: Mask) -> Mask:
    """The mask with its holes filled: every pixel but those of the blobs of unset pixels (side to side) that reach
    the frame (scipy.ndimage.binary_fill_holes, by one labelling instead of a dilation repeated until nothing
    changes)."""
    height, width = mask.shape
    unset = np.empty_like(mask)
    for r in range(height):
        for c in range(width):
            unset[r, c] = not mask[r, c]
    outside, count = labelled(unset)
    kept = np.ones(count + 1, dtype=np.bool_)  # by label: the mask's own (0) and the holes
    for r in range(height):
        for c in range(width):
            if r == 0 or c == 0 or r == height - 1 or c == width - 1:
                kept[outside[r, c]] = outside[r, c] == 0
    return labels_kept(outside, kept)


@njit(cache=True, nogil=True)
def labels_kept(labels: npt.NDArray[np.int32], kept: Mask) -> Mask:
    """kept[labels]: whether each pixel's label is one of those kept (numpy's fancy indexing, a few times faster)."""
    out = np.empty(labels.shape, dtype=np.bool_)
    for r in range(labels.shape[0]):
        for c in range(labels.shape[1]):
            out[r, c] = kept[labels[r, c]]
    return out


@njit(cache=True, nogil=True)
def flattened(smooth: Singles, light: Singles, table_colour: Singles) -> tuple[Singles, Singles]:
    """The working picture (H x W x 3) over its light (H x W x 1), and each pixel's distance from the table's
    colour (float32, the squares summed in channel order: numpy's division and einsum to the bit, in one pass)."""
    height, width, channels = smooth.shape
    flat = np.empty_like(smooth)
    distance = np.empty((height, width), dtype=np.float32)
    for r in range(height):
        for c in range(width):
            total = np.float32(0.0)
            for k in range(channels):
                value = smooth[r, c, k] / light[r, c, 0]
                flat[r, c, k] = value
                apart = value - table_colour[k]
                total = apart * apart if k == 0 else total + apart * apart
            distance[r, c] = np.sqrt(total)
    return flat, distance


@njit(cache=True, nogil=True)
def hue_distance(flat: Singles, table_shares: Singles) -> tuple[Singles, Singles]:
    """Each pixel's distance from the table's hue (its channels' shares of their sum, less the table's shares:
    light and shade change the sum, not the shares), and that sum (H x W float32 each: numpy's sum over the
    channels, division by it and 0.001, squares summed in channel order and square root, to the bit, in one
    pass; in numpy a tenth of the reader's time)."""
    height, width, channels = flat.shape
    hue = np.empty((height, width), dtype=np.float32)
    totals = np.empty((height, width), dtype=np.float32)
    offset = np.float32(1e-3)
    for r in range(height):
        for c in range(width):
            total = flat[r, c, 0]
            for k in range(1, channels):
                total += flat[r, c, k]
            totals[r, c] = total
            squares = np.float32(0.0)
            for k in range(channels):
                apart = flat[r, c, k] / (total + offset) - table_shares[k]
                squares = apart * apart if k == 0 else squares + apart * apart
            hue[r, c] = np.sqrt(squares)
    return hue, totals


@njit(cache=True, nogil=True)
def shadow_pixels(flat: Singles, candidates: Mask, table_colour: Singles, table_total: float) -> Mask:
    """Of the candidate pixels of a picture (H x W x 3), those of the table's colour (table_total: its channels'
    sum), only darker: 0.42 to 0.97 of its brightness, their share of each channel within 0.08 in all of its
    (the float32 numpy arithmetic this replaced, to the bit): the shadows the dice cast."""
    height, width, channels = flat.shape
    total_32 = np.float32(table_total)
    shares = np.empty(channels, dtype=np.float32)
    for k in range(channels):
        shares[k] = table_colour[k] / total_32
    darkest, lightest, farthest = np.float32(0.42), np.float32(0.97), np.float32(0.08)
    out = np.zeros((height, width), dtype=np.bool_)
    for r in range(height):
        for c in range(width):
            if not candidates[r, c]:
                continue
            total = flat[r, c, 0]
            for k in range(1, channels):
                total += flat[r, c, k]
            ratio = total / total_32
            if not darkest < ratio < lightest:
                continue
            kept = max(total, np.float32(1e-3))
            drift = np.float32(0.0)
            for k in range(channels):
                share = abs(flat[r, c, k] / kept - shares[k])
                drift = share if k == 0 else drift + share
            out[r, c] = drift < farthest
    return out


@njit(cache=True, nogil=True)
def plus_bilinear(field: Singles, coarse: Singles, row_low: Ints, row_high: Ints, row_t: Singles, col_low: Ints,
                  col_high: Ints, col_t: Singles, least: float) -> Singles:
    """field (H x W x C) plus the coarse grid (H' x W' x C) upsampled bilinearly (each row of the field between the
    coarse rows row_low and row_high, row_t of the way; the same for columns), at least `least`."""
    height, width, channels = field.shape
    out = np.empty_like(field)
    line = np.empty((coarse.shape[1], channels), dtype=np.float32)
    floor = np.float32(least)
    one = np.float32(1.0)
    for y in range(height):
        low, high, t = row_low[y], row_high[y], row_t[y]
        for x in range(coarse.shape[1]):
            for k in range(channels):
                line[x, k] = coarse[low, x, k] * (one - t) + coarse[high, x, k] * t
        for x in range(width):
            left, right, u = col_low[x], col_high[x], col_t[x]
            for k in range(channels):
                value = line[left, k] * (one - u) + line[right, k] * u
                out[y, x, k] = max(field[y, x, k] + value, floor)
    return out


@njit(cache=True, nogil=True)
def grid_reading(peaks: Singles, base: float, strength: float, centre: Doubles, frames: Doubles, spots: Doubles,
                 spot_levels: Doubles, spot_round: Doubles, size: float, pattern_mask: Mask, pattern_spots: Doubles,
                 pattern_counts: Ints) -> tuple[int, int, float]:
    """(frame, pattern, margin): the pattern whose spots best match a face and the frame it does so on, of the
    frames (F x 2 x 2: the grid's steps along the face's axes) a die can have, or (-1, -1, 0) when none can
    (scan_faces.read_grid says how a reading is judged). peaks: the face's channel's signed log brightness, the
    best within a pip's reach; base, strength: the face's and its pips' (a spot's level is its height over the
    base, as a share of the strength); pattern_mask: P x 9 (the grid's spots, row by row, in each pattern);
    pattern_spots: P x 6 x 2 (i, j), of which pattern_counts are each pattern's."""
    height, width = peaks.shape
    patterns = len(pattern_counts)
    spot_count = len(spots)
    base32, strength32 = np.float32(base), np.float32(strength)
    distance = np.empty(spot_count, dtype=np.float64)
    for s in range(spot_count):
        distance[s] = math.hypot(spots[s, 0] - centre[0], spots[s, 1] - centre[1])
    grid = np.empty((spot_count, 2), dtype=np.float64)
    values = np.empty(9, dtype=np.float32)
    best_frame, best_pattern = -1, -1
    best_margin = np.float32(0.0)
    for f in range(len(frames)):
        a0, a1, b0, b1 = frames[f, 0, 0], frames[f, 0, 1], frames[f, 1, 0], frames[f, 1, 1]
        determinant = a0 * b1 - a1 * b0
        if abs(determinant) <= 1e-6:
            continue
        lengths_ok = True
        for length in (math.hypot(a0, a1) / size, math.hypot(b0, b1) / size):
            if length < 0.17 or length > 0.36:
                lengths_ok = False
        if not lengths_ok:
            continue
        for i in range(3):
            for j in range(3):
                row = np.rint(centre[0] + ((i - 1) * a0 + (j - 1) * b0))
                col = np.rint(centre[1] + ((i - 1) * a1 + (j - 1) * b1))
                if 0 <= row < height and 0 <= col < width:
                    values[3 * i + j] = (peaks[int(row), int(col)] - base32) / strength32
                else:
                    values[3 * i + j] = np.float32(0.0)
        for s in range(spot_count):  # the spot on the grid: steps^T g = offset
            d0, d1 = spots[s, 0] - centre[0], spots[s, 1] - centre[1]
            grid[s, 0] = (b1 * d0 - b0 * d1) / determinant
            grid[s, 1] = (a0 * d1 - a1 * d0) / determinant
        for p in range(patterns):
            margin = np.float32(np.inf)
            for k in range(9):
                here = values[k] - np.float32(0.5) if pattern_mask[p, k] else np.float32(0.5) - values[k]
                margin = min(margin, here)
            penalty = np.inf
            missing = 0
            for s in range(spot_count):
                nearest = np.inf
                for q in range(pattern_counts[p]):
                    nearest = min(nearest, math.hypot(grid[s, 0] - pattern_spots[p, q, 0],
                                                      grid[s, 1] - pattern_spots[p, q, 1]))
                if nearest <= 0.45:
                    continue  # explained: a pip of the pattern is on it
                inside = ((max(abs(grid[s, 0]), abs(grid[s, 1])) <= 1.45 or distance[s] <= 0.37 * size)
                          and spot_levels[s] >= 0.5)
                if inside:
                    penalty = min(penalty, 0.5 - spot_levels[s])
                if distance[s] <= 0.45 * size and spot_round[s] >= 0.72 and spot_levels[s] >= 0.55:
                    missing += 1
            margin = np.float32(min(float(margin), penalty))
            margin = margin - np.float32(0.5) * np.float32(missing)
            if best_frame < 0 or margin > best_margin:
                best_frame, best_pattern, best_margin = f, p, margin
    return best_frame, best_pattern, float(best_margin)


@njit(cache=True, nogil=True)
def reflected(index: int, length: int) -> int:
    """An index beyond a line's ends mirrored back into it, as scipy.ndimage's "reflect" mode does (d c b a | a b c
    d | d c b a, repeated for a kernel longer than the line)."""
    period = 2 * length
    index %= period
    return index if index < length else period - 1 - index


@njit(cache=True, nogil=True)
def correlate_lines(source: Singles, weights: Doubles) -> Singles:
    """source (A x L x B) correlated with symmetric weights (odd length) along its middle axis, "reflect" at the
    ends: each output the weighted sum in double precision in scipy.ndimage.correlate1d's order (the centre
    first, then the pairs from the farthest in), rounded to float32: the same bits as scipy's. Summed a weight at a
    time over a whole row of B (or, when B is small, over a whole line of L x B copied out with its reflected ends),
    float32 in and float64 sums (the compiler knows they do not overlap) indexed from 0 up: the loops vectorize."""
    outer, length, inner = source.shape
    half = len(weights) // 2
    rows = np.empty(length + 2 * half, dtype=np.int64)  # the row each place of a line padded with its ends reads
    for i in range(length + 2 * half):
        rows[i] = reflected(i - half, length)
    out = np.empty_like(source)
    centre = weights[half]
    if inner >= 32:
        total = np.empty(inner, dtype=np.float64)
        for a in range(outer):
            for r in range(length):
                middle = source[a, r]
                for b in range(inner):
                    total[b] = np.float64(middle[b]) * centre
                for k in range(half):
                    weight = weights[k]
                    near, far = source[a, rows[r + k]], source[a, rows[r + 2 * half - k]]
                    for b in range(inner):
                        total[b] += (np.float64(near[b]) + np.float64(far[b])) * weight
                row = out[a, r]
                for b in range(inner):
                    row[b] = np.float32(total[b])
        return out
    count = length * inner
    padded = np.empty((length + 2 * half) * inner, dtype=np.float32)
    line_total = np.empty(count, dtype=np.float64)
    flat_out = out.reshape(outer, count)
    for a in range(outer):
        for i in range(length + 2 * half):
            for b in range(inner):
                padded[i * inner + b] = source[a, rows[i], b]
        middle = padded[half * inner:half * inner + count]
        for j in range(count):
            line_total[j] = np.float64(middle[j]) * centre
        for k in range(half):
            weight = weights[k]
            near = padded[k * inner:k * inner + count]
            far = padded[(2 * half - k) * inner:(2 * half - k) * inner + count]
            for j in range(count):
                line_total[j] += (np.float64(near[j]) + np.float64(far[j])) * weight
        line = flat_out[a]
        for j in range(count):
            line[j] = np.float32(line_total[j])
    return out


def gaussian_weights(sigma: float) -> Doubles:
    """scipy.ndimage's Gaussian kernel for sigma (truncated at four sigmas), computed as it computes it."""
    radius = int(4.0 * sigma + 0.5)
    x = np.arange(-radius, radius + 1)
    weights = np.exp(-0.5 / (sigma * sigma) * x**2)
    normalized: Doubles = weights / weights.sum()
    return normalized


def gaussian_blur(image: Singles, sigmas: tuple[float, ...]) -> Singles:
    """scipy.ndimage.gaussian_filter(image, sigmas) of a float32 picture, to the bit, in about half its time: the
    same kernel, the same "reflect" ends, the same order of sums and float32 between the axes (one pass
    an axis with a sigma, first to last), on whole rows at a time."""
    if image.dtype != np.float32 or len(sigmas) != image.ndim:
        raise ValueError(f"gaussian_blur takes a float32 picture and a sigma an axis, not {image.dtype} and {sigmas}")
    out = np.ascontiguousarray(image)
    for axis, sigma in enumerate(sigmas):
        if sigma <= 1e-15:
            continue
        weights = gaussian_weights(sigma)
        before, length = math.prod(out.shape[:axis]), out.shape[axis]
        after = math.prod(out.shape[axis + 1:])
        out = correlate_lines(out.reshape(before, length, after), weights).reshape(out.shape)
    return out


def wide_blur(image: Singles, sigma: float) -> Singles:
    """A Gaussian blur of a picture (C x H x W) too wide to keep detail (sigma 4 pixels or more; a narrower one,
    or a picture under 16 pixels a side, whose odd last row would weigh too much, is blurred as it is): taken on
    its 2 x 2 means and brought back by linear interpolation, a quarter of the pixels and half the kernel. Within
    1% of the plain blur of a step at sigma 4, 0.1% at a 64-pixel die's surround (8.7), more than a sigma in from
    the picture's edges; by them, where the ends are reflected in whole halved pixels, up to 12% (a patch of a
    few pixels in a corner: a region's edges are table)."""
    height, width = image.shape[1:]
    if sigma < 4 or min(height, width) < 16:
        return gaussian_blur(image, (0, sigma, sigma))
    narrower = math.sqrt(sigma * sigma - 0.25) / 2  # in halved pixels; the 2 x 2 means spread it 0.25 pixel^2
    return doubled(gaussian_blur(halved(np.ascontiguousarray(image)), (0, narrower, narrower)), height, width)


@njit(cache=True, nogil=True)
def halved(image: Singles) -> Singles:
    """The 2 x 2 means of a picture (C x H x W, float32; an odd last row or column left out): scan_faces.block_mean's
    step of 2 to the bit, channels first, in one pass (block_mean's strided sums on a channels-first picture cost
    wide_blur more than it saved)."""
    channels, height, width = image.shape
    out = np.empty((channels, height // 2, width // 2), dtype=np.float32)
    for c in range(channels):
        for i in range(height // 2):
            upper, lower = image[c, 2 * i], image[c, 2 * i + 1]
            row = out[c, i]
            for j in range(width // 2):
                row[j] = np.float32(0.25) * (upper[2 * j] + upper[2 * j + 1] + lower[2 * j] + lower[2 * j + 1])
    return out


@njit(cache=True, nogil=True)
def block_sums(image: npt.NDArray[np.number], step: int) -> Singles:
    """The means of the step x step blocks of a picture (H x W x C; a ragged edge dropped), float32: each block's
    pixels added row by row to 0, then times 1 / step ** 2 (scan_faces.block_mean's strided numpy sums, to the
    bit, in one pass)."""
    height, width, channels = image.shape[0] // step, image.shape[1] // step, image.shape[2]
    out = np.empty((height, width, channels), dtype=np.float32)
    share = np.float32(1.0 / (step * step))
    for r in range(height):
        for c in range(width):
            for k in range(channels):
                total = np.float32(0.0)
                for i in range(step):
                    for j in range(step):
                        total += np.float32(image[r * step + i, c * step + j, k])
                out[r, c, k] = total * share
    return out


@njit(cache=True, nogil=True)
def doubled_places(count: int, length: int) -> tuple[Ints, Ints, Singles]:
    """For each of `count` pixels doubled from `length` halved ones: the halved pixels either side of it and its
    share of the way from the first to the second."""
    low, high = np.empty(count, dtype=np.int64), np.empty(count, dtype=np.int64)
    share = np.empty(count, dtype=np.float32)
    for i in range(count):
        place = min(max((i - 0.5) / 2, 0.0), length - 1.0)
        low[i] = min(int(place), max(length - 2, 0))
        high[i] = min(low[i] + 1, length - 1)
        share[i] = place - low[i]
    return low, high, share


@njit(cache=True, nogil=True)
def doubled(image: Singles, height: int, width: int) -> Singles:
    """A picture of halved pixels (C x h x w, float32) brought back to height x width (2h or 2h + 1, and so for
    w) by linear interpolation: a halved pixel's centre lies between the two pixels it is the mean of, so each
    pixel between two centres is a quarter of the way from one, and those past the end centres are the end ones."""
    channels, rows, cols = image.shape
    row_low, row_high, row_share = doubled_places(height, rows)
    col_low, col_high, col_share = doubled_places(width, cols)
    out = np.empty((channels, height, width), dtype=np.float32)
    line = np.empty(cols, dtype=np.float32)
    for c in range(channels):
        for y in range(height):
            share = row_share[y]
            upper, lower = image[c, row_low[y]], image[c, row_high[y]]
            for j in range(cols):
                line[j] = upper[j] + (lower[j] - upper[j]) * share
            row = out[c, y]
            for x in range(width):
                left = line[col_low[x]]
                row[x] = left + (line[col_high[x]] - left) * col_share[x]
    return out


@njit(cache=True, nogil=True)
def is_window_top(values: Singles, sign: float, channel: int, row: int, col: int, half: int) -> bool:
    """Whether sign times values[channel] at (row, col) is the highest in the (2 half + 1)-pixel square round it,
    cut at the picture's edge (which holds what scipy's reflected edge does), ties counted as highest."""
    height, width = values.shape[1], values.shape[2]
    one_sign = np.float32(sign)
    here = one_sign * values[channel, row, col]
    for r in range(max(row - half, 0), min(row + half + 1, height)):
        for c in range(max(col - half, 0), min(col + half + 1, width)):
            if one_sign * values[channel, r, c] > here:
                return False
    return True


@njit(cache=True, nogil=True)
def peak_places(blobs: Singles, sign: float, least: float, around: Mask, half: int) -> tuple[Ints, Ints, Singles]:
    """The places (rows, cols, row by row) where the channels' best signed blob map (sign times them, the most of
    the channels at each pixel) is over `least` (float32), in `around` and the highest in the (2 half + 1)-pixel
    square round it; and its value there."""
    one_sign = np.float32(sign)
    best = np.empty((1,) + blobs.shape[1:], dtype=np.float32)
    for row in range(blobs.shape[1]):
        for col in range(blobs.shape[2]):
            most = one_sign * blobs[0, row, col]
            for channel in range(1, blobs.shape[0]):
                most = max(most, one_sign * blobs[channel, row, col])
            best[0, row, col] = most
    threshold = np.float32(least)
    rows, cols = [], []
    only = int(0)  # noqa: UP018 (not the literal: numba would compile is_window_top again for Literal[int](0))
    for row in range(best.shape[1]):
        for col in range(best.shape[2]):
            if around[row, col] and best[0, row, col] > threshold and is_window_top(best, 1.0, only, row, col, half):
                rows.append(row)
                cols.append(col)
    found_rows, found_cols = np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64)
    values = np.empty(len(rows), dtype=np.float32)
    for k in range(len(rows)):
        values[k] = best[0, found_rows[k], found_cols[k]]
    return found_rows, found_cols, values


@njit(cache=True, nogil=True)
def window_maxima(values: Singles, sign: float, half: int) -> Singles:
    """sign times each channel of values (C x H x W), the highest in the (2 half + 1)-pixel square round each pixel,
    cut at the picture's edge (scipy's maximum_filter, whose reflected edge holds the same pixels): down the
    columns, then along the rows, each by window_maxima_down, in the same time whatever the window (a washed
    face's level is taken over 0.6 of a die, scan_faces.washed_maps: looking over the window at each pixel took 8
    times as long there, and a fifth longer at a peak's window of 5 pixels)."""
    channels, height, width = values.shape
    out = np.empty_like(values)
    for channel in range(channels):
        down = window_maxima_down(values[channel], np.float32(sign), half)
        out[channel] = window_maxima_down(np.ascontiguousarray(down.T), np.float32(1.0), half).T
    return out


@njit(cache=True, nogil=True)
def window_maxima_down(values: Singles, sign: np.float32, half: int) -> Singles:
    """sign times a picture (H x W), the highest in the 2 half + 1 rows round each row, cut at its edge: van Herk's
    running maxima, three comparisons a pixel whatever the window (the rows, with `half` empty ones each side, cut
    in blocks of the window's length: each row's window spans the end of one block and the start of the next)."""
    height, width = values.shape
    length = 2 * half + 1
    rows = (height + 2 * half + length - 1) // length * length
    lowest = np.float32(-np.inf)
    from_start = np.full((rows, width), lowest, dtype=np.float32)
    to_end = np.full((rows, width), lowest, dtype=np.float32)
    for r in range(half, half + height):
        for c in range(width):
            from_start[r, c] = to_end[r, c] = sign * values[r - half, c]
    for r in range(rows):
        if r % length:
            for c in range(width):
                if from_start[r - 1, c] > from_start[r, c]:
                    from_start[r, c] = from_start[r - 1, c]
    for r in range(rows - 2, -1, -1):
        if (r + 1) % length:
            for c in range(width):
                if to_end[r + 1, c] > to_end[r, c]:
                    to_end[r, c] = to_end[r + 1, c]
    out = np.empty((height, width), dtype=np.float32)
    for r in range(height):
        for c in range(width):
            out[r, c] = max(to_end[r, c], from_start[r + length - 1, c])
    return out


@njit(cache=True, nogil=True)
def slope_places(logs: Singles, blobs: Singles, sign: float, least: float, around: Mask, taken: Mask, half: int
                 ) -> tuple[Ints, Ints, Singles]:
    """The places (rows, cols, row by row) in `around` and not `taken` where, in some channel whose signed blob map
    is over `least` (float32) there, the signed log brightness is the highest in the (2 half + 1)-pixel square
    round it; and the channels' best signed blob map there (scan_faces.places_on_slopes)."""
    threshold = np.float32(least)
    one_sign = np.float32(sign)
    rows, cols = [], []
    values = []
    for row in range(logs.shape[1]):
        for col in range(logs.shape[2]):
            if not around[row, col] or taken[row, col]:
                continue
            for channel in range(logs.shape[0]):
                if one_sign * blobs[channel, row, col] > threshold and \
                        is_window_top(logs, sign, channel, row, col, half):
                    best = one_sign * blobs[0, row, col]
                    for other in range(1, blobs.shape[0]):
                        best = max(best, one_sign * blobs[other, row, col])
                    rows.append(row)
                    cols.append(col)
                    values.append(best)
                    break
    return np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64), np.array(values, dtype=np.float32)


def warmup() -> None:
    """Compile the kernel with the argument types the reader calls it with."""
    logs = np.zeros((3, 16, 16), dtype=np.float32)
    blobs = np.zeros((3, 16, 16), dtype=np.float32)
    logs[:, 8, 8] = 1.0
    blobs[:, 8, 8] = 1.0
    ring = np.array([[0, 3], [3, 0], [0, -3], [-3, 0]], dtype=np.int64)
    points = np.array([8], dtype=np.int64)
    measure_pips(logs, blobs, 1.0, points, points, np.ones((16, 16), dtype=np.bool_), np.ones((16, 16), dtype=np.bool_),
                 ring, 1.5, 0.1, 0.65, 4)
    area_average(np.zeros((9, 9, 3), dtype=np.uint8), 0, 9, 0, 9, 4, 4, True)
    field = cubic_surface(np.ones((4, 9), dtype=np.float32), np.ones((4, 9), dtype=np.float32),
                          np.ones((10, 3), dtype=np.float32), np.zeros((10, 2), dtype=np.int64), 0.02)
    index = np.zeros(9, dtype=np.int64)
    plus_bilinear(field, field[:2, :2].copy(), index, index, np.zeros(9, dtype=np.float32), index, index,
                  np.zeros(9, dtype=np.float32), 0.02)
    from tablegames.piddle.scan_faces import PATTERN_COUNTS, PATTERN_MASK, PATTERN_TABLE

    frames = np.array([[[2.0, 2.0], [-2.0, 2.0]]])
    spots = np.array([[6.0, 6.0]])
    grid_reading(logs[0], 0.0, 1.0, np.array([8.0, 8.0]), frames, spots, np.ones(1), np.ones(1), 12.0, PATTERN_MASK,
                 PATTERN_TABLE, PATTERN_COUNTS)
    gaussian_blur(logs, (0.0, 1.0, 1.0))
    doubled(halved(logs), 16, 17)  # wide_blur's kernels, whatever size it takes them from
    binary_opening(np.ones((4, 4), dtype=np.bool_), 1)
    labels, count = labelled(np.ones((4, 4), dtype=np.bool_))
    labels_kept(labels, np.ones(count + 1, dtype=np.bool_))
    blob_sums(labels, count)
    binned(np.zeros((4, 4), dtype=np.float32), np.linspace(0, 1, 5).astype(np.float32))
    holes_filled(np.ones((4, 4), dtype=np.bool_))
    colours = np.ones((4, 4, 3), dtype=np.float32)
    flat, distance = flattened(colours, colours[:, :, :1].copy(), np.ones(3, dtype=np.float32))
    shadow_pixels(flat, distance > 0, np.ones(3, dtype=np.float32), 3.0)
    hue_distance(flat, np.ones(3, dtype=np.float32))
    for picture in (np.zeros((4, 4, 3), dtype=np.float32), np.zeros((4, 4, 1), dtype=np.float32),
                    np.zeros((4, 4, 3), dtype=np.uint8)):
        block_sums(picture, 2)
    square_window(np.ones((4, 4), dtype=np.bool_), 1, True)
    blob_differences(logs, np.ones((7, 16, 16), dtype=np.float32), np.ones((16, 16), dtype=np.bool_))
    pixel_detail(logs, np.ones((16, 16), dtype=np.bool_))
    settled_faces(np.array([[8.0, 8.0], [8.0, 20.0]]), 30.0, 0.5)
    everywhere = np.ones((16, 16), dtype=np.bool_)
    peak_places(blobs, 1.0, 0.1, everywhere, 3)
    slope_places(logs, blobs, -1.0, 0.1, everywhere, ~everywhere, 3)
    window_maxima(logs, -1.0, 2)
    pip_reach(1.5)  # called from Python too (scan_faces.find_pips)
