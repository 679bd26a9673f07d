"""Golden screenshots: every scene at 1280x800, kept at half size under tests/ui/golden/ and compared with a
tolerance (a font or driver update may move a few pixels; a broken layout moves many).

`python -m tablegames.ui.golden --update` (or `make golden`) redraws them; review the pictures in the commit.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

GOLDEN_SIZE = (1280, 800)
STORED_SIZE = (640, 400)  # half size: a tenth of the bytes, still shows every layout fault
FOLDER = Path(__file__).resolve().parents[3] / "tests" / "ui" / "golden"
MEAN_LIMIT = 2.0  # mean absolute difference per channel, 0-255
CHANGED_LIMIT = 0.005  # share of pixels that differ by more than CHANGED_STEP in some channel
CHANGED_STEP = 48


@dataclass(frozen=True)
class Difference:
    mean: float
    changed: float

    @property
    def within_tolerance(self) -> bool:
        return self.mean <= MEAN_LIMIT and self.changed <= CHANGED_LIMIT

    def __str__(self) -> str:
        return (f"mean difference {self.mean:.2f} (at most {MEAN_LIMIT}), {self.changed:.2%} of pixels changed "
                f"(at most {CHANGED_LIMIT:.1%})")


def golden_path(scene: str) -> Path:
    return FOLDER / f"{scene.replace(':', '-')}.png"


# The about page shows the player's folders: the same made-up ones on every machine.
FIXED_FOLDERS = {"XDG_CONFIG_HOME": "/home/player/.config", "XDG_DATA_HOME": "/home/player/.local/share",
                 "XDG_CACHE_HOME": "/home/player/.cache", "XDG_STATE_HOME": "/home/player/.local/state"}


def render_small(scene: str) -> pygame.Surface:
    import pygame

    from tablegames.ui.screenshot import render_scene

    fixed = {**FIXED_FOLDERS, "TABLEGAMES_CACHE_DIR": os.path.join(tempfile.gettempdir(), "tablegames-golden-cache")}
    before = {name: os.environ.get(name) for name in fixed}
    os.environ.update(fixed)  # nothing is written under the made-up folders (scenes keep no saves here)
    try:
        return pygame.transform.smoothscale(render_scene(scene, GOLDEN_SIZE), STORED_SIZE)
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def compare(picture: pygame.Surface, golden: pygame.Surface) -> Difference:
    import numpy as np
    import pygame

    now = pygame.surfarray.array3d(picture).astype(np.int16)
    then = pygame.surfarray.array3d(golden).astype(np.int16)
    if now.shape != then.shape:
        return Difference(255.0, 1.0)
    gap = np.abs(now - then)
    return Difference(float(gap.mean()), float((gap.max(axis=2) > CHANGED_STEP).mean()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegames.ui.golden", description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="redraw every golden screenshot")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from tablegames.tables import load_all_scenes
    from tablegames.ui.scene import SCENES
    from tablegames.ui.screenshot import save_png

    pygame.display.init()
    pygame.font.init()
    load_all_scenes()
    FOLDER.mkdir(parents=True, exist_ok=True)
    kept = {golden_path(name) for name in SCENES}
    for old in FOLDER.glob("*.png"):
        if old not in kept and args.update:
            old.unlink()
    failures = 0
    for name in sorted(SCENES):
        picture = render_small(name)
        path = golden_path(name)
        if args.update:
            save_png(picture, path)
            print(f"wrote {path.relative_to(FOLDER.parents[2])}")
        elif not path.exists():
            print(f"{name}: no golden screenshot (run with --update)")
            failures += 1
        else:
            difference = compare(picture, pygame.image.load(str(path)))
            failures += not difference.within_tolerance
            print(f"{name}: {difference}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
