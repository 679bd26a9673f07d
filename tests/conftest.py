"""Headless from the first import: no window, no sound device."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path, monkeypatch):
    """No test reads or writes the player's settings, saved games or boards: each gets fresh folders."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
