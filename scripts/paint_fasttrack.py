"""Paint the README's picture of the Fast Track table from a four-computer game, not by hand.

The computers play a seeded game through the table scene's own clock (the same calls the window makes, with the
planning inline) until `--clicks` clicks have been played and a marble is walking; that frame is saved.

    .venv/bin/python scripts/paint_fasttrack.py [--seed 1] [--clicks 200] [--out assets_generated/screenshots/fasttrack.png]
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

from tablegames.core.worker import Thinker
from tablegames.ui.fasttrack.scene import FastTrackScene
from tablegames.ui.scene import Context
from tablegames.ui.screenshot import save_png
from tablegames.ui.settings import Settings
from tablegames.ui.theme import LOGICAL_SIZE

OUT = Path(__file__).resolve().parents[1] / "assets_generated" / "screenshots" / "fasttrack.png"
FRAME = 1 / 60


def paint(seed: int, clicks: int) -> tuple[pygame.Surface, int]:
    context = Context(settings=Settings(fasttrack_speed=3), thinker=Thinker(inline=True), seed=seed)
    scene = FastTrackScene(context, watch=True)
    controller = scene.controller
    for _ in range(2_000_000):
        scene.update(FRAME)
        walker = controller.walker()
        if controller.clicks >= clicks and walker is not None and walker.lift > 0.8:
            break
        if controller.is_over:
            raise ValueError(f"--clicks {clicks}: the game of seed {seed} ended after {controller.clicks} clicks")
    canvas = pygame.Surface(LOGICAL_SIZE)
    scene.draw(canvas)
    return canvas, controller.clicks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clicks", type=int, default=200, help="clicks played before the picture (default 200)")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    pygame.init()
    try:
        canvas, played = paint(args.seed, args.clicks)
    except ValueError as error:
        print(f"paint_fasttrack: {error}", file=sys.stderr)
        return 2
    save_png(canvas, args.out)
    print(f"wrote {args.out} (seed {args.seed}, after {played} clicks of a four-computer game)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
