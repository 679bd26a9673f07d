"""Regenerate what the code draws into assets_generated/: the icons and the README's screenshots."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tablegames.tables import load_all_scenes
from tablegames.ui.desktop import write_icons
from tablegames.ui.scene import SCENES
from tablegames.ui.screenshot import render_scene, save_png

ROOT = Path(__file__).resolve().parent.parent / "assets_generated"
README_SCENES = {"lobby": 45, "lobby:first-start": 45}  # scene -> frame; tables add theirs as they land


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    load_all_scenes()
    for path in write_icons(lambda size: ROOT / "icons" / f"tablegames-{size}.png"):
        print(f"wrote {path.relative_to(ROOT.parent)}")
    for name, frame in README_SCENES.items():
        if name in SCENES:
            target = ROOT / "screenshots" / f"{name.replace(':', '-')}.png"
            save_png(render_scene(name, frames=frame), target)
            print(f"wrote {target.relative_to(ROOT.parent)}")
    pygame.quit()


if __name__ == "__main__":
    main()
