import numpy as np
import pytest

from tablegames.cli import main
from tablegames.piddle.scan import read_dice
from tablegames.piddle.scan_synth import score_reading, synthetic_photo


def read_set(seed, count, **options):
    """[right, wrong but marked, wrong and unmarked, missed, missed with nothing marked in that photo]."""
    totals = np.zeros(5, dtype=int)
    for index in range(count):
        photo = synthetic_photo(seed, index, **options)
        reading = read_dice(photo.image)
        score = score_reading(photo, reading)
        silent = score.missed if not reading.uncertain else 0
        totals += [score.right, score.wrong_marked, score.wrong_unmarked, score.missed, silent]
    return totals


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
    assert wrong_unmarked == 0 and silently_missed == 0  # a lost die leaves marked dice behind it
    assert right >= 0.7 * (right + wrong_marked + missed)


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
