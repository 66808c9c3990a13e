"""Without a jail or subprocess agent (the bare pass): the heartbeat says how long the slowest agent
call has run, and a run left `running` by a process that is gone reads `incomplete`.
tests/evaluation/test_run_interrupted.py does both with real `benyfits evaluate` processes."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time

from eligibench.evaluation.run.dialog_loop import IN_FLIGHT
from eligibench.evaluation.run.runner import Heartbeat
from eligibench.results import ResultStore
from eligibench.results.run_owner import PREFIX, _start_time, alive
from tests.leaderboard.synthetic import fake_households, write_run


def test_the_heartbeat_names_the_slow_call_and_stays_quiet_for_fast_ones():
    lines: list[str] = []

    def slow() -> None:
        with IN_FLIGHT.call("ask", "diverse-0003"):
            time.sleep(1.0)

    def fast() -> None:
        with IN_FLIGHT.call("ready", "diverse-0004"):
            time.sleep(0.05)

    with Heartbeat(lines.append, after_s=0.3, every_s=0.3):
        threads = [threading.Thread(target=f) for f in (slow, fast)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        time.sleep(0.4)  # nothing in flight now: no more lines
        quiet = len(lines)
        time.sleep(0.5)
    assert lines and len(lines) == quiet
    assert all(x.startswith("still waiting for the agent: ") and x.endswith("s (ask, household diverse-0003)")
               for x in lines), lines
    assert IN_FLIGHT.slowest() is None


def test_a_running_run_whose_process_is_gone_reads_incomplete(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    run_id = write_run(store, fake_households(2, 1), "left", n_boot=5, finish=False)
    store.start_run(run_id)  # this process: alive, so still running
    assert store.runs()[0]["status"] == "running" and store.mark_stale_runs() == []
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    owner = json.dumps({"host": socket.gethostname(), "pid": gone.pid, "start": "1"})
    store._write(lambda con: con.execute("UPDATE meta SET value = ? WHERE key = ?", [owner, PREFIX + run_id]))
    assert not alive(owner) and _start_time(gone.pid) is None
    assert store.runs()[0]["status"] == "incomplete"  # readers see it at once
    assert store.mark_stale_runs() == [run_id] and store.mark_stale_runs() == []
    other_host = json.dumps({"host": "elsewhere.invalid", "pid": gone.pid, "start": "1"})
    assert alive(other_host)  # a process on another machine cannot be seen from here: left as it is
