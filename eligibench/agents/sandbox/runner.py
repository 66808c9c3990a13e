"""Run untrusted generated code in a long-lived, resource-limited worker process.

    with Sandbox(timeout_s=2.0, memory_mb=512) as box:
        r = box.run(code, "decide", facts={"household": {"household_size": 1}, "members": [{}]})
        if r.error_kind == "missing_key": ask about r.key (r.member)

The worker (`python -m eligibench.agents.sandbox.worker`) is started on first use and reused. The parent
enforces a wall-clock timeout per call: on timeout the worker's process group is killed and a
new worker starts with the next call. After a memory error, or if the worker dies, it is also
replaced. Code is checked against the policy here first (refusals never reach the worker) and
again in the worker.

The worker is a `eligibench.jail.Child` started unjailed: it runs inside its agent's jail already
(the agent worker starts it; a nested bubblewrap cannot start there), in a process group of its
own; its memory, CPU, file and process limits are set by the worker itself after its imports
(`jail.apply_limits`), its replies are bounded by `MAX_REPLY_BYTES`.
"""
from __future__ import annotations

import atexit
import json
import signal
import sys
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from eligibench import jail
from eligibench.agents.sandbox.policy import PolicyError, validate

WORKER_ARGV = (sys.executable, "-m", "eligibench.agents.sandbox.worker")
ERROR_KINDS = ("refused", "timeout", "memory", "error", "missing_key")
MAX_REPLY_BYTES = 2_000_000  # the worker caps its replies at 1,000,000 characters (ASCII JSON)


@dataclass(frozen=True)
class SandboxResult:
    ok: bool
    value: Any = None
    error_kind: str | None = None  # one of ERROR_KINDS when not ok
    message: str = ""
    key: str | None = None  # missing_key: the fact the code needed
    member: int | None = None  # missing_key: the member index (None: a household fact)
    given_up: bool = False  # missing_key: the agent had marked this key unknown
    line: int | None = None  # line in the generated code where it stopped (when known)


class SandboxError(Exception):
    """The worker could not be started at all."""


_live: "weakref.WeakSet[Sandbox]" = weakref.WeakSet()


def _close_all() -> None:
    for box in list(_live):
        box.close()


atexit.register(_close_all)


class Sandbox:
    def __init__(self, timeout_s: float = 2.0, memory_mb: int = 512, cpu_s: int = 60,
                 startup_timeout_s: float = 30.0):
        self.timeout_s = float(timeout_s)
        self.memory_mb = int(memory_mb)
        self.cpu_s = int(cpu_s)
        self.startup_timeout_s = float(startup_timeout_s)
        self.child: jail.Child | None = None
        self.restarts = 0  # workers started after the first one
        self.started = 0
        self._lock = threading.Lock()
        self._validated: set[str] = set()
        _live.add(self)

    # ---------------------------------------------------------------- process management
    def _spawn(self) -> None:
        try:
            self.child = jail.Child.start(WORKER_ARGV, jail=None, limits=None, max_message_bytes=MAX_REPLY_BYTES)
        except OSError as e:
            raise SandboxError(f"cannot start the sandbox worker: {e}") from e
        self.started += 1
        if self.started > 1:
            self.restarts += 1
        reply = self._exchange({"op": "init", "memory_mb": self.memory_mb, "cpu_s": self.cpu_s},
                               self.startup_timeout_s)
        if reply is None or not reply.get("ok"):
            self._kill()
            raise SandboxError(f"the sandbox worker did not start: {reply}")

    def _kill(self) -> None:
        child, self.child = self.child, None
        if child is not None:
            child.kill(wait_s=5)

    def close(self) -> None:
        with self._lock:
            self._kill()

    @property
    def pid(self) -> int | None:
        return self.child.pid if self.child and self.child.poll() is None else None

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self):
        try:
            self._kill()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def _exchange(self, msg: dict, timeout: float) -> dict | None:
        """Send one request; the reply, or None on timeout / worker death (worker killed)."""
        child = self.child
        assert child is not None
        deadline = time.monotonic() + timeout
        try:
            child.send(msg, deadline)
        except jail.ChildTimeout:  # it stopped reading its requests
            self._kill()
            return None
        except jail.ChildExited:
            self._kill()
            return {"ok": False, "kind": "error", "message": "the sandbox worker died before the call"}
        try:
            line = child.read_line(deadline)
        except jail.ChildTimeout:
            self._kill()
            return None
        except jail.MessageTooLarge:
            self._kill()
            return {"ok": False, "kind": "error", "message": f"the sandbox worker sent over {MAX_REPLY_BYTES} bytes"}
        except jail.ChildExited:
            code = child.exit_code(wait_s=2)
            self._kill()
            if code == -signal.SIGXCPU or code == -signal.SIGKILL:
                kind = "timeout"
            else:
                kind = "memory" if code in (-signal.SIGSEGV, -signal.SIGABRT, 137) else "error"
            return {"ok": False, "kind": kind, "message": f"the sandbox worker died (exit code {code})"}
        return json.loads(line)

    # ---------------------------------------------------------------- running code
    def check(self, code: str, function: str | None = None) -> None:
        """Raise PolicyError unless the code passes the policy (cached per code text)."""
        key = f"{function}\0{code}"
        if key not in self._validated:
            validate(code, required_function=function)
            self._validated.add(key)

    def run(self, code: str, function: str = "decide", args: Sequence[Any] = (),
            facts: Mapping[str, Any] | None = None, timeout_s: float | None = None) -> SandboxResult:
        try:
            self.check(code, function)
        except PolicyError as e:
            return SandboxResult(False, error_kind="refused", message=str(e),
                                 line=e.violations[0].line if e.violations else None)
        msg: dict[str, Any] = {"op": "run", "code": code, "function": function, "args": list(args)}
        if facts is not None:
            msg["facts"] = dict(facts)
        try:
            json.dumps(msg)
        except (TypeError, ValueError) as e:
            return SandboxResult(False, error_kind="error", message=f"arguments are not JSON: {e}")
        timeout = self.timeout_s if timeout_s is None else float(timeout_s)
        with self._lock:
            if self.child is None or self.child.poll() is not None:
                self._kill()
                self._spawn()
            reply = self._exchange(msg, timeout)
            if reply is None:
                return SandboxResult(False, error_kind="timeout",
                                     message=f"the code ran longer than {timeout:g} s (worker killed and restarted)")
            if reply.get("kind") == "memory" and self.child is not None:
                self._kill()  # start fresh after a memory error
        if reply.get("ok"):
            return SandboxResult(True, value=reply.get("value"))
        kind = reply.get("kind", "error")
        if kind not in ERROR_KINDS:
            kind = "error"
        return SandboxResult(False, error_kind=kind, message=str(reply.get("message", "")), key=reply.get("key"),
                             member=reply.get("member"), given_up=bool(reply.get("given_up", False)),
                             line=reply.get("line"))
