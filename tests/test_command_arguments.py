"""The table tools check every number and path before any work starts: argparse's one-line error, exit 2."""

import os
import subprocess
import sys

import pytest

HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.mark.parametrize("args, words", [
    (["fasttrack", "games", "--seed", str(2**32)], ["--seed", "expected 0 to 4294967295"]),
    (["fasttrack", "games", "--seed", str(2**63)], ["--seed", "expected 0 to 4294967295"]),
    (["fasttrack", "games", "--count", str(10**9)], ["--count", "expected 1 to 1000000"]),
    (["fasttrack", "experiment", "--workers", "100000"], ["--workers", "expected 1 to"]),
    (["fasttrack", "games", "--workers", "0"], ["--workers", "expected 1 to"]),
    (["fasttrack", "experiment", "--scheduler", "local:0"], ["--scheduler", "expected local:1 to"]),
    (["checkers", "train", "--scheduler", "tcp://host:99999"], ["--scheduler", "the port is 1 to 65535"]),
    (["checkers", "tournament", "--scheduler", "http://host"], ["--scheduler", "expected local:N"]),
    (["fasttrack", "deal", "--cards", "-2"], ["--cards", "expected 0 to 54"]),
    (["fasttrack", "deal", "--players", "9"], ["--players", "expected 2 to 6"]),
    (["checkers", "train", "--depth", "500"], ["--depth", "expected 1 to 12"]),
    (["checkers", "train", "--report-openings", "0"], ["--report-openings", "expected 1 to 156"]),
    (["checkers", "train", "--report-openings", "1000"], ["--report-openings", "expected 1 to 156"]),
    (["checkers", "tournament", "--openings", "157"], ["--openings", "expected 1 to 156"]),
    (["checkers", "perft", "30"], ["depth", "expected 0 to 20"]),
    (["checkers", "train", "--output", "/proc/weights.json"], ["--output", "cannot write in /proc"]),
    (["checkers", "train", "--output", "."], ["--output", "folder"]),
    (["checkers", "tournament", "--node-scale", "0"], ["--node-scale", "more than 0"]),
    (["checkers", "tournament", "--workers", "0"], ["--workers", "expected 1 to"]),
    (["routes", "solve", "seed", "--timeout", "0"], ["--timeout", "more than 0"]),
    (["routes", "solve", "seed", "--timeout", "nan"], ["--timeout", "more than 0"]),
    (["routes", "solve", "seed", "--trains", "4x" + "9" * 20], ["--trains", "expected 1 to 10"]),
])
def test_bad_numbers_and_paths_are_refused_before_any_work(args, words):
    result = subprocess.run([sys.executable, "-m", "tablegames", *args], capture_output=True, text=True,
                            env=HEADLESS, timeout=120)
    assert result.returncode == 2, result.stderr
    error = result.stderr.strip().splitlines()
    assert len(error) == 1 and "Traceback" not in result.stderr and "--help" in error[0]
    for word in words:
        assert word in error[0], error[0]
