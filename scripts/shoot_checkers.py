"""Render one screenshot per checkers scene into assets_generated/screenshots/checkers-<scene>.png.

    .venv/bin/python scripts/shoot_checkers.py [--set N] [--level N] [--frame N]

Without --set each scene uses a different piece set, so the pictures show the sets too.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.tables import load_all_scenes
from tablegames.ui.checkers.showcase import SCRIPTS
from tablegames.ui.screenshot import render_scene, save_png

FOLDER = Path(__file__).resolve().parent.parent / "assets_generated" / "screenshots"
SCENE_SETS = {"checkers": 8, "start": 8, "play": 4, "capture": 9, "king": 5, "over": 6, "think": 7,
              "ev_zap": 8, "ev_gift": 1, "ev_quake": 2, "ev_wind": 3}
SCENE_LEVELS = {"think": 10, "over": 6, "king": 7, "capture": 5}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=int, choices=range(10), default=None, dest="piece_set")
    parser.add_argument("--level", type=int, choices=range(1, 11), default=None)
    parser.add_argument("--frame", type=int, default=0)
    args = parser.parse_args(argv)
    pygame.init()
    pygame.display.set_mode((1, 1))
    load_all_scenes()
    for name in ["checkers", *SCRIPTS]:
        scene = name if name == "checkers" else f"checkers:{name}"
        options = {"piece_set": SCENE_SETS[name] if args.piece_set is None else args.piece_set,
                   "level": args.level or SCENE_LEVELS.get(name, 3)}
        target = FOLDER / f"checkers-{name}.png"
        save_png(render_scene(scene, frames=args.frame, options=options), target)
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
