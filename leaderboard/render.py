"""HTML the app shows that Gradio's own components could not: the ranking table (single-key
sorting on a header click with a visible "sorted by X" and a reset, a first column that stays
pinned while scrolling sideways, rows that open their run), the F1-vs-turns plot with error
bars (SVG), and the per-opportunity heatmap whose cells link to the matching dialogs.

Everything here is a pure function of a DataFrame; the browser-side behaviour is the small
script TABLE_JS (run once per table component by Gradio's `js_on_load`).
"""
from __future__ import annotations

import html
import math
import re
from typing import Any, Mapping, Sequence
from urllib.parse import urlencode

import pandas as pd

from leaderboard import queries as Q

DEFAULT_SORT = Q.TW_F1


def is_blank(v: Any) -> bool:
    return v is None or (not isinstance(v, str) and pd.isna(v)) or str(v) == ""


def _cell(v: Any) -> str:
    if v is None or (not isinstance(v, str) and pd.isna(v)):
        return ""
    if isinstance(v, float):
        return f"{v:.1f}" if not v.is_integer() or abs(v) < 1000 else f"{v:.0f}"
    return str(v)


def table_html(df: pd.DataFrame, table_id: str, clickable: bool = True, caption: str = "",
               sorted_by: str = DEFAULT_SORT, runs: Sequence[str] | None = None,
               authors: Sequence[str] | None = None) -> str:
    """The table in its default order (rows as given, numbered by data-i for the reset). `runs`
    (one run id per row, when the table has no Run column: ids are not shown) makes rows open their
    run and the pinned name a link to its dialogs; `authors` (one per row) go under the name."""
    if df.empty:
        return f'<div class="bf-empty" id="{table_id}-empty">{html.escape(caption or "No rows.")}</div>'
    cols = list(df.columns)
    pinned = "Submission" if "Submission" in cols else cols[0]  # stays in view while scrolling sideways
    head = []
    for c in cols:
        kind = "num" if c in Q.NUMBER_COLUMNS else "str"
        pin = ' class="bf-pin"' if c == pinned else ""
        head.append(f'<th{pin} data-col="{html.escape(c)}" data-type="{kind}" aria-sort="none" tabindex="0" '
                    f'title="click (or Enter) to sort by {html.escape(c)}"><span>{html.escape(c)}</span></th>')
    body = []
    for i, row in enumerate(df.itertuples(index=False)):
        run = str(getattr(row, "Run", "") or "") if "Run" in cols else ""
        if runs is not None and i < len(runs) and not run:
            run = "" if is_blank(runs[i]) else str(runs[i])
        who = "" if authors is None or i >= len(authors) or is_blank(authors[i]) else str(authors[i])
        cells = []
        for c, v in zip(cols, row):
            num = "" if c not in Q.NUMBER_COLUMNS or _cell(v) == "" else f' data-v="{float(v)}"'
            pin = ' class="bf-pin"' if c == pinned else ""
            text = html.escape(_cell(v))
            if c == pinned and runs is not None:
                if run:  # a link to the run's dialogs (the row's click does the same in place)
                    href = "?" + urlencode({"tab": "dialogs", "run": run})
                    text = f'<a class="bf-agent" href="{html.escape(href)}" target="_self">{text}</a>'
                if who:
                    text += f'<span class="bf-authors">{html.escape(who)}</span>'
            cells.append(f"<td{pin}{num}>{text}</td>")
        attrs = f' data-run="{html.escape(run)}" class="bf-click" tabindex="0"' if clickable and run else ""
        body.append(f'<tr data-i="{i}"{attrs}>{"".join(cells)}</tr>')
    default = sorted_by if sorted_by in cols else ""
    info = (f'sorted by <b>{html.escape(default)}</b> (highest first, the default)' if default
            else "in the default order")
    cap = f'<div class="bf-caption">{caption}</div>' if caption else ""
    return (f'{cap}<div class="bf-sortbar"><span class="bf-sortinfo" data-default="{html.escape(info)}">{info}</span> '
            f'<button type="button" class="bf-reset" title="back to the default order">reset order</button></div>'
            f'<div class="bf-scroll"><table class="bf-grid" id="{table_id}" data-default-col="{html.escape(default)}">'
            f'<thead><tr>{"".join(head)}</tr></thead><tbody>{"".join(body)}</tbody></table></div>')


