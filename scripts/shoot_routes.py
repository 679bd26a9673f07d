"""Render the route planner's scenes to assets_generated/screenshots/routes-*.png (headless).

Usage: .venv/bin/python scripts/shoot_routes.py
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

import tablegames.ui.routes  # noqa: F401  (registers the scenes)
from tablegames.ui.screenshot import render_scene, save_png

SHOTS = {"routes": ("routes", 0), "routes-board": ("routes:board", 0), "routes-run": ("routes:run", 2),
         "routes-watch": ("routes:watch", 240)}


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    folder = Path(__file__).resolve().parents[1] / "assets_generated" / "screenshots"
    for name, (scene, frames) in SHOTS.items():
        picture = render_scene(scene, frames=frames)
        save_png(picture, folder / f"{name}.png")
        print(folder / f"{name}.png")


if __name__ == "__main__":
    main()
