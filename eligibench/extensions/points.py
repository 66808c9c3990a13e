"""Every extension point, gathered: each kind's `Registry` (eligibench/registry.py) comes from the
module that defines its things; agents and editions are found on disk (a folder under
`submissions/` with a manifest; `opportunities/<edition>/_edition.yaml`), so they are read when
asked for, from the folders given.

The CLI's choices and `--help`, the leaderboard's agent picker, `benyfits list` and the table in
docs/architecture.md (tests/extensions/test_points.py compares them) read these, so a new persona,
backend or agent folder shows up everywhere without a second list.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from eligibench.registry import Entry, Registry

ROOT = Path(__file__).resolve().parents[2]  # the project checkout this package belongs to


@dataclass(frozen=True)
class Kind:
    name: str  # as `benyfits list <name>` spells it
    description: str  # what the kind is, one line
    where: str  # where a new one is added (docs/architecture.md "Where to add")
    build: Callable[[Path], Registry]  # project root -> the kind's registry


def agents(project: Path = ROOT, folder: Path | None = None) -> Registry:
    """The submissions under `folder` (default `<project>/submissions`): every subfolder with a
    `manifest.yaml`, described by its manifest. A manifest that does not load is listed with its
    error, so one broken folder does not hide the others."""
    from eligibench.evaluation.hosting import SubmissionError, load_manifest

    out: Registry = Registry("agent")
    root = Path(folder) if folder is not None else Path(project) / "submissions"
    for d in sorted(p.parent for p in root.glob("*/manifest.yaml")) if root.is_dir() else []:
        try:
            m = load_manifest(d)
        except SubmissionError as e:
            out.register(d.name, f"manifest invalid: {' '.join(str(e).split())}")
            continue
        # keyed by the folder's name: what run configurations and `--submission submissions/<name>` name
        out.register(d.name, one_line(m.description or m.strategy) + (" (tests only)" if m.test_only else ""), m)
    return out


def one_line(text: str, limit: int = 110) -> str:
    """A manifest's description as one line: its first sentence, cut at `limit` characters."""
    flat = " ".join(text.split())
    first = flat.split(". ", 1)[0].rstrip(".")
    return first if len(first) <= limit else first[: limit - 3].rstrip() + "..."


def edition_names(project: Path = ROOT) -> tuple[str, ...]:
    """The editions' names alone (no edition is loaded: what every command's --edition help reads)."""
    from eligibench.catalog import available

    return available(Path(project) / "opportunities")


def editions(project: Path = ROOT) -> Registry:
    """The catalog's editions: the base and each `opportunities/<edition>/_edition.yaml`, loaded
    (validated) to describe them."""
    from eligibench.catalog import load_edition

    folder = Path(project) / "opportunities"
    out: Registry = Registry("edition")
    for name in edition_names(project):
        e = load_edition(name, folder)
        if e.base is None:
            text = f"the base edition: {len(e.kept)} opportunities, household feature schema {e.feature_schema}"
        else:
            text = (f"rules from the data of {e.data_date or 'no date'}, over {e.base}: {len(e.kept)} kept, {len(e.changed)} changed, "
                    f"{len(e.new)} new, {len(e.removed)} removed; feature schema {e.feature_schema}")
        out.register(name, text, e)
    return out


def _backends(_: Path) -> Registry:
    from eligibench.models import BACKEND_REGISTRY

    return BACKEND_REGISTRY


def _modes(_: Path) -> Registry:
    from eligibench.evaluation.user import MODE_REGISTRY

    return MODE_REGISTRY


def _personas(_: Path) -> Registry:
    from eligibench.evaluation.user import PERSONA_REGISTRY

    return PERSONA_REGISTRY


def _protocols(_: Path) -> Registry:
    from eligibench.evaluation.run import PROTOCOL_REGISTRY

    return PROTOCOL_REGISTRY


def _executors(_: Path) -> Registry:
    from eligibench.evaluation.run import EXECUTOR_REGISTRY

    return EXECUTOR_REGISTRY


def _datasets(_: Path) -> Registry:
    from eligibench.results import DATASET_REGISTRY

    return DATASET_REGISTRY


