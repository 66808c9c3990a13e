"""Which of a household's facts a question (or an answer) is about: the grounded simulated user's
*select* step, and the estimate of what a free-form answer disclosed.

Two selectors, one result (a tuple of fact keys, `household.facts`; empty when the profile does
not tell):
- `lexical_select`: no model, deterministic. The members the text names (by name, first name,
  relation word such as "daughter", "your kids", or everyone for "anyone in your household";
  the speaker when it names none) times the features whose vocabulary (feature name, description,
  every sentence the profile can say about it, a few synonyms) best matches the text's words,
  each word weighted by how few features use it (IDF).
- `model_select`: the simulator model picks keys by constrained decoding to a JSON list whose
  items are the household's keys; the prompt is the roster and the compact feature index (names
  only), a fraction of the full profile.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from eligibench.household import (
    BOOL_TEMPLATES,
    SIZE_KEY,
    VALUE_TEMPLATES,
    Household,
    display_name,
    fact_key,
    features_for,
)
from eligibench.models import ask_json

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an and are as at be by can could do does did for from has have how i in is it its me my of on or "
    "the their them they this to was were what when where which who whom why will with you your yours any "
    "anyone anything there he she his her him hers s t not no yes currently current many much if about "
    "would should please tell know let us we our some all each every one someone somebody anybody "
    "household family member members home live lives living person people first time kind type sort "
    "currently right now".split()
)
# Words questions use that the profile's sentences do not (extra vocabulary per feature).
SYNONYMS: dict[str, str] = {
    "age": "old age born birthday young younger older under over aged",
    "sex": "gender male female man woman boy girl",
    "annual_work_income": "earn earnings income salary wage wages pay paid make job work money yearly annual "
                          "employed employment",
    "annual_investment_income": "investment investments dividends interest stocks",
    "monthly_rent_spending": "rent monthly pay housing cost",
    "available_financial_resources": "savings saved cash bank assets resources money",
    "work_hours_per_week": "hours week weekly",
    "months_pregnant": "pregnant pregnancy expecting baby",
    "citizenship": "citizen citizenship immigration status national green card legal",
    "disabled": "disability disabled handicap",
    "receives_snap": "snap food stamps",
    "health_insurance": "insurance insured coverage health",
    "current_school_level": "school grade attend student kindergarten college",
    "housing_type": "housing apartment house live shelter home type",
    "place_of_residence": "city nyc york reside residence",
    "has_ssn": "ssn social security number",
    "conflict_veteran": "veteran military served army armed forces",
    "is_property_owner": "own owner homeowner property",
    "relation": "related relation relationship",
    "name": "name called",
}
# Relation words -> the schema's relation values they name.
_CHILD = ("child", "stepchild", "foster child", "adopted child")
RELATION_WORDS: dict[str, tuple[str, ...]] = {
    "spouse": ("spouse",), "wife": ("spouse",), "husband": ("spouse",), "partner": ("spouse",),
    "child": _CHILD, "children": _CHILD, "kid": _CHILD, "kids": _CHILD, "son": _CHILD, "daughter": _CHILD,
    "sons": _CHILD, "daughters": _CHILD,
    "stepchild": ("stepchild",), "stepson": ("stepchild",), "stepdaughter": ("stepchild",),
    "grandchild": ("grandchild",), "grandson": ("grandchild",), "granddaughter": ("grandchild",),
    "grandchildren": ("grandchild",), "foster": ("foster child",), "adopted": ("adopted child",),
    "sibling": ("sibling",), "brother": ("sibling",), "sister": ("sibling",), "siblings": ("sibling",),
    "niece": ("niece or nephew",), "nephew": ("niece or nephew",), "cousin": ("cousin",),
    "friend": ("friend",), "roommate": ("friend",),
}
_SEXED = {"son": "male", "sons": "male", "daughter": "female", "daughters": "female", "wife": "female",
          "husband": "male", "brother": "male", "sister": "female", "stepson": "male", "stepdaughter": "female",
          "grandson": "male", "granddaughter": "female", "niece": "female", "nephew": "male"}
_EVERYONE = frozenset("anyone everyone anybody everybody members people household family".split())
_SIZE = re.compile(r"\bhow many (people|persons|members)\b|\bhousehold size\b|\bsize of (your|the) household\b")


def words(text: str) -> list[str]:
    """Content words of `text`, lightly stemmed (stop words dropped)."""
    return [_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


def _stem(w: str) -> str:
    # enough to match "receives"/"receive", "benefits"/"benefit"; not a linguistic stemmer
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


CORE_WEIGHT = 2.0  # a word of the feature's name or synonyms counts twice a word of its sentences


@lru_cache(maxsize=2)
def _vocabulary(schema: int = 1) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    """Per feature its words with their weight (core or sentence); per word its IDF over the
    features of schema version `schema` (a version-1 household's selection is as before v2)."""
    probe = dict(S="", subj="", Poss="", poss="", pron="", obj="", refl="", be="", have="", do="", was="", s="")
    vocab: dict[str, dict[str, float]] = {}
    for f in features_for(schema):
        core = set(words(f.name.replace("_", " ") + " " + SYNONYMS.get(f.name, "")))
        text: list[str] = []
        if f.name in BOOL_TEMPLATES:
            text += [t.format(**probe) for t in BOOL_TEMPLATES[f.name]]
        elif f.name in VALUE_TEMPLATES:
            samples = f.values if f.type == "choice" else (f.default, 7)
            for v in samples or ():
                try:
                    text.append(VALUE_TEMPLATES[f.name](v).format(**probe))
                except (KeyError, ValueError, TypeError):
                    pass
        said = {w for w in words(" ".join(map(str, text))) if not w.isdigit()}
        vocab[f.name] = {w: CORE_WEIGHT if w in core else 1.0 for w in said | core}
    df: dict[str, int] = {}
    for ws in vocab.values():
        for w in ws:
            df[w] = df.get(w, 0) + 1
    n = len(vocab)
    return vocab, {w: math.log(n / c) for w, c in df.items()}


@dataclass(frozen=True)
class Resolved:
    members: tuple[int, ...]  # the members the text is about
    named: bool  # a member was named (by name or relation), not defaulted to the speaker


def resolve_members(text: str, hh: Household) -> Resolved:
    """Members a question names: by full or first name, by relation word, or everyone."""
    low = text.lower()
    ws = set(_WORD.findall(low))
    found: set[int] = set()
    for i in range(1, hh.size):
        name = display_name(hh, i).lower()
        first = name.split()[0] if name.split() else name
        if name in low or (first and first in ws):
            found.add(i)
    for w in ws:
        rels = RELATION_WORDS.get(w)
        if rels:
            found |= {i for i, m in enumerate(hh.members) if i > 0 and m.relation in rels}
    for w, sex in _SEXED.items():
        if w in ws:  # "daughter" names the female children only
            found -= {i for i in found if hh.members[i].relation in RELATION_WORDS[w] and hh.members[i].sex != sex}
    if ws & _EVERYONE and not found:
        return Resolved(tuple(range(hh.size)), True)
    if ws & {"you", "your", "yourself", "i", "me", "my"} and found and _speaker_also(low):
        found.add(0)
    if found:
        return Resolved(tuple(sorted(found)), True)
    return Resolved((0,), False)


def _speaker_also(low: str) -> bool:
    # "do you or your son ..." / "you and your wife": the speaker is asked about too
    return bool(re.search(r"\byou (or|and)\b|\b(or|and) you\b", low))


def rank_features(text: str, schema: int = 1) -> list[tuple[str, float]]:
    """Features by how well their vocabulary matches `text` (best first; zero scores dropped)."""
    return [(f, s) for f, s, _ in _ranked(text, schema)]


def _ranked(text: str, schema: int = 1) -> list[tuple[str, float, frozenset[str]]]:
    vocab, idf = _vocabulary(schema)
    ws = set(words(text))
    scored = [(f, sum(idf[w] * v[w] for w in ws if w in v), frozenset(w for w in ws if w in v))
              for f, v in vocab.items()]
    # exact ties go to the feature whose name the text matches most ("name": the name fact, not
    # heating_electrical_bill_in_name; "age": age, not foster_age_out)
    return sorted((s for s in scored if s[1] > 0), key=lambda s: (-s[1], -_name_match(s[0], s[2]), s[0]))


@lru_cache(maxsize=None)
def _name_tokens(feature: str) -> frozenset[str]:
    first_synonym = SYNONYMS.get(feature, "").split()[:1]
    return frozenset(words(feature.replace("_", " ") + " " + " ".join(first_synonym)))


def _name_match(feature: str, matched: frozenset[str]) -> float:
    tokens = _name_tokens(feature)
    return len(tokens & matched) / len(tokens) if tokens else 0.0


MIN_SCORE = 1.5  # below this the best feature shares only common words with the text: no fact
KEEP_RATIO = 0.85  # features scoring within 15% of the best are kept too (ties, near-ties)
MAX_FEATURES = 2


def lexical_select(text: str, hh: Household) -> tuple[str, ...]:
    """The fact keys `text` is about (deterministic); () when no feature matches well enough."""
    keys: list[str] = []
    if _SIZE.search(text.lower()):
        keys.append(SIZE_KEY)
    who = resolve_members(text, hh)
    # member names are not feature words: drop their tokens from the ranking's evidence
    names = {w for i in range(hh.size) for w in words(display_name(hh, i))}
    ranked = _ranked(" ".join(w for w in _WORD.findall(text.lower()) if _stem(w) not in names), hh.feature_schema)
    features: list[str] = []
    _, idf = _vocabulary(hh.feature_schema)
    unknown = {w for w in words(text) if w not in idf and w not in names and w not in RELATION_WORDS
               and w not in _EVERYONE and not w.isdigit()}
    # one matched word beside a word no fact uses ("the name of your first pet"): the question is
    # about something the profile does not tell
    if ranked and unknown and len(ranked[0][2]) == 1:
        ranked = []
    if ranked and ranked[0][1] >= MIN_SCORE:
        top, evidence = ranked[0][1], set(ranked[0][2])
        features = [ranked[0][0]]
        for f, s, matched in ranked[1:MAX_FEATURES]:
            # a near-tie is kept only when it matches words the kept features do not ("income" and
            # "rent"), not when it shares their evidence ("disability": disabled, not disability Medicaid)
            if s >= KEEP_RATIO * top and not matched <= evidence:
                features.append(f)
                evidence |= matched
    named_relation = any(RELATION_WORDS.get(w) for w in _WORD.findall(text.lower()))
    relation_question = who.named and named_relation and ("how many" in text.lower() or not features)
    for i in who.members:
        if relation_question and (len(who.members) > 1 or not features) and "relation" not in features and i > 0:
            keys.append(fact_key(i, "relation"))  # "how many of your children ...", "do you have kids?"
        for f in features:
            keys.append(fact_key(i, f))
    return tuple(dict.fromkeys(keys))


# ------------------------------------------------------------------ the model selector

def fact_index(hh: Household) -> str:
    """The compact index the model selector sees: the roster with member keys, and feature names."""
    people = [f"m{i} = {'you' if i == 0 else display_name(hh, i) + ', your ' + m.relation}"
              for i, m in enumerate(hh.members)]
    return ("Members: " + "; ".join(people) + ".\nFeatures (key = m<member>.<feature>): "
            + ", ".join(f.name for f in features_for(hh.feature_schema)) + f".\nAlso: {SIZE_KEY} (how many people live in the household).")


SELECT_INSTRUCTIONS = (
    "You pick which facts about a household are needed to answer a question. Reply with JSON "
    '{"facts": [keys]}: at most 4 keys, or an empty list when no listed fact answers the question.'
)


def selection_tokens(keys: Sequence[str], max_keys: int) -> int:
    """The reply's token limit: room for `max_keys` of the longest key, pretty-printed.

    SmolLM2 indents the JSON (4 and 8 spaces) and splits snake_case keys into about one token per
    2 characters: `{"facts": ["m0.medication_treatment_non_compliance"]}` so printed is 28 tokens.
    The old flat 12 tokens a key cut such replies at the limit, and `ask_json`'s correction turn
    then restated the schema (an enum of the household's ~360 keys, 5,467 prompt tokens: 58 s on 2
    cores) to finish a 40-token list. A limit is a ceiling, not a cost: a shorter reply stops at
    its closing brace."""
    return 16 + max_keys * (4 + -(-max(map(len, keys)) // 2))


def model_select(model, question: str, hh: Household, max_keys: int = 4) -> tuple[str, ...]:
    """The simulator model picks the keys, constrained to this household's keys (JSON list)."""
    keys = [SIZE_KEY] + [fact_key(i, f.name) for i in range(hh.size) for f in features_for(hh.feature_schema)]
    schema = {
        "type": "object",
        "properties": {"facts": {"type": "array", "items": {"type": "string", "enum": keys}, "maxItems": max_keys}},
        "required": ["facts"],
        "additionalProperties": False,
    }
    messages = [{"role": "system", "content": SELECT_INSTRUCTIONS + "\n\n" + fact_index(hh)},
                {"role": "user", "content": f"Question: {question}"}]
    value: Any = ask_json(model, messages, schema, max_tokens=selection_tokens(keys, max_keys))
    return tuple(dict.fromkeys(value["facts"]))


def precision_recall(pairs: Sequence[tuple[Sequence[str], Sequence[str]]]) -> tuple[float, float]:
    """Micro precision and recall of selected keys against expected keys over many questions."""
    tp = sum(len(set(got) & set(want)) for got, want in pairs)
    sel = sum(len(set(got)) for got, _ in pairs)
    exp = sum(len(set(want)) for _, want in pairs)
    return (tp / sel if sel else 1.0), (tp / exp if exp else 1.0)
