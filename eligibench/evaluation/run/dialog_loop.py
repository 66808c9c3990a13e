"""The dialog loop: enforces the protocol and limits, and records how every dialog ended.

Protocol (DESIGN.md): the agent gets the requirements of the household's opportunities; it is
asked READY before its first question (so an agent that needs no questions, like `random`,
can stop at zero turns, as v1's random baseline did) and after every answer; while not ready
it asks one question, which the simulated user answers. When ready, or at the limit (20
questions per opportunity, at most 100), it is asked PREDICT: one boolean per opportunity.
Under a protocol that names a patience (the priorities track), the household leaves once it has
answered that many questions: the dialog ends `patience_spent` and the agent is asked PREDICT; the
agent sees the patience as its question limit (`Dialog.limit`), as a person would say "I have a
few minutes".

Errors: anything the agent does wrong (exception, timeout, non-string question, non-boolean
READY, missing/extra/non-boolean predictions) ends the dialog as `agent_error` and is scored as
wrong; spending the per-dialog budget (agent hosts: model calls, tokens, wall time) ends it as
`budget_exceeded`, also scored as wrong. An endpoint that stays down after the model layer's retries (`ModelUnavailable`, from
the user's model or the agent's) ends it as `infrastructure_error`: never scored.
"""
from __future__ import annotations

import json
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Mapping, Sequence

from eligibench.evaluation.hosting import (
    Agent,
    AgentFault,
    AgentInfraError,
    BudgetExceeded,
    Dialog,
    OpportunityBrief,
    recommendation_of,
)
from eligibench.evaluation.user import SimulatedUser, UserError
from eligibench.models import ModelUnavailable
from eligibench.results import (
    AGENT_ERROR,
    BUDGET_EXCEEDED,
    INFRA_ERROR,
    PATIENCE_SPENT,
    READY,
    TURN_LIMIT,
    USER_ERROR,
    DialogResult,
    Turn,
    clean_text,
)

MAX_QUESTION_CHARS = 2000


