"""Household facts in the words a person reads (issue 36 item 3): never a key like `m0.age` or
`hh.size`, never a feature's code name like `receives_snap`.

With the household at hand a fact is the sentence that states it about the member by name
("Maria Ruiz is 15 years old.", `household.third_person_sentence`, the profile's own wording);
without it, the member's name and the feature's description up to its first aside ("Maria Ruiz:
yearly income from work"). Used by the Dialogs tab (facts disclosed, facts needed) and `view`.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from eligibench.household import ALL_FEATURES_BY_NAME, parse_key, third_person_sentence
from eligibench.truth import VALUE_WORDS, human_words, show_feature

__all__ = ["CHECK_WORDS", "fact_label", "fact_phrase", "fact_sentence", "feature_phrase", "keys_in_words", "value_phrase"]


def feature_phrase(feature: str) -> str:
    """"age in whole years", "receives SNAP": the schema's description up to its first aside."""
    if feature == "size":
        return "number of people in the household"
    f = ALL_FEATURES_BY_NAME.get(feature)
    what = re.split(r"[(:;]", f.description)[0].strip().rstrip(".") if f is not None else ""
    return (what[0].lower() + what[1:]) if what else human_words(feature)


def value_phrase(feature: str, value: Any) -> str:
    """A value as a person reads it: yes / no, money as "$45,000", codes as words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "not stated"
    if isinstance(value, str):
        return VALUE_WORDS.get(value, human_words(value))
    return show_feature(feature, value)


def _who(index: int | None, names: Mapping[int, str] | None) -> str:
    if index is None:
        return "The household"
    return (names or {}).get(index, f"Member {index + 1}")


def fact_label(key: str, names: Mapping[int, str] | None = None) -> str:
    """"Maria Ruiz: age in whole years"; a key that is not a fact of the schema in words as well."""
    try:
        index, feature = parse_key(key)
    except Exception:  # noqa: BLE001 - an unknown key from an older store: its words, never the key
        return f"The household: {human_words(key.split('.', 1)[-1])}"
    return f"{_who(index, names)}: {feature_phrase(feature)}"


def fact_sentence(key: str, hh: Any = None, names: Mapping[int, str] | None = None, value: Any = ...) -> str:
    """The fact as a sentence about the member by name when the household is known (the value the
    household holds), else its label and `value` in words."""
    try:
        index, feature = parse_key(key)
    except Exception:  # noqa: BLE001
        index, feature = None, ""
    if hh is not None and feature:
        try:
            if index is None:
                return f"The household has {hh.size} {'person' if hh.size == 1 else 'people'}."
            return third_person_sentence(hh, index, feature)
        except (KeyError, AttributeError, IndexError, ValueError):
            pass
    label = fact_label(key, names)
    return label if value is ... else f"{label}: {value_phrase(feature, value)}"



def fact_phrase(key: str, names: Mapping[int, str] | None = None) -> str:
    """"Maria Ruiz's age in whole years", "the household's number of people in the household"."""
    try:
        index, feature = parse_key(key)
    except Exception:  # noqa: BLE001
        return f"the household's {human_words(key.split('.', 1)[-1])}"
    who = "the household" if index is None else _who(index, names)
    return f"{who}'s {feature_phrase(feature)}"


_KEY_IN_TEXT = re.compile(r"\b(m\d+\.[a-z0-9_]+|hh\.size)(?:=(\S+?))?(?=[\s,;)]|$)")


def keys_in_words(text: str, names: Mapping[int, str] | None = None) -> str:
    """Fact keys inside a stored note ("numbers agree: m0.age=34") in words ("numbers agree:
    Maria Ruiz's age in whole years is 34")."""
    def one(m: re.Match) -> str:
        phrase = fact_phrase(m[1], names)
        if m[2] is None:
            return phrase
        try:
            feature = parse_key(m[1])[1]
        except Exception:  # noqa: BLE001
            feature = ""
        raw: Any = m[2]
        for cast in (int, float):
            try:
                raw = cast(m[2])
                break
            except ValueError:
                continue
        if m[2] in ("True", "False"):
            raw = m[2] == "True"
        return f"{phrase} is {value_phrase(feature, raw)}"

    return _KEY_IN_TEXT.sub(one, str(text))


# the simulator check's verdicts (evaluation.user.answer_check) as a person reads them
CHECK_WORDS = {"contradicted": "the answer contradicts the household", "dont_know": "said it does not know",
               "unchecked": "not checked", "faithful": "faithful"}
