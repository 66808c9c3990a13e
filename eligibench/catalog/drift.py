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
from eligibench.catalog.text_diff import TextChange, compare

MARKUP_ONLY = "markup only"  # the HTML changed, the normalized plain text did not (needs the curated pull)
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
    change: TextChange | None = None  # what moved; only when the curated pull's text is at hand


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
        return tuple(p for p in self.programs if p.status not in (UNCHANGED, MARKUP_ONLY))

    @property
    def markup_only(self) -> tuple[ProgramDrift, ...]:
        return tuple(p for p in self.programs if p.status == MARKUP_ONLY)

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
            "drifted": [_drift_dict(p) for p in self.drifted],
            "markup_only": [_drift_dict(p) for p in self.markup_only],
            "new_programs": list(self.new_programs),
        }

    def to_markdown(self) -> str:
        src = f"{self.origin}" + (f" ({self.location}" + (f", data as of {self.data_date}" if self.data_date else "") + ")" if self.location else "")
        lines = ["# Drift report: curated catalog vs NYC Open Data kvhd-5fmu", "", f"Source: {src}", ""]
        if not self.checked:
            lines += [f"**Drift was not checked**: {self.note}. The pipeline built from the curated catalog.", ""]
            return "\n".join(lines)
        n_ok = len(self.programs) - len(self.drifted) - len(self.markup_only)
        lines += [f"- curated source rows: {len(self.programs)}, unchanged: {n_ok}, markup-only changes: "
                  f"{len(self.markup_only)}, changed in substance: {len(self.drifted)}",
                  f"- new programs in the source: {len(self.new_programs)}", ""]
        if not self.has_drift:
            lines += ["No drift: every curated program's eligibility text is unchanged.", ""]
            return "\n".join(lines)
        lines += ["The benchmark still uses the curated texts; re-curate these before relying on the new source.", ""]
        for status in (RENAMED, RENAMED_CHANGED, CHANGED, REMOVED):
            rows = [p for p in self.drifted if p.status == status]
            if not rows:
                continue
            lines += [f"## {status.capitalize()} ({len(rows)})", "",
                      "| curated program | opportunities | now | text similarity to curated source | what moved (figures old → new; sentences) |",
                      "|---|---|---|---|---|"]
            for p in rows:
                sim = "" if p.similarity is None else f"{p.similarity:.2f}"
                now = "—" if p.current_name in (None, p.program_name) else p.current_name
                moved = "" if p.change is None else p.change.summary().replace("|", "/")
                lines.append(f"| {p.program_name} | {', '.join(p.opportunities)} | {now} | {sim} | {moved} |")
            lines.append("")
        if self.markup_only:
            lines += [f"## Markup only ({len(self.markup_only)})", "",
                      "The HTML changed but the plain text did not: nothing to re-curate.", ""]
            lines += [f"- {p.program_name} ({', '.join(p.opportunities)})" for p in self.markup_only] + [""]
        new_sentences = [p for p in self.drifted if p.change is not None and p.change.sentences_added]
        if new_sentences:
            lines += ["## New sentences per changed program", ""]
            for p in new_sentences:
                lines += [f"### {p.current_name or p.program_name}", ""] + [f"- {s}" for s in p.change.sentences_added] + [""]
        if self.new_programs:
            lines += [f"## New ({len(self.new_programs)})", ""] + [f"- {n}" for n in self.new_programs] + [""]
        return "\n".join(lines)


def _drift_dict(p: ProgramDrift) -> dict[str, Any]:
    return vars(p) | {"opportunities": list(p.opportunities), "change": None if p.change is None else p.change.to_dict()}


def detect(catalog: Catalog, pull: SourcePull, known_uncurated: frozenset[str] = frozenset(),
           curated_pull: SourcePull | None = None) -> DriftReport:
    """Drift of `pull` against the catalog. With `curated_pull` (the pull the catalog was curated
    from, e.g. the 2024 snapshot) each changed program says what moved, and a change of markup
    only is told apart; a curated text whose sha256 the curated pull does not match is ignored."""
    if pull.origin == "unavailable":
        return DriftReport(False, pull.origin, None, None, note=pull.note or "source unavailable")
    current = {r["program_name"]: r.get("plain_language_eligibility", "") for r in pull.rows}
    before = {} if curated_pull is None else {r["program_name"]: r.get("plain_language_eligibility", "") for r in curated_pull.rows}

    def change(name: str, sha: str, now: str) -> TextChange | None:
        old = before.get(name)
        if old is None or eligibility_sha256(old) != sha:
            return None
        return compare(old, now)

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
                                         similarity(src.text_fingerprint, current_fp[renamed]),
                                         None if same else change(name, src.eligibility_sha256, current[renamed])))
        elif eligibility_sha256(current[name]) == src.eligibility_sha256:
            programs.append(ProgramDrift(name, ids, UNCHANGED))
        else:
            moved = change(name, src.eligibility_sha256, current[name])
            status = MARKUP_ONLY if moved is not None and moved.markup_only else CHANGED
            programs.append(ProgramDrift(name, ids, status, name, similarity(src.text_fingerprint, current_fp[name]), moved))
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
