"""ProADA (program synthesis for adaptive decision-making): see docs/proada.md.

Per opportunity, the "code" model writes `decide(facts)` with a declared type per key (cached on
disk per requirements text and code model). The agent runs each opportunity's function in the
sandbox on the facts it knows; a missing key interrupts it, and the dialog module turns that key
into one question (phrased by the "dialog" model), maps the answer to a typed value (exact forms
directly, else constrained decoding), asks up to 3 clarifying follow-ups when the answer cannot be
mapped, stores the fact and runs again. READY: every function returned or failed. PREDICT: their
results; a failed or unfinished function predicts False.

The paper's three design points are options, each on by default (docs/proada.md):
- preexisting_keys: code generation for an opportunity receives the keys the household's earlier
  programs read, so programs share keys (one question answers several programs);
- question_sees_dialog: the question writer sees the dialog so far;
- mapper_sees_requirements: the value mapper sees the requirements and the code line that needs
  the value.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.agents import per_call_limit
from eligibench.agents.sandbox import Sandbox
from eligibench.evaluation.hosting import Agent, AgentContext
from eligibench.models import decoding_identity

from .proada_codegen import Program, ProgramCache, get_program, model_slug, shared_keys
from .proada_dialog import (
    Facts,
    base_question,
    clarification,
    code_excerpt,
    model_question_writer,
    model_value_mapper,
    parse_exact,
    valid_value,
)
from .proada_prompts import FORMATS

PROJECT_ROOT = Path(__file__).resolve().parents[2]


DEFAULT_OPTIONS = {
    "cache_dir": "generated/proada",  # relative to the project root; "<model-slug>/" is appended
    "use_cache": True,
    "code_format": "comment",  # "comment" (keys declared in leading comments) or "json" (schema-constrained)
    "code_max_tokens": None,  # None: the role spec's max_tokens (a number: this call's limit)
    "question_max_tokens": None,
    "mapping_max_tokens": None,
    "phrase_questions": True,  # False: template questions only (no dialog-model call to phrase)
    "exact_answers": True,  # map unambiguous answers ("Yes, ...", one number) without a model call
    "max_clarifications": 3,
    "sandbox_timeout_s": 2.0,
    "sandbox_memory_mb": 512,
    "codegen_budget_s": 60.0,  # within one agent call, start no new code generation after this
    "preexisting_keys": True,  # code generation sees the keys of the household's earlier programs
    "question_sees_dialog": True,  # the question writer sees the dialog so far
    "mapper_sees_requirements": True,  # the value mapper sees the requirements and the code line
}


@dataclass
class OppState:
    brief: Any
    program: Program | None = None
    from_cache: bool = False
    done: bool = False
    value: bool = False
    how: str = ""  # "returned", "failed: ...", "error: ..."


@dataclass
class Pending:
    """The fact the current question is about."""

    opp: str
    key: str
    member: int | None
    line: int | None
    question: str = ""  # the base question (asked first)
    clarifications: int = 0  # follow-ups asked so far
    asked_at: int | None = None  # turn index of the last question about it


class ProADAAgent(Agent):
    def __init__(self, context: AgentContext, programs: Mapping[str, Program] | None = None,
                 value_mapper=None, question_writer=None):
        """programs / value_mapper / question_writer: injection points (tests); normally built from
        the context's "code" and "dialog" models."""
        super().__init__(context)
        self.options = {**DEFAULT_OPTIONS, **dict(context.options or {})}
        self._injected_programs = dict(programs or {})
        self._value_mapper = value_mapper
        self._question_writer = question_writer
        self.sandbox: Sandbox | None = None  # one worker, reused across dialogs
        self._memo: dict[str, Program] = {}  # requirements -> program, across dialogs of this agent
        self.trace: list[dict] = []  # what happened in the current dialog, for tests and debugging

    # ------------------------------------------------------------------ setup
    def _model(self, role: str):
        return self.context.models.get(role)

    def _cache(self) -> ProgramCache | None:
        model = self._model("code")
        if model is None:
            return None
        folder = Path(str(self.options["cache_dir"]))
        if not folder.is_absolute():
            folder = PROJECT_ROOT / folder
        return ProgramCache(folder / model_slug(model.spec.model), model.spec.model, self._format(),
                            decoding_identity(model.spec, per_call_limit(self.options, "code_max_tokens")))

    def _format(self) -> str:
        fmt = str(self.options["code_format"])
        return fmt if fmt in FORMATS else "comment"

    def start(self, opportunities: Sequence) -> None:
        self.states = {o.id: OppState(o) for o in opportunities}
        self.order = [o.id for o in opportunities]
        self.facts = Facts()
        self.pending: Pending | None = None
        self.processed_turns = 0
        self.trace = []
        self.cache = self._cache()
        self.turns: list[tuple[str, str]] = []  # the dialog so far, for the question writer
        self.map_context: tuple[str, str] = ("", "")  # (requirements, code line) of the fact being mapped
        dialog_model = self._model("dialog")
        context = (lambda: self.map_context) if self.options["mapper_sees_requirements"] else None
        self.mapper = self._value_mapper or (model_value_mapper(dialog_model, per_call_limit(self.options, "mapping_max_tokens"), context)
                                             if dialog_model is not None else None)
        writer = self._question_writer
        if writer is None and dialog_model is not None and self.options["phrase_questions"]:
            seen = (lambda: list(self.turns)) if self.options["question_sees_dialog"] else None
            writer = model_question_writer(dialog_model, per_call_limit(self.options, "question_max_tokens"), seen)
        self.writer = writer
        for oid, prog in self._injected_programs.items():
            if oid in self.states:
                self.states[oid].program = prog

    def _sandbox(self) -> Sandbox:
        if self.sandbox is None:
            self.sandbox = Sandbox(timeout_s=float(self.options["sandbox_timeout_s"]),
                                   memory_mb=int(self.options["sandbox_memory_mb"]))
        return self.sandbox

    def close(self) -> None:
        if self.sandbox is not None:
            self.sandbox.close()
            self.sandbox = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    # ------------------------------------------------------------------ the loop
    def existing_keys(self, oid: str) -> list[str]:
        """Preexisting keys for `oid`'s program: the declarations of the keys read by the programs
        of the opportunities before it (empty when the option is off)."""
        if not self.options["preexisting_keys"]:
            return []
        before = self.order[: self.order.index(oid)]
        return shared_keys([self.states[o].program for o in before if self.states[o].program is not None])

    def _ensure_program(self, st: OppState) -> None:
        if st.program is not None:
            return
        model = self._model("code")
        existing = self.existing_keys(st.brief.id)
        memo_key = (st.brief.requirements, tuple(existing))
        if model is None:
            st.program = Program("failed", reason="no code model")
        elif memo_key in self._memo:
            st.program, st.from_cache = self._memo[memo_key], True
        else:
            st.program, st.from_cache = get_program(model, self.cache, st.brief.name, st.brief.requirements,
                                                    per_call_limit(self.options, "code_max_tokens"),
                                                    bool(self.options["use_cache"]), self._format(), existing)
            if not st.program.reason.startswith("model error"):
                self._memo[memo_key] = st.program
        self.trace.append({"event": "program", "opp": st.brief.id, "status": st.program.status,
                           "cached": st.from_cache, "reason": st.program.reason})

    def _finish(self, st: OppState, value: bool, how: str) -> None:
        st.done, st.value, st.how = True, value, how
        self.trace.append({"event": "finished", "opp": st.brief.id, "value": value, "how": how})

    def _advance(self) -> None:
        """Run functions in order until one needs a fact (sets self.pending) or all are done."""
        started = time.perf_counter()
        generated = False
        for oid in self.order:
            st = self.states[oid]
            if st.done:
                continue
            if st.program is None:
                if generated and time.perf_counter() - started > float(self.options["codegen_budget_s"]):
                    return  # out of time in this call: continue in the next one
                self._ensure_program(st)
                generated = generated or not st.from_cache
            if not st.program.ok:
                self._finish(st, False, f"failed: {st.program.reason}")
                continue
            r = self._sandbox().run(st.program.code, "decide", facts=self.facts.wire())
            if r.ok:
                self._finish(st, _as_bool(r.value), "returned" if isinstance(r.value, bool)
                             else f"returned non-boolean {r.value!r}")
            elif (r.error_kind == "missing_key" and not r.given_up and not self.facts.known(r.key, r.member)
                  and (r.key, r.member) not in self.facts.unknown):
                self.pending = Pending(oid, r.key, r.member, r.line)
                return
            else:
                self._finish(st, False, f"error: {r.error_kind}: {r.message[:300]}")

    def _absorb(self, dialog) -> None:
        """Take the answers to our questions from the dialog (turns after the last one seen)."""
        turns = dialog.turns
        while self.processed_turns < len(turns):
            index = self.processed_turns
            self.processed_turns += 1
            p = self.pending
            if p is None or p.asked_at != index:
                continue
            turn = turns[index]
            st = self.states[p.opp]
            spec = st.program.key(p.key)
            lines = st.program.code.split("\n")
            self.map_context = (st.brief.requirements,
                                lines[p.line - 1] if p.line and 1 <= p.line <= len(lines) else "")
            value, how = self._map(turn.question, turn.answer, spec, p.member)
            if value is not None:
                self.facts.set(p.key, p.member, value)
                self.pending = None
                self.trace.append({"event": "fact", "key": p.key, "member": p.member, "value": value, "how": how})
            elif p.clarifications >= int(self.options["max_clarifications"]):
                self.facts.give_up(p.key, p.member)
                self.pending = None
                self.trace.append({"event": "gave_up", "key": p.key, "member": p.member})
            else:
                p.clarifications += 1
                self.trace.append({"event": "unmapped", "key": p.key, "member": p.member, "answer": turn.answer})

    def _map(self, question: str, answer: str, spec, member):
        if self.options["exact_answers"]:
            ok, value = parse_exact(answer, spec.kind)
            if ok and valid_value(value, spec):
                return value, "exact"
        if self.mapper is None:
            return None, "no mapper"
        value = self.mapper(question, answer, spec, member)
        if spec.type == "float" and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        return (value, "model") if valid_value(value, spec) else (None, "model")

    def _step(self, dialog) -> None:
        self._absorb(dialog)
        if self.pending is None:
            self._advance()

    # ------------------------------------------------------------------ the Agent interface
    def ready(self, dialog) -> bool:
        self._step(dialog)
        return self.pending is None and all(st.done for st in self.states.values())

    def ask(self, dialog) -> str:
        self.turns = [(t.question, t.answer) for t in dialog.turns]
        self._step(dialog)
        while self.pending is None and not all(st.done for st in self.states.values()):
            self._advance()  # only when a call ran out of code-generation time
        p = self.pending
        if p is None:  # everything finished: nothing left to learn (ready would have said so)
            return "Is there anything else about your household you would like to tell me?"
        st = self.states[p.opp]
        spec = st.program.key(p.key)
        if not p.question:
            p.question, phrased = base_question(p.key, spec, p.member, self.writer, st.brief.name,
                                                st.brief.requirements, code_excerpt(st.program.code, p.line))
            text = p.question
        else:
            text = clarification(p.question, spec.kind, p.clarifications)
        p.asked_at = len(dialog.turns)
        self.trace.append({"event": "question", "opp": p.opp, "key": p.key, "member": p.member, "text": text,
                           "clarification": p.clarifications})
        return text

    def notes(self) -> dict:
        """Beside each question on the leaderboard: the fact being asked for, the facts dictionary
        so far, and each opportunity's program (code) and state."""
        p = self.pending
        return {"asking": None if p is None else {"opportunity": p.opp, "key": p.key, "member": p.member,
                                                  "clarification": p.clarifications},
                "facts": {"household": dict(self.facts.household), "members": list(self.facts.members or [])},
                "programs": {oid: {"status": st.program.status if st.program else "not generated",
                                   "code": st.program.code if st.program else "",
                                   "decided": (st.value if st.done else None), "how": st.how}
                             for oid, st in self.states.items()}}

    def predict(self, dialog) -> dict[str, bool]:
        self._absorb(dialog)
        return {oid: bool(self.states[oid].done and self.states[oid].value) for oid in self.order}


def _as_bool(value) -> bool:
    """decide's result: bools as is; numbers by truth; anything else (None, text, lists) is False."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    return False
