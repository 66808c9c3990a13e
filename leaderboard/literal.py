"""Text an agent or a simulator produced, shown as literal text (issue 24).

Questions, answers, notes, errors and submission names can hold anything: `![t](http://host/p.png)`
made the Dialogs pane load a remote image, and a backtick in an error closed the code span around
it. `literal_markdown` turns every character Markdown or HTML gives a meaning to into a numeric
character reference: CommonMark shows those as the characters themselves and never as structure
(no link, image, emphasis, code span, HTML tag or autolink can form), inside Chatbot messages and
`gr.Markdown` alike. Leading spaces become no-break spaces (no indented code block) and line breaks
stay line breaks. `literal_html` is for text placed inside HTML components. A Content Security
Policy (`security.CSP`) is the second wall.
"""
from __future__ import annotations

import html
from typing import Any

# every ASCII character with a meaning in Markdown, GFM (tables, strikethrough, autolinks) or HTML
_SPECIAL = set("\\`*_{}[]()<>#+-.!|~&:\"'=$@/")
_TABLE = {ord(c): f"&#{ord(c)};" for c in _SPECIAL}


def literal_markdown(text: Any) -> str:
    """`text` as Markdown that renders exactly as the characters it holds."""
    s = "" if text is None else str(text)
    lines = []
    for line in s.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        body = line.lstrip(" \t")
        lead = len(line) - len(body)
        lines.append("&nbsp;" * lead + body.translate(_TABLE))
    # two trailing spaces: a hard line break (a blank line still separates paragraphs)
    return "  \n".join(lines)


def literal_html(text: Any) -> str:
    """`text` escaped for an HTML element's content or a quoted attribute."""
    return html.escape("" if text is None else str(text), quote=True)
