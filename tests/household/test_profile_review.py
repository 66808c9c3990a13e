"""The profile sentence and the schema description of every feature state the same fact.

A simulated user told a sentence that says something else than the schema answers against its
own label (issue 11: `employer_opt_in` was rendered as a *private* employer's opt-in while the
schema and the Paid Family Leave checker mean a *public* employer's). The pairs were reviewed
once, side by side, and pinned in `profile_review.json`; changing either side fails here until
someone reviews the pair again and updates the pin (the file says how).
"""
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from eligibench.household import FEATURES, ROSTER_FEATURES, household, third_person_sentence

PINNED = Path(__file__).with_name("profile_review.json")
RENDERED = [f for f in FEATURES if f.name not in ROSTER_FEATURES]
# A neutral third-person voice: the review reads "Sam ..." sentences (a man named Sam, said by name).
SAM = household({"name": "Sam", "sex": "male"})
# Words that change which fact a sentence states: if the description or the sentence uses one,
# the other must too (the employer_opt_in defect was exactly such a word).
QUALIFIERS = ("public", "private", "government", "federal", "serious", "chronic", "licensed",
              "independent", "consecutive", "temporary", "previous", "surviving", "past")


def sample_values(f):
    if f.type == "bool":
        return [True, False]
    if f.type == "choice":
        return list(f.values)
    lo = f.min if f.min is not None else 0
    return sorted({f.default, lo, lo + 1, 5})


def sample_sentences(f) -> dict[str, str]:
    return {json.dumps(v): third_person_sentence(replace(SAM, members=(replace(SAM.members[0], **{f.name: v}),)), 0, f.name)
            for v in sample_values(f)}


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+(?:-[a-z]+)?", text.lower()))


def test_every_feature_is_pinned():
    pinned = json.loads(PINNED.read_text())
    assert sorted(pinned) == sorted(f.name for f in RENDERED)


@pytest.mark.parametrize("f", RENDERED, ids=lambda f: f.name)
def test_sentence_and_description_match_the_reviewed_pair(f):
    pinned = json.loads(PINNED.read_text())[f.name]
    now = {"description": f.description, "sentences": sample_sentences(f)}
    assert now == pinned, (
        f"{f.name}: the schema description or the profile sentences changed since they were reviewed "
        f"together. Check that they state the same fact, then regenerate {PINNED.name} "
        "(see docs/ground_truth.md, 'Profile review')."
    )


@pytest.mark.parametrize("f", [f for f in RENDERED if f.type == "bool"], ids=lambda f: f.name)
def test_qualifying_words_agree(f):
    # The description's main clause: parentheses add context (e.g. who is covered anyway).
    described = _words(re.sub(r"\([^)]*\)", "", f.description))
    said = set().union(*(_words(s) for s in sample_sentences(f).values()))
    for word in QUALIFIERS:
        assert (word in described) == (word in said), (
            f"{f.name}: {word!r} appears in only one of the description ({f.description!r}) "
            f"and the profile sentences ({sorted(sample_sentences(f).values())})"
        )


def test_employer_opt_in_is_a_public_employer():  # the defect this file exists for
    s = sample_sentences(next(f for f in FEATURES if f.name == "employer_opt_in"))
    assert "public employer" in s["true"]
    assert "private" not in s["true"]
