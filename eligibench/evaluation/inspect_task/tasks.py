"""The Inspect tasks: `inspect eval benyfits/diverse --model <provider/model>` (and
`benyfits/representative`), found through the `inspect_ai` entry point in pyproject.toml.

Task arguments (`-T name=value`, arguments.py): `edition` (default: params.yaml
`evaluate.edition`), `split` (public, or sealed where the secret is present: docs/integrity.md),
`simulator_mode` (free-form or grounded; default: params.yaml), `persona` (the simulated user's),
`households` (the first N per dataset, as `benyfits evaluate --households` picks them),
`max_questions` (a cap; default: the protocol's limits) and `project` (the checkout whose
params.yaml and published folder are read; default: the working directory). Epochs are trials;
`--limit` evaluates the first N households. A bad argument, an unknown one, or a project that
cannot be read is one line naming it (TaskArgumentError), not a traceback.

Why the alias: Inspect names a task `<top-level module>/<function>`, which would make ours
`eligibench/diverse`; `inspect eval benyfits/diverse` looks up the name `benyfits/diverse` after
loading the entry point called `benyfits`. `register_names` adds that name for each task (Inspect's
own `task_register`, the call its `@task` decorator ends with), and each Task is named
`benyfits/<dataset>` so logs carry the public name. The decorators name the tasks too, as literal
strings: `inspect list tasks` reads them from this file's source (it never imports it), so it lists
`...tasks.py@benyfits/diverse` rather than the function name.

Offline: importing this module makes Inspect's `mockllm` count tokens without tiktoken's
downloaded file (offline.py), so the walkthrough runs with no network.
"""
from __future__ import annotations

from typing import Any

from inspect_ai import Task, task
from inspect_ai._eval.registry import task_register
from inspect_ai.dataset import MemoryDataset, Sample

from eligibench import paths
from eligibench.datasets import DatasetMissing
from eligibench.errors import BenyfitsError
from eligibench.evaluation.inspect_task.arguments import ARGUMENTS, TaskArgs, TaskArgumentError, read_args
from eligibench.evaluation.inspect_task.offline import use_offline_token_counts
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


def _source(args: TaskArgs) -> TaskSource:
    """The task's rows and simulated user; what the project lacks is one line naming the project."""
    try:
        return load_source(args.dataset, args.project, **args.load_kwargs())
    except TaskArgumentError:
        raise
    except DatasetMissing as e:  # its own hint names `--project`, an option of benyfits commands, not of a task
        missing = str(e).split(": ", 1)[0]
        edition = f" (-T edition={args.edition!r})" if args.edition else ""
        raise TaskArgumentError(f"{args.task}: no published dataset at {missing}{edition} in {args.project.resolve()}: "
                                "build it there (`dvc repro publish`, or `dvc pull`), or name another checkout with "
                                "-T project=PATH") from None
    except BenyfitsError as e:  # params.yaml, the edition's files, the sealed secret: already one line each
        message = " ".join(str(e).split())
        params = str(paths.PARAMS)
        if message.startswith(params):  # which params.yaml: the task may read another folder's
            message = f"{(args.project / params).resolve()}{message[len(params):]}"
        raise TaskArgumentError(f"{args.task}: {message}") from None


def build_task(args: TaskArgs) -> Task:
    source = _source(args)
    samples = [Sample(input=opening_text(row, source), id=row.id,
                      metadata={"dataset": args.dataset, "opportunities": list(row.opportunities)})
               for row in source.rows.values()]
    return Task(dataset=MemoryDataset(samples, name=f"{args.dataset}-{source.edition}-{args.split}"),
                solver=benyfits_scaffold(source), scorer=checkers_scorer(source),
                name=args.task, metadata={META: task_metadata(source, args.load_kwargs())})


# The signatures list the arguments (arguments.ARGUMENTS) so Inspect shows them; `**other` takes any
# other -T so that it is refused in one line (Inspect alone warns "not used by task" and goes on).
@task(name="benyfits/diverse")
def diverse(edition: str | None = None, split: str = "public", simulator_mode: str | None = None,
            persona: str | None = None, households: int | None = None, max_questions: int | None = None,
            project: str = ".", **other: Any) -> Task:
    """BeNYfits Diverse: households chosen to cover the checkers' code paths."""
    return build_task(read_args("diverse", other, edition=edition, split=split, simulator_mode=simulator_mode,
                                persona=persona, households=households, max_questions=max_questions, project=project))


@task(name="benyfits/representative")
def representative(edition: str | None = None, split: str = "public", simulator_mode: str | None = None,
                   persona: str | None = None, households: int | None = None, max_questions: int | None = None,
                   project: str = ".", **other: Any) -> Task:
    """BeNYfits Representative: households sampled like NYC's population."""
    return build_task(read_args("representative", other, edition=edition, split=split, simulator_mode=simulator_mode,
                                persona=persona, households=households, max_questions=max_questions, project=project))


TASKS = {"diverse": diverse, "representative": representative}
# the tasks by their public names, described by their docstrings' first line (`benyfits list tasks`)
TASK_REGISTRY: Registry = Registry("task", (Entry(f"{NAMESPACE}/{name}", (fn.__doc__ or name).strip().splitlines()[0], fn)
                                            for name, fn in TASKS.items()))


def register_names() -> None:
    """Register every task under `benyfits/<name>` (see the module docstring)."""
    for name, fn in TASKS.items():
        task_register(fn, f"{NAMESPACE}/{name}", {}, [*ARGUMENTS, "other"])


register_names()
use_offline_token_counts()
