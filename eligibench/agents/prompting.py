"""Shared pieces of the prompting reference agents (direct, ReAct): how requirements are laid out
in a prompt, and the question an agent falls back to when its model's question is unusable."""
from __future__ import annotations

import re

GENERIC_QUESTION = "Is there anything else about your household that matters for these programs?"
QUESTION_WORDS = frozenset("""what how do does did are is was were have has had can could would will which who whom
whose where when why should may might""".split())
_BULLET = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s+(.+?)\s*$")
WORD = re.compile(r"[a-z0-9]+")


def requirements_block(opportunities) -> str:
    return "\n\n".join(f"[{o.id}] {o.name}\n{o.requirements.strip()}" for o in opportunities)


def requirement_lines(opportunities) -> list[str]:
    """Every bullet of every requirement text (or its first sentence when it has none), in order."""
    out = []
    for o in opportunities:
        bullets = [m.group(1).rstrip(" .;:") for line in o.requirements.splitlines() if (m := _BULLET.match(line))]
        if not bullets:
            first = re.split(r"(?<=[.!?])\s", " ".join(o.requirements.split()), maxsplit=1)[0]
            bullets = [first.rstrip(" .;:")]
        out.extend(b for b in bullets if b)
    return out


def fallback_question(line: str) -> str:
    first = line.split(" ", 1)[0]
    if first[1:].islower() or first in ("A", "An"):  # "They live ..." -> "they live ...", not "IDNYC"
        line = line[0].lower() + line[1:]
    return f"Is this true for your household: {line}?"


def raw_question(text: str, limit: int = 300) -> str:
    """The model's reply as the question, as the paper's baselines ask it (`paper` option): the
    first non-empty line, cut to `limit` characters; GENERIC_QUESTION only for an empty reply."""
    for line in (text or "").strip().splitlines():
        line = " ".join(line.split())
        if line:
            return line[:limit]
    return GENERIC_QUESTION


def per_call_limit(options, name: str) -> int | None:
    """The per-call token limit the run's option `name` sets; None leaves the call to its role
    spec's max_tokens (run options default to None, so a configuration that does not name a
    limit runs every call at the spec's limit)."""
    value = options.get(name)
    return None if value is None else int(value)