# Single-key sorting in the browser: each header click sorts by that column alone (ties keep
# the default order, so an earlier sort never leaks in as a secondary key); clicking the same
# header again flips the direction; "reset order" restores the default ranking. A row click
# opens its run (trigger('open', {run})). The sort survives a refresh of the table's data. Keyboard:
# Enter or Space on a focused header sorts, Enter on a focused row opens it. The ranking's sort is
# kept in the URL (?sort=<column> ascending, ?sort=-<column> descending) and restored from it.
TABLE_JS = """
const state = {col: null, dir: null, fromUrl: false};
function urlSort(table) {
  if (!table || table.id !== 'bf-ranking') return;
  const u = new URL(window.location.href);
  if (state.col) u.searchParams.set('sort', (state.dir === 'desc' ? '-' : '') + state.col);
  else u.searchParams.delete('sort');
  window.history.replaceState(null, '', u.toString());
}
function apply() {
  const table = element.querySelector('table.bf-grid');
  const info = element.querySelector('.bf-sortinfo');
  if (!table || !info) return;
  if (!state.fromUrl && table.id === 'bf-ranking') {
    state.fromUrl = true;
    const s = new URL(window.location.href).searchParams.get('sort');
    if (s) { state.col = s.replace(/^-/, ''); state.dir = s.startsWith('-') ? 'desc' : 'asc'; }
  }
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const ths = Array.from(table.tHead.rows[0].cells);
  ths.forEach(th => { th.setAttribute('aria-sort', 'none'); th.classList.remove('bf-asc', 'bf-desc'); });
  if (!state.col) {
    rows.sort((a, b) => (+a.dataset.i) - (+b.dataset.i));
    info.innerHTML = info.dataset.default;
  } else {
    const k = ths.findIndex(th => th.dataset.col === state.col);
    if (k < 0) { state.col = null; return apply(); }
    const num = ths[k].dataset.type === 'num';
    const sign = state.dir === 'asc' ? 1 : -1;
    const key = r => { const c = r.cells[k]; if (num) { return c.dataset.v === undefined ? null : +c.dataset.v; }
                       const t = c.textContent.trim(); return t === '' ? null : t.toLowerCase(); };
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      if (x === null && y === null) return (+a.dataset.i) - (+b.dataset.i);
      if (x === null) return 1;
      if (y === null) return -1;
      const c = num ? (x - y) : (x < y ? -1 : x > y ? 1 : 0);
      return c !== 0 ? sign * c : (+a.dataset.i) - (+b.dataset.i);
    });
    ths[k].setAttribute('aria-sort', state.dir === 'asc' ? 'ascending' : 'descending');
    ths[k].classList.add(state.dir === 'asc' ? 'bf-asc' : 'bf-desc');
    const words = num ? (state.dir === 'asc' ? 'lowest first' : 'highest first') : (state.dir === 'asc' ? 'A to Z' : 'Z to A');
    info.innerHTML = 'sorted by <b></b> (' + words + ')';
    info.querySelector('b').textContent = state.col;
  }
  rows.forEach(r => body.appendChild(r));
}
function sortBy(th) {
  const col = th.dataset.col;
  if (state.col === col) { state.dir = state.dir === 'asc' ? 'desc' : 'asc'; }
  else { state.col = col; state.dir = th.dataset.type === 'num' ? 'desc' : 'asc'; }
  apply();
  urlSort(th.closest('table'));
}
element.addEventListener('click', (e) => {
  const th = e.target.closest('th[data-col]');
  if (th) { sortBy(th); return; }
  if (e.target.closest('.bf-reset')) {
    state.col = null; state.dir = null; apply(); urlSort(element.querySelector('table.bf-grid')); return;
  }
  const a = e.target.closest('a.bf-agent');
  if (a && (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0)) return;  // a new tab follows the link
  if (a) e.preventDefault();  // opened in place, as a row click: no page reload
  const tr = e.target.closest('tr[data-run]');
  if (tr && tr.dataset.run) { trigger('open', {run: tr.dataset.run}); }
});
element.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  const th = e.target.closest('th[data-col]');
  if (th) { e.preventDefault(); sortBy(th); th.focus(); return; }
  const tr = e.target.closest('tr[data-run]');
  if (tr && tr.dataset.run && e.key === 'Enter') { e.preventDefault(); trigger('open', {run: tr.dataset.run}); }
});
watch('value', () => apply());
"""

