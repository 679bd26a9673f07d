"""The checkers evaluation: a weighted sum of eight facts, and the weights file that holds the learned weights.

The facts (search_kernels.evaluation_facts) are counted for the side to move minus the opponent: men, kings,
advancement of the men (rows travelled), men still on the home row, pieces on the eight centre squares, men on
the edge files, simple moves available, kings on the centre squares.

`src/tablegames/checkers/weights/checkers.json` (repository root) holds the learned weights, written by `tablegames checkers train`:

    {"format": "tablegames-checkers-weights", "version": 1,
     "weights": {"men": 100, "kings": 137, ...all eight...}, "training": {...free-form notes...}}

A missing file means the built-in learned weights (the same numbers as the shipped file); a broken one also
falls back to them, with one warning, never a crash.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import numpy as np
import numpy.typing as npt

from tablegames.checkers.pdn import quoted
from tablegames.checkers.position import Position
from tablegames.checkers.search_kernels import FACT_COUNT, FACT_NAMES, evaluation_facts
from tablegames.core.files import load_json

WEIGHTS_FORMAT = "tablegames-checkers-weights"
WEIGHTS_VERSION = 1
WEIGHTS_PATH = Path(__file__).resolve().parent / "weights" / "checkers.json"  # shipped in the package
MAX_ABS_WEIGHT = 10_000.0


def weights_from_mapping(values: dict[str, float]) -> npt.NDArray[np.float64]:
    return np.array([float(values[name]) for name in FACT_NAMES], dtype=np.float64)


def weights_to_mapping(weights: npt.NDArray[np.float64]) -> dict[str, float]:
    return {name: round(float(value), 3) for name, value in zip(FACT_NAMES, weights, strict=True)}


# "Count the pieces": where training starts.
PIECE_COUNT = weights_from_mapping(
    {"men": 100, "kings": 100, "advancement": 0, "back_row": 0, "centre": 0, "edge": 0, "mobility": 0,
     "king_centre": 0}
)
# Written by hand from checkers lore (kings ~1.4 men, hold the back row, take the centre, avoid the edge); levels
# 2 to 8 play with these.
HAND_TUNED = weights_from_mapping(
    {"men": 100, "kings": 140, "advancement": 1.5, "back_row": 6, "centre": 4, "edge": -3, "mobility": 2,
     "king_centre": 10}
)
# The shipped learned weights (a copy of weights/checkers.json, used when the file is missing or broken).
BUILTIN_LEARNED = weights_from_mapping(
    {"men": 100, "kings": 163.91, "advancement": -6.75, "back_row": 10.68, "centre": -3.73, "edge": -6.33,
     "mobility": 2.05, "king_centre": 34.47}
)


def parse_weights(text: str, where: str = "weights file") -> npt.NDArray[np.float64]:
    """The weights in a weights file's text; ValueError saying what is wrong, where, and what was expected."""
    data = load_json(text, where)
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a JSON object, got {type(data).__name__}")
    if data.get("format") != WEIGHTS_FORMAT:
        raise ValueError(f"{where}: 'format' is {quoted(str(data.get('format')))}, expected {WEIGHTS_FORMAT!r}")
    if data.get("version") != WEIGHTS_VERSION:
        raise ValueError(f"{where}: 'version' is {quoted(str(data.get('version')))}, expected {WEIGHTS_VERSION}")
    values = data.get("weights")
    if not isinstance(values, dict):
        raise ValueError(f"{where}: 'weights' must be an object with the keys {', '.join(FACT_NAMES)}")
    missing = [name for name in FACT_NAMES if name not in values]
    if missing:
        raise ValueError(f"{where}: 'weights' is missing {', '.join(missing)}; expected {', '.join(FACT_NAMES)}")
    unknown = sorted(set(values) - set(FACT_NAMES))
    if unknown:
        raise ValueError(f"{where}: 'weights' has unknown keys {quoted(', '.join(unknown))}; expected exactly "
                         f"{', '.join(FACT_NAMES)}")
    for name in FACT_NAMES:
        value = values[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"{where}: weight {name!r} is {quoted(str(value))}, expected a number")
        if abs(value) > MAX_ABS_WEIGHT:  # before any float(): a 400-digit integer is too large for one
            raise ValueError(f"{where}: weight {name!r} is {quoted(str(value))}, expected at most "
                             f"{MAX_ABS_WEIGHT:g} in size")
    if values["men"] <= 0:
        raise ValueError(f"{where}: weight 'men' is {values['men']}, expected a positive number")
    return weights_from_mapping(values)


def format_weights(weights: npt.NDArray[np.float64], training: dict[str, object] | None = None) -> str:
    """A weights file's text (stable key order, so the same weights give the same bytes)."""
    document = {
        "format": WEIGHTS_FORMAT,
        "version": WEIGHTS_VERSION,
        "weights": weights_to_mapping(weights),
        "training": training or {},
    }
    return json.dumps(document, indent=2) + "\n"


def read_weights(path: str | os.PathLike[str]) -> npt.NDArray[np.float64]:
    """The weights in a file; ValueError when it cannot be read or is not a valid weights file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{path}: cannot read the weights file ({error})") from None
    return parse_weights(text, str(path))


_loaded: dict[str, npt.NDArray[np.float64]] = {}


def learned_weights(path: str | os.PathLike[str] | None = None) -> npt.NDArray[np.float64]:
    """The learned weights (levels 9 and 10): from the weights file, read once; the built-in ones when it is
    missing, or (with one warning) when it is broken."""
    target = str(path if path is not None else WEIGHTS_PATH)
    if target not in _loaded:
        if not Path(target).exists():
            _loaded[target] = BUILTIN_LEARNED.copy()
        else:
            try:
                _loaded[target] = read_weights(target)
            except ValueError as error:
                warnings.warn(f"{error}; using the built-in checkers weights", RuntimeWarning, stacklevel=2)
                _loaded[target] = BUILTIN_LEARNED.copy()
    return _loaded[target].copy()


def facts(position: Position) -> npt.NDArray[np.float64]:
    """The eight facts of a position, side to move minus opponent (float64[8])."""
    out = np.zeros(FACT_COUNT, dtype=np.float64)
    evaluation_facts(position.own, position.other, position.kings, position.turn, out)
    return out


def evaluate_position(position: Position, weights: npt.NDArray[np.float64]) -> float:
    """The evaluation of a position for the side to move (a man is worth weights[men], about 100)."""
    return float(facts(position) @ weights)
