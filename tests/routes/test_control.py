"""Progress reports and cancellation of a long search; warm-up compiles the kernels."""

import itertools
import threading

import pytest

from tablegames.core.rng import make_rng
from tablegames.routes import kernels
from tablegames.routes.randommaps import COMPANY, random_map
from tablegames.routes.search import SearchCancelled, solve
from tablegames.routes.trains import parse_train_list


def slow_case():
    # A 120-stop map where D,5,4,3 takes about 13 s of search (13 million nodes): far longer than three reports.
    return random_map(make_rng(2, "bench", 120), 120, 3), parse_train_list("D,5,4,3")


def test_cancel_stops_the_search_without_an_answer() -> None:
    network, trains = slow_case()
    cancel = threading.Event()
    reports = []

    def progress(report) -> None:
        reports.append(report)
        if len(reports) >= 3:
            cancel.set()

    with pytest.raises(SearchCancelled):
        solve(network, trains, COMPANY, "5", progress=progress, cancel=cancel)
    assert len(reports) >= 3
    assert any(report.nodes > 0 for report in reports)
    for earlier, later in itertools.pairwise(reports):  # each stage counts its own nodes, upwards
        assert later.stage != earlier.stage or later.nodes >= earlier.nodes
    assert all(r.best >= 0 for r in reports)


def test_progress_does_not_change_the_answer() -> None:
    network = random_map(make_rng(1, "control"), 40, 3)
    trains = parse_train_list("4,3,2")
    plain = solve(network, trains, COMPANY, "5")
    watched = solve(network, trains, COMPANY, "5", progress=lambda report: None, cancel=threading.Event())
    assert watched.total == plain.total and watched.runs == plain.runs


def test_warmup_runs() -> None:
    kernels.warmup()


def test_a_failing_progress_callback_stops_the_kernel() -> None:
    network, trains = slow_case()
    threads_before = threading.active_count()

    def progress(report) -> None:
        raise RuntimeError("window closed")

    with pytest.raises(RuntimeError, match="window closed"):
        solve(network, trains, COMPANY, "5", progress=progress)
    assert threading.active_count() == threads_before  # the kernel thread has ended
