"""The Dask side of core/fanout.py: a client of a LocalCluster started for the run, or of a running scheduler.

Imported only when a command is given --scheduler (Dask is the optional extra `cluster`). What a worker receives:
the task function and the warm-up function by name (module and qualified name: the worker needs the same
tablegames installed, which is checked when the client connects), and each item pickled; it sends back the
result pickled. Each worker runs the warm-up once, when it joins (a worker plugin), so its first task does not
wait for the kernels. A worker that is lost (killed, out of memory, its machine gone) has its tasks run again
elsewhere by the scheduler, `retries` times at most (Dask's "allowed-failures"; a LocalCluster is given ours,
a running scheduler keeps its own setting).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO, TypeVar

import dask
from distributed import Client, Future, LocalCluster, as_completed
from distributed.diagnostics.plugin import WorkerPlugin

import tablegames
from tablegames.core.fanout import Cluster, FanoutError, workers_deaf_to_ctrl_c

Item = TypeVar("Item")
Result = TypeVar("Result")

CONNECT_SECONDS = 10.0
CLOSE_SECONDS = 2.0


def worker_version() -> str:
    """Run on every worker when the client connects: the tablegames it has (an import error if none)."""
    return tablegames.__version__


class WarmKernels(WorkerPlugin):
    """Runs `warm` once in each worker as it joins (and in the workers there already). `command`: the process id
    of a command whose LocalCluster's worker processes these are, which then ignore Ctrl-C (the command stops
    them; a worker restarted after a loss was not born ignoring it); a running cluster's workers are left as
    their owner started them."""

    def __init__(self, warm: Callable[[], object] | None, command: int | None = None) -> None:
        self.warm = warm
        self.command = command

    def setup(self, worker: Any) -> None:
        if self.command is not None and os.getpid() != self.command:
            with contextlib.suppress(ValueError):  # only a process's main thread can change a handler
                signal.signal(signal.SIGINT, signal.SIG_IGN)
        if self.warm is not None:
            self.warm()


def silence_dask_logs() -> None:
    """The run is ending (Ctrl-C, or an error said in one line): what Dask and Tornado log while the connections
    close (a "Batched Comm Closed" with its traceback, on a busy machine) is not for the user. Sets the loggers'
    own levels: LocalCluster's `silence_logs` quiets only their handlers, and only until the cluster has closed."""
    names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] in ("distributed", "tornado")]
    for name in ["distributed", "tornado", *names]:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


class DaskRunner:
    """One client for a command's whole run; `run` maps a task over items, `close` ends the client (and the
    LocalCluster it started)."""

    def __init__(self, cluster: Cluster, warm: Callable[[], object] | None, retries: int, stream: TextIO) -> None:
        self.cluster = cluster
        self.local: LocalCluster | None = None
        self.futures: list[Future[Any]] = []
        # a LocalCluster's workers take this config along: no statistical profiler sampling the games' stacks
        # every 10 ms (the dashboard's profile page stays empty)
        settings = {"distributed.scheduler.allowed-failures": retries, "distributed.worker.profile.enabled": False}
        with dask.config.set(settings):
            if cluster.address is None:
                with workers_deaf_to_ctrl_c():  # its worker processes are born ignoring Ctrl-C
                    self.local = LocalCluster(n_workers=cluster.workers, threads_per_worker=1,
                                              processes=cluster.processes, dashboard_address=":0",
                                              silence_logs=logging.CRITICAL)
                    self.client = Client(self.local)
            else:
                try:
                    with workers_deaf_to_ctrl_c():
                        self.client = Client(cluster.address, timeout=CONNECT_SECONDS)
                except (OSError, TimeoutError) as error:
                    raise FanoutError(f"--scheduler {cluster.address}: no Dask scheduler answers there "
                                      f"({str(error).splitlines()[0][:200]})", exit_code=2) from None
        try:
            stream.write(f"Dask dashboard: {self.client.dashboard_link} ({self.describe()})\n")
            stream.flush()
            self.check_workers()
            command = os.getpid() if self.local is not None else None
            if warm is not None or command is not None:
                self.client.register_plugin(WarmKernels(warm, command), name="tablegames-warm")
        except BaseException:
            self.close(cancel=True)
            raise

    def describe(self) -> str:
        workers = self.client.scheduler_info().get("workers", {})
        threads = sum(int(w.get("nthreads", 0)) for w in workers.values())
        where = "a LocalCluster" if self.local is not None else f"the scheduler at {self.cluster.address}"
        waiting = "; the tasks wait for the first worker to join" if not workers else ""
        return f"{where}: {len(workers)} workers, {threads} threads{waiting}"

    def check_workers(self) -> None:
        """Every worker has the same tablegames as this process: tasks are sent by name."""
        try:
            versions = self.client.run(worker_version)
        except Exception as error:  # noqa: BLE001 - whatever a worker without tablegames fails with, one line
            raise FanoutError(f"the Dask workers at {self.cluster} cannot load tablegames "
                              f"({type(error).__name__}: {str(error)[:200]}): install the same tablegames on "
                              "every worker (docs/cluster.md)") from None
        wrong = {worker: version for worker, version in versions.items() if version != tablegames.__version__}
        if wrong:
            worker, version = next(iter(wrong.items()))
            raise FanoutError(f"the Dask worker {worker} has tablegames {version}, this is "
                              f"{tablegames.__version__}: results would differ; install the same version "
                              "everywhere")

    def run(self, task: Callable[[Item], Result], work: Sequence[Item]) -> Iterator[tuple[int, Result]]:
        """(index, result) as each task finishes."""
        futures = self.client.map(task, work, pure=False)
        self.futures = futures
        index_of = {future.key: index for index, future in enumerate(futures)}
        # with_results: the results come over in the client's event loop as the tasks finish (one round trip each
        # from here would be a few milliseconds a task)
        for future, result in as_completed(futures, with_results=True, raise_errors=False):
            if future.status == "error":
                error = future.exception()
                if type(error).__name__ == "KilledWorker":
                    raise FanoutError(f"Dask workers were lost running the same task too often ({error})") from None
                future.result()  # raises the task's own error, with its traceback
            yield index_of[future.key], result
        self.futures = []  # all done (after an error or Ctrl-C they stay, for close(cancel=True) to cancel)

    def close(self, cancel: bool = False) -> None:
        """End the client (and the LocalCluster). With `cancel`, now: the outstanding tasks are cancelled and a
        LocalCluster's worker processes killed (a Dask worker finishes its running task before it closes, which
        can take long). A running cluster's workers finish the task they run; its other tasks are dropped."""
        if cancel:
            silence_dask_logs()
            futures, self.futures = self.futures, []
            with contextlib.suppress(Exception):  # the client is going anyway
                self.client.cancel(futures, force=True)
            if self.local is not None and self.cluster.processes:
                self.kill_local_workers()
        try:
            with contextlib.suppress(Exception) if cancel else contextlib.nullcontext():
                self.client.close(timeout=CLOSE_SECONDS)
        finally:
            local, self.local = self.local, None
            if local is not None:
                with contextlib.suppress(Exception) if cancel else contextlib.nullcontext():
                    local.close(timeout=CLOSE_SECONDS)

    def kill_local_workers(self) -> None:
        """Kill the LocalCluster's worker processes (their nannies, in this process, told not to restart them)."""
        assert self.local is not None
        for nanny in list(self.local.workers.values()):
            with contextlib.suppress(Exception):
                nanny.close_gracefully(reason="tablegames-cancel")
                if nanny.pid:
                    os.kill(nanny.pid, signal.SIGKILL)
