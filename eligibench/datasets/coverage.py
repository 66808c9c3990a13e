"""The Diverse dataset's coverage report, with v1's published figures beside ours."""
from __future__ import annotations

from typing import Any, Sequence

from eligibench.datasets.diverse import Selection
from eligibench.datasets.rows import Row
from eligibench.truth import TraceMatrix

# BeNYfits v1, Diverse dataset (published figures, ../shared/reference/opportunities_v1.json)
V1 = {"households": 56, "pairs": 305, "positive": 146, "positive_rate": round(146 / 305, 3)}


def coverage(m: TraceMatrix, sel: Selection, rows: Sequence[Row], fuzzed: int) -> dict[str, Any]:
    coverable = sum(len(v) for v in m.coverable.values())
    reached_lines: dict[str, set[int]] = {o: set() for o in m.opportunities}
    for oid in m.opportunities:
        for t in m.traces[oid]:
            reached_lines[oid] |= t
    pairs = sum(len(r.opportunities) for r in rows)
    positives = sum(sum(r.labels) for r in rows)
    per_opp: dict[str, dict[str, int]] = {o: {"positive": 0, "negative": 0} for o in m.opportunities}
    for r in rows:
        for o, label in zip(r.opportunities, r.labels):
            per_opp[o]["positive" if label else "negative"] += 1
    sizes = sorted(len(r.opportunities) for r in rows)
    unreached = {o: sorted(m.coverable[o] - reached_lines[o]) for o in m.opportunities if m.coverable[o] - reached_lines[o]}
    return {
        "mode": sel.mode,
        "fuzzed_households": fuzzed,
        "lines_coverable": coverable,
        "lines_reached_by_fuzzed": sum(len(v) for v in reached_lines.values()),
        "distinct_traces_reached": sum(len(v) for v in m.traces.values()),
        "elements_to_cover": sel.universe,
        "elements_covered": sel.covered,
        "households": len(rows),
        "pairs": pairs,
        "positive": positives,
        "positive_rate": round(positives / pairs, 3) if pairs else 0.0,
        "opportunities_per_household": {"min": sizes[0], "max": sizes[-1], "mean": round(pairs / len(rows), 2)} if rows else {},
        "per_opportunity": per_opp,
        "unreached_lines": unreached,
        "v1": V1,
    }


def coverage_markdown(c: dict[str, Any]) -> str:
    oph = c["opportunities_per_household"]
    lines = [
        "# Diverse dataset: coverage",
        "",
        f"Coverage mode: **{c['mode']}** (every {'checker line' if c['mode'] == 'lines' else 'distinct checker trace'} "
        f"reached by the {c['fuzzed_households']:,} fuzzed households stays covered).",
        "",
        "| figure | ours | v1 |",
        "|---|---|---|",
        f"| checker lines coverable | {c['lines_coverable']:,} | |",
        f"| lines reached by the fuzzed households | {c['lines_reached_by_fuzzed']:,} | |",
        f"| distinct traces reached | {c['distinct_traces_reached']:,} | |",
        f"| elements covered / to cover | {c['elements_covered']:,} / {c['elements_to_cover']:,} | |",
        f"| households | {c['households']} | {c['v1']['households']} |",
        f"| pairs | {c['pairs']} | {c['v1']['pairs']} |",
        f"| positive rate | {100 * c['positive_rate']:.1f}% | {100 * c['v1']['positive_rate']:.1f}% |",
        f"| opportunities per household | {oph.get('min')}-{oph.get('max')}, mean {oph.get('mean')} | 1-10, mean 5.4 |",
        "",
        "## Per opportunity",
        "",
        "| opportunity | positive | negative |",
        "|---|---|---|",
    ]
    for o, pn in c["per_opportunity"].items():
        lines.append(f"| {o} | {pn['positive']} | {pn['negative']} |")
    if c["unreached_lines"]:
        lines += ["", "## Lines no fuzzed household reached", "",
                  "Raise `households.count` or add thresholds; these lines are not in the dataset.", ""]
        lines += [f"- {o}: lines {', '.join(map(str, ls))}" for o, ls in c["unreached_lines"].items()]
    return "\n".join(lines) + "\n"
