"""A 4-piece endgame database, built once per test run (about 8 s) for the tests that need one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tablegames.checkers.endgame import build


@pytest.fixture(scope="session")
def endgame_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("endgame4")
    build.build_database(folder, 4, np.zeros(1, dtype=np.int32))
    return folder
