"""The Piddle table in progress, saved after every move and resumed when the table opens: the seed, the players
and the moves, replayed.

Every die comes from generators seeded by the table's seed (piddle.table), so the seed and the recorded moves are
the whole table: the scores, the round, whose turn, the dice and the holds, and where the generators stand, so
the same game goes on. Reading it back never loses the player's data (core.savegame: a damaged file is kept as
.bad and replayed as far as it goes, a newer one is left alone and never written over).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeGuard

from tablegames.core.places import data_folder
from tablegames.core.savegame import Loaded, Replayed, is_whole, read_saved_object, replay_actions, write_save
from tablegames.core.savegame import load_saved as load_saved_game
from tablegames.piddle.solver import MAX_PLAYERS, Objective
from tablegames.piddle.table import PiddleTable
from tablegames.ui.piddle.controller import make_table

SAVE_VERSION = 1
TABLE = "piddle"


def default_path() -> Path:
    return data_folder() / "piddle-game.json"


def table_to_json(table: PiddleTable) -> str:
    return json.dumps({"version": SAVE_VERSION, "seed": int(table.seed), "players": table.players,
                       "actions": table.actions}) + "\n"


def replay(text: str, where: str, objective: Objective) -> Replayed[PiddleTable]:
    """The table replayed up to its last valid move (its computers playing for `objective` from then on);
    ValueError when not even the table's start can be read."""
    data = read_saved_object(text, where, SAVE_VERSION)
    seed, players, actions = data.get("seed"), data.get("players"), data.get("actions")
    if not (is_whole(seed) and is_whole(players)):
        raise ValueError(f"{where}: seed and players must be whole numbers")
    if not 0 <= seed < 2**63:
        raise ValueError(f"{where}: seed {seed}: expected 0 to 2^63-1")
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"{where}: players {players}: expected 2 to {MAX_PLAYERS}")
    if not isinstance(actions, list):
        raise ValueError(f"{where}: actions must be a list of moves")
    table = make_table(players, seed, False, objective)
    return replay_actions(table, actions, PiddleTable.play, is_text, where, "move", "text")


def is_text(value: object) -> TypeGuard[str]:
    return isinstance(value, str)


def save_table(table: PiddleTable, path: Path) -> str | None:
    """Keep the table's moves (an untouched table leaves no file); None when saved, else what to tell the player."""
    return write_save(path, table_to_json(table) if table.actions else None, TABLE)


def load_saved(path: Path, objective: Objective) -> Loaded[PiddleTable]:
    """The saved table, as far as it can be replayed (see core.savegame.load_saved)."""
    return load_saved_game(path, lambda text, where: replay(text, where, objective), TABLE)
