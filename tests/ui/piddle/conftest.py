"""Keep the player's settings and the solver's table cache out of the tests: temporary folders."""

import pytest


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture(scope="session", autouse=True)
def piddle_cache(tmp_path_factory):
    patcher = pytest.MonkeyPatch()
    patcher.setenv("TABLEGAMES_CACHE_DIR", str(tmp_path_factory.mktemp("piddle-cache")))
    yield
    patcher.undo()