# the Inspect tasks' names, for a listing without inspect-ai (tests/cli/test_missing_extras.py compares them)
INSPECT_TASK_NAMES = ("benyfits/diverse", "benyfits/representative")


def _tasks(_: Path) -> Registry:
    """The Inspect tasks and the Gymnasium environment (imported only when tasks are asked for:
    inspect_ai and gymnasium are slow to import). Without the inspect extra the tasks are still
    listed, each saying the extra it needs, so `benyfits list` works on the plain install."""
    from eligibench.extras import INSPECT, install_line, installed
    from eligibench.training import ENV_DESCRIPTION, ENV_ID

    if installed(INSPECT):
        from eligibench.evaluation.inspect_task import TASK_REGISTRY

        inspect_tasks = TASK_REGISTRY.describe()
    else:
        inspect_tasks = tuple(Entry(name, f"an Inspect task; needs the inspect extra: {install_line(INSPECT)}")
                              for name in INSPECT_TASK_NAMES)
    return Registry("task", (*inspect_tasks, Entry(ENV_ID, ENV_DESCRIPTION)))


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("agents", "submissions the harness can evaluate", "a folder in submissions/ with manifest.yaml",
         lambda project: agents(project)),
    Kind("backends", "model backends a model spec can name", "eligibench/models/registry.py", _backends),
    Kind("simulator-modes", "how the simulated user answers (evaluate.simulator_mode, --simulator-mode)",
         "eligibench/evaluation/user/mode.py", _modes),
    Kind("personas", "behaviour mixes of the grounded template user (--persona)",
         "eligibench/evaluation/user/persona.py", _personas),
    Kind("protocols", "the kinds of protocol a run is measured under", "eligibench/evaluation/run/protocol.py",
         _protocols),
    Kind("executors", "where a run's dialogs execute (evaluate.executor, --executor)",
         "eligibench/evaluation/run/executors.py", _executors),
    Kind("editions", "rule sets of the catalog (--edition)", "opportunities/<edition>/_edition.yaml",
         lambda project: editions(project)),
    Kind("datasets", "the published datasets", "eligibench/results/vocabulary.py", _datasets),
    Kind("tasks", "the benchmark as an Inspect task or a Gymnasium environment",
         "eligibench/evaluation/inspect_task/tasks.py, eligibench/training/env.py", _tasks),
)}  # fmt: skip


def registry(kind: str, project: Path = ROOT) -> Registry:
    """The registry of `kind` (a key of KINDS); UnknownName naming the kinds otherwise."""
    from eligibench.registry import UnknownName

    if kind not in KINDS:
        raise UnknownName(f"unknown kind {kind!r}; known: {', '.join(KINDS)}")
    return KINDS[kind].build(Path(project))


def listing(kind: str | None = None, project: Path = ROOT) -> str:
    """What `benyfits list [kind]` prints: per kind a heading, then one `name  description` line per entry."""
    kinds = [kind] if kind is not None else list(KINDS)
    blocks = []
    for k in kinds:
        reg = registry(k, project)
        width = max((len(n) for n in reg.names()), default=0)
        lines = [f"{k}: {KINDS[k].description}"]
        lines += [f"  {e.name.ljust(width)}  {e.description}" for e in reg.describe()] or ["  (none)"]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def markdown(project: Path = ROOT) -> str:
    """The kinds, then every entry, as the two Markdown tables docs/architecture.md holds
    (regenerated with `benyfits list --markdown`; tests/extensions/test_points.py compares names)."""
    rows = ["| kind | what it is | where a new one goes |", "|---|---|---|"]
    rows += [f"| {k.name} | {k.description} | {k.where} |" for k in KINDS.values()]
    rows += ["", "| kind | name | description |", "|---|---|---|"]
    for kind in KINDS.values():
        for e in registry(kind.name, project).describe():
            text = e.description.replace("|", "\\|")
            rows.append(f"| {kind.name} | {e.name} | {text} |")  # no backticks: the doc test reads those as code names
    return "\n".join(rows)
