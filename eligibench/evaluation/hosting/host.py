"""Run a submission's agent in its own jailed process; the host side of the agent protocol.

The worker (`worker.py`) is a `eligibench.jail.Child`: inside bubblewrap with memory, process and
open-file limits (unjailed only as `isolation.py` allows). Everything it sends is untrusted:

- reads are bounded and non-blocking: a message over `max_message_bytes`, or a partial line
  still incomplete at the call's deadline, kills the worker (`AgentFault`); so does a worker
  that stops reading its stdin;
- every call, `init` (import and `__init__`) included, has the call timeout; on timeout or exit
  the worker's whole process group is killed (and, jailed, its pid namespace dies with it);
- model calls: the worker asks, the host calls the run's model for that role and counts the
  usage itself. A request over the bounds of `request_bounds` (schema bytes, nodes, nesting,
  enum length, repetition; prompt bytes) is refused before it is sent: a shared server never
  compiles an agent's grammar bomb. Each forwarded request has a time budget (the spec's
  timeout, at most the call timeout). A request that fails is the agent's doing unless an outage
  is confirmed independently of it: a health probe on a new connection that the server does not
  answer within `outage_confirm_s` (a server busy with the agent's own request answers once it is
  done; one that is down, or stays silent, is an outage: an infrastructure error). What the agent
  raises, whatever its class is called, is an agent error;
- a per-dialog budget (`DialogBudget`: model calls, tokens, wall time) ends the dialog as
  `budget_exceeded`;
- after an agent error or a protocol error (a failed init included) the worker is killed and the
  next call starts a fresh one; a dialog starts on a fresh worker when the previous one left a
  message nobody asked for (a forged extra reply line), so one dialog cannot desynchronise the next.
"""
from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench import jail, system
from eligibench.evaluation.hosting import isolation
from eligibench.evaluation.hosting.api import Agent, AgentContext
from eligibench.evaluation.hosting.errors import AgentFault, AgentInfraError, BudgetExceeded
from eligibench.evaluation.hosting.request_bounds import request_problem
from eligibench.evaluation.hosting.types import Dialog, DialogBudget, OpportunityBrief
from eligibench.evaluation.hosting.wire import dialog_to_wire
from eligibench.models import ChatModel, ModelError, ModelSpec, ModelUnavailable, check_health, make_model

WORKER_ARGV = (sys.executable, "-m", "eligibench.evaluation.hosting.worker")
_WORKER_FILE = "eligibench/evaluation/hosting/worker.py"


def agent_traceback(text: str, limit: int = 3000) -> str:
    """The agent's own frames of a traceback the worker sent ("Traceback ...", then `File "x",
    line n, in f` with its source line, for the agent's files only): the harness's frames tell a
    researcher nothing, the agent's file and line tell them where to look. Untrusted text, so it
    is bounded and only frame lines are kept."""
    lines, keep, out = text.splitlines(), False, []
    for line in lines:
        if line.startswith('  File "'):
            keep = _WORKER_FILE not in line.replace("\\", "/")
            if keep:
                out.append(line)
        elif line.startswith("    ") and keep:
            out.append(line)
        else:
            keep = False
    if not out:
        return ""
    return ("agent traceback (most recent call last):\n" + "\n".join(out))[:limit]
MAX_MESSAGE_BYTES = 8 * 1024 * 1024
MAX_TOKENS_PER_CALL = 8192
OUTAGE_CONFIRM_S = 60.0  # how long a failed agent request's server may take to answer a probe


