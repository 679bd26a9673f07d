"""The desktop launcher: a freedesktop .desktop entry and PNG icons in the user's folders."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pygame

from tablegames.core.files import write_atomic
from tablegames.ui.app import WINDOW_CLASS
from tablegames.ui.icon import ICON_SIZES, draw_icon

APP_ID = "tablegames"


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def launcher_command() -> str:
    """The command the launcher runs: the gui entry point beside this Python, else `python -m tablegames`."""
    gui = Path(sys.executable).with_name("tablegames-gui")
    if gui.exists():
        return str(gui)
    found = shutil.which("tablegames-gui")
    return found if found else f"{sys.executable} -m tablegames"


def desktop_entry(command: str) -> str:
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        "Name=tablegames",
        "GenericName=Table games",
        "Comment=Checkers, Fast Track, Piddle and 18xx routes with computer players",
        f"Exec={command}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=checkers;draughts;dice;marbles;18xx;",
        f"StartupWMClass={WINDOW_CLASS}",
        "",
    ])


def icon_path(root: Path, size: int) -> Path:
    return root / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def write_icons(folder_for_size: Callable[[int], Path]) -> list[Path]:
    """Draw the icon at every standard size into `folder_for_size(size)`; returns the files written."""
    written = []
    for size in ICON_SIZES:
        target = folder_for_size(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.tmp.png")
        pygame.image.save(draw_icon(size), str(temporary))
        os.replace(temporary, target)
        written.append(target)
    return written


def install_desktop(root: Path | None = None) -> list[Path]:
    root = root or data_home()
    entry = root / "applications" / f"{APP_ID}.desktop"
    write_atomic(entry, desktop_entry(launcher_command()))
    return [entry, *write_icons(lambda size: icon_path(root, size))]


def uninstall_desktop(root: Path | None = None) -> list[Path]:
    root = root or data_home()
    removed = []
    for path in [root / "applications" / f"{APP_ID}.desktop", *(icon_path(root, s) for s in ICON_SIZES)]:
        if path.exists():
            path.unlink()
            removed.append(path)
    return removed
