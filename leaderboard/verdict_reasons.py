"""The ground truth behind a dialog: the household's labels and the REASON for each one.

The reason is the checker's trace: the lines of ``checkers/<opportunity>.py`` that ran for this
household (``eligibench.truth.tracing``). We re-run the traced checker on the dataset row's household,
show the executed lines with their line numbers (the enclosing ``def`` line as context), and
say whether the trace still matches the one stored in the dataset (a changed checker would not).
"""
from __future__ import annotations

import html
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from checkers.editions import explained_checker
from eligibench.datasets import DatasetMissing, Row, dataset_path, read_columns, read_parquet
from eligibench.truth import Explanation, flip_sentence
from leaderboard.plain_facts import fact_label

# a later edition's row ids carry it (`diverse-2026-08-0003`, eligibench.datasets.editions)
_EDITION_ROW = re.compile(r"^[a-z]+-(\d{4}-\d{2})-\d+$")


def row_edition(row_id: str) -> str:
    """The edition whose rules a dataset row follows: from its id, 2024 when it names none."""
    m = _EDITION_ROW.match(row_id or "")
    return m[1] if m else "2024"


def _config(name: str, edition: str) -> str:
    return name if edition == "2024" else f"{name}-{edition}"


@dataclass(frozen=True)
class Reason:
    opportunity: str
    name: str
    requirements: str
    label: bool | None  # from the dataset row (None: the row is not in the dataset)
    verdict: bool | None  # the checker re-run now
    trace_id: str | None
    stored_trace_id: str | None
    checker_path: str
    lines: tuple[tuple[int, str, bool], ...]  # (line number, text, executed); context lines not executed
    error: str = ""
    explanation: Explanation | None = None  # what each condition evaluated to, in words
    # every fact the verdict read, helpers included (truth.tracing's reading household): the
    # decisive condition's facts first, then the rest in key order
    needed: tuple[str, ...] = ()
    # issue 19: the smallest one-feature change that flips the verdict, in words ('' when none)
    flip: str = ""

    @property
    def trace_matches(self) -> bool:
        return self.stored_trace_id is None or self.trace_id == self.stored_trace_id


class GroundTruth:
    """Dataset rows (``<dataset_dir>/data/<dataset>.parquet``) and opportunity texts, cached by mtime."""

    def __init__(self, dataset_dir: str | Path, opportunities_dir: str | Path | None = None):
        self.dataset_dir = Path(dataset_dir)
        self.opportunities_dir = Path(opportunities_dir) if opportunities_dir else None
        self._rows: dict[str, tuple[float, dict[str, Row]]] = {}
        self._briefs: dict[str, tuple[float, dict[str, tuple[str, str]]]] = {}
        self._lock = threading.Lock()

    def path(self, dataset: str, data_version: str | None = None) -> Path | None:
        try:
            return dataset_path(self.dataset_dir, dataset, data_version)
        except DatasetMissing:
            return None

    def row(self, dataset: str, row_id: str, data_version: str | None = None) -> Row | None:
        """The dataset row (the run's data version when that folder exists, else the newest), in
        the configuration of the row's edition (`diverse-2026-08` for `diverse-2026-08-0003`)."""
        path = self.path(_config(dataset, row_edition(row_id)), data_version)
        if path is None:
            return None
        mtime = path.stat().st_mtime
        with self._lock:
            cached = self._rows.get(str(path))
            if cached is None or cached[0] != mtime:
                cached = (mtime, {r.id: r for r in read_parquet(path)})
                self._rows[str(path)] = cached
        return cached[1].get(row_id)

    def briefs(self, data_version: str | None = None, edition: str = "2024") -> dict[str, tuple[str, str]]:
        """opportunity id -> (name, requirements): the edition's published table, else the curated catalog."""
        path = self.path(_config("opportunities", edition), data_version)
        key = str(path) if path is not None else ""
        mtime = path.stat().st_mtime if path is not None else -1.0
        with self._lock:
            cached = self._briefs.get(key)
            if cached is not None and cached[0] == mtime:
                return cached[1]
            out: dict[str, tuple[str, str]] = {}
            if path is not None:
                for d in read_columns(path, ["id", "name", "requirements"]).to_pylist():
                    out[d["id"]] = (d["name"], d["requirements"])
            else:
                try:
                    from eligibench.catalog import load_catalog

                    for o in load_catalog(self.opportunities_dir).opportunities:
                        out[o.id] = (o.name, o.requirements)
                except Exception:  # noqa: BLE001 - the page still works without requirement texts
                    out = {}
            self._briefs[key] = (mtime, out)
            return out

    def reasons(self, dataset: str, row_id: str, opportunities: list[str],
                data_version: str | None = None) -> list[Reason]:
        row = self.row(dataset, row_id, data_version)
        edition = row_edition(row_id)
        briefs = self.briefs(data_version, edition)
        out = []
        for oid in opportunities:
            name, req = briefs.get(oid, (oid, ""))
            label = stored = None
            if row is not None and oid in row.opportunities:
                i = row.opportunities.index(oid)
                label, stored = row.labels[i], row.trace_ids[i]
            if row is None:
                out.append(Reason(oid, name, req, None, None, None, None, "", (),
                                  f"household {row_id} is not in the {dataset} dataset under {self.dataset_dir}: "
                                  "no trace to show"))
                continue
            try:
                checker = traced_checker(oid, edition)
                trace, reads = checker.run_reads(row.household)
            except Exception as e:  # noqa: BLE001 - shown on the page, next to the transcript
                out.append(Reason(oid, name, req, label, None, None, stored, "", (),
                                  f"checker for {oid} failed: {type(e).__name__}: {e}"))
                continue
            try:
                explanation = explained_checker(oid, edition).explain(row.household)
            except Exception:  # noqa: BLE001 - the trace alone still explains the verdict
                explanation = None
            first = tuple(explanation.facts) if explanation is not None else ()
            needed = tuple(dict.fromkeys(first + tuple(sorted(reads))))
            i = row.opportunities.index(oid) if oid in row.opportunities else None
            flip = (flip_sentence(row.household, row.flips[i], trace.eligible)
                    if i is not None and i < len(row.flips) else "")
            out.append(Reason(oid, name, req, label, trace.eligible, trace.id, stored,
                              _shown_checker(checker), trace_lines(checker.path, trace.lines, checker.variant_path), "", explanation,
                              needed, flip))
        return out


