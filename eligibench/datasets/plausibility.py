"""The plausibility audit: every household a dataset holds, checked against every consistency
rule (`consistency.violations`), so a person who cannot exist (a 93-year-old runaway youth, a
pregnant man, an ATIN at 40) never reaches a simulated user or an agent unnoticed.

The generators keep the rules by construction; this audit checks what was actually built: the
published folder (`benyfits/`, every configuration and split: Diverse, Representative and train,
of every edition) in the DVC stage `plausibility`, and the sealed split's rows on the operator's
machine (`python -m stages.plausibility --sealed`), whose report gives counts only, never a
household (the sealed split stays sealed).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from eligibench.datasets.rows import Row, read_parquet
from eligibench.household import consistency as cons


@dataclass(frozen=True)
class Violation:
    dataset: str  # the file's name without .parquet (diverse-2026-08, train, ...)
    row: str  # the row id
    rule: str
    message: str


@dataclass(frozen=True)
class DatasetAudit:
    dataset: str
    households: int
    members: int
    violations: tuple[Violation, ...]

    @property
    def by_rule(self) -> dict[str, int]:
        return dict(sorted(Counter(v.rule for v in self.violations).items()))


def rule_of(message: str) -> str:
    """The rule a violation message ends with (`... (rule <name>)`)."""
    return message.rsplit("(rule ", 1)[-1].rstrip(")") if message.endswith(")") else "?"


def audit_rows(dataset: str, rows: Iterable[Row]) -> DatasetAudit:
    rows = list(rows)
    found = tuple(Violation(dataset, r.id, rule_of(msg), msg) for r in rows for msg in cons.violations(r.household))
    return DatasetAudit(dataset, len(rows), sum(r.household.size for r in rows), found)


def published_files(folder: Path) -> list[Path]:
    """Every published household file of a dataset folder: `data/<version>/*.parquet` except the
    opportunities (no households), sorted."""
    return sorted(p for p in Path(folder).glob("data/*/*.parquet") if not p.stem.startswith("opportunities"))


def audit_files(paths: Sequence[Path], name=lambda p: p.stem) -> list[DatasetAudit]:
    return [audit_rows(name(p), read_parquet(p)) for p in paths]


def report(audits: Sequence[DatasetAudit], with_households: bool = True) -> dict[str, Any]:
    """The JSON report: per dataset its households, members and violations by rule, and (unless
    `with_households` is False, for the sealed split) each violation with its row and message."""
    out: dict[str, Any] = {
        "rules": len(cons.RULE_FUNCTIONS),
        "households": sum(a.households for a in audits),
        "violations": sum(len(a.violations) for a in audits),
        "datasets": {},
    }
    for a in audits:
        entry: dict[str, Any] = {"households": a.households, "members": a.members,
                                 "violations": len(a.violations), "by_rule": a.by_rule}
        if with_households:
            entry["list"] = [{"row": v.row, "rule": v.rule, "message": v.message} for v in a.violations]
        out["datasets"][a.dataset] = entry
    return out


def summary_line(rep: Mapping[str, Any]) -> str:
    worst = Counter()
    for entry in rep["datasets"].values():
        worst.update(entry["by_rule"])
    rules = ", ".join(f"{r} {n}" for r, n in worst.most_common(5))
    return (f"{rep['violations']} violations of {rep['rules']} rules in {rep['households']} households "
            f"({len(rep['datasets'])} datasets){': ' + rules if rules else ''}")


__all__ = ["DatasetAudit", "Violation", "audit_files", "audit_rows", "published_files", "report", "rule_of",
           "summary_line"]
