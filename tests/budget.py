"""The per-test time budget: no test takes over 60 s on its own unless it is marked `e2e`.

Each phase of each test (setup, call, teardown) is timed. A phase over the budget fails the test,
naming the phase, its seconds and the marker, unless the test is marked `e2e` (an end-to-end
test: the real pipeline, a Ray cluster, a browser session...).

What is measured, and why it cannot be flaky under load: wall time on a loaded machine says little
(measured here: a test of 28 CPU-seconds took 116 s beside seven other jobs on 2 cores). So the
wall time is discounted by the time the machine's CPUs were contended during the phase: Linux's
pressure-stall information (`/proc/pressure/cpu`, "some" total: the time at least one runnable
task waited for a CPU). During uncontended time the test runs as fast as on a quiet machine, so
wall minus contended time is a lower bound of the phase's quiet duration: a test over the budget
by that measure is over it on any machine, and load can only make the check more lenient, never
fail a fast test. On a quiet machine (CI runs alone) the discount is near zero and the check is
the wall clock. Where the kernel does not report pressure the wall time counts in full.

CPU seconds of the test's process and its descendants (live ones read from /proc, reaped ones
from `os.times`) are recorded beside, for profiling on a loaded machine: `BENYFITS_TEST_TIMES=FILE`
writes one JSON line per phase (with pytest-xdist, from the controller, once)."""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

BUDGET_S = 60.0
MARKER = "e2e"
PRESSURE = Path(os.environ.get("BENYFITS_CPU_PRESSURE", "/proc/pressure/cpu"))
_TICK = os.sysconf("SC_CLK_TCK")
_KEY = pytest.StashKey[dict]()


@dataclass(frozen=True)
class Clock:
    """One reading: wall seconds, seconds of CPU contention so far (None: not reported), CPU
    seconds of this process and its descendants."""
    wall: float
    stalled: float | None
    cpu: float


@dataclass(frozen=True)
class Phase:
    wall_s: float
    uncontended_s: float
    cpu_s: float


def stalled_seconds(path: Path = PRESSURE) -> float | None:
    """The "some" total of a PSI file in seconds (the kernel counts microseconds)."""
    try:
        text = path.read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("some "):
            return int(line.rsplit("total=", 1)[1]) / 1e6
    return None


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(c) for c in f.read().split()]
    except OSError:  # the process ended meanwhile, or the kernel does not list children
        pass
    return out


def _descendants_cpu(pid: int) -> dict[tuple[int, int], float]:
    """(pid, start tick) -> CPU seconds (its own and its reaped children's) of each live descendant."""
    out: dict[tuple[int, int], float] = {}
    todo = _children(pid)
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # fields after the name: utime is the 14th field of stat, i.e. index 11 here
        out[(p, int(fields[19]))] = sum(int(x) for x in fields[11:15]) / _TICK
        todo += _children(p)
    return out


def read_clock() -> tuple[Clock, dict[tuple[int, int], float]]:
    t = os.times()
    live = _descendants_cpu(os.getpid())
    return Clock(time.monotonic(), stalled_seconds(), t.user + t.system + t.children_user + t.children_system), live


def phase(start: tuple[Clock, dict], end: tuple[Clock, dict]) -> Phase:
    (a, live_a), (b, live_b) = start, end
    wall = b.wall - a.wall
    stalled = (b.stalled - a.stalled) if a.stalled is not None and b.stalled is not None else 0.0
    cpu = b.cpu - a.cpu + sum(v - live_a.get(k, 0.0) for k, v in live_b.items())
    return Phase(wall, max(0.0, wall - stalled), cpu)


def over_budget(p: Phase, budget_s: float) -> bool:
    return p.uncontended_s > budget_s


def _budget(config: pytest.Config) -> float:
    return float(config.getini("test_budget_s") or BUDGET_S)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("test_budget_s", f"seconds a test phase may take unless marked {MARKER} (default {BUDGET_S:g})",
                  default=str(BUDGET_S))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    item.stash[_KEY] = {"setup": read_clock()}
    yield
    item.stash[_KEY]["setup"] = (item.stash[_KEY]["setup"], read_clock())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    start = read_clock()
    yield
    item.stash[_KEY]["call"] = (start, read_clock())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    start = read_clock()
    yield
    item.stash.setdefault(_KEY, {})["teardown"] = (start, read_clock())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    clocks = item.stash.get(_KEY, {}).get(call.when)
    if not isinstance(clocks, tuple) or not isinstance(clocks[0], tuple):
        return
    p = phase(*clocks)
    rep.budget = {"wall_s": round(p.wall_s, 3), "uncontended_s": round(p.uncontended_s, 3), "cpu_s": round(p.cpu_s, 3)}
    budget = _budget(item.config)
    if over_budget(p, budget) and item.get_closest_marker(MARKER) is None and not rep.failed:
        rep.outcome = "failed"
        rep.longrepr = (f"{item.nodeid}: the {call.when} took {p.uncontended_s:.1f} s of uncontended time "
                        f"({p.wall_s:.1f} s wall, {p.cpu_s:.1f} CPU-s), over the {budget:g} s budget of one test: "
                        f"make it faster, or mark it @pytest.mark.{MARKER} if it is an end-to-end test")


_IN_WORKER: list[bool] = [False]


def pytest_configure(config: pytest.Config) -> None:
    # an xdist worker has `workerinput` (its environment variable would be inherited by a pytest
    # that a test starts, so it cannot tell)
    _IN_WORKER[0] = hasattr(config, "workerinput")


def pytest_runtest_logreport(report) -> None:
    """Where asked, one JSON line per phase (written by the controller alone under pytest-xdist)."""
    target = os.environ.get("BENYFITS_TEST_TIMES")
    times = getattr(report, "budget", None)
    if not target or times is None or _IN_WORKER[0]:
        return
    with open(target, "a", encoding="utf-8") as f:
        f.write(json.dumps({"test": report.nodeid, "when": report.when, "outcome": report.outcome, **times}) + "\n")
