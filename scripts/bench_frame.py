"""Frame time (update + draw at the window's real pixel size, no display flip) of the lobby and a table of each
kind at 1280x800, 1920x1080 and 2560x1440: median and p95, against the 16.7 ms budget of 60 fps, and each size
against 1280x800 (the drawing is done at the window's size, so a larger window costs more pixels).

    python scripts/bench_frame.py [--frames 300] [--scenes lobby,checkers:play,...]
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.core.worker import Thinker
from tablegames.tables import load_all_scenes
from tablegames.ui.app import App
from tablegames.ui.scene import SCENES, Context

BUDGET_MS = 1000 / 60
SIZES = ((1280, 800), (1920, 1080), (2560, 1440))
SCENE_NAMES = "lobby,checkers:play,fasttrack:midgame,piddle:table,routes:run"


def frame_times(name: str, size: tuple[int, int], frames: int) -> tuple[dict[str, float], float]:
    context = Context(thinker=Thinker(inline=True))
    app = App(context, window_size=size)
    app.stack.push(SCENES[name](context))
    for _ in range(30):  # caches (fonts, gradients, board pictures) filled, as after the first second of play
        app.step([], 1 / 60)
    app.timer.samples_ms.clear()
    started = time.perf_counter()
    for _ in range(frames):
        app.step([], 1 / 60)
    wall = time.perf_counter() - started
    app.stack.close_all()
    return app.timer.summary(), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300, help="frames timed a scene and size (default 300)")
    parser.add_argument("--scenes", default=SCENE_NAMES, help=f"scenes, comma-separated (default {SCENE_NAMES})")
    args = parser.parse_args()
    if not 1 <= args.frames <= 100_000:
        parser.error(f"--frames {args.frames}: expected 1..100000")
    pygame.init()
    load_all_scenes()
    names = [name.strip() for name in args.scenes.split(",") if name.strip()]
    unknown = [name for name in names if name not in SCENES]
    if unknown:
        parser.error(f"--scenes: unknown {', '.join(unknown)} (known: {', '.join(sorted(SCENES))})")
    print(f"{'scene':<20} {'size':>10} {'median ms':>10} {'p95 ms':>8} {'of budget':>10} {'vs 1280x800':>12}")
    for name in names:
        base = None
        for size in SIZES:
            figures, _ = frame_times(name, size, args.frames)
            median = figures["median_ms"]
            base = base or median
            print(f"{name:<20} {size[0]:>5}x{size[1]:<4} {median:>10.2f} {figures['p95_ms']:>8.2f} "
                  f"{median / BUDGET_MS:>10.1%} {median / base:>11.2f}x")
    pygame.quit()


if __name__ == "__main__":
    main()
