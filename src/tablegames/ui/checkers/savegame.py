"""The checkers game in progress on disk: saved as PDN as it goes (atomically), resumed on the next visit, and
exported on request. A file that cannot be read is reported in one log line and never overwritten by a crash."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

from tablegames.checkers.engine import BLACK, WHITE
from tablegames.checkers.funmode import FunGame
from tablegames.core.files import keep_bad_copy, write_atomic
from tablegames.core.places import data_folder

log = logging.getLogger(__name__)

SAVE_NAME = "checkers-game.pdn"
MODES = ("play", "watch", "two_players")


def default_save_path() -> Path:
    return data_folder() / SAVE_NAME


def export_folder() -> Path:
    return data_folder() / "exports"


@dataclass(frozen=True)
class Resumed:
    """A saved game to go on with, and what the player should be told about it ("" when it was read whole)."""

    game: FunGame
    tags: dict[str, str]
    human: int
    message: str = ""


def read_game(path: Path | None) -> Resumed | str | None:
    """The saved game unfinished at `path`; None when there is none to resume (no file, a finished game).
    A file that cannot be read whole is kept beside as NAME.bad (numbered, never overwritten) and replayed up to
    its last valid move; one that cannot be read at all is kept the same way and the message says so (a str)."""
    if path is None or not path.exists():
        return None
    try:
        text = path.read_text(encoding="utf-8")
        human = BLACK if "[Human \"white\"]" not in text else WHITE
        game, tags, problem = FunGame.replay_pdn(text, human)
    except (OSError, ValueError, KeyError) as error:
        return damaged(path, f"cannot resume {path} ({error})")
    if problem:
        kept = keep_bad_copy(path)
        log.warning("checkers: %s in %s; went on from move %d (kept as %s)", problem, path, len(game.entries),
                    kept)
        message = f"Your saved game was damaged: replayed {len(game.entries)} moves" + \
            (f" (kept as {kept.name})" if kept is not None else "")
        return Resumed(game, tags, human, message) if game.entries else message
    if game.outcome() is not None:
        return None
    return Resumed(game, tags, human)


def damaged(path: Path, problem: str) -> str:
    kept = keep_bad_copy(path)
    log.warning("checkers: %s; starting a new game (kept as %s)", problem, kept)
    return "Your saved game could not be read" + (f" (kept as {kept.name})" if kept is not None else "")


def saved_mode(tags: dict[str, str], current: str) -> str:
    """The mode a saved game was played in (`current` when the file does not say; play when it is unknown)."""
    mode = tags.get("Mode", current)
    return mode if mode in MODES else "play"


MAX_SEED = 2**31 - 1


def saved_seed(tags: dict[str, str]) -> int:
    """The game's seed from its tag: a whole number 0..2^31-1 written in ASCII digits, else 0 (a "²" or a
    5,000-digit tag must not stop the table from opening)."""
    seed = tags.get("Seed", "0")
    if not (seed.isascii() and seed.isdigit() and len(seed) <= len(str(MAX_SEED))):
        return 0
    value = int(seed)
    return value if value <= MAX_SEED else 0


def write_game(path: Path | None, game: FunGame, tags: dict[str, str]) -> str | None:
    """Write the game in progress (atomically); a finished or empty game leaves nothing to resume. A failure is
    logged and returned as what to tell the player (never raised), else None."""
    if path is None:
        return None
    try:
        if not game.entries or game.outcome() is not None:
            path.unlink(missing_ok=True)
            return None
        write_atomic(path, game.to_pdn(tags))
    except OSError as error:
        log.warning("checkers: cannot save the game to %s (%s)", path, error)
        return f"Cannot save your game in {path.parent} ({error.strerror or error})"
    return None


def export_game(game: FunGame, tags: dict[str, str]) -> Path:
    """Write the game as a new PDN file in the export folder; its path (OSError when it cannot be written)."""
    path = export_folder() / time.strftime("checkers-%Y%m%d-%H%M%S.pdn")
    write_atomic(path, game.to_pdn(tags))
    return path
