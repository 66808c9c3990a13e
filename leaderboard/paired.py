"""The Compare view's verdict: the paired comparison of two runs (eligibench's `compare_runs`),
read through the board's source (live store or a results folder) and shown as one line per figure."""
from __future__ import annotations

import html
from typing import Any

from eligibench.evaluation.scoring import FIGURES, compare_runs
from leaderboard.queries import run_protocols, run_results

# The CLI's 1000 replicates: 73 households x 4 pairs take about 0.03 s (measured), cheap per pick.
N_BOOT = 1000


def verdict(r: Any, run_a: str, run_b: str, labels: dict[str, str] | None = None) -> str:
    """Markdown: 'A - B = +4.1 TW-F1 [1.2, 7.0], p = 0.01, n = 73 households' (and F1, turns)."""
    if not (run_a and run_b) or run_a == run_b:
        return ""
    proto = run_protocols(r, run_a, run_b)
    if proto.get(run_a) != proto.get(run_b):
        return "_Paired comparison: the runs are on different protocols; pick two runs of one protocol._"
    c = compare_runs(run_results(r, run_a), run_results(r, run_b), n_boot=N_BOOT)
    if not c.households:
        return "_Paired comparison: the runs share no scored household._"
    labels = labels or {}
    a, b = (html.escape(labels.get(x, x[:8])) for x in (run_a, run_b))
    lines = [f"- {c.line(name, 'A', 'B')}" for name in FIGURES]
    m = c.mcnemar
    return (f"**Paired comparison** (A = {a}, B = {b}; {c.level:.0%} household-bootstrap intervals, "
            f"McNemar's exact test on {m.pairs} pairs: {m.a_only} only A got right, {m.b_only} only B)\n\n"
            + "\n".join(lines))
