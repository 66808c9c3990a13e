"""An ordered map over worker processes for the data stages' per-household work.

DVC runs the stages one after another and each stage is one Python process, so on a 2-core
machine half the CPU idled through the data stages. `Workers.map` hands chunks of items to a
process pool and yields the results in input order, so a stage's output is the same bytes
whatever the number of processes: only work that draws no random numbers (or draws from its
own seed per item) goes to the workers; a shared generator stays in the calling process.

How many processes: the CPUs this process may run on, or the environment variable
`BENYFITS_PROCESSES` (1 runs everything in the calling process, no pool: what tests use to
compare). A worker's error is raised again in the caller naming the item ("household 17").

Start method: `fork` when the calling process has one OS thread (counted in /proc/self/task,
which also sees the native threads of pyarrow or a progress bar's monitor, which
`threading.active_count` misses), else `forkserver`, whose server imports the `preload` modules
once and forks each worker from it; `fork` with another thread alive can copy a held lock into
the child. In practice the stages get `forkserver`: importing numpy starts OpenBLAS's thread and
pyarrow its allocator's.
"""
from __future__ import annotations

import itertools
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from eligibench.errors import BenyfitsError
from eligibench.progress import bar

ENV = "BENYFITS_PROCESSES"

T = TypeVar("T")
R = TypeVar("R")


class TaskFailed(BenyfitsError):
    """An item's work raised a BenyfitsError (bad input): the message names the item."""


class TaskCrashed(RuntimeError):
    """An item's work raised any other exception (a bug): the message names the item; the
    worker's traceback is the `__cause__`."""


def processes() -> int:
    """Worker processes to use: `BENYFITS_PROCESSES` if set, else the usable CPUs."""
    raw = os.environ.get(ENV, "").strip()
    if raw:
        if not raw.isdigit() or int(raw) < 1:
            raise BenyfitsError(f"environment variable {ENV}: expected an integer >= 1, got {raw!r}")
        return int(raw)
    count = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if count is not None:
        return count() or 1
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _threads() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:  # not Linux: assume the worst
        return 2


def _exit_with(caller: int) -> None:
    """In each worker: one process for any map it starts itself, and exit within a second of
    the caller's death. A caller killed outright (SIGKILL, a timeout) leaves its workers to run
    the tasks already queued, and under `forkserver` their parent is the server, not the caller
    (orphaned workers still running were seen on 2026-11-27)."""
    import threading
    import time

    # a map inside a worker (a worker's function that builds with workers of its own) runs in the
    # worker: nested pools only multiply processes on the same cores
    os.environ[ENV] = "1"

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(caller, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:  # a process of another user took the id: the caller is gone
                os._exit(1)

    threading.Thread(target=watch, name="benyfits-parent-watch", daemon=True).start()


def _run_chunk(fn: Callable[[Any], Any], what: str, start: int, items: list) -> list:
    out = []
    for k, item in enumerate(items):
        try:
            out.append(fn(item))
        except BenyfitsError as e:
            raise TaskFailed(f"{what} {start + k}: {e}") from None
        except Exception as e:
            raise TaskCrashed(f"{what} {start + k}: {type(e).__name__}: {e}") from e
    return out


def _run_packed(task: tuple) -> list:
    return _run_chunk(*task)


class Workers:
    """A process pool (or none, for one process) whose `map` keeps input order.

    Create it before starting threads (a progress bar, pyarrow) so that `fork` is safe; several
    `map`s may run at once (one fed from another's results), sharing the pool."""

    def __init__(self, count: int | None = None, preload: Iterable[str] = ()):
        self.count = processes() if count is None else count
        self._pool = None
        if self.count > 1:
            method = "fork" if _threads() == 1 else "forkserver"
            ctx = multiprocessing.get_context(method)
            if method == "forkserver":
                ctx.set_forkserver_preload(list(preload))  # not __main__: a script may run on import
            self._pool = ctx.Pool(self.count, initializer=_exit_with, initargs=(os.getpid(),))

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()  # results are all read (or an error is on its way): no waiting
            self._pool.join()
            self._pool = None

    def map(self, fn: Callable[[T], R], items: Iterable[T], *, what: str = "item", chunk: int = 50,
            total: int | None = None, desc: str | None = None) -> Iterator[R]:
        """fn(item) for every item, in input order, `chunk` items to a task. `items` is read
        lazily (it may be a generator fed by another map's results). `fn` must pickle (a
        module-level function or a functools.partial of one) unless the pool has one process.
        `desc` shows a progress bar of `total` items (default len(items))."""
        if total is None and hasattr(items, "__len__"):
            total = len(items)  # type: ignore[arg-type]
        chunks = _chunks(fn, what, items, chunk)
        # submitted now, not at the first next(): a map whose items read another map's results
        # runs in the pool's one feeding thread, which must already know the other map
        results = self._results(chunks)
        return results if desc is None else _counted(results, total or 0, desc)

    def _results(self, chunks: Iterator[tuple]) -> Iterator:
        if self._pool is None:
            return (r for task in chunks for r in _run_packed(task))
        return (r for out in self._pool.imap(_run_packed, chunks) for r in out)


def _counted(results: Iterator[R], total: int, desc: str) -> Iterator[R]:
    with bar(total, desc) as tick:
        for result in results:
            tick(1)
            yield result


def _chunks(fn: Callable, what: str, items: Iterable, size: int) -> Iterator[tuple]:
    it = iter(items)
    start = 0
    while True:
        batch = list(itertools.islice(it, size))
        if not batch:
            return
        yield fn, what, start, batch
        start += len(batch)


def ordered_map(fn: Callable[[T], R], items: Iterable[T], *, what: str = "item", chunk: int = 50,
                desc: str | None = None, count: int | None = None, preload: Iterable[str] = ()) -> list[R]:
    """`[fn(item) for item in items]` over a pool of `count` processes (default `processes()`)."""
    items = list(items)
    if count is None:
        count = min(processes(), max(1, -(-len(items) // chunk)))  # no more workers than chunks
    with Workers(count, preload) as workers:
        return list(workers.map(fn, items, what=what, chunk=chunk, desc=desc))


__all__ = ["ENV", "TaskCrashed", "TaskFailed", "Workers", "ordered_map", "processes"]
