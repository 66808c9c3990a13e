"""The second reading of the ground truth: every own opportunity of every edition read by someone who
did not write its checker, against the city's text, its YAML, its review table and its code, with a
counterexample household tried on the checker (issue 30).

The record is one table, `opportunities/second_readings.csv`, one row per reading that found nothing
(`verdict` "clean") or per finding. Each row carries the household the reader tried, the verdict the
text gives it (`expected`) and the one the checker gave at the time of reading. Classes of finding:
(a) the checker contradicts the text, (b) a debatable reading (two readings are possible; the choice
must be written and consistent), (c) a documentation mismatch without a verdict change.

The rows are regression tests as well as a record: a clean reading's household and a fixed (a)
finding's household must get `expected` from today's checker (`rerun`), so a later change that
undoes a reader's finding fails. A (b) finding decided with its household held (status `held`)
records the decided verdict as `expected` and is re-run the same way; status `decided` records a
decision whose household keeps the reader's verdict of the text as `expected` (a reading that
stands may give the other one), so it is not re-run.
"""
from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Mapping

from eligibench.errors import BenyfitsError
from eligibench.household import Household, household

COLUMNS = ("edition", "opportunity", "reader", "date", "commit", "verdict", "finding", "class", "description",
           "household_json", "expected", "checker_verdict", "status", "resolution")
CLASSES = {"": "none", "a": "the checker contradicts the text", "b": "debatable reading",
           "c": "documentation mismatch"}
STATUSES = ("", "open", "fixed", "decided", "held", "wontfix")
TABLE = Path("opportunities/second_readings.csv")


class ReadingError(BenyfitsError):
    """A row of the second-reading table that does not say what it must."""


@dataclass(frozen=True)
class SecondReading:
    edition: str
    opportunity: str
    reader: str
    date: str
    commit: str
    clean: bool
    finding: int | None  # 1..n for a finding; None on a clean reading
    kind: str  # "", "a", "b" or "c"
    description: str
    household: Household
    expected: bool  # the text's verdict on the household
    checker_verdict: bool  # the checker's, when it was read
    status: str
    resolution: str

    @property
    def open_a(self) -> bool:
        return self.kind == "a" and self.status not in ("fixed", "decided", "held", "wontfix")

    @property
    def must_hold(self) -> bool:
        """Whether today's checker must give `expected` on the household (a clean reading, a fixed
        contradiction, or a decided reading whose household is held to the decided verdict)."""
        if self.status == "held":
            return True
        return self.clean or (self.kind == "a" and self.status == "fixed")


def _bool(text: str, where: str, field: str) -> bool:
    value = text.strip().lower()
    if value in ("true", "1", "yes"):
        return True
    if value in ("false", "0", "no"):
        return False
    raise ReadingError(f"{where}: field {field!r}: expected true or false, got {text!r}")


def _household(text: str, where: str) -> Household:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        raise ReadingError(f"{where}: field 'household_json': not valid JSON ({e.msg})") from None
    if isinstance(raw, dict) and "household" in raw:
        raw = raw["household"]
    members = raw.get("members") if isinstance(raw, dict) else raw
    if not isinstance(members, list) or not members:
        raise ReadingError(f"{where}: field 'household_json': expected {{\"members\": [...]}} with at least one member")
    try:
        return household(*members)  # features a reader left out take the schema's defaults
    except BenyfitsError as e:
        raise ReadingError(f"{where}: field 'household_json': {e}") from None


