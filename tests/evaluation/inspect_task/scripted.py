"""Test helper: the Inspect task on a small real project (real fuzzed households, real checkers'
labels: tests.evaluation.reference_project), evaluated in-process with Inspect's own `mockllm`
model scripted to call the scaffold's tools. Every scripted output carries its usage, so mockllm
never counts tokens itself (that needs tiktoken's o200k_base file, a download this offline machine
cannot make)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog
from inspect_ai.model import ModelOutput, ModelUsage, get_model

from tests.evaluation.reference_project import make_reference_project


def small_project(tmp: Path) -> Path:
    return make_reference_project(tmp / "project", agents=("random",))


def _used(out: ModelOutput) -> ModelOutput:
    out.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
    return out


def ask(question: str) -> ModelOutput:
    return _used(ModelOutput.for_tool_call("mockllm/model", "ask_user", {"question": question}))


def submit(verdicts: dict[str, Any]) -> ModelOutput:
    return _used(ModelOutput.for_tool_call("mockllm/model", "submit_verdicts", {"verdicts": verdicts}))


def say(text: str) -> ModelOutput:
    return _used(ModelOutput.from_content("mockllm/model", text))


def opportunity_ids(messages: list) -> list[str]:
    """The ids the scaffold's opening message lists."""
    first = next(m for m in messages if m.role == "user")
    return re.findall(r"^id: (\S+)$", first.text, flags=re.M)


def script(policy: Callable[[list, int], ModelOutput]) -> Callable:
    """A mockllm custom_outputs callable: `policy(messages, n)`, n = the model calls so far in this dialog."""

    def outputs(messages, tools, tool_choice, config) -> ModelOutput:
        n = sum(1 for m in messages if m.role == "assistant")
        return policy(messages, n)

    return outputs


def run_task(project: Path, policy: Callable[[list, int], ModelOutput], log_dir: Path, dataset: str = "diverse",
             epochs: int = 1, limit: int | None = None, **task_args: Any) -> EvalLog:
    from eligibench.evaluation.inspect_task import diverse, representative

    make = {"diverse": diverse, "representative": representative}[dataset]
    task = make(project=str(project), **task_args)
    model = get_model("mockllm/model", custom_outputs=script(policy))
    [log] = inspect_eval(task, model=model, log_dir=str(log_dir), epochs=epochs, limit=limit,
                              display="none")
    return log
