"""A game in progress on disk, kept as its seed and the actions that made it, read back without losing the
player's data. Each table says how its game is written and replayed; the rest is done here the same way for
every table:

- `read_saved_object`: the file's JSON object of this format; a file written by a newer version of the suite is
  refused with `NewerSaveError`, and then left untouched and never written over;
- `load_saved`: a file that cannot be read whole is kept beside as NAME.bad (numbered, never overwritten) and
  replayed up to its last valid action; the player is told in `Loaded.message`, the log says why;
- `write_save`: written atomically, or removed when there is nothing to keep; a failure is returned, never raised.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeGuard, TypeVar

from tablegames.core.files import keep_bad_copy, load_json, write_atomic

log = logging.getLogger(__name__)

Game = TypeVar("Game")
Action = TypeVar("Action")


def is_whole(value: object) -> TypeGuard[int]:
    """An int and not a bool (JSON's true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


class NewerSaveError(ValueError):
    """The save was written by a newer version of the suite: refused and left as it is."""


@dataclass(frozen=True)
class Replayed(Generic[Game]):
    """A saved game replayed as far as it goes: `replayed` of its `total` actions, and why it stopped ("" when it
    went to the end)."""

    game: Game
    replayed: int
    total: int
    problem: str = ""


def replay_actions(game: Game, actions: list[object], play: Callable[[Game, Action], None],
                   accepts: Callable[[object], TypeGuard[Action]], where: str, noun: str = "action",
                   kind: str = "a number") -> Replayed[Game]:
    """Play the saved `actions` on `game` in turn, up to the first that is not of the right `kind` or that the
    rules refuse (a ValueError from `play`): the game as far as it went, and why it stopped."""
    for number, action in enumerate(actions):
        where_in = f"{where}: {noun} {number + 1} of {len(actions)}"
        if not accepts(action):
            return Replayed(game, number, len(actions), f"{where_in} is not {kind}")
        try:
            play(game, action)
        except ValueError as error:
            return Replayed(game, number, len(actions), f"{where_in} cannot be replayed ({error})")
    return Replayed(game, len(actions), len(actions))


@dataclass(frozen=True)
class Loaded(Generic[Game]):
    """What reading the saved game gave: the game (None: start a new one), what the player should be told, and
    whether the file may be written over (not when a newer version of the suite wrote it)."""

    game: Game | None
    message: str = ""
    may_overwrite: bool = True


def read_saved_object(text: str, where: str, version: int, oldest: int | None = None) -> dict[str, object]:
    """The save's JSON object; ValueError saying what is wrong and where (NewerSaveError for a newer format).
    `oldest`: the earliest format still read (the default: only `version`); the caller reads `data["version"]`."""
    data = load_json(text, where)
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a JSON object, got {type(data).__name__}")
    found = data.get("version")
    if is_whole(found) and found > version:
        raise NewerSaveError(f"{where}: saved by a newer version of tablegames (format {found}; this one reads "
                             f"{version})")
    first = version if oldest is None else oldest
    if not (is_whole(found) and first <= found <= version):  # (true == 1 and 1.0 == 1 in Python: not versions)
        expected = str(version) if first == version else f"{first} to {version}"
        raise ValueError(f"{where}: expected \"version\": {expected}, got {found!r}")
    return data


def load_saved(path: Path, replay: Callable[[str, str], Replayed[Game]], table: str) -> Loaded[Game]:
    """Read the saved game at `path` with `replay(text, where)` (ValueError when not even the game's start can be
    read), never losing the player's data (see the module's docstring). `table` names the table in the log."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(None)
    except (OSError, UnicodeDecodeError) as error:
        return damaged(path, table, f"cannot read {path} ({error})", None)
    try:
        replayed = replay(text, str(path))
    except NewerSaveError as error:
        log.warning("%s: %s; left as it is", table, error)
        return Loaded(None, "Your saved game comes from a newer tablegames: left untouched (this game is not "
                            "saved)", may_overwrite=False)
    except ValueError as error:
        return damaged(path, table, str(error), None)
    if replayed.problem:
        return damaged(path, table, replayed.problem, replayed.game,
                       f"replayed {replayed.replayed} of {replayed.total} moves")
    return Loaded(replayed.game)


def damaged(path: Path, table: str, problem: str, game: Game | None, recovered: str = "") -> Loaded[Game]:
    kept = keep_bad_copy(path)
    where = f"kept as {kept.name}" if kept is not None else "no copy could be kept"
    log.warning("%s: ignoring the saved game (%s); %s", table, problem, where)
    start = f"Your saved game was damaged: {recovered}" if recovered else "Your saved game could not be read"
    return Loaded(game, f"{start} ({where})")


def write_save(path: str | os.PathLike[str], text: str | None, table: str, what: str = "game") -> str | None:
    """Write the save atomically (`text` None: there is nothing to keep, the file is removed); None when done,
    else what to tell the player (logged too), never an exception: the game goes on."""
    try:
        if text is None:
            Path(path).unlink(missing_ok=True)
        else:
            write_atomic(path, text)
    except OSError as error:
        log.warning("%s: cannot save the game to %s (%s)", table, path, error)
        return f"Cannot save your {what} in {Path(path).parent} ({error.strerror or error})"
    return None
