"""What one Inspect task evaluates: the rows of one dataset (edition, split), their requirement
texts, the simulated user the project's params configure, and the protocol its runs are recorded
under. It is resolved by the harness's own `run.load_run` (the scaffold stands in as a manifest
that declares no model roles), so rows, requirement texts, simulator, seeds and every protocol field
(simulator identity, persona, ...) are a harness run's; the Inspect run's protocol adds exactly one
field, the scaffold.
"""
from __future__ import annotations

import threading
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

from eligibench import paths
from eligibench.datasets import Row
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import Manifest, OpportunityBrief
from eligibench.evaluation.run import SIMULATOR, Protocol, ResolvedRun, load_config, load_run, published_rows
from eligibench.evaluation.user import COOPERATIVE, SimulatorMode
from eligibench.models import attach_servers, make_model

# The default scaffold's name and version (scaffold.py): part of the protocol of every Inspect run,
# so a change to its prompt, tools or rules must change this name (two scaffolds never rank together).
SCAFFOLD = "inspect-benyfits-v1"
DATASETS = ("diverse", "representative")
# The scaffold as the run path sees an agent: no model roles (the model is Inspect's), no code of ours
MANIFEST = Manifest(folder=Path(__file__).resolve().parent, name="inspect-scaffold", strategy=SCAFFOLD,
                    authors=("BeNYfits maintainers",), entry_point="scaffold:benyfits_scaffold", models={},
                    license="MIT", description="The Inspect task's default scaffold (docs/inspect.md)")


@dataclass
class TaskSource:
    """The resolved run behind one Inspect task, and the simulated user's models it starts."""

    dataset: str
    resolved: ResolvedRun
    _stack: ExitStack = field(default_factory=ExitStack, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _models: dict[int, Any] = field(default_factory=dict, repr=False)

    @property
    def rows(self) -> Mapping[str, Row]:
        """row id -> row, in dataset order."""
        return {r.id: r for r in self.resolved.rows[self.dataset]}

    @property
    def briefs(self) -> Mapping[str, OpportunityBrief]:
        return self.resolved.briefs

    @property
    def simulator(self):
        return self.resolved.simulator

    @property
    def edition(self) -> str:
        return self.resolved.protocol.edition

    @property
    def protocol(self) -> Protocol:
        """The harness's protocol for these rows and trials, plus the scaffold."""
        return replace(self.resolved.protocol, scaffold=SCAFFOLD)

    def limit(self, row: Row) -> int:
        return self.resolved.question_limit(len(row.opportunities))

    def user_model(self, trial: int) -> Any:
        """The simulated user's model for one trial (epoch), seeded as a harness run seeds it;
        None when the mode calls no model. Its server (the one starter, attach_servers) starts on
        first use and stops when the process ends (its lifeline), so building a task starts nothing."""
        if not self.simulator.uses_model:
            return None
        with self._lock:
            if trial not in self._models:
                spec = attach_servers({SIMULATOR: self.resolved.config.simulator}, self._stack)[SIMULATOR]
                self._models[trial] = self._stack.enter_context(make_model(replace(spec, seed=self.resolved.simulator_spec(trial).seed)))
            return self._models[trial]


def load_source(dataset: str, project: Path | str = Path("."), *, edition: str | None = None, split: str = "public",
                simulator_mode: Any = None, persona: str | None = None, households: int | None = None,
                max_questions: int | None = None, trials: int = 1, ids: Iterable[str] | None = None) -> TaskSource:
    """One dataset of the project's published folder (every household, the first `households` as
    `benyfits evaluate --households` picks them, or those `ids`: Inspect's `--limit` picks fewer),
    with the simulated user of `params.yaml` (`simulator_mode` overrides its
    `evaluate.simulator_mode`, `persona` that mode's persona). `max_questions`: a question cap
    (None: the protocol's limits); `trials`: epochs (the protocol records them)."""
    if dataset not in DATASETS:
        raise ParamsError(f"Inspect task: dataset {dataset!r} is not one of {', '.join(DATASETS)}")
    project = Path(project)
    overrides: dict[str, Any] = {"subset": {d: households if d == dataset else None for d in DATASETS},
                                 "max_questions": max_questions, "trials": int(trials)}
    if edition is not None:
        overrides["edition"] = str(edition)
    if simulator_mode is not None:
        overrides["simulator_mode"] = simulator_mode
    config = load_config(project, overrides)
    if persona is not None:
        config = replace(config, simulator_mode=with_persona(config.simulator_mode, persona))
    rows = published_rows(config, project / paths.DATASET_DIR, split, project)[dataset]
    if ids is not None:
        wanted = set(ids)
        missing = sorted(wanted - {r.id for r in rows})
        if missing:
            raise ParamsError(f"{project / paths.DATASET_DIR}: households {missing[:5]} are not in the published "
                              f"{dataset} dataset ({split} split): is it the same data version?")
        rows = [r for r in rows if r.id in wanted]
    resolved = load_run(MANIFEST, project, config=config, split=split, rows={dataset: rows})
    return TaskSource(dataset, resolved)


def with_persona(mode: SimulatorMode, persona: str) -> SimulatorMode:
    """`mode` with the simulated user's persona set; a persona other than cooperative needs the
    grounded simulator with template answers (its deviations are rules on the stated sentences)."""
    if persona != COOPERATIVE and not (mode.grounded and mode.answer == "template"):
        here = "free-form" if not mode.grounded else f"grounded with {mode.answer} answers"
        raise ParamsError(f"-T persona={persona!r} needs the grounded simulator with template answers, and the "
                          f"simulator mode here is {here}: add -T simulator_mode=grounded")
    return replace(mode, persona=persona)
