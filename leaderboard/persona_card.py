"""The simulator card's persona section (issue 32): each persona's measured faithfulness and each
behaviour's scripted probes, as the audit stage records them (`summary["personas"]`)."""
from __future__ import annotations

from typing import Any


def words(name: Any) -> str:
    """A persona's or behaviour's key in words ("one_at_a_time" -> "one at a time")."""
    return str(name).replace("_", " ")


def persona_audit_lines(summary: dict[str, Any]) -> list[str]:
    """Markdown lines for an audit summary's personas (none when the audit has no persona section)."""
    p = summary.get("personas")
    if not isinstance(p, dict):
        return []
    lines = [f"\n**Personas** (docs/simulator.md, \"Personas\"; {p.get('households', '?')} households, every answer "
             "checked with the deviation its persona allows)\n", "| persona | probes | faithful % |", "|---|---|---|"]
    for name, v in (p.get("personas") or {}).items():
        if isinstance(v, dict):
            lines.append(f"| {words(name)} | {v.get('probes', '')} | {v.get('faithful_pct', '')} |")
    lines += ["\n| behaviour | probes | faithful % | shown in % of households |", "|---|---|---|---|"]
    for name, v in (p.get("behaviours") or {}).items():
        if isinstance(v, dict):
            lines.append(f"| {words(name)} | {v.get('probes', '')} | {v.get('faithful_pct', '')} | {v.get('shown_pct', '')} |")
    return lines
