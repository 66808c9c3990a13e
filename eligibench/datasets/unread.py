"""The fuzzer's second pass: every feature no checker reads for a member is drawn again from the
population model, conditioned on the member (age, sex, relation and what was drawn before it).

The fuzzer aims the features checkers compare at their thresholds and flips the rest as coins,
so a Diverse household could hold a 93-year-old who is a runaway youth, has aged out of foster
care and works 68 hours a week: values no checker line needed, left to chance. Which features a
checker line needs is measured, not guessed: every checker of every edition runs on the
household with members that record each feature read (`features_read`). A feature of a member
that no checker read cannot change any checker's path (the path would have to read it), so
drawing it again from the population leaves every trace, and so the Diverse coverage, exactly as
it was; what changes is that the unread part of each person is a person the population model
would draw (`redraw_unread`).

The redraw keeps the consistency rules: the population's values are drawn in its file order (a
condition reads only features drawn before it), household-level features follow the member whose
value a checker read (members of a household share a home), deterministic fixes tie unread
features to read ones (`_fit`: NYC-only housing is in NYC, a benefit a checker read keeps the basis
the fuzzer gave it, `KEEP_BASIS`), each member's benefit contradictions are repaired
(`consistency.repair_member`), and a member whose repair would change a feature a checker read,
or who breaks a rule, keeps its fuzzed values (the fuzzed household keeps every rule, so this
ends). Measured on 300 households of the default thresholds: 98% of members take the redraw.
"""
from __future__ import annotations

import importlib
import operator
import pkgutil
import random
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Iterable, Sequence

from eligibench.datasets.population import ROSTER, DrawnHousehold, Population, draw_column, load_population
from eligibench.household import ALL_FEATURES, FEATURES_BY_NAME, V2_FEATURES, Household, Member
from eligibench.household import consistency as cons

# Never drawn again: the roster (who the members are) and the name (the fuzzer's names already
# follow sex and relation, and no checker reads a name).
KEPT = frozenset((*ROSTER, "name"))
_V2_NAMES = frozenset(f.name for f in V2_FEATURES)


class _Reader:
    """Stands in for a member: logs each feature read (values are the member's own), and counts
    the household's version-2 feature reads in `v2_reads` (a cell its household's readers share).

    A version-1 feature is logged on its first read and then kept as an instance attribute, so
    later reads (of any checker: the log is the union over all of them) skip `__getattr__`: with
    every read logged, the checkers took ten times a plain run (2.7 s vs 0.25 s for 500 households
    x 129 checkers, 2026-11-27). Version-2 features are never kept: each of their reads counts."""

    def __init__(self, m: Member, v2_reads: list[int]):
        self.__dict__.update(_m=m, _read=set(), _v2_reads=v2_reads)

    def __getattr__(self, name: str):
        value = getattr(self._m, name)  # AttributeError for a name the schema lacks, as usual
        self._read.add(name)
        if name in _V2_NAMES:
            self._v2_reads[0] += 1
        else:
            self.__dict__[name] = value
        return value


class _ReadingHousehold:
    """Stands in for a `Household` in a checker run: members, size, self_member, which is what
    checkers use (`eligibench.truth.tracing.ReadingHousehold` logs the same way for the needed
    facts). No `feature_schema`: a checker reading it would fail here rather than be mis-logged."""

    __slots__ = ("members", "self_member", "size", "v2_reads")

    def __init__(self, hh: Household):
        self.v2_reads = [0]  # version-2 feature reads by any member so far
        self.members = tuple(_Reader(m, self.v2_reads) for m in hh.members)
        self.self_member = self.members[0]
        self.size = hh.size


def features_read(hh: Household, readers: Iterable[ModuleType], v1: Household | None = None) -> list[set[str]]:
    """Per member, the features some checker in `readers` read when run on `hh`, and, given `v1`
    (`hh` without its version-2 flags, `v1_form`), when run on `v1` too.

    A checker is run on `v1` only when its run on `hh` read a version-2 feature: otherwise every
    value it read is the same in both, so it takes the same path and reads the same features."""
    recorded = _ReadingHousehold(hh)
    plain = None if v1 is None else _ReadingHousehold(v1)
    count = recorded.v2_reads
    for module in readers:
        before = count[0]
        module.check(recorded)
        if plain is not None and count[0] != before:
            module.check(plain)
    if plain is None:
        return [r._read for r in recorded.members]
    return [a._read | b._read for a, b in zip(recorded.members, plain.members)]


