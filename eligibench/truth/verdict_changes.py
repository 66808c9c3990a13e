"""Verdicts the derived facts changed: the checkers at a git revision against the current ones (issue 30).

The paper's edition moves only for a written reason. `changes` runs the checkers of `revision`
(materialised from git under another package name, `checkers_at`) and the current ones over the
same households and lists every (household, opportunity) whose verdict differs; `reason` names
the derived fact that explains it:

- each change class (`CLASSES`) rewrites a household so that the raw features its fact covers
  agree with the fact (every Temporary Assistance flag set to `temporary_assistance(m)`; both
  Medicaid flags to "any kind"; `disabled` to `disability(m, "any")`; every member's SNAP to the
  household's). That keeps every derived fact's value, so the current verdict stays; the old
  checker, which read one raw flag, now sees the concept. When the old verdict on the rewritten
  household equals the current one, that class explains the change.
- several classes may each explain it (all are named); when only all of them together do, the
  reason is their combination; when none does, the reason is `OTHER` (a change not made by the
  vocabulary: a second reading's fix, a new rule), and the adjudication must say why.

The adjudicated reasons, one per class and decision, are in `docs/ground_truth_changes.yaml`
(`load_adjudication`); `stages/ground_truth.py` shows both in `reports/ground_truth.md`.
`python -m eligibench.datasets.verdict_changes_cli` prints the listing for dataset files given on the
command line (reading parquet rows is the datasets phase's).
"""
from __future__ import annotations

import importlib
import io
import operator
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import ModuleType
from typing import Callable, Iterable, Sequence

import yaml

from eligibench.errors import BenyfitsError
from eligibench.household import Household, Member

# The commit before issue 30 changed any 2024 checker (25830eb, "dvc.lock after dvc repro on the
# models contract split"): the checkers that labelled the published 2024 datasets.
BASE_REVISION = "25830eb"
ADJUDICATION = Path("docs/ground_truth_changes.yaml")
OTHER = "other"


@dataclass(frozen=True)
class ChangeClass:
    name: str
    fact: str  # the derived fact (checkers/facts.py) whose definition the change comes from
    canonical: Callable[[Household], Household]  # the household with the fact's raw features made to agree


_FIELDS = tuple(f.name for f in fields(Member))  # Member's fields, in order
_values = operator.attrgetter(*_FIELDS)


def _with(m: Member, changes: dict) -> Member:
    """`replace(m, **changes)`, fast: `m` itself when nothing changes, else built positionally
    (`dataclasses.replace` walks all 140 fields in Python: it was 90% of the ground_truth stage)."""
    if all(getattr(m, k) == v for k, v in changes.items()):
        return m
    return Member(*[changes.get(n, v) for n, v in zip(_FIELDS, _values(m))])


def _members(hh: Household, f: Callable[[Member], dict]) -> Household:
    return Household(tuple(_with(m, f(m)) for m in hh.members), hh.feature_schema)


def _ta(hh: Household) -> Household:
    def f(m: Member) -> dict:
        ta = m.receives_temporary_assistance or m.receives_cash_assistance
        return {"receives_temporary_assistance": ta, "receives_cash_assistance": ta}
    return _members(hh, f)


def _medicaid(hh: Household) -> Household:
    def f(m: Member) -> dict:
        gets = m.receives_medicaid or m.receives_disability_medicaid
        return {"receives_medicaid": gets, "eligible_for_medicaid": m.eligible_for_medicaid or gets}
    return _members(hh, f)


def _disability(hh: Household) -> Household:
    def f(m: Member) -> dict:
        return {"disabled": m.disabled or m.developmental_condition or m.blind or m.deaf_or_hearing_loss}
    return _members(hh, f)


def _snap(hh: Household) -> Household:
    snap = False
    for m in hh.members:
        snap = snap or m.receives_snap
    return _members(hh, lambda m: {"receives_snap": snap})


CLASSES: tuple[ChangeClass, ...] = (
    ChangeClass("temporary_assistance", "temporary_assistance(m)", _ta),
    ChangeClass("medicaid", "receives_medicaid(m) / medicaid_eligible(m)", _medicaid),
    ChangeClass("disability", "disability(m, \"any\")", _disability),
    ChangeClass("household_snap", "household_receives_snap(hh)", _snap),
)


def _all_classes(hh: Household) -> Household:
    for c in CLASSES:
        hh = c.canonical(hh)
    return hh


# -- the checkers at a revision ------------------------------------------------------------------


class BaseRevisionUnavailable(BenyfitsError):
    """The checkers at the base revision cannot be read: no git, no checkout, or a shallow clone or
    archive without that commit. The comparison is a review aid: the build goes on without it."""


