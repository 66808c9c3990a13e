"""A checker's docstring states the same readings and implied conditions as its curated YAML.

The YAML (`interpretation`, `implied`) is what is published and reviewed; the docstring is what
the person editing the checker reads. Both must say the same, so a checker's docstring has two
sections after its title paragraph, one line per entry:

    Readings of ambiguous requirements:
    - <each YAML interpretation line, verbatim>

    Implied conditions (not stated in the source text):
    - <condition> Reason: <reason>          (or the single line "- none")

`mismatches` names every difference (the test over all checkers calls it); `write_docstring`
rewrites a checker's docstring from its YAML, for after the YAML was edited and reviewed.
"""
from __future__ import annotations

import ast
from pathlib import Path

from eligibench.catalog import ImpliedCondition, Opportunity

READINGS_HEADING = "Readings of ambiguous requirements:"
IMPLIED_HEADING = "Implied conditions (not stated in the source text):"
REASON = " Reason: "
NONE = "none"


def _norm(text: str) -> str:
    return " ".join(text.split())


def _section(doc: str, heading: str) -> list[str] | None:
    """The `- ` entries under `heading` (continuation lines joined), or None without the heading."""
    lines = doc.splitlines()
    try:
        start = [line.strip() for line in lines].index(heading)
    except ValueError:
        return None
    out: list[str] = []
    for line in lines[start + 1:]:
        if line.startswith("- "):
            out.append(line[2:])
        elif line.startswith("  ") and out:
            out[-1] += " " + line.strip()
        else:
            break
    return [_norm(x) for x in out]


def docstring_readings(doc: str) -> tuple[list[str] | None, list[ImpliedCondition] | None]:
    """(readings, implied conditions) parsed from a checker docstring; None for a missing section."""
    readings = _section(doc, READINGS_HEADING)
    raw = _section(doc, IMPLIED_HEADING)
    if raw is None:
        return readings, None
    implied = []
    for entry in raw:
        if entry == NONE:
            continue
        condition, _, reason = entry.partition(REASON)
        implied.append(ImpliedCondition(_norm(condition), _norm(reason)))
    return readings, implied


def mismatches(opportunity: Opportunity, doc: str | None, where: str) -> list[str]:
    """Every difference between a checker docstring and its opportunity's YAML, one message each."""
    doc = doc or ""
    readings, implied = docstring_readings(doc)
    out = []
    if readings is None:
        out.append(f"{where}: docstring has no '{READINGS_HEADING}' section")
    else:
        yaml_lines = [_norm(x) for x in opportunity.interpretation]
        for line in yaml_lines:
            if line not in readings:
                out.append(f"{where}: YAML interpretation line missing from the docstring: {line!r}")
        for line in readings:
            if line not in yaml_lines:
                out.append(f"{where}: docstring reading not in the YAML interpretation: {line!r}")
        if not out and readings != yaml_lines:
            out.append(f"{where}: readings are in a different order than the YAML interpretation")
    if implied is None:
        out.append(f"{where}: docstring has no '{IMPLIED_HEADING}' section (write '- {NONE}' when there are none)")
    elif list(opportunity.implied) != implied:
        out.append(
            f"{where}: implied conditions differ: docstring {[(c.condition, c.reason) for c in implied]}, "
            f"YAML {[(c.condition, c.reason) for c in opportunity.implied]}"
        )
    return out


def render_sections(opportunity: Opportunity) -> str:
    readings = "\n".join(f"- {line}" for line in opportunity.interpretation)
    implied = "\n".join(f"- {c.condition}{REASON}{c.reason}" for c in opportunity.implied) or f"- {NONE}"
    return f"{READINGS_HEADING}\n{readings}\n\n{IMPLIED_HEADING}\n{implied}\n"


def write_docstring(path: Path, opportunity: Opportunity) -> bool:
    """Rewrite the module docstring of checker `path` from `opportunity`: its title paragraph is
    kept, the two sections are regenerated. True when the file changed."""
    source = path.read_text(encoding="utf-8")
    node = ast.parse(source).body[0]
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
        raise ValueError(f"{path}: the module has no docstring to rewrite")
    doc = node.value.value
    title = doc.split(READINGS_HEADING)[0].rstrip()
    body = render_sections(opportunity).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    new_doc = f'"""{title}\n\n{body}"""'
    lines = source.splitlines(keepends=True)
    rest = "".join(lines[node.end_lineno:])
    new = new_doc + "\n" + rest
    if new == source:
        return False
    path.write_text(new, encoding="utf-8")
    return True