@lru_cache(maxsize=None)
def traced_checker(opportunity: str, edition: str = "2024"):
    from checkers.editions import edition_registry
    from eligibench.truth import TracedChecker

    modules = edition_registry(edition)
    if opportunity not in modules:
        raise KeyError(f"no checker for opportunity {opportunity!r} in the {edition} edition")
    return TracedChecker(opportunity, modules[opportunity])


@lru_cache(maxsize=256)
def _source_lines(path: str, mtime: float) -> tuple[str, ...]:
    return tuple(Path(path).read_text(encoding="utf-8").splitlines())


def trace_lines(path: Path, executed: frozenset[int] | set[int],
                own: Path | None = None) -> tuple[tuple[int, str, bool], ...]:
    """The executed lines, in file order, each preceded by its enclosing ``def`` line (context).
    A variant's own lines (``OWN_LINES + n``, the functions it replaces: eligibench.truth) are read
    from ``own``, its file, and follow the twin's."""
    from eligibench.truth import OWN_LINES

    if own is not None and any(n >= OWN_LINES for n in executed):
        mine = trace_lines(own, {n - OWN_LINES for n in executed if n >= OWN_LINES})
        return trace_lines(path, {n for n in executed if n < OWN_LINES}) + tuple(
            (OWN_LINES + n, text, ran) for n, text, ran in mine)
    src = _source_lines(str(path), path.stat().st_mtime)
    shown: dict[int, bool] = {}
    for n in sorted(executed):
        if not 1 <= n <= len(src):
            continue
        indent = len(src[n - 1]) - len(src[n - 1].lstrip())
        for k in range(n - 1, 0, -1):  # nearest enclosing def above, shallower indent
            line = src[k - 1]
            stripped = line.lstrip()
            if stripped.startswith(("def ", "async def ")) and len(line) - len(stripped) < indent:
                shown.setdefault(k, False)
                break
        shown[n] = True
    return tuple((n, src[n - 1], shown[n]) for n in sorted(shown))


def _shown_checker(checker) -> str:
    """The checker as the board names it: a variant (checkers/editions/variant.py) runs its 2024
    twin's lines with its own constants, so both files are named, the variant's first."""
    if getattr(checker, "variant_path", None) is not None:
        return f"{_relative(checker.variant_path)}, rules of {_relative(checker.path)}"
    return _relative(checker.path)


def _relative(path: Path) -> str:
    parts = Path(path).parts
    return "/".join(parts[parts.index("checkers"):]) if "checkers" in parts else str(path)


# ------------------------------------------------------------------------------------------------
# HTML


SHOW_CODE_CLASS = "bf-show-code"  # the collapsed block holding a checker's source lines