class ProcessAgent(Agent):
    """An Agent whose calls go to a jailed worker process; a hung or crashed worker is restarted.

    `models`: role -> ModelSpec (its server attached); the host makes these calls, each limited
    to the spec's max_tokens (an agent may ask for less, never more). `read_only`: folders the
    worker may read besides its submission folder (its `generated/<name>/` artifacts). `cwd`: the
    worker's working directory (the project root, so relative `cache_dir` options resolve).
    `trusted`: may run without the jail when bubblewrap is missing (a reference agent under
    `evaluate.isolation: auto`, or your own folder under `benyfits evaluate`'s development policy,
    as `isolation.isolation_for` decided; never an agent from outside).
    """

    def __init__(self, submission: Path, entry_point: str, models: Mapping[str, ModelSpec] | None = None,
                 seed: int = 0, options: Mapping[str, Any] | None = None, forbidden: Sequence[str] = (),
                 call_timeout_s: float = 120.0, memory_mb: int = 4096, *, read_only: Sequence[Path] = (),
                 cwd: Path | None = None, trusted: bool = False, budget: DialogBudget | None = None,
                 max_message_bytes: int = MAX_MESSAGE_BYTES, processes: int = 64, open_files: int = 256,
                 outage_confirm_s: float = OUTAGE_CONFIRM_S):
        super().__init__(AgentContext(seed=seed, options=options or {}))
        self.submission = Path(submission).resolve()
        self.specs = {role: spec if isinstance(spec, ModelSpec) else ModelSpec.from_wire(spec, where=f"role {role!r}")
                      for role, spec in (models or {}).items()}
        # the worker learns each role's model name and settings, never an endpoint
        self.init = {"op": "init", "submission": str(self.submission), "entry_point": entry_point,
                     "models": {r: replace(s, base_url=None, replicas=(), api_key_env=None).to_wire() for r, s in self.specs.items()},
                     "seed": seed, "options": dict(options or {}),
                     "forbidden": [str(Path(p).resolve()) for p in forbidden]}
        self.call_timeout_s = float(call_timeout_s)
        self.outage_confirm_s = float(outage_confirm_s)
        self.memory_mb = memory_mb
        self.processes, self.open_files = processes, open_files
        self.budget = budget or DialogBudget()
        self.max_message_bytes = max_message_bytes
        self.read_only = tuple(Path(p).resolve() for p in read_only if Path(p).exists())
        self.cwd = Path(cwd or Path.cwd()).resolve()
        self.trusted = trusted
        self.jailed = system.bwrap_path() is not None
        if not self.jailed and not trusted:
            jail.require_bwrap(str(self.submission), "it was not marked as a reference agent")  # raises
        self.child: jail.Child | None = None
        self._stderr = None
        self._models: dict[str, ChatModel] = {}
        self._usage = {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0}
        self._new_dialog()

    @property
    def isolation(self) -> str:
        """How this agent runs: isolation.BUBBLEWRAP or isolation.UNJAILED (recorded on the run)."""
        return isolation.BUBBLEWRAP if self.jailed else isolation.UNJAILED

    # process management -------------------------------------------------------------
    def _jail(self) -> jail.Jail | None:
        """What the worker sees: its submission, its artifacts and the harness (None: unjailed)."""
        if not self.jailed:
            return None
        import eligibench

        harness_root = Path(eligibench.__file__).resolve().parent.parent
        return jail.Jail(read_only=(self.submission, *self.read_only), cwd=self.cwd, python_path=(harness_root,))

    def _spawn(self) -> None:
        self._stderr = tempfile.TemporaryFile()
        # jailed: bwrap itself gets a bare environment (its reaper keeps it; the worker's is set by --setenv)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"} if self.jailed else None
        limits = jail.Limits(memory_mb=self.memory_mb, processes=self.processes, open_files=self.open_files)
        self.child = jail.Child.start(WORKER_ARGV, jail=self._jail(), limits=limits, cwd=self.cwd,
                                      stderr=self._stderr, env=env, max_message_bytes=self.max_message_bytes)
        try:
            self._exchange(self.init, time.monotonic() + self.call_timeout_s, "init")
        except AgentFault:
            self._kill()  # a worker whose init failed holds no agent: never reused
            raise

    def load(self) -> None:
        """Start the worker now: import the submission and construct its agent in the jail
        (AgentFault with the agent's error when it cannot)."""
        if self.child is None or self.child.poll() is not None:
            self._kill()
            self._spawn()

    def close(self) -> None:
        self._kill()
        self.close_models()

    def _kill(self) -> None:
        child, self.child = self.child, None
        if child is not None:
            child.kill(wait_s=10)  # the worker's group: its children too
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def close_models(self) -> None:
        for m in self._models.values():
            m.close()
        self._models = {}

    def _stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0, os.SEEK_END)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - 600))
            tail = self._stderr.read().decode("utf-8", "replace").strip()
        except (OSError, ValueError):
            return ""
        return f"; stderr: ...{tail[-600:]}" if tail else ""

    # the wire -----------------------------------------------------------------------
    def _died(self, op: str) -> Exception:
        code = self.child.exit_code(wait_s=2) if self.child is not None else None
        tail = self._stderr_tail()
        self._kill()
        if self.jailed and "bwrap:" in tail:
            # the jail itself could not start: the harness's failure, never scored against the agent
            return AgentInfraError(f"the agent jail (bubblewrap) failed to start{tail}")
        return AgentFault(f"agent process died during {op} (exit code {code}; memory limit {self.memory_mb} MB){tail}")

    def _timed_out(self, op: str) -> Exception:
        self._kill()
        if time.monotonic() >= self._dialog_deadline:
            return BudgetExceeded(f"dialog wall time over its budget of {self.budget.wall_s:g} s (during {op})")
        return AgentFault(f"{op} timed out after {self.call_timeout_s:g} s")

    def _send(self, msg: dict, deadline: float, op: str) -> None:
        try:
            self.child.send(msg, min(deadline, self._dialog_deadline))
        except jail.ChildTimeout:
            raise self._timed_out(op) from None
        except jail.ChildExited:
            raise self._died(op) from None

    def _read_line(self, deadline: float, op: str) -> bytes:
        try:
            return self.child.read_line(min(deadline, self._dialog_deadline))
        except jail.MessageTooLarge:
            self._kill()
            raise AgentFault(f"{op}: the agent sent a message over {self.max_message_bytes} bytes") from None
        except jail.ChildTimeout:
            raise self._timed_out(op) from None
        except jail.ChildExited:
            raise self._died(op) from None

    def _parse(self, line: bytes, op: str) -> dict:
        try:
            reply = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError) as e:
            self._kill()
            raise AgentFault(f"{op}: the agent sent a malformed message ({type(e).__name__})") from None
        if not isinstance(reply, dict):
            self._kill()
            raise AgentFault(f"{op}: the agent sent {type(reply).__name__}, expected an object")
        return reply

    def _exchange(self, msg: dict, deadline: float, op: str) -> Any:
        self._send(msg, deadline, op)
        while True:
            reply = self._parse(self._read_line(deadline, op), op)
            if "model" not in reply:
                break
            t0 = time.monotonic()
            answer = self._model_call(reply)
            deadline += time.monotonic() - t0  # the host's model time is not the agent's call time
            self._send(answer, deadline, op)
        # the host alone decides infrastructure errors and budgets, whatever the agent replied
        if self._infra is not None:
            raise AgentInfraError(self._infra)
        if self._over_budget is not None:
            raise BudgetExceeded(self._over_budget)
        if self.child is not None and self.child.buffer:
            raise AgentFault(f"{op}: the agent sent a message nobody asked for after its reply")
        if "error" in reply:
            where = agent_traceback(str(reply.get("traceback") or ""))
            raise AgentFault(f"{op}: {str(reply.get('error'))[:200]}: {str(reply.get('message'))[:2000]}"
                             + (f"\n{where}" if where else ""))
        if "ok" not in reply:
            raise AgentFault(f"{op}: the agent's reply has neither 'ok' nor 'error'")
        return reply["ok"]

    def _call(self, msg: dict) -> Any:
        if self.child is not None and msg["op"] == "start" and self.child.unrequested():
            self._kill()  # the last dialog left a message nobody asked for: a fresh worker, in sync
        if self.child is None or self.child.poll() is not None:
            self._kill()
            self._spawn()
        try:
            return self._exchange(msg, time.monotonic() + self.call_timeout_s, msg["op"])
        except AgentFault:
            # after any protocol or agent error (a failed init included) the worker is not reused:
            # the next call starts a fresh one, never one left half-initialised or out of step
            self._kill()
            raise

    # model calls on the agent's behalf ----------------------------------------------------
    def _model(self, role: str) -> ChatModel:
        if role not in self._models:
            # the agent's request has a time budget: the spec's timeout, at most one call's
            spec = self.specs[role]
            self._models[role] = make_model(replace(spec, timeout_s=min(spec.timeout_s, self.call_timeout_s)))
        return self._models[role]

    def _model_call(self, req: dict) -> dict:
        role = req.get("model")
        if not isinstance(role, str) or role not in self.specs:
            return {"model_error": "rejected", "message": f"no model for role {role!r}; declared: {sorted(self.specs)}"}
        used = self._dialog_usage
        if used["calls"] >= self.budget.calls:
            self._over_budget = f"more than {self.budget.calls} model calls in one dialog"
        elif used["tokens"] >= self.budget.tokens:
            self._over_budget = f"more than {self.budget.tokens} model tokens in one dialog"
        if self._over_budget is not None:
            return {"model_error": "budget", "message": self._over_budget}
        messages, schema, limit = req.get("messages"), req.get("json_schema"), req.get("max_tokens")
        if (not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages)
                or (schema is not None and not isinstance(schema, dict))
                or (limit is not None and (type(limit) is not int or limit < 1))):
            return {"model_error": "rejected", "message": "malformed model request"}
        problem = request_problem(messages, schema)
        if problem is not None:  # refused before any request: counted as a call, never sent
            used["calls"] += 1
            self._usage["calls"] += 1
            return {"model_error": "rejected", "message": f"request refused by the harness: {problem}"}
        # the role's spec max_tokens is what its calls use; an agent may ask for less (a per-call
        # limit its options name), never more than the run configured and recorded
        spec_limit = min(self.specs[role].max_tokens, MAX_TOKENS_PER_CALL)
        limit = spec_limit if limit is None else min(limit, spec_limit)
        used["calls"] += 1
        self._usage["calls"] += 1
        try:
            model = self._model(role)
        except Exception as e:  # noqa: BLE001 - the host's own model could not be set up: infrastructure
            self._infra = f"{type(e).__name__}: {e}"
            return {"model_error": "unavailable", "message": str(e)}
        try:
            c = model.chat(messages, json_schema=schema, max_tokens=limit)
        except ModelUnavailable as e:
            if self._endpoint_recovers(role):
                # the server answers a separate probe: the agent's own request failed it (a schema
                # or prompt that makes it error or time out): the agent's doing, never an outage
                return {"model_error": "rejected", "message": f"the model could not serve this request: {e}"}
            self._infra = f"ModelUnavailable ({e.endpoint}): {e}"
            return {"model_error": "unavailable", "message": str(e)}
        except ModelError as e:  # rejected request or bad arguments: the agent's doing
            return {"model_error": "rejected", "message": str(e)}
        tokens = max(0, int(c.prompt_tokens)) + max(0, int(c.completion_tokens))
        used["tokens"] += tokens
        self._usage["prompt_tokens"] += max(0, int(c.prompt_tokens))
        self._usage["completion_tokens"] += max(0, int(c.completion_tokens))
        return {"completion": {"text": c.text, "prompt_tokens": c.prompt_tokens, "completion_tokens": c.completion_tokens,
                               "cached_tokens": c.cached_tokens, "latency_s": c.latency_s,
                               "finish_reason": c.finish_reason}}

    def _endpoint_recovers(self, role: str) -> bool:
        """Whether the role's server answers a health probe (each on a new connection) within
        `outage_confirm_s`: a server still busy with the agent's failed request answers when it is
        done with it; a dead server (connection refused) or one silent for the whole window is an
        outage confirmed independently of the agent's request."""
        urls = self.specs[role].endpoints  # a spec with replicas: any replica answering will do
        if not urls:
            return False
        deadline = time.monotonic() + self.outage_confirm_s
        while True:
            refused = 0
            for base_url in urls:
                left = deadline - time.monotonic()
                try:
                    check_health(base_url, timeout_s=max(1.0, min(5.0, left)))
                    return True
                except ModelUnavailable as e:
                    refused += isinstance(getattr(e.__cause__, "reason", e.__cause__), ConnectionRefusedError)
            if refused == len(urls) or deadline - time.monotonic() <= 0:
                return False
            time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))

    def _new_dialog(self) -> None:
        self._dialog_usage = {"calls": 0, "tokens": 0}
        self._dialog_deadline = time.monotonic() + self.budget.wall_s
        self._infra: str | None = None
        self._over_budget: str | None = None

    # the Agent interface ----------------------------------------------------------------
    def start(self, opportunities: Sequence[OpportunityBrief]) -> None:
        self._new_dialog()
        self._call({"op": "start", "opportunities": [vars(b) for b in opportunities]})

    def ask(self, dialog: Dialog) -> str:
        return self._call({"op": "ask", "dialog": dialog_to_wire(dialog)})

    def ready(self, dialog: Dialog) -> bool:
        return self._call({"op": "ready", "dialog": dialog_to_wire(dialog)})

    def predict(self, dialog: Dialog) -> Mapping[str, bool]:
        return self._call({"op": "predict", "dialog": dialog_to_wire(dialog)})

    def notes(self) -> Any:
        return self._call({"op": "notes"})

    def recommend(self, dialog: Dialog) -> Any:
        return self._call({"op": "recommend", "dialog": dialog_to_wire(dialog)})

    def usage(self) -> dict[str, int]:
        """Model calls and tokens the host made for this agent (measured, never reported by it)."""
        return dict(self._usage)

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass


# where a submission's models point while only its loading is checked: nothing listens on port 9
_NO_MODEL = "http://127.0.0.1:9/v1"


def check_loads(manifest, cwd: Path | None = None, call_timeout_s: float = 120.0) -> None:
    """Refuse a submission whose module raises on import, whose entry point is not an `Agent`, or
    whose `__init__` fails: imported and constructed in the jail, as a run would (issue 24: such a
    submission used to run to `done` with every dialog an agent error). SubmissionError names the
    manifest and the agent's error."""
    from eligibench.evaluation.hosting.manifest import SubmissionError

    if manifest.is_service:  # no code to load: the service must answer with a usable agent card
        from eligibench.evaluation.hosting.service import ServiceUnreachable, fetch_card

        try:
            fetch_card(manifest.url, call_timeout_s)
        except ServiceUnreachable as e:
            raise SubmissionError(f"{Path(manifest.folder) / 'manifest.yaml'}: field 'url': {e}") from None
        return
    models = {role: ModelSpec("openai", "unchecked", base_url=_NO_MODEL, retries=0, timeout_s=2)
              for role in (manifest.models or {})}
    agent = ProcessAgent(manifest.folder, manifest.entry_point, models, 0, dict(manifest.options or {}),
                         call_timeout_s=call_timeout_s, cwd=cwd,
                         read_only=[Path(cwd or ".") / "generated" / manifest.name])
    try:
        agent.load()
    except AgentFault as e:
        # one line (a CLI error), with the agent's innermost frame so the author can find it
        lines = str(e).splitlines()
        frames = re.findall(r'File "([^"]+)", line (\d+)', str(e))
        at = f" (at {frames[-1][0]}:{frames[-1][1]})" if frames else ""
        raise SubmissionError(f"{Path(manifest.folder) / 'manifest.yaml'}: field 'entry_point': "
                              f"{manifest.entry_point} cannot be loaded: {lines[0] if lines else e}{at}") from None
    finally:
        agent.close()
