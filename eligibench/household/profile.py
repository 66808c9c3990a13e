"""The simulated user's profile: a household written out in plain English.

The profile is addressed to the person who plays member 0: "you" for that member, the
member's name (third person) for everyone else. It has a roster (who lives in the
household and how each person is related to the speaker) followed by one block per
member holding exactly one sentence for every schema feature except ``name`` and
``relation``; those two are stated once, in the roster. Sentences follow the schema's
feature order, and rendering is deterministic: the same household always gives the
same text.

Templates are ``str.format`` strings over a member's grammatical forms (see `_voice`):
``{S}`` subject at sentence start ("You" / "Maria Ruiz"), ``{subj}`` the same mid-sentence,
``{Poss}``/``{poss}`` possessive ("Your"/"Maria Ruiz's", "your"/"her"), ``{pron}``,
``{obj}``, ``{refl}`` pronouns, and the agreeing verbs ``{be}`` (are/is), ``{have}``,
``{do}``, ``{was}`` (were/was) plus ``{s}`` for a regular verb's third-person "s".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eligibench.household.flag_sentences import BOOL_TEMPLATES, SELF_BOOL_TEMPLATES
from eligibench.household.model import Household, Member
from eligibench.household.schema import ALL_FEATURES, ALL_FEATURES_BY_NAME, SCHEMA_VERSIONS, features_for
from eligibench.household.value_sentences import VALUE_TEMPLATES, counted

ROSTER_FEATURES = ("name", "relation")

_PRONOUNS = {  # sex -> (subject, object, possessive, reflexive)
    "female": ("she", "her", "her", "herself"),
    "male": ("he", "him", "his", "himself"),
}


@dataclass(frozen=True)
class Profile:
    roster: str
    members: tuple[str, ...]  # one block of sentences per member, in household order
    text: str  # roster followed by every member block: the full profile


def display_name(hh: Household, index: int) -> str:
    """The name used for a member in the profile; "Member N" (1-based) when the name is empty."""
    name = hh.members[index].name.strip()
    return name or f"Member {index + 1}"


def _voice(hh: Household, index: int) -> dict[str, str]:
    if index == 0:
        return dict(S="You", subj="you", Poss="Your", poss="your", pron="you", obj="you", refl="yourself",
                    be="are", have="have", do="do", was="were", s="")
    name = display_name(hh, index)
    pron, obj, poss, refl = _PRONOUNS[hh.members[index].sex]
    return dict(S=name, subj=name, Poss=f"{name}'s", poss=poss, pron=pron, obj=obj, refl=refl,
                be="is", have="has", do="does", was="was", s="s")


def _template(feature: str, value: Any, is_self: bool) -> str:
    if feature in BOOL_TEMPLATES:
        table = SELF_BOOL_TEMPLATES if is_self and feature in SELF_BOOL_TEMPLATES else BOOL_TEMPLATES
        return table[feature][0 if value else 1]
    return VALUE_TEMPLATES[feature](value)


def feature_sentence(hh: Household, index: int, feature: str) -> str:
    """The one sentence stating `feature` of member `index` (not for name/relation)."""
    value = getattr(hh.members[index], feature)
    return _template(feature, value, index == 0).format(**_voice(hh, index))


def third_person_sentence(hh: Household, index: int, feature: str) -> str:
    """The sentence stating `feature` of member `index` by name, whoever the member is ("Maria
    Ruiz does not own the home she lives in."): explanations speak about the household."""
    name = display_name(hh, index)
    pron, obj, poss, refl = _PRONOUNS[hh.members[index].sex]
    voice = dict(S=name, subj=name, Poss=f"{name}'s", poss=poss, pron=pron, obj=obj, refl=refl,
                 be="is", have="has", do="does", was="was", s="s")
    return _template(feature, getattr(hh.members[index], feature), False).format(**voice)


def member_sentences(hh: Household, index: int) -> tuple[str, ...]:
    """One sentence per feature of member `index` in the household's schema version, in schema
    order (a version-1 household: the 124 version-1 features only)."""
    m: Member = hh.members[index]
    cached = _cached_sentences(m, index == 0, hh.feature_schema)
    if index == 0:
        return cached
    name = display_name(hh, index)
    return tuple(s.replace(_NAME, name) for s in cached)


# A member's sentences depend on the feature's value, on whether the member is the speaker and
# on the member's sex and display name; with the name left as a mark (`_NAME`, a character no
# template, value wording or name holds) the sentence repeats across households, so it is
# formatted once and kept: rendering the train split's 10,000 profiles spent most of its time in
# `str.format` (2026-11-27). The mark is replaced by the name afterwards: the same text.
_NAME = "\x00"
_SENTENCES: dict[tuple, str] = {}
_SENTENCES_MAX = 200_000  # numeric values vary: bounded, cleared when full
_SELF_VOICE = dict(S="You", subj="you", Poss="Your", poss="your", pron="you", obj="you", refl="yourself",
                   be="are", have="have", do="do", was="were", s="")
_MARKED_VOICE = {sex: dict(S=_NAME, subj=_NAME, Poss=f"{_NAME}'s", poss=poss, pron=pron, obj=obj, refl=refl,
                           be="is", have="has", do="does", was="was", s="s")
                 for sex, (pron, obj, poss, refl) in _PRONOUNS.items()}
_SENTENCE_FEATURES = {v: tuple(f.name for f in features_for(v) if f.name not in ROSTER_FEATURES)
                      for v in SCHEMA_VERSIONS}


def _cached_sentences(m: Member, is_self: bool, schema: int) -> tuple[str, ...]:
    sex = "" if is_self else m.sex
    out = []
    for name in _SENTENCE_FEATURES[schema]:
        value = getattr(m, name)
        key = (name, type(value), value, is_self, sex)  # the type: 1 and 1.0 (and True) hash alike
        s = _SENTENCES.get(key)
        if s is None:
            if len(_SENTENCES) >= _SENTENCES_MAX:
                _SENTENCES.clear()
            voice = _SELF_VOICE if is_self else _MARKED_VOICE[sex]
            s = _SENTENCES[key] = _template(name, value, is_self).format(**voice)
        out.append(s)
    return tuple(out)


def relation_word(m: Member) -> str:
    if m.relation == "niece or nephew":
        return "niece" if m.sex == "female" else "nephew"
    return m.relation


def render_roster(hh: Household) -> str:
    """Who the speaker is and every other member with name and relation to the speaker."""
    me = hh.members[0].name.strip()
    parts = [f"you ({me})" if me else "you"]
    parts += [f"{display_name(hh, i)}, your {relation_word(m)}" for i, m in enumerate(hh.members) if i > 0]
    people = counted(hh.size, "person") if hh.size == 1 else f"{hh.size} people"
    return f"Your household has {people}: " + "; ".join(parts) + "."


def render_profile(hh: Household) -> Profile:
    """The full profile of `hh`, addressed to member 0.

    Every feature except `name` and `relation` gets exactly one sentence per member
    (`name` and `relation` appear only in the roster).
    """
    roster = render_roster(hh)
    blocks = tuple(" ".join(member_sentences(hh, i)) for i in range(hh.size))
    return Profile(roster=roster, members=blocks, text="\n\n".join((roster,) + blocks))


def _check_tables() -> None:
    """Fail at import if a schema feature or choice value has no wording, or a template is broken."""
    wanted = {f.name for f in ALL_FEATURES} - set(ROSTER_FEATURES)
    covered = set(BOOL_TEMPLATES) | set(VALUE_TEMPLATES)
    if wanted != covered or set(BOOL_TEMPLATES) & set(VALUE_TEMPLATES):
        raise RuntimeError(
            f"profile templates out of sync with the schema: missing {sorted(wanted - covered)}, "
            f"unknown {sorted(covered - wanted)}"
        )
    for name in BOOL_TEMPLATES:
        if ALL_FEATURES_BY_NAME[name].type != "bool":
            raise RuntimeError(f"profile: {name!r} has boolean templates but is not a bool feature")
    probe = dict(S="X", subj="x", Poss="X's", poss="x", pron="x", obj="x", refl="x", be="", have="", do="", was="", s="")
    for f in ALL_FEATURES:
        if f.name in ROSTER_FEATURES:
            continue
        samples = f.values if f.type == "choice" else (True, False) if f.type == "bool" else (f.default,)
        for value in samples:
            for is_self in (True, False):
                _template(f.name, value, is_self).format(**probe)


_check_tables()
