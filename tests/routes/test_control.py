"""Progress and cancellation of a long search: the kernel runs on the calling (thinker) thread, polls the
CancelToken's flag itself and writes its counters for another thread to read; warm-up compiles the kernels; the
command line stops on Ctrl-C."""

import itertools
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tablegames.core.rng import make_rng
from tablegames.core.worker import CancelToken, SearchCancelled, Thinker
from tablegames.routes import kernels
from tablegames.routes import search as route_search
from tablegames.routes.randommaps import COMPANY, random_map
from tablegames.routes.scenario import Scenario, save_scenario
from tablegames.routes.search import LiveProgress, SearchProgress, solve, solve_by_route_lists
from tablegames.routes.trains import parse_train_list

SRC = Path(__file__).resolve().parents[2] / "src"


def slow_case():
    # A 120-stop map where D,5,4,3 takes about 13 s of search (13 million nodes): far longer than these tests wait.
    return random_map(make_rng(2, "bench", 120), 120, 3), parse_train_list("D,5,4,3")


def readings_until(live: LiveProgress, count: int, timeout: float = 60.0) -> list[SearchProgress]:
    """Read the live counters (as the window does each frame) until `count` readings have nodes in them."""
    readings: list[SearchProgress] = []
    deadline = time.monotonic() + timeout
    while sum(1 for r in readings if r.nodes > 0) < count:
        assert time.monotonic() < deadline, f"no progress after {timeout} s: {readings[-3:]}"
        readings.append(live.read())
        time.sleep(0.02)
    return readings


def test_cancel_through_the_token_stops_the_search_without_an_answer() -> None:
    network, trains = slow_case()
    solve(random_map(make_rng(1, "control"), 40, 3), parse_train_list("4,3"), COMPANY, "5")  # kernels loaded
    thinker = Thinker()
    live = LiveProgress()
    try:
        job = thinker.submit(lambda token: solve(network, trains, COMPANY, "5", progress=live, cancel=token))
        readings = readings_until(live, 3)
        assert not job.done()
        job.cancel()
        with pytest.raises(SearchCancelled):
            job.future.result(timeout=30)  # the search alone would run on for many seconds
    finally:
        thinker.shutdown()
    for earlier, later in itertools.pairwise(readings):  # each stage counts its own nodes, upwards
        assert later.stage != earlier.stage or later.nodes >= earlier.nodes
    assert all(r.best >= 0 for r in readings)


def test_the_kernel_runs_on_the_calling_thread_and_starts_no_thread() -> None:
    network, trains = slow_case()
    thinker = Thinker()
    live = LiveProgress()
    ran_on: list[threading.Thread] = []
    try:
        thinker.submit(lambda token: None).future.result(timeout=5)  # the thinker's own thread is up
        threads_before = set(threading.enumerate())

        def task(token: CancelToken):
            ran_on.append(threading.current_thread())
            return solve(network, trains, COMPANY, "5", progress=live, cancel=token)

        job = thinker.submit(task)
        readings_until(live, 2)
        # searching, and no thread of its own (a thread of an earlier test's thinker may end meanwhile: only new
        # threads count)
        assert set(threading.enumerate()) <= threads_before
        job.cancel()
        with pytest.raises(SearchCancelled):
            job.future.result(timeout=5)
    finally:
        thinker.shutdown()
    assert ran_on and ran_on[0].name.startswith("thinker")
    assert not hasattr(route_search, "threading")  # the module has no thread to start


def test_a_token_cancelled_before_the_search_stops_it_before_any_work() -> None:
    network, trains = slow_case()
    token = CancelToken()
    token.cancel()
    live = LiveProgress()
    for method in (solve, solve_by_route_lists):
        with pytest.raises(SearchCancelled):
            method(network, trains, COMPANY, "5", progress=live, cancel=token)
    assert live.read() == SearchProgress("preparing", 0, 0)


def test_progress_and_a_token_do_not_change_the_answer() -> None:
    network = random_map(make_rng(1, "control"), 40, 3)
    trains = parse_train_list("4,3,2")
    plain = solve(network, trains, COMPANY, "5")
    live = LiveProgress()
    watched = solve(network, trains, COMPANY, "5", progress=live, cancel=CancelToken())
    assert watched.total == plain.total and watched.runs == plain.runs
    assert live.array[3] == 1  # the last stage's kernel finished


def test_a_cancel_flag_must_be_a_tokens_flag() -> None:
    class WrongFlag:
        flag = [0]

    with pytest.raises(TypeError, match="int32"):
        solve(random_map(make_rng(1, "control"), 40, 3), parse_train_list("2"), COMPANY, "5", cancel=WrongFlag())


def test_warmup_runs() -> None:
    kernels.warmup()


def interrupt_command_line_search(tmp_path: Path) -> tuple[int, str, str, float]:
    """Start `routes solve` on a map that takes many seconds, press Ctrl-C once it searches: (exit status,
    stdout, stderr, seconds from the signal to the exit)."""
    network, trains = slow_case()
    path = tmp_path / "slow.json"
    save_scenario(Scenario(network, trains, COMPANY, "5", name="slow"), path)
    env = dict(os.environ, PYTHONPATH=str(SRC))
    process = subprocess.Popen(
        [sys.executable, "-m", "tablegames", "routes", "solve", str(path), "--progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    try:
        seen = []
        while True:  # a progress line with nodes in it: the kernel is searching
            line = process.stderr.readline()
            assert line, f"the command ended before searching: {seen}"
            seen.append(line)
            if line.startswith("searching") and not line.split(": ")[1].startswith("0 nodes"):
                break
        asked = time.perf_counter()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)  # reading on: a full stderr pipe would hold the command up
        stopped = time.perf_counter() - asked
    finally:
        if process.poll() is None:
            process.kill()
    return process.returncode, out, err, stopped


def test_ctrl_c_stops_the_command_line_search_with_one_line(tmp_path: Path) -> None:
    returncode, out, err, _ = interrupt_command_line_search(tmp_path)
    assert returncode == 130, err
    assert "interrupted (Ctrl-C)" in err and "Traceback" not in err
    assert "total" not in out


@pytest.mark.slow  # timed: a busy machine could fail it
def test_ctrl_c_stops_the_command_line_search_within_a_second(tmp_path: Path) -> None:
    returncode, _, err, stopped = interrupt_command_line_search(tmp_path)
    assert returncode == 130 and stopped < 1.0, err
