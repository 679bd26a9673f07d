"""Headless from the first import: no window, no sound device."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import pytest

from shared_folder import shared_18xx_folder  # noqa: F401 - the fixture behind needs_shared_18xx


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path, monkeypatch):
    """No test reads or writes the player's settings, saved games, boards, caches or logs: each gets fresh
    folders."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "user-state"))


@pytest.fixture(scope="session")
def fanouts():
    """Where the fan-out tests run tasks: this process, two worker processes, a Dask LocalCluster of two threads
    (processes off). Started once for the session (the workers load the kernels on their first tasks)."""
    import io

    pytest.importorskip("distributed")
    from tablegames.core.fanout import Cluster, Fanout

    made = {"serial": Fanout(), "processes": Fanout(workers=2),
            "cluster": Fanout(cluster=Cluster(workers=2, processes=False), stream=io.StringIO())}
    yield made
    for fanout in made.values():
        fanout.close()


def pytest_sessionstart(session):
    """In a run of several worker processes (`make test`), the controller compiles the tables' kernels first, on
    as many processes (tests/kernel_warmup.py says why)."""
    config = session.config
    workers = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not workers or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    from kernel_warmup import compile_every_table

    compile_every_table(workers if isinstance(workers, int) else os.cpu_count() or 1)
