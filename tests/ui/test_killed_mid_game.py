"""A table killed with SIGKILL mid-game loses at most the move in progress: the autosave after every move is
whole (atomic) and the next start resumes it. The driver plays the real scene with the computers in every seat."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

DRIVER = Path(__file__).with_name("autosave_driver.py")
START_SECONDS = 120.0  # a cold numba cache compiles the kernels first


def start_driver(table: str, path: Path, seed: int) -> subprocess.Popen[str]:
    driver = subprocess.Popen([sys.executable, str(DRIVER), table, str(path), str(seed)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    assert driver.stdout is not None and driver.stdout.readline().strip() == "playing"
    return driver


def wait_for_saves(driver: subprocess.Popen[str], path: Path, count: int, moves: Callable[[bytes], int]) -> int:
    """Wait until the save has changed `count` times; the moves in the last one seen."""
    seen, last, deadline = 0, b"", time.monotonic() + START_SECONDS
    last_moves = 0
    while seen < count:
        assert driver.poll() is None, driver.stderr.read() if driver.stderr else ""
        assert time.monotonic() < deadline, f"only {seen} saves in {START_SECONDS:g} s"
        try:
            content = path.read_bytes()
        except FileNotFoundError:
            content = b""
        if content and content != last:
            seen, last = seen + 1, content
            last_moves = moves(content)
        time.sleep(0.01)
    return last_moves


def kill(driver: subprocess.Popen[str]) -> None:
    driver.send_signal(signal.SIGKILL)
    driver.wait(timeout=10)
    assert driver.returncode == -signal.SIGKILL


def fasttrack_moves(content: bytes) -> int:
    import json

    return len(json.loads(content)["actions"])


def test_fasttrack_killed_three_times_resumes_each_time(tmp_path):
    from tablegames.ui.fasttrack.savegame import load_saved

    path = tmp_path / "fasttrack-game.json"
    chance = random.Random(16)
    resumed_from = 0
    for round_number in range(3):
        driver = start_driver("fasttrack", path, seed=16)
        try:
            seen = wait_for_saves(driver, path, 5, fasttrack_moves)
            time.sleep(chance.uniform(0, 0.3))  # anywhere between two saves, or in the middle of one
        finally:
            kill(driver)
        loaded = load_saved(path)
        assert loaded.game is not None and loaded.message == "" and loaded.may_overwrite, round_number
        assert len(loaded.game.actions) >= max(seen, resumed_from + 1)  # resumed, never restarted
        assert not list(tmp_path.glob("*.bad*"))
        resumed_from = len(loaded.game.actions)


def checkers_moves(content: bytes) -> int:
    from tablegames.checkers.engine import BLACK
    from tablegames.checkers.funmode import FunGame

    game, _tags, problem = FunGame.replay_pdn(content.decode(), BLACK)
    assert problem == ""
    return len(game.entries)


def test_checkers_killed_mid_game_resumes(tmp_path):
    from tablegames.ui.checkers.savegame import Resumed, read_game

    path = tmp_path / "checkers-game.pdn"
    driver = start_driver("checkers", path, seed=16)
    try:
        seen = wait_for_saves(driver, path, 6, checkers_moves)
        time.sleep(random.Random(16).uniform(0, 0.3))
    finally:
        kill(driver)
    resumed = read_game(path)
    assert isinstance(resumed, Resumed) and resumed.message == ""
    assert len(resumed.game.entries) >= seen
    assert not list(tmp_path.glob("*.bad*"))


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
