"""The Inspect tasks: `inspect eval benyfits/diverse --model <provider/model>` (and
`benyfits/representative`), found through the `inspect_ai` entry point in pyproject.toml.

Task arguments (`-T name=value`): `edition` (default: params.yaml `evaluate.edition`), `split`
(public, or sealed where the secret is present: docs/integrity.md), `simulator_mode` (free-form or
grounded; default: params.yaml), `max_questions` (a cap; default: the protocol's limits) and
`project` (the checkout whose params.yaml and published folder are read; default: the working
directory). Epochs are trials; `--limit` evaluates the first N households.

Why the alias: Inspect names a task `<top-level module>/<function>`, which would make ours
`eligibench/diverse`; `inspect eval benyfits/diverse` looks up the name `benyfits/diverse` after
loading the entry point called `benyfits`. `register_names` adds that name for each task (Inspect's
own `task_register`, the call its `@task` decorator ends with), and each Task is named
`benyfits/<dataset>` so logs carry the public name.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai._eval.registry import task_register
from inspect_ai.dataset import MemoryDataset, Sample

from eligibench.evaluation.inspect_task.scaffold import benyfits_scaffold, opening_text
from eligibench.evaluation.inspect_task.scorer import checkers_scorer
from eligibench.evaluation.inspect_task.source import SCAFFOLD, TaskSource, load_source
from eligibench.registry import Entry, Registry

NAMESPACE = "benyfits"  # the entry point's name: tasks are `benyfits/<dataset>`
META = "benyfits"  # the Task metadata key import-inspect reads


def task_metadata(source: TaskSource, args: dict[str, Any]) -> dict[str, Any]:
    """What import-inspect needs: the task's arguments (to resolve the same run again) and the
    protocol the task was built under (to refuse a project whose params have moved since)."""
    return {"dataset": source.dataset, "args": args, "scaffold": SCAFFOLD, "protocol": source.protocol.to_json()}


def build_task(dataset: str, edition: str | None, split: str, simulator_mode: str | None,
               max_questions: int | None, project: str) -> Task:
    args = {"edition": edition, "split": split, "simulator_mode": simulator_mode,
            "max_questions": None if max_questions is None else int(max_questions)}
    source = load_source(dataset, Path(project), **args)
    samples = [Sample(input=opening_text(row, source), id=row.id,
                      metadata={"dataset": dataset, "opportunities": list(row.opportunities)})
               for row in source.rows.values()]
    return Task(dataset=MemoryDataset(samples, name=f"{dataset}-{source.edition}-{split}"),
                solver=benyfits_scaffold(source), scorer=checkers_scorer(source),
                name=f"{NAMESPACE}/{dataset}", metadata={META: task_metadata(source, args)})


@task
def diverse(edition: str | None = None, split: str = "public", simulator_mode: str | None = None,
            max_questions: int | None = None, project: str = ".") -> Task:
    """BeNYfits Diverse: households chosen to cover the checkers' code paths."""
    return build_task("diverse", edition, split, simulator_mode, max_questions, project)


@task
def representative(edition: str | None = None, split: str = "public", simulator_mode: str | None = None,
                   max_questions: int | None = None, project: str = ".") -> Task:
    """BeNYfits Representative: households sampled like NYC's population."""
    return build_task("representative", edition, split, simulator_mode, max_questions, project)


TASKS = {"diverse": diverse, "representative": representative}
# the tasks by their public names, described by their docstrings' first line (`benyfits list tasks`)
TASK_REGISTRY: Registry = Registry("task", (Entry(f"{NAMESPACE}/{name}", (fn.__doc__ or name).strip().splitlines()[0], fn)
                                            for name, fn in TASKS.items()))


def register_names() -> None:
    """Register every task under `benyfits/<name>` (see the module docstring)."""
    for name, fn in TASKS.items():
        task_register(fn, f"{NAMESPACE}/{name}", {}, ["edition", "split", "simulator_mode", "max_questions", "project"])


register_names()
