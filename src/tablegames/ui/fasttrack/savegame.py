"""The game in progress, saved on quit and resumed: the seed, the board's options and the actions, replayed.

The rules core deals every card from the seed, so the seed and the list of actions are the whole game. A file that
cannot be read or replayed is ignored with one log line (and a new game starts).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from tablegames.core.files import keep_bad_copy, load_json, write_atomic
from tablegames.core.places import data_folder
from tablegames.fasttrack.game import FastTrackGame, Partnership

log = logging.getLogger(__name__)

SAVE_VERSION = 1


def default_path() -> Path:
    return data_folder() / "fasttrack-game.json"


def game_to_json(game: FastTrackGame) -> str:
    data = {
        "version": SAVE_VERSION,
        "seed": int(game.seed),
        "players": game.players,
        "partnership": int(game.partnership),
        "actions": [int(a) for a in game.actions],
    }
    return json.dumps(data) + "\n"


def _whole(value: object) -> TypeGuard[int]:
    """An int and not a bool (JSON's true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Loaded:
    """What reading the saved game gave: the game (None: start a new one), what the player should be told, and
    whether the file may be written over (not when a newer version of the suite wrote it)."""

    game: FastTrackGame | None
    message: str = ""
    may_overwrite: bool = True


class NewerSaveError(ValueError):
    """The save was written by a newer version of the suite: refused and left as it is."""


def game_from_json(text: str, where: str = "saved game") -> FastTrackGame:
    """Replay a saved game; ValueError saying what is wrong and where (NewerSaveError for a newer format)."""
    game, replayed, total, problem = replay(text, where)
    if problem:
        raise ValueError(problem)
    return game


def replay(text: str, where: str) -> tuple[FastTrackGame, int, int, str]:
    """The game replayed up to its last valid action: (game, actions replayed, actions saved, the problem or "").
    ValueError when not even the game's start can be read."""
    data = load_json(text, where)
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a JSON object, got {type(data).__name__}")
    version = data.get("version")
    if _whole(version) and version > SAVE_VERSION:
        raise NewerSaveError(f"{where}: saved by a newer version of tablegames (format {version}; this one reads "
                             f"{SAVE_VERSION})")
    if version != SAVE_VERSION:
        raise ValueError(f"{where}: expected \"version\": {SAVE_VERSION}, got {version!r}")
    seed, players, partnership, actions = (data.get(k) for k in ("seed", "players", "partnership", "actions"))
    if not (_whole(seed) and _whole(players) and _whole(partnership)):
        raise ValueError(f"{where}: seed, players and partnership must be whole numbers")
    if not 0 <= seed < 2**63:
        raise ValueError(f"{where}: seed {seed}: expected 0 to 2^63-1")
    if partnership not in {int(p) for p in Partnership}:
        raise ValueError(f"{where}: partnership {partnership}: expected one of 0, 1, 2")
    if not isinstance(actions, list):
        raise ValueError(f"{where}: actions must be a list of whole numbers")
    game = FastTrackGame(seed=seed, players=players, partnership=partnership)
    for number, action in enumerate(actions):
        if not _whole(action):
            return game, number, len(actions), f"{where}: action {number + 1} of {len(actions)} is not a number"
        try:
            game.apply_action(action)
        except ValueError as error:
            return game, number, len(actions), (f"{where}: action {number + 1} of {len(actions)} cannot be "
                                                f"replayed ({error})")
    return game, len(actions), len(actions), ""


def save_game(game: FastTrackGame, path: Path) -> str | None:
    """Keep a game in progress; a finished or untouched game leaves no file. A failure is logged and returned as
    what to tell the player (never raised), else None."""
    try:
        if game.is_terminal() or not game.actions:
            path.unlink(missing_ok=True)
        else:
            write_atomic(path, game_to_json(game))
    except OSError as error:
        log.warning("fasttrack: cannot save the game to %s (%s)", path, error)
        return f"Cannot save your game in {path.parent} ({error.strerror or error})"
    return None


def load_saved(path: Path) -> Loaded:
    """Read the saved game, never losing the player's data: a file that cannot be read whole is kept beside as
    NAME.bad (numbered, never overwritten) and replayed up to its last valid action; a newer format is left alone
    and not written over. Problems are logged and said in `message` for the window."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(None)
    except (OSError, UnicodeDecodeError) as error:
        return damaged(path, f"cannot read {path} ({error})", None)
    try:
        game, replayed, total, problem = replay(text, str(path))
    except NewerSaveError as error:
        log.warning("fasttrack: %s; left as it is", error)
        return Loaded(None, "Your saved game comes from a newer tablegames: left untouched (this game is not "
                            "saved)", may_overwrite=False)
    except ValueError as error:
        return damaged(path, str(error), None)
    if problem:
        return damaged(path, problem, game, f"replayed {replayed} of {total} moves")
    return Loaded(game)


def damaged(path: Path, problem: str, game: FastTrackGame | None, recovered: str = "") -> Loaded:
    kept = keep_bad_copy(path)
    where = f"kept as {kept.name}" if kept is not None else "no copy could be kept"
    log.warning("fasttrack: ignoring the saved game (%s); %s", problem, where)
    start = f"Your saved game was damaged: {recovered}" if recovered else "Your saved game could not be read"
    return Loaded(game, f"{start} ({where})")


def load_game(path: Path) -> FastTrackGame | None:
    """The saved game as far as it can be replayed, or None (see load_saved)."""
    return load_saved(path).game
