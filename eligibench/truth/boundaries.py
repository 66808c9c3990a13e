"""Boundary cases: for each number a checker compares with, a household whose verdict flips there.

A threshold is tested when some household, changed only in the feature the threshold limits, is
run at the value, one below and one above, and the verdict is not the same at all three (issue 19,
item 6). `find_boundary` searches a pool of households for such a case; `verify` re-runs one.

The changed feature is, in this order: each member feature a comparison holds together with the
number (`CheckerConditions.compared`), then household income (a number no comparison names with a
member feature is an income-table entry or its "each additional person" amount), set through
member 0's investment income to the number (and twelve times it: monthly tables) -1/0/+1, then the
household size (a member copied or removed). Integer features cannot hold a fractional threshold:
the values used are then the integers around it, recorded in the case.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterable, Sequence

from eligibench.household import ALL_FEATURES_BY_NAME as FEATURES_BY_NAME
from eligibench.household import MAX_MEMBERS, Household, member, replace_member
from eligibench.truth.conditions import HOUSEHOLD_SIZE, checker_conditions

HOUSEHOLD_INCOME = "household_income"
_INCOME = ("annual_work_income", "annual_investment_income")


@dataclass(frozen=True)
class BoundaryCase:
    opportunity: str
    threshold: float
    feature: str  # a member feature, HOUSEHOLD_INCOME or HOUSEHOLD_SIZE
    member: int  # the member changed (0 for household income; the copied/removed one for size)
    target: float  # the value changed around: the threshold, or 12 times it for a monthly income table
    values: tuple[float | None, float, float]  # below, at, above as set (below None: no valid value)
    verdicts: tuple[bool | None, bool, bool]
    household: dict[str, Any]  # the household before the change (Household.to_dict)

    def to_dict(self) -> dict[str, Any]:
        return {"opportunity": self.opportunity, "threshold": self.threshold, "feature": self.feature,
                "member": self.member, "target": self.target, "values": list(self.values), "verdicts": list(self.verdicts),
                "household": self.household}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> "BoundaryCase":
        return BoundaryCase(d["opportunity"], float(d["threshold"]), d["feature"], int(d["member"]),
                            float(d["target"]), tuple(d["values"]), tuple(d["verdicts"]), d["household"])


def _around(feature: str, x: float) -> tuple[float, float, float] | None:
    f = FEATURES_BY_NAME[feature]
    if f.type == "int":
        if x == int(x):
            vals = (int(x) - 1, int(x), int(x) + 1)
        else:
            vals = (math.floor(x) - 1, math.floor(x), math.ceil(x))
    elif f.type == "float":
        vals = (x - 1, x, x + 1)
    elif f.type == "choice" and x == int(x) and int(x) in (f.values or ()):
        # a numeric choice (a school grade): the neighbouring grades where the schema has them
        below, above = int(x) - 1, int(x) + 1
        if above not in f.values:
            return None
        return (below if below in f.values else None, int(x), above)
    else:
        return None
    lo = f.min if f.min is not None else -math.inf
    hi = f.max if f.max is not None else math.inf
    if vals[1] < lo or vals[2] > hi:
        return None
    if vals[0] < lo:
        return (None, vals[1], vals[2])  # nothing valid below (a count at 0): at and above only
    return vals


def _set_income(hh: Household, total: float) -> Household | None:
    """`hh` with member 0's investment income set so the household's yearly income is `total`."""
    others = sum(m.annual_work_income + m.annual_investment_income for m in hh.members) - hh.members[0].annual_investment_income
    need = total - others
    if need < 0 or need != int(need):
        return None
    return replace_member(hh, 0, annual_investment_income=int(need))


def _resize(hh: Household, size: int) -> tuple[Household, int] | None:
    n = hh.size
    if size == n:
        return hh, n - 1
    if size == n - 1 and n > 1:
        return Household(hh.members[:-1], hh.feature_schema), n - 1
    if size == n + 1 and n < MAX_MEMBERS and hh.members[-1].relation not in ("self", "spouse"):
        return Household(hh.members + (hh.members[-1],), hh.feature_schema), n - 1
    return None


def variants(hh: Household, feature: str, member: int, x: float) -> tuple[tuple[float, float, float], list[Household]] | None:
    """The three changed households (below, at, above `x`) and the values set, or None when the
    change cannot be made (a value outside the schema, a negative income, no room for a member)."""
    if feature == HOUSEHOLD_INCOME:
        vals = (x - 1, x, x + 1) if x == int(x) else (math.floor(x) - 1, math.floor(x), math.ceil(x))
        out = [_set_income(hh, v) for v in vals]
        return None if None in out else (vals, out)
    if feature == HOUSEHOLD_SIZE:
        if x != int(x):
            return None
        vals = (int(x) - 1, int(x), int(x) + 1)
        sized = [_resize(hh, int(v)) for v in vals]
        if None in sized or vals[0] < 1:
            return None
        return vals, [s[0] for s in sized]
    vals = _around(feature, x)
    if vals is None:
        return None
    try:
        return vals, [None if v is None else replace_member(hh, member, **{feature: v}) for v in vals]
    except Exception:  # a value the schema refuses for this member
        return None


def _flips(check, hhs: Sequence[Household | None]) -> tuple[bool | None, bool, bool] | None:
    verdicts = tuple(None if h is None else check(h) for h in hhs)
    seen = {v for v in verdicts if v is not None}
    return verdicts if len(seen) == 2 else None


def _attempts(x: float, compared: Iterable[tuple[str, float]], read: Iterable[str] = ()) -> list[tuple[str, float]]:
    """(feature, value) to try for threshold `x`, most specific first; last, every numeric
    member feature the checker reads (a limit compared through a local, e.g. summed resources)."""
    member_features = sorted({f for f, y in compared if y == x and f in FEATURES_BY_NAME and f not in _INCOME})
    out = [(f, x) for f in member_features]
    out += [(HOUSEHOLD_INCOME, x), (HOUSEHOLD_INCOME, 12 * x)]
    for f in sorted({f for f, y in compared if y == x and f in _INCOME}):
        out.append((f, x))
    out.append((HOUSEHOLD_SIZE, x))
    for f in sorted(read):
        if f in FEATURES_BY_NAME and FEATURES_BY_NAME[f].type in ("int", "float") and (f, x) not in out:
            out.append((f, x))
    return out


def find_boundary(oid: str, module: ModuleType, x: float, pool: Sequence[Household]) -> BoundaryCase | None:
    """The first household in `pool` whose verdict flips around threshold `x`, or None."""
    check = module.check
    conditions = checker_conditions(module)
    for feature, value in _attempts(x, conditions.compared, conditions.features):
        for hh in pool:
            members = range(hh.size) if feature in FEATURES_BY_NAME else (hh.size - 1,) if feature == HOUSEHOLD_SIZE else (0,)
            for i in members:
                made = variants(hh, feature, i, value)
                if made is None:
                    continue
                vals, hhs = made
                verdicts = _flips(check, hhs)
                if verdicts is not None:
                    return BoundaryCase(oid, x, feature, i, value, vals, verdicts, hh.to_dict())
    return None


def verify(case: BoundaryCase, module: ModuleType) -> list[str]:
    """Re-run a recorded case; one message per way it no longer holds."""
    hh = Household.from_dict(case.household)
    made = variants(hh, case.feature, case.member, case.target)
    if made is None:
        return [f"{case.opportunity} {case.threshold:g}: the household can no longer be changed in {case.feature}"]
    vals, hhs = made
    out = []
    verdicts = tuple(None if h is None else module.check(h) for h in hhs)
    if verdicts != case.verdicts:
        out.append(f"{case.opportunity} {case.threshold:g} ({case.feature}): verdicts {verdicts}, recorded {case.verdicts}")
    if len({v for v in verdicts if v is not None}) < 2:
        out.append(f"{case.opportunity} {case.threshold:g} ({case.feature}): the verdict no longer flips")
    return out




def grown(hh: Household) -> list[Household]:
    """`hh` and, up to the largest household, copies with one more member each: its last member
    repeated (not self or spouse), or else a child aged 5 with default features. The same
    household at every larger size, for income-table rows."""
    last = hh.members[-1]
    extra = last if last.relation not in ("self", "spouse") else member(relation="child", age=5)
    out = [hh]
    while out[-1].size < MAX_MEMBERS:
        out.append(Household(out[-1].members + (extra,), hh.feature_schema))
    return out