TABLE_CSS = """
.bf-sortbar { font-size: 13px; color: #57606a; margin: 2px 0 4px; }
.bf-sortbar .bf-reset { font-size: 12px; border: 1px solid #d0d7de; border-radius: 6px; padding: 1px 8px;
                        background: #f6f8fa; cursor: pointer; margin-left: 6px; }
.bf-scroll { overflow: auto; max-height: 640px; max-width: 100%; border: 1px solid #d0d7de; border-radius: 6px; }
table.bf-grid { border-collapse: separate; border-spacing: 0; font-size: 13px; width: max-content; min-width: 100%; }
table.bf-grid { border: none !important; margin: 0 !important; }
table.bf-grid th, table.bf-grid td { padding: 4px 8px !important; border: none !important;
                                     border-bottom: 1px solid #eaeef2 !important; white-space: nowrap;
                                     text-align: left; background: #fff; }
table.bf-grid td[data-v] { text-align: right; font-variant-numeric: tabular-nums; }
table.bf-grid thead th { position: sticky; top: 0; z-index: 2; background: #f6f8fa; cursor: pointer;
                         user-select: none; font-weight: 600; }
table.bf-grid thead th.bf-asc span::after { content: " ▲"; }
table.bf-grid thead th.bf-desc span::after { content: " ▼"; }
table.bf-grid .bf-pin { position: sticky; left: 0; z-index: 1; box-shadow: 1px 0 0 #d0d7de; max-width: 260px;
                        overflow: hidden; text-overflow: ellipsis; }
table.bf-grid thead th.bf-pin { z-index: 3; }
table.bf-grid tr.bf-click { cursor: pointer; }
table.bf-grid tr.bf-click:hover td, table.bf-grid tr.bf-click:focus td { background: #f6f8fa; }
table.bf-grid th:focus-visible, table.bf-grid tr:focus-visible { outline: 2px solid #0969da; outline-offset: -2px; }
.bf-caption { font-size: 13px; margin: 6px 0 2px; }
table.bf-grid a.bf-agent { color: #0969da; text-decoration: none; font-weight: 600; }
table.bf-grid .bf-authors { display: block; font-size: 11px; color: #57606a; }
.bf-ids summary { cursor: pointer; font-size: 13px; color: #57606a; }
.bf-empty { font-size: 13px; color: #57606a; padding: 8px 0; }
@media (max-width: 600px) {
  table.bf-grid { font-size: 12px; }
  table.bf-grid th, table.bf-grid td { padding: 3px 5px; }
  table.bf-grid .bf-pin { max-width: 150px; white-space: normal; word-break: break-word; }
}
"""


# ------------------------------------------------------------------------------------------------
# F1 against turns, with error bars


