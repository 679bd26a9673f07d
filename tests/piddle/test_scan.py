import dataclasses
import math

import numpy as np
import pytest

from photo_world import WorldScore, score_world, world_photo
from tablegames.cli import main
from tablegames.piddle.scan import DiceReading, read_dice
from tablegames.piddle.scan_synth import score_reading, synthetic_photo


def read_set(seed, count, **options):
    """[right, wrong but marked, wrong and unmarked, missed, missed silently]. A missed die is said when the
    reading reports another count, or when a die marked uncertain stands in for it (read where there is none):
    silently missed are those beyond the marked dice of a reading that reports six."""
    totals = np.zeros(5, dtype=int)
    for index in range(count):
        photo = synthetic_photo(seed, index, **options)
        reading = read_dice(photo.image)
        score = score_reading(photo, reading)
        silent = max(0, score.missed - len(reading.uncertain)) if reading.problem is None else 0
        totals += [score.right, score.wrong_marked, score.wrong_unmarked, score.missed, silent]
    return totals


def read_world(seed: int, index: int) -> tuple[DiceReading, WorldScore]:
    """A photo of the independent generator (tests/photo_world.py), read: the reading, and its score."""
    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    return reading, score_world(photo, reading)


def face_pip(strength: float, area: float, roundness: float):
    """A pip of a face (scan_faces.Pip) of this strength, area and roundness, standing out all round, closed,
    0.25 of a side inside its blob."""
    from tablegames.piddle.scan_faces import Pip

    return Pip(np.zeros(2), strength, area, roundness, 0.0, False, 0.0, 0, 0.25, 0.0)


def has_die_at(reading: DiceReading, value: int, centre: tuple[float, float], within: float, uncertain: bool) -> bool:
    """Whether the reading holds a die of this value within `within` photo pixels of a place (row, col), flagged
    uncertain or not as asked."""
    return any(die.value == value and die.is_uncertain == uncertain and math.dist(die.center, centre) < within
               for die in reading.dice)


def assert_reads_well(totals):
    right, wrong_marked, wrong_unmarked, missed, _ = totals
    dice = totals[:4].sum()
    assert right >= 0.99 * dice, totals
    assert wrong_unmarked == 0, f"{wrong_unmarked} dice read wrongly without being marked uncertain"
    assert missed == 0, totals


def test_reads_a_sample_of_generated_photos():
    assert_reads_well(read_set(101, 50))


@pytest.mark.parametrize("style", ["light", "dark"])
def test_reads_touching_dice_of_both_styles(style):
    assert_reads_well(read_set(102, 12, style=style, touching=True))


def test_hard_photos_mark_every_misread_die_uncertain():
    # small dice under heavy noise: some are misread, but never silently
    right, wrong_marked, wrong_unmarked, missed, silently_missed = read_set(
        103, 15, size_range=(0.035, 0.055), noise_range=(0.1, 0.18))
    assert wrong_unmarked == 0 and silently_missed == 0  # a lost die is said: "found 5 dice, expected 6"
    # a floor, not the goal: the reader before issue 19 read 70% of these (20-30 px dice under noise of 25-45
    # levels); the one that reads the sides of tilted dice reads 58%
    assert right >= 0.55 * (right + wrong_marked + missed)


@pytest.mark.slow
def test_reads_at_least_99_percent_of_500_generated_photos():
    assert_reads_well(read_set(104, 500))


def test_a_photo_whose_only_shapes_touch_its_edge_reads_no_dice():
    """Once 'attempt to get argmax of an empty sequence' (found by fuzzing a truncated JPEG)."""
    halves = np.full((120, 160, 3), 60, np.uint8)
    halves[:, 100:] = 230
    assert read_dice(halves).dice == ()


def test_a_photo_without_dice_reads_no_dice():
    rng = np.random.default_rng(0)
    blank = np.clip(0.3 + rng.normal(0, 0.02, size=(300, 400, 3)), 0, 1)
    assert read_dice(blank).dice == ()


@pytest.mark.parametrize("image", [np.zeros((10, 10, 3)), np.zeros((64, 64, 5)), np.zeros((64, 64, 3), np.int64),
                                   np.full((64, 64, 3), np.nan)])
def test_what_is_not_a_picture_is_refused(image):
    with pytest.raises(ValueError, match="image"):
        read_dice(image)


def test_scan_command_reads_a_png(tmp_path, capsys):
    import pygame

    photo = synthetic_photo(105, 0, touching=False)
    path = tmp_path / "dice.png"
    pygame.image.save(pygame.surfarray.make_surface(photo.image.transpose(1, 0, 2)), str(path))
    assert main(["piddle", "scan", str(path)]) == 0
    out = capsys.readouterr().out
    read = out.strip().splitlines()[-1].split()[1]
    assert sorted(read) == sorted("".join(map(str, photo.values)))


