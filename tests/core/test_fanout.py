"""core.fanout: the same results in this process, on worker processes and on a Dask LocalCluster; retries of a
lost worker's tasks; errors and cancellation; the --scheduler argument; the progress lines."""

from __future__ import annotations

import argparse
import io
import os

import pytest

from fanout_tasks import always_dies, dies_once, fails_on_three, note_warm_up, process_id, seeded_draw
from tablegames.core.arguments import scheduler
from tablegames.core.fanout import Cluster, Fanout, FanoutError, parse_cluster
from tablegames.core.progress import Progress

pytest.importorskip("distributed")


MODES = ["serial", "processes", "cluster"]  # the `fanouts` fixture's (conftest.py)


@pytest.mark.parametrize("mode", MODES)
def test_results_come_back_in_the_items_order_and_equal_everywhere(fanouts, mode):
    items = list(range(12))
    expected = [seeded_draw(item) for item in items]
    progress = Progress(12, "test", shown=False)
    assert fanouts[mode].map(seeded_draw, items, progress) == expected
    assert progress.done == 12


@pytest.mark.parametrize("mode", MODES)
def test_a_failing_task_raises_its_own_error(fanouts, mode):
    with pytest.raises(ValueError, match="item 3 is bad"):
        fanouts[mode].map(fails_on_three, range(6))
    assert fanouts[mode].map(fails_on_three, [1, 2]) == [1, 2]  # and the fan-out works on afterwards


def test_steps_weigh_the_progress(fanouts):
    progress = Progress(30, "test", shown=False)
    fanouts["serial"].map(seeded_draw, [1, 2, 3], progress, steps=lambda item: 10 * item)
    assert progress.done == 30  # capped at the total: 10 + 20 + 30 would be 60


def test_a_lost_worker_s_tasks_run_again_on_new_workers(tmp_path):
    told = io.StringIO()
    with Fanout(workers=2, stream=told) as fanout:
        assert fanout.map(dies_once, [(i, str(tmp_path)) for i in range(4)]) == [0, 10, 20, 30]
    assert (tmp_path / "died").exists() and "a worker process was lost" in told.getvalue()


def test_workers_lost_every_time_end_the_run_in_one_message():
    with Fanout(workers=2, retries=1, stream=io.StringIO()) as fanout, \
            pytest.raises(FanoutError, match="lost 2 times"):
        fanout.map(always_dies, [1, 2])


def test_each_worker_process_warms_once(tmp_path, monkeypatch):
    monkeypatch.setenv("FANOUT_TEST_FOLDER", str(tmp_path))
    with Fanout(workers=2, warm=note_warm_up) as fanout:
        first = set(fanout.map(process_id, range(6)))
        second = set(fanout.map(process_id, range(6)))  # the same workers: no second warm-up
    warmed = {int(path.name.split("-")[1]): path.read_text().count("warm") for path in tmp_path.glob("warm-*")}
    assert first | second <= set(warmed) and set(warmed.values()) == {1} and os.getpid() not in warmed


def test_each_cluster_worker_warms_once(tmp_path, monkeypatch):
    monkeypatch.setenv("FANOUT_TEST_FOLDER", str(tmp_path))
    with Fanout(cluster=Cluster(workers=2, processes=False), warm=note_warm_up, stream=io.StringIO()) as fanout:
        fanout.map(seeded_draw, range(4))
        fanout.map(seeded_draw, range(4))
    (path,) = tmp_path.glob("warm-*")  # two worker threads of this process
    assert path.read_text().count("warm") == 2


def test_the_cluster_says_where_its_dashboard_is():
    told = io.StringIO()
    with Fanout(cluster=Cluster(workers=1, processes=False), stream=told) as fanout:
        assert fanout.map(seeded_draw, [5]) == [seeded_draw(5)]
    assert told.getvalue().startswith("Dask dashboard: http") and "1 workers, 1 threads" in told.getvalue()


def test_a_scheduler_nobody_answers_at_is_one_message_exit_2(monkeypatch):
    monkeypatch.setattr("tablegames.core.cluster.CONNECT_SECONDS", 0.5)
    with pytest.raises(FanoutError, match="no Dask scheduler answers there") as failed, \
            Fanout(cluster=Cluster(address="tcp://127.0.0.1:9"), stream=io.StringIO()) as fanout:
        fanout.map(seeded_draw, [1])
    assert failed.value.exit_code == 2


@pytest.mark.parametrize("text, cluster", [
    ("local:1", Cluster(workers=1)),
    ("tcp://10.0.0.5:8786", Cluster(address="tcp://10.0.0.5:8786")),
    ("tcp://scheduler.example.org:8786", Cluster(address="tcp://scheduler.example.org:8786")),
    ("tcp://[::1]:8786", Cluster(address="tcp://[::1]:8786")),
])
def test_scheduler_addresses_that_are_taken(text, cluster):
    assert parse_cluster(text, 2) == cluster == scheduler(text) and str(cluster) == text


@pytest.mark.parametrize("text, words", [
    ("local:0", "expected local:1 to local:2"),
    ("local:3", "expected local:1 to local:2"),
    ("local:", "expected local:N"),
    ("local:-1", "expected local:N"),
    ("local:" + "9" * 50, "expected local:N"),
    ("tcp://host", "expected local:N"),
    ("tcp://host:0", "the port is 1 to 65535"),
    ("tcp://host:65536", "the port is 1 to 65535"),
    ("tcp://host:" + "9" * 5000, "the port is 1 to 65535"),
    ("tcp://-host:80", "expected local:N"),
    ("tcp://ho st:80", "expected local:N"),
    ("http://host:80", "expected local:N"),
    ("host:80", "expected local:N"),
    ("", "expected local:N"),
])
def test_scheduler_addresses_that_are_refused(text, words):
    with pytest.raises(ValueError, match=words) as refused:
        parse_cluster(text, 2)
    assert len(str(refused.value)) < 120


def test_without_dask_the_scheduler_option_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr("tablegames.core.fanout.has_dask", lambda: False)
    with pytest.raises(argparse.ArgumentTypeError, match=r"pip install 'tablegames\[cluster\]'"):
        scheduler("local:1")
    with pytest.raises(FanoutError, match="needs Dask") as refused:
        Fanout(cluster=Cluster(workers=1))
    assert refused.value.exit_code == 2


def test_a_log_gets_a_line_a_tenth():
    log = io.StringIO()
    with Progress(50, "tournament", stream=log) as progress:
        for done in range(50):
            progress.note(f"game {done}")
            progress.advance()
    lines = log.getvalue().splitlines()
    assert len(lines) == 10 and lines[0].startswith("tournament:  10%|") and "5/50" in lines[0]
    assert "50/50" in lines[-1] and "games/s" in lines[-1] and "game 49" in lines[-1]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_terminal_gets_a_bar_redrawn_in_place_and_cleared_when_stopped():
    screen = Terminal()
    with pytest.raises(KeyboardInterrupt), Progress(100, "training", stream=screen) as progress:
        progress.advance(40)
        raise KeyboardInterrupt
    drawn = screen.getvalue()
    assert "\r" in drawn and "training" in drawn and not drawn.endswith("\n")
    finished = Terminal()
    with Progress(4, "games", stream=finished) as progress:
        progress.advance(4)
    assert "4/4" in finished.getvalue() and finished.getvalue().endswith("\n")
