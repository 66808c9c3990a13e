"""Plain words for what a checker compares: money as money, school levels as grades, codes as
words, comparison operators as "at least"; `plain_words`, the test that text shows no code; and
`flip_sentence`, the published one-feature flip in words."""
from __future__ import annotations

import ast
import re
from typing import Any

OPS_WORDS = {ast.Gt: "more than", ast.GtE: "at least", ast.Lt: "less than", ast.LtE: "at most",
              ast.Eq: "", ast.NotEq: "anything but", ast.In: "", ast.NotIn: "anything but",
              ast.Is: "", ast.IsNot: "anything but"}
BINOP_WORDS = {ast.Mult: "times", ast.Add: "plus", ast.Sub: "minus", ast.Div: "divided by",
                ast.FloorDiv: "divided by", ast.Mod: "modulo"}
# money amounts, by the words their names use
MONEY = re.compile(r"(income|rent|wage|earn|resources|savings|expenses|cost|value|amount|payment|benefit|limit|"
                    r"salary|asset|threshold|table|fpl|ami|dollar)", re.I)
LEVEL_WORDS = {"none": "not in school", "pk": "pre-K", "k": "kindergarten", "college": "college"}
# schema values that are codes rather than words (v1's vocabulary)
VALUE_WORDS = {"Jersey": "outside New York City"}
# what `plain_words` rejects: an identifier (snake_case, a call, `hh`, `m0`), an operator
# (comparison, arithmetic between terms: "x * 12", "a / b", "a + b"), a code bracket, a tuple
# printed as code "(8, 9)", a number of 5+ digits without separators (money without "$"). Prose
# marks stay allowed: "physical/occupational", "60+", "(SSI)".
CODE = re.compile(r"\w+_\w+|\b\w+\((?!s\))|[*<>=\[\]{}|&]|!=|\(\d+, |\b\d{5,}\b|\bhh\b|\bm\d+\b|\s[/+-]\s|\d\s?/\s?\d")


def plain_words(text: str) -> bool:
    """True when `text` shows no code (the test over every checker condition uses this)."""
    return CODE.search(text) is None


def is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def plain_number(v: Any) -> Any:
    return int(v) if isinstance(v, float) and v.is_integer() else v


def amount_words(v: Any, money: bool) -> str:
    v = plain_number(v)
    if money:
        return f"${v:,.0f}" if float(v).is_integer() else f"${v:,.2f}"
    return f"{v:,}" if isinstance(v, int) and abs(v) >= 10000 else str(v)


