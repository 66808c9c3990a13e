"""`docs/population.md` is `population_table_markdown` output (a test keeps it in sync)."""
from __future__ import annotations

import json
from typing import Any

from eligibench.datasets.population.conditions import CONDITIONS
from eligibench.datasets.population.model import FPL_BASE, FPL_EXTRA, FeaturePopulation, Population

# Documentation: docs/population.md is this function's output (a test keeps it in sync).

def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _fmt_value(v: Any) -> str:
    return json.dumps(v) if isinstance(v, (bool, str)) else str(v)


def _fmt_pct(p: float) -> str:
    x = p * 100
    return f"{x:.1f}" if x >= 0.1 or x == 0 else f"{x:.2g}"


def _distribution(fp: FeaturePopulation) -> str:
    parts = []
    if fp.kind == "derived":
        parts.append(f"derived (`{fp.rule}`): {fp.how}")
    if fp.options:
        parts.append(", ".join(f"{_fmt_value(o.value)} {_fmt_pct(o.p)}%" for o in fp.options))
    if fp.bins:
        parts.append("bins " + ", ".join(
            (f"{b.lo}" if b.lo == b.hi else f"{b.lo}-{b.hi}") + f" {_fmt_pct(b.p)}%" for b in fp.bins
        ))
    if fp.table:
        rows = ", ".join(
            (f"{r.key[0]}-{r.key[1]}" if isinstance(r.key, tuple) else _fmt_value(r.key)) + f": {r.percent:g}%"
            for r in fp.table
        )
        parts.append(f"table by {fp.table_feature}: {rows}")
    if fp.params:
        parts.append("params " + ", ".join(f"{k}={v:g}" for k, v in fp.params.items()))
    return "; ".join(parts)


def _applies(fp: FeaturePopulation) -> str:
    level = "once per household" if fp.level == "household" or fp.name == "household_size" else "per member"
    if fp.given == "always":
        text = level
    else:
        text = f"{level}; {CONDITIONS[fp.given].text}; others {_fmt_value(fp.otherwise)}"
    return f"{text}. {fp.note}" if fp.note else text


def population_table_markdown(pop: Population) -> str:
    """docs/population.md: every feature's distribution, source and fixes, from `pop`."""
    lines = [
        "# Representative population",
        "",
        "Generated from `eligibench/datasets/population/population.json` by",
        "`eligibench.datasets.population.population_table_markdown` (`python -m eligibench.datasets.population >",
        "docs/population.md`); a test fails when this file is stale. Percentages are the",
        "normalised weights. Features are drawn in this order, after the roster (household",
        "size, relations, ages, sexes); conditions are listed at the end.",
        "",
    ]
    if pop.about:
        lines += [_cell(pop.about), ""]
    lines += [
        "| Feature | Distribution | Applies to | Source | Fixes (what — why) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for fp in (pop.household_size,) + pop.features:
        fixes = "<br>".join(f"{_cell(f.what)} — {_cell(f.why)}" for f in fp.fixes) or "none"
        lines.append(
            f"| `{fp.name}` | {_cell(_distribution(fp))} | {_cell(_applies(fp))} | {_cell(fp.source)} | {fixes} |"
        )
    used = sorted({fp.given for fp in pop.features if fp.given != "always"})
    lines += ["", "## Conditions", "", "| Condition | Meaning |", "| --- | --- |"]
    for name in used:
        lines.append(f"| `{name}` | {_cell(CONDITIONS[name].text)} |")
    lines += [
        "",
        "Poverty guideline used by the income conditions: HHS 2024, "
        f"${FPL_BASE:,} for one person plus ${FPL_EXTRA:,} per additional person.",
        "Every number is capped at what the member's age allows (`consistency.numeric_cap`), each",
        "member's benefit contradictions are repaired without draws (`consistency.repair_member`: for",
        "example SSI brings Medicaid eligibility in New York; docs/consistency.md), and a",
        "household that breaks a consistency rule is drawn again.",
        "",
    ]
    return "\n".join(lines)