def test_scan_command_on_a_missing_file_is_one_line_exit_2(tmp_path, capsys):
    assert main(["piddle", "scan", str(tmp_path / "nope.png")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "nope.png: cannot be read (No such file" in err


def save_png(tmp_path, image, name="dice.png"):
    import png_files

    path = tmp_path / name
    path.write_bytes(png_files.rgb8(np.ascontiguousarray(image)))
    return path


def test_a_tiny_photo_is_too_small_not_six_sixes(tmp_path, capsys):
    """Once '666666' with zero confidence and exit 0 for a 90 x 60 photo."""
    tiny = synthetic_photo(105, 0, width=480).image[::5, ::5][:60, :90]
    reading = read_dice(tiny)
    assert reading.problem == "too small" and reading.dice == () and "90 x 60" in reading.message
    assert main(["piddle", "scan", str(save_png(tmp_path, tiny))]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "too small" in err and "closer" in err


def test_a_long_narrow_photo_is_refused_not_a_crash():
    """A fuzzed JPEG decoded to 171 x 11904 pixels: shrunk to the working size it was 7 pixels wide, and fitting
    its light on 8-pixel blocks divided by zero. More than 16 times longer than wide is refused as too small to
    read; 16 times is read."""
    strip = np.full((11904, 171, 3), 128, dtype=np.uint8)
    reading = read_dice(strip)
    assert reading.problem == "too small" and "171 x 11904" in reading.message and "narrow" in reading.message
    assert read_dice(np.full((1600, 100, 3), 128, dtype=np.uint8)).problem == "no dice"


def test_a_dark_photo_is_too_dark(tmp_path, capsys):
    dark = (synthetic_photo(105, 0).image * 0.05).astype(np.uint8)
    assert read_dice(dark).problem == "too dark"
    assert main(["piddle", "scan", str(save_png(tmp_path, dark))]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "too dark" in err and "light" in err


def test_a_photo_without_dice_says_so(tmp_path, capsys):
    rng = np.random.default_rng(1)
    cloth = (np.clip(0.3 + rng.normal(0, 0.02, size=(300, 400, 3)), 0, 1) * 255).astype(np.uint8)
    assert read_dice(cloth).problem == "no dice"
    assert main(["piddle", "scan", str(save_png(tmp_path, cloth))]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "found no dice" in err


def test_a_900_px_photo_is_shrunk_by_its_own_factor_not_a_whole_number():
    """The working picture is area-averaged by the exact factor: a whole-number shrink of 2 read a 900 px photo at
    450 px and halved the pips (the dice themselves are read at their own scale from the photo: scan_faces)."""
    from tablegames.piddle.scan import WORKING_SIZE, shrink

    small, factor = shrink(np.zeros((600, 900, 3), np.uint8))
    assert small.shape[:2] == (round(600 * WORKING_SIZE / 900), WORKING_SIZE)
    assert factor == pytest.approx(900 / WORKING_SIZE, rel=2e-3)


def test_area_resampling_keeps_the_mean_and_each_pixels_share():
    from tablegames.piddle.scan import area_resample

    rng = np.random.default_rng(2)
    image = rng.random((96, 130, 3)).astype(np.float32)  # a block mean of 2, then 2.4 and 2.28 to 1: no ragged edge
    small = area_resample(image, 40, 57)
    assert small.shape == (40, 57, 3)
    assert small.mean() == pytest.approx(image.mean(), abs=1e-5)
    stripes = np.zeros((10, 30), np.float32)
    stripes[:, 1::3] = 3.0  # the middle column of every three: a 3-to-2 resample splits it between two cells
    assert np.allclose(area_resample(stripes[..., None], 10, 20)[..., 0], 1.0, atol=1e-5)


def test_two_ones_are_doubted_when_the_blob_round_them_is_one_die_wide_across_them():
    """Two dice read as 1s in one blob: side by side (the blob as wide across them as one die), they stand; on the
    diagonal of one die (the blob twice as wide across them as they are apart) they are the pips of a 2 read at
    too small a die size, and both are put in doubt."""
    from tablegames.piddle.scan import Blobs, DieReading, paired_ones_doubted

    labels = np.zeros((100, 160), np.int32)
    labels[30:70, 20:100] = 1  # two 40 px dice side by side
    labels[20:80, 100:160] = 2  # ... and one 60 px die: a 2 on its diagonal
    boxes = ((slice(30, 70), slice(20, 100)), (slice(20, 80), slice(100, 160)))
    blobs = Blobs(labels, (1, 2), (), boxes, 1.0, 40.0, ((50.0, 60.0), (50.0, 130.0)))
    side_by_side = [DieReading(1, 1.0, (50.0, 40.0), 40.0, 1), DieReading(1, 1.0, (50.0, 80.0), 40.0, 1)]
    assert [die.confidence for die in paired_ones_doubted(side_by_side, blobs, 1, 40.0)] == [1.0, 1.0]
    diagonal = [DieReading(1, 1.0, (35.0, 115.0), 40.0, 1), DieReading(1, 1.0, (65.0, 145.0), 40.0, 1)]
    assert all(die.is_uncertain for die in paired_ones_doubted(diagonal, blobs, 2, 40.0))
    one_doubted = [DieReading(1, 1.0, (35.0, 115.0), 40.0, 1), DieReading(1, 0.45, (65.0, 145.0), 40.0, 1)]
    assert all(die.is_uncertain for die in paired_ones_doubted(one_doubted, blobs, 2, 40.0))  # step 117
    far = [DieReading(1, 1.0, (50.0, 30.0), 40.0, 1), DieReading(1, 1.0, (50.0, 150.0), 40.0, 1)]
    assert not any(die.is_uncertain for die in paired_ones_doubted(far, blobs, 1, 40.0))  # more than a die apart


def test_two_ones_are_doubted_when_the_blob_along_them_is_shorter_than_two_dice():
    """Step 104: a 2 whose pips lie near its corners, read as two 1s at a die size too small: the blob across them
    is no wider than two dice side by side are, but along the line through them it ends a little past each pip
    (two dice end to end reach half a die past each); dark pips are holes in the blob, passed over. Step 127: a
    blob 1.7 times their distance along them is short of two dice too (PAIR_LENGTH 1.75, from 1.6)."""
    from tablegames.piddle.scan import (
        PAIR_HOLE,
        PAIR_WIDTH,
        Blobs,
        DieReading,
        blob_chord,
        paired_ones_doubted,
    )

    labels = np.zeros((100, 280), np.int32)
    labels[20:80, 20:80] = 1  # a 60 px die, a 2 on its row near its corners, each pip a hole in the blob
    labels[44:56, 24:36] = labels[44:56, 64:76] = 0
    labels[30:70, 100:180] = 2  # two 40 px dice side by side, their pips holes too
    labels[44:56, 114:126] = labels[44:56, 154:166] = 0
    labels[20:80, 196:264] = 3  # a blob 68 px along two pips 40 px apart: 1.7 times their distance
    labels[44:56, 204:216] = labels[44:56, 244:256] = 0
    boxes = ((slice(20, 80), slice(20, 80)), (slice(30, 70), slice(100, 180)), (slice(20, 80), slice(196, 264)))
    blobs = Blobs(labels, (1, 2, 3), (), boxes, 1.0, 40.0, ((50.0, 50.0), (50.0, 140.0), (50.0, 230.0)))
    two = [DieReading(1, 1.0, (50.0, 30.0), 40.0, 1), DieReading(1, 1.0, (50.0, 70.0), 40.0, 1)]
    assert blob_chord(blobs, 1, two[0].center, two[1].center) <= PAIR_WIDTH * 40  # not wider across than two dice
    assert all(die.is_uncertain for die in paired_ones_doubted(two, blobs, 1, 40.0))
    side_by_side = [DieReading(1, 1.0, (50.0, 120.0), 40.0, 1), DieReading(1, 1.0, (50.0, 160.0), 40.0, 1)]
    assert not any(die.is_uncertain for die in paired_ones_doubted(side_by_side, blobs, 2, 40.0))
    pips = tuple(die.center for die in side_by_side)
    assert blob_chord(blobs, 2, *pips, along=True, over=PAIR_HOLE * 40) == pytest.approx(80, abs=1)
    assert blob_chord(blobs, 2, *pips, along=True) < 40  # holes not passed over: it stops at the pips
    wide_two = [DieReading(1, 1.0, (50.0, 210.0), 40.0, 1), DieReading(1, 1.0, (50.0, 250.0), 40.0, 1)]
    assert blob_chord(blobs, 3, *(die.center for die in wide_two), along=True,
                      over=PAIR_HOLE * 40) == pytest.approx(68, abs=1)
    assert all(die.is_uncertain for die in paired_ones_doubted(wide_two, blobs, 3, 40.0))


def test_a_two_read_as_a_sure_one_and_a_doubted_one_is_flagged():
    """Step 117: an ivory 2's big square pips, read as two 1s at 0.86 of its size, one in doubt for another reason
    and the other sure (2121/196): the pair is doubted as two sure 1s are, and no die is read wrong unflagged."""
    _, score = read_world(2121, 196)
    assert score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


@pytest.mark.parametrize(("seed", "index"), [(1919, 504), (1919, 550), (1919, 968), (6161, 78), (9191, 221)])
def test_photos_whose_guessed_die_was_read_unsurely_at_another_size_read_exactly(seed, index):
    """Step 106: a die read as a guess takes the value another size read its pips as with UNCERTAIN_BELOW or more
    (trusted too): a black 2 whose glare-washed face read as a trusted 2 (0.59) at two other sizes, guessed as a 1
    at the size kept (1919/550). The photos of the independent generator are read exactly now."""
    _, score = read_world(seed, index)
    assert score.exact, score.failures


@pytest.mark.parametrize(("seed", "index"), [(1919, 970), (7171, 192)])
def test_photos_whose_die_was_read_surely_only_at_a_smaller_size_read_exactly(seed, index):
    """Step 105: a translucent 1 read with 0.94 at 0.87 of the die size kept, and as no die at it (1919/970), is
    found (in doubt); so is 7171/192's. The photos of the independent generator are read exactly now."""
    _, score = read_world(seed, index)
    assert score.exact and score.extra == 0, score.failures


@pytest.mark.parametrize(("seed", "index"), [(1919, 68), (8181, 38), (1919, 106)])
def test_photos_whose_two_was_read_as_a_pair_of_ones_read_exactly(seed, index):
    """Step 104: a white 2 with its pips near its corners, read as two sure 1s at two thirds of its size
    (1919/68); 8181/38; step 127: an ivory 2 read so at 0.73 of its size, its blob 1.69 times the pips' distance
    along them (1919/106). The photos of the independent generator are read exactly now."""
    _, score = read_world(seed, index)
    assert score.exact and score.extra == 0, score.failures


def test_a_two_is_doubted_when_the_blob_across_its_pips_is_no_wider_than_two_dice_side_by_side():
    """A 2 read from two pips one die apart in a blob one die high (two 1s side by side) is put in doubt; a 2 on
    the diagonal of a square die (the blob twice as wide across its pips as they are apart) stands."""
    from tablegames.piddle.scan import Blobs, DieReading, Region, narrow_two_doubted
    from tablegames.piddle.scan_faces import Face

    labels = np.zeros((100, 160), np.int32)
    labels[30:70, 20:100] = 1  # two 40 px dice side by side
    labels[20:80, 100:160] = 2  # one 60 px die
    boxes = ((slice(30, 70), slice(20, 100)), (slice(20, 80), slice(100, 160)))
    blobs = Blobs(labels, (1, 2), (), boxes, 1.0, 40.0, ((50.0, 60.0), (50.0, 130.0)))
    region = Region(np.zeros((100, 160, 3), np.float32), labels > 0, 40.0, 0, 0, 1.0, 1.0)  # the photo itself

    def two(a, b):
        centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return DieReading(2, 1.0, centre, 40.0, 2), Face(np.array(centre), (0, 1), 2, 1.0, 10.0, (), (a, b))

    assert narrow_two_doubted(*two((50.0, 40.0), (50.0, 80.0)), region, blobs, 1, []).is_uncertain
    assert not narrow_two_doubted(*two((35.0, 115.0), (65.0, 145.0)), region, blobs, 2, []).is_uncertain


def test_a_two_is_doubted_when_the_blob_across_its_pips_is_narrow_up_to_the_dice_beside_it():
    """Step 150: two 1s side by side with a die touching each above and below (one blob 120 px high) read as a 2
    are put in doubt, the blob across their pips measured up to halfway to the dice read beside them on that line
    (7171/96); a 2 on its die's diagonal between two dice so stands, and so does a pair when the die beside it
    lies off that line (more than BESIDE_ANGLE from it)."""
    from tablegames.piddle.scan import TWO_WIDTH, Blobs, DieReading, Region, blob_chord, narrow_two_doubted
    from tablegames.piddle.scan_faces import Face

    labels = np.zeros((200, 300), np.int32)
    labels[40:160, 20:100] = 1  # two 40 px dice side by side (rows 80-120), a die above and below them
    labels[10:190, 140:200] = 2  # a 60 px die (rows 70-130), one above and one below it
    labels[60:100, 210:290] = 3  # two 40 px dice side by side (rows 60-100) ...
    labels[100:140, 230:270] = 3  # ... and a side below them, no die read on it
    boxes = ((slice(40, 160), slice(20, 100)), (slice(10, 190), slice(140, 200)),
             (slice(60, 140), slice(210, 290)))
    blobs = Blobs(labels, (1, 2, 3), (), boxes, 1.0, 40.0, ((100.0, 60.0), (100.0, 170.0), (90.0, 250.0)))
    region = Region(np.zeros((200, 300, 3), np.float32), labels > 0, 40.0, 0, 0, 1.0, 1.0)  # the photo itself

    def two(a, b):
        centre = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return DieReading(2, 1.0, centre, 40.0, 2), Face(np.array(centre), (0, 1), 2, 1.0, 10.0, (), (a, b))

    def die(row, col, size=40.0):
        return DieReading(3, 1.0, (row, col), size, 3)

    pair, pair_face = two((100.0, 40.0), (100.0, 80.0))
    above, below = die(60.0, 60.0), die(140.0, 60.0)
    assert blob_chord(blobs, 1, (100.0, 40.0), (100.0, 80.0)) >= TWO_WIDTH * 40  # across it, three dice high
    assert narrow_two_doubted(pair, pair_face, region, blobs, 1, [above, pair, below]).is_uncertain
    assert not narrow_two_doubted(pair, pair_face, region, blobs, 1, [pair]).is_uncertain  # nothing read beside
    diagonal, diagonal_face = two((79.0, 149.0), (121.0, 191.0))
    assert not narrow_two_doubted(diagonal, diagonal_face, region, blobs, 2,
                                  [die(40.0, 170.0, 60.0), diagonal, die(160.0, 170.0, 60.0)]).is_uncertain
    off_line, off_line_face = two((80.0, 230.0), (80.0, 270.0))
    assert not narrow_two_doubted(off_line, off_line_face, region, blobs, 3,
                                  [off_line, die(130.0, 300.0)]).is_uncertain  # 45 degrees off the line across


def test_a_six_keeps_its_middle_pips_halfway_and_a_four_with_two_side_pips_does_not():
    """A 6 seen at a slant (its rows compressed by a perspective) keeps each middle pip halfway between the pips at
    the ends of its column; a 4 and two pips of its side beyond one edge, nearer together (the side is seen
    foreshortened), make a third row that is not."""
    from tablegames.piddle.scan_faces import column_bend

    def seen(points, tilt):  # a pinhole looking down at a plane turned `tilt` radians about the column axis
        depth = 10.0 + np.sin(tilt) * points[:, 0]
        return np.stack([points[:, 0] * np.cos(tilt), points[:, 1]], axis=1) * (10.0 / depth)[:, None]

    six = np.array([[r, c] for r in (-1.0, 0.0, 1.0) for c in (-1.0, 1.0)])
    for tilt in (0.0, 0.3, 0.6):
        assert column_bend(seen(six, tilt)) < 0.06
    four_and_side = np.array([[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0], [1.7, -1.0], [1.7, 1.0]])
    assert column_bend(four_and_side) > 0.1


def test_the_corners_of_a_face_make_a_parallelogram_and_pips_of_two_faces_do_not():
    from tablegames.piddle.scan_faces import corner_skew

    square = np.array([[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0], [0.0, 0.0]])  # a 5
    turned = square @ np.array([[0.8, 0.6], [-0.6, 0.8]]) * np.array([0.7, 1.0])  # turned, seen at a slant
    assert corner_skew(square) < 1e-9 and corner_skew(turned) < 1e-9
    two_and_side = np.array([[-1.0, -1.0], [1.0, 1.0], [1.4, -0.2], [2.2, 0.9]])  # a 2's pips and two of its side's
    assert corner_skew(two_and_side) > 0.15


@pytest.mark.parametrize("pip_share", [0.13, 0.16, 0.19])
def test_a_big_red_one_reads_as_a_one(pip_share):
    """White dice often have a big red 1 (a pip 1.3 to 1.8 times the others'): pip maps at a pip's scale see it
    as a ring of weak spots. Six white dice, 90 px, on grey cloth, each showing one red disc this share of its side
    in radius, drawn here, read as six confident 1s."""
    height, width, side = 400, 600, 90
    photo = np.full((height, width, 3), (110, 112, 118), np.uint8)
    rows, cols = np.mgrid[0:height, 0:width]
    centres = [(100 + 200 * i, 100 + 200 * j) for i in range(2) for j in range(3)]
    for row, col in centres:
        photo[row - side // 2:row + side // 2, col - side // 2:col + side // 2] = (240, 240, 236)
        photo[np.hypot(rows - row, cols - col) <= pip_share * side] = (200, 25, 30)
    reading = read_dice(photo)
    assert reading.values == (1,) * 6 and reading.uncertain == (), reading


def test_a_big_red_one_by_the_tables_gap_between_dice_is_read():
    """Step 111: a big 1 is alone on its die when no round spot (BIG_ALONE_ROUND) as strong stands near it; the
    navy table's gap between two white dice, dark and flat, within BIG_ALONE of a big red 1, hid it (3131/144, the
    photo's only fault: read exactly now)."""
    photo = world_photo(3131, 144)
    score = score_world(photo, read_dice(photo.image))
    assert score.exact and score.wrong_unflagged == 0, score.failures


@pytest.mark.parametrize(("seed", "index", "exact"), [(6161, 18, False), (2121, 219, True), (1919, 695, True)])
def test_a_three_beside_a_column_of_pips_not_taken_for_frontal_is_doubted(seed, index, exact):
    """Step 113: a 3 with two pips or more beside it that no face took, not taken for frontal but round, closed and
    as strong and large as its own (column_beside), is in doubt: a 6's column read as a 3's diagonal. A translucent
    amber 6 blurred by motion, its other column's pips 0.71 round, was read as a sure 3 (6161/18: flagged now);
    2121/219's 6, read as a 3 in doubt, and 1919/695's missed 1 are read right now (their photos exactly)."""
    photo = world_photo(seed, index)
    score = score_world(photo, read_dice(photo.image))
    assert score.wrong_unflagged == 0 and (score.exact or not exact), score.failures


LOST_AT_STEP_136 = pytest.mark.xfail(strict=True, reason="step 136 (docs/piddle.md): a translucent 1's ghost 6 there "
                                     "has no confidence now, and a column of it reads as a 3 too far off the 1")


@pytest.mark.parametrize(("seed", "index"), [(7171, 289), (7171, 197), pytest.param(6161, 252, marks=LOST_AT_STEP_136),
                                             (9292, 53)])
def test_a_six_with_its_bottom_ones_ghost_in_the_middle_is_read_as_a_six(seed, index):
    """Step 114: a candidate face of more than six frontal pips is read from its six strongest. A translucent red
    6's bottom 1, seen through its middle half as strong as its pips, made every candidate of the 6 one of seven
    pips, and a column of it was read as a 3 in doubt (7171/289; 6161/252 and 9292/53 alike, 7171/197 a 2 missed
    beside such a 6): each photo read exactly now. 6161/252 is not since step 136: its translucent 1 (not the 6)
    was read right only because its ghost 6 was doubted and replaced by a sure 1 read at a larger size."""
    photo = world_photo(seed, index)
    score = score_world(photo, read_dice(photo.image))
    assert score.exact, score.failures


def test_a_sure_die_is_doubted_when_another_size_read_more_pips_there_even_in_doubt():
    """A 4 put in doubt (a side's pip by it) and read at a smaller size as a sure 2 of two of its pips: the 2 is
    put in doubt. A doubted reading of fewer pips there (but for a 1, at a larger size, where a 2 is read), or of
    more pips a die away, or a doubted 2 where a 1 is read surely, leaves it sure."""
    from tablegames.piddle.scan import DieReading, with_second_opinions
    from tablegames.piddle.scan_faces import UNSURE

    two = DieReading(2, 1.0, (100.0, 100.0), 80.0, 2)
    doubted_four = DieReading(4, UNSURE, (104.0, 96.0), 80.0, 4)
    assert with_second_opinions([two], [[doubted_four]], 80.0)[0].is_uncertain
    doubted_two = DieReading(2, UNSURE, (104.0, 96.0), 80.0, 2)
    three = DieReading(3, 1.0, (100.0, 100.0), 80.0, 3)
    assert not with_second_opinions([three], [[doubted_two]], 80.0)[0].is_uncertain
    doubted_one = DieReading(1, UNSURE, (104.0, 96.0), 92.0, 1)  # but a 2 where a 1 is read in doubt at a larger
    assert with_second_opinions([two], [[doubted_one]], 80.0)[0].is_uncertain  # size may be a 1's pip and a side's
    far_four = DieReading(4, UNSURE, (100.0, 180.0), 80.0, 4)
    assert not with_second_opinions([two], [[far_four]], 80.0)[0].is_uncertain
    one, doubted_two = DieReading(1, 1.0, (100.0, 100.0), 80.0, 1), DieReading(2, UNSURE, (110.0, 104.0), 80.0, 2)
    assert not with_second_opinions([one], [[doubted_two]], 80.0)[0].is_uncertain  # a 1 and a side's pip



def test_a_flawless_one_is_not_doubted_by_a_reading_of_more_pips_at_a_larger_size():
    """A 1 read without a flaw stays sure when a larger die size reads a sure 2 or 5 there (the face's reach takes
    in a side's pips, a neighbour's or its bottom 6 seen through it); a smaller size reading a 2, or a 1 read with
    a flaw, is still put in doubt by it."""
    from tablegames.piddle.scan import DieReading, with_second_opinions

    def other(value, size):
        return DieReading(value, 1.0, (104.0, 96.0), size, value)

    one, flawed_one = DieReading(1, 1.0, (100.0, 100.0), 80.0, 1), DieReading(1, 0.96, (100.0, 100.0), 80.0, 1)
    assert not with_second_opinions([one], [[other(2, 92.0)], [other(5, 104.0)]], 80.0)[0].is_uncertain
    assert with_second_opinions([one], [[other(2, 70.0)]], 80.0)[0].is_uncertain
    assert with_second_opinions([flawed_one], [[other(2, 92.0)]], 80.0)[0].is_uncertain


@pytest.mark.parametrize(("seed", "index"), [
    (4242, 54), (4242, 181), (5353, 104), (5353, 213),  # step 76: a 1 read again at a larger size as a 2 or a 5
    (4242, 2), (4242, 224),  # step 77: a glare-washed 2 read from its faint pips without a flaw
    (4242, 9), (5353, 82), (5353, 160),  # step 78: a 2 of unlike pips (one in glare), no 1 read surely there
    (4242, 39), (4242, 80), (5353, 129),  # step 79: a 1 0.29 to 0.32 of a side off its blob's middle
    (5353, 79),  # step 80: a 4 with a faint spot midway along one side
])
def test_right_dice_flagged_for_a_doubt_that_no_longer_flags_them_are_not(seed, index):
    """Tuning photos where a right die was flagged for one doubt alone that now only weighs while the die size is
    chosen (steps 76-80; the comment by each says which): every die is read right, and none is flagged."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values) and not reading.uncertain, reading.dice


def test_a_die_of_faint_pips_alone_is_read_in_doubt_and_a_blank_one_as_nothing():
    """A pale die (drawn here) whose only pips are a 2 of 6% less light than its face (a glare-washed face, under
    the least contrast of a pip, with no stronger pips beside it): no face of either polarity reads, so its faint
    pips are looked for, and it is a 2 in doubt (step 124: at the faint pips' floor of 0.05 before, a 2 of 7% was
    not found). A face without pips reads as nothing: noise makes no pips. Its pips of 9% less light (still under
    the least contrast) read it without a flaw, each of its pips found: it is trusted at the end unless something
    else doubts it (step 77); at 6% its contrast is a flaw and it is not. At 7% the faint pips' face has the flaw
    and the washed maps' does not: from step 126 the washed maps' faces are taken where they read better, and it
    is trusted."""
    from tablegames.piddle import scan_faces

    side = 64
    blank, rows, cols = a_drawn_die((0.30, 0.12, 0.40), (0.96, 0.93, 0.86))
    blank += np.random.default_rng(1).normal(0, 0.004, blank.shape).astype(np.float32)
    mask = np.zeros((128, 128), bool)
    mask[32:96, 32:96] = True
    spacing, radius = 0.26 * side, 0.085 * side
    for light, trusted in ((0.94, 0.0), (0.93, 1.0), (0.91, 1.0)):
        two = blank.copy()
        for i in (-1, 1):
            two[np.hypot(rows - 64 - i * spacing, cols - 64 - i * spacing) <= radius] *= light
        for signs in ((1, -1), (-1,)):
            faces, sign = scan_faces.read_region(two, mask, side, signs)
            assert [face.value for face in faces] == [2] and sign == -1
            assert faces[0].confidence == scan_faces.UNSURE
            assert faces[0].trusted_confidence == trusted
            assert np.hypot(*(faces[0].centre - 64)) < 2
            assert scan_faces.read_region(blank, mask, side, signs) == ([], 0)


def test_a_fairly_sure_whole_face_is_not_doubted_by_a_reading_at_another_size_with_no_confidence():
    """A 4 read with confidence 0.75, each of its pips on its pattern's spots, stays sure of itself when another
    die size reads a 2 there with no confidence (tuning photos: 15 right dice were flagged so, 3 wrong ones all
    under 0.65). Read with less confidence, or with pips taken for its own seen askew (a 6 of four pips on its
    spots among touching dice read at too large a size), the other reading puts it in doubt."""
    from tablegames.piddle.scan import HALF_SURE, DieReading, with_second_opinions
    from tablegames.piddle.scan_faces import SURE

    def four(confidence, on_its_spots):
        return DieReading(4, confidence, (100.0, 100.0), 80.0, 4, checks=(confidence, 1.0, 1.0, 0.3, 1.0, -1.0,
                                                                         on_its_spots))

    unsure_two = DieReading(2, 0.0, (104.0, 96.0), 80.0, 2)
    assert HALF_SURE < 0.75 < SURE
    assert not with_second_opinions([four(0.75, 4)], [[unsure_two]], 80.0)[0].is_uncertain
    assert with_second_opinions([four(0.6, 4)], [[unsure_two]], 80.0)[0].is_uncertain
    assert with_second_opinions([four(0.75, 3)], [[unsure_two]], 80.0)[0].is_uncertain


def test_a_flawless_face_is_not_doubted_by_fewer_of_its_pips_read_surely_at_a_smaller_size():
    """A 4 read without a flaw (every check at its best, its four pips on its pattern's spots) stays sure when a
    smaller die size reads a sure 1 there (at too small a size a die's pips are read as parts of two dice; tuning
    photos: 10 right dice were flagged so, no wrong one). A larger size reading a 1, a smaller one reading a 6, a 4
    read with a flaw or with pips off its spots: each still puts it in doubt."""
    from tablegames.piddle.scan import DieReading, with_second_opinions

    def four(confidence=1.0, on_its_spots=4):
        return DieReading(4, confidence, (100.0, 100.0), 80.0, 4, checks=(confidence, 1.0, 1.0, 0.4, 1.0, -1.0,
                                                                         on_its_spots))

    def other(value, size):
        return DieReading(value, 1.0, (104.0, 96.0), size, value)

    assert not with_second_opinions([four()], [[other(1, 60.0)]], 80.0)[0].is_uncertain
    assert with_second_opinions([four()], [[other(1, 100.0)]], 80.0)[0].is_uncertain
    assert with_second_opinions([four()], [[other(6, 60.0)]], 80.0)[0].is_uncertain
    assert with_second_opinions([four(0.96)], [[other(1, 60.0)]], 80.0)[0].is_uncertain
    assert with_second_opinions([four(on_its_spots=3)], [[other(1, 60.0)]], 80.0)[0].is_uncertain


def test_a_die_read_surely_from_its_strong_pips_is_flagged_only_when_doubted_for_something_else():
    """A translucent 2 read surely (0.97) from its strong pips alone, its bottom face's weaker pips left out, is in
    doubt while the die size is chosen, then trusted as read; an unsure reading of it at another size leaves it so.
    A 4 read with 0.8 so is trusted with 0.8 (step 73), and a 1 given a trusted confidence (its weak pips as faint
    as ghosts: strong_pips_read) with it (step 75). One read with less than UNCERTAIN_BELOW, and one doubted for
    anything else stay flagged."""
    from tablegames.piddle.scan import DieReading, in_doubt, with_second_opinions, with_trust_restored
    from tablegames.piddle.scan_faces import UNSURE

    def through(value, confidence):
        return DieReading(value, UNSURE, (100.0, 100.0), 80.0, value, trusted_confidence=confidence)

    two = through(2, 0.97)
    assert two.is_uncertain and with_trust_restored(two).confidence == 0.97
    unsure_three = DieReading(3, 0.0, (104.0, 96.0), 80.0, 3)
    assert with_trust_restored(with_second_opinions([two], [[unsure_three]], 80.0)[0]).confidence == 0.97
    sure_three = DieReading(3, 1.0, (104.0, 96.0), 80.0, 3)
    assert with_trust_restored(with_second_opinions([two], [[sure_three]], 80.0)[0]).is_uncertain
    assert with_trust_restored(in_doubt(two)).is_uncertain
    assert with_trust_restored(through(1, 0.97)).confidence == 0.97
    assert with_trust_restored(through(1, 0.0)).is_uncertain
    assert with_trust_restored(through(4, 0.8)).confidence == 0.8
    assert with_trust_restored(through(4, 0.49)).is_uncertain

def a_drawn_die(table, body, side=64):
    """A 128 px crop of the table's colour with a die of the body's colour at its middle, `side` px (64: rows and
    columns 32-96), and each pixel's row and column: (crop, rows, cols)."""
    crop = np.zeros((128, 128, 3), np.float32)
    crop[...] = table
    first = 64 - side // 2
    crop[first:first + side, first:first + side] = body
    rows, cols = np.mgrid[0:128, 0:128]
    return crop, rows, cols


def light_pips_of_the_drawn_die(crop):
    """A 128 px crop with a 64 px die drawn at its middle (rows and columns 32-96): its light pips as the reader
    finds them, those seen face on, each channel's peaks and the pips' floor (pips, frontal, peaks, floor)."""
    from tablegames.piddle import scan_faces

    side = 64
    mask = np.zeros((128, 128), bool)
    mask[32:96, 32:96] = True
    maps = scan_faces.spot_maps(crop, mask, side)
    floor = max(scan_faces.MIN_PIP_CONTRAST, 4 * maps.noise)
    pips = scan_faces.find_pips(maps, 1, mask, scan_faces.grown(mask, 9), side, 0.6 * floor)
    frontal, _ = scan_faces.frontal_pips(pips, side, floor)
    return pips, frontal, scan_faces.channel_peaks(maps, 1, {0, 1, 2}, side), floor


def test_a_face_is_read_again_from_its_strong_pips_when_a_bottom_face_shows_through():
    """A red translucent 2 (two white pips on its diagonal) with the fainter pink pips of the 5 on its bottom
    face showing through it, off its grid by the die's depth (drawn here): read from all its pips it is no face,
    read from its strong pips alone it is a 2, in doubt (a pip dimmed by glare looks the same)."""
    from tablegames.piddle import scan_faces

    side = 64
    crop, rows, cols = a_drawn_die((30 / 255, 40 / 255, 110 / 255), (215 / 255, 60 / 255, 60 / 255))
    spacing, radius = 0.26 * side, 0.085 * side
    for i, j in ((-1, -1), (1, 1), (-1, 1), (1, -1), (0, 0)):  # the bottom 5, seen through the body
        crop[np.hypot(rows - 70 - i * spacing, cols - 69 - j * spacing) <= radius] = (235 / 255, 130 / 255, 130 / 255)
    for i, j in ((-1, -1), (1, 1)):
        crop[np.hypot(rows - 64 - i * spacing, cols - 64 - j * spacing) <= radius] = (250 / 255, 250 / 255, 250 / 255)
    pips, frontal, peaks, floor = light_pips_of_the_drawn_die(crop)
    points = np.array([pips[i].centre for i in frontal])
    members = tuple(range(len(frontal)))
    assert len(members) >= 4  # the two pips and some of the bottom face's
    whole = scan_faces.read_face(peaks, pips, frontal, points.mean(axis=0), side, floor)
    assert whole is None or whole[0].confidence < scan_faces.UNCERTAIN_BELOW
    again = scan_faces.strong_pips_read(peaks, pips, frontal, members, side, floor)
    assert again is not None
    assert again[0].value == 2 and again[0].confidence == scan_faces.UNSURE
    assert again[0].trusted_confidence > 0.9  # read surely from them: trusted when nothing else doubts it


def test_one_pip_of_a_bottom_face_under_the_top_one_is_enough_to_read_it_from_its_strong_pips():
    """A red translucent 2 through which only its bottom 5's middle pip shows, fainter and off the 2's centre by
    the die's depth (drawn here): read from all three pips it has no margin; read from its strong pips alone it is
    a 2, in doubt. A faint pip beyond a face's reach of the strong pips' middle is no pip under the face: no
    second reading."""
    from tablegames.piddle import scan_faces

    side = 64

    def two_with_a_faint_pip_at(row: float, col: float):
        crop, rows, cols = a_drawn_die((30 / 255, 40 / 255, 110 / 255), (215 / 255, 60 / 255, 60 / 255))
        spacing, radius = 0.26 * side, 0.085 * side
        crop[np.hypot(rows - row, cols - col) <= radius] = (235 / 255, 130 / 255, 130 / 255)
        for i in (-1, 1):
            crop[np.hypot(rows - 64 - i * spacing, cols - 64 - i * spacing) <= radius] = (250 / 255, 250 / 255,
                                                                                         250 / 255)
        pips, frontal, peaks, floor = light_pips_of_the_drawn_die(crop)
        points = np.array([pips[i].centre for i in frontal])
        assert len(frontal) == 3
        whole = scan_faces.read_face(peaks, pips, frontal, points.mean(axis=0), side, floor)
        again = scan_faces.strong_pips_read(peaks, pips, frontal, (0, 1, 2), side, floor)
        return whole, again

    for row, col in ((72, 70), (76, 68), (54, 72)):  # 10-13 px off the centre (0.16-0.2 of a side)
        whole, again = two_with_a_faint_pip_at(row, col)
        assert whole is None or whole[0].confidence < scan_faces.UNCERTAIN_BELOW
        assert again is not None and again[0].value == 2 and again[0].confidence == scan_faces.UNSURE
    _, again = two_with_a_faint_pip_at(88, 40)  # 34 px from the middle: past a face's reach (32)
    assert again is None


def test_two_pips_unlike_in_strength_and_in_size_or_shape_are_no_two():
    """Two pips of one face stand out alike and are of one size and shape; a 1's pip and a pip of a side beside
    it (seen at another slant, in other light) are not."""
    from tablegames.piddle.scan_faces import unlike_pair

    pip = face_pip
    assert not unlike_pair([pip(1.0, 0.30, 0.90), pip(1.2, 0.33, 0.85)])  # one face's, lit a little unevenly
    assert not unlike_pair([pip(1.0, 0.30, 0.90), pip(1.0, 0.60, 0.90)])  # alike in strength: one blurred
    assert not unlike_pair([pip(1.0, 0.30, 0.90), pip(1.8, 0.32, 0.85)])  # one in glare, alike in size and shape
    assert unlike_pair([pip(1.6, 0.45, 0.95), pip(1.0, 0.30, 0.90)])  # the 1's pip larger and stronger
    assert unlike_pair([pip(1.0, 0.30, 0.74), pip(1.4, 0.31, 0.93)])  # the side's pip flatter
    assert unlike_pair([pip(1.4, 0.31, 0.93), pip(1.0, 0.30, 0.74)])  # in either order


def test_two_pips_one_as_faint_as_a_ghost_of_the_other_are_no_two():
    """Step 137: two pips of which one stands out GHOST_ONE_MOST (half) as much as the other or less are unlike
    whatever their size and shape: a translucent 1's pip and a touching die's pip, 2.1 times as strong, were read as
    a 2 and the 1 was lost (1919/169, read exactly now)."""
    from tablegames.piddle.scan_faces import GHOST_ONE_MOST, unlike_pair

    def pip(strength: float):
        return face_pip(strength, 0.3, 0.9)

    _, score = read_world(1919, 169)
    assert score.exact, score.failures
    assert unlike_pair([pip(1.0), pip(GHOST_ONE_MOST * 1.0)])
    assert unlike_pair([pip(GHOST_ONE_MOST * 0.9), pip(1.0)])
    assert not unlike_pair([pip(1.0), pip(GHOST_ONE_MOST * 1.1)])


def test_a_weaker_pip_both_smaller_and_flatter_is_a_sides_seen_at_a_slant():
    """Step 158: a side's pip seen at a slant is weaker, smaller and flatter than the top face's pips all at once;
    so unlike in both size and shape, it need stand out only UNLIKE_SLANT times less to be no pip of the same face
    (a pair unlike in one of them still needs UNLIKE_STRENGTH). 1919/828: a black 1's engraved pip and its side's,
    1.27 times as strong, were read as a sure 2, the test photos' one wrong die not flagged; now read exactly."""
    from tablegames.piddle.scan_faces import UNLIKE_SLANT, UNLIKE_STRENGTH, unlike_pair

    pip = face_pip
    between = (UNLIKE_SLANT + UNLIKE_STRENGTH) / 2
    assert unlike_pair([pip(between, 0.80, 0.93), pip(1.0, 0.53, 0.77)])  # weaker, smaller and flatter
    assert not unlike_pair([pip(between, 0.80, 0.93), pip(1.0, 0.80, 0.77)])  # flatter only
    assert not unlike_pair([pip(between, 0.80, 0.93), pip(1.0, 0.53, 0.93)])  # smaller only
    assert not unlike_pair([pip(between, 0.53, 0.93), pip(1.0, 0.80, 0.77)])  # the weaker larger: no side's
    assert not unlike_pair([pip(0.95 * UNLIKE_SLANT, 0.80, 0.93), pip(1.0, 0.53, 0.77)])  # alike in strength
    _, score = read_world(1919, 828)
    assert score.exact and score.wrong_unflagged == 0, score.failures


def test_pips_stretched_alike_by_motion_blur_are_seen_face_on():
    """A pip counts as seen face on when it is round (0.72 at least), or nearly as round as the roundest pip there
    (motion blur stretches every pip alike): two pips of 0.75 and 0.70 both count; beside a round pip of 0.95, the
    0.70 one is a side's, seen at a slant, unless it is a lone pip (step 142: no pip half as strong within
    LONE_REACH of it, a 1's or a 2's, seen face on down to LONE_ROUND)."""
    from tablegames.piddle.scan_faces import LONE_REACH, Pip, frontal_pips

    def pip(col: float, roundness: float) -> Pip:
        return Pip(np.array([50.0, col]), 1.0, 0.4, roundness, 0.0, False, 0.0, 0, 0.25, 0.0)

    size = 64.0
    beside = 30 + LONE_REACH * size - 1  # within a face's reach of the round pip
    frontal, _ = frontal_pips([pip(30, 0.75), pip(beside, 0.70)], size, 0.12)
    assert frontal == [0, 1]
    frontal, _ = frontal_pips([pip(30, 0.95), pip(beside, 0.70)], size, 0.12)
    assert frontal == [0]
    frontal, _ = frontal_pips([pip(30, 0.95), pip(30 + LONE_REACH * size + 1, 0.70)], size, 0.12)
    assert frontal == [0, 1]  # a lone pip


@pytest.mark.parametrize(("seed", "index"), [(4242, 266), (5353, 161)])
def test_a_two_whose_pips_are_both_a_little_flat_is_read_as_a_two(seed, index):
    """Photos of the independent generator where one pip of a 2, as flat as the other (motion blur, or a big
    square pip seen at a slant), fell under the least roundness of a pip seen face on: the 2 was read as a 1
    (surely in the first). Every die is read right now."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


@pytest.mark.parametrize(("seed", "index"), [(5353, 235), (4242, 73), (5353, 291), (4242, 198)])
def test_a_one_is_not_read_as_a_two_with_a_pip_of_its_side_or_of_a_neighbour(seed, index):
    """Photos of the independent generator where a 1's pip and a pip beside it (of its side, or of a neighbour's
    side), unlike it in strength and size or shape, were read as a 2: surely in the first two. Every die is read
    right now."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


@pytest.mark.parametrize(("seed", "index", "flagged"), [(1919, 334, False), (2121, 131, True), (8181, 21, False)])
def test_a_larger_face_read_from_two_unlike_pips_gives_way_to_a_one(seed, index, flagged):
    """Step 93: a 1 whose pip and a pip of its side (flatter, larger, half as strong) were read as a 3 in doubt
    (1919/334), or a right 1 or 2 flagged for such a reading at another die size (8181/21 a 1, 2121/131 a 2; a 1
    beside it there stays flagged for another doubt): every die is read right, and none flagged for it."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice
    assert len(reading.uncertain) == int(flagged), reading.dice


def test_a_face_whose_pips_lie_on_faces_lit_unlike_is_doubted():
    """Two white pips on the diagonal of a red face read as a sure 2; the same two with the face round one of them
    in shade (a 1's pip on a lit top and a pip of the side below it, read together as a 2) are in doubt."""
    from tablegames.piddle import scan_faces

    def read_two(shade: float):
        side = 64
        crop = np.zeros((128, 128, 3), np.float32)
        crop[...] = (40 / 255, 110 / 255, 50 / 255)  # green cloth
        crop[32:96, 32:96] = (0.85, 0.35, 0.3)
        crop[64:96, 32:96] *= shade  # the lower half in shade
        rows, cols = np.mgrid[0:128, 0:128]
        spacing, radius = 0.26 * side, 0.085 * side
        for i in (-1, 1):
            crop[np.hypot(rows - 64 - i * spacing, cols - 64 - i * spacing) <= radius] = (0.98, 0.98, 0.98)
        pips, frontal, peaks, floor = light_pips_of_the_drawn_die(crop)
        assert len(frontal) == 2
        centre = np.mean([pips[i].centre for i in frontal], axis=0)
        read = scan_faces.read_face(peaks, pips, frontal, centre, side, floor)
        assert read is not None and read[0].value == 2
        return read[0].confidence

    assert read_two(1.0) >= scan_faces.SURE
    assert read_two(0.5) >= scan_faces.SURE  # light falling off across a face (0.47 in the maps' log brightness)
    assert read_two(0.2) < scan_faces.UNCERTAIN_BELOW  # 0.91: a lit top and a side in shade


def test_the_pips_of_a_small_blob_are_looked_for_in_the_colour_the_dice_read_so_far_agree_on():
    """A photo of the independent generator: green dice with white pips, five in one blob, and a 1 alone whose side
    shows two pips. Read for dark pips, the gaps beside the side's pips made a sure 3 there; the five dice read
    with white pips settle the colour (a blob's vote counted once, they did not). One die is read there, a 1:
    since the blob maps' surround was taken over the dice only (step 45), one of the side's pips, found where it
    is, made a 2 with the 1's pip, in doubt, until pips unlike in strength and size were no 2 (step 47)."""
    from photo_world import world_photo

    photo = world_photo(5353, 17)
    one = next(die for die in photo.dice if die.value == 1)
    reading = read_dice(photo.image)
    there = [die for die in reading.dice if np.hypot(*np.subtract(die.center, one.center)) < 0.6 * one.size]
    assert len(there) == 1 and there[0].value == 1, there


def test_a_face_spaced_much_closer_than_the_dice_read_surely_is_doubted():
    from tablegames.piddle.scan import CLOSE_SPACED, DieReading, close_spaced_doubted

    def die(value: int, confidence: float, spacing: float) -> DieReading:
        return DieReading(value, confidence, (0.0, 0.0), 80.0, value, spacing=spacing)

    sure = [die(4, 1.0, 20.0), die(5, 0.95, 21.0), die(2, 1.0, 19.0), die(6, 1.0, 20.0), die(4, 0.9, 20.0)]
    close = die(3, 1.0, 20.0 * CLOSE_SPACED - 0.5)  # a 6's row of three, read as a 3
    near = die(3, 1.0, 20.0 * CLOSE_SPACED + 0.5)  # a die further off, seen a little smaller
    one = die(1, 1.0, 0.0)  # a 1 shows no spacing
    five = die(5, 0.85, 20.0 * CLOSE_SPACED - 0.5)  # part of no larger face: its spacing is its own (step 99)
    four = die(4, 0.85, 20.0 * CLOSE_SPACED - 0.5)  # a 6's four pips of two rows
    read = close_spaced_doubted(sure + [close, near, one, five, four], [], 80.0)
    assert [d.is_uncertain for d in read] == [False] * 5 + [True, False, False, False, True]
    assert [d.value for d in read] == [4, 5, 2, 6, 4, 3, 3, 1, 5, 4]  # read nowhere else: as read
    # the spacing of one die read surely is no measure: nothing doubted
    assert close_spaced_doubted([sure[0], close], [], 80.0) == [sure[0], close]


def test_a_face_spaced_too_close_takes_a_whole_face_another_size_read_there():
    """Step 108: a face doubted for pips spaced too close (part of a larger face) takes the surest reading of its
    die at another size of more pips, spaced as a whole face's are, read with UNCERTAIN_BELOW or more (trusted
    too), in doubt still: a 3's corner and middle pips read as a 2, read as the 3 at a larger size (2121/31, whose
    dice are then all read right). Step 120: or one read with UNSURE, every pip on its pattern's spots (1919/109: a
    black 3 doubted for a side's pip beside it, read at 0.87 of its size as a sure 2 of its corner and middle pips),
    not one read partly from the peaks (4242/244: a 2 read as a 3 of one pip so). Not a reading of fewer pips, one
    spaced as close, one read with less, nor one elsewhere."""
    from tablegames.piddle.scan import CLOSE_SPACED, UNSURE, DieReading, close_spaced_doubted

    sure = [DieReading(value, 1.0, (0.0, 100.0 * value), 80.0, value, spacing=20.0) for value in (4, 5, 6)]
    close = DieReading(2, 1.0, (300.0, 300.0), 80.0, 2, spacing=20.0 * CLOSE_SPACED - 1)
    three = DieReading(3, UNSURE, (305.0, 296.0), 90.0, 3, spacing=21.0, trusted_confidence=0.8)
    guess = dataclasses.replace(three, value=4, confidence=0.0, trusted_confidence=0.0)  # read with less
    taken = close_spaced_doubted(sure + [close], [[guess], [three]], 80.0)[-1]
    assert taken.value == 3 and taken.center == three.center and taken.is_uncertain
    assert taken.trusted_confidence == 0.0  # flagged to the end
    whole = dataclasses.replace(three, trusted_confidence=0.0, checks=(1.0, 1.0, 1.0, 0.3, 1.0, -1.0, 3))
    assert close_spaced_doubted(sure + [close], [[whole]], 80.0)[-1].value == 3  # every pip on its spots
    for other in (dataclasses.replace(three, value=1, spacing=0.0),  # fewer pips
                  dataclasses.replace(three, spacing=20.0 * CLOSE_SPACED - 1),  # spaced as close
                  dataclasses.replace(whole, confidence=UNSURE - 0.01),  # read with less
                  dataclasses.replace(whole, checks=whole.checks[:-1] + (1,)),  # one pip on its spots
                  dataclasses.replace(three, center=(300.0, 360.0))):  # elsewhere
        kept = close_spaced_doubted(sure + [close], [[other]], 80.0)[-1]
        assert kept.value == 2 and kept.center == close.center and kept.is_uncertain

    for seed, index in ((2121, 31), (1919, 109)):
        photo = world_photo(seed, index)
        score = score_world(photo, read_dice(photo.image))
        assert score.exact and score.wrong_unflagged == 0, score.failures
    photo = world_photo(4242, 244)
    reading = read_dice(photo.image)
    assert any(die.value == 2 and math.hypot(die.center[0] - 146, die.center[1] - 105) < 10 and die.is_uncertain
               for die in reading.dice), reading.dice


@pytest.mark.parametrize(("seed", "index"), [(1919, 113), (1919, 739)])
def test_photos_whose_only_flag_was_a_five_or_six_spaced_close_read_with_none(seed, index):
    """Step 99: a 5 (1919/113) and a 6 (1919/739, a photo of five dice) read surely but spaced closer than the
    photo's other dice were the only dice flagged; a 5 or a 6 is part of no larger face."""
    reading, score = read_world(seed, index)
    assert score.exact and not reading.uncertain, score.failures


@pytest.mark.parametrize(("seed", "index", "flagged"), [(1919, 675, False), (3131, 86, False), (2121, 176, False)])
def test_a_faint_face_of_three_pips_or_more_on_its_spots_is_trusted(seed, index, flagged):
    """Step 100: a faint face (a glare-washed top face's pips) of FAINT_TRUSTED_PIPS pips or more with a pip on each
    of its pattern's spots is trusted at the end when nothing else doubts it, however surely it was read: a 6 read
    with 0.95 (1919/675) and a 4 with 0.96 (3131/86) were their photos' only flags; trusted, a 3 read with 0.68
    (2121/176) outweighs the doubted 1 beside it, an extra die, and the photo is read exactly (other dice flagged
    until step 107, none since: UNREAD_AREA)."""
    reading, score = read_world(seed, index)
    assert score.exact and bool(reading.uncertain) == flagged, score.failures


def test_a_sixs_row_of_three_is_not_read_as_a_sure_three():
    """A photo of the independent generator: small green dice with black pips; a 6's two rows of three pips, read
    as a 3 (one row, its pips 0.75 as far apart as the other dice's) with full confidence."""
    from photo_world import world_photo

    photo = world_photo(4242, 186)
    six = next(die for die in photo.dice if die.value == 6)
    reading = read_dice(photo.image)
    there = [die for die in reading.dice if np.hypot(*np.subtract(die.center, six.center)) < 0.6 * six.size]
    assert there and all(die.value == 6 or die.is_uncertain for die in there), there


@pytest.mark.parametrize(("seed", "index"), [(4242, 90), (5353, 142)])
def test_the_faint_pips_of_a_glare_washed_face_are_read_in_doubt(seed, index):
    """Photos of the independent generator: translucent dice, their top faces washed out by glare, whose pips stand
    out 7-18% from the face, beside their sides' dark pips (60-110%) in the same blob. Against the dark pips the
    faint ones were not frontal and under the least contrast: three touching dice (4242/90) and two (5353/142)
    were missed. The part of a blob that no sure face reaches is read again for faint pips, its faces in doubt."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    read_right = 0
    for truth in photo.dice:
        there = [die for die in reading.dice if np.hypot(*np.subtract(die.center, truth.center)) < 0.6 * truth.size]
        assert there, f"missed the {truth.value} at {truth.center}"
        read_right += any(die.value == truth.value for die in there)
        assert all(die.value == truth.value or die.is_uncertain for die in there), there
    assert read_right >= len(photo.dice) - 1  # 5353/142: a 1 read as a 3, in doubt


@pytest.mark.parametrize(("seed", "index"), [(5353, 161), (4242, 77)])
def test_dice_whose_pips_are_too_big_for_the_blobs_die_size_are_read_again_larger(seed, index):
    """Photos of the independent generator whose dice all touch in one or two blobs, from which the die size came
    out 10-25% too small: their pips, too big for dice of that size, were read as dice of their own, surely (two of
    a 4's pips side by side as a 2, each pip of a 2 as a 1; ivory dice with square pips, and green ones). Dice with
    pips too big for the size they were read at are read again at larger sizes: every die is found and none is
    read wrong without being doubted, nor is any die that is not there."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    for truth in photo.dice:
        there = [die for die in reading.dice if np.hypot(*np.subtract(die.center, truth.center)) < 0.6 * truth.size]
        assert there, f"missed the {truth.value} at {truth.center}"
        assert all(die.value == truth.value or die.is_uncertain for die in there), there
    extra = [die for die in reading.dice
             if all(np.hypot(*np.subtract(die.center, truth.center)) >= 0.6 * truth.size for truth in photo.dice)]
    assert all(die.is_uncertain for die in extra), extra


@pytest.mark.parametrize(("seed", "index"), [(2121, 181), (3131, 16)])
def test_dice_all_touching_are_read_at_their_own_size_not_the_blobs(seed, index):
    """Photos of the independent generator of big red dice (200-250 px), plain to see, that touch in one or two
    blobs: the die size the blobs said was 1.7 and 2.2 times theirs, no face of three pips was read with confidence
    at it, and eight dice were read as two in doubt (2121/181), six as three (3131/16). Read on the ladder of sizes
    (half the blobs' to 2.8 times) and again at the size their pips say, every die is read right and sure."""
    _, score = read_world(seed, index)
    assert score.exact and score.right_flagged == 0, score.failures


def test_a_blob_read_surely_at_a_size_far_too_small_is_read_again_at_the_size_kept():
    """2121/39: white dice with engraved pips on paper, each falling apart into its face and sides, so the blobs'
    die size came out 0.6 of theirs. A 4 was read there as two sure 1s and, read surely, at no other size; the
    photo's other dice were read at 1.56 times that size, which their pips say. Read at it too, the 4 is a 4:
    every die right, nothing read where no die is."""
    from photo_world import score_world, world_photo

    photo = world_photo(2121, 39)
    score = score_world(photo, read_dice(photo.image))
    assert score.right == len(photo.dice) and score.extra == 0, score.failures


def test_dice_whose_faces_glare_washed_to_white_are_found_and_flagged():
    """2121/143: seven translucent amber dice on red felt; glare washed two top faces to white, no pip left to
    see (a person cannot read them either). They were missed ("found 5 dice"); each is now a die in doubt where
    its blob is, so the photo says it holds seven, and the five readable dice stay read right and sure."""
    from photo_world import score_world, world_photo

    photo = world_photo(2121, 143)
    reading = read_dice(photo.image)
    score = score_world(photo, reading)
    assert score.missed == 0 and score.extra == 0 and score.wrong_unflagged == 0, score.failures
    assert score.right >= 5 and score.right_flagged == 0 and reading.found == 7, score.failures


def test_glare_washed_dice_touching_a_die_read_are_found_and_flagged():
    """1919/730: four green dice on wood; glare washed the tops of two of them, touching a 5 read surely, the three
    one blob: a 1 of faint pips and a 6 of fainter ones. Both were missed and the photo said it held two dice. Each
    is now a die in doubt where its face fits in the blob beyond the 5's reach, so the photo says it holds four,
    and no die is read wrong without a flag."""
    from photo_world import score_world, world_photo

    photo = world_photo(1919, 730)
    reading = read_dice(photo.image)
    score = score_world(photo, reading)
    assert score.missed == 0 and score.extra == 0 and score.wrong_unflagged == 0, score.failures
    assert reading.found == 4 and reading.message == "found 4 dice, expected 6", reading.dice


@pytest.mark.parametrize(("seed", "index", "value", "centre"), [(7171, 181, 6, (382, 293)), (8181, 171, 6, (113, 293))])
def test_a_glare_washed_die_is_valued_by_its_faint_pips_darker_than_its_face(seed, index, value, centre):
    """7171/181 and 8181/171: translucent amber 6s whose tops glare washed lighter than their white pips, which
    now stand out darker than the face, the other way round from the photo's other dice. Nothing was read there,
    and the blank die was guessed a 1; the washed maps of dark pips read a 6 there, and the die in doubt is that."""
    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    size = next(die.size for die in photo.dice if math.dist(die.center, centre) < 2)
    assert has_die_at(reading, value, centre, 0.5 * size, uncertain=True), reading.dice


def test_a_blank_die_of_one_faint_pip_is_a_one():
    """3131/164: six translucent red dice, two tops washed by glare, nothing read on them. The washed maps pair two
    faint spots of the 1 into a 6 of two pips; the plain maps read its one faint pip surely at its middle (step
    152), and the blank die is a 1: the photo reads exactly."""
    _, score = read_world(3131, 164)
    assert score.exact, score.failures


def test_a_blank_die_whose_faint_face_reads_surely_is_valued_by_it_over_another_sizes_reading():
    """2121/264: six translucent amber dice; the glare-washed top of a 4 (at 435, 1825) shows four dark pips that
    no reading at the dice's size took, and another size read it surely as a 2. Its washed maps read the 4 surely
    at its middle: as sure a face wins over a reading of another size (step 153), and the photo reads exactly,
    the 4 in doubt."""
    reading, score = read_world(2121, 264)
    assert has_die_at(reading, 4, (435, 1825), 0.3 * 217, uncertain=True), reading.dice
    assert score.exact, score.failures


@pytest.mark.parametrize(("seed", "index", "value", "centre", "size"),
                         [(2121, 151, 1, (273, 478), 54), (6161, 241, 3, (316, 207), 48),
                          (8181, 165, 2, (138, 185), 52)])
def test_a_blank_die_is_found_beside_a_reading_that_is_no_die(seed, index, value, centre, size):
    """A glare-washed die beside a reading dropped at the end as no die (a lone pip read as a face, a faint spot
    read as a 1: read_as_no_die) was missed: that reading crowded it out of the blank places (step 154). Found, the
    die is read right, in doubt, and the photo exactly."""
    reading, score = read_world(seed, index)
    assert has_die_at(reading, value, centre, 0.4 * size, uncertain=True), reading.dice
    assert score.exact, score.failures


def test_a_die_in_doubt_is_read_as_the_sure_face_of_more_pips_its_faint_pips_make():
    """1919/108: a glare-lit translucent amber 3 whose corner pips lie dim by its dark rim was read as a sure 1 at
    the dice's size and put in doubt by the 3s read at larger sizes. Its plain maps read the faint 3 surely, better
    than any other faint face there: the die is the 3, in doubt (step 154), and the photo reads exactly."""
    reading, score = read_world(1919, 108)
    assert has_die_at(reading, 3, (138, 464), 0.3 * 144, uncertain=True), reading.dice
    assert score.exact, score.failures


@pytest.mark.parametrize(("seed", "index", "centre", "size"),
                         [(3131, 98, (81, 354), 55), (4242, 86, (156, 388), 215)])
def test_a_one_in_doubt_alone_in_its_blob_is_the_faint_two_centred_nearer_its_middle(seed, index, centre, size):
    """A translucent 2 with one pip lost to glare was read as a 1 in doubt at the pip left, by a corner of its
    blob. Its faint pips read surely as a 2, better than as any other face, and that 2 lies nearer the middle of
    the blob, which holds no other die: the die is the 2, in doubt still (step 156)."""
    reading, _ = read_world(seed, index)
    assert has_die_at(reading, 2, centre, 0.3 * size, uncertain=True), reading.dice


def test_a_blank_die_is_white_or_tinted_not_a_lit_patch_of_grey_paper():
    """Step 157: glare washes a die's top out to white, or to the die's own colour; a light place of neither is the
    table in light. Colours as a camera records them (0-1, a row a pixel) over grey felt (its lightest channel 0.4):
    a top washed white and a translucent amber one washed to its colour are washed out; a lit patch of grey paper
    as light as the amber, a shadow, and a tinted place whose darkest channel is darker than the table are not."""
    from tablegames.piddle.scan import washed_out

    def patch(*colour: float) -> np.ndarray:
        return np.tile(np.array(colour, dtype=np.float32), (50, 1))

    assert washed_out(patch(0.97, 0.96, 0.95), 0.4)
    assert washed_out(patch(0.98, 0.78, 0.55), 0.4)
    assert not washed_out(patch(0.6, 0.58, 0.57), 0.4)
    assert not washed_out(patch(0.2, 0.2, 0.22), 0.4)
    assert not washed_out(patch(0.9, 0.8, 0.35), 0.4)  # tinted, but its blue channel darker than the table
    # 1919/215: eight green dice on grey squared paper lit unevenly; the lit paper between them was read as a
    # blank die in doubt, and the photo said it held nine
    reading, score = read_world(1919, 215)
    assert score.exact and reading.found == 8, score.failures


def test_a_blank_die_is_found_where_its_face_fits_beside_a_die_read_and_a_shadow_or_a_side_is_not():
    """Built blobs: a die read (40 px) with a blank face lighter than the table beside it in its blob is a blank
    die in doubt there, a 1 (no pip of either colour shows, nothing read there at another size); one with a
    shadow beside it darker than the table, or its side (0.4 of a die wide), is not."""
    from tablegames.piddle.scan import CROWDED, Blobs, DieReading, blank_faces

    labels = np.zeros((100, 340), np.int32)
    labels[30:70, 20:100] = 1  # a die read (columns 20-60) and a blank face beside it
    labels[30:70, 130:210] = 2  # a die read (130-170) and its shadow beside it
    labels[30:70, 250:306] = 3  # a die read (250-290) and its side
    rgb = np.full((100, 340, 3), 100, np.uint8)  # the table
    rgb[labels > 0] = 200  # the dice
    rgb[30:70, 60:100] = 240  # the blank face
    rgb[30:70, 170:210] = 40  # the shadow
    boxes = ((slice(29, 71), slice(19, 101)), (slice(29, 71), slice(129, 211)), (slice(29, 71), slice(249, 307)))
    blobs = Blobs(labels, (1, 2, 3), (), boxes, 1.0, 40.0, ((50.0, 60.0), (50.0, 170.0), (50.0, 278.0)))
    read = [DieReading(3, 1.0, (49.5, 39.5), 40.0, 3), DieReading(5, 1.0, (49.5, 149.5), 40.0, 5),
            DieReading(4, 1.0, (49.5, 269.5), 40.0, 4)]
    found = blank_faces(rgb, blobs, read, [], 40.0)
    assert [(die.value, die.confidence) for die in found] == [(1, 0.0)], found
    row, col = found[0].center
    assert abs(row - 49.5) <= 2 and CROWDED * 40 <= col - 39.5 <= 40 + 4, found


def test_a_blob_with_room_for_many_blank_dice_is_no_dice():
    """Built blobs: a light sheet (280 px square) touching a die read (20 px) has room for far more blank dice than
    BLANK_TRIES: none is reported on it, and no more places than that are tried."""
    from tablegames.piddle import scan

    labels = np.zeros((320, 320), np.int32)
    labels[20:300, 20:300] = 1
    rgb = np.full((320, 320, 3), 100, np.uint8)
    rgb[labels > 0] = 240
    blobs = scan.Blobs(labels, (1,), (), ((slice(19, 301), slice(19, 301)),), 1.0, 20.0, ((160.0, 160.0),))
    tried = []

    def lighter_than_table(where):
        tried.append(where)
        return True

    die = scan.DieReading(3, 1.0, (30.0, 30.0), 20.0, 3)
    assert scan.blank_places(blobs, 1, [die], 20.0, lighter_than_table) == []
    assert len(tried) == scan.BLANK_TRIES
    assert scan.blank_faces(rgb, blobs, [die], [], 20.0) == []


def test_a_shadow_the_size_of_a_die_is_not_taken_for_a_blank_die():
    """1919/75: ivory dice on lined paper cast long shadows; one, the size of a die and away from every die, is a
    blob with nothing read in it. It is darker than the paper, not lighter as a glare-washed face is: no die is
    reported there and the photo reads exactly."""
    from photo_world import score_world, world_photo

    photo = world_photo(1919, 75)
    score = score_world(photo, read_dice(photo.image))
    assert score.exact, score.failures


@pytest.mark.parametrize(("seed", "index"), [(2121, 113), (5353, 272)])
def test_a_die_trusted_at_the_end_keeps_its_sides_from_being_read_as_dice(seed, index):
    """2121/113: a translucent green 3 read in doubt from its strong pips (trusted at the end), and its two sides'
    pips read with no confidence as two 3s beside it: two dice too many. Nearer it than two dice stand, they are
    dropped as a sure die's would be. 5353/272: a 2 read with UNSURE touching such a die is a die and stays. Both
    photos read exactly."""
    _, score = read_world(seed, index)
    assert score.exact, score.failures


def test_a_die_trusted_at_the_end_beside_a_sure_one_is_not_read_twice():
    """7171/254: eight translucent red dice; a 2 was read surely and, at another size, in doubt to be trusted at
    the end, a pixel apart. The trusted one counts as sure only against dice read with no confidence: beside a
    sure die it is dropped, and no die is reported twice, nor where none is without a flag."""
    from photo_world import score_world, world_photo

    photo = world_photo(7171, 254)
    reading = read_dice(photo.image)
    score = score_world(photo, reading)
    assert score.extra_unflagged == 0 and score.right == len(photo.dice), score.failures
    trusted = [die for die in reading.dice if not die.is_uncertain]
    for k, die in enumerate(trusted):
        assert all(np.hypot(*np.subtract(die.center, other.center)) > 0.5 * die.size
                   for other in trusted[k + 1:]), trusted


def test_two_touching_ones_read_as_a_wide_two_are_flagged():
    """2121/170: two translucent blue 1s touching, read as one sure 2 at a die size 1.25 times the size the
    photo's other faces' pips say, and as two 1s at that size. A 2 wider than the photo's faces that another size
    reads as two dice either side of it is put in doubt: no die is read wrong without a flag."""
    from photo_world import score_world, world_photo

    photo = world_photo(2121, 170)
    score = score_world(photo, read_dice(photo.image))
    assert score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures
    assert score.right >= 4, score.failures


@pytest.mark.parametrize("sign", [1, -1])
def test_washed_maps_raise_a_washed_faces_pips_alone(sign):
    """A die drawn here, turned 45 degrees: its top face washed by glare (0.85 of white), its pips 0.12 in log
    brightness lighter or darker, its rim and sides darker (0.45) and a white pip on a side in shade, darker than
    the face. On the washed maps of the pips' polarity the four pips rise by most of their contrast, and the face's
    middle and rounded corners, its rim, its side and the side's pip do not (opened, a face's corners rise as much
    as its pips: the square cannot reach into them; at step 90 dark pips did not rise). Read on them: a 4."""
    from tablegames.piddle import scan_faces

    size, side = 64.0, 128
    rows, cols = np.indices((side, side))
    across, down = (rows + cols - side) / math.sqrt(2), (rows - cols) / math.sqrt(2)  # turned 45 degrees

    def rounded_square(half: float) -> np.ndarray:  # a die's rounded corners: 0.12 of its side
        reach = 0.24 * half
        return np.hypot(np.maximum(abs(across) - half + reach, 0), np.maximum(abs(down) - half + reach, 0)) <= reach

    crop = np.full((side, side, 3), 0.2, dtype=np.float32)  # the table
    body = rounded_square(37)
    crop[body] = 0.45  # the die's rim and sides, darker than its face
    crop[rounded_square(29)] = 0.85  # the top face, washed by glare
    pips = [(84, 64), (44, 64), (64, 84), (64, 44)]
    for row, col in pips:
        crop[np.hypot(rows - row, cols - col) <= 5] = 0.85 * math.exp(sign * 0.12)  # 0.12 in log brightness
    crop[np.hypot(rows - 64, cols - 110) <= 3] = 0.8  # a white pip on a side in shade: darker than the face
    maps = scan_faces.spot_maps(crop, body, size)
    washed, _, _ = scan_faces.washed_maps(maps, body, sign, size)
    rise = sign * (washed.logs - scan_faces.WASHED_BASE)
    for row, col in pips:
        assert rise[:, row, col].max() > 0.08, (row, col)
    for row, col in [(97, 64), (64, 97), (64, 64), (64, 20), (64, 110), (92, 92)]:  # corners, middle, rim, side
        assert rise[:, row, col].max() < 0.02, (row, col, rise[:, row, col])
    found = scan_faces.washed_faces(maps, sign, body, scan_faces.grown(body, 10), size, [])
    assert [face.value for face in found] == [4], found


@pytest.mark.parametrize(("seed", "index", "die"), [(4242, 271, (163, 819)), (5353, 17, None), (5353, 275, None)])
def test_a_glare_washed_face_is_read_on_the_washed_maps(seed, index, die):
    """4242/271: a translucent blue 4 washed by glare, its corner pips by its dark rim no rounder or stronger on the
    plain maps than the face's corners, read as a 5 in doubt from the ghost of its bottom face's pip. On the washed
    maps (the brightness raised to the level of the lightest face near it: its rim, sides and corners flat) its four
    pips stand out alone: read as a 4, trusted. Not a side beside a lighter top face (5353/17: a green 1's side read
    as an extra 3), nor a face whose pips stand out as much as a plain face's (5353/275: a white 6 and 5 touching
    read as one sure 2)."""
    from photo_world import score_world, world_photo
    from tablegames.piddle import scan_faces
    from tablegames.piddle.scan import DiceReading, as_rgb_array, blob_of, cut_region, find_blobs

    photo = world_photo(seed, index)
    score = score_world(photo, read_dice(photo.image))
    assert score.wrong_unflagged == 0 and score.extra == 0, score.failures
    if die is None:
        return
    assert score.exact, score.failures
    rgb = as_rgb_array(photo.image)
    blobs = find_blobs(rgb)
    assert not isinstance(blobs, DiceReading)
    region = cut_region(rgb, blobs, blob_of(blobs, die), blobs.die_pixels)
    maps = scan_faces.spot_maps(region.crop, region.mask, region.size)
    around = scan_faces.grown(region.mask, max(1, int(scan_faces.AROUND * region.size)))
    plain = scan_faces.faces_of(maps, 1, region.mask, around, region.size, faint=True)
    assert not any(face.value == 4 and face.confidence >= scan_faces.UNCERTAIN_BELOW for face in plain), plain
    washed = scan_faces.washed_faces(maps, 1, region.mask, around, region.size, [])
    assert [face.value for face in washed if face.confidence >= 1.0 and len(face.members) == 4] == [4], washed


@pytest.mark.parametrize("sign", [1, -1])
def test_a_washed_face_whose_pips_stand_out_as_a_plain_faces_is_read_only_over_fewer_pips(sign):
    """Step 115: on the washed maps a face whose pips stand out more than a washed face's (WASHED_MOST) is a plain
    face the plain maps missed; it is read only where no face read in doubt on them has as many pips. A die drawn
    here, turned 45 degrees, its top face 0.4 in log brightness from its four pips: read as a 4 on its own and over
    a 3 in doubt at its middle, not over a 4 in doubt; a washed face (0.12) is read over either."""
    from tablegames.piddle import scan_faces

    size, side = 64.0, 128
    rows, cols = np.indices((side, side))
    across, down = (rows + cols - side) / math.sqrt(2), (rows - cols) / math.sqrt(2)

    def rounded_square(half: float) -> np.ndarray:
        reach = 0.24 * half
        return np.hypot(np.maximum(abs(across) - half + reach, 0), np.maximum(abs(down) - half + reach, 0)) <= reach

    def read_over(contrast: float, doubted_value: int | None) -> list[int]:
        crop = np.full((side, side, 3), 0.2, dtype=np.float32)  # the table
        body = rounded_square(37)
        crop[body] = 0.45
        face = 0.6 if sign > 0 else 0.85
        crop[rounded_square(29)] = face
        for row, col in [(84, 64), (44, 64), (64, 84), (64, 44)]:
            crop[np.hypot(rows - row, cols - col) <= 5] = face * math.exp(sign * contrast)
        maps = scan_faces.spot_maps(crop, body, size)
        doubted = [] if doubted_value is None else [
            scan_faces.Face(np.array([64.0, 64.0]), (), doubted_value, scan_faces.UNSURE, 0.0)]
        return [found.value for found in
                scan_faces.washed_faces(maps, sign, body, scan_faces.grown(body, 10), size, doubted)]

    assert read_over(0.4, None) == [4] and read_over(0.4, 3) == [4] and read_over(0.4, 4) == []
    assert read_over(0.12, 4) == [4]


def test_a_translucent_six_whose_light_middle_hid_its_pips_is_read_on_the_washed_maps():
    """Step 115: a translucent red 6, its middle lit, its two top pips taken for a side's, read on the plain maps
    as a 3 in doubt from its lower pips; on the washed maps its six pips read surely, standing out as a plain
    face's: read as a 6 now, the photo exactly (3131/245)."""
    photo = world_photo(3131, 245)
    score = score_world(photo, read_dice(photo.image))
    assert score.exact, score.failures


@pytest.mark.parametrize(("seed", "index"), [(6161, 116), (6161, 31)])
def test_a_face_of_many_pips_read_from_one_pip_found_is_flagged(seed, index):
    """6161/116: a plain green 1 with a black pip, seen from above, read at a die size 1.3 times its own as a sure
    5: one pip found, the grid's four corners seen in the peaks alone (the table and a neighbour's edge). 6161/31: a
    translucent amber 1 read as a 5 so. A face of three pips or more read from a single pip found is put in doubt:
    no die is read wrong without a flag. Step 129: a 5 of which only its middle pip was found is read as the 1 of
    that pip, in doubt: both photos are read exactly."""
    _, score = read_world(seed, index)
    assert score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures
    assert score.exact, score.failures


def test_a_size_on_the_ladder_whose_pips_say_no_size_is_not_taken():
    """5353/62 (small translucent dice on paper, five apart, none read surely with three pips at the blobs' size):
    at 1.4 times the blobs' size the pips of three dice make one face, a sure 5, which outscores the photo's own
    reading; a size on the ladder is taken only when faces of three pips read with confidence say a size. Nothing
    is read wrong unflagged, nor read where no die is."""
    from photo_world import score_world, world_photo

    photo = world_photo(5353, 62)
    score = score_world(photo, read_dice(photo.image))
    assert score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures
    assert score.right >= 2, score.failures


def test_the_ladder_is_climbed_when_the_blobs_size_reads_few_faces_and_most_dice_in_doubt():
    """Step 110: the sizes far from the blobs' are read (read_on_the_ladder) when the first reading has fewer than
    LADDER_SPACINGS faces of three pips or more read with confidence and at most half its dice read with
    UNCERTAIN_BELOW or more (two thirds since step 112: 9191/48's 6 and 9292/95's 1 read right), not only when it
    has none; and a size whose pips say one with any face is scouted from
    when none says it with LADDER_SPACINGS. Seven white dice touching (8181/72), one blob read as one die in doubt,
    are all read right; eight green dice on paper read at 1.67 times their size (1919/215: five read, all in doubt)
    are read right at half the blobs' size, a side's pips read as an extra die beside them; a photo read well at
    the blobs' size with two such faces stays read so (2121/152)."""
    from tablegames.piddle.scan import LADDER_SPACINGS, UNCERTAIN_BELOW, DieReading, size_in_question

    doubted, sure = DieReading(3, UNCERTAIN_BELOW - 0.01, (0.0, 0.0), 60.0, 3), DieReading(3, 1.0, (0.0, 0.0), 60.0, 3)
    few = [15.0] * (LADDER_SPACINGS - 1)
    assert size_in_question([sure, sure], []) and size_in_question([sure, sure, doubted], few)
    assert not size_in_question([sure, sure, sure, doubted], few)
    assert not size_in_question([doubted, doubted], few + [15.0])

    for seed, index in ((8181, 72), (2121, 152), (9191, 48), (9292, 95)):
        photo = world_photo(seed, index)
        score = score_world(photo, read_dice(photo.image))
        assert score.exact and score.wrong_unflagged == 0, score.failures
    photo = world_photo(1919, 215)
    score = score_world(photo, read_dice(photo.image))
    assert score.right == len(photo.values) == 8 and score.wrong_unflagged == 0 and score.extra <= 1, score.failures


@pytest.mark.parametrize(("seed", "index"), [(4242, 10), (4242, 24), (4242, 28)])
def test_a_face_of_four_pips_or_more_is_not_doubted_for_a_pip_beside_it(seed, index):
    """Photos of the independent generator where a 4 or a 5 was read right and doubted for a frontal pip beside it
    that no face explained (a neighbour's, or a side's): a face of four pips or more shows its grid, so only 1s, 2s
    and 3s (which may have lost pips to glare) are doubted for one. Every die is read right and none in doubt."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values) and not reading.uncertain, reading.dice


@pytest.mark.parametrize(("seed", "index", "wrong"), [(5353, 128, 0), (4242, 176, 0), (4242, 121, 1)])
def test_translucent_dice_showing_one_pip_of_their_bottom_face_are_read_from_their_strong_pips(seed, index, wrong):
    """Photos of the independent generator where one pip of a translucent die's bottom face showed through under
    its top face, and the top face read from all its pips had no margin or was no face: a 2 read as a 1, a 1 as a
    3, a 1 as a 2 (and, in the same photo, a 4 as a 2, right once its neighbour is). Every die is read right now
    (those read from their strong pips in doubt) but 4242/121's 4: since step 109 its 1 is read as a faint 1 at the
    size the blobs say (lone_faint_ones), which then outscores the reading at 13% smaller that read the 4 (by 16.45
    to 16.43, reading_score), and the 4 is read as a 6 with no confidence, flagged."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    score = score_world(photo, read_dice(photo.image))
    assert score.right >= len(photo.values) - wrong and score.wrong_unflagged == 0, score.failures


@pytest.mark.parametrize(("seed", "index"), [(4242, 185), (4242, 251), (5353, 26)])
def test_a_pip_by_a_dies_edge_is_found_where_the_table_is_darker_than_the_die(seed, index):
    """Photos of the independent generator where a pip by a face's edge made no peak of its own in the blob map
    (the darker table pulled the surround down along the edge): a glare-washed translucent 4 read as a 2, and a
    translucent 2 touching a 5 missed. Every die is read right and none in doubt."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values) and not reading.uncertain, reading.dice


def test_a_faint_pip_on_the_slope_a_dark_rim_makes_in_the_blob_map_is_proposed():
    """Where the blob map rises past a faint pip towards a die's dark rim, it has no peak at the pip; the pip's
    own brightness still peaks there, and that place is proposed. A place within two pip radii of a pip found
    already is not (it would measure that pip again)."""
    from tablegames.piddle.scan_faces import PIP_SHARE, SpotMaps, places_on_slopes

    size, n = 64.0, 64
    rows, cols = np.indices((n, n)).astype(np.float32)
    bump = 0.18 * np.exp(-((rows - 30) ** 2 + (cols - 24) ** 2) / (2 * 3.0 ** 2))
    logs = np.repeat((bump - 0.01 * cols)[None], 3, axis=0).astype(np.float32)  # tilted a little: no flat
    slope = np.repeat((0.02 * cols)[None], 3, axis=0).astype(np.float32)  # rises past the pip: no peak there
    assert slope[0, 30, 24] < slope[0, 30, 25]
    maps = SpotMaps(logs, slope, -slope, 0.005)
    around = np.zeros((n, n), dtype=np.bool_)
    around[8:56, 8:56] = True
    none = np.zeros(0, dtype=np.int64)
    def near_the_pip(found_rows, found_cols):
        return any(abs(r - 30) <= 1 and abs(c - 24) <= 1 for r, c in zip(found_rows, found_cols, strict=True))

    assert near_the_pip(*places_on_slopes(maps, 1, around, size, 0.12, none, none, np.zeros((0, 2))))
    beside = np.array([[30.0, 24.0 + 1.5 * PIP_SHARE * size]])  # a pip found under two radii away
    assert not near_the_pip(*places_on_slopes(maps, 1, around, size, 0.12, none, none, beside))
    proposed = np.array([30], dtype=np.int64), np.array([23], dtype=np.int64)  # the blob map's own peak there
    assert not near_the_pip(*places_on_slopes(maps, 1, around, size, 0.12, *proposed, np.zeros((0, 2))))


@pytest.mark.parametrize(("seed", "index"), [(4242, 224), (4242, 108), (5353, 247)])
def test_a_faint_pip_near_a_dark_rim_is_found(seed, index):
    """Photos of the independent generator where a glare-washed face's faint pip near the die's dark rim made no
    peak in the blob map (the rim's slope rose past it): a 2 read as a 1, a 4 as a 6, a 6 as a 2. Every die is
    read right now."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def test_a_ones_pip_and_a_sides_read_as_a_sure_two_at_one_size_is_doubted_when_another_reads_a_one():
    """Photo 4242/244 of the independent generator: a green 1's pip and a pip of its side, read at a die size a
    seventh too small as a sure 2, were read at the others as a 1 in doubt (the side's pip by it). The 2 is put in
    doubt: no die is read wrong without a flag."""
    from photo_world import score_world, world_photo

    photo = world_photo(4242, 244)
    score = score_world(photo, read_dice(photo.image))
    assert score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


def test_a_faces_hue_is_told_from_the_tables_whatever_the_light():
    """hue_distance compares a pixel's channels' shares of their sum with the table's: light and shade scale a
    colour and leave its hue (a shaded patch of paper is the paper's hue); an ivory face on grey paper, about as
    light, is HUE_LEAST or more off it (8181/57: 0.043), grey paper's own grain far less."""
    from tablegames.piddle.scan import HUE_LEAST
    from tablegames.piddle.scan_kernels import hue_distance

    paper, ivory = np.array([0.743, 0.723, 0.719], dtype=np.float32), np.array([0.767, 0.755, 0.634])
    patch = np.array([[paper, 0.5 * paper, 0.9 * paper, ivory, 0.6 * ivory]], dtype=np.float32)
    hue, totals = hue_distance(patch, (paper / paper.sum()).astype(np.float32))
    assert totals[0, 1] == pytest.approx(0.5 * paper.sum())
    assert hue[0, :3] == pytest.approx(0, abs=2e-3)
    assert hue[0, 3] >= 2 * HUE_LEAST and hue[0, 4] == pytest.approx(hue[0, 3], abs=3e-3)


@pytest.mark.parametrize(("seed", "index"), [(8181, 57), (3131, 216), (2121, 115)])
def test_light_dice_of_another_hue_than_the_paper_are_found_whole(seed, index):
    """Step 122: ivory dice on grey paper are as light as the paper and under the threshold on their distance
    from its colour (the ruled lines raise it); their shaded sides and dark pips were the blobs, and a 2's pips
    read as two 1s. Their hue, another than the paper's, seeds their blobs now: read exactly (8181/57 was 1 die
    right of 6)."""
    _, score = read_world(seed, index)
    assert score.exact and score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


def test_a_face_near_the_tables_colour_is_found_round_its_pips():
    """An ivory face on grey paper is nearer the paper's colour than its pips are: the threshold keeps only the
    pips, each a blob of its own. Round each pip lies one colour unlike the paper's: what round it is nearer that
    colour than the paper's is the face. A speck on the paper (ringed by the paper's colour) grows nothing, and a
    shadow is never taken for a face, not even round a speck in it."""
    from tablegames.piddle.scan import faces_round_pips

    rng = np.random.default_rng(5)
    paper, ivory, ink = np.array([0.53, 0.55, 0.50]), np.array([0.58, 0.54, 0.43]), np.array([0.10, 0.09, 0.08])
    flat = np.tile(paper, (120, 160, 1)) + rng.normal(0, 0.01, (120, 160, 3))
    face = np.zeros((120, 160), dtype=bool)
    face[20:70, 20:70] = True
    flat[face] = ivory + rng.normal(0, 0.01, (int(face.sum()), 3))
    rows, cols = np.indices(face.shape)
    pips = np.zeros_like(face)
    for row, col in ((32, 32), (45, 45), (58, 58)):  # a 3
        pips |= (rows - row) ** 2 + (cols - col) ** 2 <= 16
    flat[pips] = ink
    shadow = np.zeros_like(face)
    shadow[80:115, 90:150] = True
    flat[shadow] = 0.6 * paper
    specks = ((rows - 40) ** 2 + (cols - 120) ** 2 <= 9) | ((rows - 97) ** 2 + (cols - 120) ** 2 <= 9)
    flat[specks] = ivory  # a light speck on the paper and one in the shadow
    flat = flat.astype(np.float32)
    distance = np.linalg.norm(flat - paper.astype(np.float32), axis=2)
    found = faces_round_pips(flat, pips | specks, paper.astype(np.float32), shadow, distance)
    assert np.count_nonzero(found & face) >= 0.9 * np.count_nonzero(face & ~pips)
    assert np.count_nonzero(found & ~face) <= 0.02 * np.count_nonzero(face)
    assert not np.any(found & shadow)


@pytest.mark.parametrize(("seed", "index", "least_found", "least_right"), [(4242, 86, 6, 5), (5353, 127, 8, 7)])
def test_dice_that_fall_apart_into_their_pips_are_found_whole(seed, index, least_found, least_right):
    """Photos of the independent generator where translucent faces as near the table's colour as the table's own
    grain fell below the threshold and only their pips and rims stood out: of eight blue dice on blue wood, two
    were read right (five now, six found); of eight dice broken into twelve blobs, six, a 2 as a sure 1 (all eight
    found now; seven right from step 82 on, a 2 in doubt taking the sure 1 a larger size read there, flagged:
    scan.read_larger). None is read wrong unflagged."""
    _, score = read_world(seed, index)
    found = score.right + score.wrong_flagged + score.wrong_unflagged
    assert found >= least_found and score.right >= least_right, score.failures
    assert score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


def test_a_faces_flat_strong_pip_counts_when_it_is_read_again_from_its_strong_pips():
    """A red translucent 4 seen at a slant (drawn here): one corner pip flattened, not taken for a pip seen face
    on, and the middle pip of its bottom 3 showing through near its centre, fainter and pink, taken for one: read
    from the pips seen face on it is no sure face (the faint middle pip makes it a doubtful 5), read again from
    its strong pips, the flat one with them, it is a 4 in doubt. Without the faint pip nothing lies under the face
    that a bottom face could have left: no second reading."""
    from tablegames.piddle import scan_faces

    side = 64

    def four_with_a_flat_pip(faint: bool):
        crop, rows, cols = a_drawn_die((30 / 255, 40 / 255, 110 / 255), (215 / 255, 60 / 255, 60 / 255))
        spacing, radius = 0.25 * side, 0.085 * side
        if faint:
            crop[np.hypot(rows - 66, cols - 65) <= radius] = (235 / 255, 130 / 255, 130 / 255)
        white = (250 / 255, 250 / 255, 250 / 255)
        for i, j in ((-1, -1), (-1, 1), (1, -1)):
            crop[np.hypot(rows - 64 - i * spacing, cols - 64 - j * spacing) <= radius] = white
        # the fourth, flattened across the diagonal to 0.65 of its length (its roundness about 0.6)
        along, across = (rows - 64 - spacing + cols - 64 - spacing) / np.sqrt(2), (rows - cols) / np.sqrt(2)
        crop[np.hypot(along / radius, across / (0.65 * radius)) <= 1] = white
        pips, frontal, peaks, floor = light_pips_of_the_drawn_die(crop)
        points = np.array([pips[i].centre for i in frontal])
        members = tuple(range(len(frontal)))
        whole = scan_faces.read_face(peaks, pips, frontal, points.mean(axis=0), side, floor)
        again = scan_faces.strong_pips_read(peaks, pips, frontal, members, side, floor)
        return pips, frontal, whole, again

    pips, frontal, whole, again = four_with_a_flat_pip(faint=True)
    assert len(frontal) == 4 and sum(p.strength > 0 for p in pips) >= 5  # three corner pips and the faint one
    assert whole is None or whole[0].confidence < scan_faces.UNCERTAIN_BELOW
    assert again is not None and again[0].value == 4 and 0 < again[0].confidence <= scan_faces.UNSURE
    _, _, _, again = four_with_a_flat_pip(faint=False)
    assert again is None


def test_a_face_whose_one_pip_stands_out_far_more_than_the_others_is_read_with_no_confidence():
    """A 4 drawn with one white pip and three faint pink ones (a translucent die's top pip with pips of its bottom
    face seen through it) is read with no confidence; the same 4 with its pips alike is read surely."""
    from tablegames.piddle import scan_faces

    side = 64

    def four_read(colours):
        crop, rows, cols = a_drawn_die((30 / 255, 40 / 255, 110 / 255), (215 / 255, 60 / 255, 60 / 255))
        spacing, radius = 0.25 * side, 0.085 * side
        for (i, j), colour in zip(((-1, -1), (-1, 1), (1, -1), (1, 1)), colours, strict=True):
            crop[np.hypot(rows - 64 - i * spacing, cols - 64 - j * spacing) <= radius] = colour
        pips, frontal, peaks, floor = light_pips_of_the_drawn_die(crop)
        assert len(frontal) == 4
        points = np.array([pips[i].centre for i in frontal])
        return scan_faces.read_face(peaks, pips, frontal, points.mean(axis=0), side, floor)

    white, pink = (250 / 255, 250 / 255, 250 / 255), (235 / 255, 120 / 255, 120 / 255)
    alike = four_read([white] * 4)
    assert alike is not None and alike[0].value == 4 and alike[0].confidence >= scan_faces.SURE
    unlike = four_read([white, pink, pink, pink])
    assert unlike is not None and unlike[0].confidence == 0.0


def test_a_translucent_two_read_with_its_bottom_faces_pips_is_no_sure_three():
    """A photo of the independent generator (tuning seed 5353) where a translucent green 2's pip and two of its
    bottom 5's, half as strong, read as a sure 3 (the 2 came out a 3 in doubt): every die is read right now."""
    from photo_world import world_photo

    photo = world_photo(5353, 81)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def test_two_pips_with_two_more_making_a_square_with_them_are_no_sure_two():
    """Two pips of a 4's side, its other two flattened by blur and glare and not taken for pips seen face on
    (drawn here), read as a 2 (its diagonal a 4's side) are put in doubt: the other two lie where they would make
    a square of them (two spots on one side of a pair do; one spot, or a pair on a diagonal, do not)."""
    from tablegames.piddle import scan_faces

    side = 64

    def two_read(flat_pair: bool):
        crop, rows, cols = a_drawn_die((110 / 255, 80 / 255, 40 / 255), (215 / 255, 40 / 255, 40 / 255))
        spacing, radius = 0.25 * side, 0.085 * side
        white = (250 / 255, 250 / 255, 250 / 255)
        for j in (-1, 1):
            crop[np.hypot(rows - 64 + spacing, cols - 64 - j * spacing) <= radius] = white
            if flat_pair:  # the bottom row, stretched along it to a roundness of about 0.65
                crop[np.hypot((rows - 64 - spacing) / (0.65 * radius), (cols - 64 - j * spacing) / radius) <= 1] = white
        pips, frontal, peaks, floor = light_pips_of_the_drawn_die(crop)
        points = np.array([pips[i].centre for i in frontal])
        return frontal, scan_faces.read_face(peaks, pips, frontal, points.mean(axis=0), side, floor)

    frontal, read = two_read(flat_pair=True)
    assert len(frontal) == 2
    assert read is not None and read[0].value == 2 and read[0].confidence <= scan_faces.UNSURE
    assert scan_faces.squared_off(np.array([[0.0, 0.0], [0.0, 10.0]]), [np.array([10.5, 0.5]), np.array([9.0, 10.0])])
    assert not scan_faces.squared_off(np.array([[0.0, 0.0], [0.0, 10.0]]), [np.array([10.5, 0.5])])
    assert not scan_faces.squared_off(np.array([[0.0, 0.0], [10.0, 10.0]]), [np.array([10.0, 0.0])])


def test_a_two_made_of_two_pips_of_a_fours_side_is_flagged():
    """Photo 4242/133 of the independent generator: two pips of a red 4, along one side of its square, read as a
    sure 2 (its other two read with two of its side's as a 4 beside it). The other two make a square with them: the
    2 is flagged, and no die is read wrong without a flag (the extra 4 is not this test's)."""
    from photo_world import score_world, world_photo

    photo = world_photo(4242, 133)
    score = score_world(photo, read_dice(photo.image))
    assert score.wrong_unflagged == 0, score.failures


def test_a_face_read_alone_far_off_its_blobs_middle_is_doubted():
    """A die alone in its blob whose face lies further off the blob's middle than a top face seen at a slant can
    (0.35 of a side; 0.27 for a 1's pip) may be a side's pips read as a face: it is put in doubt. A 1 off by no
    more than any face may be is trusted at the end as read unless something else doubts it; one further off is
    not."""
    from tablegames.piddle.scan import Blobs, DieReading, off_centre_doubted, with_trust_restored

    blobs = Blobs(labels=np.ones((10, 10), np.int32), chosen=(1,), specks=(), boxes=(), factor=1.0, die_pixels=100.0,
                  middles=((200.0, 200.0),))

    def read(value, off):
        return off_centre_doubted(DieReading(value, 1.0, (200.0 + off * 0.6, 200.0 + off * 0.8), 100.0, value), blobs,
                                  1, 100.0)

    assert not read(3, 30.0).is_uncertain and not read(6, 34.0).is_uncertain and not read(1, 26.0).is_uncertain
    assert read(3, 36.0).is_uncertain and read(5, 45.0).is_uncertain and read(1, 28.0).is_uncertain
    assert with_trust_restored(read(1, 34.0)).confidence == 1.0
    assert with_trust_restored(read(1, 36.0)).is_uncertain


def test_a_washed_out_ones_side_read_as_a_three_by_its_blobs_edge_is_flagged():
    """A photo of the independent generator: a translucent green 1 washed out by glare, its big pip faint, and a
    3 read surely from its side's pips by the blob's edge, 0.58 of a side off its middle."""
    from photo_world import world_photo

    photo = world_photo(5353, 145)
    one = next(die for die in photo.dice if die.value == 1)
    reading = read_dice(photo.image)
    there = [die for die in reading.dice if np.hypot(*np.subtract(die.center, one.center)) < 0.6 * one.size]
    assert there and all(die.value == 1 or die.is_uncertain for die in there), there


def test_a_die_whose_face_is_not_on_the_dice_blobs_is_doubted():
    """A ring a quarter of a die's side round a face's centre lies inside a top face: a die whose ring is less than
    0.85 on the dice's blobs (a 2's pip by the blob's edge read as a 1 at a die size too large) is put in doubt; one on
    a blob not chosen as dice (a speck) counts as off them."""
    from tablegames.piddle.scan import Blobs, DieReading, off_the_blobs_doubted

    labels = np.zeros((200, 200), np.int32)
    labels[50:150, 50:150] = 1  # a die of 100 working pixels, 2 photo pixels each
    labels[10:30, 160:180] = 2  # a speck
    blobs = Blobs(labels=labels, chosen=(1,), specks=(), boxes=(), factor=2.0, die_pixels=200.0, middles=((200.0, 200.0),))

    def read_at(row, col):
        return off_the_blobs_doubted(DieReading(3, 1.0, (row, col), 200.0, 3), blobs)

    assert not read_at(200.0, 200.0).is_uncertain
    assert not read_at(200.0, 150.0).is_uncertain  # the ring (50 photo pixels) reaching the blob's edge
    assert read_at(200.0, 140.0).is_uncertain  # 19 of the ring's 24 points on it (0.79)
    assert read_at(110.0, 110.0).is_uncertain  # by its corner: a quarter of the ring on it
    assert read_at(40.0, 340.0).is_uncertain  # on the speck


@pytest.mark.parametrize(("seed", "index"), [(5353, 146), (4242, 223)])
def test_the_dice_are_read_again_at_the_size_the_kept_reading_s_pips_say(seed, index):
    """Photos of the independent generator where the blobs said a die size far too large: six touching dice in
    one blob, twice their size (5353/146), and five small dice, 1.4 times theirs (4242/223). The first reading showed
    too few pips to say the size, a reading kept at a size tried showed enough, and dice were missed. Every die is
    read right now, and none is flagged."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert len(reading.dice) == len(photo.dice), reading.dice
    assert sorted(reading.values) == sorted(photo.values), reading.dice
    assert not any(die.is_uncertain for die in reading.dice), reading.dice


def test_the_dice_are_not_read_again_at_a_larger_size_the_kept_reading_s_pips_say():
    """A photo of the test's set (1919/91: four black dice, two of them 1s side by side) whose kept reading's pips
    said a size 16% larger than the size kept: read at it, the two 1s made one 2, in doubt, and a die was missed.
    The blobs' size errs large, not small, so only a smaller size is tried; every die is read right."""
    from photo_world import NEW_SEED, world_photo

    photo = world_photo(NEW_SEED, 91)
    reading = read_dice(photo.image)
    assert len(reading.dice) == len(photo.dice) == 4, reading.dice
    assert sorted(reading.values) == sorted(photo.values), reading.dice


@pytest.mark.parametrize(("seed", "index"), [(5353, 189), (5353, 168)])
def test_blobs_far_from_the_photo_s_die_size_in_perspective_are_read_at_their_own(seed, index):
    """Photos of the independent generator taken at a 28 and 19 degree tilt, whose dice differ in size by a fifth
    or more between the near and the far side: read at one size for the photo, a 1 was missed (5353/189) and a 3
    read as a 6 (5353/168). The blobs the perspective fit of the pips' sizes puts far from the photo's size are read
    at their own; every die is read right now."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    assert len(reading.dice) == len(photo.dice), reading.dice
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def test_the_die_size_in_perspective_is_affine_in_the_place_and_scaled_to_the_size_kept():
    """Four faces whose pip spacings grow with the row (the photo's lower part nearer the camera) give a size
    that grows with the row, in the same proportion, scaled so that their median is the size kept; fewer faces,
    or faces in a line, give none."""
    from tablegames.piddle.scan import DieReading, size_in_perspective

    def face(row: float, col: float, spacing: float) -> DieReading:
        return DieReading(4, 1.0, (row, col), 80.0, 4, spacing=spacing)

    faces = [face(100, 100, 16.0), face(100, 500, 16.0), face(400, 100, 22.0), face(400, 500, 22.0)]
    fit = size_in_perspective(faces, 100.0)
    assert fit is not None
    sizes = [fit[0] * row + fit[1] * col + fit[2] for row, col in ((100, 300), (400, 300))]
    assert sizes[1] / sizes[0] == pytest.approx(22 / 16)
    assert float(np.median([fit[0] * d.center[0] + fit[1] * d.center[1] + fit[2] for d in faces])) == \
        pytest.approx(100.0)
    assert size_in_perspective(faces[:3], 100.0) is None
    in_a_line = [face(100 * k, 100 * k, 16.0 + k) for k in range(1, 5)]
    assert size_in_perspective(in_a_line, 100.0) is None


def test_a_pip_joined_to_a_glare_line_is_read_as_a_pip():
    """A photo of the independent generator (5353/134: a translucent red 2, 117 pixels, tilted 27 degrees) whose
    2 has a glare line along a bevel running into one of its pips: measured with the line, the pip was long and
    not taken for one seen face on, and the 2 was read as a 1 with no confidence. Opened away (a disk a third of a
    pip's radius wide does not fit in the line), the pip is round and the 2 is read surely."""
    from photo_world import world_photo

    photo = world_photo(5353, 134)
    reading = read_dice(photo.image)
    two = min(reading.dice, key=lambda die: math.hypot(die.center[0] - 719, die.center[1] - 526))
    assert (two.value, two.is_uncertain) == (2, False), reading.dice
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def test_a_pip_beside_a_patch_of_glare_too_wide_to_open_away_is_measured_by_its_core():
    """A red die's 2 with a patch of glare (0.7 of the pips' contrast, 9 pixels wide, drawn) along its edge,
    touching its lower pip: at half the pip's strength the pip and the patch are one long part, too wide for the
    opening to cut; the part above 0.9 of its strength is the pip's alone, round, and the pip is seen face on at its
    place, and the face read as a sure 2. A photo of the independent generator with such glare (6161/3: a red 2,
    162 pixels, read as a 1 with no confidence from its other pip) reads right."""
    from photo_world import world_photo
    from tablegames.piddle import scan_faces

    side = 64
    crop, rows, cols = a_drawn_die((40 / 255, 110 / 255, 50 / 255), (0.85, 0.35, 0.3))
    spacing, radius = 0.26 * side, 0.085 * side
    lower = 64 + spacing
    glare = math.exp(math.log(0.4) + 0.7 * math.log(1.08 / 0.4)) - 0.1  # 0.7 of a white pip's contrast in blue
    crop[(cols >= lower + 2) & (cols < lower + 11) & (rows >= lower - 12) & (rows <= lower + 3)] = (0.95, glare, glare)
    for i in (-1, 1):
        crop[np.hypot(rows - 64 - i * spacing, cols - 64 - i * spacing) <= radius] = (0.98, 0.98, 0.98)
    pips, frontal, _, _ = light_pips_of_the_drawn_die(crop)
    nearest = min(range(len(pips)), key=lambda k: math.hypot(*(pips[k].centre - lower)))
    assert nearest in frontal and pips[nearest].roundness >= 0.8, pips[nearest]
    assert math.hypot(*(pips[nearest].centre - lower)) <= 1.0, pips[nearest]
    mask = np.zeros((128, 128), bool)
    mask[32:96, 32:96] = True
    maps = scan_faces.spot_maps(crop, mask, side)
    faces = scan_faces.faces_of(maps, 1, mask, scan_faces.grown(mask, 9), side)
    assert [(face.value, face.confidence >= scan_faces.SURE) for face in faces] == [(2, True)], faces

    photo = world_photo(6161, 3)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values) and not reading.uncertain, reading.dice


def test_a_one_in_doubt_on_the_blobs_edge_is_no_die():
    """A 1 read in doubt with its pip on the dice's blobs' edge (within 0.03 of its side of the table) or off them
    is dropped: a 1's pip is at its top face's middle. Two white dice drawn 60 pixels across: a doubted 1 at a
    die's corner pixel or on the table is no die; in its middle, or six pixels in from its edges, or read surely,
    it is kept."""
    from tablegames.piddle.scan import Blobs, DieReading, edge_one, find_blobs

    rgb = np.zeros((240, 320, 3), np.uint8)
    rgb[...] = (40, 110, 50)
    rgb[90:150, 60:120] = (235, 235, 225)
    rgb[90:150, 180:240] = (235, 235, 225)
    rows, cols = np.mgrid[:240, :320]
    for row, col in ((120, 90), (105, 195), (135, 225)):  # a 1 and a 2
        rgb[(rows - row) ** 2 + (cols - col) ** 2 <= 25] = (20, 20, 20)
    blobs = find_blobs(rgb)
    assert isinstance(blobs, Blobs) and blobs.factor == 1.0

    def dropped(centre: tuple[float, float], confidence: float = 0.45) -> bool:
        return edge_one(DieReading(1, confidence, centre, 60.0, 1), blobs)

    assert dropped((90, 60)) and dropped((80, 50)) and dropped((149, 119))
    assert not dropped((120, 90)) and not dropped((96, 66)) and not dropped((90, 60), 1.0)
    assert not edge_one(DieReading(2, 0.45, (90, 60), 60.0, 2), blobs)  # a doubted 2 there: not this rule's


@pytest.mark.parametrize(("seed", "index"), [(1919, 299), (2121, 178), (4242, 261), (8181, 180), (9191, 240)])
def test_a_lone_pip_read_as_a_face_with_no_confidence_is_no_die(seed, index):
    """Step 128: a die of two pips or more read with no confidence from one pip on its pattern's spots (the pips
    round it taken for its own seen askew) is dropped: a side's pip or a glint, no die. Photos of the independent
    generator that read every die right but for such an extra die beside them (a translucent blue 5's side read as
    a 3, 1919/299; a black 5's side as a 5, 4242/261) read exactly, with no extra die. (1919/215 was one too until
    step 151, which reads a blank die in doubt on the lit paper between its dice that its blob took in.)"""
    photo = world_photo(seed, index)
    score = score_world(photo, read_dice(photo.image))
    assert score.exact and score.extra == 0, score.failures


def test_only_a_die_of_two_pips_or_more_read_with_no_confidence_from_one_pip_on_its_spots_is_a_lone_pip():
    """Step 128's rule (a_lone_pip_read_as_a_face) on its edges: read with some confidence, trusted, with two pips
    on its spots, a 1, or with no checks (a die found otherwise), a die is kept."""
    from tablegames.piddle.scan import DieReading, a_lone_pip_read_as_a_face

    one_pip = (0.0, 1.0, 1.0, -0.5, 1.0, -1.0, 1)  # its checks: the last is how many pips lie on its spots
    three = DieReading(3, 0.0, (100.0, 100.0), 60.0, 3, one_pip)
    assert a_lone_pip_read_as_a_face(three)
    assert not a_lone_pip_read_as_a_face(dataclasses.replace(three, confidence=0.45))
    assert not a_lone_pip_read_as_a_face(dataclasses.replace(three, trusted_confidence=0.6))
    assert not a_lone_pip_read_as_a_face(dataclasses.replace(three, checks=one_pip[:-1] + (2,)))
    assert not a_lone_pip_read_as_a_face(dataclasses.replace(three, value=1, pips=1))
    assert not a_lone_pip_read_as_a_face(dataclasses.replace(three, checks=()))


@pytest.mark.parametrize(("seed", "index"), [(3131, 177), (9292, 62)])
def test_a_faint_spot_read_as_a_one_with_no_margin_is_no_die(seed, index):
    """Step 143: a 1 read with no confidence, no margin on its grid and a pip under full contrast is dropped: a dark
    spot in a die's shadow on red wood (an ivory die's, 3131/177; a white die's, 9292/62), no die. Both photos read
    every die right but for that extra one; they read exactly, with no extra die."""
    _, score = read_world(seed, index)
    assert score.exact and score.extra == 0, score.failures


def test_only_a_one_read_with_no_margin_from_a_pip_under_full_contrast_is_a_faint_spot():
    """Step 143's rule (a_faint_spot_read_as_a_one) on its edges: a 1 with some confidence, trusted, with a margin,
    with its pip at full contrast, of another value, or with no checks (a die found otherwise) is kept."""
    from tablegames.piddle.scan import DieReading, a_faint_spot_read_as_a_one

    faint = (0.0, 0.6, 1.0, -0.3, 1.0, -1.0, 1)  # margin check, contrast, size, the margin itself, ...
    one = DieReading(1, 0.0, (100.0, 100.0), 60.0, 1, faint)
    assert a_faint_spot_read_as_a_one(one)
    assert a_faint_spot_read_as_a_one(dataclasses.replace(one, checks=(0.0, 0.6, 1.0, 0.0) + faint[4:]))
    assert not a_faint_spot_read_as_a_one(dataclasses.replace(one, confidence=0.3))
    assert not a_faint_spot_read_as_a_one(dataclasses.replace(one, trusted_confidence=0.6))
    assert not a_faint_spot_read_as_a_one(dataclasses.replace(one, checks=(0.4, 0.6, 1.0, 0.1) + faint[4:]))
    assert not a_faint_spot_read_as_a_one(dataclasses.replace(one, checks=(0.0, 1.0) + faint[2:]))
    assert not a_faint_spot_read_as_a_one(dataclasses.replace(one, value=3, pips=3))
    assert not a_faint_spot_read_as_a_one(dataclasses.replace(one, checks=()))


def test_one_face_off_its_blob_middle_gives_way_to_the_other_polarity_s_sure_face_at_it():
    """Step 144: a face read alone in its blob further off its middle than a top face lies (FACE_OFF_CENTRE) is a
    side's pips or a die's dark edges; the other polarity's one face, read surely within its reach of the middle,
    is the die's: a green 1 whose dark top edge read as a 3 of dark pips (2121/51) is read as the 1, and the photo
    exactly."""
    reading, score = read_world(2121, 51)
    assert score.exact, score.failures
    assert has_die_at(reading, 1, (423, 196), 15, uncertain=False), reading.dice


@pytest.mark.parametrize(("seed", "index"), [(7171, 194), (9292, 201)])
def test_how_near_dice_stand_is_judged_at_the_size_the_kept_dice_s_pips_say_when_smaller(seed, index):
    """Step 145: when the first reading's pips said no size, a die in doubt beside a sure one is dropped as part
    of it by the size the kept reading's pips say, when smaller than the size chosen: a red 3 touching a sure 2,
    both read at 1.25 times their size, was dropped as 0.77 of that size from the 2 (7171/194); a green 1 read
    surely at the pips' size, 0.88 of the size kept, beside a sure 2 (9292/201). Both photos read exactly."""
    _, score = read_world(seed, index)
    assert score.exact and score.missed == 0, score.failures


def test_a_die_found_trusted_at_the_size_the_pips_say_counts_beside_a_die_a_side_away():
    """Step 146: found_elsewhere takes a die read at the size the kept dice's pips say, smaller than the size kept,
    when trusted as read with SURE (read_with), down to NEAREST_DICE from a kept die: 1919/681's white 1, in a blob
    of six dice read at 1.5 times its size, read in doubt but trusted at the pips' size and 0.81 of it from a 3 in
    doubt it touches, was missed. The photo is read exactly, the 1 in doubt."""
    reading, score = read_world(1919, 681)
    assert score.exact and score.missed == 0, score.failures
    assert has_die_at(reading, 1, (929, 295), 30, uncertain=True), reading.dice


def test_a_pip_is_judged_against_round_pips_of_a_pip_s_size_not_a_dark_gap_between_dice():
    """Step 147: frontal_pips judges a pip's strength against the round pips near it up to REFERENCE_AREA_MOST times
    the strong ones' median area: a round dark gap between ivory dice, 4.4 times a pip's area and standing out 2.6
    times as much as the pips of a 4 beside it, made the 4's pips a side's, and the 4 was missed (5353/246, eight
    dice). The photo is read exactly."""
    _, score = read_world(5353, 246)
    assert score.exact and score.missed == 0, score.failures


def test_a_die_found_at_a_larger_size_counts_as_read_before_a_doubt_that_keeps_its_trust():
    """Step 130: found_elsewhere takes a die read at a larger size than the one kept, where no die was kept, when it
    was read with UNSURE or more as its pips were read (read_with), not only as it stands: 7171/244's red 2, read on
    its grid without a flaw at 1.04 times the size kept but with no confidence for its two unlike pips (trusted as
    read), was missed. The photo is read exactly; the 2, found so, is in doubt."""
    reading, score = read_world(7171, 244)
    assert score.exact and score.missed == 0, score.failures
    assert has_die_at(reading, 2, (304, 444), 30, uncertain=True), reading.dice


def test_a_die_read_twice_is_one_die():
    """Step 101: two readings nearer than SAME_DIE of a die are one die read twice (from two blobs' regions, or a
    6's column read as a 3 beside it): the surer stays, or, as sure, the one with more pips; dice a side apart, as
    touching dice stand, are two."""
    from tablegames.piddle.scan import SAME_DIE, DieReading, without_second_readings

    five = DieReading(5, 1.0, (300.0, 300.0), 100.0, 5)
    again = DieReading(5, 1.0, (301.0, 300.0), 100.0, 5)
    doubted_four = DieReading(4, 0.45, (300.0, 300.0 + 0.9 * SAME_DIE * 100), 100.0, 4)
    beside = DieReading(2, 0.45, (300.0, 400.0), 100.0, 2)
    assert without_second_readings([five, again, doubted_four, beside], 100.0) == [five, beside]
    six, column = DieReading(6, 0.45, (100.0, 100.0), 100.0, 6), DieReading(3, 0.45, (100.0, 127.0), 100.0, 3)
    assert without_second_readings([column, six], 100.0) == [six]
    assert without_second_readings([column, six], 50.0) == [column, six]  # dice of half the size: a side apart


def test_a_die_all_but_guessed_beside_a_die_read_is_part_of_it():
    """Step 102: a die read with less than GUESSED (its pips read no way) nearer than GUESS_BESIDE of a die to one
    read with UNSURE or more, in doubt too, is dropped: a side's pips read as a die beside a doubted 2 (1919/140,
    2121/258: read exactly now). A die so near but read with GUESSED or more stays (in doubt, for the player), and
    so does a guess further off."""
    from photo_world import score_world, world_photo
    from tablegames.piddle.scan import GUESS_BESIDE, GUESSED, DieReading, without_doubtful_neighbours

    two = DieReading(2, 0.45, (200.0, 200.0), 100.0, 2)
    guess = DieReading(3, 0.0, (200.0, 200.0 + 0.95 * GUESS_BESIDE * 100), 100.0, 3)
    doubted = DieReading(1, GUESSED, (200.0 + 0.95 * GUESS_BESIDE * 100, 200.0), 100.0, 1)
    far_guess = DieReading(6, 0.0, (200.0, 200.0 - 1.05 * GUESS_BESIDE * 100), 100.0, 6)
    assert without_doubtful_neighbours([two, guess, doubted, far_guess], 100.0) == [two, doubted, far_guess]
    for seed, index in ((1919, 140), (2121, 258)):
        photo = world_photo(seed, index)
        score = score_world(photo, read_dice(photo.image))
        assert score.exact and score.extra == 0, score.failures


def test_a_die_in_doubt_beside_one_that_will_be_trusted_is_part_of_it():
    """Step 116: a die in doubt that will not be trusted at the end, nearer than TRUSTED_BESIDE of a die to one that
    will, is dropped: a translucent 2's side read as another 2 in doubt 0.54 of a side from it (3131/243: read
    exactly now). Two dice touching, both in doubt, one trusted, stand further apart and both stay (5353/272)."""
    from photo_world import score_world, world_photo
    from tablegames.piddle.scan import TRUSTED_BESIDE, UNSURE, DieReading, without_doubtful_neighbours

    trusted_two = DieReading(2, UNSURE, (200.0, 200.0), 100.0, 2, trusted_confidence=1.0)
    side = DieReading(2, UNSURE, (200.0, 200.0 + 0.95 * TRUSTED_BESIDE * 100), 100.0, 2)
    neighbour = DieReading(3, UNSURE, (200.0 + 1.05 * TRUSTED_BESIDE * 100, 200.0), 100.0, 3)
    assert without_doubtful_neighbours([trusted_two, side, neighbour], 100.0) == [trusted_two, neighbour]
    for seed, index in ((3131, 243), (5353, 272)):
        photo = world_photo(seed, index)
        score = score_world(photo, read_dice(photo.image))
        assert score.exact and score.extra == 0, score.failures


def test_a_die_that_will_be_trusted_touching_a_sure_one_is_a_die():
    """Step 148: a die in doubt that will be trusted at the end is dropped beside a sure one only nearer than
    TRUSTED_NEAREST of a die (the same die read twice), not NEAREST_DICE: 9191/272's translucent 3, trusted in doubt
    and touching a sure 2, 0.79 of the size judged at from it (the first reading's pips said 20% over its own), was
    missed; it is read exactly now. A die in doubt and not trusted is still dropped within NEAREST_DICE, and one
    that will be trusted within TRUSTED_NEAREST (at 0.7, 8181/53 kept an extra 1 trusted 0.74 from a sure 6)."""
    from tablegames.piddle.scan import (
        NEAREST_DICE,
        TRUSTED_NEAREST,
        UNSURE,
        DieReading,
        without_doubtful_neighbours,
    )

    sure_two = DieReading(2, 1.0, (200.0, 200.0), 100.0, 2)
    touching = DieReading(3, UNSURE - 0.05, (200.0, 200.0 + (TRUSTED_NEAREST + NEAREST_DICE) / 2 * 100), 100.0, 3,
                          trusted_confidence=0.79)  # read with GUESSED or more: GUESS_BESIDE does not weigh
    assert without_doubtful_neighbours([sure_two, touching], 100.0) == [sure_two, touching]
    read_twice = dataclasses.replace(touching, center=(200.0, 200.0 + 0.95 * TRUSTED_NEAREST * 100))
    assert without_doubtful_neighbours([sure_two, read_twice], 100.0) == [sure_two]
    untrusted = dataclasses.replace(touching, confidence=UNSURE, trusted_confidence=0.0)
    assert without_doubtful_neighbours([sure_two, untrusted], 100.0) == [sure_two]
    _, score = read_world(9191, 272)
    assert score.exact, score.failures


def test_two_ones_side_by_side_between_two_dice_read_as_a_two_are_flagged():
    """Step 150: 7171/96, two translucent red 1s side by side, a 3 touching them above and a 5 below, read as a
    sure 2 at every size tried (the blob across its pips is three dice high): the 2 is put in doubt now."""
    _, score = read_world(7171, 96)
    assert score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


def test_a_photo_whose_kept_pips_say_a_size_a_tenth_smaller_is_read_at_it():
    """Step 149: the photo is read again at the size the kept dice's pips say when that is SMALLER_BY_PIPS (0.9) of
    the size kept or less, not 0.85: 8181/53, read at 1.15 times the blobs' size where the kept dice's pips said
    0.896 of it, missed a translucent green 3 and read an extra 1 beside it; it is read exactly now."""
    _, score = read_world(8181, 53)
    assert score.exact and score.extra == 0, score.failures


@pytest.mark.parametrize(("seed", "index"), [(1919, 99), (2121, 84), (5353, 261), (7171, 16)])
def test_photos_whose_only_flaw_was_a_die_read_twice_read_exactly(seed, index):
    """Step 101: a sure 5 read from two blobs' regions a pixel apart (1919/99, with a doubted 4 between the 5s), a
    doubted 1 beside a sure 3 (2121/84), a 2 read twice (5353/261), a 3 of a 6's column beside the 6 (7171/16):
    the photos are read exactly now, their number of dice right."""
    _, score = read_world(seed, index)
    assert score.exact and score.extra == 0, score.failures


@pytest.mark.parametrize(("seed", "index"), [(1919, 55), (3131, 114), (3131, 143), (7171, 162), (7171, 240)])
def test_a_face_read_from_its_strong_pips_explains_only_the_pips_under_it(seed, index):
    """Step 103: a face read from its strong pips (strong_pips_read) takes the weak pips under it for its bottom
    face's ghosts, and explains no weak pip beyond its reach: a translucent red 4 whose two dimmer pips (0.55 and
    0.65 as strong) made its strong two a 2 that claimed all four and won over the 4 (1919/55). These photos of
    the independent generator are read exactly now; 3131/114 has every die right but an extra 1 in doubt beside
    them since step 115."""
    _, score = read_world(seed, index)
    if (seed, index) == (3131, 114):
        assert score.right == score.dice and score.extra_unflagged == 0 and score.right_flagged <= 1, score.failures
        return
    assert score.exact, score.failures


@pytest.mark.parametrize(("seed", "index"), [(1919, 6), (1919, 143), (2121, 110)])
def test_photos_whose_only_flaw_was_a_doubted_one_at_a_blobs_edge_read_exactly(seed, index):
    """Step 95: photos of the independent generator read right but for an extra 1 in doubt at the dice's blobs'
    edge (1919/6, eight ivory dice on paper; 1919/143, 2121/110): read exactly now, their number of dice said."""
    _, score = read_world(seed, index)
    assert score.exact and score.extra == 0, score.failures


def glossy_face(lit_side: int) -> tuple[np.ndarray, np.ndarray]:
    """A dark die's face 64 pixels across, seen straight on, with a 2 upright on it (pips 0.085 of a side in radius),
    and glare (brighter than half the pips' contrast) on an arc two to six pixels out from its upper pip, on the
    arc's outer side (lit_side -1: towards the face's nearer edge, as a bevel's glare is), inner side (+1: as a
    brighter patch of the face is) or nowhere (0): a crop, and the die's mask in it."""
    crop = np.full((120, 120, 3), 0.2, dtype=np.float32)
    rows, cols = np.mgrid[:120, :120]
    mask = (rows >= 28) & (rows < 92) & (cols >= 28) & (cols < 92)
    crop[mask] = 0.25
    apart = np.hypot(rows - 40, cols - 60)
    if lit_side:
        crop[mask & (apart >= 8) & (apart <= 12.5) & (lit_side * (rows - 40) >= 5)] = 0.65
    for row in (40, 78):
        crop[(rows - row) ** 2 + (cols - 60) ** 2 <= 5.44 ** 2] = 0.9
    return crop, mask


def test_a_pip_whose_ring_is_lit_only_on_its_outer_side_is_seen_face_on():
    """A pip by its face's edge on a glossy die has the glare on the bevel beyond it in its ring (a third of it
    lit): it is still a pip of the top face, and the 2 is read. The same lit third on its inner side is a brighter
    patch of face round a spot: that spot is not taken for a pip seen face on."""
    from tablegames.piddle import scan_faces

    frontal_of = {}
    for lit_side in (-1, 1, 0):
        crop, mask = glossy_face(lit_side)
        maps = scan_faces.spot_maps(crop, mask, 64.0)
        around = scan_faces.grown(mask, int(scan_faces.AROUND * 64))
        pips = scan_faces.find_pips(maps, 1, mask, around, 64.0, 0.6 * scan_faces.MIN_PIP_CONTRAST)
        frontal, _ = scan_faces.frontal_pips(pips, 64.0, scan_faces.MIN_PIP_CONTRAST)
        upper = min(range(len(pips)), key=lambda k: math.hypot(pips[k].centre[0] - 40, pips[k].centre[1] - 60))
        frontal_of[lit_side] = upper in frontal
        if lit_side:
            pip = pips[upper]
            assert scan_faces.FRONTAL_SURROUND < pip.surround <= scan_faces.DEEP_SURROUND
            assert pip.inside >= scan_faces.DEEP_INSIDE and pip.lit_outside == pytest.approx(-lit_side, abs=0.05)
        if lit_side == -1:
            faces, _ = scan_faces.read_region(crop, mask, 64.0, (1,))
            assert [(face.value, face.confidence >= scan_faces.SURE) for face in faces] == [(2, True)]
    assert frontal_of == {-1: True, 1: False, 0: True}


def face_with_faint_spots(pips: list[tuple[int, int]], faint: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """A die's face 64 pixels across, seen straight on, with pips (0.085 of a side in radius) at these places of
    its grid (row, col steps of 16 pixels from its centre) and faint spots standing out 0.4 as much as its pips at
    those: a crop, and the die's mask in it."""
    crop = np.full((120, 120, 3), 0.05, dtype=np.float32)
    rows, cols = np.mgrid[:120, :120]
    mask = (rows >= 28) & (rows < 92) & (cols >= 28) & (cols < 92)
    crop[mask] = 0.3
    ghost = 0.3 * 3 ** 0.4  # 0.4 of a pip's log contrast (the pips are 3 times as bright as the face)
    for (row, col), level in [(spot, 0.9) for spot in pips] + [(spot, ghost) for spot in faint]:
        crop[(rows - 60 - 16 * row) ** 2 + (cols - 60 - 16 * col) ** 2 <= 5.44 ** 2] = level
    return crop, mask


def translucent_two(faint: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """A 2 on its face's diagonal with faint spots at these places (face_with_faint_spots)."""
    return face_with_faint_spots([(-1, -1), (1, 1)], faint)


def test_the_ghost_of_a_translucent_dies_bottom_face_does_not_doubt_its_top():
    """A translucent die shows its bottom face's pips faintly through its top: under a 2, a 5, shifted by the
    view's slant (here a step along the rows: three of its pips on the top face, on empty spots of the 2's grid).
    They fit the bottom face's pattern, so the 2 is read surely; one faint spot alone fits no pattern (the middle
    pip of a 3 washed out by glare, say) and keeps the 2 in doubt."""
    from tablegames.piddle import scan_faces

    def read(faint: list[tuple[int, int]]) -> list[tuple[int, bool]]:
        crop, mask = translucent_two(faint)
        faces, _ = scan_faces.read_region(crop, mask, 64.0, (1,))
        return [(face.value, face.confidence >= scan_faces.SURE) for face in faces]

    assert read([]) == [(2, True)]
    assert read([(0, -1), (0, 1), (1, 0)]) == [(2, True)]  # a 5 a step down the rows: 3 pips on the face
    assert read([(0, 0)]) == [(2, False)]
    assert scan_faces.ghost_places([np.array([0.0, -1.0]), np.array([0.0, 1.0])], [], 2) is not None
    # a 5's bottom 2 with a ghost in the middle has its other off the face: two spots there are not its ghosts
    assert scan_faces.ghost_places([np.array([0.0, 0.0])] * 2, [], 5) is None


@pytest.mark.parametrize(("seed", "index", "place", "value", "flagged"),
                         [(4242, 167, (145, 219), 1, False), (5353, 102, (481, 590), 1, False),
                          (4242, 269, (146, 138), 2, True)])
def test_a_one_read_from_its_strong_pip_is_trusted_only_when_the_pips_under_it_are_as_faint_as_ghosts(
        seed, index, place, value, flagged):
    """Tuning photos where a translucent 1 was read from its strong pip alone, the weaker pips under it taken for
    its bottom 6's seen through it: where they stand out half as much as it or less (ghosts), the 1 is trusted;
    a 2 whose other pip was dimmed by glare (more than half: 4242/269) was read so as a 1 and stays flagged (since
    step 103, its dim pip no longer the 1's own, it is read as a guess off its place: every die read near it is
    flagged)."""
    from photo_world import world_photo

    photo = world_photo(seed, index)
    reading = read_dice(photo.image)
    near = [die for die in reading.dice if math.hypot(die.center[0] - place[0], die.center[1] - place[1]) < 40]
    if flagged:
        assert near and all(die.is_uncertain for die in near), reading.dice
    else:
        die = min(near, key=lambda die: math.hypot(die.center[0] - place[0], die.center[1] - place[1]))
        assert math.hypot(die.center[0] - place[0], die.center[1] - place[1]) < 30, reading.dice
        assert not die.is_uncertain and die.value == value, reading.dice


def test_a_translucent_photos_faces_are_read_surely_through_their_ghosts():
    """Tuning photo 5353/183 (translucent red, white pips): a 2 and a 3 whose bottom faces show through their tops
    in pink were flagged (an empty spot 0.38 and 0.41 as bright as a pip); they are read surely."""
    from photo_world import world_photo

    photo = world_photo(5353, 183)
    reading = read_dice(photo.image)
    for value, (row, col) in ((2, (852, 456)), (3, (1014, 636))):
        die = min(reading.dice, key=lambda die: math.hypot(die.center[0] - row, die.center[1] - col))
        assert (die.value, die.is_uncertain) == (value, False), reading.dice


def test_a_faint_spot_where_no_die_has_a_pip_leaves_the_face_trusted():
    """A 3 with a faint spot midway along a side (no face has pips there and on a 3's diagonal) is read with the
    spot near half, in doubt, but trusted at the end when nothing else doubts it; with the spot at a corner (a 5
    that lost a pip has it) it gets no such trust."""
    from tablegames.piddle import scan_faces

    def read(pips, faint):
        crop, mask = face_with_faint_spots(pips, faint)
        faces, _ = scan_faces.read_region(crop, mask, 64.0, (1,))
        assert len(faces) == 1
        return faces[0]

    three = read([(-1, -1), (0, 0), (1, 1)], [(0, 1)])
    assert three.value == 3 and three.confidence < scan_faces.UNCERTAIN_BELOW <= three.trusted_confidence
    three_by_a_corner = read([(-1, -1), (0, 0), (1, 1)], [(-1, 1)])
    assert three_by_a_corner.value == 3 and three_by_a_corner.confidence < scan_faces.UNCERTAIN_BELOW
    assert three_by_a_corner.trusted_confidence == 0.0


def test_a_fours_faint_side_spot_is_a_sixs_lost_pip_only_with_the_one_opposite_it():
    """A 4 read on its grid with a spot midway along one side standing out 0.45 as much as its pips has its margin
    taken without that spot (a 6 that lost its middle pips shows both a little; one alone is a ghost or a
    neighbour's pip, step 80); with the opposite spot as faint too, or with the faint spot in its middle (a 5's
    lost pip), it keeps the margin the spot leaves it."""
    from tablegames.piddle import scan_faces

    corners = [(-1, -1), (-1, 1), (1, -1), (1, 1)]

    def margin_without_impossible_spots(faint):
        peaks = np.zeros((64, 64), np.float32)
        for row, col in corners:
            peaks[32 + 16 * row, 32 + 16 * col] = 1.0
        for row, col in faint:
            peaks[32 + 16 * row, 32 + 16 * col] = 0.45
        reading = scan_faces.Reading(4, 0.05, 16.0 * np.eye(2), np.array(corners, dtype=np.float64))
        return scan_faces.margin_of_possible_spots(reading, peaks, 0.0, 1.0, np.array([32.0, 32.0]))

    assert margin_without_impossible_spots([(0, 1)]) == pytest.approx(0.5)
    assert margin_without_impossible_spots([(0, 1), (0, -1)]) == pytest.approx(0.05)
    assert margin_without_impossible_spots([(0, 0)]) == pytest.approx(0.05)


def test_ghosts_off_a_faces_grid_are_not_taken_for_its_missing_pips():
    """Tuning photo 5353/196 (translucent green, eight dice): bottom faces' pips seen through the tops lay off
    the tops' grids and near their middles, standing out more than half as much as their pips: taken for pips no
    pattern explained, they read a 2 as a 6, a 1 and a 2 as 5s. Where they make the bottom face's pattern they
    are left out of the margin like the ghosts on empty spots, and every die is read right."""
    from photo_world import world_photo

    photo = world_photo(5353, 196)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def test_four_pips_in_a_long_rectangle_do_not_lay_a_grid():
    """Four corner pips lay the grid with the perspective a die is seen in (a square foreshortened to 0.82 by a
    35 degree view, turned): its steps are the corners' half-offsets. A rectangle twice as long as wide is two
    columns' pairs of a 6, or the pips of two touching dice: no grid from its corners, only the square ones of its
    diagonal."""
    from tablegames.piddle.scan_faces import FRAME_SQUARENESS, face_frames

    turn = np.array([[math.cos(0.4), -math.sin(0.4)], [math.sin(0.4), math.cos(0.4)]])
    centre, nothing = np.array([50.0, 50.0]), np.zeros((0, 2))
    for across, expect_corners in ((0.82, True), (0.5, False)):
        corners = np.array([[-1, -1], [-1, 1], [1, 1], [1, -1]]) * np.array([16.0 * across, 16.0])
        frames = face_frames(centre + corners @ turn.T, centre, nothing, 64.0)
        lengths = np.hypot(frames[..., 0], frames[..., 1])  # F x 2: each frame's two steps
        squareness = lengths.min(axis=1) / lengths.max(axis=1)
        assert (squareness >= FRAME_SQUARENESS).all()
        has_corners = any(sorted(np.round(steps, 6)) == sorted([16.0 * across, 16.0]) for steps in lengths)
        assert has_corners == expect_corners, lengths


def test_two_touching_fours_are_not_read_as_a_six():
    """A photo of the independent generator's tuning set (4242/109: red dice of 50 pixels, tilted 26 degrees) where
    two 4s touch: read at a larger size their pips were a 6 on a grid twice as long as wide, which put one 4 in
    doubt. Read right, and surely."""
    from photo_world import world_photo

    photo = world_photo(4242, 109)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values) and not reading.uncertain, reading.dice


def dice_in_perspective() -> tuple[np.ndarray, np.ndarray, list[int]]:
    """White dice with dark pips on green cloth, in two rows as a camera at a slant sees them: the far row (a 4, a 2
    and a 3) 50 pixels a side with pips 4.4 in radius, the near row (6, 6, 5) 64 with pips 6.4 (the far pips have
    0.47 of the near ones' area). A crop, the dice's mask in it, and the values, far row first."""
    from photo_world import SPOTS

    crop = np.full((190, 250, 3), (0.15, 0.35, 0.15), dtype=np.float32)
    mask = np.zeros(crop.shape[:2], dtype=bool)
    rows, cols = np.mgrid[:190, :250]
    values = []
    for top, side, radius, row_values in ((12, 50, 4.4, (4, 2, 3)), (70, 64, 6.4, (6, 6, 5))):
        for k, value in enumerate(row_values):
            left = 10 + k * (side + 3)
            die = (rows >= top) & (rows < top + side) & (cols >= left) & (cols < left + side)
            crop[die] = 0.9
            mask |= die
            for across, down in SPOTS[value]:
                row, col = top + side / 2 + 0.27 * side * down, left + side / 2 + 0.27 * side * across
                crop[(rows - row) ** 2 + (cols - col) ** 2 <= radius ** 2] = 0.15
            values.append(value)
    return crop, mask, values


def test_the_far_dices_smaller_pips_are_seen_face_on():
    """A blob of near dice and far dice, at a die size between theirs: the far dice's pips have less than
    FRONTAL_AREA_LEAST of the area of the blob's pips, most of them near ones, but as much as the pips near them,
    so they are seen face on and every die is read, surely (compared with the blob's, the far dice were read in
    doubt from their faint pips). A photo (4242/101) with round dark gaps between its dice among its pips still has
    its lone 1 read: a 1 among the gaps was lost when they counted in the area near it."""
    from photo_world import world_photo
    from tablegames.piddle import scan_faces

    crop, mask, values = dice_in_perspective()
    maps = scan_faces.spot_maps(crop, mask, 57.0)
    around = scan_faces.grown(mask, int(scan_faces.AROUND * 57))
    pips = scan_faces.find_pips(maps, -1, mask, around, 57.0, 0.6 * scan_faces.MIN_PIP_CONTRAST)
    frontal, _ = scan_faces.frontal_pips(pips, 57.0, scan_faces.MIN_PIP_CONTRAST)
    assert len(frontal) == sum(values)
    faces, sign = scan_faces.read_region(crop, mask, 57.0, (-1,))
    read = sorted(faces, key=lambda face: (face.centre[0] > 70, face.centre[1]))
    assert [(face.value, face.confidence >= scan_faces.SURE) for face in read] == [(v, True) for v in values]

    photo = world_photo(4242, 101)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def test_a_blob_read_at_its_size_in_perspective_keeps_a_sure_die_that_reading_reads_only_in_doubt():
    """A sure 1 read again as a doubted 3 half a die from it (its pip and two of its side's) is doubted; as a sure
    3, or with a sure die beside the doubted one, or as a doubted die two dice away, it is not. On the tuning
    photos (5353/276) a translucent 1 read surely at the photo's size was read at its size in perspective, 26%
    smaller, as a doubted 3, which `reading_score` prefers: the 1 is kept now, and every die is read."""
    from photo_world import world_photo
    from tablegames.piddle.scan import DieReading, doubts_a_sure_die

    sure_one = DieReading(1, 1.0, (100.0, 100.0), 60.0, 1)

    def three(confidence: float, row: float = 130.0) -> DieReading:
        return DieReading(3, confidence, (row, 95.0), 45.0, 3)

    assert doubts_a_sure_die([sure_one], [three(0.45)], 60.0)
    assert not doubts_a_sure_die([sure_one], [three(1.0)], 60.0)
    assert not doubts_a_sure_die([sure_one], [three(0.45), DieReading(1, 0.95, (104.0, 98.0), 45.0, 1)], 60.0)
    assert not doubts_a_sure_die([sure_one], [three(0.45, row=230.0)], 60.0)
    assert not doubts_a_sure_die([dataclasses.replace(sure_one, confidence=0.8)], [three(0.45)], 60.0)

    photo = world_photo(5353, 276)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def a_two_with_a_pip_beside_it(radius: float) -> tuple[np.ndarray, np.ndarray]:
    """A white die's face 64 pixels across, a 2 on it (pips 5.4 pixels in radius), and a side 20 pixels wide to its
    right, shaded, with a round dark pip of this radius on it by the face's upper corner: a crop, and the mask."""
    crop = np.full((120, 140, 3), (0.15, 0.35, 0.15), dtype=np.float32)
    rows, cols = np.mgrid[:120, :140]
    face = (rows >= 28) & (rows < 92) & (cols >= 28) & (cols < 92)
    side = (rows >= 28) & (rows < 92) & (cols >= 92) & (cols < 112)
    crop[face] = 0.9
    crop[side] = 0.7
    for row, col in ((43, 43), (77, 77)):
        crop[(rows - row) ** 2 + (cols - col) ** 2 <= 5.4 ** 2] = 0.15
    crop[(rows - 45) ** 2 + (cols - 100) ** 2 <= radius ** 2] = 0.1
    return crop, face | side


def test_a_pip_beside_a_face_smaller_than_its_pips_does_not_doubt_it():
    """A frontal pip no face explains puts a face of up to three pips beside it in doubt (it may be one of its own,
    lost from its grid); one with less than LEFT_PIP_AREA of the face's pips' area is a side's. A 2 with such a pip
    on its side (0.66 of its pips' area, large enough to pass for frontal) is read surely. On the tuning photos a
    green 1 with two of its side's pips was read as a 3 in doubt, rather than as a 1 doubted for one of them
    (5353/165); it is read right now."""
    from photo_world import world_photo
    from tablegames.piddle import scan_faces

    crop, mask = a_two_with_a_pip_beside_it(4.4)
    maps = scan_faces.spot_maps(crop, mask, 64.0)
    around = scan_faces.grown(mask, int(scan_faces.AROUND * 64))
    pips = scan_faces.find_pips(maps, -1, mask, around, 64.0, 0.6 * scan_faces.MIN_PIP_CONTRAST)
    frontal, _ = scan_faces.frontal_pips(pips, 64.0, scan_faces.MIN_PIP_CONTRAST)
    beside = min(range(len(pips)), key=lambda k: math.hypot(pips[k].centre[0] - 45, pips[k].centre[1] - 100))
    assert beside in frontal
    faces, _ = scan_faces.read_region(crop, mask, 64.0, (-1,))
    assert [(face.value, face.confidence >= scan_faces.SURE) for face in faces] == [(2, True)]
    assert math.hypot(faces[0].centre[0] - 60, faces[0].centre[1] - 60) < 3

    photo = world_photo(5353, 165)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


@pytest.mark.parametrize(("seed", "index"), [(1919, 220), (2121, 81), (3131, 24)])
def test_a_one_doubted_only_for_a_pip_beside_it_is_trusted(seed, index):
    """Step 97: a 1 beside a frontal pip no face explains stays in doubt while the die size is chosen, and is trusted
    at the end when nothing else doubts it (a 1's pip and its neighbour's or side's read as a 2 unless that fails on
    its grid; of ten seeds' 1s flagged first for such a pip, 11 right and none wrong). These photos were read right
    with that 1 flagged; now no die is."""
    reading, score = read_world(seed, index)
    assert score.exact and not reading.uncertain, score.failures


def test_a_face_of_four_pips_or_more_read_surely_keeps_its_trust_when_doubted_for_where_it_lies():
    """Step 98: a die read surely as a face of four pips or more and put in doubt only for where it lies on its blob
    (off its middle, or by its edge) is trusted at the end as read: its grid says it is a top face. A 2 or 3 so
    doubted (a 6's column, a side's pips) stays flagged, and so does a 4 read with less than SURE. A trust kept by
    one doubt is not lost to another that keeps it too, and any other doubt takes it away."""
    from tablegames.piddle.scan import DieReading, in_doubt, shows_its_grid, with_trust_restored

    for value, confidence, trusted in ((4, 1.0, True), (6, 0.95, True), (5, 0.85, False), (3, 1.0, False),
                                       (2, 1.0, False)):
        die = DieReading(value, confidence, (100.0, 100.0), 60.0, value)
        doubted = in_doubt(die, keeps_trust=shows_its_grid(die))
        assert doubted.is_uncertain
        assert with_trust_restored(doubted).is_uncertain != trusted, (value, confidence)
        twice = in_doubt(doubted, keeps_trust=shows_its_grid(doubted))
        assert with_trust_restored(twice).is_uncertain != trusted, (value, confidence)
        assert with_trust_restored(in_doubt(doubted)).is_uncertain


@pytest.mark.parametrize(("seed", "index"), [(1919, 35), (1919, 245), (1919, 330)])
def test_photos_whose_only_flag_was_a_sure_face_doubted_for_where_it_lies_read_with_none(seed, index):
    """Step 98: a 4 off its blob's middle (1919/35, a black die on wood), a 6 read surely with its ring partly off
    the blobs (1919/245) and a 6 off its blob's middle (1919/330) were the only dice flagged in their photos."""
    reading, score = read_world(seed, index)
    assert score.exact and not reading.uncertain, score.failures


def test_a_two_is_doubted_by_a_one_read_there_at_a_larger_size_not_at_a_smaller():
    """A sure 2 read where another die size reads a 1 in doubt: at a larger size that 1 is a 1's pip whose side's
    pip made the 2 at the smaller (4242/244, guarded above), and the 2 is doubted; at a smaller size it is one of the
    2's pips read alone, and the 2 stands. The tuning photo 5353/161, two 2s of which read so as 1s at a size 13%
    smaller, is read right with no die flagged."""
    from photo_world import world_photo
    from tablegames.piddle.scan import DieReading, with_second_opinions

    two = DieReading(2, 1.0, (100.0, 100.0), 50.0, 2, spacing=13.0)
    for one_size, doubted in ((60.0, True), (43.5, False)):
        one = DieReading(1, 0.45, (110.0, 110.0), one_size, 1)
        [read] = with_second_opinions([two], [[one]], 50.0)
        assert read.is_uncertain == doubted

    photo = world_photo(5353, 161)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values) and not reading.uncertain, reading.dice


def test_a_two_whose_bottom_faces_middle_pip_is_too_small_for_frontal_is_read_from_its_strong_pips():
    """A red translucent 2 whose bottom 5's middle pip shows through it a little off its middle, half as bright and
    too small to pass for a pip seen face on: read on its grid, the 2 has no margin over a 3, and it is read again
    from its two strong pips alone, surely, the small pip taken for one under the face (as under a translucent
    face of three pips or more: the tuning photos' 2s of 4242/42 and 5353/272 were flagged so before)."""
    from tablegames.piddle import scan_faces

    side = 64
    crop, rows, cols = a_drawn_die((30 / 255, 40 / 255, 110 / 255), (215 / 255, 60 / 255, 60 / 255))
    spacing, radius = 0.26 * side, 0.085 * side
    crop[np.hypot(rows - 68, cols - 67) <= 0.7 * radius] = (250 / 255, 130 / 255, 130 / 255)
    for i in (-1, 1):
        crop[np.hypot(rows - 64 - i * spacing, cols - 64 - i * spacing) <= radius] = (250 / 255, 250 / 255, 250 / 255)
    pips, frontal, peaks, floor = light_pips_of_the_drawn_die(crop)
    assert len(frontal) == 2 and len([p for p in pips if p.strength >= 0.4 * pips[frontal[0]].strength]) == 3
    points = np.array([pips[i].centre for i in frontal])
    whole = scan_faces.read_face(peaks, pips, frontal, points.mean(axis=0), side, floor)
    assert whole is not None and whole[0].confidence < scan_faces.UNCERTAIN_BELOW
    again = scan_faces.strong_pips_read(peaks, pips, frontal, (0, 1), side, floor)
    assert again is not None and again[0].value == 2 and again[0].trusted_confidence >= scan_faces.SURE


def test_a_die_read_surely_in_a_whole_reading_not_kept_is_added_in_doubt_where_its_size_fits():
    """Step 123: a die read with SURE or more in a reading of the whole photo that was not kept (the first, or one
    on the ladder of sizes), as far from every die kept as dice stand, is added in doubt when its pips say the size
    the kept dice's pips say (within WHOLE_FOUND_OFF); a 1, whose pip says none, when read at that size or larger.
    Not a die read unsurely, nor one whose pips say another size (half a die, a side's pips), nor a 1 read at a
    smaller size (a side's pip), nor one by a die kept."""
    from tablegames.piddle.scan import SURE, UNSURE, WHOLE_FOUND_OFF, DieReading, found_in_whole_readings

    # four faces whose pips say a die of 100 pixels (spacing 25) everywhere: no slope in perspective
    kept = [DieReading(4, 1.0, (row, col), 100.0, 4, spacing=25.0) for row, col in
            ((100.0, 100.0), (100.0, 400.0), (400.0, 100.0), (400.0, 420.0))]
    two = DieReading(2, 1.0, (250.0, 250.0), 130.0, 2, spacing=26.0)  # read at a size 30% too large
    [added] = found_in_whole_readings(kept, [[two], [dataclasses.replace(two, center=(255.0, 250.0))]], 130.0)
    assert added == dataclasses.replace(two, confidence=UNSURE) and added.is_uncertain
    assert not found_in_whole_readings(kept, [[dataclasses.replace(two, confidence=SURE - 0.01)]], 130.0)
    wide = 25.0 * (1 + WHOLE_FOUND_OFF) + 0.5
    assert not found_in_whole_readings(kept, [[dataclasses.replace(two, spacing=wide)]], 130.0)
    assert not found_in_whole_readings(kept, [[dataclasses.replace(two, center=(170.0, 130.0))]], 130.0)  # by a 4
    one = DieReading(1, 1.0, (250.0, 250.0), 140.0, 1)
    assert found_in_whole_readings(kept, [[one]], 130.0) == [dataclasses.replace(one, confidence=UNSURE)]
    assert not found_in_whole_readings(kept, [[dataclasses.replace(one, size=100.0 * (1 - WHOLE_FOUND_OFF) - 1)]],
                                       130.0)


@pytest.mark.parametrize(("seed", "index"), [(1919, 718), (5353, 275), (9292, 46)])
def test_a_die_only_a_whole_reading_not_kept_read_is_found(seed, index):
    """Step 123: a sure 2 read on the ladder of sizes at 0.7 of the blobs' size, lost when the photo was read at
    its pips' size (1919/718); a sure 1 of the first reading, lost to the ladder's (5353/275); a 2 among touching
    green dice (9292/46): each was missed, and is found (in doubt), the photo read exactly."""
    _, score = read_world(seed, index)
    assert score.exact and score.missed == 0 and score.wrong_unflagged == 0 and score.extra_unflagged == 0, \
        score.failures


def test_a_die_read_only_at_a_larger_size_where_none_was_kept_is_added_in_doubt():
    """A die that a reading at a larger die size read with UNSURE or more, as far from every die kept as dice stand,
    is added, in doubt; one read at a smaller size (a side's pips) only when read with SURE or more (step 105), not
    one read with less, nor one by a die kept or by another so added. The tuning photo 4242/165, eight red dice
    with a 6 the size kept read as none, had it read so (flagged); from step 126 the size kept reads it, on the
    washed maps, and it stays read."""
    from photo_world import world_photo
    from tablegames.piddle.scan import SURE, UNSURE, DieReading, found_elsewhere

    kept = [DieReading(4, 1.0, (100.0, 100.0), 50.0, 4)]
    larger = DieReading(6, 1.0, (100.0, 170.0), 60.0, 6)
    [added] = found_elsewhere(kept, [[larger], [dataclasses.replace(larger, center=(102.0, 172.0))]], 50.0)
    assert added.value == 6 and added.center == larger.center and added.confidence == UNSURE and added.is_uncertain
    smaller = dataclasses.replace(larger, size=43.5)
    assert found_elsewhere(kept, [[smaller]], 50.0) == [dataclasses.replace(smaller, confidence=UNSURE)]
    assert not found_elsewhere(kept, [[dataclasses.replace(smaller, confidence=SURE - 0.01)]], 50.0)
    assert not found_elsewhere(kept, [[dataclasses.replace(larger, confidence=0.3)]], 50.0)  # read unsurely
    assert not found_elsewhere(kept, [[dataclasses.replace(larger, center=(100.0, 150.0))]], 50.0)  # by the 4

    photo = world_photo(4242, 165)
    reading = read_dice(photo.image)
    assert any(die.value == 6 and math.hypot(die.center[0] - 644, die.center[1] - 531) < 20
               for die in reading.dice), reading.dice


def test_a_die_in_doubt_takes_the_value_a_larger_size_read_it_as_surely():
    """A die in doubt read as another value with SURE or more at a larger die size takes that value, in doubt
    still (the surest such reading); not from a smaller size, nor from a reading with less, nor when the die was
    read surely. The tuning photo 5353/27, a green die's 5 read at the size kept as a doubted 3, is read right."""
    from photo_world import world_photo
    from tablegames.piddle.scan import UNSURE, DieReading, read_larger

    doubted = DieReading(2, 0.45, (100.0, 100.0), 50.0, 2)
    one = DieReading(1, 1.0, (104.0, 98.0), 62.0, 1)
    taken = read_larger(doubted, [[dataclasses.replace(one, value=6, confidence=0.92)], [one]], 50.0)
    assert taken.value == 1 and taken.center == one.center and taken.confidence == UNSURE
    assert read_larger(doubted, [[dataclasses.replace(one, size=44.0)]], 50.0) == doubted  # smaller
    assert read_larger(doubted, [[dataclasses.replace(one, confidence=0.8)]], 50.0) == doubted  # less than SURE
    assert read_larger(doubted, [[dataclasses.replace(one, center=(100.0, 130.0))]], 50.0) == doubted  # elsewhere
    sure = dataclasses.replace(doubted, confidence=1.0)
    assert read_larger(sure, [[one]], 50.0) == sure

    photo = world_photo(5353, 27)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values), reading.dice


def test_a_one_read_without_a_flaw_before_a_trusted_doubt_keeps_its_value_against_a_larger_size():
    """A 1 in doubt but trusted, its pip read without a flaw (a ghost beside it, unexplained), is not put in doubt
    nor replaced by a sure reading of more pips at a larger size: that face's reach took in the ghost (step 118).
    Not so a 1 read with less, nor one whose reading elsewhere is at a smaller size. The translucent blue 1 of
    6161/195, read at 1.44 times its size as a sure 2 of its pip and its bottom face's ghost, was lost: exact now."""
    from tablegames.piddle.scan import UNSURE, DieReading, read_larger, with_second_opinions

    trusted_one = DieReading(1, UNSURE, (100.0, 100.0), 50.0, 1, trusted_confidence=1.0)
    two = DieReading(2, 1.0, (110.0, 112.0), 72.0, 2)
    assert read_larger(trusted_one, [[two]], 50.0) == trusted_one
    assert with_second_opinions([trusted_one], [[two]], 50.0) == [trusted_one]
    unsure_one = dataclasses.replace(trusted_one, trusted_confidence=0.8)
    assert read_larger(unsure_one, [[two]], 50.0).value == 2
    assert with_second_opinions([unsure_one], [[two]], 50.0)[0].trusted_confidence == 0.0
    smaller_two = dataclasses.replace(two, size=40.0)
    assert with_second_opinions([trusted_one], [[smaller_two]], 50.0)[0].trusted_confidence == 0.0

    reading, score = read_world(6161, 195)
    assert score.exact and score.wrong_unflagged == 0, score.failures


def test_the_dice_a_better_reading_leaves_out_are_weighed_as_another_sizes_reading():
    """When a reading of the photo at another die size scores better and is kept, the dice of the one it replaces
    that it leaves out count as one more reading at another size (left_out; none already counted so, nor an empty
    one): the stages after weigh them (step 119). Two touching black dice read at one size each (1919/123: a 6
    at 15% over the size the pips say, the 5 beside it read there as a 3 with no confidence, read as a 5 in doubt
    from the reading left out); a translucent 1 and 4 read as a sure 2 and 5 (9191/242, 9292/132) are put in doubt
    or read right."""
    from tablegames.piddle.scan import DieReading, left_out

    five, guessed, six = (DieReading(5, 1.0, (100.0, 100.0), 50.0, 5), DieReading(3, 0.0, (102.0, 104.0), 58.0, 3),
                          DieReading(6, 1.0, (100.0, 160.0), 58.0, 6))
    assert left_out([five, six], [guessed, six], []) == [[five]]
    assert left_out([five, six], [guessed, six], [[six], [five]]) == []  # counted already
    assert left_out([six], [guessed, six], []) == []

    for seed, index in ((1919, 123), (9191, 242)):
        reading, score = read_world(seed, index)
        assert score.exact and score.wrong_unflagged == 0, score.failures
    reading, score = read_world(9292, 132)
    assert score.wrong_unflagged == 0 and score.right == 6, score.failures


def test_a_die_read_surely_at_the_size_replaced_is_kept_where_the_better_reading_guessed():
    """A better reading at another die size keeps its dice, but one all but guessed (GUESSED) is taken back as the
    one die of the reading replaced at its place (SAME_DIE) when that read it with UNCERTAIN_BELOW or more
    (with_sure_dice_kept, step 121): not one read with less, nor when two new dice stand there, nor a die the
    better reading read surely. Two touching black dice of different sizes (1919/123): the 5 is read surely."""
    from tablegames.piddle.scan import DieReading, with_sure_dice_kept

    five, six = DieReading(5, 1.0, (100.0, 100.0), 50.0, 5), DieReading(6, 0.45, (100.0, 160.0), 50.0, 6)
    guessed, sure_six = DieReading(3, 0.0, (104.0, 98.0), 58.0, 3), DieReading(6, 1.0, (101.0, 161.0), 58.0, 6)
    assert with_sure_dice_kept([guessed, sure_six], [five, six]) == [five, sure_six]
    assert with_sure_dice_kept([guessed, sure_six], [dataclasses.replace(five, confidence=0.45), six]) == \
        [guessed, sure_six]  # replaced by a guess of a die read in doubt: as read
    other = dataclasses.replace(guessed, center=(96.0, 104.0), value=1)
    assert with_sure_dice_kept([guessed, other, sure_six], [five, six]) == [guessed, other, sure_six]
    surer = dataclasses.replace(guessed, confidence=0.45)
    assert with_sure_dice_kept([surer, sure_six], [five, six]) == [surer, sure_six]

    reading, score = read_world(1919, 123)
    assert score.exact and score.right_flagged == 1, score.failures
    assert any(die.value == 5 and not die.is_uncertain for die in reading.dice), reading.dice


@pytest.mark.parametrize(("seed", "index"), [(2121, 62), (2121, 287)])
def test_a_die_read_as_a_guess_takes_the_value_another_size_read_its_pips_as_surely(seed, index):
    """A die read with less than GUESSED takes the value of the surest reading of it at another die size whose pips
    were read with UNCERTAIN_BELOW or more (a trusted faint face's too; SURE until step 106), larger or smaller, in
    doubt still; not a reading with less, nor one elsewhere, nor when the die was read with GUESSED or more. Tuning
    photos 2121/62 and 287: a 2 and a 1 read with no confidence as 6s at the size kept are read right (flagged)."""
    from photo_world import score_world, world_photo
    from tablegames.piddle.scan import GUESSED, UNCERTAIN_BELOW, UNSURE, DieReading, read_elsewhere_if_guessed

    guessed = DieReading(1, 0.0, (100.0, 100.0), 50.0, 1)
    faint_two = DieReading(2, UNSURE, (103.0, 98.0), 44.0, 2, trusted_confidence=1.0)  # smaller: any size
    taken = read_elsewhere_if_guessed(guessed, [[dataclasses.replace(faint_two, value=6, trusted_confidence=0.92)],
                                                [faint_two]], 50.0)
    assert taken.value == 2 and taken.center == faint_two.center and taken.is_uncertain
    assert taken.trusted_confidence == 0.0  # flagged to the end
    assert read_elsewhere_if_guessed(guessed, [[dataclasses.replace(faint_two, trusted_confidence=0.59)]],
                                     50.0).value == 2  # its pips read with UNCERTAIN_BELOW or more
    for other in (dataclasses.replace(faint_two, trusted_confidence=UNCERTAIN_BELOW - 0.01),  # read with less
                  dataclasses.replace(faint_two, center=(100.0, 130.0)),  # elsewhere
                  dataclasses.replace(faint_two, value=1)):  # alike
        assert read_elsewhere_if_guessed(guessed, [[other]], 50.0) == guessed
    doubted = dataclasses.replace(guessed, confidence=GUESSED)
    assert read_elsewhere_if_guessed(doubted, [[faint_two]], 50.0) == doubted

    photo = world_photo(seed, index)
    score = score_world(photo, read_dice(photo.image))
    assert score.exact and score.wrong_unflagged == 0, score.failures


def test_a_die_in_doubt_another_size_reads_surely_alike_is_trusted_at_the_end():
    """A die in doubt that other die sizes read as the same value with SURE or more is trusted at the end with the
    surest one's confidence, unless as many readings at any size read it as another value with UNCERTAIN_BELOW or
    more. The tuning photo 4242/22 reads its five dice right, none flagged (a 2 was)."""
    from photo_world import world_photo
    from tablegames.piddle.scan import DieReading, confirmed_elsewhere, with_trust_restored

    doubted = DieReading(2, 0.45, (100.0, 100.0), 50.0, 2)
    alike = DieReading(2, 0.97, (103.0, 98.0), 58.0, 2)
    for size in (58.0, 44.0):  # larger or smaller
        trusted = with_trust_restored(confirmed_elsewhere(doubted, [[dataclasses.replace(alike, size=size)]], 50.0))
        assert trusted.value == 2 and trusted.confidence == 0.97 and not trusted.is_uncertain
    for others in ([[dataclasses.replace(alike, size=50.0)]],  # the same size: no other reading
                   [[dataclasses.replace(alike, confidence=0.8)]],  # less than SURE
                   [[alike], [DieReading(1, 0.6, (98.0, 104.0), 44.0, 1)]]):  # another value at another size
        assert with_trust_restored(confirmed_elsewhere(doubted, others, 50.0)).is_uncertain
    one = DieReading(1, 0.6, (98.0, 104.0), 66.0, 1)
    outvoted = [[alike], [dataclasses.replace(alike, size=44.0, confidence=0.92)], [one]]  # two sizes to one
    assert with_trust_restored(confirmed_elsewhere(doubted, outvoted, 50.0)).confidence == 0.97

    photo = world_photo(4242, 22)
    reading = read_dice(photo.image)
    assert sorted(reading.values) == sorted(photo.values) and not reading.uncertain, reading.dice


@pytest.mark.parametrize(("seed", "index"), [(1919, 760), (1919, 808)])
def test_a_washed_die_beside_sure_ones_of_its_blob_is_read_when_the_blob_is_read_at_too_large_a_size(seed, index):
    """Photos read exactly since step 107 (UNREAD_AREA 0.8, was 1.0): a washed 6 beside two sure dice of its blob,
    read at 1.25 times its size, was missed (1919/760); a glare-lit translucent 6 was read as a sure 2 (1919/808)."""
    photo = world_photo(seed, index)
    score = score_world(photo, read_dice(photo.image))
    assert score.exact and score.wrong_unflagged == 0, score.failures


def a_faint_one(side, off=0.0, region=None):
    """An ivory die of `side` px on white paper, drawn at a 128 px crop's middle, whose only pip is a faint one `off`
    of its side from its middle (diagonally), with noise; the crop and the region's mask (the die's square, or one
    `region` px wide about it)."""
    crop, rows, cols = a_drawn_die((0.99, 0.98, 0.95), (0.86, 0.80, 0.66), side=side)
    crop += np.random.default_rng(1).normal(0, 0.004, crop.shape).astype(np.float32)
    first, wide = 64 - side // 2, 64 - (region or side) // 2
    mask = np.zeros((128, 128), bool)
    mask[first:first + side, wide:wide + (region or side)] = True
    at = 64 + off * side / math.sqrt(2)
    crop[np.hypot(rows - at, cols - at) <= 0.085 * side] *= 0.89
    return crop, mask


def test_a_faint_one_at_the_middle_of_a_die_left_unread_is_read():
    """Step 109: a faint 1 at the middle of a die's worth of a region no face read surely reaches is read, in doubt
    and, read without a flaw, trusted at the end (a lone faint spot anywhere is a glint as often as a 1): a
    translucent green 1 whose pip stood out little, beside a sure 2 and 3 of its blob read at 1.27 times its size,
    was missed (1919/594, now read exactly; 8181/113 too, whose faint 1 was read as a 2 with no confidence). Drawn
    here: a die of 54 px read as 66 px (22% too large: under UNREAD_AREA, over LONE_ONE_AREA's least); not with its
    pip a third of a side off its middle, nor at the middle of a region of more than LONE_ONE_AREA's most."""
    from tablegames.piddle import scan_faces

    assert scan_faces.LONE_ONE_AREA[0] * 66 * 66 <= 54 * 54 < scan_faces.UNREAD_AREA * 66 * 66
    faces, sign = scan_faces.read_region(*a_faint_one(54), 66.0)
    assert [face.value for face in faces] == [1] and sign == -1 and faces[0].confidence == scan_faces.UNSURE
    assert np.hypot(*(faces[0].centre - 64)) < 1 and faces[0].trusted_confidence == 1.0
    assert scan_faces.read_region(*a_faint_one(54, off=0.33), 66.0) == ([], 0)
    assert scan_faces.LONE_ONE_AREA[1] * 54 * 54 < 54 * 120
    assert scan_faces.read_region(*a_faint_one(54, region=120), 54.0) == ([], 0)

    for seed, index in ((1919, 594), (8181, 113)):
        photo = world_photo(seed, index)
        score = score_world(photo, read_dice(photo.image))
        assert score.exact and score.wrong_unflagged == 0, score.failures


def test_a_faint_face_is_looked_for_where_a_die_smaller_than_the_size_read_at_is_left():
    """A die's worth of a region left unread is UNREAD_AREA of the size it is read at squared: the blobs' size errs
    large (their median is 11% too large), so a die's face fills about 0.8 of that square. A pale die (drawn here,
    54 px, read as 60 px) whose only pips are a faint 2 is found, in doubt; read as 66 px, 22% too large, its
    face is under UNREAD_AREA of a die and nothing is looked for there (step 107: 1.0 until then)."""
    from tablegames.piddle import scan_faces

    crop, rows, cols = a_drawn_die((0.30, 0.12, 0.40), (0.96, 0.93, 0.86), side=54)
    crop += np.random.default_rng(1).normal(0, 0.004, crop.shape).astype(np.float32)
    mask = np.zeros((128, 128), bool)
    mask[37:91, 37:91] = True
    spacing, radius = 0.26 * 54, 0.085 * 54
    for i in (-1, 1):
        crop[np.hypot(rows - 64 - i * spacing, cols - 64 - i * spacing) <= radius] *= 0.89
    assert scan_faces.UNREAD_AREA * 60 * 60 <= 54 * 54 < scan_faces.UNREAD_AREA * 66 * 66
    faces, sign = scan_faces.read_region(crop, mask, 60.0)
    assert [face.value for face in faces] == [2] and sign == -1 and faces[0].confidence == scan_faces.UNSURE
    assert np.hypot(*(faces[0].centre - 64)) < 2
    assert scan_faces.read_region(crop, mask, 66.0) == ([], 0)


def test_a_three_or_five_showing_only_its_middle_pip_is_a_one():
    """A 3 or a 5 read on a grid whose middle spot stands out as the face's pips do and whose other spots stand out
    no more than a translucent die's bottom face's pips (GHOST_LEVELS' top share of the middle) is a 1: its bottom
    6 seen through its body, or spots that are no pips, laid the grid (step 124). Not when a corner stands out
    more, nor when the middle stands out far more or less than the face's pips (ONE_MIDDLE), nor for a 1 or a 4."""
    from tablegames.piddle import scan_faces
    from tablegames.piddle.scan_faces import GHOST_LEVELS, ONE_MIDDLE, PATTERNS, Reading

    centre, steps = np.array([40.0, 40.0]), np.array([[10.0, 0.0], [0.0, 10.0]])

    def reading_on(value: int, middle: float, corners: float) -> tuple[Reading, np.ndarray]:
        peaks = np.zeros((80, 80), np.float32)
        spots = sorted(PATTERNS[value][0])
        for i, j in spots:
            row, col = centre + i * steps[0] + j * steps[1]
            peaks[int(row), int(col)] = middle if (i, j) == (0, 0) else corners
        return Reading(value, -0.3, steps, np.array(spots, dtype=np.float64)), peaks

    for value in (3, 5):
        reading, peaks = reading_on(value, 1.0, GHOST_LEVELS[1] - 0.05)
        assert scan_faces.only_its_middle_stands_out(reading, peaks, 0.0, 1.0, centre)
        reading, peaks = reading_on(value, 1.0, GHOST_LEVELS[1] + 0.05)
        assert not scan_faces.only_its_middle_stands_out(reading, peaks, 0.0, 1.0, centre)
        for middle in (ONE_MIDDLE[0] - 0.05, ONE_MIDDLE[1] + 0.05):
            reading, peaks = reading_on(value, middle, 0.1)
            assert not scan_faces.only_its_middle_stands_out(reading, peaks, 0.0, 1.0, centre)
    reading, peaks = reading_on(4, 1.0, 0.1)
    assert not scan_faces.only_its_middle_stands_out(reading, peaks, 0.0, 1.0, centre)


@pytest.mark.parametrize(("seed", "index"), [(1919, 805), (2121, 103), (5353, 142), (7171, 286)])
def test_a_one_read_as_a_three_or_five_of_its_pip_alone_is_read_as_a_one(seed, index):
    """Step 124: a translucent 1 whose bottom 6 shows through, read as a 3 of its one pip with no confidence
    (1919/805, 5353/142), or as a 3 in doubt (7171/286): each is read as a 1 (in doubt where nothing trusts it).
    Four touching dice of 47-50 px were read at 66 px, a 2 among them missed (2121/103); with the 3s of one pip
    read as 1s, they are read at 46 px, the 2 found. Each photo is read exactly."""
    _, score = read_world(seed, index)
    assert score.exact and score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


@pytest.mark.parametrize(("seed", "index"), [(6161, 176), (9191, 193)])
def test_pips_as_faint_as_the_maps_noise_allows_are_read(seed, index):
    """Step 124: the faint pips' floor is six times the spot maps' noise, at the least 0.03 in log brightness (0.05
    before): a glare-washed translucent die whose pips stand out 0.03-0.05 was read wrong in doubt (6161/176,
    9191/193); now each photo is read exactly."""
    _, score = read_world(seed, index)
    assert score.exact and score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


@pytest.mark.parametrize(("seed", "index"), [(1919, 131), (1919, 712), (8181, 149), (9292, 117)])
def test_glare_washed_faces_the_washed_maps_read_better_than_the_faint_pips_are_taken(seed, index):
    """Step 126: where the plain maps' faint pips made any face at all, the washed maps were not read, and one faint
    3 kept four glare-washed red dice from being read (1919/131: two dice found of five); the faces that explain more
    pips, surely, are taken now, and a faint 1 at the middle of what they leave counts beside them (1919/131's 1).
    Each photo is read exactly."""
    _, score = read_world(seed, index)
    assert score.exact and score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


def test_a_tie_between_sets_of_sure_faces_goes_to_the_better_read_grids():
    """Three pips in a row, a 2 either way with a 1 left: read each way with full confidence, the set whose 2's grid
    read with the larger margin is chosen, whichever comes first (step 125: 2121/104, a 2's lower pip read with a
    1's pip beside it as surely as with its own other pip, which was then left a 1). When a face of a set is read
    with less confidence, the margins do not decide: the first of the sets as good stays."""
    from tablegames.piddle.scan_faces import Face, choose_faces, footprint

    centres = [np.array([20.0, 20.0]), np.array([50.0, 50.0]), np.array([80.0, 80.0])]

    def two(a: int, b: int, margin: float, confidence: float = 1.0):
        centre = (centres[a] + centres[b]) / 2
        face = Face(centre, (a, b), 2, confidence, 10.0, (1.0, 1.0, 1.0, margin, 1.0))
        return frozenset({a, b}), face, footprint(centre, np.array([[7.5, -7.5], [7.5, 7.5]]), 2, 30.0)

    def one(a: int):
        face = Face(centres[a], (a,), 1, 1.0, 0.0, (1.0, 1.0, 1.0, 0.5, 1.0))
        return frozenset({a}), face, footprint(centres[a], np.eye(2), 1, 30.0)

    def chosen_twos(candidates):
        return [face.members for _, face, _ in choose_faces(candidates, 3) if face.value == 2]

    worse, better = two(0, 1, 0.39), two(1, 2, 0.47)
    assert chosen_twos([worse, better, one(0), one(2)]) == [(1, 2)]
    assert chosen_twos([better, worse, one(0), one(2)]) == [(1, 2)]
    unsure = two(1, 2, 0.47, confidence=0.45)
    worse_unsure = two(0, 1, 0.39, confidence=0.45)
    assert chosen_twos([worse_unsure, unsure, one(0), one(2)]) == [(0, 1)]


def test_a_two_whose_pip_a_ones_pip_beside_it_paired_as_surely_is_read():
    """Step 125: 2121/104, a white 2 of 175 px whose lower pip made a sure 2 with a 1's pip beside it as well as
    with its own other pip, was read as a 1 in doubt; the grids' margins (0.47 and 0.39) read it right."""
    _, score = read_world(2121, 104)
    assert score.exact and score.wrong_unflagged == 0 and score.extra_unflagged == 0, score.failures


def test_half_a_face_in_doubt_is_read_whole_from_another_size():
    """Step 131: a 2 or a 3 in doubt is read as the 4 or the 6 that another die size read at its place with
    UNCERTAIN_BELOW or more, centred within WHOLE_FACE_OFF of it, in doubt: 6161/18's 6, read at the size kept as a
    3 of one column, is read exactly; 2121/172's 4, read there as a 2 of its diagonal, is a 4 in doubt now. A face
    further off is two dice (two 2s side by side read as one 4 between them), the surest reading as it stands is
    taken (not one all but guessed, trusted: it would be dropped beside a die, 1919/268), and the rule's edges
    hold. Step 132: a 2 takes a 3 too, read with SURE or more and every pip on its spots (9292/110 and 9292/202,
    3s read as 2s, are read exactly)."""
    from tablegames.piddle.scan import SURE, UNSURE, WHOLE_FACE_OFF, DieReading, read_whole_elsewhere

    for seed, index in ((6161, 18), (9292, 110), (9292, 202)):
        _, score = read_world(seed, index)
        assert score.exact and score.wrong_unflagged == 0, (seed, index, score.failures)
    reading, _ = read_world(2121, 172)
    assert has_die_at(reading, 4, (379, 387), 30, uncertain=True), reading.dice

    two = DieReading(2, UNSURE, (300.0, 300.0), 100.0, 2, (1.0, 1.0, 1.0, 0.3, 1.0, -1.0, 2))
    four = DieReading(4, 0.3, (300.0, 300.0 + 0.9 * WHOLE_FACE_OFF * 100), 115.0, 4, trusted_confidence=0.6)
    whole = read_whole_elsewhere(two, [[four]], 100.0)
    assert (whole.value, whole.center, whole.confidence, whole.trusted_confidence) == (4, four.center, 0.3, 0.0)
    guessed_four = dataclasses.replace(four, confidence=0.1, trusted_confidence=1.0)  # surer by read_with only
    assert read_whole_elsewhere(two, [[guessed_four], [four]], 100.0).confidence == 0.3  # the surest as it stands
    three = dataclasses.replace(two, value=3, pips=3)
    six = dataclasses.replace(four, value=6, pips=6)
    assert read_whole_elsewhere(three, [[six]], 100.0).value == 6
    far = dataclasses.replace(four, center=(300.0, 300.0 + 1.1 * WHOLE_FACE_OFF * 100))
    assert read_whole_elsewhere(two, [[far]], 100.0) is two
    assert read_whole_elsewhere(two, [[dataclasses.replace(four, trusted_confidence=0.0)]], 100.0) is two
    assert read_whole_elsewhere(two, [[six]], 100.0) is two  # three times its pips: no half of it
    sure_three = dataclasses.replace(four, value=3, pips=3, checks=(1.0, 1.0, 1.0, 0.3, 1.0, -1.0, 3),
                                     trusted_confidence=SURE)  # step 132: a 3 of the 2's diagonal, read surely
    assert read_whole_elsewhere(two, [[sure_three]], 100.0).value == 3
    assert read_whole_elsewhere(two, [[dataclasses.replace(sure_three, trusted_confidence=0.8)]], 100.0) is two
    assert read_whole_elsewhere(two, [[dataclasses.replace(sure_three, checks=sure_three.checks[:-1] + (2,))]],
                                100.0) is two  # a pip off its spots
    assert read_whole_elsewhere(three, [[dataclasses.replace(sure_three, value=5, pips=5)]], 100.0) is three
    sure_two = dataclasses.replace(two, confidence=0.9)
    assert read_whole_elsewhere(sure_two, [[four]], 100.0) is sure_two
    one = dataclasses.replace(two, value=1, pips=1)
    assert read_whole_elsewhere(one, [[dataclasses.replace(four, value=2, pips=2)]], 100.0) is one


def test_two_ones_a_larger_size_reads_as_a_sure_two_are_that_two():
    """Step 131: two 1s that a reading at a larger die size reads as the pips of a 2 with SURE or more (read_with),
    their midpoint within ONES_OFF_THEIR_TWO of its centre, are that 2, in doubt; not two 1s read without a flaw
    (grown_over_a_one: two 1s side by side, 6161/195, stay read exactly). 2121/196 (two ivory 2s, each read as two
    1s in doubt) and 9292/292 (a 2 read as a sure 1 and a 1 read with 0.76, one of them unflagged wrong and the other
    an unflagged extra die) are read exactly."""
    from tablegames.piddle.scan import ONES_OFF_THEIR_TWO, SURE, UNSURE, DieReading, ones_of_a_two

    for seed, index in ((2121, 196), (9292, 292), (6161, 195)):
        _, score = read_world(seed, index)
        assert score.exact and score.wrong_unflagged == 0 and score.extra_unflagged == 0, (seed, index, score.failures)

    two = DieReading(2, 0.0, (300.0, 300.0), 120.0, 2, trusted_confidence=SURE)
    first = DieReading(1, UNSURE, (300.0 - 30, 300.0 - 30), 100.0, 1, (1.0, 1.0, 1.0, 0.5, 1.0, -1.0, 1))
    second = DieReading(1, 1.0, (300.0 + 30, 300.0 + 30), 100.0, 1, (1.0, 1.0, 1.0, 0.5, 1.0, -1.0, 1))
    beside = DieReading(5, 1.0, (300.0, 500.0), 100.0, 5)
    read = ones_of_a_two([first, beside, second], [[two]])
    assert [(die.value, die.center, die.confidence, die.trusted_confidence) for die in read] == \
        [(5, beside.center, 1.0, 0.0), (2, two.center, 0.0, 0.0)]
    flawless = dataclasses.replace(first, confidence=1.0)
    assert ones_of_a_two([flawless, second], [[two]]) == [flawless, second]
    off = dataclasses.replace(second, center=(300.0 - 30, 300.0 + 30))  # within its reach, their midpoint not
    assert ONES_OFF_THEIR_TWO * 120 < 30 and math.hypot(30, 30) < 0.5 * 120
    assert ones_of_a_two([first, off], [[two]]) == [first, off]
    assert ones_of_a_two([first, second], [[dataclasses.replace(two, size=90.0)]]) == [first, second]
    assert ones_of_a_two([first, second], [[dataclasses.replace(two, trusted_confidence=0.8)]]) == [first, second]
    third = DieReading(1, UNSURE, (300.0 - 30, 300.0 + 30), 100.0, 1)
    assert ones_of_a_two([first, second, third], [[two]]) == [first, second, third]  # three: no pair of one 2


def test_a_die_in_doubt_between_two_sure_dice_read_at_another_size_is_those_two():
    """Step 133: a die in doubt and not trusted, between two dice that one reading at another die size read with SURE
    or more (their midpoint within EITHER_SIDE_OFF of it, as far apart as dice stand), is those two dice, in doubt,
    when they are no smaller than EITHER_SIDE_SIZE of its size and crowd no other die kept. 3131/172 (a 2 and a 1
    read as a 4 in doubt) is read exactly; 9292/201's 5 in doubt between two 1s (an extra die, both 1s missed) gives
    way to them (one was then dropped for standing nearer a sure 1 than dice stand at the die size kept, until
    step 145 judged that at the smaller size the kept dice's pips say: the photo is read exactly)."""
    from tablegames.piddle.scan import (
        CROWDED,
        EITHER_SIDE_SIZE,
        SURE,
        UNSURE,
        DieReading,
        two_dice_either_side,
    )

    _, score = read_world(3131, 172)
    assert score.exact and score.wrong_unflagged == 0, score.failures
    _, score = read_world(9292, 201)
    assert score.exact and score.extra == 0 and score.wrong_unflagged == 0, score.failures

    doubted = DieReading(5, UNSURE, (300.0, 300.0), 100.0, 5)
    left = DieReading(1, 1.0, (300.0, 255.0), 80.0, 1)
    right = DieReading(1, SURE, (300.0, 345.0), 80.0, 1)
    beside = DieReading(6, 1.0, (300.0, 500.0), 100.0, 6)
    read = two_dice_either_side([doubted, beside], [[left, right]])
    assert [(die.value, die.center, die.confidence) for die in read] == \
        [(6, beside.center, 1.0), (1, left.center, UNSURE), (1, right.center, UNSURE)]
    assert two_dice_either_side([doubted, beside], [[left], [right]]) == [doubted, beside]  # not one reading's
    trusted = dataclasses.replace(doubted, trusted_confidence=SURE)
    assert two_dice_either_side([trusted, beside], [[left, right]]) == [trusted, beside]
    unsure = dataclasses.replace(right, confidence=0.85)
    assert two_dice_either_side([doubted, beside], [[left, unsure]]) == [doubted, beside]
    small = [dataclasses.replace(die, size=EITHER_SIDE_SIZE * 100 - 1) for die in (left, right)]
    assert two_dice_either_side([doubted, beside], [small]) == [doubted, beside]  # a face's halves at half its size
    near = dataclasses.replace(beside, center=(300.0, 345.0 + CROWDED * 80 - 1))
    assert two_dice_either_side([doubted, near], [[left, right]]) == [doubted, near]  # one of them is near's
    off = dataclasses.replace(right, center=(360.0, 345.0))  # within 0.8 of a side, their midpoint 30 off it
    assert two_dice_either_side([doubted, beside], [[left, off]]) == [doubted, beside]
    close = dataclasses.replace(right, center=(300.0, 255.0 + CROWDED * 80 - 1))  # nearer than dice stand
    assert two_dice_either_side([doubted, beside], [[left, close]]) == [doubted, beside]


def test_a_lone_pip_beside_a_much_stronger_one_is_no_sure_1():
    """Step 134: a 1 read from a pip that has one STRONGER_BESIDE times stronger within STRONGER_BESIDE pip radii of it
    (frontal or not) is in doubt: it is the fringe of that pip. 1919/865 (a white die's side, a blob of its own: a
    round spot in its flattened pip's red channel read as a 1 with 0.64, an extra die unflagged) is read exactly."""
    from tablegames.piddle.scan_faces import PIP_SHARE, STRONGER_BESIDE, Pip, fringe_of_a_stronger_pip

    _, score = read_world(1919, 865)
    assert score.exact and score.extra_unflagged == 0, score.failures

    size = 50.0
    reach = STRONGER_BESIDE[1] * PIP_SHARE * size

    def pip(col: float, strength: float, roundness: float = 0.9) -> Pip:
        return Pip(np.array([25.0, col]), strength, 1.0, roundness, 0.0, False, 0.0, 0, 0.3, 0.0)

    lone = pip(25.0, 0.2)
    assert fringe_of_a_stronger_pip([lone, pip(25.0 + reach - 0.1, 1.2, roundness=0.3)], 0, size)
    assert not fringe_of_a_stronger_pip([lone, pip(25.0 + reach + 0.1, 1.2)], 0, size)  # a pip of its own
    assert not fringe_of_a_stronger_pip([lone, pip(30.0, STRONGER_BESIDE[0] * 0.2 - 0.01)], 0, size)
    assert not fringe_of_a_stronger_pip([lone], 0, size)
    assert not fringe_of_a_stronger_pip([pip(25.0, 1.2), pip(30.0, 0.2)], 0, size)  # the stronger one itself


def test_a_sure_die_with_pips_off_its_spots_is_doubted_by_a_trusted_reading_elsewhere():
    """Step 135: a die read surely with fewer pips on its pattern's spots than its value (partly_on_its_spots: the
    rest taken for its own seen askew) is put in doubt by a reading of another value at another die size read with
    SURE or more, trusted or not (read_with). 6161/230: a translucent blue 1 read as a sure 6 from its bottom face's
    ghost pips, read as a 1 (in doubt, once trusted) at three larger sizes: an unflagged wrong die, flagged now."""
    from tablegames.piddle.scan import SURE, UNSURE, DieReading, with_second_opinions

    _, score = read_world(6161, 230)
    assert score.wrong_unflagged == 0, score.failures

    six = DieReading(6, 1.0, (100.0, 100.0), 80.0, 6, (1.0, 1.0, 1.0, 0.4, 1.0, -1.0, 3))  # three on its spots
    trusted_one = DieReading(1, UNSURE, (104.0, 110.0), 100.0, 1, trusted_confidence=SURE)
    assert with_second_opinions([six], [[trusted_one]], 80.0)[0].is_uncertain
    whole = DieReading(6, 1.0, (100.0, 100.0), 80.0, 6, (1.0, 1.0, 1.0, 0.4, 1.0, -1.0, 6))
    assert not with_second_opinions([whole], [[trusted_one]], 80.0)[0].is_uncertain  # every pip on its spots
    less_trusted = DieReading(1, UNSURE, (104.0, 110.0), 100.0, 1, trusted_confidence=0.85)
    assert not with_second_opinions([six], [[less_trusted]], 80.0)[0].is_uncertain


def test_a_six_outshone_by_one_pip_is_a_translucent_ones_ghost():
    """Step 136: a 6 read from pips of which one, its own or a round one within GHOST_SIX_REACH of its middle, stands
    out UNLIKE_STRENGTH times as much as each other and is UNLIKE_AREA times as large, has no confidence: a
    translucent 1's bottom 6 seen through it. 6161/230 (a sure 6 of the 1's pip and two ghost pips in a row with it)
    and 5353/183 (a 6 of five ghost pips round the 1's pip) are read exactly."""
    from tablegames.piddle.scan_faces import (
        GHOST_SIX_REACH,
        UNLIKE_AREA,
        UNLIKE_STRENGTH,
        Pip,
        outshone_by_one_pip,
    )

    for seed, index in ((6161, 230), (5353, 183)):
        _, score = read_world(seed, index)
        assert score.exact, (seed, index, score.failures)

    size = 60.0
    centre = np.array([30.0, 30.0])

    def pip(row: float, col: float, strength: float, area: float = 1.0, roundness: float = 0.95) -> Pip:
        return Pip(np.array([row, col]), strength, area, roundness, 0.0, False, 0.0, 0, 0.3, 0.0)

    ghosts = [pip(15.0 + 15.0 * k, col, 0.5) for k in range(3) for col in (20.0, 40.0)]
    strong, large = 1.05 * UNLIKE_STRENGTH * 0.5, 1.05 * UNLIKE_AREA
    assert outshone_by_one_pip(ghosts, ghosts + [pip(32.0, 33.0, strong, large)], centre, size)  # beside them
    assert outshone_by_one_pip(ghosts[:2] + [pip(40.0, 30.0, strong, large)], ghosts, centre, size)  # one of them
    assert not outshone_by_one_pip(ghosts, ghosts + [pip(32.0, 33.0, strong)], centre, size)  # no larger
    assert not outshone_by_one_pip(ghosts, ghosts + [pip(32.0, 33.0, 0.6, large)], centre, size)  # no stronger
    far = 30.0 + GHOST_SIX_REACH * size + 1.0
    assert not outshone_by_one_pip(ghosts, ghosts + [pip(far, 30.0, strong, large)], centre, size)
    assert not outshone_by_one_pip(ghosts, ghosts + [pip(32.0, 33.0, strong, large, roundness=0.4)], centre, size)
    assert not outshone_by_one_pip(ghosts, ghosts, centre, size)  # a 6's pips alike


def test_a_sure_1_read_twice_elsewhere_as_a_face_with_a_middle_pip_is_doubted():
    """Step 136: a sure 1 read at ODD_FACE_SIZES other die sizes as one face with a middle pip (a 3 or a 5) with
    UNSURE or more is in doubt: its pip may be that face's middle. 1919/108 (a glare-lit translucent 3 read as a sure
    1, its corner pips against the dark rim) is flagged: no wrong die unflagged. Step 140: sizes within SAME_SIZE of
    each other count once."""
    from tablegames.piddle.scan import ODD_FACE_SIZES, SAME_SIZE, UNSURE, DieReading, with_second_opinions

    _, score = read_world(1919, 108)
    assert score.wrong_unflagged == 0, score.failures

    one = DieReading(1, 1.0, (100.0, 100.0), 80.0, 1, (1.0, 1.0, 1.0, 0.45, 1.0, -1.0, 1))

    def elsewhere(value: int, confidence: float, size: float) -> DieReading:
        return DieReading(value, confidence, (103.0, 98.0), size, value)

    threes = [[elsewhere(3, UNSURE, 80.0 * (1 + 0.15 * k))] for k in range(1, ODD_FACE_SIZES + 1)]
    assert with_second_opinions([one], threes, 80.0)[0].is_uncertain
    fives = [[elsewhere(5, UNSURE, 80.0 * (1 + 0.15 * k))] for k in range(1, ODD_FACE_SIZES + 1)]
    assert with_second_opinions([one], fives, 80.0)[0].is_uncertain
    assert not with_second_opinions([one], threes[:-1], 80.0)[0].is_uncertain  # once only
    mixed = [[elsewhere(3, UNSURE, 92.0)], [elsewhere(5, UNSURE, 106.0)]] + [[]] * (ODD_FACE_SIZES - 2)
    assert not with_second_opinions([one], mixed, 80.0)[0].is_uncertain  # not one face
    twos = [[elsewhere(2, UNSURE, 80.0 * (1 + 0.15 * k))] for k in range(1, ODD_FACE_SIZES + 1)]
    assert not with_second_opinions([one], twos, 80.0)[0].is_uncertain  # a 1 and a side's pip
    guessed = [[elsewhere(3, UNSURE - 0.1, 80.0 * (1 + 0.15 * k))] for k in range(1, ODD_FACE_SIZES + 1)]
    assert not with_second_opinions([one], guessed, 80.0)[0].is_uncertain
    twice = [[elsewhere(3, UNSURE, 92.0)], [elsewhere(3, UNSURE, 92.0 * (1 + SAME_SIZE))]]  # one size read twice
    assert not with_second_opinions([one], twice + [[]] * (ODD_FACE_SIZES - 2), 80.0)[0].is_uncertain
    apart = [[elsewhere(3, UNSURE, 92.0)], [elsewhere(3, UNSURE, 92.0 * (1 + SAME_SIZE) + 0.1)]]
    assert with_second_opinions([one], apart + threes[2:], 80.0)[0].is_uncertain


def test_a_die_in_doubt_takes_the_value_read_surely_at_more_sizes():
    """Step 138: a die in doubt and not trusted takes the value read with SURE or more at OUTVOTED_BY more die sizes
    than any other, its own among them; a reading of fewer pips counts only when read surely as it stands. 5353/127
    (a 2 read as a 1 in doubt, read as a sure 2 at four sizes) and 2121/244 (a 2 read as a 6 in doubt) are read
    exactly, and 1919/353 (a 2 whose pip is read as a sure 1 at two smaller sizes, the 2 surely at a third) and
    1919/808 (a translucent 6 read as a 2 from its strong pips alone at two sizes) stay exact; in 1919/47 a 4 in
    doubt is not taken for the 2 read surely at two sizes 0.1% apart."""
    from tablegames.piddle.scan import (
        OUTVOTED_BY,
        SAME_SIZE,
        SURE,
        UNSURE,
        DieReading,
        read_surely_elsewhere,
        sizes_apart,
    )

    for seed, index in ((5353, 127), (2121, 244), (1919, 353), (1919, 808)):
        _, score = read_world(seed, index)
        assert score.exact, (seed, index, score.failures)
    _, score = read_world(1919, 47)
    assert score.right == 5, score.failures

    doubted = DieReading(6, UNSURE, (100.0, 100.0), 80.0, 6)

    def elsewhere(value: int, size: float, confidence: float = 1.0, trusted: float = 0.0) -> DieReading:
        return DieReading(value, confidence, (104.0, 97.0), size, value, trusted_confidence=trusted)

    twos = [[elsewhere(2, 80.0 * (0.8 + 0.1 * k))] for k in range(OUTVOTED_BY)]
    taken = read_surely_elsewhere(doubted, twos, 80.0)
    assert (taken.value, taken.center, taken.is_uncertain) == (2, (104.0, 97.0), True)
    assert read_surely_elsewhere(doubted, twos[:-1], 80.0) == doubted  # not enough sizes
    assert read_surely_elsewhere(doubted, twos + [[elsewhere(6, 120.0)]], 80.0) == doubted  # its own read surely
    assert read_surely_elsewhere(doubted, twos + [[elsewhere(3, 90.0 + 20.0 * k)] for k in range(OUTVOTED_BY)],
                                 80.0) == doubted  # two values as often
    assert read_surely_elsewhere(doubted, [twos[0], twos[0]], 80.0) == doubted  # one size, twice
    near = [[elsewhere(2, 64.0 * (1 + SAME_SIZE * k / 2))] for k in range(OUTVOTED_BY)]
    assert read_surely_elsewhere(doubted, near, 80.0) == doubted  # as good as one size
    assert sizes_apart([100.0, 100.0 * (1 + SAME_SIZE) - 0.1, 100.0 * (1 + SAME_SIZE) + 0.1]) == 2
    assert sizes_apart([130.0, 100.0, 115.0]) == 3 and sizes_apart([]) == 0
    weak = [[elsewhere(2, 80.0 * (0.8 + 0.1 * k), UNSURE, trusted=1.0)] for k in range(OUTVOTED_BY)]
    assert read_surely_elsewhere(doubted, weak, 80.0) == doubted  # fewer pips, from strong pips alone
    two = dataclasses.replace(doubted, value=2)
    sixes = [[elsewhere(6, 80.0 * (1.1 + 0.1 * k), UNSURE, trusted=1.0)] for k in range(OUTVOTED_BY)]
    assert read_surely_elsewhere(two, sixes, 80.0).value == 6  # more pips: as read, trusted
    trusted = dataclasses.replace(doubted, trusted_confidence=SURE)
    assert read_surely_elsewhere(trusted, twos, 80.0) == trusted  # trusted as read
    sure = dataclasses.replace(doubted, confidence=1.0)
    assert read_surely_elsewhere(sure, twos, 80.0) == sure


def test_a_die_in_doubt_takes_fewer_pips_read_from_strong_pips_alone_at_more_sizes():
    """Step 141: a value of fewer pips read surely from its strong pips alone (trusted) at FEWER_TRUSTED_SIZES die
    sizes counts in read_surely_elsewhere as read so. 9191/259 (a translucent 2 read as a 6 in doubt at 1.6 times
    its size, read as a trusted 2 at five smaller sizes) is read exactly; at fewer sizes such readings do not count
    (1919/808, a translucent 6 read as a trusted 2 at two sizes, stays exact: the test above)."""
    from tablegames.piddle.scan import (
        FEWER_TRUSTED_SIZES,
        OUTVOTED_BY,
        SAME_SIZE,
        UNSURE,
        DieReading,
        read_surely_elsewhere,
    )

    _, score = read_world(9191, 259)
    assert score.exact, score.failures

    doubted = DieReading(6, UNSURE, (100.0, 100.0), 80.0, 6)

    def trusted_two(size: float) -> list[DieReading]:
        return [DieReading(2, UNSURE, (104.0, 97.0), size, 2, trusted_confidence=1.0)]

    assert FEWER_TRUSTED_SIZES > OUTVOTED_BY
    many = [trusted_two(60.0 * (1 + 2 * SAME_SIZE) ** k) for k in range(FEWER_TRUSTED_SIZES)]
    taken = read_surely_elsewhere(doubted, many, 80.0)
    assert (taken.value, taken.is_uncertain) == (2, True)
    assert read_surely_elsewhere(doubted, many[:-1], 80.0) == doubted  # too few sizes
    close = [trusted_two(60.0 * (1 + SAME_SIZE / 2) ** k) for k in range(FEWER_TRUSTED_SIZES)]
    assert read_surely_elsewhere(doubted, close, 80.0) == doubted  # one size, read thrice
    sixes = [[DieReading(6, 1.0, (101.0, 99.0), 70.0 * (1 + 2 * SAME_SIZE) ** k, 6)] for k in range(2)]
    assert read_surely_elsewhere(doubted, many + sixes, 80.0) == doubted  # its own value read surely at two


def test_a_die_read_unsurely_or_off_its_spots_is_doubted_by_other_sizes():
    """Step 139: a die read with less than SURE that other die sizes read as other values with UNSURE at
    OUTVOTED_BY sizes is in doubt (unsure_outvoted: 8181/93, a green 1 and its side's pip read as a 2 with 0.87);
    and a face with pips off its spots that another size read as two dice either side of it
    (astride_two_dice_doubted: 2121/118, two touching 1s read as a trusted 4). Neither photo has a wrong die
    unflagged."""
    from tablegames.piddle.scan import (
        OUTVOTED_BY,
        SAME_SIZE,
        SURE,
        UNSURE,
        DieReading,
        astride_two_dice_doubted,
        unsure_outvoted,
    )

    for seed, index in ((8181, 93), (2121, 118)):
        _, score = read_world(seed, index)
        assert score.wrong_unflagged == 0, (seed, index, score.failures)

    two = DieReading(2, 0.87, (100.0, 100.0), 140.0, 2)
    ones = [[DieReading(1, UNSURE, (104.0, 110.0), 140.0 * (0.7 + 0.1 * k), 1)] for k in range(OUTVOTED_BY)]
    assert unsure_outvoted(two, ones, 140.0)
    assert not unsure_outvoted(two, ones[:-1], 140.0)  # one size only
    near = [[dataclasses.replace(ones[0][0], size=98.0 * (1 + SAME_SIZE * k / 2))] for k in range(OUTVOTED_BY)]
    assert not unsure_outvoted(two, near, 140.0)  # as good as one size
    assert not unsure_outvoted(dataclasses.replace(two, confidence=SURE), ones, 140.0)
    assert not unsure_outvoted(two, [[dataclasses.replace(one[0], confidence=UNSURE - 0.05)] for one in ones], 140.0)
    assert not unsure_outvoted(two, [[dataclasses.replace(one[0], value=2)] for one in ones], 140.0)  # agree

    four = DieReading(4, 1.0, (100.0, 100.0), 60.0, 4, (1.0, 1.0, 1.0, 0.34, 1.0, 0.48, 2))
    either_side = [[DieReading(1, UNSURE, (100.0, 75.0), 50.0, 1), DieReading(1, UNSURE, (100.0, 125.0), 50.0, 1)]]
    doubted = astride_two_dice_doubted([four], either_side)[0]
    assert doubted.is_uncertain and doubted.trusted_confidence == 0.0
    on_its_spots = dataclasses.replace(four, checks=four.checks[:-1] + (4,))
    assert astride_two_dice_doubted([on_its_spots], either_side) == [on_its_spots]
    one_side = [either_side[0][:1]]
    assert astride_two_dice_doubted([four], one_side) == [four]


def test_a_lone_pip_may_be_flatter_than_a_faces_and_still_be_seen_face_on():
    """Step 142: a lone pip (no pip half as strong within LONE_REACH of it) is seen face on down to LONE_ROUND
    roundness, below the photo's FRONTAL_ROUND: 7171/35 (a green 1's engraved pip at 0.68 in a photo blurred 6
    pixels, missed), 2121/174 (an ivory 2's other pip at 0.7199, read as a sure 1) and 9191/140 (a translucent 1,
    missed) are read exactly; 1919/977 (a black 1 beside its side's flat pip) stays exact."""
    from tablegames.piddle.scan_faces import LONE_REACH, LONE_ROUND, Pip, roundness_needed

    for seed, index in ((7171, 35), (2121, 174), (9191, 140), (1919, 977)):
        _, score = read_world(seed, index)
        assert score.exact and score.wrong_unflagged == 0, (seed, index, score.failures)

    size, least = 60.0, 0.72

    def pip(col: float, strength: float, roundness: float) -> Pip:
        return Pip(np.array([30.0, col]), strength, 1.0, roundness, 0.0, False, 0.0, 0, 0.4, 0.0)

    flat = pip(30.0, 1.0, 0.68)
    assert roundness_needed([flat], 0, size, least) == LONE_ROUND
    beside = 30.0 + LONE_REACH * size
    assert roundness_needed([flat, pip(beside - 0.1, 0.5, 0.9)], 0, size, least) == least  # a face's pips
    assert roundness_needed([flat, pip(beside + 0.1, 0.5, 0.9)], 0, size, least) == LONE_ROUND  # a die away
    assert roundness_needed([flat, pip(beside - 0.1, 0.49, 0.9)], 0, size, least) == LONE_ROUND  # a weak spot
    assert roundness_needed([pip(30.0, 1.0, LONE_ROUND - 0.01)], 0, size, least) == least  # a side's, flatter
    assert roundness_needed([pip(30.0, 1.0, 0.9)], 0, size, least) == least  # round: either way
    assert roundness_needed([flat], 0, size, 0.6) == 0.6  # blur lowered the bound below LONE_ROUND already