def value_words(feature: str, v: Any, money: bool = False) -> str:
    """A value in words: money as "$45,000", school levels as grades, codes as words, a choice
    of values as "a or b"."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "nothing"
    if "school_level" in feature:
        return level_words(v)
    if isinstance(v, (tuple, list, set, frozenset)):
        items = [value_words(feature, x, money) for x in (sorted(v, key=str) if isinstance(v, (set, frozenset)) else v)]
        if len(items) > 8:
            items = items[:8] + [f"{len(items) - 8} more"]
        return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1] if items else "none"
    if isinstance(v, str):
        return VALUE_WORDS.get(v, human_words(v))
    if is_number(v):
        return amount_words(v, money or bool(MONEY.search(feature)))
    return human_words(str(v))


def level_words(v: Any) -> str:
    if isinstance(v, (tuple, list, set, frozenset)):
        items = [level_words(x) for x in sorted(v, key=str)]
        return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1] if items else "none"
    if isinstance(v, int):
        return f"{v}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(v, 'th') } grade"
    return LEVEL_WORDS.get(str(v), str(v))


def human_words(name: str) -> str:
    return re.sub(r"\s+", " ", name.strip("_").replace("_", " ")).strip()


# a review-table condition continuing the one before it ("OR someone age 60 or older"): shown
# alone, a sentence must not start with the connective (issue 36)
_LEADING_CONNECTIVE = re.compile(r"^(?:OR|AND|or|and)\s+")


# Maintainers' notes inside a review-table condition (why a reading changed, where it came from):
# the table keeps them for reviewers; a person reading a verdict gets the condition alone (issue 36).
_MAINTAINER_NOTES = (
    re.compile(r"\s*\((?:checker fixed|YAML reading)[^()]*\)", re.I),  # a whole aside that is only a note
    re.compile(r"[;:,]\s*(?:review fix|checker fixed),?\s*issue \d+(?::[^()]*)?(?=\))", re.I),  # a note ending an aside
    re.compile(r",?\s*since issue \d+", re.I),
    re.compile(r",?\s*\(?issue \d+\)?", re.I),
)


# the review table calling itself by its file format: "(YAML: under 18)", "(YAML interpretation: ...)"
_FILE_WORDS = (
    (re.compile(r"\(YAML:\s*"), "("),
    (re.compile(r"\bYAML uses\b"), "the reading uses"),
    (re.compile(r"\bYAML (?:interpretation|implied|reading)\b"), "our reading"),
    (re.compile(r"\bYAML\b"), "our reading"),
)


def clean_sentence(text: str) -> str:
    """One line, no final period, no leading OR / AND (each condition is shown as its own
    sentence), no maintainers' notes ("(checker fixed, issue 19)", "(YAML reading)")."""
    text = " ".join(str(text).split())
    for note in _MAINTAINER_NOTES:
        text = note.sub("", text)
    for where, words in _FILE_WORDS:
        text = where.sub(words, text)
    return _LEADING_CONNECTIVE.sub("", text).rstrip(".")


def show_constant(v: Any) -> str:
    """A module constant as the code view shows it beside its line."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (tuple, list, frozenset, set)):
        items = list(v)
        shown = ", ".join(show_constant(x) for x in items[:8])
        return f"({shown}{', …' if len(items) > 8 else ''})"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def show_feature(name: str, value: Any) -> str:
    """A household value as the flip sentence shows it: "$45,000" for money, "8th grade" /
    "none (not in school)" for a school level, other values as the profile's vocabulary."""
    if isinstance(value, bool) or value is None:
        return show_constant(value)
    if "school_level" in name:
        return "none (not in school)" if value == "none" else level_words(value)
    if isinstance(value, (int, float)) and MONEY.search(name):
        return f"${value:,.0f}" if float(value).is_integer() else f"${value:,.2f}"
    return show_constant(value)


def flip_sentence(hh: Any, flip_json: str, verdict: bool) -> str:
    """The published `flip` of a pair in words: "Maria would qualify if this were $36,419 instead
    of $45,000: yearly work income." ('' when no one-feature change flips the verdict)."""
    import json

    from eligibench.household import ALL_FEATURES_BY_NAME as FEATURES_BY_NAME  # every schema version
    from eligibench.household import display_name

    if not flip_json:
        return ""
    f = json.loads(flip_json)
    feature = FEATURES_BY_NAME.get(f["feature"])
    # the feature's description up to its first aside: "where the member lives", "yearly work income"
    what = re.split(r"[(:;]", feature.description)[0].strip().rstrip(".") if feature is not None else ""
    what = (what[0].lower() + what[1:]) if what else f["feature"].replace("_", " ")
    who = display_name(hh, int(f["member"]))
    would = "would not qualify" if verdict else "would qualify"
    def value(v: Any) -> str:
        return VALUE_WORDS.get(v, show_feature(f["feature"], v)) if isinstance(v, str) else show_feature(f["feature"], v)

    return f"{who} {would} if this were {value(f['to'])} instead of {value(f['from'])}: {what}."


__all__ = [
    "BINOP_WORDS",
    "CODE",
    "LEVEL_WORDS",
    "MONEY",
    "OPS_WORDS",
    "VALUE_WORDS",
    "amount_words",
    "clean_sentence",
    "flip_sentence",
    "human_words",
    "is_number",
    "level_words",
    "plain_number",
    "plain_words",
    "show_constant",
    "show_feature",
    "value_words",
]
