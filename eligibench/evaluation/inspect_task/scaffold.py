"""The default scaffold (`SCAFFOLD`, docs/inspect.md): how the Inspect task turns the evaluated
model into a BeNYfits agent. The model gets the household's opportunities and their requirement
texts, and two tools: `ask_user` (one question to the simulated user, answered by our simulator)
and `submit_verdicts` (true/false per opportunity id, once; the dialog ends). It is the harness's
dialog protocol (run.dialog_loop) in tool form:

- the question limit is the protocol's (20 per opportunity, at most 100; lowered by a cap); a
  question past it is not put to the user and the tool says to submit;
- a question is one question: empty or over `MAX_QUESTION_CHARS` is refused by the tool (the model
  may try again), as the harness refuses it;
- an optional `recommendation` with the verdicts (a program id or "none": the one to apply to first,
  scored on the priorities track) is checked as `Agent.recommend` is; a bad one is refused like bad verdicts;
- verdicts must name every opportunity exactly once with true/false; a wrong set is refused with
  the reason (the model may correct it, at most `MAX_BAD_SUBMITS` times, then the dialog ends as
  `agent_error`);
- a reply without a tool call gets a reminder; after `MAX_IDLE` such replies, or `limit +
  EXTRA_CALLS` model calls, the dialog ends without verdicts (`agent_error`, every pair wrong);
- the simulated user failing is `user_error` (the model may still submit); the user's model
  endpoint down is `infrastructure_error` (never scored, as in the harness).

Changing the prompt, tools or these rules changes the scaffold: rename `SCAFFOLD` (source.py).
"""
from __future__ import annotations

import asyncio
from typing import Any

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, execute_tools, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.tool import ToolDef

from eligibench.datasets import Row
from eligibench.evaluation.hosting import AgentFault, check_recommendation
from eligibench.evaluation.inspect_task.records import STORE_KEY, DialogState, dialog_json
from eligibench.evaluation.inspect_task.source import TaskSource
from eligibench.evaluation.user import UserError
from eligibench.models import ModelUnavailable
from eligibench.results import AGENT_ERROR, INFRA_ERROR, READY, TURN_LIMIT, USER_ERROR, Turn

MAX_QUESTION_CHARS = 2000  # as run.dialog_loop
MAX_IDLE = 3  # replies without a tool call before the dialog ends
MAX_BAD_SUBMITS = 3  # refused verdict sets before the dialog ends
EXTRA_CALLS = 10  # model calls beyond the question limit (refused calls, the submit)

SYSTEM = """You help one New York City household find out which benefit programs and services it is eligible for.
You talk with a member of the household through the ask_user tool: ask one short, plain question at a time about
the household (who lives there, ages, income, work, school, health, benefits already received, ...). Ask only what
you need: a question costs the household time, and fewer questions score better. You may ask at most {limit}
questions. When you know enough, call submit_verdicts once with true (eligible) or false (not eligible) for every
program id listed below."""

OPENING = "The programs to decide, each with its id and its requirements:\n\n{programs}\n\nStart now."
REMINDER = "Use a tool: ask_user to ask the household a question, or submit_verdicts to give your verdicts."


def opening_text(row: Row, source: TaskSource) -> str:
    """The sample's input: every opportunity of the row with its id, name and requirement text."""
    programs = "\n\n".join(f"id: {o}\nname: {source.briefs[o].name}\nrequirements: {source.briefs[o].requirements}"
                           for o in row.opportunities)
    return OPENING.format(programs=programs)


def _verdict_problem(verdicts: Any, ids: tuple[str, ...]) -> str | None:
    if not isinstance(verdicts, dict):
        return f"verdicts must be an object mapping each program id to true or false, got {type(verdicts).__name__}"
    missing, extra = [i for i in ids if i not in verdicts], [k for k in verdicts if k not in ids]
    bad = [k for k, v in verdicts.items() if type(v) is not bool]
    if missing or extra or bad:
        return (f"verdicts refused: missing {missing}, unknown ids {extra}, not true/false {bad}. "
                f"Give exactly these ids: {list(ids)}")
    return None