class AgentCalls:
    """The agent calls running now, one per dialog thread: what `runner`'s heartbeat reports while
    a call is slow ("still waiting for the agent: 45 s")."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls: dict[int, tuple[str, str, float]] = {}  # thread id -> (operation, row id, started)

    @contextmanager
    def call(self, op: str, row_id: str) -> Iterator[None]:
        key = threading.get_ident()
        with self._lock:
            self._calls[key] = (op, row_id, time.monotonic())
        try:
            yield
        finally:
            with self._lock:
                self._calls.pop(key, None)

    def slowest(self) -> tuple[str, str, float] | None:
        """(operation, row id, seconds running) of the call running longest, None when none is."""
        with self._lock:
            calls = list(self._calls.values())
        if not calls:
            return None
        op, row, started = min(calls, key=lambda c: c[2])
        return op, row, time.monotonic() - started


IN_FLIGHT = AgentCalls()


def _agent(op: str, row_id: str, fn: Callable[..., Any], *args: Any) -> Any:
    with IN_FLIGHT.call(op, row_id):
        return fn(*args)


def _validate_predictions(raw: object, ids: Sequence[str]) -> dict[str, bool]:
    if not isinstance(raw, Mapping):
        raise AgentFault(f"predict returned {type(raw).__name__}, expected a mapping of opportunity id -> bool")
    missing = [i for i in ids if i not in raw]
    extra = [k for k in raw if k not in ids]
    if missing:
        raise AgentFault(f"predict is missing {missing}")
    if extra:
        raise AgentFault(f"predict has unknown opportunities {extra}")
    bad = {k: v for k, v in raw.items() if type(v) is not bool}
    if bad:
        raise AgentFault(f"predict values must be true/false, got {bad}")
    return {i: raw[i] for i in ids}


MAX_NOTES_CHARS = 20_000  # notes are for a reader of the leaderboard, not a data channel


def _notes_json(notes: object) -> str | None:
    """An agent's notes as stored: JSON text of at most MAX_NOTES_CHARS UTF-8 bytes (so at most
    that many characters); longer notes are cut and stored as one JSON string ending " [cut]". The
    cut is made on what is stored: the JSON of the cut string escapes quotes and backslashes again,
    so cutting the text at the cap stored up to 22k (issue 24)."""
    if notes is None:
        return None
    try:
        text = json.dumps(notes, ensure_ascii=False, sort_keys=True, default=str)
    except (TypeError, ValueError) as e:
        raise AgentFault(f"notes returned data that is not JSON: {e}") from None
    text = clean_text(text, len(text))  # lone surrogates and NULs replaced: storable UTF-8

    def stored(k: int) -> str:
        return json.dumps(text[:k] + " [cut]", ensure_ascii=False)

    if len(text.encode("utf-8")) > MAX_NOTES_CHARS:
        lo, hi = 0, min(len(text), MAX_NOTES_CHARS)  # the longest cut whose stored form fits
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if len(stored(mid).encode("utf-8")) <= MAX_NOTES_CHARS:
                lo = mid
            else:
                hi = mid - 1
        text = stored(lo)
    return text


def run_dialog(agent: Agent, user: SimulatedUser, briefs: Sequence[OpportunityBrief], labels: Mapping[str, bool],
               row_id: str, dataset: str, trial: int = 0, max_questions: int | None = None,
               patience: int | None = None) -> DialogResult:
    started = time.perf_counter()
    if patience is not None:  # the agent is told the smaller of the two limits
        max_questions = patience if max_questions is None else min(max_questions, patience)
    ids = [b.id for b in briefs]
    dialog = Dialog(tuple(briefs), (), max_questions)
    turns: list[Turn] = []
    predictions: dict[str, bool] | None = None
    recommendation: str | None = None  # the optional program to apply to first (Agent.recommend)
    termination, error = None, None
    user_calls = user_prompt = user_completion = user_cached = 0
    turn_facts: list[tuple[int, str, object]] = []  # grounded simulator: what each answer disclosed
    answer_methods: list[tuple[int, str]] = []
    agent_notes: list[tuple[int, str]] = []  # what the agent shows beside each question (Agent.notes)
    # an agent's counters run across dialogs (one agent serves many): record this dialog's share
    before = _agent_usage(agent)
    try:
        _agent("start", row_id, agent.start, tuple(briefs))
        while True:
            ready = _agent("ready", row_id, agent.ready, dialog)
            if type(ready) is not bool:
                raise AgentFault(f"ready returned {ready!r}, expected true or false")
            if ready:
                termination = READY
                break
            if patience is not None and len(turns) >= patience:
                termination = PATIENCE_SPENT
                break
            if len(turns) >= dialog.limit:
                termination = TURN_LIMIT
                break
            t0 = time.perf_counter()
            question = _agent("ask", row_id, agent.ask, dialog)
            asked = time.perf_counter() - t0
            if not isinstance(question, str) or not question.strip():
                raise AgentFault(f"ask returned {question!r}, expected a non-empty question")
            if len(question) > MAX_QUESTION_CHARS:
                # a question is one question: a huge one could only overflow the simulated user's
                # context and turn an agent's fault into the user's (or the infrastructure's)
                raise AgentFault(f"ask returned a question of {len(question)} characters (at most {MAX_QUESTION_CHARS})")
            note = _notes_json(_agent("notes", row_id, agent.notes))
            if note is not None:
                agent_notes.append((len(turns), note))
            ans = user.answer(turns, question)
            user_calls += 1
            user_prompt += ans.prompt_tokens
            user_completion += ans.completion_tokens
            user_cached += ans.cached_tokens or 0
            turn_facts += [(len(turns), k, v) for k, v in ans.facts]
            if ans.how:
                answer_methods.append((len(turns), ans.how))
            turns.append(Turn(question, ans.text, asked, ans.latency_s, ans.prompt_tokens, ans.completion_tokens, ans.cached_tokens))
            dialog = Dialog(dialog.opportunities, tuple(turns), max_questions)
        predictions = _validate_predictions(_agent("predict", row_id, agent.predict, dialog), ids)
        # after the verdicts, as an agent would close a screening: an invalid one is the agent's fault
        recommendation = _agent("recommend", row_id, recommendation_of, agent, dialog, ids)
    except (ModelUnavailable, AgentInfraError) as e:
        where = getattr(e, "endpoint", None)
        error = f"{type(e).__name__}{f' ({where})' if where and where not in str(e) else ''}: {e}"
        termination, predictions = INFRA_ERROR, None
    except BudgetExceeded as e:
        termination, error, predictions = BUDGET_EXCEEDED, str(e), None
    except UserError as e:
        termination, error = USER_ERROR, f"simulated user: {e}"
        predictions = _predict_after_user_error(agent, dialog, ids)
    except AgentFault as e:
        termination, error, predictions = AGENT_ERROR, str(e), None
    except Exception as e:  # the agent's own code failed: recorded, scored as wrong, run goes on
        termination, error, predictions = AGENT_ERROR, f"{type(e).__name__}: {e}", None
    after = _agent_usage(agent)
    usage = {k: max(0, after[k] - before[k]) for k in after}
    return DialogResult(row_id, dataset, trial, tuple(turns), predictions, dict(labels), termination, error,
                        time.perf_counter() - started, usage["calls"], usage["prompt_tokens"], usage["completion_tokens"],
                        user_calls, user_prompt, user_completion, user_cached, tuple(turn_facts), tuple(answer_methods),
                        tuple(agent_notes), recommendation=recommendation if predictions is not None else None)


def _predict_after_user_error(agent: Agent, dialog: Dialog, ids: Sequence[str]) -> dict[str, bool] | None:
    # The user failed, not the agent: let it predict from what it has, so the dialog still scores.
    try:
        return _validate_predictions(agent.predict(dialog), ids)
    except Exception:
        return None


def _agent_usage(agent: Agent) -> dict[str, int]:
    try:
        u = agent.usage()
        return {k: int(u.get(k, 0)) for k in ("calls", "prompt_tokens", "completion_tokens")}
    except Exception:
        return {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0}