@lru_cache(maxsize=1)
def every_edition_checker() -> tuple[ModuleType, ...]:
    """The checker modules of every edition (2024's and each later edition's own), once each.

    All editions, not the caller's: the fuzzer's callers pass thresholds, not checkers, and a
    feature any edition reads stays as fuzzed, which can only keep more of every edition's paths."""
    import checkers

    found: dict[str, ModuleType] = {m.__name__: m for m in checkers.registry().values()}
    folder = Path(checkers.__path__[0]) / "editions"
    for info in sorted(pkgutil.iter_modules([str(folder)]), key=lambda i: i.name):
        if not info.ispkg or not info.name.startswith("e"):
            continue
        package = importlib.import_module(f"checkers.editions.{info.name}")
        own = checkers.checker_modules(package.__path__, package.__name__, f"checkers/editions/{info.name}")
        found.update({m.__name__: m for m in own.values()})
    return tuple(found[k] for k in sorted(found))


def _capped(feature: str, value, age: int):
    cap = cons.numeric_cap(feature, age)
    if cap is not None and value > cap:
        return float(cap) if FEATURES_BY_NAME[feature].type == "float" else cap
    return value


_NAMES = tuple(f.name for f in ALL_FEATURES)  # Member's fields, in order
_values = operator.attrgetter(*_NAMES)
_V2_DEFAULTS = {f.name: f.default for f in V2_FEATURES}


def _as_dict(m: Member) -> dict:
    return dict(zip(_NAMES, _values(m)))


def _as_member(d: dict) -> Member:
    return Member(*[d[n] for n in _NAMES])  # positional: the fields are in _NAMES order


_NUMERIC = frozenset(f.name for f in ALL_FEATURES if f.type in ("int", "float"))


def _draw_free(rng: random.Random, pop: Population, hh: Household, read: Sequence[set[str]],
               fuzzed: Sequence[dict]) -> list[dict]:
    dicts = [dict(d) for d in fuzzed]
    ctx = DrawnHousehold(dicts)
    members = range(hh.size)
    for fp in pop.features:
        f = fp.name
        if f in KEPT:
            continue
        free = [i for i in members if f not in read[i]]
        if not free:
            continue
        values = draw_column(rng, fp, ctx)
        if fp.level == "household":
            holder = next((i for i in members if f in read[i]), None)
            shared = values[0] if holder is None else dicts[holder][f]
            values = [shared] * hh.size
        if f in _NUMERIC:
            for i in free:
                dicts[i][f] = _capped(f, values[i], dicts[i]["age"])
        else:
            for i in free:
                dicts[i][f] = values[i]
    return dicts


# A benefit a checker read keeps the basis the fuzzer gave it, when that basis is unread: the
# population would otherwise draw a basis the benefit lacks (a veteran's benefit without service)
# and the repair would clear the benefit, which a checker read.
KEEP_BASIS: dict[str, tuple[str, ...]] = {
    "va_healthcare": ("honorable_service", "conflict_veteran"),
    "receives_va_disability": ("honorable_service", "conflict_veteran"),
    "receives_ssi": ("disabled", "developmental_condition", "has_ssn", "citizenship"),
    "receives_ssdi": ("disabled", "developmental_condition", "has_ssn", "citizenship"),
    "receives_disability_medicaid": ("disabled", "developmental_condition"),
    "wep": ("receives_cash_assistance", "receives_temporary_assistance"),
    "dependent": ("provides_over_half_of_own_financial_support",),
    "has_atin": ("has_ssn", "has_itin"),
    "has_itin": ("has_ssn",),
    # version-2 flags (never redrawn: the population model has no v2 marginals in this pass)
    "receives_medicare": ("disabled", "receives_ssdi", "has_received_ssi_or_ssdi", "health_insurance"),
    "attends_nslp_school": ("current_school_level",),
    "receives_free_or_reduced_lunch": ("current_school_level",),
    "receives_scrie": ("housing_type", "name_is_on_lease", "place_of_residence"),
    "receives_drie": ("housing_type", "name_is_on_lease", "place_of_residence", "receives_ssi", "receives_ssdi",
                      "receives_va_disability", "receives_disability_medicaid", "disabled", "developmental_condition"),
    "fair_fares_participant": ("place_of_residence",),
}


_REDRAWN = frozenset(f for f in FEATURES_BY_NAME if f not in KEPT)  # the version-1 features


