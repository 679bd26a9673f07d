"""A real window killed with SIGKILL in the middle of a Piddle game loses at most the move in progress: the save it
leaves reads whole (no .bad, no message) and the table resumes from it and plays on.

The window is the stress tool's (tablegames.ui.stress): the lobby, the kernels prepared, the real thinker and music,
and a seeded stream of keys and clicks at the Piddle table (Space rolls, Enter stops, 1-6 hold), in its own process.
"""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablegames.piddle.solver import Objective
from tablegames.ui.piddle import savegame
from tablegames.ui.piddle.scene import PiddleScene
from tablegames.ui.scene import Context

MOVES_BEFORE_THE_KILL = 25
PATIENCE_SECONDS = 600.0  # for a cold start (kernels compiled, solver tables built) on a busy machine


def saved_moves(path: Path) -> list[str]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))["actions"]
    except FileNotFoundError:
        return []


@pytest.mark.slow
def test_a_window_killed_mid_game_resumes_from_its_save(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"))
    save = tmp_path / "data" / "tablegames" / "piddle-game.json"
    command = [sys.executable, "-m", "tablegames.ui.stress", "--table", "piddle", "--seconds", "3600", "--seed", "5",
               "--events-log", str(tmp_path / "events.txt")]
    output = open(tmp_path / "window-output.txt", "w+", encoding="utf-8")  # noqa: SIM115 - closed below
    # its own process group: the worker process it may have spawned is cleaned up with it afterwards
    window = subprocess.Popen(command, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + PATIENCE_SECONDS  # a guard against waiting for ever, not a timing check
        while len(saved_moves(save)) < MOVES_BEFORE_THE_KILL:
            if window.poll() is not None:
                output.seek(0)
                pytest.fail(f"the window ended before the kill:\n{output.read()[-3000:]}")
            assert time.monotonic() < deadline, f"only {len(saved_moves(save))} moves saved in {PATIENCE_SECONDS} s"
            time.sleep(0.2)
        window.send_signal(signal.SIGKILL)
        assert window.wait(timeout=60) == -signal.SIGKILL
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(window.pid, signal.SIGKILL)  # the window's own children, if any outlived it
        window.wait(timeout=60)
        output.close()
    moves = saved_moves(save)
    loaded = savegame.load_saved(save, Objective())
    assert loaded.game is not None and loaded.message == "" and loaded.game.actions == moves
    assert not list(save.parent.glob("*.bad*"))
    os.environ["XDG_DATA_HOME"] = env["XDG_DATA_HOME"]  # (the autouse fixture puts it back)
    scene = PiddleScene(Context(seed=99), save_path=save)
    table = scene.controller.table
    assert table.actions == moves and table.seed == loaded.game.seed  # the killed game, not a new one
    for _ in range(6000):  # play on: the computers move, the person rolls and stops
        controller = scene.controller
        if controller.is_persons_turn():
            if table.dice is None:
                controller.roll()
            else:
                controller.stop()
        elif controller.is_settled and not controller.is_busy():
            controller.next_round()
        scene.update(0.05)
        if len(table.actions) >= len(moves) + 10:
            break
    assert saved_moves(save)[:len(moves)] == moves and len(saved_moves(save)) >= len(moves) + 10