class _Tools:
    """The two tools of one dialog, over its DialogState and simulated user."""

    def __init__(self, dialog: DialogState, row: Row, user: Any):
        self.dialog, self.row, self.user, self.bad_submits = dialog, row, user, 0

    async def ask_user(self, question: str) -> str:
        """Ask the household member one question and get their answer.

        Args:
          question: One plain question about the household.
        """
        d = self.dialog
        if d.done:
            return "The dialog has ended."
        if not isinstance(question, str) or not question.strip() or len(question) > MAX_QUESTION_CHARS:
            return f"Refused: a question is one non-empty question of at most {MAX_QUESTION_CHARS} characters."
        if len(d.turns) >= d.limit:
            return "The question limit is reached: call submit_verdicts now."
        try:
            ans = await asyncio.to_thread(self.user.answer, list(d.turns), question)
        except ModelUnavailable as e:
            d.termination, d.error = INFRA_ERROR, f"ModelUnavailable: {e}"
            return "The household member is unavailable; the dialog has ended."
        except UserError as e:
            d.error = f"simulated user: {e}"
            d.user_failed = True
            return "The household member could not answer. Call submit_verdicts with what you know."
        d.user_calls += 1
        d.user_prompt_tokens += ans.prompt_tokens
        d.user_completion_tokens += ans.completion_tokens
        d.user_cached_tokens += ans.cached_tokens or 0
        d.turn_facts += [(len(d.turns), k, v) for k, v in ans.facts]
        if ans.how:
            d.answer_methods.append((len(d.turns), ans.how))
        d.turns.append(Turn(question, ans.text, 0.0, ans.latency_s, ans.prompt_tokens, ans.completion_tokens,
                            ans.cached_tokens))
        return ans.text

    async def submit_verdicts(self, verdicts: dict[str, bool], recommendation: str | None = None) -> str:
        """Submit the final verdicts and end the dialog.

        Args:
          verdicts: Every program id mapped to true (eligible) or false (not eligible).
          recommendation: Optional: the one program id the household should apply to first, or "none".
        """
        d = self.dialog
        if d.done:
            return "The dialog has ended."
        problem = _verdict_problem(verdicts, self.row.opportunities)
        if problem is None and recommendation is not None:
            try:  # checked as the dialog loop checks Agent.recommend (docs/priorities.md)
                d.recommendation = check_recommendation(recommendation, self.row.opportunities)
            except AgentFault as e:
                problem = f"recommendation refused: {e}"
        if problem is not None:
            self.bad_submits += 1
            if self.bad_submits >= MAX_BAD_SUBMITS:
                d.termination, d.error = AGENT_ERROR, problem
            return problem
        d.predictions = {o: verdicts[o] for o in self.row.opportunities}
        d.termination = USER_ERROR if d.user_failed else (TURN_LIMIT if len(d.turns) >= d.limit else READY)
        return "Verdicts recorded. Thank you."

    def defs(self) -> list[ToolDef]:
        return [ToolDef(self.ask_user, name="ask_user"), ToolDef(self.submit_verdicts, name="submit_verdicts")]


async def _drive(state: TaskState, dialog: DialogState, tools: _Tools) -> None:
    model, defs, idle = get_model(), tools.defs(), 0
    while not dialog.done and dialog.agent_calls < dialog.limit + EXTRA_CALLS:
        output = await model.generate(state.messages, defs)
        dialog.agent_calls += 1
        if output.usage is not None:
            dialog.agent_prompt_tokens += output.usage.input_tokens
            dialog.agent_completion_tokens += output.usage.output_tokens
        state.output = output
        state.messages.append(output.message)
        if output.message.tool_calls:
            idle = 0
            state.messages.extend((await execute_tools(state.messages, defs)).messages)
        else:
            idle += 1
            if idle >= MAX_IDLE:
                dialog.error = f"{idle} replies without a tool call: no verdicts submitted"
                break
            state.messages.append(ChatMessageUser(content=REMINDER))
    if not dialog.done:  # as the harness: a user failure stays the user's, whatever the model did after
        dialog.termination = USER_ERROR if dialog.user_failed else AGENT_ERROR
        dialog.error = dialog.error or f"no verdicts after {dialog.agent_calls} model calls"


@solver
def benyfits_scaffold(source: TaskSource) -> Solver:
    """The default scaffold over `source` (the task's rows and simulated user)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        row = source.rows[str(state.sample_id)]
        trial = max(0, int(state.epoch) - 1)
        user = source.resolved.user(source.user_model(trial), row)
        dialog = DialogState(row.id, source.dataset, trial, source.limit(row))
        state.messages = [ChatMessageSystem(content=SYSTEM.format(limit=dialog.limit)), *state.messages]
        try:
            await _drive(state, dialog, _Tools(dialog, row, user))
        finally:
            # the record the scorer reads: labels are added there (the solver never sees them)
            state.store.set(STORE_KEY, dialog_json(dialog.result({})))
        if dialog.termination == INFRA_ERROR:
            # an outage is not a result: the sample errors, so Inspect retries it (--retry-on-error)
            # and import-inspect records it as an infrastructure error (never scored)
            raise RuntimeError(f"sample {state.sample_id}: {dialog.error}")
        state.completed = True
        return state

    return solve
