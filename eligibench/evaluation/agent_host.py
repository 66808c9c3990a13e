"""Run a submission's agent in its own process, with a memory limit and per-call time limits."""
from __future__ import annotations

import json
import os
import resource
import select
import subprocess
import sys
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.evaluation.agent_api import Agent, AgentContext
from eligibench.evaluation.agent_wire import dialog_to_wire
from eligibench.evaluation.dialog_loop import AgentFault, AgentInfraError
from eligibench.evaluation.types import Dialog, OpportunityBrief

INFRA_ERRORS = ("ModelUnavailable",)


class ProcessAgent(Agent):
    """An Agent whose calls go to a worker process; a hung or crashed worker is restarted."""

    def __init__(self, submission: Path, entry_point: str, models: Mapping[str, dict] | None = None,
                 seed: int = 0, options: Mapping[str, Any] | None = None, forbidden: Sequence[str] = (),
                 call_timeout_s: float = 120.0, memory_mb: int = 4096):
        super().__init__(AgentContext(seed=seed, options=options or {}))
        self.init = {"op": "init", "submission": str(Path(submission).resolve()), "entry_point": entry_point,
                     "models": dict(models or {}), "seed": seed, "options": dict(options or {}),
                     "forbidden": [str(Path(p).resolve()) for p in forbidden]}
        self.call_timeout_s = call_timeout_s
        self.memory_mb = memory_mb
        self.proc: subprocess.Popen | None = None
        self._usage = {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0}

    # process management -------------------------------------------------------------
    def _limits(self) -> None:
        limit = self.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.setsid()

    def _spawn(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "eligibench.evaluation.agent_worker"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1, preexec_fn=self._limits)
        self._call(self.init, timeout=max(self.call_timeout_s, 60.0))

    def close(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def _call(self, msg: dict, timeout: float | None = None) -> Any:
        if self.proc is None or self.proc.poll() is not None:
            if msg["op"] != "init":
                self._spawn()
        assert self.proc and self.proc.stdin and self.proc.stdout
        timeout = timeout or self.call_timeout_s
        try:
            self.proc.stdin.write(json.dumps(msg) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            self.close()
            raise AgentFault(f"agent process died before {msg['op']}") from None
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            self.close()
            raise AgentFault(f"{msg['op']} timed out after {timeout:.0f} s")
        line = self.proc.stdout.readline()
        if not line:
            code = self.proc.poll()
            self.close()
            raise AgentFault(f"agent process died during {msg['op']} (exit code {code}; memory limit {self.memory_mb} MB)")
        reply = json.loads(line)
        if "error" in reply:
            if reply["error"] in INFRA_ERRORS:
                raise AgentInfraError(reply["message"])
            raise AgentFault(f"{msg['op']}: {reply['error']}: {reply['message']}")
        return reply["ok"]

    # the Agent interface ----------------------------------------------------------------
    def start(self, opportunities: Sequence[OpportunityBrief]) -> None:
        self._call({"op": "start", "opportunities": [vars(b) for b in opportunities]})

    def ask(self, dialog: Dialog) -> str:
        return self._call({"op": "ask", "dialog": dialog_to_wire(dialog)})

    def ready(self, dialog: Dialog) -> bool:
        return self._call({"op": "ready", "dialog": dialog_to_wire(dialog)})

    def predict(self, dialog: Dialog) -> Mapping[str, bool]:
        return self._call({"op": "predict", "dialog": dialog_to_wire(dialog)})

    def usage(self) -> dict[str, int]:
        try:
            u = self._call({"op": "usage"}, timeout=10)
            self._usage = {k: int(u.get(k, 0)) for k in self._usage}
        except AgentFault:
            pass
        return dict(self._usage)

    def __del__(self):
        self.close()
