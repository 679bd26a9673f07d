"""The game in progress, saved on quit and resumed: the seed, the board's options and the actions, replayed.

The rules core deals every card from the seed, so the seed and the list of actions are the whole game. A file that
cannot be read or replayed is ignored with one log line (and a new game starts).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import TypeGuard

import platformdirs

from tablegames.core.files import write_atomic
from tablegames.fasttrack.game import FastTrackGame, Partnership

log = logging.getLogger(__name__)

SAVE_VERSION = 1


def default_path() -> Path:
    return Path(platformdirs.user_data_dir("tablegames")) / "fasttrack-game.json"


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


def game_from_json(text: str, where: str = "saved game") -> FastTrackGame:
    """Replay a saved game; ValueError saying what is wrong and where."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ValueError(f"{where}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
        raise ValueError(f"{where}: expected an object with \"version\": {SAVE_VERSION}")
    seed, players, partnership, actions = (data.get(k) for k in ("seed", "players", "partnership", "actions"))
    if not (_whole(seed) and _whole(players) and _whole(partnership)):
        raise ValueError(f"{where}: seed, players and partnership must be whole numbers")
    if partnership not in {int(p) for p in Partnership}:
        raise ValueError(f"{where}: partnership {partnership}: expected one of 0, 1, 2")
    if not isinstance(actions, list) or not all(_whole(a) for a in actions):
        raise ValueError(f"{where}: actions must be a list of whole numbers")
    game = FastTrackGame(seed=seed, players=players, partnership=partnership)
    for number, action in enumerate(actions):
        try:
            game.apply_action(action)
        except ValueError as error:
            raise ValueError(f"{where}: action {number + 1} of {len(actions)} cannot be replayed ({error})") from None
    return game


def save_game(game: FastTrackGame, path: Path) -> None:
    """Keep a game in progress; a finished or untouched game leaves no file. Failures are logged, never raised."""
    try:
        if game.is_terminal() or not game.actions:
            path.unlink(missing_ok=True)
        else:
            write_atomic(path, game_to_json(game))
    except OSError as error:
        log.warning("fasttrack: cannot save the game to %s (%s)", path, error)


def load_game(path: Path) -> FastTrackGame | None:
    """The saved game, or None when there is none or it is broken (logged)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        log.warning("fasttrack: cannot read the saved game %s (%s); starting a new game", path, error)
        return None
    try:
        return game_from_json(text, str(path))
    except ValueError as error:
        log.warning("fasttrack: ignoring the saved game (%s); starting a new game", error)
        return None
