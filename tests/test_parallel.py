"""eligibench.parallel: the ordered map the data stages spread their per-household work with."""
from __future__ import annotations

import os

import pytest

from eligibench import parallel
from eligibench.errors import BenyfitsError, HouseholdError


def _square_slowly_first(x: int) -> tuple[int, int]:
    # the first items take longest, so a map that yielded in finishing order would reorder them
    total = 0
    for _ in range(max(0, 20 - x) * 20_000):
        total += 1
    return x * x, os.getpid()


def _fail_at_7(x: int) -> int:
    if x == 7:
        raise HouseholdError("member 1, feature 'age'", "expected an integer")
    return x


def _crash_at_5(x: int) -> int:
    return 1 // (x - 5)


def test_map_over_two_processes_keeps_input_order():
    with parallel.Workers(2) as workers:
        out = list(workers.map(_square_slowly_first, range(40), chunk=3))
    assert [v for v, _ in out] == [x * x for x in range(40)]
    assert os.getpid() not in {pid for _, pid in out}  # the work ran in the workers


def test_one_process_runs_in_the_caller_with_the_same_results():
    out = parallel.ordered_map(_square_slowly_first, range(10), count=1, chunk=4)
    assert [v for v, _ in out] == [x * x for x in range(10)]
    assert {pid for _, pid in out} == {os.getpid()}


def test_a_map_may_read_another_maps_results():
    with parallel.Workers(2) as workers:
        first = workers.map(_fail_at_7, range(5), chunk=2)
        second = workers.map(_fail_at_7, (x + 1 for x in first), chunk=2)
        assert list(second) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("count", [1, 2])
def test_a_workers_bad_input_is_raised_naming_the_item(count):
    with pytest.raises(parallel.TaskFailed) as e:
        parallel.ordered_map(_fail_at_7, range(12), count=count, chunk=5, what="household")
    assert isinstance(e.value, BenyfitsError)
    assert str(e.value) == "household 7: member 1, feature 'age': expected an integer"


@pytest.mark.parametrize("count", [1, 2])
def test_a_workers_bug_is_raised_naming_the_item_with_its_cause(count):
    with pytest.raises(parallel.TaskCrashed, match=r"^row 5: ZeroDivisionError: integer division or modulo by zero$") as e:
        parallel.ordered_map(_crash_at_5, range(8), count=count, chunk=3, what="row")
    assert e.value.__cause__ is not None  # the worker's traceback (RemoteTraceback across processes)


def test_processes_reads_the_override(monkeypatch):
    monkeypatch.setenv(parallel.ENV, "3")
    assert parallel.processes() == 3
    monkeypatch.delenv(parallel.ENV)
    assert parallel.processes() == len(os.sched_getaffinity(0))
    for bad in ("0", "two", "-1"):
        monkeypatch.setenv(parallel.ENV, bad)
        with pytest.raises(BenyfitsError, match=f"{parallel.ENV}: expected an integer >= 1, got '{bad}'"):
            parallel.processes()


def test_workers_exit_when_the_caller_is_killed(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "caller.py"
    script.write_text(
        "import os, threading, time\n"
        "def pid_then_wait(x):\n"
        "    time.sleep(0.2)\n"
        "    return os.getpid()\n"
        "if __name__ == '__main__':\n"
        "    threading.Thread(target=time.sleep, args=(60,), daemon=True).start()  # so: forkserver\n"
        "    from eligibench.parallel import Workers\n"
        "    with Workers(2) as w:\n"
        "        for pid in w.map(pid_then_wait, range(10_000), chunk=1):\n"
        "            print(pid, flush=True)\n")
    caller = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(caller.stdout.readline())
    finally:
        caller.send_signal(signal.SIGKILL)
        caller.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.kill(worker, signal.SIGKILL)
    raise AssertionError(f"worker {worker} outlived its killed caller by 10 s")


def _processes_inside(_: int) -> int:
    return parallel.processes()


def test_a_map_inside_a_worker_runs_in_that_worker():
    assert parallel.ordered_map(_processes_inside, range(4), count=2, chunk=1) == [1, 1, 1, 1]
