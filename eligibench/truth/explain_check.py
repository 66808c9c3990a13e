"""Check an explanation's numbers by running the checker again (the words are checked elsewhere:
`plain_words`).

Two kinds of claim are checked, per (household, opportunity):

- a stated limit (`Explanation.claims`: "Household rent is $0, below the limit, a third of monthly
  household income, $149.42."): some number the condition read (a member's rent, income...) is
  moved so that the amount lands just below and just above the stated limit, holding everything
  else; the condition's outcome, re-run, must differ between the two (one unit of the feature apart
  when the limit falls between two units). A claim no read number can move (the amount does not
  change with any of them, or the values needed leave the schema's range) is counted as
  unmovable, not passed;
- the published flip ("would qualify if this were $150 instead of $0"): applied, it changes the
  verdict; for a number, the value one unit nearer the old one does not, and neither does any of
  the probes between the old and the new value (every whole unit when they are at most
  `DENSE` apart, else `PROBES` evenly spaced values and the checker's thresholds in between).

Every checker run is cached per household, so a claim costs a handful of runs.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from eligibench.household import ALL_FEATURES_BY_NAME as FEATURES_BY_NAME
from eligibench.household import Household, replace_member
from eligibench.truth.counterfactual import with_number
from eligibench.truth.explain import ExplainedChecker, LimitClaim

DENSE = 400  # old and new at most this far apart: every whole value between them is run
PROBES = 96  # else this many evenly spaced values (and the checker's thresholds between them)

__all__ = ["CheckTally", "check_flip", "check_limits"]


@dataclass
class CheckTally:
    """What was checked and what failed, over many pairs."""
    limits: int = 0  # stated limits confirmed (the condition's outcome changes there)
    verdicts: int = 0  # of those, limits where the checker's verdict changes too (the decisive condition)
    unmovable: int = 0  # stated limits no read number could move
    unmoved: list[str] = field(default_factory=list)  # which (the first few)
    flips: int = 0  # published flips confirmed
    runs: int = 0  # checker runs
    problems: list[str] = field(default_factory=list)


def _numeric(feature: str) -> bool:
    f = FEATURES_BY_NAME.get(feature)
    return f is not None and f.type in ("int", "float")


def _changed(hh: Household, member: int, feature: str, value: Any) -> Household | None:
    try:
        return with_number(hh, member, feature, value)
    except (ValueError, TypeError):
        return None


def _spread(hh: Household, member: int, feature: str, delta: float) -> Household | None:
    """`hh` with `feature` moved by `delta` in total: `member` first, then the others in order, each
    within the schema's range (a household income lowered past one member's own income; an income
    then through the other kind of income too)."""
    features = [feature, *(f for f in _INCOMES if f != feature)] if feature in _INCOMES else [feature]
    left, out = delta, hh
    for name in features:
        f = FEATURES_BY_NAME[name]
        lo = -math.inf if f.min is None else f.min
        hi = math.inf if f.max is None else f.max
        for j in [member, *(k for k in range(hh.size) if k != member)]:
            if not left:
                break
            v = getattr(out.members[j], name)
            new = min(hi, max(lo, v + left))
            if new != v:
                out = _changed(out, j, name, new)
                if out is None:
                    return None
                left -= new - v
    return out if not left else None


_INCOMES = ("annual_work_income", "annual_investment_income")


class _Runs:
    """The checker's events on `hh` changed in one feature of one member, cached."""

    def __init__(self, checker: ExplainedChecker, hh: Household, tally: CheckTally):
        self.checker, self.hh, self.tally = checker, hh, tally
        self.verdict: bool | None = None
        self._cache: dict[tuple[int, str, Any], tuple[bool, list] | None] = {}

    def events(self, member: int, feature: str, delta: Any):
        key = (member, feature, delta)
        if key not in self._cache:
            changed = _spread(self.hh, member, feature, delta)
            if changed is None:
                self._cache[key] = None
            else:
                self.tally.runs += 1
                self._cache[key] = self.checker.events(changed)
        return self._cache[key]

    def at(self, claim: LimitClaim, member: int, feature: str, delta: Any) -> tuple[bool, float, float] | None:
        """(the condition's outcome, the amount, the limit) in the run of the household changed by
        `delta` in `feature` (`_spread`), or None when the condition is not reached the same way there."""
        got = self.events(member, feature, delta)
        if got is None:
            return None
        self.verdict = got[0]  # the changed household's verdict, read by _check_claim
        _, events = got
        same = [e for e in events if e.line == claim.line and e.member == claim.member]
        if len(same) <= claim.occurrence:
            return None
        e = same[claim.occurrence]
        values = dict(e.values)
        amount = values.get(claim.operand)
        if not isinstance(amount, (int, float)) or isinstance(amount, bool):
            return None
        limit = values.get(claim.limit_operand) if claim.limit_operand else None
        limit = claim.limit if limit is None else float(limit) * claim.scale
        return e.result, float(amount) * claim.scale, limit


