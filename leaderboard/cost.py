"""Cost beside F1-vs-turns: dollars per run and per dialog from the price table (params.yaml
`cost`, `eligibench.evaluation.scoring.pricing`), and the cost-vs-TW-F1 frontier as an SVG.
Runs of one protocol are compared: the board's chosen one, by default the full protocol when one
exists, else the one with the most runs (people's runs are never in it). The figures are
`benyfits cost`'s: both are `scoring.cost_rows` over `results.run_usage` (issue 36 item 4)."""
from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

import pandas as pd

from eligibench.evaluation.scoring import PriceTable, cost_frontier, cost_rows
from eligibench.results import run_usage
from leaderboard import queries as Q
from leaderboard.defaults import default_protocol

COLUMNS = ("Run", "Submission", "Protocol", Q.TW_F1, "$ total", "$ per dialog", "$ per correct verdict",
           "Tokens per correct verdict", "Frontier")


def prices_for(params_file: Path) -> PriceTable:
    """The project's price table; empty when params.yaml is not there (a board on published results)."""
    from eligibench import params

    if not params_file.is_file():
        return PriceTable({}, {})
    return PriceTable.from_params(params.load(params_file))


def cost_table(r: Any, prices: PriceTable, protocol: str | None = None) -> pd.DataFrame:
    """One row per scored run of `protocol` (default: the board's default protocol among the runs
    people did not play): the figures `benyfits cost` prints (`cost_rows` over `run_usage`), and
    the frontier mark."""
    rows = [c for c in cost_rows(run_usage(r), prices) if c.tw_f1 is not None and c.status != Q.HUMAN_STATUS]
    if not rows:
        return pd.DataFrame(columns=list(COLUMNS))
    if protocol is None:
        protocol = default_protocol(Q.protocols(r), None)
    df = pd.DataFrame([{"Run": c.run_id, "Submission": c.submission, "Protocol": c.protocol_id or Q.NO_PROTOCOL,
                        Q.TW_F1: c.tw_f1, "$ total": c.dollars, "$ per dialog": c.per_dialog,
                        "$ per correct verdict": c.per_correct, "Tokens per correct verdict": c.tokens_per_correct,
                        "Frontier": False} for c in rows], columns=list(COLUMNS))
    df = df[df["Protocol"] == (protocol or Q.NO_PROTOCOL)].reset_index(drop=True)
    priced = {rid: (float(c), float(tw)) for rid, c, tw in zip(df["Run"], df["$ per dialog"], df[Q.TW_F1])
              if c is not None and not pd.isna(c)}
    on = set(cost_frontier(priced))
    df["Frontier"] = [rid in on for rid in df["Run"]]
    return df


