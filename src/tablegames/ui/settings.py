"""The player's settings: a dataclass saved as JSON in the user config folder.

Loading never fails: a missing file gives the defaults; a truncated, non-JSON or wrongly typed file is reported in
one log line, kept beside the original as `settings.json.bad`, and the defaults (or the good keys) are used.
Unknown keys are ignored, numbers are clamped to their ranges, and saving is atomic; a save that cannot be written
is reported, never raised into the window. A file from an older version still loads: a setting it does not have
takes the value of the key it replaced (`LEGACY_KEYS`), or its default.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablegames.core.files import keep_bad_copy, load_json, write_atomic
from tablegames.core.places import config_folder
from tablegames.music.styles import STYLES
from tablegames.tables import TABLES

log = logging.getLogger(__name__)

MUSIC_STYLES = tuple(style.slug for style in STYLES)  # the music's own table of styles
TEXT_SIZES = ("normal", "large", "larger")
FASTTRACK_LEVELS = ("beginner", "casual", "strong", "champion", "expert")  # weakest first, as fasttrack.strategy.LEVELS
# A setting that replaced an older one: read from the old key when a file has only that (one volume became two)
LEGACY_KEYS = {"music_volume": "volume", "effects_volume": "volume"}


def _ranged(default: int | float, low: int | float, high: int | float) -> Any:
    return field(default=default, metadata={"range": (low, high)})


def _choice(default: str, choices: tuple[str, ...]) -> Any:
    return field(default=default, metadata={"choices": choices})


@dataclass
class Settings:
    # window
    fullscreen: bool = False
    window_width: int = _ranged(1280, 640, 7680)
    window_height: int = _ranged(800, 400, 4320)
    # sound (the Sound and display scene; M mutes everywhere)
    sound: bool = True  # False: muted, music and effects alike
    music: bool = True  # False: effects only (the style is kept for when the music comes back)
    music_style: str = _choice("hiphop", MUSIC_STYLES)
    music_volume: float = _ranged(0.7, 0.0, 1.0)
    effects_volume: float = _ranged(0.7, 0.0, 1.0)
    deep_bass: bool = False
    # motion, reading and accessibility
    animations: bool = True
    reduced_motion: bool = False  # no shaking, no bursts of confetti, short slides
    screen_shake: bool = True
    text_size: str = _choice("normal", TEXT_SIZES)
    # lobby
    last_table: int = _ranged(0, 0, len(TABLES) - 1)
    # new games: each install deals its own games (0: not drawn yet), and each game started deals a new one
    install_seed: int = _ranged(0, 0, 2**32 - 1)
    games_started: int = _ranged(0, 0, 2**62)
    # checkers
    checkers_piece_set: int = _ranged(8, 0, 9)
    checkers_level: int = _ranged(3, 1, 10)
    checkers_colour: str = _choice("red", ("red", "white"))
    checkers_mode: str = _choice("play", ("play", "watch", "two_players"))
    checkers_flip: bool = False
    checkers_fun_mode: bool = False
    checkers_fun_levels: str = _choice("easy", ("easy", "all"))
    checkers_square_numbers: bool = False  # 1-32 in a corner of each dark square (the move list's numbers)
    # fast track
    fasttrack_speed: int = _ranged(2, 1, 4)
    fasttrack_partners: str = _choice("none", ("none", "any_time", "when_home"))
    fasttrack_zones: int = _ranged(4, 4, 6)
    fasttrack_level: str = _choice("champion", FASTTRACK_LEVELS)  # the computers' (fasttrack.strategy.LEVELS)
    fasttrack_persons: int = _ranged(1, 0, 63)  # the seats people play, bit s for seat s (red 1); 0: watch
    # piddle
    piddle_players: int = _ranged(3, 2, 6)
    piddle_advisor: bool = True
    piddle_objective: str = _choice("lexicographic", ("lexicographic", "dollar"))
    piddle_push_value: float = _ranged(0.5, 0.0, 1.0)


def default_path() -> Path:
    return config_folder() / "settings.json"


_LARGEST_SETTING = 2**53  # beyond this an integer no longer converts to a float exactly


def _coerce(spec: dataclasses.Field[Any], value: Any) -> Any:
    """The value as the field's type, clamped or checked; raises TypeError/ValueError when it cannot be."""
    kind: type[object] = type(spec.default)  # every setting has a default (bool, int, float or str)
    if kind is bool:
        if not isinstance(value, bool):
            raise TypeError(f"expected true or false, got {value!r}")
        return value
    if kind is int or kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"expected a number, got {value!r}")
        if isinstance(value, int) and abs(value) > _LARGEST_SETTING:
            raise ValueError(f"expected a number of at most {_LARGEST_SETTING}, got one of {len(str(abs(value)))} digits"
                             if abs(value).bit_length() < 10_000 else "expected a number, got a huge one")
        if not math.isfinite(value):
            raise ValueError(f"expected a finite number, got {value!r}")
        if kind is int and value != int(value):
            raise TypeError(f"expected a whole number, got {value!r}")
        low, high = spec.metadata.get("range", (value, value))
        clamped = min(max(value, low), high)
        return int(clamped) if kind is int else float(clamped)
    if kind is str:
        if not isinstance(value, str):
            raise TypeError(f"expected text, got {value!r}")
        choices = spec.metadata.get("choices")
        if choices and value not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}, got {value!r}")
        return value
    raise TypeError(f"unsupported setting type {kind.__name__}")


def load_settings(path: Path | None = None) -> Settings:
    """The settings in `path` (default: the user's), or the defaults where the file is missing or broken."""
    path = path or default_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except UnicodeDecodeError as error:
        kept = keep_bad_copy(path)
        log.warning("settings: %s is not UTF-8 text (%s); kept it as %s, using defaults", path, error, kept)
        return Settings()
    except OSError as error:
        log.warning("settings: cannot read %s (%s); using defaults", path, error)
        return Settings()
    try:
        data = load_json(text, str(path), allow_non_finite=True)  # a bad number spoils its own key only
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object at the top, got {type(data).__name__}")
    except ValueError as error:
        kept = keep_bad_copy(path)
        log.warning("settings: %s is not valid settings (%s); kept it as %s, using defaults", path, error, kept)
        return Settings()
    values, problems = {}, []
    for spec in dataclasses.fields(Settings):
        key = spec.name if spec.name in data else LEGACY_KEYS.get(spec.name, spec.name)
        if key not in data:
            continue
        try:
            values[spec.name] = _coerce(spec, data[key])
        except (TypeError, ValueError) as error:
            problems.append(f"{spec.name}: {error}")
    if problems:
        kept = keep_bad_copy(path)
        log.warning("settings: %s has wrong values (%s); kept it as %s, using defaults for those",
                    path, "; ".join(problems), kept)
    return Settings(**values)


def save_settings(settings: Settings, path: Path | None = None) -> bool:
    """Write the settings atomically; report and return False when the file cannot be written."""
    path = path or default_path()
    try:
        write_atomic(path, json.dumps(dataclasses.asdict(settings), indent=2, sort_keys=True) + "\n")
        return True
    except OSError as error:
        log.warning("settings: cannot save %s (%s); your choices last until you quit", path, error)
        return False

