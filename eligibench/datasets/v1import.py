"""Turn a v1 JSON-lines file into BeNYfits dataset rows, so agents can be evaluated on v1 data.

Labels are taken from the file where it has them; our checkers label the rest, and every
disagreement between a v1 label and our checker is reported (a useful audit of both).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from eligibench.datasets.rows import Row, build_row
from eligibench.household.v1format import load_v1_file
from eligibench.truth.tracing import TracedChecker


@dataclass(frozen=True)
class Disagreement:
    row: str
    opportunity: str
    v1_label: bool
    checker: bool


def import_v1(path: Path | str, dataset: str, checkers: dict[str, TracedChecker]) -> tuple[list[Row], list[Disagreement]]:
    items = load_v1_file(path, frozenset(checkers))
    rows, disagreements = [], []
    for n, item in enumerate(items):
        opps = item.opportunities or tuple(sorted(item.labels))
        row = build_row(f"{dataset}-{n:04d}", dataset, item.household, opps, checkers, f"v1-import:{Path(path).name}")
        labels = []
        for o, ours in zip(opps, row.labels):
            theirs = item.labels.get(o)
            if theirs is not None and theirs != ours:
                disagreements.append(Disagreement(row.id, o, theirs, ours))
            labels.append(ours if theirs is None else theirs)
        rows.append(Row(row.id, row.dataset, row.household, row.opportunities, tuple(labels), row.trace_ids,
                        row.profile, row.roster, row.data_version, row.needed_facts))
    return rows, disagreements
