"""An agent's per-turn notes as Markdown that shows them literally (issue 36 item 7).

Notes are whatever the agent chose to expose: a string, a list, a mapping of anything. Before, keys
and short values went into table cells that escaped only `|` and line breaks, and long text went
into a code block fenced with four backticks whenever it held three, so a run of four closed the
fence early; `<img>`, `<video poster>`, `<svg><image>` and `<a target=_blank>` from an agent reached
the viewer's DOM (the CSP stopped the loads; the link was clickable). Now:

- every key, table cell and heading goes through `literal.literal_markdown` (each character
  Markdown or HTML gives a meaning becomes a numeric character reference);
- a code block's fence is one backtick longer than the longest backtick run in its text (at least
  three), so no line of the text can close it, and carriage returns become line breaks first (a
  lone CR is a line ending to CommonMark); the info string is ours, never the agent's.
"""
from __future__ import annotations

import json
import re
from typing import Any

from leaderboard.literal import literal_markdown

NOTE_LIMIT = 6000  # characters of one note value shown (a program can be long)
_BACKTICKS = re.compile(r"`+")


def notes_markdown(note: Any) -> str:
    """An agent's notes as Markdown: short values in a table, long or multi-line text (a program)
    as its own code block with its real line breaks, never one escaped JSON line."""
    if isinstance(note, str):
        return code_block(note)
    if isinstance(note, list):
        note = {str(i + 1): v for i, v in enumerate(note)}
    if not isinstance(note, dict):
        return code_block(json.dumps(note, default=str))
    rows, blocks = [], []
    for key, value in note.items():
        if isinstance(value, str) and ("\n" in value or "\r" in value or len(value) > 80):
            blocks.append(f"**{table_cell(key)}**\n\n{code_block(value)}")
        elif isinstance(value, (dict, list)) and len(json.dumps(value, default=str)) > 80:
            blocks.append(f"**{table_cell(key)}**\n\n{code_block(json.dumps(value, indent=1, default=str), 'json')}")
        else:
            text = value if isinstance(value, str) else json.dumps(value, default=str)
            rows.append(f"| {table_cell(key)} | {table_cell(text)} |")
    table = ("| note | value |\n|---|---|\n" + "\n".join(rows)) if rows else ""
    return "\n\n".join(x for x in (table, *blocks) if x)


def table_cell(text: Any) -> str:
    """`text` on one line, every Markdown/HTML character a character reference (no cell break,
    no tag, no link, no emphasis can form)."""
    flat = " ".join(str(text).replace("\r", "\n").split("\n"))
    return literal_markdown(flat) or "&#32;"


def code_block(text: str, lang: str = "") -> str:
    """`text` in a fenced code block no line of it can close."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text if len(text) <= NOTE_LIMIT else text[:NOTE_LIMIT] + "\n… (cut)"
    if not lang and any(w in text for w in ("def ", "return ", "import ", " = ")):
        lang = "python"
    longest = max((len(m.group()) for m in _BACKTICKS.finditer(text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{lang}\n{text.rstrip()}\n{fence}"
