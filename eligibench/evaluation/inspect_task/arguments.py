"""The tasks' arguments (`inspect eval benyfits/diverse -T name=value`), checked before anything is
read: a bad value is one line naming the argument, what it was and what is expected.

The arguments are the benchmark's own switches, as `benyfits evaluate` has them: `edition`,
`split`, `simulator_mode`, `persona`, `households`, `max_questions`, and `project` (the checkout
whose params.yaml and published folder are read). ARGUMENTS is the one list: a new switch (the
priorities track's, when its protocol field exists) is added there, in `TaskArgs`, and in the
tasks' signatures (tasks.py), and `load_source` applies it.

Why `TaskArgumentError` is Inspect's `PrerequisiteError`: Inspect prints that one's message alone
and exits 1; any other exception raised while a task is built is shown as a rich traceback of 100
to 270 lines (measured: `-T edition=2025` gave 265, blaming params.yaml). `-T` values arrive parsed
as YAML (`-T edition=2025` is the integer 2025), so values are compared as text where text is meant.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from inspect_ai._util.error import PrerequisiteError

from eligibench import paths
from eligibench.catalog import available
from eligibench.datasets import sealed
from eligibench.errors import BenyfitsError, ParamsError
from eligibench.evaluation.user import COOPERATIVE, PERSONAS, read_mode

# the task arguments, in the order `-T` help lists them (see the module docstring for adding one)
ARGUMENTS = ("edition", "split", "simulator_mode", "persona", "households", "max_questions", "project")
# what Inspect passes to every task on its own (not a user's -T): accepted and not used
INSPECT_PASSES = frozenset({"model"})


class TaskArgumentError(PrerequisiteError, BenyfitsError):
    """A task argument (or the project it names) that cannot be used: one line, no traceback."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.args = (message,)

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class TaskArgs:
    """The task arguments, checked. `load_kwargs` is what `load_source` takes (and what the log's
    task metadata records, so `import-inspect` resolves the same run again)."""

    dataset: str
    project: Path
    edition: str | None = None
    split: str = "public"
    simulator_mode: Any = None
    persona: str | None = None
    households: int | None = None
    max_questions: int | None = None

    @property
    def task(self) -> str:
        return f"benyfits/{self.dataset}"

    def load_kwargs(self) -> dict[str, Any]:
        return {"edition": self.edition, "split": self.split, "simulator_mode": self.simulator_mode,
                "persona": self.persona, "households": self.households, "max_questions": self.max_questions}


def _fail(task: str, name: str, value: Any, expected: str) -> TaskArgumentError:
    return TaskArgumentError(f"{task}: -T {name}={value!r}: {expected}")


def _count(task: str, name: str, value: Any, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _fail(task, name, value, f"expected a positive whole number ({what})")
    return value


def _editions() -> tuple[str, ...]:
    """The published editions, as the run path checks `evaluate.edition` (run.published_rows)."""
    return tuple(available())


def read_args(dataset: str, extra: Mapping[str, Any], *, edition: Any = None, split: Any = "public",
              simulator_mode: Any = None, persona: Any = None, households: Any = None,
              max_questions: Any = None, project: Any = ".") -> TaskArgs:
    """The task arguments of `benyfits/<dataset>` checked one by one; `extra` holds any other
    `-T name=value` Inspect passed (refused: Inspect alone would only warn and go on)."""
    task = f"benyfits/{dataset}"
    unknown = sorted(set(extra) - INSPECT_PASSES)
    if unknown:
        raise TaskArgumentError(f"{task}: -T {unknown[0]} is not an argument of this task "
                                f"(its arguments: {', '.join(ARGUMENTS)}; docs/inspect.md)")
    if edition is not None:
        edition = str(edition)
        if edition not in _editions():
            raise _fail(task, "edition", edition, f"no such edition (known: {', '.join(_editions())})")
    if split not in sealed.SPLITS:
        raise _fail(task, "split", split, f"expected one of {', '.join(sealed.SPLITS)}")
    if simulator_mode is not None:
        try:
            read_mode(simulator_mode, where="-T simulator_mode")
        except ParamsError as e:  # read_mode names params.yaml: here the value came from -T
            raise TaskArgumentError(f"{task}: {str(e).removeprefix('params.yaml: ')}") from None
    if persona is not None and persona not in PERSONAS:
        raise _fail(task, "persona", persona, f"expected one of {', '.join(PERSONAS)} (default: {COOPERATIVE}, "
                                              "or the persona of params.yaml evaluate.simulator_mode)")
    households = _count(task, "households", households, "households of the dataset; default: all of them")
    max_questions = _count(task, "max_questions", max_questions, "a question cap; default: the protocol's limits")
    where = Path(str(project)).expanduser()
    if not (where / paths.PARAMS).is_file():
        shown = "the working directory" if str(project) == "." else f"-T project={str(project)!r}"
        raise TaskArgumentError(f"{task}: {where.resolve()} ({shown}) has no {paths.PARAMS}: run in a BeNYfits "
                                f"checkout, or name one with -T project=PATH")
    return TaskArgs(dataset, where, edition, split, simulator_mode, persona, households, max_questions)
