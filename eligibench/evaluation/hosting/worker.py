"""The process a submission's agent runs in: JSON lines in on stdin, out on the real stdout.

It runs inside the bubblewrap jail (`isolation.py`): the boundary is the jail, not this code.
It never receives a household or labels, and it has no model endpoint of its own: each role in
`context.models` is a `HarnessModel`, whose `chat` sends the request to the host over this
same pipe (`{"model": role, "messages": ..., "json_schema": ..., "max_tokens": ...}`) and waits
for the host's reply (`{"completion": ...}` or `{"model_error": kind, "message": ...}`). The host
makes the call with the run's spec for that role and counts the usage itself.

An audit hook still refuses process starts other than the generated-code sandbox worker, and
opening the paths the host names as hidden: defense in depth for trusted agents run without
the jail (bubblewrap missing); it is not what contains an untrusted agent.
"""
from __future__ import annotations

import json
import os
import sys
import threading
import traceback
from typing import Any, Literal

from eligibench import jail
from eligibench.models import Completion, ModelError, ModelRequestError, ModelSpec, ModelUnavailable, RetryingChatModel


class BudgetExhausted(ModelError):
    """The host refused a model call: this dialog's budget of calls, tokens or time is spent."""


class _Pipe:
    """The worker's side of the protocol (one writer, one reader; model calls serialised)."""

    def __init__(self, out, inp):
        self.out, self.inp = out, inp
        self.lock = threading.Lock()

    def send(self, msg: dict) -> None:
        self.out.write(json.dumps(msg) + "\n")
        self.out.flush()

    def request(self, msg: dict) -> dict:
        with self.lock:
            self.send(msg)
            line = self.inp.readline()
        if not line:
            raise SystemExit(0)  # the host is gone
        return json.loads(line)


class HarnessModel(RetryingChatModel):
    """A role's model as the agent sees it: every call goes through the host (no retries here:
    the host retries with the run's spec)."""

    def __init__(self, role: str, spec: ModelSpec, pipe: _Pipe):
        super().__init__(spec)
        self.role = role
        self._pipe = pipe

    @property
    def endpoint(self) -> str:
        return f"harness:{self.role}"

    def _chat_once(self, messages, json_schema, max_tokens) -> Completion:
        reply = self._pipe.request({"model": self.role, "messages": [m.to_dict() for m in messages],
                                    "json_schema": json_schema, "max_tokens": max_tokens})
        if "completion" in reply:
            return Completion(**reply["completion"])
        kind, message = reply.get("model_error"), str(reply.get("message", ""))
        if kind == "unavailable":
            raise ModelUnavailable(self.endpoint, message)
        if kind == "budget":
            raise BudgetExhausted(message)
        raise ModelRequestError(self.endpoint, message)

    def _classify(self, exc: BaseException) -> Literal["transient", "rejected", "other"]:
        return "other"  # never retried here: the host already retried with the run's spec


def _install_guard(forbidden: list[str]) -> None:
    roots = [os.path.realpath(p) for p in forbidden]
    # The one process an agent may start: the generated-code sandbox (eligibench.agents.sandbox.worker).
    sandbox_argv = [sys.executable, "-m", "eligibench.agents.sandbox.worker"]

    def hook(event: str, args: tuple) -> None:
        if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.path.realpath(os.fsdecode(args[0]))
            for root in roots:
                if path == root or path.startswith(root + os.sep):
                    raise PermissionError(f"agents may not read {path}: hidden benchmark data")
        elif (event == "subprocess.Popen" and len(args) > 1 and args[0] in (None, sys.executable)
              and isinstance(args[1], (list, tuple)) and list(args[1]) == sandbox_argv):
            return
        elif event in ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.fork"):
            raise PermissionError(f"agents may not start processes ({event})")
        elif event == "socket.connect" and len(args) > 1 and isinstance(args[1], tuple):
            host = str(args[1][0])
            if host not in ("127.0.0.1", "localhost", "::1"):
                raise PermissionError(f"agents may only connect to loopback model servers, not {host}")

    sys.addaudithook(hook)


def _load(init: dict, pipe: _Pipe):
    from eligibench.evaluation.hosting.api import AgentContext
    from eligibench.evaluation.hosting.manifest import import_submission_module

    module_name, _, class_name = init["entry_point"].partition(":")
    cls = getattr(import_submission_module(init["submission"], module_name), class_name)
    from eligibench.evaluation.hosting.api import Agent

    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise TypeError(f"entry point {init['entry_point']}: {class_name} is not a subclass of "
                        "eligibench.evaluation.hosting.Agent")
    models = {role: HarnessModel(role, ModelSpec.from_wire(spec, where=f"init: role {role!r}"), pipe)
              for role, spec in init.get("models", {}).items()}
    return cls(AgentContext(seed=init.get("seed", 0), models=models, options=init.get("options", {})))


def _plain(value: Any) -> Any:
    if hasattr(value, "items") and not isinstance(value, dict):
        return dict(value)
    return value


def main() -> None:
    from eligibench.evaluation.hosting.wire import dialog_from_wire

    out = jail.protocol_stdout()  # the agent's / code's prints go to stderr, not into the protocol
    pipe = _Pipe(out, sys.stdin)
    agent = None
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        msg = json.loads(line)
        op = msg.get("op")
        try:
            if op == "init":
                _install_guard(msg.get("forbidden", []))
                agent = _load(msg, pipe)
                value = None
            elif op == "start":
                value = agent.start(dialog_from_wire({"opportunities": msg["opportunities"], "turns": []}).opportunities)
            elif op in ("ask", "ready", "predict", "recommend"):
                value = _plain(getattr(agent, op)(dialog_from_wire(msg["dialog"])))
            elif op == "notes":
                value = _plain(agent.notes())
            else:
                raise ValueError(f"unknown op {op!r}")
            reply = json.dumps({"ok": value})
        except BaseException as e:  # reported to the host, which decides how the dialog ends
            reply = json.dumps({"error": type(e).__name__, "message": str(e)[:2000],
                                "traceback": traceback.format_exc()[-4000:]})
        with pipe.lock:
            out.write(reply + "\n")
            out.flush()


if __name__ == "__main__":
    main()
