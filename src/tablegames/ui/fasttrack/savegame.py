"""The game in progress, saved on quit and resumed: the seed, the board's options and the actions, replayed.

The rules core deals every card from the seed, so the seed and the list of actions are the whole game. Reading it back
never loses the player's data (core.savegame: a damaged file is kept as .bad and replayed as far as it goes, a newer
one is left alone).
"""

from __future__ import annotations

import json
from pathlib import Path

from tablegames.core.places import data_folder
from tablegames.core.savegame import Loaded, Replayed, is_whole, read_saved_object, replay_actions, write_save
from tablegames.core.savegame import load_saved as load_saved_game
from tablegames.fasttrack.game import FastTrackGame, Partnership

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


def game_from_json(text: str, where: str = "saved game") -> FastTrackGame:
    """Replay a saved game; ValueError saying what is wrong and where (core.savegame.NewerSaveError for a newer
    format)."""
    replayed = replay(text, where)
    if replayed.problem:
        raise ValueError(replayed.problem)
    return replayed.game


def replay(text: str, where: str) -> Replayed[FastTrackGame]:
    """The game replayed up to its last valid action; ValueError when not even the game's start can be read."""
    data = read_saved_object(text, where, SAVE_VERSION)
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
    return replay_actions(game, actions, FastTrackGame.apply_action, is_whole, where)


def save_game(game: FastTrackGame, path: Path) -> str | None:
    """Keep a game in progress; a finished or untouched game leaves no file. A failure is logged and returned as
    what to tell the player (never raised), else None."""
    return write_save(path, None if game.is_terminal() or not game.actions else game_to_json(game), "fasttrack")


def load_saved(path: Path) -> Loaded[FastTrackGame]:
    """Read the saved game, never losing the player's data: a file that cannot be read whole is kept beside as
    NAME.bad (numbered, never overwritten) and replayed up to its last valid action; a newer format is left alone
    and not written over. Problems are logged and said in `message` for the window."""
    return load_saved_game(path, replay, "fasttrack")


def load_game(path: Path) -> FastTrackGame | None:
    """The saved game as far as it can be replayed, or None (see load_saved)."""
    return load_saved(path).game
