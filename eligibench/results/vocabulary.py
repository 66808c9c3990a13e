"""The store's words, exported once for every reader: datasets, terminations, failure causes, and
the protocol a run was measured under (parsed from `runs.protocol`)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from eligibench.registry import Entry, Registry
from eligibench.results.records import INFRA_ERROR, SCORED_TERMINATIONS, TERMINATIONS
from eligibench.results.schema import FAILURE_CAUSES

DATASETS = ("diverse", "representative")
AVERAGE = "average"  # the metrics' pseudo-dataset: the mean over DATASETS
DATASET_LABEL = {"diverse": "Diverse", "representative": "Repr.", AVERAGE: "Avg"}
# the published datasets, with what each holds (`benyfits list datasets`, `play --dataset`)
DATASET_REGISTRY: Registry[str] = Registry("dataset", (
    Entry("diverse", "households chosen to cover every checker line (coverage selection over fuzzed households)"),
    Entry("representative", "households sampled like NYC's population, balanced over the opportunities"),
))

TERMINATION_WORDS = {
    "ready": "the agent said it was ready", "turn_limit": "question limit reached",
    "agent_error": "the agent failed", "user_error": "the simulated user failed",
    INFRA_ERROR: "infrastructure error (not scored)", "budget_exceeded": "the dialog's budget ran out",
    "patience_spent": "the household's patience ran out",
}
def run_status(status: str, agent_errors: int, dialogs: int) -> str:
    """A run's status as shown (issue 36): a finished run in which some dialogs ended in the agent's
    error is not "done" but "agent errors n/N", and is never ranked (docs/evaluation.md)."""
    return f"agent errors {agent_errors}/{dialogs}" if status == "done" and agent_errors else status


CAUSE_WORDS = {
    "simulator_false_fact": "the simulated user stated a false fact",
    "needed_fact_not_disclosed": "a fact the decision needs was never disclosed",
    "rule_misapplied": "the agent had the facts but applied the rule wrongly",
}
assert set(CAUSE_WORDS) == set(FAILURE_CAUSES) and set(TERMINATION_WORDS) == set(TERMINATIONS)

# The paper's rules: a protocol JSON without "edition" (eligibench.evaluation.run.protocol writes
# it only for later editions, so 2024 protocol ids never moved).
DEFAULT_EDITION = "2024"
NO_PROTOCOL = "not recorded"  # runs of a store written before protocols were recorded
V1_PROTOCOL = "v1 paper"


@dataclass(frozen=True)
class StoredProtocol:
    """A protocol as the store holds it (`runs.protocol_id` + `runs.protocol` JSON, read back by
    `parse_protocol`; `runs` counts the runs under it): the read side of
    `evaluation.run.Protocol`, which writes that JSON. Runs are ranked only within one."""
    id: str
    kind: str  # full | smoke | custom | not recorded | v1 paper
    spec: Mapping[str, Any]
    runs: int = 0

    @property
    def simulator(self) -> str:
        sim = (self.spec or {}).get("simulator") or {}
        return str(sim.get("label") or "") if isinstance(sim, dict) else str(sim)

    @property
    def edition(self) -> str:
        """The rules the run followed (docs/editions.md): "2024" unless the protocol names another."""
        e = (self.spec or {}).get("edition")
        return str(e) if e else DEFAULT_EDITION

    @property
    def label(self) -> str:
        """Kind, edition (when not 2024), simulator and id: two protocols of one kind never read the same."""
        if self.id == NO_PROTOCOL:
            return f"protocol not recorded ({self.runs} run(s))"
        sim = f" · simulator {self.simulator}" if self.simulator else ""
        ed = f" · {self.edition} rules" if self.edition != DEFAULT_EDITION else ""
        # runs whose agent was a model in another framework's scaffold (the Inspect task) say so
        scaffold = f" · scaffold {(self.spec or {}).get('scaffold')}" if (self.spec or {}).get("scaffold") else ""
        return f"{self.kind}{ed}{scaffold}{sim} · {self.id} ({self.runs} run(s))"

    def describe(self) -> str:
        """One line: datasets (version, households used of total), question cap, trials, simulator, split."""
        s = self.spec or {}
        parts = [f"the {self.edition} edition's rules"] if self.edition != DEFAULT_EDITION else []
        for name, d in sorted((s.get("datasets") or {}).items()):
            if isinstance(d, dict):
                used, total = d.get("households_used"), d.get("households_total")
                parts.append(f"{name} {used} of {total} households (data {d.get('data_version', '?')})")
        if s.get("question_cap") is not None:
            parts.append(f"at most {s['question_cap']} questions")
        if s.get("trials") is not None:
            parts.append(f"{s['trials']} trial(s)")
        sim = s.get("simulator") or {}
        if isinstance(sim, dict) and sim.get("label"):
            parts.append(f"simulator {sim['label']}" + (" (reference)" if sim.get("reference") else ""))
        if s.get("split"):
            parts.append(f"{s['split']} split")
        return "; ".join(parts) or "no details recorded"


def parse_protocol(protocol_id: Any, spec: Any, runs: int = 0) -> StoredProtocol:
    """A `runs` row's (protocol_id, protocol JSON) as a StoredProtocol; NO_PROTOCOL when absent."""
    if protocol_id is None or (isinstance(protocol_id, float) and protocol_id != protocol_id):
        return StoredProtocol(NO_PROTOCOL, NO_PROTOCOL, {}, runs)
    if isinstance(spec, str):
        try:
            spec = json.loads(spec)
        except ValueError:
            spec = {}
    d = spec if isinstance(spec, dict) else {}
    return StoredProtocol(str(protocol_id), str(d.get("kind") or "custom"), d, runs)


__all__ = ["AVERAGE", "CAUSE_WORDS", "DATASETS", "DATASET_LABEL", "DATASET_REGISTRY", "DEFAULT_EDITION", "FAILURE_CAUSES", "INFRA_ERROR", "NO_PROTOCOL",
           "StoredProtocol", "SCORED_TERMINATIONS", "TERMINATIONS", "TERMINATION_WORDS", "V1_PROTOCOL", "parse_protocol"]
