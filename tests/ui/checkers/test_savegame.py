"""The checkers save on disk: a valid save resumes, and any damage to it is read as far as it goes or refused,
never raised; the player's file is left byte for byte as it was, a damaged one copied beside as `.bad`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given

from fuzzing import fuzz_settings, mutated
from tablegames.checkers.engine import BLACK
from tablegames.ui.checkers.savegame import Resumed, read_game

# Written by hand in the table's format (its tags, a fun-mode event and its setup), not by the code under test.
SAVE_WITH_EVENT = b"""[Event "tablegames checkers"]
[Date "2026.01.01"]
[Black "You"]
[White "Dozy Dave"]
[Mode "play"]
[Human "red"]
[Level "2"]
[Seed "12345"]
[SetUp "1"]
[FEN "W:W18,21,22,23,24,25:B1,2,14"]
[Result "*"]

1... 18x9 {*lightning 21} /B:W9,22,23,24,25:B1,2/ 2. 2-7 25-21 *
"""
SAVE_FROM_THE_START = b"""[Event "tablegames checkers"]
[Mode "two_players"]
[Human "white"]
[Seed "7"]
[Result "*"]

1. 11-15 23-19 2. 8-11 22-17 *
"""


@pytest.mark.parametrize("data, entries", [(SAVE_WITH_EVENT, 4), (SAVE_FROM_THE_START, 4)])
def test_a_valid_save_resumes_whole(tmp_path: Path, data: bytes, entries: int) -> None:
    path = tmp_path / "checkers-game.pdn"
    path.write_bytes(data)
    resumed = read_game(path)
    assert isinstance(resumed, Resumed) and resumed.message == ""
    assert len(resumed.game.entries) == entries and resumed.human == (BLACK if b"red" in data else 1)
    assert not list(tmp_path.glob("*.bad*"))


@fuzz_settings()
@given(data=mutated(SAVE_WITH_EVENT) | mutated(SAVE_FROM_THE_START))
def test_fuzzed_saves_resume_or_are_refused_and_stay_intact(tmp_path_factory: pytest.TempPathFactory,
                                                            data: bytes) -> None:
    folder = tmp_path_factory.mktemp("save")
    path = folder / "checkers-game.pdn"
    path.write_bytes(data)
    resumed = read_game(path)  # never raises
    assert resumed is None or isinstance(resumed, str | Resumed)
    assert path.read_bytes() == data  # the player's file is never changed by reading it
    copies = list(folder.glob("*.bad*"))
    if isinstance(resumed, str) or (isinstance(resumed, Resumed) and resumed.message):
        assert [copy.read_bytes() for copy in copies] == [data]  # a damaged save is kept whole beside
    else:
        assert copies == []
