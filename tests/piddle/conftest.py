"""Piddle tests keep their solver tables in a temporary cache, never in the user's cache dir."""

import pytest


@pytest.fixture(scope="session", autouse=True)
def piddle_cache(tmp_path_factory):
    root = tmp_path_factory.mktemp("piddle-cache")
    patcher = pytest.MonkeyPatch()
    patcher.setenv("TABLEGAMES_CACHE_DIR", str(root))
    yield root
    patcher.undo()
