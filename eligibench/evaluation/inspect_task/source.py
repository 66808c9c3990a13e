"""What one Inspect task evaluates: the rows of one dataset (edition, split), their requirement
texts, the simulated user the project's params configure, and the protocol its runs are recorded
under. Everything comes from the run package's public API (the same params, published folder,
simulator setup and Protocol as a harness run), so an Inspect run differs from a harness run in
exactly one protocol field: the scaffold.
"""
from __future__ import annotations

import threading
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from eligibench import paths
from eligibench.datasets import Row
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import OpportunityBrief, question_limit
from eligibench.evaluation.run import (
    SIMULATOR,
    DatasetUse,
    Protocol,
    SimulatorSetup,
    dataset_totals,
    load_briefs,
    load_config,
    published_rows,
    seed_table,
    simulator_setup,
)
from eligibench.models import attach_servers, make_model

# The default scaffold's name and version (scaffold.py): part of the protocol of every Inspect run,
# so a change to its prompt or tools must change this name (runs of two scaffolds never rank together).
SCAFFOLD = "inspect-benyfits-v1"
DATASETS = ("diverse", "representative")


@dataclass
class TaskSource:
    """The rows, briefs and simulated user of one Inspect task, and what its runs record."""

    dataset: str
    edition: str
    split: str
    rows: Mapping[str, Row]  # row id -> row, in dataset order
    briefs: Mapping[str, OpportunityBrief]
    simulator: SimulatorSetup
    max_questions: int | None
    seed: int
    households_total: int
    _stack: ExitStack = field(default_factory=ExitStack, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _models: dict[int, Any] = field(default_factory=dict, repr=False)

    def limit(self, row: Row) -> int:
        return question_limit(len(row.opportunities), self.max_questions)

    def user_model(self, trial: int) -> Any:
        """The simulated user's model for one trial (epoch), seeded as a harness run seeds it;
        None when the mode calls no model. Its server (the one starter, attach_servers) starts on
        first use and stops when the process ends (its lifeline), so building a task starts nothing."""
        if not self.simulator.uses_model:
            return None
        with self._lock:
            if trial not in self._models:
                spec = attach_servers({SIMULATOR: self.simulator.spec}, self._stack)[SIMULATOR]
                seed = seed_table(self.seed, trial + 1, {})[str(trial)][SIMULATOR]
                self._models[trial] = self._stack.enter_context(make_model(replace(spec, seed=seed)))
            return self._models[trial]

    def protocol(self, households_used: int, trials: int) -> Protocol:
        """The protocol an Inspect log of this task is imported under (import-inspect)."""
        version = next(iter(self.rows.values())).data_version if self.rows else "unknown"
        use = DatasetUse(version, households_used, max(self.households_total, households_used))
        backend = self.simulator.spec.backend
        decoding = "unconstrained" if self.simulator.uses_model and not self.simulator.spec.constrained else "constrained"
        return Protocol({self.dataset: use}, self.max_questions, trials, self.simulator.protocol_label,
                        self.simulator.reference, backend, self.split, decoding, self.edition, scaffold=SCAFFOLD)


def load_source(dataset: str, project: Path | str = Path("."), *, edition: str | None = None, split: str = "public",
                simulator_mode: str | None = None, max_questions: int | None = None) -> TaskSource:
    """One dataset of the project's published folder (every household: Inspect's `--limit` picks
    fewer), with the simulated user of `params.yaml` (`simulator_mode` overrides its mode: "free-form"
    or "grounded"). `max_questions`: a question cap (None: the protocol's limits)."""
    if dataset not in DATASETS:
        raise ParamsError(f"Inspect task: dataset {dataset!r} is not one of {', '.join(DATASETS)}")
    project = Path(project)
    overrides: dict[str, Any] = {"subset": {d: None for d in DATASETS}, "max_questions": max_questions}
    if edition is not None:
        overrides["edition"] = str(edition)
    if simulator_mode is not None:
        overrides["simulator_mode"] = simulator_mode
    config = load_config(project, overrides)
    folder = project / paths.DATASET_DIR
    rows = published_rows(config, folder, split, project)[dataset]
    version = rows[0].data_version if rows else None
    totals = dataset_totals(folder, version, config.edition)
    return TaskSource(dataset, config.edition, split, MappingProxyType({r.id: r for r in rows}),
                      MappingProxyType(load_briefs(folder, version, config.edition)), simulator_setup(config),
                      config.max_questions, config.seed, totals.get(dataset, len(rows)))
