"""Render the Piddle scenes to assets_generated/screenshots/piddle-*.png (headless) and time their frames.

    .venv/bin/python scripts/shoot_piddle.py [--seed 0] [--frames 600]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame

from tablegames.ui.scene import SCENES, Context
from tablegames.ui.screenshot import FRAME_SECONDS, render_scene, save_png
from tablegames.ui.settings import Settings
from tablegames.ui.theme import LOGICAL_SIZE

OUT = Path(__file__).resolve().parents[1] / "assets_generated" / "screenshots"
SHOTS = {"piddle": 40, "piddle:table": 0, "piddle:advisor": 0, "piddle:push": 0, "piddle:scan": 0}


def frame_times(name: str, frames: int, seed: int) -> tuple[list[float], list[float]]:
    """Milliseconds of update + draw for `frames` frames of scene `name` (watch: the computers playing): wall
    clock, and this process's CPU time (on a shared machine the wall clock also counts other programs' turns)."""
    context = Context(settings=Settings(), seed=seed)
    scene = SCENES[name](context)
    canvas = pygame.Surface(LOGICAL_SIZE)
    scene.draw(canvas)  # the first frame draws the whole backdrop and loads the fonts: not a frame of play
    wall, cpu = [], []
    for _ in range(frames):
        start, start_cpu = time.perf_counter(), time.process_time()
        scene.update(FRAME_SECONDS)
        scene.draw(canvas)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    pygame.init()
    pygame.display.set_mode((1, 1))
    import tablegames.ui.piddle  # noqa: F401  (registers the scenes)

    for name, frames in SHOTS.items():
        start = time.perf_counter()
        picture = render_scene(name, seed=args.seed, frames=frames)
        target = OUT / f"{name.replace(':', '-')}.png"
        save_png(picture, target)
        print(f"wrote {target.relative_to(OUT.parents[1])} ({time.perf_counter() - start:.2f} s)")
    for name in ("piddle:watch", "piddle:advisor"):
        for clock, times in zip(("wall", "cpu"), frame_times(name, args.frames, args.seed), strict=True):
            print(f"{name} ({clock}): {len(times)} frames  median {np.median(times):.2f} ms  "
                  f"p95 {np.percentile(times, 95):.2f} ms  worst {max(times):.2f} ms")
    pygame.quit()


if __name__ == "__main__":
    main()