def checkers_at(revision: str, root: Path = Path("."), into: Path | None = None) -> dict[str, ModuleType]:
    """The 2024 checkers (`checkers/*.py`) as they were at `revision`: id -> module, imported as
    package `checkers_at_<revision>` from a temporary folder (their `checkers.` imports rewritten)."""
    alias = "checkers_at_" + re.sub(r"\W", "_", revision)
    if alias in sys.modules:
        return sys.modules[alias].registry()
    try:
        data = subprocess.run(["git", "-C", str(root), "archive", "--format=tar", revision, "checkers"],
                              check=True, capture_output=True).stdout
    except FileNotFoundError:
        raise BaseRevisionUnavailable(f"git is not installed, so the checkers at {revision} cannot be read") from None
    except subprocess.CalledProcessError as e:
        why = e.stderr.decode(errors="replace").strip().splitlines()
        raise BaseRevisionUnavailable(f"{Path(root).resolve()} has no commit {revision} (a shallow clone or an archive?): "
                                      f"{why[-1] if why else 'git archive failed'}") from None
    folder = Path(into or tempfile.mkdtemp(prefix="benyfits-checkers-"))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts
            if not member.isfile() or len(parts) != 2 or not member.name.endswith(".py"):
                continue  # the 2024 folder only (not editions/)
            text = tar.extractfile(member).read().decode("utf-8")
            text = re.sub(r"\bfrom checkers(\.| import)", rf"from {alias}\1", text)
            target = folder / alias / parts[1]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(folder))
    try:
        package = importlib.import_module(alias)
        found = package.registry()  # imports every module now: the temporary folder can go
    finally:
        sys.path.remove(str(folder))
        if into is None:
            shutil.rmtree(folder, ignore_errors=True)
    return found


# -- changes -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VerdictChange:
    source: str  # "diverse", "representative", "fuzzed"
    household: str  # row id, or "fuzzed-<index>"
    opportunity: str
    old: bool
    new: bool
    reason: str  # a class name, "a+b" (only together), or OTHER
    also: tuple[str, ...] = ()  # further classes that each explain it alone


def reason(old_check: Callable[[Household], bool], new_verdict: bool, hh: Household) -> tuple[str, tuple[str, ...]]:
    """The change classes that explain `new_verdict` against the old checker on `hh`."""
    alone = [c.name for c in CLASSES if old_check(c.canonical(hh)) == new_verdict]
    if alone:
        return alone[0], tuple(alone[1:])
    if old_check(_all_classes(hh)) == new_verdict:
        return "+".join(c.name for c in CLASSES if c.canonical(hh) != hh), ()
    return OTHER, ()


def changes(source: str, households: Sequence[tuple[str, Household, Iterable[str]]],
            old: dict[str, ModuleType], new: dict[str, ModuleType]) -> list[VerdictChange]:
    """Every (household, opportunity) whose verdict differs between `old` and `new` checkers;
    `households` are (id, household, the opportunities to compare)."""
    out: list[VerdictChange] = []
    for hid, hh, opportunities in households:
        for oid in opportunities:
            if oid not in old or oid not in new:
                continue
            was, now = old[oid].check(hh), new[oid].check(hh)
            if was != now:
                why, also = reason(old[oid].check, now, hh)
                out.append(VerdictChange(source, hid, oid, was, now, why, also))
    return out


def summary(found: Sequence[VerdictChange]) -> dict[str, dict[str, Counter]]:
    """source -> opportunity -> Counter of "<reason>: old -> new"."""
    out: dict[str, dict[str, Counter]] = {}
    for c in found:
        out.setdefault(c.source, {}).setdefault(c.opportunity, Counter())[f"{c.reason}: {c.old} -> {c.new}"] += 1
    return out


# -- adjudication --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Adjudication:
    base_revision: str
    reasons: dict[str, str]  # change class (or "<opportunity>:other") -> the written reason it is accepted
    # dataset -> the published labels that change, as measured and committed (household, opportunity, old, new, reason)
    published: dict[str, tuple[dict, ...]] = field(default_factory=dict)


def load_adjudication(path: Path = ADJUDICATION) -> Adjudication:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or "base_revision" not in raw or not isinstance(raw.get("classes"), dict):
        raise ValueError(f"{path}: expected a mapping with base_revision and classes (class -> reason)")
    reasons = {}
    for name, entry in raw["classes"].items():
        text = entry.get("reason") if isinstance(entry, dict) else None
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{path}: classes.{name}: expected a written reason")
        reasons[str(name)] = text.strip()
    published = {str(k): tuple(v or ()) for k, v in (raw.get("published") or {}).items()}
    for dataset, rows in published.items():
        for i, row in enumerate(rows):
            missing = {"household", "opportunity", "old", "new", "reason"} - set(row)
            if missing:
                raise ValueError(f"{path}: published.{dataset}[{i}]: missing {sorted(missing)}")
            if row["reason"] not in reasons:
                raise ValueError(f"{path}: published.{dataset}[{i}]: reason {row['reason']!r} has no entry in classes")
    return Adjudication(str(raw["base_revision"]), reasons, published)


