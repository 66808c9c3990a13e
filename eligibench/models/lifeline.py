"""A model server's lifeline: `python -m eligibench.models.lifeline FD -- argv...`.

Runs `argv` as its child (same process group) and watches FD, the read end of a pipe whose
write end only the harness holds. When the harness dies, however (SIGKILL included), the pipe
reads EOF and the lifeline stops the whole group: SIGTERM, then SIGKILL after a grace period.
The server gets SIGKILL from the kernel if the lifeline itself is killed (PR_SET_PDEATHSIG),
and the lifeline stops the server when it gets SIGTERM (`ServerProcess.stop` signals the group anyway).
"""
from __future__ import annotations

import ctypes
import os
import select
import signal
import subprocess
import sys
import time

PR_SET_PDEATHSIG = 1
GRACE_S = 5.0


def die_with_parent(sig: int = signal.SIGKILL) -> None:
    """PR_SET_PDEATHSIG for the calling process (Linux; a no-op elsewhere)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _stop_group(child: subprocess.Popen) -> None:
    for sig, wait in ((signal.SIGTERM, GRACE_S), (signal.SIGKILL, 5.0)):
        try:
            child.send_signal(sig)
        except ProcessLookupError:
            return
        try:
            child.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def main(argv: list[str]) -> int:
    fd = int(argv[0])
    cmd = argv[2:] if argv[1:2] == ["--"] else argv[1:]
    # Not PR_SET_PDEATHSIG on the lifeline itself: it would fire when the *thread* that started
    # it exits; the pipe's EOF does not depend on threads.
    child = subprocess.Popen(cmd, preexec_fn=die_with_parent)
    signal.signal(signal.SIGTERM, lambda *_: (_stop_group(child), sys.exit(143)))
    while True:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready and not os.read(fd, 1):  # EOF: every holder of the write end (the harness) is gone
            _stop_group(child)
            return 1
        code = child.poll()
        if code is not None:
            return code
        time.sleep(0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