def load(path: Path = TABLE) -> tuple[SecondReading, ...]:
    """Every row of the table, validated; errors name the file, the row and the field."""
    path = Path(path)
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
        header = tuple(rows[0].keys()) if rows else ()
    if rows and header != COLUMNS:
        raise ReadingError(f"{path}: columns {header}, expected {COLUMNS}")
    out = []
    for n, row in enumerate(rows, start=2):  # row 1 is the header
        where = f"{path}, row {n} ({row['edition']} {row['opportunity']})"
        clean = row["verdict"].strip() == "clean"
        kind = row["class"].strip().lower()
        if kind not in CLASSES:
            raise ReadingError(f"{where}: field 'class': expected one of a, b, c or empty, got {row['class']!r}")
        if clean != (kind == ""):
            raise ReadingError(f"{where}: a clean reading has no class and a finding has one "
                               f"(verdict {row['verdict']!r}, class {row['class']!r})")
        status = row["status"].strip()
        if status not in STATUSES:
            raise ReadingError(f"{where}: field 'status': expected one of {STATUSES[1:]}, got {status!r}")
        out.append(SecondReading(
            row["edition"].strip(), row["opportunity"].strip(), row["reader"].strip(), row["date"].strip(),
            row["commit"].strip(), clean, None if clean else int(row["finding"] or 1), kind,
            row["description"].strip(), _household(row["household_json"], where),
            _bool(row["expected"], where, "expected"), _bool(row["checker_verdict"], where, "checker_verdict"),
            status, row["resolution"].strip()))
    return tuple(out)


def rerun(reading: SecondReading, checkers: Mapping[str, ModuleType]) -> bool:
    """Today's verdict of the reading's checker on the reading's household; `checkers` is the
    reading's edition registry (`checkers.editions.edition_registry(reading.edition)`)."""
    return checkers[reading.opportunity].check(reading.household)


@dataclass(frozen=True)
class EditionSummary:
    edition: str
    own: int  # the edition's own opportunities
    read: int  # of them, read at least once
    clean: int  # opportunities whose reading found nothing
    findings: dict[str, int]  # class -> count
    open_a: int


def summarize(readings: tuple[SecondReading, ...], own: dict[str, frozenset[str]]) -> list[EditionSummary]:
    """Per edition: how many of its own opportunities were read, found clean, and the findings by
    class. `own` maps an edition to its own opportunity ids."""
    out = []
    for edition, ids in own.items():
        mine = [r for r in readings if r.edition == edition]
        read = {r.opportunity for r in mine} & ids
        with_findings = {r.opportunity for r in mine if not r.clean}
        findings = {k: sum(1 for r in mine if r.kind == k) for k in ("a", "b", "c")}
        out.append(EditionSummary(edition, len(ids), len(read), len(read - with_findings), findings,
                                  sum(1 for r in mine if r.open_a)))
    return out


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def markdown(readings: tuple[SecondReading, ...], own: dict[str, frozenset[str]], table: str = str(TABLE)) -> str:
    """The report section: per edition how many own opportunities were read and found clean, the
    findings by class, and every row of the table."""
    lines = ["## Second reading", "",
             f"Every own opportunity of every edition read by someone who did not write its checker, against the "
             f"city's text, its YAML, its review table and its code, with a household tried on the checker "
             f"(`{table}`). Classes: (a) {CLASSES['a']}, (b) {CLASSES['b']}, (c) {CLASSES['c']}.", "",
             "| edition | own opportunities | read | clean | (a) | (b) | (c) | (a) open |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for s in summarize(readings, own):
        lines.append(f"| {s.edition} | {s.own} | {s.read} | {s.clean} | {s.findings['a']} | {s.findings['b']} | "
                     f"{s.findings['c']} | {s.open_a} |")
    lines += ["", "| edition | opportunity | reader | date | reading | class | status | finding | resolution |",
              "|---|---|---|---|---|---|---|---|---|"]
    for r in sorted(readings, key=lambda r: (r.edition, r.opportunity, r.finding or 0)):
        reading = "clean" if r.clean else f"finding {r.finding}"
        lines.append(f"| {r.edition} | {r.opportunity} | {r.reader} | {r.date} | {reading} | {r.kind or '-'} | "
                     f"{r.status or '-'} | {_cell(r.description) or '-'} | {_cell(r.resolution) or '-'} |")
    return "\n".join(lines) + "\n"