def unadjudicated(found: Sequence[VerdictChange], adj: Adjudication) -> list[VerdictChange]:
    """Changes whose reason has no written adjudication (a combined reason needs each part's)."""
    def ok(c: VerdictChange) -> bool:
        if c.reason == OTHER:
            return f"{c.opportunity}:{OTHER}" in adj.reasons
        return all(part in adj.reasons for part in c.reason.split("+"))
    return [c for c in found if not ok(c)]


def markdown(found: Sequence[VerdictChange], adj: Adjudication, sizes: dict[str, int],
             list_sources: tuple[str, ...] = ("diverse", "representative")) -> str:
    """The report section: reasons, counts per source and opportunity, every published change."""
    lines = [f"## Verdict changes since {adj.base_revision} (issue 30: the vocabulary of derived facts)", "",
             "Checkers at the revision that labelled the published 2024 datasets against the current ones, "
             "over the same households (`eligibench.truth.verdict_changes`). A change's reason is the derived "
             "fact that explains it: rewriting the household so the fact's raw features agree gives the old "
             "checker the current verdict. Adjudication: `docs/ground_truth_changes.yaml`.", ""]
    lines += ["| reason | adjudicated |", "|---|---|"]
    for name, text in adj.reasons.items():
        lines.append(f"| {name} | {text} |")
    lines.append("")
    lines += ["### Published 2024 labels that change", "",
              f"Measured on the published datasets rebuilt at {adj.base_revision} (committed in the adjudication file):", ""]
    for dataset, rows in adj.published.items():
        lines.append(f"- {dataset}: {len(rows)} label{'s' if len(rows) != 1 else ''} change")
        for r in rows:
            lines.append(f"  - {r['household']} {r['opportunity']}: {r['old']} -> {r['new']} ({r['reason']})")
    lines += ["", "### Measured on this build's datasets and fuzzed households", ""]
    by_source = summary(found)
    for source, total in sizes.items():
        per = by_source.get(source, {})
        n = sum(sum(c.values()) for c in per.values())
        lines += [f"#### {source}: {n} verdicts changed ({total:,} household-opportunity pairs compared)", ""]
        if per:
            lines += ["| opportunity | changes | by reason (old -> new) |", "|---|---:|---|"]
            for oid in sorted(per):
                detail = "; ".join(f"{k} ({v})" for k, v in sorted(per[oid].items()))
                lines.append(f"| {oid} | {sum(per[oid].values())} | {detail} |")
            lines.append("")
        if source in list_sources and per:
            lines += ["| household | opportunity | old | new | reason |", "|---|---|---|---|---|"]
            for c in sorted((c for c in found if c.source == source), key=lambda c: (c.opportunity, c.household)):
                why = c.reason + (f" (also {', '.join(c.also)})" if c.also else "")
                lines.append(f"| {c.household} | {c.opportunity} | {c.old} | {c.new} | {why} |")
            lines.append("")
    missing = unadjudicated(found, adj)
    lines.append(f"Changes without a written reason: {len(missing)}.")
    for c in missing[:20]:
        lines.append(f"- {c.source} {c.household} {c.opportunity}: {c.old} -> {c.new} ({c.reason})")
    return "\n".join(lines) + "\n"


def dataset_households(rows) -> list[tuple[str, Household, tuple[str, ...]]]:
    return [(r.id, r.household, tuple(r.opportunities)) for r in rows]


def fuzzed_households(households: Sequence[Household], opportunities: Iterable[str]) -> list[tuple[str, Household, tuple[str, ...]]]:
    ids = tuple(opportunities)
    return [(f"fuzzed-{i:05d}", hh, ids) for i, hh in enumerate(households)]


def compare_all(diverse_rows, representative_rows, fuzzed: Sequence[Household], revision: str = BASE_REVISION,
                root: Path = Path(".")) -> tuple[list[VerdictChange], dict[str, int]]:
    """Changes over both published datasets (their labelled pairs) and the fuzzed pool (every
    opportunity), with the number of pairs compared per source."""
    from checkers import registry

    old, new = checkers_at(revision, root), registry()
    found: list[VerdictChange] = []
    sizes: dict[str, int] = {}
    for name, hhs in (("diverse", dataset_households(diverse_rows)),
                      ("representative", dataset_households(representative_rows)),
                      ("fuzzed", fuzzed_households(fuzzed, new))):
        found += changes(name, hhs, old, new)
        sizes[name] = sum(len(tuple(o)) for _, _, o in hhs)
    return found, sizes
