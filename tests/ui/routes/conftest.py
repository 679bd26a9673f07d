"""Keep the player's saved boards out of the tests: the user data folder is a temporary one."""

import pytest


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
