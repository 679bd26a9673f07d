"""How well the dice photo reader reads: the figures of tests/piddle/test_photo_reading.py for any number of
photos of the independent generator (tests/photo_world.py) and of the suite's own (piddle.scan_synth), the
calibration table (of the dice read with each confidence, how many were right), and optionally the figures by
material, table, pips, tilt, size and number of dice, the dice by how light glare left their face, and every photo
not read exactly.

    .venv/bin/python scripts/measure_piddle_reader.py [--photos 1000] [--old 1000] [--by] [--failures]
        [--seed 4242] [--keep DIR] [--per-photo FILE] [--against FILE]

To compare two readers photo by photo: keep the drawn photos (--keep: drawn once, a second run reads them in
milliseconds), write one line a photo with the first (--per-photo), and run the second against it (--against):
the photos whose reading changed are printed, and how many more or fewer are exact.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


GLARE_BANDS = (0.5, 0.7, 0.8, 0.9)  # of white: how light a coloured die's face is in its middle, in its darkest
# channel (glare adds white light: a red, green, blue, black or amber face this light is washed out, its pips faint)


def face_light(image: Any, centre: tuple[float, float], size: float) -> float:
    """How light a die's face is (0-1, of white) in the middle of it (0.3 of its side round its centre), in the
    darkest channel: the median."""
    reach = max(2, int(0.3 * size))
    row, col = int(centre[0]), int(centre[1])
    middle = np.asarray(image)[max(row - reach, 0):row + reach, max(col - reach, 0):col + reach]
    return float(np.median(middle.min(axis=2))) / 255.0


def glare_band(light: float) -> str:
    """The band of GLARE_BANDS a face's lightness lies in, as words."""
    lower = max((edge for edge in GLARE_BANDS if light >= edge), default=0.0)
    upper = min((edge for edge in GLARE_BANDS if light < edge), default=1.0)
    return f"coloured dice, face {lower:.1f}-{upper:.1f} of white"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200, help="photos of the independent generator (default 200)")
    parser.add_argument("--old", type=int, default=200, help="photos of the suite's own generator (default 200)")
    parser.add_argument("--seed", type=int, default=None, help="the new generator's seed (default: the test's)")
    parser.add_argument("--by", action="store_true", help="figures by material, table, pips, tilt, size, count, and the dice by how light glare left their face")
    parser.add_argument("--failures", action="store_true", help="list every photo not read exactly")
    parser.add_argument("--keep", type=Path, help="a folder to keep the new generator's photos in (drawn once)")
    parser.add_argument("--per-photo", type=Path, help="write one line a photo of the new generator here")
    parser.add_argument("--against", type=Path, help="an earlier --per-photo file: print the photos read otherwise")
    args = parser.parse_args()
    if args.photos < 0 or args.old < 0:
        parser.error("--photos and --old count photos: 0 or more")
    earlier = {}
    if args.against is not None:
        try:
            text = args.against.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            parser.error(f"--against {args.against}: cannot read it ({error})")
        for number, line in enumerate(text.splitlines(), 1):
            photo, _, reading = line.partition(" ")
            if not reading.startswith("exact="):
                parser.error(f"--against {args.against}, line {number}: expected a --per-photo line "
                             f"(SEED/INDEX exact=...), got {line[:60]!r}")
            earlier[photo] = reading

    from photo_world import (
        MATERIALS,
        NEW_SEED,
        OLD_SEED,
        WorldScore,
        kept_world_photo,
        match_dice,
        score_world,
        world_photo,
    )
    from tablegames.piddle.scan import read_dice

    seed = NEW_SEED if args.seed is None else args.seed
    total, groups = WorldScore(), collections.defaultdict(WorldScore)
    light_faces = {material.name for material in MATERIALS if min(material.body) >= 0.5}  # ivory, white
    by_glare: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    drawing = reading = 0.0
    lines, changed, exact_change = [], 0, 0
    for index in range(args.photos):
        start = time.perf_counter()
        photo = world_photo(seed, index) if args.keep is None else kept_world_photo(seed, index, args.keep)
        drawing += time.perf_counter() - start
        start = time.perf_counter()
        reading_of = read_dice(photo.image)
        reading += time.perf_counter() - start
        score = score_world(photo, reading_of, name=f"new {seed}/{index} {photo.notes}")
        total.add(score)
        line = (f"exact={score.exact} right={score.right} right_flagged={score.right_flagged} "
                f"wrong_flagged={score.wrong_flagged} wrong_unflagged={score.wrong_unflagged} missed={score.missed} "
                f"extra={score.extra} extra_unflagged={score.extra_unflagged} read="
                + ",".join(f"{die.value}:{die.confidence:.2f}" for die in reading_of.dice))
        lines.append(f"{seed}/{index} {line}")
        before = earlier.get(f"{seed}/{index}")
        if before is not None and before != line:
            changed += 1
            exact_change += score.exact - int(before.startswith("exact=1"))
            print(f"{seed}/{index} was: {before}\n{' ' * len(f'{seed}/{index}')} now: {line}")
        notes = photo.notes
        for key in (f"material {notes['material']}", f"table {notes['table']}", f"pips {notes['pips']}",
                    f"tilt {int(notes['tilt'] // 10 * 10)}-{int(notes['tilt'] // 10 * 10) + 10}",
                    f"die {int(min(notes['die_pixels'], 249) // 50 * 50)}-{int(min(notes['die_pixels'], 249) // 50 * 50) + 50} px",
                    f"{notes['count']} dice"):
            groups[key].add(score)
        if args.by:
            matched, _ = match_dice([die.center for die in photo.dice], [die.size for die in photo.dice],
                                    reading_of.dice)
            for die, read in zip(photo.dice, matched, strict=True):
                key = "white or ivory dice" if notes["material"] in light_faces \
                    else glare_band(face_light(photo.image, die.center, die.size))
                by_glare[key]["dice"] += 1
                by_glare[key]["missed" if read is None else "right" if read.value == die.value else "wrong"] += 1
    if args.per_photo is not None:
        from tablegames.core.files import write_atomic

        write_atomic(args.per_photo, "\n".join(lines) + "\n")
    if earlier:
        print(f"{changed} photos read otherwise than in {args.against}; photos exact {exact_change:+d}")
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
        print("dice by how light glare left their face, in its middle:")
        for key, tally in sorted(by_glare.items()):
            print(f"    {key}: {tally['right']}/{tally['dice']} right ({100 * tally['right'] / tally['dice']:.1f}%), "
                  f"{tally['wrong']} read wrong, {tally['missed']} missed")
    if args.failures:
        for failure in total.failures:
            print(failure)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("measure_piddle_reader: interrupted", file=sys.stderr)
        sys.exit(130)
