"""Ending a child process the harness started (an agent worker, a sandbox worker): the whole
process group, so nothing it started survives, then its pipes."""
from __future__ import annotations

import os
import signal
import subprocess


def kill_group(proc: subprocess.Popen, wait_s: float) -> None:
    """SIGKILL the child's process group (the child itself if the group is gone), wait up to
    `wait_s` for it, and close its stdin/stdout pipes."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.kill()
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=wait_s)
    except subprocess.TimeoutExpired:
        pass
    for stream in (proc.stdin, proc.stdout):
        try:
            if stream:
                stream.close()
        except OSError:
            pass