def scatter_svg(points: pd.DataFrame, width: int = 760, height: int = 440) -> str:
    """Average F1 (y) against average turns (x): one labelled mark per row, 95% intervals as error
    bars (both directions) where the row has them; reported v1 rows as squares without bars. Both
    axes are scaled to the points given (with v1's rows left out, the axes fit our runs: v1's 70
    turns no longer squeeze them into a corner)."""
    if points.empty:
        return "<p>No run has both an average F1 and an average number of turns yet.</p>"
    left, right, top, bottom = 52, 150, 16, 44
    xs = list(points[Q.AVG_TURNS])
    ys = list(points[Q.AVG_F1])
    for t, f in zip(points["Turns CI"], points["F1 CI"]):
        b = Q.interval_bounds(t)
        if b:
            xs.append(b[1])
        fb = Q.interval_bounds(f)
        if fb:
            ys += list(fb)
    x_max = max(5.0, math.ceil(max(xs) * 1.08 / 5) * 5)
    y_lo = max(0.0, math.floor((min(ys) - 5) / 10) * 10)
    y_hi = min(100.0, math.ceil((max(ys) + 5) / 10) * 10)
    y_hi = max(y_hi, y_lo + 10)
    pw, ph = width - left - right, height - top - bottom

    def X(v: float) -> float:
        return left + pw * v / x_max

    def Y(v: float) -> float:
        return top + ph * (1 - (v - y_lo) / (y_hi - y_lo))

    parts = [f'<svg class="bf-scatter" viewBox="0 0 {width} {height}" width="100%" role="img" '
             f'aria-label="F1 against turns with 95% intervals" preserveAspectRatio="xMinYMin meet">']
    y_step = 10 if y_hi - y_lo > 30 else 5
    for v in range(int(y_lo), int(y_hi) + 1, y_step):
        parts.append(f'<line x1="{left}" x2="{left + pw}" y1="{Y(v):.1f}" y2="{Y(v):.1f}" stroke="#eaeef2"/>'
                     f'<text x="{left - 6}" y="{Y(v) + 4:.1f}" text-anchor="end" font-size="11">{v}</text>')
    step = max(1, int(x_max // 5))
    for v in range(0, int(x_max) + 1, step):
        parts.append(f'<line x1="{X(v):.1f}" x2="{X(v):.1f}" y1="{top}" y2="{top + ph}" stroke="#eaeef2"/>'
                     f'<text x="{X(v):.1f}" y="{top + ph + 16}" text-anchor="middle" font-size="11">{v}</text>')
    parts.append(f'<text x="{left + pw / 2:.0f}" y="{height - 6}" text-anchor="middle" font-size="12">'
                 'turns (questions per dialog, average over the datasets)</text>'
                 f'<text transform="translate(14 {top + ph / 2:.0f}) rotate(-90)" text-anchor="middle" '
                 'font-size="12">F1 (%)</text>')
    colors = {Q.EVALUATED: "#0969da", Q.REPORTED: "#bc4c00"}
    placed: list[tuple[float, float]] = []  # label positions so far: a label that would overlap moves down
    for p in points.itertuples(index=False):
        c = colors.get(p.Source, "#57606a")
        x, y = X(p._0), Y(p._1)
        fb, tb = Q.interval_bounds(p._6), Q.interval_bounds(p._7)
        if fb:
            parts.append(f'<line class="bf-errbar" x1="{x:.1f}" x2="{x:.1f}" y1="{Y(fb[0]):.1f}" y2="{Y(fb[1]):.1f}" '
                         f'stroke="{c}" stroke-width="1.2" opacity="0.6"/>')
        if tb:
            parts.append(f'<line class="bf-errbar" x1="{X(tb[0]):.1f}" x2="{X(tb[1]):.1f}" y1="{y:.1f}" y2="{y:.1f}" '
                         f'stroke="{c}" stroke-width="1.2" opacity="0.6"/>')
        tip = (f"{p.Submission} ({p.Source}) · F1 {p._1:.1f} {p._6 or ''} · "
               f"turns {p._0:.1f} {p._7 or ''} · {Q.TW_F1} {p._5:.1f}")
        mark = (f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{c}"/>' if p.Source == Q.REPORTED
                else f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="{c}" fill-opacity="0.85"/>')
        ly = y + 4
        while any(abs(ly - py) < 12 and abs(x - px) < 120 for px, py in placed):
            ly += 12
        placed.append((x, ly))
        label = f'<text class="bf-point-label" x="{x + 7:.1f}" y="{ly:.1f}" font-size="11" fill="#1f2328">' \
                f'{html.escape(str(p.Submission))}</text>'
        parts.append(f'<g class="bf-point"><title>{html.escape(tip)}</title>{mark}{label}</g>')
    parts.append("</svg>")
    return "".join(parts)


SCATTER_LEGEND = ('<div class="bf-legend"><span style="color:#0969da">●</span> evaluated here (bars: 95% '
                  'household-bootstrap intervals of F1 and turns) &nbsp; <span style="color:#bc4c00">■</span> v1 '
                  'reported (no intervals published)</div>')


def scatter_html(ours: pd.DataFrame, reported: pd.DataFrame, toggle: str) -> str:
    """Our runs' plot (axes scaled to them) and, behind a checkbox (`toggle`, its label), the same
    with v1's reported points; the checkbox switches in the browser, with no server round trip."""
    both = pd.concat([x for x in (ours, reported) if not x.empty], ignore_index=True) if not reported.empty else ours
    return (f'<div class="bf-scatter-box"><input type="checkbox" id="bf-v1-toggle"> '
            f'<label for="bf-v1-toggle" class="bf-note">{html.escape(toggle)}</label>{SCATTER_LEGEND}'
            f'<div class="bf-plot-ours">{scatter_svg(ours)}</div>'
            f'<div class="bf-plot-v1">{scatter_svg(both)}</div></div>')


SCATTER_CSS = """
#bf-v1-toggle:checked ~ .bf-plot-ours { display: none; }
#bf-v1-toggle:not(:checked) ~ .bf-plot-v1 { display: none; }
"""


# ------------------------------------------------------------------------------------------------
# per-opportunity heatmap


def _heat_color(v: float) -> str:
    """Red (0) - yellow (50) - green (100), like matplotlib's RdYlGn."""
    stops = ((0.0, (215, 48, 39)), (50.0, (254, 224, 139)), (100.0, (26, 152, 80)))
    v = min(100.0, max(0.0, float(v)))
    (x0, c0), (x1, c1) = (stops[0], stops[1]) if v <= 50 else (stops[1], stops[2])
    t = (v - x0) / (x1 - x0)
    return "rgb({},{},{})".format(*(round(a + (b - a) * t) for a, b in zip(c0, c1)))


def program_words(opportunity: str, names: Mapping[str, str] | None = None) -> str:
    """A program's name in words: its curated name, else its id split at capitals
    ("ChildAndDependentCareTaxCredit" -> "Child And Dependent Care Tax Credit")."""
    if names and names.get(opportunity):
        return names[opportunity]
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", str(opportunity))


def heatmap_html(acc: pd.DataFrame, pairs: pd.DataFrame, run_ids: Sequence[str] | None = None,
                 names: Mapping[str, str] | None = None) -> str:
    """Runs (rows) x opportunities (columns, named in words), each cell coloured by accuracy; hover
    for counts; a cell links to the run's dialogs that got that opportunity wrong (deep link)."""
    if acc.empty:
        return "<p>No predictions yet for the selected runs.</p>"
    head = "".join(f'<th class="bf-vert"><span>{html.escape(program_words(c, names))}</span></th>' for c in acc.columns)
    body = []
    for k, (label, row) in enumerate(acc.iterrows()):
        run = run_ids[k] if run_ids is not None and k < len(run_ids) else None
        cells = []
        for opp, v in row.items():
            n = pairs.at[label, opp] if (label in pairs.index and opp in pairs.columns) else None
            if v is None or pd.isna(v):
                cells.append(f'<td class="bf-na" title="{html.escape(str(label))} · {html.escape(str(opp))}: '
                             'no household had it"></td>')
                continue
            tip = f"{label} · {program_words(opp, names)}: {v:.1f}% of {int(n) if n is not None and not pd.isna(n) else '?'} pairs"
            text = f"{v:.0f}"
            if run:
                href = "?" + urlencode({"run": run, "tab": "dialogs", "opportunity": opp,
                                        "wrong": "1" if v < 100 else "0"})
                tip += " · click for these dialogs"
                text = f'<a href="{html.escape(href)}" target="_self">{text}</a>'
            cells.append(f'<td style="background:{_heat_color(v)}" title="{html.escape(tip)}">{text}</td>')
        body.append(f'<tr><th class="bf-rowlab">{html.escape(str(label))}</th>{"".join(cells)}</tr>')
    legend = "".join(f'<span style="background:{_heat_color(v)}">{v}</span>' for v in (0, 25, 50, 75, 100))
    return (f'<div class="bf-heat-legend">accuracy % {legend} <span class="bf-na">no pair</span> · click a cell '
            'to open the run\'s dialogs with that opportunity wrong</div>'
            f'<div class="bf-heat-wrap"><table class="bf-heat"><thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')
