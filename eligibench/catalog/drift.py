"""Drift between the curated catalog and the current NYC source: changed, renamed, removed, new.

The curated files record the sha256 of the eligibility text they were curated from; any
difference is reported and never flows into the benchmark silently (the catalog keeps the
curated text; `strict` makes drift fail the stage).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from eligibench.catalog.fingerprint import fingerprint, similarity
from eligibench.catalog.opportunities import Catalog, eligibility_sha256
from eligibench.catalog.source import SourcePull

UNCHANGED, CHANGED, RENAMED, RENAMED_CHANGED, REMOVED = "unchanged", "changed", "renamed", "renamed and changed", "removed"
# Fingerprint similarity at which an unmatched new row is taken to be a renamed old one: the
# 2026 pull measured 0.88 for Youth Leadership Councils -> Youth Action 50 and 0.38 for
# Pre-K for All -> Pre-K (found by name too), while unrelated rows stayed at or under 0.09.
TEXT_RENAME_SIMILARITY = 0.5
_STOP = {"and", "the", "of", "for", "nyc", "new", "york", "city", "program", "programs", "all", "a", "&", "/"}


def _name_tokens(name: str) -> set[str]:
    words = re.findall(r"[a-z0-9'\-]+", name.lower())
    return {w.removesuffix("'s").rstrip("s") for w in words if w not in _STOP}


def _names_related(old: str, new: str) -> bool:
    a, b = _name_tokens(old), _name_tokens(new)
    if not a or not b:
        return False
    shared = len(a & b)
    return shared / len(a) >= 0.8 or shared / len(b) >= 0.8


@dataclass(frozen=True)
class ProgramDrift:
    program_name: str  # as curated
    opportunities: tuple[str, ...]
    status: str
    current_name: str | None = None
    similarity: float | None = None  # of the eligibility text, old vs current


@dataclass(frozen=True)
class DriftReport:
    checked: bool
    origin: str
    location: str | None
    data_date: str | None
    programs: tuple[ProgramDrift, ...] = ()
    new_programs: tuple[str, ...] = ()
    note: str = ""

    @property
    def drifted(self) -> tuple[ProgramDrift, ...]:
        return tuple(p for p in self.programs if p.status != UNCHANGED)

    @property
    def has_drift(self) -> bool:
        return bool(self.drifted or self.new_programs)

    def to_dict(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for p in self.programs:
            counts[p.status] = counts.get(p.status, 0) + 1
        return {
            "checked": self.checked, "has_drift": self.has_drift,
            "source": {"origin": self.origin, "location": self.location, "data_date": self.data_date},
            "note": self.note, "counts": dict(sorted(counts.items())),
            "drifted": [vars(p) | {"opportunities": list(p.opportunities)} for p in self.drifted],
            "new_programs": list(self.new_programs),
        }

    def to_markdown(self) -> str:
        src = f"{self.origin}" + (f" ({self.location}" + (f", data as of {self.data_date}" if self.data_date else "") + ")" if self.location else "")
        lines = ["# Drift report: curated catalog vs NYC Open Data kvhd-5fmu", "", f"Source: {src}", ""]
        if not self.checked:
            lines += [f"**Drift was not checked**: {self.note}. The pipeline built from the curated catalog.", ""]
            return "\n".join(lines)
        n_ok = len(self.programs) - len(self.drifted)
        lines += [f"- curated source rows: {len(self.programs)}, unchanged: {n_ok}, drifted: {len(self.drifted)}",
                  f"- new programs in the source: {len(self.new_programs)}", ""]
        if not self.has_drift:
            lines += ["No drift: every curated program's eligibility text is unchanged.", ""]
            return "\n".join(lines)
        lines += ["The benchmark still uses the curated texts; re-curate these before relying on the new source.", ""]
        for status in (RENAMED, RENAMED_CHANGED, CHANGED, REMOVED):
            rows = [p for p in self.drifted if p.status == status]
            if not rows:
                continue
            lines += [f"## {status.capitalize()} ({len(rows)})", "", "| curated program | opportunities | now | text similarity to curated source |", "|---|---|---|---|"]
            for p in rows:
                sim = "" if p.similarity is None else f"{p.similarity:.2f}"
                now = "—" if p.current_name in (None, p.program_name) else p.current_name
                lines.append(f"| {p.program_name} | {', '.join(p.opportunities)} | {now} | {sim} |")
            lines.append("")
        if self.new_programs:
            lines += [f"## New ({len(self.new_programs)})", ""] + [f"- {n}" for n in self.new_programs] + [""]
        return "\n".join(lines)


def detect(catalog: Catalog, pull: SourcePull, known_uncurated: frozenset[str] = frozenset()) -> DriftReport:
    if pull.origin == "unavailable":
        return DriftReport(False, pull.origin, None, None, note=pull.note or "source unavailable")
    current = {r["program_name"]: r.get("plain_language_eligibility", "") for r in pull.rows}
    current_fp = {n: fingerprint(t) for n, t in current.items()}
    curated: dict[str, list] = {}
    for o in catalog.opportunities:
        curated.setdefault(o.source.program_name, []).append(o)
    unmatched_new = [n for n in current if n not in curated and n not in known_uncurated]
    programs = []
    for name, opps in sorted(curated.items()):
        ids = tuple(o.id for o in opps)
        src = opps[0].source
        if name not in current:
            renamed = _find_rename(name, src.text_fingerprint, unmatched_new, current_fp)
            if renamed is None:
                programs.append(ProgramDrift(name, ids, REMOVED))
                continue
            unmatched_new.remove(renamed)
            same = eligibility_sha256(current[renamed]) == src.eligibility_sha256
            programs.append(ProgramDrift(name, ids, RENAMED if same else RENAMED_CHANGED, renamed,
                                         similarity(src.text_fingerprint, current_fp[renamed])))
        elif eligibility_sha256(current[name]) == src.eligibility_sha256:
            programs.append(ProgramDrift(name, ids, UNCHANGED))
        else:
            programs.append(ProgramDrift(name, ids, CHANGED, name, similarity(src.text_fingerprint, current_fp[name])))
    return DriftReport(True, pull.origin, pull.location, pull.data_date, tuple(programs), tuple(sorted(unmatched_new)), pull.note)


def _find_rename(old: str, old_fp: str, candidates: list[str], fps: dict[str, str]) -> str | None:
    """The new row most likely to be `old` renamed: a related name first, else a similar text."""
    best, best_score = None, 0.0
    for n in candidates:
        sim = similarity(old_fp, fps[n])
        if _names_related(old, n):
            score = 1.0 + sim  # a related name outranks any text-only match
        elif sim >= TEXT_RENAME_SIMILARITY:
            score = sim
        else:
            continue
        if score > best_score:
            best, best_score = n, score
    return best
