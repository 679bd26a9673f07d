"""Every registered game replays its kept golden playthrough exactly (see core/playthrough.py)."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tablegames.core.playthrough import REGENERATE, playthrough, playthrough_path
from tablegames.tables import load_games

FOLDER = Path(__file__).resolve().parent / "playthroughs"
GAMES = load_games()


@pytest.mark.parametrize("name", GAMES)
def test_the_game_replays_its_kept_playthrough(name: str) -> None:
    path = playthrough_path(FOLDER, name)
    assert path.exists(), f"no kept playthrough {path}: run `{REGENERATE}` and commit the file"
    kept = path.read_text(encoding="utf-8")
    fresh = playthrough(name)
    diff = "".join(difflib.unified_diff(kept.splitlines(True), fresh.splitlines(True), "kept", "fresh", n=1))
    assert fresh == kept, (
        f"{name} no longer plays its kept playthrough {path.name}. If the change is deliberate, run "
        f"`{REGENERATE}` and review the diff before committing:\n{diff[:3000]}"
    )


def test_every_kept_playthrough_belongs_to_a_registered_game() -> None:
    assert sorted(path.stem for path in FOLDER.glob("*.txt")) == GAMES


def test_a_playthrough_is_the_same_twice_and_names_its_game() -> None:
    text = playthrough("tictactoe")
    assert text == playthrough("tictactoe")
    assert text.startswith("# tictactoe: game seed 0") and "returns: " in text.splitlines()[-1]
