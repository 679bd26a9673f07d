"""The window under a seeded random stream of keys, clicks, drags and resizes, with the real thinker thread and the
real music player: no crash, no exception, no error logged, no sound engine lost (tablegames.ui.stress).

Each table runs in its own process, so a segmentation fault fails the test with the seed and the last 50 actions
instead of ending pytest. Replay a failure with `python -m tablegames.ui.stress --table T --seed S` (the same
actions; the frames they land on vary with the machine's speed). TABLEGAMES_STRESS_SEED picks another stream.
"""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tablegames.ui.stress import TABLE_NAMES, TAIL_EVENTS

SEED = int(os.environ.get("TABLEGAMES_STRESS_SEED", "0"))


def run_stress(table: str, seconds: float, folder: Path, extra_env: dict[str, str] | None = None,
               timeout: float = 600) -> str:
    events = folder / f"{table}-events.txt"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONFAULTHANDLER="1",
               XDG_CONFIG_HOME=str(folder / "config"), XDG_DATA_HOME=str(folder / "data"),
               XDG_STATE_HOME=str(folder / "state"), **(extra_env or {}))
    command = [sys.executable, "-m", "tablegames.ui.stress", "--table", table, "--seconds", str(seconds),
               "--seed", str(SEED), "--events-log", str(events)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    if result.returncode != 0:
        how = (f"killed by {signal.Signals(-result.returncode).name}" if result.returncode < 0
               else f"exit {result.returncode}")
        tail = events.read_text(encoding="utf-8").splitlines()[-TAIL_EVENTS:] if events.exists() else []
        pytest.fail(f"stress {table} with seed {SEED}: {how}\n--- the last {len(tail)} actions:\n" + "\n".join(tail)
                    + f"\n--- stderr (end):\n{result.stderr[-4000:]}", pytrace=False)
    return result.stdout


@pytest.mark.parametrize("table", TABLE_NAMES)
def test_fifteen_seconds_of_random_input_at_every_table(table, tmp_path):
    out = run_stress(table, 15, tmp_path)
    summary = next(line for line in out.splitlines() if line.startswith(f"stress {table}:"))
    assert "300 actions" in summary  # 20 a second for 15 s: the stream really ran
    assert "table entered 0x" not in summary
    assert "0 errors" in summary and "LOST" not in summary


@pytest.fixture(scope="session")
def boundscheck_cache(tmp_path_factory) -> Path:
    """Bounds-checked kernels compile into their own cache: the normal cache stays as it is."""
    return tmp_path_factory.mktemp("numba-boundscheck-cache")


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLE_NAMES)
def test_three_minutes_with_bounds_checked_kernels(table, tmp_path, boundscheck_cache):
    out = run_stress(table, 180, tmp_path, {"NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(boundscheck_cache)},
                     timeout=1800)
    assert "3600 actions" in out and "0 errors" in out


def test_a_crash_is_reported_with_the_seed_and_the_last_actions(tmp_path, monkeypatch):
    """The reporting path itself: a stress run that dies by a signal names it, with the actions sent before."""
    fake = tmp_path / "fake_stress.py"
    fake.write_text(
        "import os, signal, sys\n"
        "log = sys.argv[sys.argv.index('--events-log') + 1]\n"
        "with open(log, 'w') as f:\n"
        "    f.writelines(f'action {i}\\n' for i in range(80))\n"
        "os.kill(os.getpid(), signal.SIGSEGV)\n")
    real_run = subprocess.run

    def run_fake(command, **kwargs):
        return real_run([sys.executable, str(fake), *command[3:]], **kwargs)

    monkeypatch.setattr(subprocess, "run", run_fake)
    with pytest.raises(pytest.fail.Exception) as failure:
        run_stress("fasttrack", 1, tmp_path)
    message = str(failure.value)
    assert f"seed {SEED}: killed by SIGSEGV" in message
    assert "action 30\n" in message and "action 79" in message and "action 29\n" not in message
