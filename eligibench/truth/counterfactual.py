"""What would change the verdict: the smallest one-feature change to a household that flips a
checker's verdict, among features a person could have changed (issue 19, item 8).

Search, per (household, opportunity):

- candidates are the facts the checker read for this household (`TracedChecker.run_reads`: a
  fact it did not read cannot change its verdict alone), less `FIXED` features (age, sex,
  relation, citizenship, health conditions, history: what a person cannot decide) and the
  household size;
- values tried: for a number, each threshold of the checker (`checker_conditions`) and one
  either side, and 0; for household income (work and investment), the member's own income set so
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

Limits: one feature of one member at a time (a verdict that needs two changes gets no flip);
values off the thresholds are not tried (a limit a checker computes, e.g. 150% of a table, may
be missed, so the flip can be larger than the smallest); members are not added or removed.
"""
from __future__ import annotations

import json
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
        candidates = []
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
        # cheapest first: the first candidate that flips is the smallest change
        for cost, member, feature, _, new, old in sorted(candidates, key=lambda c: c[:4]):
            try:
                changed = replace_member(hh, member, **{feature: new})
            except Exception:  # a value the schema refuses for this member
                continue
            if self.check(changed) != trace.eligible:
                after = self.checker.run(changed)
                return Flip(feature, member, old, new, _decisive(self.checker, trace.lines, after.lines), cost)
        return None


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
