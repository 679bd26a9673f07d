"""The dice photo reader on photos it was not tuned on (issue 19): the independent generator (tests/photo_world.py:
a tilted camera over rounded cubes of six materials, sides and all, shadows, glare, felt, wood and paper of any
colour, blur, noise, JPEG 40-95, 40-250 px dice, 4-8 a photo) and, in the same test, the suite's own generator
(piddle.scan_synth). 200 photos of the new generator and 100 of the old by default (drawing a new photo takes
about a second, reading it a quarter or more: 117-209 s on two cores in CI, the slowest test of make test), 1000
of each with make test-all (the first ones the same).

The goals (issue 19): at least 99.5% of the dice right, 98% of the photos exactly right, every wrong die flagged,
at most 3% of right dice flagged, every photo with another number of dice than six said to be so. The figures
asserted are what the reader achieves, as floors under which it must not fall; the old generator meets the goals
on 100 and on 1000 photos, the new one is far from them (docs/piddle.md has the figures). scripts/measure_piddle_reader.py prints them, with the
calibration table and the figures by material, table, tilt and size.
"""

import math

import pytest

from photo_world import NEW_SEED, OLD_SEED, WorldScore, measure
from tablegames.piddle.scan import read_dice


def report(new: WorldScore, old: WorldScore) -> str:
    return "\n".join([new.row("new generator"), "    " + new.calibration(), old.row("old generator"),
                      "    " + old.calibration()])


def assert_old_meets_the_goals(old: WorldScore, detail: str) -> None:
    assert old.share_right >= 0.995 and old.share_exact >= 0.98, detail
    assert old.wrong_unflagged == 0 and old.extra_unflagged == 0, detail
    assert old.share_right_flagged <= 0.03, detail


def assert_new_holds_its_floors(new: WorldScore, floors: dict[str, float], detail: str) -> None:
    assert new.share_right >= floors["right"], detail
    assert new.share_exact >= floors["exact"], detail
    assert new.wrong_unflagged + new.extra_unflagged <= floors["wrong unflagged"] * new.dice, detail
    assert new.share_right_flagged <= floors["right flagged"], detail
    assert new.odd_counts_said >= floors["odd counts said"] * new.odd_counts, detail
    read, right = new.by_confidence[">= 0.9"]
    assert right >= floors["confident right"] * read, detail  # confidence means something


FLOORS = {"right": 0.985, "exact": 0.95, "wrong unflagged": 0.001, "right flagged": 0.03, "odd counts said": 0.97,
          "confident right": 0.999}  # a little short of the figures reached on 200 and 1000 photos (docs/piddle.md;
# at step 77, 97.5% and 97.7%, 90.5% and 91.2%, 0.25% and 0.1%, 92% and 95%, 99.9% and 99.9%; raised from 0.95,
# 0.84, 0.01, 0.87 and 0.99 then, which step 54 had set; at step 91 97.8% and 98.1%, 92.0% and 92.8%: right and
# exact raised from 0.97 and 0.89); right flagged is a ceiling: on the first 200 photos 6.5% at step 54, 4.4% at
# step 74, 3.9% at step 77, 3.7% at step 80, 3.1% at step 91, 2.7% at step 100 (on 1000 photos 5.2%, 3.5%, 3.0%,
# 2.7%, 2.6%, 2.3%), so 0.07 became 0.045, then 0.04, then 0.035, then the goal itself, 0.03. At step 158, 98.98% and
# 99.05%, 97.5% and 96.6%, 0 and 0 unflagged, 99.0% and 99.3% of the other counts said, 100% and 100% of the dice read
# with 0.9 or more right: right, exact, wrong unflagged, odd counts said and confident right raised from 0.975, 0.9,
# 0.005, 0.9 and 0.995


def measure_both(new_photos, old_photos, capsys):
    """The reader's scores on the first photos of each generator, printed: (new, old, the printed report)."""
    new, old = measure(read_dice, new_photos, NEW_SEED), measure(read_dice, old_photos, OLD_SEED, old=True)
    detail = report(new, old)
    with capsys.disabled():
        print("\n" + detail)
    return new, old, detail


def test_the_first_photos_of_each_generator(capsys):
    new, old, detail = measure_both(200, 100, capsys)
    assert_old_meets_the_goals(old, detail)
    assert_new_holds_its_floors(new, FLOORS, detail)


@pytest.mark.slow
def test_1000_photos_of_each_generator(capsys):
    new, old, detail = measure_both(1000, 1000, capsys)
    assert_old_meets_the_goals(old, detail)
    assert_new_holds_its_floors(new, FLOORS, detail)


def test_a_die_cut_by_the_frame_is_flagged_and_one_touching_it_is_read():
    """Photos of the independent generator cut through the die nearest their left edge (at its centre, or a fifth
    of a die either side): what shows of it may be another face, so a die read there is marked for the player to
    check, never confidently wrong; the other dice, their blobs now touching the frame too, are still read."""
    from photo_world import world_photo

    cut = read = 0
    photos = [world_photo(777, index) for index in range(8)]
    for index, photo in enumerate(photos):
        nearest = min(photo.dice, key=lambda die: die.center[1])
        for share in (-0.2, 0.0, 0.2):
            left = int(nearest.center[1] + share * nearest.size)
            reading = read_dice(photo.image[:, max(left, 0):])
            for die in reading.dice:
                row, col = die.center[0], die.center[1] + max(left, 0)
                if math.hypot(row - nearest.center[0], col - nearest.center[1]) < 0.6 * nearest.size:
                    assert die.is_uncertain or die.value == nearest.value, (index, share, die)
                    cut += 1
                elif any(math.hypot(row - d.center[0], col - d.center[1]) < 0.3 * d.size and d.value == die.value
                         for d in photo.dice):
                    read += 1
    assert cut >= 8  # the cut dice are read (flagged), not only missed
    others = sum(len(photo.dice) - 1 for photo in photos) * 3
    assert read >= 0.85 * others
