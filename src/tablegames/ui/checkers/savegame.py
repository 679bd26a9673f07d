"""The checkers game in progress on disk: saved as PDN as it goes (atomically), resumed on the next visit, and
exported on request. A file that cannot be read is reported in one log line and never overwritten by a crash."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import platformdirs

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunGame
from tablegames.core.files import write_atomic

log = logging.getLogger(__name__)

SAVE_NAME = "checkers-game.pdn"
MODES = ("play", "watch", "two_players")


def default_save_path() -> Path:
    return Path(platformdirs.user_data_dir("tablegames")) / SAVE_NAME


def export_folder() -> Path:
    return Path(platformdirs.user_data_dir("tablegames")) / "exports"


def read_game(path: Path | None) -> tuple[FunGame, dict[str, str], int] | None:
    """The saved game unfinished at `path`, its PDN tags and the human's side; None when there is none to resume
    (no file, a finished game, or a file that cannot be read, which is logged)."""
    if path is None or not path.exists():
        return None
    try:
        text = path.read_text(encoding="utf-8")
        human = BLACK if "[Human \"white\"]" not in text else WHITE
        game, tags = FunGame.from_pdn(text, human)
    except (OSError, ValueError) as error:
        log.warning("checkers: cannot resume %s (%s); starting a new game", path, error)
        return None
    if game.outcome() is not None:
        return None
    return game, tags, human


def saved_mode(tags: dict[str, str], current: str) -> str:
    """The mode a saved game was played in (`current` when the file does not say; play when it is unknown)."""
    mode = tags.get("Mode", current)
    return mode if mode in MODES else "play"


def saved_seed(tags: dict[str, str]) -> int:
    seed = tags.get("Seed", "0")
    return int(seed) if seed.isdigit() else 0


def write_game(path: Path | None, game: FunGame, tags: dict[str, str]) -> None:
    """Write the game in progress (atomically); a finished or empty game leaves nothing to resume."""
    if path is None:
        return
    try:
        if not game.entries or game.outcome() is not None:
            path.unlink(missing_ok=True)
            return
        write_atomic(path, game.to_pdn(tags))
    except OSError as error:
        log.warning("checkers: cannot save the game to %s (%s)", path, error)


def export_game(game: FunGame, tags: dict[str, str]) -> Path:
    """Write the game as a new PDN file in the export folder; its path (OSError when it cannot be written)."""
    path = export_folder() / time.strftime("checkers-%Y%m%d-%H%M%S.pdn")
    write_atomic(path, game.to_pdn(tags))
    return path
