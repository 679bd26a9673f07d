"""How well the dice photo reader reads: the figures of tests/piddle/test_photo_reading.py for any number of
photos of the independent generator (tests/photo_world.py) and of the suite's own (piddle.scan_synth), the
calibration table (of the dice read with each confidence, how many were right), and optionally the figures by
material, table, pips, tilt, size and number of dice, and every photo not read exactly.

    .venv/bin/python scripts/measure_piddle_reader.py [--photos 1000] [--old 1000] [--by] [--failures]
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200, help="photos of the independent generator (default 200)")
    parser.add_argument("--old", type=int, default=200, help="photos of the suite's own generator (default 200)")
    parser.add_argument("--seed", type=int, default=None, help="the new generator's seed (default: the test's)")
    parser.add_argument("--by", action="store_true", help="figures by material, table, pips, tilt, size, count")
    parser.add_argument("--failures", action="store_true", help="list every photo not read exactly")
    args = parser.parse_args()

    from photo_world import NEW_SEED, OLD_SEED, WorldScore, score_world, world_photo
    from tablegames.piddle.scan import read_dice

    seed = NEW_SEED if args.seed is None else args.seed
    total, groups = WorldScore(), collections.defaultdict(WorldScore)
    drawing = reading = 0.0
    for index in range(args.photos):
        start = time.perf_counter()
        photo = world_photo(seed, index)
        drawing += time.perf_counter() - start
        start = time.perf_counter()
        reading_of = read_dice(photo.image)
        reading += time.perf_counter() - start
        score = score_world(photo, reading_of, name=f"new {seed}/{index} {photo.notes}")
        total.add(score)
        notes = photo.notes
        for key in (f"material {notes['material']}", f"table {notes['table']}", f"pips {notes['pips']}",
                    f"tilt {int(notes['tilt'] // 10 * 10)}-{int(notes['tilt'] // 10 * 10) + 10}",
                    f"die {int(min(notes['die_pixels'], 249) // 50 * 50)}-{int(min(notes['die_pixels'], 249) // 50 * 50) + 50} px",
                    f"{notes['count']} dice"):
            groups[key].add(score)
    if args.photos:
        print(total.row("new generator") + f"; drawing {1000 * drawing / args.photos:.0f} ms, reading "
              f"{1000 * reading / args.photos:.0f} ms a photo")
        print("    " + total.calibration())
    if args.old:
        from photo_world import measure

        old = measure(read_dice, args.old, OLD_SEED, old=True)
        print(old.row("old generator"))
        print("    " + old.calibration())
    if args.by:
        for key in sorted(groups):
            print(groups[key].row(key[:14]) + f"  [{key}]")
    if args.failures:
        for failure in total.failures:
            print(failure)
    return 0


if __name__ == "__main__":
    sys.exit(main())
