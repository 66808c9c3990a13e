"""Turn a v1 JSON-lines file into BeNYfits dataset rows, so agents can be evaluated on v1 data.

Labels are taken from the file where it has them; our checkers label the rest, and every
disagreement between a v1 label and our checker is reported (a useful audit of both).

The v1 generator wrote `dependent: false` for every member but the first: an artifact, not a
fact, which would keep every v1 child from a child tax credit. So a `false` there is not taken
as evidence: `derive_dependents` decides each such member by the tax tests the Representative
sampler uses (population rule `tax_dependent`: relation, age, schooling, own support, income),
and the import report counts the members whose flag it set.

Households are checked against the consistency rules (`eligibench.household.consistency`): v1
data was generated without them, so an imported household can be absurd (a child older than its
parent, an HRA client living outside NYC). Each broken rule is reported with the member it
concerns; `strict=True` leaves such households out instead of importing them.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from eligibench.datasets.population import RULES, DrawnHousehold, load_population
from eligibench.datasets.rows import Row, build_row
from eligibench.household import Household, LabeledHousehold, load_v1_file, member_to_dict
from eligibench.household.consistency import violations
from eligibench.truth import TracedChecker


@dataclass(frozen=True)
class Disagreement:
    row: str
    opportunity: str
    v1_label: bool
    checker: bool


@dataclass(frozen=True)
class Inconsistency:
    household: int  # 0-based position in the v1 file (the row id's number)
    row: str  # the row id it has (or would have had, when refused)
    violation: str  # names the member (index, relation, age), what is wrong and the rule


@dataclass(frozen=True)
class ImportReport:
    rows: tuple[Row, ...]
    disagreements: tuple[Disagreement, ...]
    inconsistencies: tuple[Inconsistency, ...]  # every broken consistency rule, per household and member
    refused: tuple[str, ...]  # row ids left out (strict import only)
    dependents_derived: int  # members whose v1 `dependent: false` our tax tests turned true
    members_rederived: int  # members (not the first) whose v1 `false` was not taken as evidence


def derive_dependents(hh: Household) -> tuple[Household, int, int]:
    """`hh` with `dependent` decided by the tax tests for every member after the first whose v1
    value is false (a v1 `true` is kept); also (members set true, members re-decided)."""
    fp = load_population()["dependent"]
    rule = RULES[fp.rule]
    dicts = [member_to_dict(m) for m in hh.members]
    derived = rule.compute(None, DrawnHousehold(dicts), fp)  # the tax tests draw nothing: rng unused
    members, set_true, redone = [hh.members[0]], 0, 0
    for m, value in zip(hh.members[1:], derived[1:]):
        if m.dependent:
            members.append(m)
            continue
        redone += 1
        set_true += value
        members.append(dataclasses.replace(m, dependent=bool(value)))
    return Household(tuple(members), hh.feature_schema), set_true, redone


def import_v1_households(items: list[LabeledHousehold]) -> tuple[list[LabeledHousehold], int, int]:
    out, set_true, redone = [], 0, 0
    for item in items:
        hh, t, r = derive_dependents(item.household)
        out.append(LabeledHousehold(hh, item.opportunities, item.labels))
        set_true += t
        redone += r
    return out, set_true, redone


def import_v1(path: Path | str, dataset: str, checkers: dict[str, TracedChecker], strict: bool = False) -> ImportReport:
    items, set_true, redone = import_v1_households(load_v1_file(path, frozenset(checkers)))
    rows, disagreements, inconsistencies, refused = [], [], [], []
    for n, item in enumerate(items):
        broken = violations(item.household)
        row_id = f"{dataset}-{n:04d}"
        inconsistencies.extend(Inconsistency(n, row_id, v) for v in broken)
        if broken and strict:
            refused.append(row_id)
            continue
        opps = item.opportunities or tuple(sorted(item.labels))
        row = build_row(row_id, dataset, item.household, opps, checkers, f"v1-import:{Path(path).name}")
        labels = []
        for o, ours in zip(opps, row.labels):
            theirs = item.labels.get(o)
            if theirs is not None and theirs != ours:
                disagreements.append(Disagreement(row.id, o, theirs, ours))
            labels.append(ours if theirs is None else theirs)
        rows.append(Row(row.id, row.dataset, row.household, row.opportunities, tuple(labels), row.trace_ids,
                        row.profile, row.roster, row.data_version, row.needed_facts, row.flips, row.priorities))
    return ImportReport(tuple(rows), tuple(disagreements), tuple(inconsistencies), tuple(refused), set_true, redone)
