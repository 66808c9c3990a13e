"""Which process is running a run, so a run whose process is gone is not "running" forever.

When a run starts (`runner.evaluate`) its process is recorded in the store's `meta` table under
`run_process:<run_id>`: host name, pid and the process's start time (from /proc, so a reused pid
is not taken for the same process). A run still `running` whose recorded process is on this host
and no longer exists (killed with SIGKILL, crashed, the machine rebooted) is stale: `stale_runs`
finds those, `ResultStore.mark_stale_runs` marks them `incomplete` (a writer), and
`ResultStore.runs` reports them `incomplete` to readers before any writer has opened the file.
A run recorded on another host is left as it is: its process cannot be seen from here. No schema
change: `meta` is a key/value table every store has.
"""
from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any, Iterable

PREFIX = "run_process:"


def _start_time(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (field 22 of /proc/PID/stat), or None."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()[19]


def this_process() -> str:
    pid = os.getpid()
    return json.dumps({"host": socket.gethostname(), "pid": pid, "start": _start_time(pid)}, sort_keys=True)


def alive(owner: str | None) -> bool:
    """Whether the recorded process may still be running (True when it cannot be told from here)."""
    if not owner:
        return True
    try:
        d: dict[str, Any] = json.loads(owner)
    except ValueError:
        return True
    if d.get("host") != socket.gethostname():
        return True
    pid = d.get("pid")
    if not isinstance(pid, int):
        return True
    start = _start_time(pid)
    return start is not None and (d.get("start") is None or start == d.get("start"))


def stale_runs(runs: Iterable[dict], owners: dict[str, str]) -> set[str]:
    """Run ids `running` whose recorded process is gone."""
    return {r["run_id"] for r in runs
            if r.get("status") == "running" and r["run_id"] in owners and not alive(owners[r["run_id"]])}
