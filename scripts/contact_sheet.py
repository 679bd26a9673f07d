"""Every scene at three window sizes on one picture, to look at the whole suite at once.

    python scripts/contact_sheet.py [--out assets_generated/contact-sheet.png] [--sizes 800x600,1280x800,1920x1080]
                                    [--scenes lobby,fasttrack,...] [--width 420]

Each scene is rendered the way `tablegames --screenshot --size` renders it (fixed seed, frame 0), shrunk to a
thumbnail of the same width per column, and labelled with its name and size. Rows are scenes, columns sizes.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.tables import load_all_scenes
from tablegames.ui.scene import SCENES
from tablegames.ui.screenshot import render_scene, save_png
from tablegames.ui.theme import BACKGROUND, TEXT, TEXT_DIM, draw_text

GAP = 16
LABEL = 26


def parse_sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        try:
            width, height = (int(n) for n in part.lower().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{part!r} is not WIDTHxHEIGHT") from None
        if not (320 <= width <= 3840 and 240 <= height <= 2160):
            raise argparse.ArgumentTypeError(f"{part}: expected 320x240 to 3840x2160")
        sizes.append((width, height))
    return sizes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="assets_generated/contact-sheet.png")
    parser.add_argument("--sizes", type=parse_sizes, default=parse_sizes("800x600,1280x800,1920x1080"))
    parser.add_argument("--scenes", default="", help="comma-separated scene names (default: every scene)")
    parser.add_argument("--width", type=int, default=420, help="thumbnail width in pixels (default 420)")
    args = parser.parse_args()
    if not 120 <= args.width <= 1920:
        parser.error("--width: expected 120 to 1920")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    load_all_scenes()
    names = [name for name in args.scenes.split(",") if name] or sorted(SCENES)
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        parser.error(f"no scene {', '.join(unknown)}; see tablegames --list-scenes")
    started = time.perf_counter()
    row_height = LABEL + max(round(args.width * h / w) for w, h in args.sizes) + GAP
    sheet = pygame.Surface((GAP + len(args.sizes) * (args.width + GAP), GAP + len(names) * row_height))
    sheet.fill(BACKGROUND)
    for row, name in enumerate(names):
        for column, (width, height) in enumerate(args.sizes):
            picture = render_scene(name, (width, height))
            thumb = pygame.transform.smoothscale(picture, (args.width, round(args.width * height / width)))
            x, y = GAP + column * (args.width + GAP), GAP + row * row_height
            draw_text(sheet, name, (x, y), 20, TEXT)
            draw_text(sheet, f"{width}x{height}", (x + args.width, y), 18, TEXT_DIM, "topright")
            sheet.blit(thumb, (x, y + LABEL))
        print(f"{name}: {len(args.sizes)} sizes", flush=True)
    save_png(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()}, {len(names)} scenes x {len(args.sizes)} "
          f"sizes, {time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