def _fit(d: dict, fuzzed: dict, read: set[str]) -> None:
    """Deterministic fixes of unread features against read ones (no draws): the rules the
    population model keeps only given its own values of both."""
    def free(f: str) -> bool:
        return f not in read

    if d["relation"] == "self" and d["age"] < cons.SELF_ALONE_MIN_AGE and free("is_runaway"):
        d["is_runaway"] = True  # rule self_min_age: a self under 16 is a runaway youth on their own
    if d["housing_type"] in cons.NYC_ONLY_HOUSING and free("place_of_residence"):
        d["place_of_residence"] = cons.NYC  # rule nyc_only_housing
    if d["place_of_residence"] != cons.NYC and free("receives_hra"):
        d["receives_hra"] = False  # rule hra_in_nyc
    # rule work_hours_and_income: the unread one of hours and income follows the read one
    if free("work_hours_per_week") != free("annual_work_income"):
        f = "work_hours_per_week" if free("work_hours_per_week") else "annual_work_income"
        if (d["work_hours_per_week"] > 0) != (d["annual_work_income"] > 0):
            d[f] = fuzzed[f]
    if d["works_outside_home"] and d["work_hours_per_week"] == 0 and free("works_outside_home"):
        d["works_outside_home"] = False
    for benefit, basis in KEEP_BASIS.items():
        if d[benefit] and (not free(benefit) or benefit not in _REDRAWN):
            for b in basis:
                if free(b):
                    d[b] = fuzzed[b]


def _member_of(message: str) -> int:
    return int(message.split(" ", 2)[1])  # "member <i> (<relation>, age <n>): ..."


def redraw_unread(rng: random.Random, hh: Household, read: Sequence[set[str]],
                  pop: Population | None = None) -> tuple[Household, int]:
    """`hh` with every feature not in `read[i]` of member i drawn from the population model, and
    how many members kept the redraw. A member whose redrawn features would need a feature a
    checker read repaired, or break a rule, keeps its fuzzed values instead (the fuzzed household
    keeps every rule, so this ends). Every feature in `read` keeps its value either way."""
    pop = load_population() if pop is None else pop
    return settle_redraw(hh, read, draw_unread(rng, hh, read, pop))


def draw_unread(rng: random.Random, hh: Household, read: Sequence[set[str]], pop: Population) -> list[dict]:
    """`redraw_unread`'s draws alone (per member, the feature dict with its unread features
    drawn): the part that reads `rng`, so the fuzzer keeps it in order in one process and hands
    the rest (`settle_redraw`, no draws) to worker processes."""
    return _draw_free(rng, pop, hh, read, [_as_dict(m) for m in hh.members])


def settle_redraw(hh: Household, read: Sequence[set[str]], dicts: list[dict]) -> tuple[Household, int]:
    """`redraw_unread` after its draws (`draw_unread`): the fixes, repairs and rule checks,
    which draw nothing. Modifies `dicts`."""
    fuzzed = [_as_dict(m) for m in hh.members]
    reverted: set[int] = set()
    for i, d in enumerate(dicts):
        _fit(d, fuzzed[i], read[i])
        before = {f: d[f] for f in read[i]}
        cons.repair_member(d)
        if any(d[f] != v for f, v in before.items()):
            dicts[i], reverted = dict(fuzzed[i]), reverted | {i}
    while True:
        out = Household(tuple(_as_member(d) for d in dicts), hh.feature_schema)
        # a version-2 household's version-1 form (the 2024 edition's) must keep the rules too: a
        # v2 flag (blind, deaf) can be the only basis of a benefit (SSI) that the v1 form then lacks
        problems = cons.violations(out)
        if out.feature_schema == 2 and any(m.blind or m.deaf_or_hearing_loss for m in out.members):
            problems += cons.violations(v1_form(out))  # only these v2 flags are a v1 rule's basis
        bad = {_member_of(msg) for msg in problems} - reverted
        if not problems:
            return out, hh.size - len(reverted)
        if not bad:  # a household-level rule the fuzzed members alone cannot explain: keep hh
            return hh, 0
        for i in sorted(bad):
            dicts[i] = dict(fuzzed[i])
        reverted |= bad


_V1_VALUES = operator.attrgetter(*(f.name for f in ALL_FEATURES if f.name not in _V2_DEFAULTS))


def v1_form(hh: Household) -> Household:
    """`hh` with every version-2 flag at its default: the version-1 household (a `Member` built
    from its version-1 values alone takes the version-2 defaults, which come last)."""
    return Household(tuple(Member(*_V1_VALUES(m)) for m in hh.members))


__all__ = ["KEEP_BASIS", "KEPT", "draw_unread", "every_edition_checker", "features_read", "redraw_unread",
           "settle_redraw", "v1_form"]
