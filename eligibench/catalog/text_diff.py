"""What changed between two versions of a program's eligibility text.

Markup-only: the HTML differs but the normalized plain text (tags removed, entities decoded,
whitespace and typographic quotes/dashes folded, case folded) is equal. Substance: the plain
texts differ; then `moved` lists the figures (money, ages, years, percentages, other numbers)
that appear in only one version and `added`/`removed` the sentences that appear in only one,
so next year's curation starts from the lines that matter. Measured on the 2024 -> 2026-08
pulls: 11 of the changed rows are markup-only (tests/catalog/test_text_diff.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from eligibench.catalog.plain_text import plain_text

_FOLD = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
                       "\u00a0": " "})
# Money first so "$54,350" is one figure, then percentages, then plain numbers (years, ages, sizes).
_FIGURE = re.compile(r"\$\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?%|\b\d[\d,]*(?:\.\d+)?\b")
_SENTENCE = re.compile(r"(?<=[.!?:;])\s+")


def normalized(eligibility_html: str) -> str:
    """The comparable plain text: markup, entities, spacing, case and typographic marks folded."""
    return " ".join(plain_text(eligibility_html).translate(_FOLD).lower().split())


def figures(text: str) -> list[str]:
    """Money amounts, percentages and numbers in order of appearance, commas and spaces removed."""
    return [re.sub(r"[,\s]", "", f).rstrip(".") for f in _FIGURE.findall(text)]


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text) if s.strip()]


@dataclass(frozen=True)
class TextChange:
    markup_only: bool
    figures_added: tuple[str, ...] = ()
    figures_removed: tuple[str, ...] = ()
    sentences_added: tuple[str, ...] = ()
    sentences_removed: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"markup_only": self.markup_only, "figures_added": list(self.figures_added),
                "figures_removed": list(self.figures_removed), "sentences_added": list(self.sentences_added),
                "sentences_removed": list(self.sentences_removed)}

    def summary(self) -> str:
        """One table cell: the figures that moved, then how many sentences came and went."""
        if self.markup_only:
            return "markup only"
        parts = []
        if self.figures_removed or self.figures_added:
            parts.append(f"{', '.join(self.figures_removed) or '—'} → {', '.join(self.figures_added) or '—'}")
        parts.append(f"+{len(self.sentences_added)}/-{len(self.sentences_removed)} sentences")
        return "; ".join(parts)


def _only_in(a: list[str], b: list[str]) -> tuple[str, ...]:
    """Items of `a` not matched in `b`, as a multiset (a figure repeated more often counts)."""
    left = list(b)
    out = []
    for x in a:
        if x in left:
            left.remove(x)
        else:
            out.append(x)
    return tuple(out)


def compare(old_html: str, new_html: str) -> TextChange:
    old, new = normalized(old_html), normalized(new_html)
    if old == new:
        return TextChange(True)
    old_f, new_f = figures(old), figures(new)
    old_s, new_s = sentences(old), sentences(new)
    return TextChange(False, _only_in(new_f, old_f), _only_in(old_f, new_f),
                      tuple(s for s in new_s if s not in set(old_s)), tuple(s for s in old_s if s not in set(new_s)))
