"""The Compare view's verdict: the paired comparison of two runs (eligibench's `compare_runs`),
read through the board's source (live store or a results folder) and shown as one line per figure,
then in words with both runs' rank ranges and the detectable difference, as `benyfits compare`."""
from __future__ import annotations

import html
from typing import Any

from eligibench.evaluation.scoring import FIGURES, compare_runs, pair_verdict, rank_ranges
from leaderboard.queries import protocol_entries, run_protocols, run_results  # noqa: F401 (tests read run_results here)

# The CLI's 1000 replicates: 73 households x 4 pairs take about 0.03 s (measured), cheap per pick.
N_BOOT = 1000


def verdict(r: Any, run_a: str, run_b: str, labels: dict[str, str] | None = None) -> str:
    """Markdown: 'A - B = +4.1 TW-F1 [1.2, 7.0], p = 0.01, n = 73 households' (and F1, turns)."""
    if not (run_a and run_b) or run_a == run_b:
        return ""
    proto = run_protocols(r, run_a, run_b)
    if proto.get(run_a) != proto.get(run_b):
        return "_Paired comparison: the runs are on different protocols; pick two runs of one protocol._"
    entries = protocol_entries(r, proto.get(run_a), run_a, run_b)
    c = compare_runs(entries[run_a], entries[run_b], n_boot=N_BOOT)
    if not c.households:
        return "_Paired comparison: the runs share no scored household._"
    labels = labels or {}
    # runs by name and time (the board's run labels), never by their id: a hash tells a person nothing
    a, b = (html.escape(labels.get(x, "the run picked")) for x in (run_a, run_b))
    lines = [f"- {c.line(name, 'A', 'B')}" for name in FIGURES]
    m = c.mcnemar
    return (f"**Paired comparison** (A = {a}, B = {b}; {c.level:.0%} household-bootstrap intervals, "
            f"McNemar's exact test on {m.pairs} pairs: {m.a_only} only A got right, {m.b_only} only B)\n\n"
            + "\n".join(lines) + _in_words(entries, run_a, run_b, c.differences["turn_weighted_f1"].ci))


def _in_words(entries: dict, run_a: str, run_b: str, ci: tuple[float, float]) -> str:
    """`benyfits compare`'s verdict (issue 31): tied or ahead, rank ranges, the detectable difference."""
    try:
        table = rank_ranges(entries, n_boot=N_BOOT)
    except ValueError:  # the protocol's runs share no household: A and B among themselves
        table = rank_ranges({k: entries[k] for k in (run_a, run_b)}, n_boot=N_BOOT)
    return "\n\n" + html.escape(pair_verdict(table, run_a, run_b, ci), quote=False)
