"""A table played headless with its autosave on, until the test kills it (tests/ui/test_killed_mid_game.py).

    python tests/ui/autosave_driver.py fasttrack|checkers SAVE_PATH

The computers play every seat (the real scene, thinker thread and autosave of the shared frame); a Fast Track
game resumes from SAVE_PATH when it exists, as the player's table does. Prints "playing" once started.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.core.worker import Thinker
from tablegames.ui.scene import Context, Scene
from tablegames.ui.settings import Settings


def table_scene(table: str, path: Path, context: Context) -> Scene:
    if table == "fasttrack":
        from tablegames.ui.fasttrack.scene import FastTrackScene

        return FastTrackScene(context, watch=True, save_path=path)
    if table == "checkers":
        from tablegames.ui.checkers.table import CheckersTable

        scene = CheckersTable(context, resume=False, save_path=path)
        scene.model.watch(cycle_levels=False)
        scene.refresh()
        return scene
    raise SystemExit(f"autosave_driver: no table {table!r}")


def main() -> None:
    table, path = sys.argv[1], Path(sys.argv[2])
    pygame.init()
    pygame.display.set_mode((1280, 800))
    settings = Settings(checkers_level=2, fasttrack_speed=1, sound=False)
    context = Context(settings=settings, thinker=Thinker(), seed=int(sys.argv[3]) if len(sys.argv) > 3 else 7)
    scene = table_scene(table, path, context)
    print("playing", flush=True)
    while not any(event.type == pygame.QUIT for event in pygame.event.get()):  # SDL turns SIGTERM into QUIT
        scene.update(1 / 30)
        time.sleep(0.002)


if __name__ == "__main__":
    main()