def _yes_no(v: bool | None) -> str:
    return "—" if v is None else ("eligible" if v else "not eligible")


def render_lines(lines: tuple[tuple[int, str, bool], ...], explanation: Explanation | None = None) -> str:
    """The executed lines; with an explanation, each condition marked true / false (per member)
    and module constants resolved beside the line that uses them."""
    from eligibench.truth import OWN_LINES

    out, prev = [], None
    for n, text, executed in lines:
        if prev is not None and n != prev + 1:
            out.append('<span class="bf-gap">   ⋮</span>')
        cls = "bf-run" if executed else "bf-ctx"
        tag = ""
        if explanation is not None and n in explanation.line_outcome:
            cls = f"bf-run bf-{explanation.line_outcome[n]}"
            tag += f'<span class="bf-tag">  ⟵ {html.escape("; ".join(explanation.line_results[n]))}</span>'
        if explanation is not None and n in explanation.constants:
            consts = ", ".join(f"{k} = {v}" for k, v in explanation.constants[n])
            tag += f'<span class="bf-const">  [{html.escape(consts)}]</span>'
        shown = n % OWN_LINES  # a variant's own line: its number in its own file
        out.append(f'<span class="{cls}"><span class="bf-ln">{shown:>4}</span> {html.escape(text)}{tag}</span>')
        prev = n
    return '<pre class="bf-code">' + "\n".join(out) + "</pre>"


_MD = None


# a program's requirement text is rendered once, not once per dialog and opportunity: the same few
# hundred texts were parsed thousands of times by a board sweep (markdown-it is pure: same text, same HTML)
@lru_cache(maxsize=1024)
def markdown_html(text: str) -> str:
    """Requirement text as Markdown (tables as tables); raw HTML in it is escaped, not rendered."""
    global _MD
    if _MD is None:
        from markdown_it import MarkdownIt

        _MD = MarkdownIt("commonmark", {"html": False}).enable("table")
    return _MD.render(text or "")


@dataclass(frozen=True)
class DialogFacts:
    """What the grounded-simulator tables say about one dialog (empty when the store predates them)."""
    disclosed: frozenset[str] = frozenset()  # fact keys disclosed in some answer
    recorded: bool = False  # whether the store has turn_facts at all
    failures: Mapping[str, str] | None = None  # opportunity -> failure cause
    unknown: frozenset[str] = frozenset()  # asked, and answered "I don't know" (never disclosed)


def render_reasons(reasons: list[Reason], predictions: Mapping[str, Any], facts: DialogFacts | None = None,
                   names: Mapping[int, str] | None = None) -> str:
    """One collapsible block per opportunity: verdicts, the decisive requirement in words, the
    failure cause, needed facts asked / not asked, requirements (Markdown), checker lines."""
    from leaderboard.queries import CAUSE_WORDS

    if not reasons:
        return "<p>No opportunities in this dialog.</p>"
    facts = facts or DialogFacts()
    blocks = []
    for i, r in enumerate(reasons):
        truth = r.label if r.label is not None else r.verdict
        pred = predictions.get(r.opportunity)
        correct = pred is not None and truth is not None and bool(pred) == bool(truth)
        mark = "✓" if correct else "✗"
        note = ""
        if r.error:
            note = f'<p class="bf-warn">{html.escape(r.error)}</p>'
        elif not r.trace_matches:
            note = ('<p class="bf-warn">The checker now takes a different path than when the dataset was '
                    'built (trace ids differ): the checker changed since this data version.</p>')
        elif r.label is not None and r.verdict is not None and r.label != r.verdict:
            note = '<p class="bf-warn">The checker now disagrees with the stored label.</p>'
        why = ""
        ex = r.explanation
        if ex is not None:
            why = f'<div class="bf-why"><b>Why {_yes_no(truth)}:</b> {html.escape(ex.sentence)}'
            if ex.details:
                why += "<ul>" + "".join(f"<li>{html.escape(d)}</li>" for d in ex.details) + "</ul>"
            why += "</div>"
        if r.flip:  # issue 19: what would change the verdict (the published `flip`, verified at build)
            why += f'<div class="bf-flip"><b>What would change it:</b> {html.escape(r.flip)}</div>'
        cause = (facts.failures or {}).get(r.opportunity)
        if not correct and cause:  # in words only: the stored code name is the store's, not the reader's
            why += (f'<div class="bf-cause"><b>Failure cause:</b> '
                    f'{html.escape(CAUSE_WORDS.get(cause, cause.replace("_", " ")))}.</div>')
        needed = ""
        keys = r.needed or (ex.facts if ex is not None else ())
        if keys:
            items = []
            for key in keys:
                label = fact_label(key, names)
                if not facts.recorded:
                    items.append(f'<li>{html.escape(label)}</li>')
                elif key in facts.disclosed:
                    items.append(f'<li class="bf-asked">✓ asked: {html.escape(label)}</li>')
                elif key in facts.unknown:
                    items.append(f'<li class="bf-unknown">? asked, answered “I don\'t know”: {html.escape(label)}</li>')
                else:
                    items.append(f'<li class="bf-not-asked">✗ not asked: {html.escape(label)}</li>')
            head = "Facts the decision needed" + ("" if facts.recorded else
                                                   " (this store does not record which facts were disclosed)")
            needed = f'<div class="bf-h">{head}</div><ul class="bf-facts">{"".join(items)}</ul>'
        code = render_lines(r.lines, ex) if r.lines else ""
        req = markdown_html(r.requirements) if r.requirements else "<p>(requirements text not found)</p>"
        # the program's name for a person; its id stays in an attribute (links, tests), the checker's
        # source behind "Show the code" (issue 36: the words first, the code on request)
        blocks.append(
            f'<details class="bf-opp" data-opportunity="{html.escape(r.opportunity)}" '
            f'{"open" if (not correct or i == 0) else ""}>'
            f'<summary><b>{mark} {html.escape(r.name)}</b> — '
            f'truth: <b>{_yes_no(truth)}</b>, predicted: <b>{_yes_no(pred)}</b></summary>'
            f'{note}{why}{needed}'
            f'<div class="bf-req"><div class="bf-h">Requirements</div>'
            f'<div class="bf-reqtext bf-md">{req}</div></div>'
            f'<details class="{SHOW_CODE_CLASS}"><summary>Show the code</summary>'
            f'<div class="bf-h">Checker lines executed ({html.escape(r.checker_path)}, '
            f'trace {html.escape(r.trace_id or "?")}): <span class="bf-true">condition true</span> '
            f'<span class="bf-false">condition false</span></div>{code}</details></details>')
    return "\n".join(blocks)




