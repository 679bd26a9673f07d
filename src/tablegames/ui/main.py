"""What `tablegames` does with its window options: open the suite, take a screenshot, run the demo."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablegames.ui.scene import SceneFactory  # imported when needed: pygame starts after the SDL settings


class UsageError(Exception):
    """A wrong scene, size or table on the command line: one line, exit status 2."""


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size {text!r} is not WIDTHxHEIGHT, e.g. 1280x800") from None
    if not (16 <= width <= 8192 and 16 <= height <= 8192):
        raise UsageError(f"--size {text!r}: width and height must be 16-8192 pixels")
    return width, height


def headless_wanted(args: argparse.Namespace) -> bool:
    no_display = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return bool(args.screenshot) or args.list_scenes or (args.demo is not None and no_display)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="tablegames: %(message)s")
    if headless_wanted(args):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        return _run(args)
    except UsageError as error:
        print(f"tablegames: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    import pygame

    from tablegames.tables import TABLE_NAMES, load_all_scenes
    from tablegames.ui.app import set_window_class
    from tablegames.ui.scene import SCENES

    if args.table is not None and args.table not in TABLE_NAMES:
        raise UsageError(f"no table {args.table!r}; choose one of: {', '.join(TABLE_NAMES)}")
    set_window_class()
    pygame.init()
    load_all_scenes()
    if args.list_scenes:
        print("\n".join(sorted(SCENES)))
        return 0
    if args.install_desktop or args.uninstall_desktop:
        from tablegames.ui import desktop

        paths = desktop.install_desktop() if args.install_desktop else desktop.uninstall_desktop()
        verb = "installed" if args.install_desktop else "removed"
        print(f"{verb} {len(paths)} files:" + "".join(f"\n  {p}" for p in paths))
        return 0
    if args.screenshot:
        return take_screenshot(args, SCENES)
    if args.scene is not None:
        raise UsageError("--scene goes with --screenshot OUT.png")
    from tablegames.ui.session import run_window

    return run_window(args)


def take_screenshot(args: argparse.Namespace, scenes: Mapping[str, SceneFactory]) -> int:
    from tablegames.ui.screenshot import render_scene, save_png

    if args.scene is None:
        raise UsageError("--screenshot needs --scene NAME (see --list-scenes)")
    if args.scene not in scenes:
        raise UsageError(f"no scene {args.scene!r}; choose one of: {', '.join(sorted(scenes))}")
    size = parse_size(args.size)
    if args.frame < 0:
        raise UsageError(f"--frame {args.frame} must be 0 or more")
    options = {"piece_set": args.piece_set, "level": args.level}
    picture = render_scene(args.scene, size, args.seed, args.frame, options)
    save_png(picture, args.screenshot)
    print(f"wrote {args.screenshot} ({size[0]}x{size[1]}, scene {args.scene}, frame {args.frame})")
    return 0
