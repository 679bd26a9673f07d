"""The route planner's board, kept after every change and restored when the planner opens.

The file (`routes-planner.json` in the user data folder) holds its format version, the company the planner shows
and the board as a board file holds it (map, phase, tiles, tokens, trains: `routes.boards.board_to_dict`):

    {"version": 1, "company": "HVR", "board": {"format": "tablegames-18xx-board", "version": 1, ...}}

It is written through `core.files.write_atomic`. A file that cannot be read (damaged, or its map file gone) is
kept beside as NAME.bad (numbered, never overwritten) and the planner opens on the shipped board; a file written by
a newer version is left as it is and not written over. Either way `Loaded.message` says so for the window.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from tablegames.core.files import keep_bad_copy, load_json
from tablegames.core.places import data_folder
from tablegames.core.savegame import write_save
from tablegames.routes.boards import board_from_dict, board_to_dict, resolve_map_ref
from tablegames.routes.hexmap import BoardState

log = logging.getLogger(__name__)

SAVE_VERSION = 1
SAVE_NAME = "routes-planner.json"


def default_path() -> Path:
    return data_folder() / SAVE_NAME


def planner_to_json(board: BoardState, company: str) -> str:
    return json.dumps({"version": SAVE_VERSION, "company": company, "board": board_to_dict(board)}, indent=1) + "\n"


@dataclass(frozen=True)
class Loaded:
    """What reading the planner's file gave: the board and company (None: open on the default board), what the
    player should be told, and whether the file may be written over (not when a newer version wrote it)."""

    board: BoardState | None
    company: str | None = None
    message: str = ""
    may_overwrite: bool = True


class NewerSaveError(ValueError):
    """The file was written by a newer version of the suite: refused and left as it is."""


def planner_from_json(text: str, where: str, folder: Path) -> tuple[BoardState, str]:
    """The board and company of a planner file; ValueError saying what is wrong and where (NewerSaveError for a
    newer format; a relative map path is read from `folder`)."""
    data = load_json(text, where, unique_keys=True)
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a JSON object, got {type(data).__name__}")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        raise NewerSaveError(f"{where}: written by a newer version of tablegames (format {version}; this one "
                             f"reads {SAVE_VERSION})")
    if not (isinstance(version, int) and not isinstance(version, bool) and version == SAVE_VERSION):
        raise ValueError(f"{where}: expected \"version\": {SAVE_VERSION}, got {str(version)[:40]}")
    board = board_from_dict(data.get("board"), f"{where}: board", lambda ref: resolve_map_ref(ref, folder))
    company = data.get("company")
    companies = [c.sym for c in board.game_map.companies]
    if not isinstance(company, str) or company not in companies:
        raise ValueError(f"{where}: company {str(company)[:40]!r}, expected one of {', '.join(companies)}")
    return board, company


def load_saved(path: Path) -> Loaded:
    """Read the planner's file, never losing the player's data (see the module's docstring)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(None)
    except (OSError, UnicodeDecodeError) as error:
        return damaged(path, f"cannot read {path} ({error})")
    try:
        board, company = planner_from_json(text, str(path), path.parent)
    except NewerSaveError as error:
        log.warning("routes: %s; left as it is", error)
        return Loaded(None, message="Your planner board comes from a newer tablegames: left untouched (changes "
                                    "here are not kept)", may_overwrite=False)
    except ValueError as error:
        return damaged(path, str(error))
    return Loaded(board, company)


def damaged(path: Path, problem: str) -> Loaded:
    kept = keep_bad_copy(path)
    where = f"kept as {kept.name}" if kept is not None else "no copy could be kept"
    log.warning("routes: ignoring the planner's board (%s); %s", problem, where)
    return Loaded(None, message=f"Your planner board could not be read ({where}); the planner starts afresh")


def save_planner(board: BoardState, company: str, path: Path) -> str | None:
    """Write the planner's board; what to tell the player when it could not be written (None when it was)."""
    return write_save(path, planner_to_json(board, company), "routes", what="board")
