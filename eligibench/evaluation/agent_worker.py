"""The process a submission's agent runs in: JSON lines in on stdin, out on the real stdout.

It never receives a household or labels; an audit hook refuses to open files under the
project's data folders, to start processes, or to connect anywhere but loopback. That is a
guard against accidents and casual cheating, not a security boundary (native code can bypass
audit hooks); the generated-code sandbox (ProADA) is separate and stricter.
"""
from __future__ import annotations

import json
import os
import sys
import traceback


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


def _load(init: dict):
    from eligibench.evaluation.agent_api import AgentContext
    from eligibench.evaluation.submissions import import_submission_module
    from eligibench.models import ModelSpec, make_model

    module_name, _, class_name = init["entry_point"].partition(":")
    cls = getattr(import_submission_module(init["submission"], module_name), class_name)
    models = {role: make_model(ModelSpec(**spec)) for role, spec in init.get("models", {}).items()}
    return cls(AgentContext(seed=init.get("seed", 0), models=models, options=init.get("options", {})))


def main() -> None:
    from eligibench.evaluation.agent_wire import dialog_from_wire

    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # the agent's prints go to stderr, not into the protocol
    sys.stdout = sys.stderr
    agent = None
    for line in sys.stdin:
        msg = json.loads(line)
        op = msg["op"]
        try:
            if op == "init":
                _install_guard(msg.get("forbidden", []))
                agent = _load(msg)
                value = None
            elif op == "start":
                value = agent.start(dialog_from_wire({"opportunities": msg["opportunities"], "turns": []}).opportunities)
            elif op in ("ask", "ready", "predict"):
                value = getattr(agent, op)(dialog_from_wire(msg["dialog"]))
                if op == "predict" and hasattr(value, "items"):
                    value = dict(value)
            elif op == "usage":
                value = agent.usage()
            else:
                raise ValueError(f"unknown op {op!r}")
            out.write(json.dumps({"ok": value}) + "\n")
        except BaseException as e:  # reported to the host, which decides how the dialog ends
            out.write(json.dumps({"error": type(e).__name__, "message": str(e)[:2000],
                                  "traceback": traceback.format_exc()[-4000:]}) + "\n")


if __name__ == "__main__":
    main()
