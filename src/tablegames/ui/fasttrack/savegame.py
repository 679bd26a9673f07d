"""The game in progress, saved on quit and resumed: the seed, the board's options, the seats and the actions, replayed.

The rules core deals every card from the seed, and the computers' choices are hashed from the seed and the move, so
the seed and the list of actions are the whole game. Format 2 also keeps who sits where: each seat's kind ("person"
or "computer") and the computers' level; a format 1 file (red a person against champions, as the table then played)
is still read. Reading it back never loses the player's data (core.savegame: a damaged file is kept as .bad and
replayed as far as it goes, a newer one is left alone).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from tablegames.core.places import data_folder
from tablegames.core.savegame import Loaded, Replayed, is_whole, read_saved_object, replay_actions, write_save
from tablegames.core.savegame import load_saved as load_saved_game
from tablegames.fasttrack.game import FastTrackGame, Partnership
from tablegames.fasttrack.strategy import LEVELS
from tablegames.ui.fasttrack.seating import RED_PERSON, SEAT_KINDS, Seating

SAVE_VERSION = 2
OLDEST_VERSION = 1  # no seats and no level: red a person, the others champions


@dataclass(frozen=True)
class SavedTable:
    """A saved game and its seating."""

    game: FastTrackGame
    seating: Seating


def default_path() -> Path:
    return data_folder() / "fasttrack-game.json"


def game_to_json(game: FastTrackGame, seating: Seating = RED_PERSON) -> str:
    data = {
        "version": SAVE_VERSION,
        "seed": int(game.seed),
        "players": game.players,
        "partnership": int(game.partnership),
        "seats": seating.kinds(game.players),
        "level": seating.level,
        "actions": [int(a) for a in game.actions],
    }
    return json.dumps(data) + "\n"


def game_from_json(text: str, where: str = "saved game") -> FastTrackGame:
    """Replay a saved game; ValueError saying what is wrong and where (core.savegame.NewerSaveError for a newer
    format)."""
    return table_from_json(text, where).game


def table_from_json(text: str, where: str = "saved game") -> SavedTable:
    """Replay a saved game with its seating; ValueError as `game_from_json`."""
    replayed = replay_table(text, where)
    if replayed.problem:
        raise ValueError(replayed.problem)
    return replayed.game


def seating_of(data: dict[str, object], players: int, where: str) -> Seating:
    """The seats and level of a save (format 1: red a person against champions)."""
    if data["version"] == OLDEST_VERSION:
        return RED_PERSON
    seats, level = data.get("seats"), data.get("level")
    if not (isinstance(seats, list) and len(seats) == players and all(kind in SEAT_KINDS for kind in seats)):
        raise ValueError(f"{where}: seats must list {players} of {' or '.join(repr(k) for k in SEAT_KINDS)}")
    if level not in LEVELS:
        raise ValueError(f"{where}: level {str(level)[:40]!r}: expected one of {', '.join(LEVELS)}")
    return Seating.from_kinds([str(kind) for kind in seats], str(level))


def replay_table(text: str, where: str) -> Replayed[SavedTable]:
    """The game replayed up to its last valid action, with its seating; ValueError when not even the game's start
    can be read."""
    data = read_saved_object(text, where, SAVE_VERSION, oldest=OLDEST_VERSION)
    seed, players, partnership, actions = (data.get(k) for k in ("seed", "players", "partnership", "actions"))
    if not (is_whole(seed) and is_whole(players) and is_whole(partnership)):
        raise ValueError(f"{where}: seed, players and partnership must be whole numbers")
    if not 0 <= seed < 2**63:
        raise ValueError(f"{where}: seed {seed}: expected 0 to 2^63-1")
    if partnership not in {int(p) for p in Partnership}:
        raise ValueError(f"{where}: partnership {partnership}: expected one of 0, 1, 2")
    if not isinstance(actions, list):
        raise ValueError(f"{where}: actions must be a list of whole numbers")
    game = FastTrackGame(seed=seed, players=players, partnership=partnership)
    seating = seating_of(data, players, where)
    replayed = replay_actions(game, actions, FastTrackGame.apply_action, is_whole, where)
    return Replayed(SavedTable(replayed.game, seating), replayed.replayed, replayed.total, replayed.problem)


def replay(text: str, where: str) -> Replayed[FastTrackGame]:
    """The game replayed up to its last valid action; ValueError when not even the game's start can be read."""
    replayed = replay_table(text, where)
    return Replayed(replayed.game.game, replayed.replayed, replayed.total, replayed.problem)


def save_game(game: FastTrackGame, path: Path, seating: Seating = RED_PERSON) -> str | None:
    """Keep a game in progress; a finished or untouched game leaves no file. A failure is logged and returned as
    what to tell the player (never raised), else None."""
    text = None if game.is_terminal() or not game.actions else game_to_json(game, seating)
    return write_save(path, text, "fasttrack")


def load_saved_table(path: Path) -> Loaded[SavedTable]:
    """Read the saved game and its seating, never losing the player's data: a file that cannot be read whole is
    kept beside as NAME.bad (numbered, never overwritten) and replayed up to its last valid action; a newer format
    is left alone and not written over. Problems are logged and said in `message` for the window."""
    return load_saved_game(path, replay_table, "fasttrack")


def load_saved(path: Path) -> Loaded[FastTrackGame]:
    """`load_saved_table` without the seating."""
    loaded = load_saved_table(path)
    game = loaded.game.game if loaded.game is not None else None
    return Loaded(game, loaded.message, loaded.may_overwrite)


def load_game(path: Path) -> FastTrackGame | None:
    """The saved game as far as it can be replayed, or None (see load_saved)."""
    return load_saved(path).game
