"""What would change the verdict: the smallest one-feature change to a household that flips a
checker's verdict, among features a person could have changed (issue 19, item 8).

Search, per (household, opportunity):

- candidates are the facts the checker read for this household (`TracedChecker.run_reads`: a
  fact it did not read cannot change its verdict alone), less `FIXED` features (age, sex,
  relation, citizenship, health conditions, history: what a person cannot decide) and the
  household size;
- values tried: for a number, each threshold of the checker (`checker_conditions`) and one
  either side, and 0, then values 1, 2, 4, ... units away from the household's own each way (a
  limit the checker computes, such as a third of monthly income, is no threshold of its source);
  a number that flips is moved, by bisection, to the nearest value that still flips (the value one
  unit nearer does not: `truth.explain_check` re-runs both); for household income (work and investment), the member's own income set so
  the household total lands on each threshold and one either side; for a yes/no, the other
  answer; for a choice, every other value the schema allows;
- a changed household must still validate (the schema's ranges); every candidate is run through
  the checker, so every flip found is verified by construction (and `verify_flip` re-runs one);
- the smallest flip wins: a yes/no or choice costs 1, a number its change relative to the old
  value (|to - from| / max(|from|, 1), capped at 1); ties go to the lowest member index, then
  the feature name, then the value. Candidates are run cheapest first and the search stops at
  the first that flips.

The decisive condition is the first source line, in the checker, that runs in one trace and not
the other (or the reverse): the condition whose outcome the change flipped.

Limits: one feature of one member at a time (a verdict that needs two changes gets no flip); a
band of flipping values narrower than the probes' spacing and holding no threshold can be missed;
members are not added or removed. Cost (2026-11-27, 324-328 fuzzed pairs per edition, 2 loaded
cores): 20 s and 18 s, the threshold-only search's 26 s and 19 s: the probes and bisection cost
what copying a member without revalidating it (`with_number`) saves.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from eligibench.household import ALL_FEATURES_BY_NAME as FEATURES_BY_NAME
from eligibench.household import Household, replace_member
from eligibench.truth.conditions import conditions_of_source
from eligibench.truth.tracing import TracedChecker

# What a person cannot have decided: who they are, their health, their past, their legal status.
FIXED = frozenset({
    "name", "age", "sex", "relation", "citizenship", "disabled", "can_care_for_self", "can_manage_self",
    "developmental_condition", "mental_health_condition", "emotional_behavioral_condition",
    "chronic_health_condition", "hiv_aids", "bedridden", "wheelchair", "heat_exacerbated_condition",
    "struggles_to_relate", "recovering_from_surgery", "months_pregnant", "breastfeeding", "conflict_veteran",
    "honorable_service", "in_foster_care", "foster_age_out", "has_ssn", "has_itin", "has_atin",
    "authorized_to_work_in_us", "work_authorization", "was_authorized_to_work_when_job_lost",
    "imprisonment", "arson", "involved_in_justice_system", "is_runaway", "covid_funeral_expenses",
    "evicted_months_ago", "months_since_worked", "consecutive_work_weeks", "nonconsecutive_work_days",
    "had_previous_sche", "propery_owner_widow", "years_sober", "medication_treatment_non_compliance",
    "verbal_abuse", "emancipated_minor", "is_parent", "dependent", "lived_together_last_6_months",
    "current_school_level", "high_school_equivalent", "gpa", "college_credits",
})
_INCOME = ("annual_work_income", "annual_investment_income")


@dataclass(frozen=True)
class Flip:
    feature: str
    member: int
    old: Any
    new: Any
    condition: str  # the decisive checker line, stripped ("if m.age > MAX_AGE:")
    cost: float

    def to_json(self) -> str:
        return json.dumps({"feature": self.feature, "member": self.member, "from": self.old, "to": self.new,
                           "condition": self.condition}, sort_keys=True)


def _cost(feature: str, old: Any, new: Any) -> float:
    if FEATURES_BY_NAME[feature].type in ("int", "float"):
        return min(1.0, abs(new - old) / max(abs(old), 1))
    return 1.0


def _values(feature: str, old: Any, thresholds: frozenset[float], hh: Household, member: int) -> list[Any]:
    f = FEATURES_BY_NAME[feature]
    if f.type == "bool":
        return [not old]
    if f.type == "choice":
        return [v for v in f.values if v != old]
    out: set[float] = {0}
    base = thresholds
    if feature in _INCOME:
        others = sum(m.annual_work_income + m.annual_investment_income for m in hh.members) - old
        base = frozenset(x - others for x in thresholds) | frozenset(12 * x - others for x in thresholds)
    for x in base:
        out.update((x - 1, x, x + 1))
    vals = []
    for v in sorted(out):
        if f.type == "int":
            if v != int(v):
                continue
            v = int(v)
        if f.min is not None and v < f.min:
            continue
        if f.max is not None and v > f.max:
            continue
        if v != old:
            vals.append(v)
    return vals


def _decisive(checker: TracedChecker, before: frozenset[int], after: frozenset[int]) -> str:
    lines = sorted(before ^ after, key=checker.source.order)  # file order (a variant's own lines in place)
    if not lines:
        return ""
    # the line before the first differing one is the condition that chose the branch (a variant's
    # own lines stand where the function they replace stood: `before`, `line_text` in tracing)
    first = lines[0]
    for n in checker.source.before(first):
        text = checker.source.line_text(n).strip()
        if text.startswith(("if ", "elif ", "while ", "for ")):
            return text
    return checker.source.line_text(first).strip()


class FlipSearch:
    """Flips for one checker (its thresholds read once, from its source)."""

    def __init__(self, checker: TracedChecker) -> None:
        self.checker = checker
        self.thresholds = _thresholds(checker.path, checker.variant_path)

    def check(self, hh: Household) -> bool:
        return self.checker.run(hh).eligible

    def find(self, hh: Household) -> Flip | None:
        trace, reads = self.checker.run_reads(hh)
        verdicts: dict[tuple[int, str, Any], bool | None] = {}

        def flips(member: int, feature: str, value: Any) -> bool:
            key = (member, feature, value)
            if key not in verdicts:
                try:
                    changed = with_number(hh, member, feature, value) if is_number(value) else \
                        replace_member(hh, member, **{feature: value})
                except Exception:  # a value the schema refuses for this member
                    verdicts[key] = None
                else:
                    verdicts[key] = self.check(changed) != trace.eligible
            return bool(verdicts[key])

        candidates, numeric = [], []
        for key in sorted(reads):
            if key == "hh.size":
                continue
            prefix, feature = key.split(".", 1)
            member = int(prefix[1:])
            if feature in FIXED or feature not in FEATURES_BY_NAME:
                continue
            old = getattr(hh.members[member], feature)
            for new in _values(feature, old, self.thresholds, hh, member):
                candidates.append((_cost(feature, old, new), member, feature, str(new), new, old))
            if FEATURES_BY_NAME[feature].type in ("int", "float") and is_number(old):
                numeric.append((member, feature, old))
        best: tuple | None = None
        # no limit of the checker lies beyond 24 times its largest number (a monthly table, twice)
        reach = 24 * max((abs(x) for x in self.thresholds), default=0) + 1000
        # cheapest first: the first candidate that flips bounds the search; a number's flip is then
        # moved to the nearest value that still flips (a limit the checker computes, e.g. a third of
        # monthly income, is no threshold of its source)
        for cand in sorted(candidates, key=lambda c: c[:4]):
            if best is not None and cand[:4] >= best[:4]:
                break
            cost, member, feature, _, new, old = cand
            if flips(member, feature, new):
                if FEATURES_BY_NAME[feature].type in ("int", "float"):
                    new = _nearest(lambda v, m=member, f=feature: flips(m, f, v), old, new)
                    cand = (_cost(feature, old, new), member, feature, str(new), new, old)
                best = cand if best is None or cand[:4] < best[:4] else best
        # every number the checker read, probed outward from its value (1, 2, 4, ... away) up to the
        # best change found: a flip at a computed limit that no threshold lands on
        for member, feature, old in numeric:
            for new in _probe(FEATURES_BY_NAME[feature], old, best[0] if best else 1.0, reach,
                              lambda v, m=member, f=feature: flips(m, f, v)):
                cand = (_cost(feature, old, new), member, feature, str(new), new, old)
                if best is None or cand[:4] < best[:4]:
                    best = cand
        if best is None:
            return None
        cost, member, feature, _, new, old = best
        after = self.checker.run(replace_member(hh, member, **{feature: new}))
        return Flip(feature, member, old, new, _decisive(self.checker, trace.lines, after.lines), cost)


def with_number(hh: Household, member: int, feature: str, value: Any) -> Household:
    """`hh` with one number of one member changed, checked against the feature's type and range
    only (replace_member revalidates every feature: 2.5 ms a call, most of a search's time).
    Raises ValueError for a value outside them."""
    f = FEATURES_BY_NAME[feature]
    if f.type == "int":
        if value != int(value):
            raise ValueError(f"{feature}: {value!r} is not a whole number")
        value = int(value)
    elif f.type == "float":
        value = float(value)
    else:
        raise ValueError(f"{feature} is not a number")
    if (f.min is not None and value < f.min) or (f.max is not None and value > f.max):
        raise ValueError(f"{feature}: {value!r} is outside [{f.min}, {f.max}]")
    old = hh.members[member]
    changed = object.__new__(type(old))
    for name in type(old).__slots__:
        object.__setattr__(changed, name, getattr(old, name))
    object.__setattr__(changed, feature, value)
    return Household(hh.members[:member] + (changed,) + hh.members[member + 1:], hh.feature_schema)


def is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _nearest(flips, old: Any, new: Any) -> Any:
    """The value nearest to `old` that flips, between `old` (does not) and `new` (does), by
    bisection on whole units: the value one unit nearer `old` does not flip."""
    lo, hi = old, new
    while abs(hi - lo) > 1:
        mid = lo + int((hi - lo) / 2)
        if mid in (lo, hi):
            break
        if flips(mid):
            hi = mid
        else:
            lo = mid
    return hi


def _probe(feature, old: Any, max_cost: float, reach: float, flips) -> list[Any]:
    """Flipping values found by stepping 1, 2, 4, ... units away from `old` each way (within the
    schema's range, `reach` of 0 and a relative change of at most `max_cost`), each moved to the
    nearest flip."""
    out = []
    lo = max(-reach, -math.inf if feature.min is None else feature.min)
    hi = min(max(reach, abs(old)), math.inf if feature.max is None else feature.max)
    for sign in (-1, 1):
        step, last = 1, old
        while True:
            v = old + sign * step
            if feature.type == "int":
                v = int(v)
            if not lo <= v <= hi or min(1.0, abs(v - old) / max(abs(old), 1)) > max_cost:
                break
            if flips(v):
                out.append(_nearest(flips, last, v))
                break
            last, step = v, step * 2
    return out


@lru_cache(maxsize=None)
def _thresholds(path: Path, variant_path: Path | None = None) -> frozenset[float]:
    """The numbers of the checker at `path`; for a variant, its twin's rules with its own constants."""
    variant = None if variant_path is None else (variant_path.read_text(encoding="utf-8"), str(variant_path))
    return conditions_of_source(path.read_text(encoding="utf-8"), str(path), variant).thresholds


def find_flip(checker: TracedChecker, hh: Household) -> Flip | None:
    return FlipSearch(checker).find(hh)


def verify_flip(checker: TracedChecker, hh: Household, flip_json: str) -> bool:
    """Whether applying the recorded flip to `hh` changes the checker's verdict ("" = no flip
    recorded: True when the search finds none either)."""
    if not flip_json:
        return find_flip(checker, hh) is None
    d = json.loads(flip_json)
    changed = replace_member(hh, d["member"], **{d["feature"]: d["to"]})
    if getattr(hh.members[d["member"]], d["feature"]) != d["from"]:
        return False
    return checker.run(changed).eligible != checker.run(hh).eligible