def cost_svg(df: pd.DataFrame, width: int = 760, height: int = 360) -> str:
    """TW-F1 (y) against dollars per dialog (x, log scale); the frontier joined by a line."""
    priced = df.dropna(subset=["$ per dialog"]) if not df.empty else df
    priced = priced[priced["$ per dialog"] > 0] if not priced.empty else priced
    if priced.empty:
        return ("<p id='bf-cost-empty'>No dollar figures: set model prices in params.yaml "
                "(<code>cost.tokens</code>, <code>cost.gpu_hour</code>; see docs/sharing.md).</p>")
    left, right, top, bottom = 52, 16, 16, 44
    lo = math.floor(math.log10(priced["$ per dialog"].min()))
    hi = max(lo + 1, math.ceil(math.log10(priced["$ per dialog"].max())))
    y_max = max(10.0, math.ceil(priced[Q.TW_F1].max() * 1.1 / 10) * 10)
    pw, ph = width - left - right, height - top - bottom

    def X(v: float) -> float:
        return left + pw * (math.log10(v) - lo) / (hi - lo)

    def Y(v: float) -> float:
        return top + ph * (1 - v / y_max)

    parts = [f'<svg class="bf-cost" viewBox="0 0 {width} {height}" width="100%" role="img" '
             f'aria-label="{Q.TW_F1} against dollars per dialog" preserveAspectRatio="xMinYMin meet">']
    for e in range(lo, hi + 1):
        parts.append(f'<line x1="{X(10 ** e):.1f}" x2="{X(10 ** e):.1f}" y1="{top}" y2="{top + ph}" stroke="#eaeef2"/>'
                     f'<text x="{X(10 ** e):.1f}" y="{top + ph + 16}" text-anchor="middle" font-size="11">${10 ** e:g}</text>')
    for v in range(0, int(y_max) + 1, max(1, int(y_max // 5))):
        parts.append(f'<text x="{left - 6}" y="{Y(v) + 4:.1f}" text-anchor="end" font-size="11">{v}</text>')
    parts.append(f'<text x="{left + pw / 2:.0f}" y="{height - 6}" text-anchor="middle" font-size="12">dollars per dialog '
                 f'(log scale)</text><text transform="translate(14 {top + ph / 2:.0f}) rotate(-90)" text-anchor="middle" '
                 f'font-size="12">{Q.TW_F1}</text>')
    front = priced[priced["Frontier"]].sort_values("$ per dialog")
    if len(front) > 1:
        pts = " ".join(f"{X(c):.1f},{Y(t):.1f}" for c, t in zip(front["$ per dialog"], front[Q.TW_F1]))
        parts.append(f'<polyline class="bf-frontier" points="{pts}" fill="none" stroke="#1a7f37" stroke-width="1.5"/>')
    for sub, cost, tw, on in zip(priced["Submission"], priced["$ per dialog"], priced[Q.TW_F1], priced["Frontier"]):
        tip = f"{sub} · {Q.TW_F1} {tw:.1f} · ${cost:.4g} per dialog" + (" · on the frontier" if on else "")
        parts.append(f'<g class="bf-cost-point{" bf-on-frontier" if on else ""}"><title>{html.escape(tip)}</title>'
                     f'<circle cx="{X(cost):.1f}" cy="{Y(tw):.1f}" r="4.5" fill="{"#1a7f37" if on else "#57606a"}"/></g>')
    parts.append("</svg>")
    return "".join(parts)


def cost_view(source: Any, prices: PriceTable, protocol: str | None = None) -> str:
    with source.reader() as r:
        df = cost_table(r, prices, protocol)

    def money(v: Any) -> str:
        return "—" if v is None or pd.isna(v) else f"${v:.4g}"

    def tokens(v: Any) -> str:
        return "—" if v is None or pd.isna(v) else f"{v:.0f}"

    rows = "".join(f"<tr data-run='{html.escape(str(run))}'><td>{html.escape(str(sub))}</td><td>{tw:.1f}</td>"
                   f"<td>{money(total)}</td><td>{money(per)}</td><td>{money(pc)}</td><td>{tokens(tc)}</td>"
                   f"<td>{'yes' if on else ''}</td></tr>"
                   for run, sub, tw, total, per, pc, tc, on in zip(
                       df["Run"], df["Submission"], df[Q.TW_F1], df["$ total"], df["$ per dialog"],
                       df["$ per correct verdict"], df["Tokens per correct verdict"], df["Frontier"]))
    table = (f"<table id='bf-cost-table'><thead><tr><th>Submission</th><th>{Q.TW_F1}</th><th>$ total</th>"
             "<th>$ per dialog</th><th>$ per correct verdict</th><th>tokens per correct verdict</th>"
             f"<th>frontier</th></tr></thead><tbody>{rows}</tbody></table>") if rows else ""
    if df.empty or all(money(v) == "—" for col in ("$ total", "$ per dialog", "$ per correct verdict")
                       for v in df[col]) and all(tokens(v) in ("—", "0") for v in df["Tokens per correct verdict"]):
        # nothing measured or priced: one sentence, not a table of dashes
        return ("<p id='bf-cost-empty' class='bf-note'>No cost figures for these runs: they recorded no model tokens "
                "(rule-based agents and a template user call no model), or no price is set in params.yaml "
                "(its <code>cost</code> section; see docs/sharing.md).</p>")
    return cost_svg(df) + table