CSS = """
.bf-code { font-size: 12px; line-height: 1.35; background: #f6f8fa; color: #1f2328; padding: 6px 8px;
           border-radius: 6px; overflow-x: auto; white-space: pre; }
.bf-code .bf-ln { color: #8c959f; user-select: none; }
.bf-code .bf-run { background: #fff8c5; display: inline-block; min-width: 100%; }
.bf-code .bf-ctx { color: #57606a; }
.bf-code .bf-gap { color: #8c959f; }
.bf-opp { border: 1px solid #d0d7de; border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.bf-opp summary { cursor: pointer; }
.bf-h { font-weight: 600; margin: 8px 0 4px; font-size: 13px; }
.bf-reqtext { font-size: 13px; max-height: 260px; overflow-y: auto; }
.bf-warn { color: #9a6700; font-size: 13px; }
.bf-code .bf-true { background: #dafbe1; }
.bf-code .bf-false { background: #f6f8fa; color: #57606a; text-decoration: line-through;
                     text-decoration-color: #afb8c1; }
.bf-code .bf-both { background: #fff8c5; }
.bf-code .bf-tag { color: #0969da; font-style: italic; text-decoration: none; display: inline; }
.bf-code .bf-const { color: #8250df; }
.bf-h .bf-true { background: #dafbe1; padding: 0 4px; font-weight: 400; }
.bf-h .bf-false { background: #f6f8fa; text-decoration: line-through; padding: 0 4px; font-weight: 400; }
.bf-why { background: #ddf4ff; border-radius: 6px; padding: 6px 10px; margin: 6px 0; font-size: 14px; }
.bf-cause { background: #ffebe9; border-radius: 6px; padding: 6px 10px; margin: 6px 0; font-size: 14px; }
.bf-facts { font-size: 13px; margin: 2px 0 6px 18px; }
.bf-facts .bf-not-asked { color: #cf222e; }
.bf-facts .bf-asked { color: #1a7f37; }
.bf-facts .bf-unknown { color: #9a6700; }
.bf-md table { border-collapse: collapse; font-size: 12px; }
.bf-md th, .bf-md td { border: 1px solid #d0d7de; padding: 2px 6px; }
.bf-profile { white-space: pre-wrap; font-size: 13px; max-height: 560px; overflow-y: auto; }
"""


def profile_html(row: Row | None) -> str:
    if row is None:
        return "<p>(household not found in the dataset)</p>"
    return f'<div class="bf-profile">{html.escape(row.profile)}</div>'

