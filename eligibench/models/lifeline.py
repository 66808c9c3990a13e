"""A model server's lifeline: `python -m eligibench.models.lifeline FD -- argv...`.

Runs `argv` as its child (same process group) and watches FD, the read end of a pipe whose
write end only the harness holds. When the harness dies, however (SIGKILL included), the pipe
reads EOF and the lifeline stops the whole group: SIGTERM, then SIGKILL after a grace period.
The server gets SIGKILL from the kernel if the lifeline itself is killed (PR_SET_PDEATHSIG),
and the lifeline stops the server when it gets SIGTERM (`ServerProcess.stop` signals the group anyway).

The lifeline reports its child to the harness through its stdout (the server's log) and its exit
status, because the harness only sees the lifeline's own exit: a `STARTED_MARK` line with the
server's pid at start, an `EXIT_MARK` line when the server exits on its own (its exit code, or the
signal that killed it), and exit status = the child's code, or 128 + the signal number.
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
POLL_S = 0.2  # how soon a dead server is noticed (the harness waits for this report)
STARTED_MARK = "eligibench-lifeline: server pid"
EXIT_MARK = "eligibench-lifeline: server exited:"


def _report(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def exit_line(pid: int, returncode: int) -> str:
    """The EXIT_MARK line for a child that ended with Popen.returncode `returncode`."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"{EXIT_MARK} pid={pid} signal={-returncode} ({name})"
    return f"{EXIT_MARK} pid={pid} code={returncode}"


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
    _report(f"{STARTED_MARK} {child.pid}")
    signal.signal(signal.SIGTERM, lambda *_: (_stop_group(child), sys.exit(143)))
    while True:
        ready, _, _ = select.select([fd], [], [], POLL_S)
        if ready and not os.read(fd, 1):  # EOF: every holder of the write end (the harness) is gone
            _stop_group(child)
            return 1
        code = child.poll()
        if code is not None:
            _report(exit_line(child.pid, code))
            # a shell's convention, so the exit status alone also names the signal
            return 128 - code if code < 0 else code
        time.sleep(0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
