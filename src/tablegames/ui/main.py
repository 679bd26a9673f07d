"""What `tablegames` does with its window options: open the suite, take a screenshot, run the demo."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
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


MAX_SEED = 2**32 - 1
MAX_FRAMES = 100_000
MAX_DEMO_SECONDS = 24 * 3600.0


def check_range(name: str, value: float | None, low: float, high: float, what: str) -> None:
    if value is not None and not low <= value <= high:
        raise UsageError(f"{name} {value:g}: expected {what}")


def check_writable_file(option: str, path: str) -> None:
    """A file can be written at `path`: not a folder, no file in the way of its folders, a folder we may write."""
    target = os.path.abspath(path)
    if os.path.isdir(target):
        raise UsageError(f"{option} {path}: that is a folder; give a file name, e.g. {os.path.join(path, 'out.png')}")
    check_writable_folder(option, os.path.dirname(target), path)


def check_writable_folder(option: str, folder: str, shown: str) -> None:
    """`folder` exists as a folder we may write, or can be made under one."""
    current = os.path.abspath(folder)
    while not os.path.exists(current):
        current = os.path.dirname(current)
    if not os.path.isdir(current):
        raise UsageError(f"{option} {shown}: {current} is a file, not a folder")
    try:  # try it: os.access says yes to root even where nothing can be written (/proc)
        with tempfile.TemporaryFile(dir=current):
            pass
    except OSError:
        raise UsageError(f"{option} {shown}: cannot write in {current}") from None


def validate(args: argparse.Namespace) -> None:
    """Every window option range-checked before anything starts (one line, exit 2, on the first wrong one)."""
    check_range("--set", args.piece_set, 0, 9, "a checkers piece set 0-9")
    check_range("--level", args.level, 1, 10, "a checkers level 1-10")
    check_range("--seed", args.seed, 0, MAX_SEED, f"0 to {MAX_SEED}")
    check_range("--frame", args.frame, 0, MAX_FRAMES, f"0 to {MAX_FRAMES}")
    if not 0 < args.seconds <= MAX_DEMO_SECONDS:
        raise UsageError(f"--seconds {args.seconds:g}: expected more than 0 and at most {MAX_DEMO_SECONDS:g}")
    if args.screenshot:
        check_writable_file("--screenshot", args.screenshot)
    if args.demo:
        if os.path.exists(args.demo) and not os.path.isdir(args.demo):
            raise UsageError(f"--demo {args.demo}: that is a file; give a folder for the pictures")
        check_writable_folder("--demo", args.demo, args.demo)


def no_display_reason(args: argparse.Namespace) -> str | None:
    """Why a window cannot be shown (Linux with no X or Wayland display and no driver chosen), or None."""
    if args.screenshot or args.list_scenes or args.demo is not None or args.install_desktop \
            or args.uninstall_desktop or not sys.platform.startswith("linux"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("SDL_VIDEODRIVER"):
        return None
    return ("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset); run it on a desktop, or use "
            "--screenshot or --demo")


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
        validate(args)
        reason = no_display_reason(args)
        if reason is not None:
            raise UsageError(reason)
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
    try:  # not pygame.init(): the mixer opens with the music, once there is a window to play for
        pygame.display.init()
    except pygame.error as error:
        raise UsageError(f"cannot open a window with the {os.environ.get('SDL_VIDEODRIVER', 'default')} video "
                         f"driver ({error})") from None
    pygame.font.init()
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

    try:
        return run_window(args)
    except pygame.error as error:  # no video driver could open a window
        driver = os.environ.get("SDL_VIDEODRIVER", "the default")
        raise UsageError(f"cannot open a window with the {driver} video driver ({error})") from None


def take_screenshot(args: argparse.Namespace, scenes: Mapping[str, SceneFactory]) -> int:
    import pygame

    from tablegames.ui.screenshot import render_scene, save_png

    if args.scene is None:
        raise UsageError("--screenshot needs --scene NAME (see --list-scenes)")
    if args.scene not in scenes:
        raise UsageError(f"no scene {args.scene!r}; choose one of: {', '.join(sorted(scenes))}")
    size = parse_size(args.size)
    if args.frame < 0:
        raise UsageError(f"--frame {args.frame} must be 0 or more")
    options = {"piece_set": args.piece_set, "level": args.level}
    picture = render_scene(args.scene, size, args.seed, args.frame, options, args.text_size)
    try:
        save_png(picture, args.screenshot)
    except (OSError, pygame.error) as error:
        raise UsageError(f"--screenshot {args.screenshot}: cannot write it ({error})") from None
    print(f"wrote {args.screenshot} ({size[0]}x{size[1]}, scene {args.scene}, frame {args.frame})")
    return 0