def _check_claim(runs: _Runs, claim: LimitClaim) -> str | None:
    """'' when confirmed ('verdict' when the checker's verdict changes there too), None when no
    number moves the amount across the limit, else what is wrong.
    The numbers tried: those the condition read, then every number of every member (an amount
    computed before an earlier condition, e.g. `income = household_income(hh)`)."""
    hh = runs.hh
    keys = [k for k in claim.reads if "." in k]
    keys += [f"m{i}.{name}" for i in range(hh.size) for name, f in FEATURES_BY_NAME.items()
             if f.type in ("int", "float") and name in _MOVERS]
    for key in dict.fromkeys(keys):
        i, feature = key[1:].split(".", 1)
        member = int(i)
        if not _numeric(feature) or member >= hh.size:
            continue
        base = runs.at(claim, member, feature, 0)
        step = next((s for s in (1, -1) if runs.at(claim, member, feature, s) is not None), None)
        if base is None or step is None:
            continue
        moved = runs.at(claim, member, feature, step)
        slope = (moved[1] - base[1]) / step
        if slope == 0 or moved[2] != base[2]:
            continue  # this number moves the limit, or nothing
        t = (claim.limit - base[1]) / slope  # the change that puts the amount on the limit
        near = round(t)
        sides = (near - 1, near + 1) if abs(t - near) < 1e-9 else (math.floor(t), math.ceil(t))
        got, verdicts = [], []
        for d in sides:
            got.append(runs.at(claim, member, feature, d))
            verdicts.append(runs.verdict)
        if None in got:
            continue
        (r1, a1, l1), (r2, a2, l2) = got
        if l1 != base[2] or l2 != base[2] or not min(a1, a2) <= claim.limit <= max(a1, a2):
            continue  # moving this number does not carry the amount across the limit alone
        if r1 == r2:
            return (f"line {claim.line}: the stated limit {claim.limit:g} is not where the condition changes: "
                    f"the amount at {a1:g} and at {a2:g} (moving {feature}, member {member} first) gives the same "
                    f"outcome, {r1}")
        return "verdict" if verdicts[0] != verdicts[1] else ""
    return None


# the numbers an amount is made of (incomes, rent, resources): tried for every member when the
# condition's own reads do not move it
_MOVERS = ("annual_work_income", "annual_investment_income", "monthly_rent_spending", "available_financial_resources",
           "work_hours_per_week")


def check_limits(checker: ExplainedChecker, hh: Household, tally: CheckTally, where: str = "") -> None:
    """Every limit the explanation of `hh` states, confirmed by re-running the checker."""
    runs = _Runs(checker, hh, tally)
    tally.runs += 1
    for claim in checker.claims(hh):
        found = _check_claim(runs, claim)
        if found is None:
            tally.unmovable += 1
            if len(tally.unmoved) < 20:
                tally.unmoved.append(f"{where}{checker.opportunity} line {claim.line}: {claim.amount:g} vs {claim.limit:g} "
                                     f"({claim.derived or 'limit'}; reads {', '.join(claim.reads[:4])})")
        elif found not in ("", "verdict"):
            tally.problems.append(f"{where}{checker.opportunity}: {found} ({claim.derived or 'limit'})")
        else:
            tally.limits += 1
            tally.verdicts += found == "verdict"


def check_flip(traced, hh: Household, flip_json: str, verdict: bool, tally: CheckTally,
               thresholds: frozenset[float] = frozenset(), where: str = "") -> None:
    """The published flip flips the verdict, and for a number is the nearest value that does."""
    if not flip_json:
        return
    f = json.loads(flip_json)
    member, feature, old, new = int(f["member"]), f["feature"], f["from"], f["to"]
    name = f"{where}{traced.opportunity} flip {feature} of member {member} {old!r} -> {new!r}"
    cache: dict[Any, bool | None] = {}

    def verdict_at(value: Any) -> bool | None:
        if value not in cache:
            changed = _changed(hh, member, feature, value) if _numeric(feature) else replace_member(hh, member, **{feature: value})
            tally.runs += changed is not None
            cache[value] = None if changed is None else traced.run(changed).eligible
        return cache[value]

    if getattr(hh.members[member], feature) != old:
        tally.problems.append(f"{name}: the household's value is {getattr(hh.members[member], feature)!r}")
        return
    if verdict_at(new) in (None, verdict):
        tally.problems.append(f"{name}: does not change the verdict ({verdict})")
        return
    if _numeric(feature) and isinstance(new, (int, float)) and not isinstance(new, bool):
        sign = 1 if new > old else -1
        between = _between(old, new, thresholds)
        flipped = [v for v in between if verdict_at(v) not in (None, verdict)]
        if flipped:
            nearest = min(flipped, key=lambda v: abs(v - old))
            tally.problems.append(f"{name}: not the nearest change, {nearest!r} already changes the verdict")
            return
        if abs(new - old) > 1 and verdict_at(new - sign) not in (None, verdict):
            tally.problems.append(f"{name}: {new - sign!r}, one unit nearer, already changes the verdict")
            return
    tally.flips += 1


def _between(old: float, new: float, thresholds: frozenset[float]) -> list[float]:
    lo, hi = sorted((old, new))
    if hi - lo <= DENSE:
        values = range(int(math.floor(lo)) + 1, int(math.ceil(hi)))
    else:
        values = {int(lo + (hi - lo) * k / PROBES) for k in range(1, PROBES)}
        values |= {int(x) + d for x in thresholds for d in (-1, 0, 1) if lo < x < hi}
        values |= {int(12 * x) + d for x in thresholds for d in (-1, 0, 1) if lo < 12 * x < hi}
    return sorted(v for v in values if lo < v < hi)
