"""The long commands on the command line with --workers and --scheduler: Ctrl-C (sent to the whole process group,
as a terminal does) ends them with exit 130 and one line, the workers gone; a scheduler nobody answers at is
one line too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablegames.cli import main

HEADLESS = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
two_cpus = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="two workers need two CPUs")


def interrupt(args: list[str]) -> tuple[int, list[str], float, list[str]]:
    """Start `tablegames ARGS` in its own process group, press Ctrl-C once its progress shows: (exit status,
    stderr lines after the signal but the progress lines written before it, seconds from the signal to the exit,
    processes of the group still there 3 s later)."""
    process = subprocess.Popen([sys.executable, "-m", "tablegames", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=HEADLESS, start_new_session=True)
    try:
        seen = []
        while not seen or "%|" not in seen[-1]:  # a progress line: the workers are playing
            line = process.stderr.readline()
            assert line, f"the command ended before its progress showed: {seen}"
            seen.append(line)
        asked = time.perf_counter()
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=20)
        stopped = time.perf_counter() - asked
        err = process.stderr.read()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    left: list[str] = []
    for _ in range(30):
        left = group_members(process.pid)
        if not left:
            break
        time.sleep(0.1)
    return process.returncode, [line for line in err.splitlines() if "%|" not in line], stopped, left


def group_members(group: int) -> list[str]:
    """The processes of a process group still there (zombies too, until init reaps them), from /proc."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[2]) == group:  # after the name: state, parent, process group
            members.append(stat.parent.name)
    return members


WHERE = [
    pytest.param(["--workers", "1"], id="this process"),
    pytest.param(["--workers", "2"], id="two workers", marks=two_cpus),
    pytest.param(["--scheduler", "local:2"], id="LocalCluster", marks=two_cpus),
]


@pytest.mark.parametrize("where", WHERE)
def test_ctrl_c_ends_an_experiment_with_one_line_and_no_workers_left(where):
    pytest.importorskip("distributed")
    status, after, stopped, left = interrupt(["fasttrack", "experiment", "--seeds", "1000", *where])
    assert status == 130 and after == ["tablegames: interrupted (Ctrl-C)"], (status, after[-20:])
    assert left == []
    assert stopped < 5.0, stopped  # within a second on a quiet machine (the slow test below holds it to that)


def test_ending_at_once_past_a_stuck_thread_leaves_no_semaphores_to_the_resource_tracker():
    # A worker pool's manager thread not finished within its wait on a busy machine: the command ends at once,
    # and the pool's queue semaphores must not become the tracker's "leaked semaphore" warnings after its line
    script = """if True:
        import multiprocessing, threading, time
        from tablegames.cli import end_now_if_a_thread_is_stuck
        queue = multiprocessing.get_context("spawn").Queue()  # three named semaphores, as a pool's call queue
        threading.Thread(target=time.sleep, args=(60,)).start()  # not a daemon: it would hold the exit
        end_now_if_a_thread_is_stuck(130)
    """
    ended = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=HEADLESS,
                           timeout=30)
    assert ended.returncode == 130 and ended.stderr == "", (ended.returncode, ended.stderr)


@pytest.mark.slow  # timed: a busy machine could fail it
@pytest.mark.parametrize("where", WHERE)
def test_ctrl_c_ends_a_tournament_within_a_second(where):
    status, after, stopped, _ = interrupt(["checkers", "tournament", "--pairs", "10:9,8:7", "--openings", "5",
                                           *where])
    assert status == 130 and after == ["tablegames: interrupted (Ctrl-C)"] and stopped < 1.0, (after, stopped)


def test_a_scheduler_nobody_answers_at_is_one_line_and_exit_2(monkeypatch, capsys):
    pytest.importorskip("distributed")
    monkeypatch.setattr("tablegames.core.cluster.CONNECT_SECONDS", 0.5)
    status = main(["fasttrack", "experiment", "--seeds", "1", "--scheduler", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1, err
    assert err[0].startswith("tablegames fasttrack experiment: --scheduler tcp://127.0.0.1:9: no Dask scheduler")


@two_cpus
def test_workers_and_scheduler_together_are_refused_in_one_line(capsys):
    pytest.importorskip("distributed")
    with pytest.raises(SystemExit) as refused:
        main(["checkers", "tournament", "--workers", "2", "--scheduler", "local:1"])
    err = capsys.readouterr().err.strip().splitlines()
    assert refused.value.code == 2 and len(err) == 1 and "not allowed with argument --workers" in err[0]


@pytest.mark.slow  # starts a scheduler and two worker processes, as on several machines (a few seconds)
def test_a_running_scheduler_and_its_workers_play_the_same_games():
    pytest.importorskip("distributed")
    import socket

    with socket.socket() as probe:  # a free port for the scheduler
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "dask"]
    started = []
    try:
        started.append(subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                         "--dashboard-address", ":0"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, env=HEADLESS))
        started.append(subprocess.Popen([*dask, "worker", address, "--nworkers", "2", "--nthreads", "1"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=HEADLESS))
        command = [sys.executable, "-m", "tablegames", "fasttrack", "games", "--count", "60", "--seed", "3",
                   "--digest"]
        alone = subprocess.run(command, capture_output=True, text=True, env=HEADLESS, timeout=120)
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        on_cluster = subprocess.run([*command, "--scheduler", address], capture_output=True, text=True,
                                    env=HEADLESS, timeout=120)
    finally:
        for process in reversed(started):
            process.terminate()
            process.wait(timeout=30)
    digest = [line for line in alone.stdout.splitlines() if line.startswith("digest")]
    assert digest and digest == [line for line in on_cluster.stdout.splitlines() if line.startswith("digest")]
    assert f"the scheduler at {address}: 2 workers, 2 threads" in on_cluster.stderr
