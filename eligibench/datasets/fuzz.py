"""The Diverse dataset's fuzzer: random households aimed at the checkers' thresholds.

Uniform sampling rarely lands a household exactly on an age or income limit, so the traces it
produces bunch up. The fuzzer reads the limits out of the checker sources
(`thresholds_from_checkers`) and draws half of every numeric value uniformly over a sensible
range and half right at a limit (t-1, t, t+1). Everything else is uniform over its vocabulary,
except where `eligibench.consistency` forbids a combination: every household it returns keeps
all consistency rules (its tests assert this). The benefit rules of issue 30 are kept by repair
(`consistency.repair_member`, no draws): a coin per flag would otherwise give 98% of households a
contradiction such as receiving Medicaid while not eligible for it (docs/consistency.md).

Determinism: one `random.Random(seed)`, features visited in schema order, no sets iterated, so
`fuzz_households(count, seed, thresholds)` is the same list every run.

Second pass (`eligibench.datasets.unread`): every feature no checker of any edition reads for a
member (measured by running the checkers with recording members) is drawn again from the
population model conditioned on the member, from its own generator (`POPULATION_SEED`). A feature
no checker read cannot change a trace, so the Diverse coverage is the pass's to keep, not to
lose; what it removes is the coin-flip person (a 93-year-old who "aged out of foster care").

Feature schema version 2 (`feature_schema=2`, for an edition that asks for it): the version-1
features are drawn exactly as for version 1 (the same households, member for member), then the
version-2 flags from a second generator seeded from `seed` (`V2_SEED`), so the main stream,
and every version-1 household, is untouched.
"""
from __future__ import annotations

import ast
import bisect
import operator
import random
from functools import lru_cache
from types import ModuleType
from typing import Callable, Iterable, Mapping, Sequence

from eligibench.errors import ParamsError
from eligibench.household import (
    FEATURE_NAMES,
    FEATURES,
    FEATURES_BY_NAME,
    MAX_MEMBERS,
    V2_FEATURE_NAMES,
    Household,
    Member,
    pick_name,
    pick_surname,
)
from eligibench.household import consistency as cons
from eligibench.truth import checker_source

Thresholds = Mapping[str, tuple[float, ...]]

NUMERIC_FEATURES: tuple[str, ...] = tuple(f.name for f in FEATURES if f.type in ("int", "float"))
MONEY_FEATURES = ("annual_work_income", "annual_investment_income", "available_financial_resources")
INCOME_FEATURES = ("annual_work_income", "annual_investment_income")
TABLE_NAME_WORDS = ("INCOME", "LIMIT", "TABLE", "MAX", "MIN")
MONEY_MIN = 1000  # a named module constant this large, not compared with a feature, is dollars

# Sensible (lo, hi) for the uniform half of numeric draws; the schema bounds still apply.
RANGES: dict[str, tuple[float, float]] = {
    "age": (0, cons.MAX_AGE),
    "annual_work_income": (0, 250_000),
    "annual_investment_income": (0, 250_000),
    "work_hours_per_week": (0, 80),
    "days_looking_for_work": (0, 730),
    "monthly_rent_spending": (0, 6000),
    "months_owned_property": (0, 600),
    "available_financial_resources": (0.0, 100_000.0),
    "months_since_worked": (-1, 240),
    "months_pregnant": (0, 9),
    "college_credits": (0, 150),
    "gpa": (0.0, 4.0),
    "got_heap_ac": (0, 20),
    "evicted_months_ago": (0, 120),
    "consecutive_work_weeks": (0, 52),
    "nonconsecutive_work_days": (0, 366),
    "years_sober": (-1, 40),
}
_missing = [n for n in NUMERIC_FEATURES if n not in RANGES]
assert not _missing, f"fuzz.RANGES lacks numeric features {_missing}"

_RELATIONS = tuple(v for v in FEATURES_BY_NAME["relation"].values if v != "self")
_BOOLS = tuple(f.name for f in FEATURES if f.type == "bool")
# Flags some ages or one sex may not have (checked per member); the rest are free coin flips.
_LIMITED_BOOLS = tuple(
    f for f in _BOOLS
    if f in cons.FLAG_AGE_RANGES or f in cons.MALE_ONLY_FLAGS or f in cons.FEMALE_ONLY_FLAGS
    or f in cons.FLAG_EXCLUDED_RELATIONS
)
_FLOATS = tuple(f.name for f in FEATURES if f.type == "float")
_CHOICES = tuple(
    f.name for f in FEATURES
    if f.type == "choice" and f.name not in ("relation", "sex", "current_school_level", "high_school_equivalent")
)
_OTHER_NUMERIC = tuple(n for n in NUMERIC_FEATURES if n != "age" and n not in MONEY_FEATURES)
_SHARE_SURNAME = ("spouse", "child", "stepchild", "adopted child", "grandchild")


# ---------------------------------------------------------------------------------------------
# Thresholds from checker sources.

def _number(node: ast.AST, module: ModuleType) -> float | None:
    """The numeric value of a literal, a negated literal, or a module-level numeric name."""
    if isinstance(node, ast.Constant):
        v = node.value
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand, module)
        return None if inner is None else -inner
    elif isinstance(node, ast.Name):
        v = getattr(module, node.id, None)
    else:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return v


def _feature_of(node: ast.AST) -> str | None:
    """`<something>.<feature>` for a numeric schema feature, else None."""
    if isinstance(node, ast.Attribute) and node.attr in FEATURES_BY_NAME:
        if FEATURES_BY_NAME[node.attr].type in ("int", "float"):
            return node.attr
    return None


def _numbers_in(value: object) -> list[float]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [value]
    if isinstance(value, (tuple, list)):
        return [x for item in value for x in _numbers_in(item)]
    return []


def _module_thresholds(module: ModuleType, found: dict[str, list[float]]) -> None:
    # a variant (checkers/editions/variant.py) compares in its twin's code with its own constants
    source = checker_source(module)
    tree = source.tree
    if source.variant_path is not None:
        tree.body += ast.parse(source.variant_path.read_text(encoding="utf-8")).body
    compared_names: list[str] = []  # module constants compared with a feature (not dollars)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for (a, b), op in zip(zip(operands, operands[1:]), node.ops):
            for x, c in ((a, b), (b, a)):
                feature = _feature_of(x)
                if feature is None:
                    continue
                if isinstance(op, (ast.In, ast.NotIn)) and isinstance(c, (ast.Tuple, ast.List)) and x is a:
                    values = [_number(e, module) for e in c.elts]
                else:
                    values = [_number(c, module)]
                    if isinstance(c, ast.Name):
                        compared_names.append(c.id)
                found.setdefault(feature, []).extend(v for v in values if v is not None)
    # Income tables and money limits: module-level assignments.
    for stmt in tree.body:
        if not isinstance(stmt, ast.Assign):
            continue
        for target in stmt.targets:
            if not isinstance(target, ast.Name) or target.id in compared_names:
                continue
            name = target.id
            values = _numbers_in(getattr(module, name, None))
            if not values:
                continue
            if not any(w in name.upper() for w in TABLE_NAME_WORDS) and max(values) < MONEY_MIN:
                continue
            if "MONTH" in name.upper():
                values = values + [v * 12 for v in values]
            for feature in MONEY_FEATURES:
                found.setdefault(feature, []).extend(values)


def thresholds_from_checkers(modules: Iterable[ModuleType]) -> dict[str, tuple[float, ...]]:
    """Feature -> sorted unique constants the checkers compare it with.

    Found by parsing each module's source: every comparison `<obj>.<feature> <op> C` (either
    side; C a literal, a negated literal or a module constant; `in (C1, C2)` counts each) with a
    numeric schema feature. Module-level numbers and tuples whose name contains INCOME, LIMIT,
    TABLE, MAX or MIN, or whose value is dollar-sized (>= 1000), and that are not themselves
    compared with a feature, are recorded for annual_work_income, annual_investment_income and
    available_financial_resources; names with MONTH are also recorded times 12 (monthly tables
    against yearly income).
    """
    found: dict[str, list[float]] = {}
    for module in modules:
        _module_thresholds(module, found)
    out: dict[str, tuple[float, ...]] = {}
    for feature in sorted(found):
        kind = FEATURES_BY_NAME[feature].type
        values = sorted({int(v) if kind == "int" and float(v).is_integer() else v for v in found[feature]})
        out[feature] = tuple(values)
    return out


# ---------------------------------------------------------------------------------------------
# Near-threshold values, prepared once per thresholds mapping.

def _clamp(feature: str, v: float) -> float:
    f = FEATURES_BY_NAME[feature]
    if f.min is not None and v < f.min:
        v = f.min
    if f.max is not None and v > f.max:
        v = f.max
    return v


def _near(feature: str, ts: tuple[float, ...]) -> tuple:
    """Sorted values t-1, t, t+1 (ints) or t-0.01, t, t+0.01 (floats) for every t, clamped."""
    out = []
    if FEATURES_BY_NAME[feature].type == "float":
        for t in ts:
            out += [round(_clamp(feature, t + d), 2) for d in (-0.01, 0.0, 0.01)]
        return tuple(sorted(float(v) for v in out))
    for t in ts:
        base = int(t) if float(t).is_integer() else None
        if base is None:  # a fractional limit on an integer feature: the integers around it
            lo = int(t // 1)
            cands = (lo, lo + 1)
        else:
            cands = (base - 1, base, base + 1)
        out += [int(_clamp(feature, c)) for c in cands]
    return tuple(sorted(out))


@lru_cache(maxsize=8)
def _plan(key: tuple) -> dict[str, tuple]:
    return {feature: _near(feature, tuple(ts)) for feature, ts in key if feature in RANGES and ts}


def _plan_for(thresholds: Thresholds) -> dict[str, tuple]:
    key = tuple(sorted((k, tuple(v)) for k, v in thresholds.items()))
    return _plan(key)


# ---------------------------------------------------------------------------------------------
# Sampling.

def _uniform(rng: random.Random, feature: str, lo: float | None = None, hi: float | None = None):
    rlo, rhi = RANGES[feature]
    lo = rlo if lo is None else max(lo, rlo)
    hi = rhi if hi is None else min(hi, rhi)
    if FEATURES_BY_NAME[feature].type == "float":
        return round(rng.uniform(lo, hi), 2)
    return rng.randint(int(lo), int(hi))


def _draw(rng: random.Random, plan: Mapping[str, tuple], feature: str, lo=None, hi=None):
    """Half uniform over the range, half one of the near-threshold values inside [lo, hi]."""
    near = plan.get(feature)
    if near and rng.random() < 0.5:
        i = 0 if lo is None else bisect.bisect_left(near, lo)
        j = len(near) if hi is None else bisect.bisect_right(near, hi)
        if i < j:
            return near[rng.randrange(i, j)]
    if lo is not None and hi is not None and lo > hi:
        raise AssertionError(f"empty range for {feature}")
    return _uniform(rng, feature, lo, hi)


def _roster(rng: random.Random, max_members: int) -> list[str]:
    size = rng.randint(1, max_members)
    relations = ["self"]
    for _ in range(size - 1):
        r = rng.choice(_RELATIONS)
        while r == "spouse" and "spouse" in relations:
            r = rng.choice(_RELATIONS)
        relations.append(r)
    return relations


def _money(rng: random.Random, plan: Mapping[str, tuple], features: tuple[str, ...], people: list[dict]) -> None:
    """Set money `features` (summed together by the checkers) on every member.

    Half the households are "concentrated": one member gets a near-threshold amount in one of
    the features and every other amount is 0, so the household sum lands exactly on a table
    edge (t-1, t, t+1). The other half draw each amount independently: 1/4 zero (most people
    have no investment income or savings), else half uniform, half near a threshold.
    """
    zero = {f: 0.0 if FEATURES_BY_NAME[f].type == "float" else 0 for f in features}
    for p in people:
        for f in features:
            p[f] = zero[f]
    if rng.random() < 0.5:
        options = [
            (p, f) for p in people for f in features
            if plan.get(f) and cons.numeric_cap(f, p["age"]) != 0
        ]
        if options:
            p, f = options[rng.randrange(len(options))]
            near = plan[f]
            p[f] = near[rng.randrange(len(near))]
            return
    for p in people:
        for f in features:
            if cons.numeric_cap(f, p["age"]) == 0 or rng.random() < 0.25:
                continue
            p[f] = _draw(rng, plan, f, 0)


def _people(rng: random.Random, plan: Mapping[str, tuple], relations: list[str]) -> list[dict]:
    """Relation, age, sex and name per member. Ages: self first (old enough for the roster),
    then the others within their bounds."""
    lo = cons.min_self_age(relations[1:])
    self_age = _draw(rng, plan, "age", lo, cons.MAX_AGE)
    people: list[dict] = []
    surname = pick_surname(rng)
    for r in relations:
        if r == "self":
            age = self_age
        else:
            a_lo, a_hi = cons.age_bounds(r, self_age)
            age = _draw(rng, plan, "age", a_lo, a_hi)
        sex = rng.choice(("male", "female"))
        last = surname if r == "self" or (r in _SHARE_SURNAME and rng.random() < 0.8) else None
        people.append({"relation": r, "age": age, "sex": sex, "name": pick_name(rng, sex, last)})
    return people


def fuzz_household(rng: random.Random, thresholds: Thresholds, max_members: int = MAX_MEMBERS) -> Household:
    """One consistent household: roster, threshold-dense ages, then every other feature."""
    plan = _plan_for(thresholds)
    relations = _roster(rng, max_members)

    people = _people(rng, plan, relations)
    _money(rng, plan, INCOME_FEATURES, people)
    _money(rng, plan, ("available_financial_resources",), people)

    has_spouse = "spouse" in relations
    has_parented_child = any(r in cons.PARENTED_RELATIONS for r in relations)
    # One in three households draws its yes/no features with a strong lean (mostly no, or mostly
    # yes): a checker with a long chain of "or" conditions is only reached deep down when most
    # of them are false, which a fair coin per feature almost never gives.
    lean = rng.choice((0.5, 0.5, 0.5, 0.5, 0.05, 0.95))
    for p in people:
        age, sex, rel = p["age"], p["sex"], p["relation"]
        if lean == 0.5:
            bits = rng.getrandbits(len(_BOOLS))
            for k, f in enumerate(_BOOLS):
                p[f] = bits >> k & 1 == 1
        else:
            for f in _BOOLS:
                p[f] = rng.random() < lean
        for f in _LIMITED_BOOLS:
            if p[f] and not cons.flag_allowed(f, age, sex, rel):
                p[f] = False
        for f in _CHOICES:
            p[f] = rng.choice(FEATURES_BY_NAME[f].values)
        level = rng.choice(cons.school_levels_for_age(age))
        p["current_school_level"] = level
        if age < cons.HSE_MIN_AGE or level in cons.GRADES:
            p["high_school_equivalent"] = cons.NO_DIPLOMA
        else:
            p["high_school_equivalent"] = rng.choice(FEATURES_BY_NAME["high_school_equivalent"].values)
        for f in _OTHER_NUMERIC:
            cap = cons.numeric_cap(f, age)
            if cap is not None and cap <= RANGES[f][0]:
                p[f] = cap  # the only value the age allows (0, or -1 = never worked)
                continue
            p[f] = _draw(rng, plan, f, None, cap)

        # Relation- and flag-dependent fix-ups the rules require.
        if not cons.pregnancy_allowed(age, sex):
            p["months_pregnant"] = 0
        if not p["is_property_owner"]:
            p["months_owned_property"] = 0
        if p["in_foster_care"]:
            p["foster_age_out"] = False
            p["emancipated_minor"] = False  # rule emancipated_minor: foster care is the state's custody
        if rel == "self":
            p["dependent"] = False
            if age < cons.SELF_ALONE_MIN_AGE:
                p["is_runaway"] = True  # rule self_min_age: a self under 16 is a runaway youth on their own
        if rel not in ("self", "spouse") or not has_spouse:
            p["filing_jointly"] = False
        if rel in ("self", "spouse") and has_parented_child:
            p["is_parent"] = True
        if p["gpa"] > 0 and not (level in cons.GRADES or level == "college" or p["college_credits"] > 0):
            p["gpa"] = 0.0
        _work_agrees(rng, plan, p)
        if p["housing_type"] in cons.NYC_ONLY_HOUSING:
            p["place_of_residence"] = cons.NYC
        if p["place_of_residence"] != cons.NYC:
            p["receives_hra"] = False  # rule hra_in_nyc: HRA serves New York City residents only
        # Benefit contradictions (issue 30: "You receive Medicaid. You are not eligible for
        # Medicaid."): what a benefit implies is set, a benefit without its basis is cleared.
        # No draws, so a member that keeps the rules is left as drawn.
        cons.repair_member(p)
    return Household(tuple(_build(p) for p in people))


def _work_agrees(rng: random.Random, plan: Mapping[str, tuple], p: dict) -> None:
    """Keep rule work_hours_and_income: income was drawn first (aimed at the income tables), so
    a member with work income works at least an hour a week, one without works none."""
    if p["annual_work_income"] > 0:
        if p["work_hours_per_week"] == 0:
            # within a minor's legal weekly hours (rule minor_work_hours)
            p["work_hours_per_week"] = _draw(rng, plan, "work_hours_per_week", 1,
                                             cons.numeric_cap("work_hours_per_week", p["age"]))
    else:
        p["work_hours_per_week"] = 0
        p["works_outside_home"] = False


def _build(values: dict) -> Member:
    """A Member from a complete feature dict. Every value comes from the schema's vocabulary or
    a clamped range above, so the per-value validation of `household.member` (about half the
    fuzzer's time) is skipped; the tests round-trip fuzzed households through
    `Household.from_dict` to prove they validate."""
    for n in _FLOATS:
        values[n] = float(values[n])
    # Positional (fields are in FEATURE_NAMES order): six times faster than 124 keywords.
    return Member(*[values[n] for n in FEATURE_NAMES])


_ALL_NAMES = (*FEATURE_NAMES, *V2_FEATURE_NAMES)  # Member's fields, in order
_all_values = operator.attrgetter(*_ALL_NAMES)
V2_SEED = "features-v2:{seed}"  # str seeds hash with sha512: stable across runs and platforms
V2_LEANS = (0.5, 0.5, 0.05, 0.05, 0.95)
POPULATION_SEED = "population:{seed}"  # the unread features' generator (eligibench/datasets/unread.py)  # as for version 1: long "or" chains need mostly-false households


def with_v2_flags(rng: random.Random, hh: Household) -> Household:
    """`hh` as a version-2 household: each version-2 flag a coin with the household's lean, then
    every flag a consistency rule forbids for that member cleared (`consistency.v2_problems`)."""
    lean = rng.choice(V2_LEANS)
    members = []
    for m in hh.members:
        p = dict(zip(_ALL_NAMES, _all_values(m)))
        for f in V2_FEATURE_NAMES:
            p[f] = rng.random() < lean
        _clear_v2(p)
        members.append(Member(*[p[n] for n in _ALL_NAMES]))  # positional: fields in schema order
    return Household(tuple(members), 2)


def _clear_v2(p: dict) -> None:
    # clearing one flag can break another (school meals need the lunch-program school): repeat
    for _ in range(len(V2_FEATURE_NAMES)):
        problems = cons.v2_problems(p)
        if not problems:
            return
        for f, _ in problems:
            p[f] = False


def _check_params(count: int, max_members: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ParamsError(f"fuzz count must be an integer >= 1, got {count!r}")
    if isinstance(max_members, bool) or not isinstance(max_members, int) or not 1 <= max_members <= MAX_MEMBERS:
        raise ParamsError(f"fuzz max_members must be an integer from 1 to {MAX_MEMBERS}, got {max_members!r}")


def fuzz_households(count: int, seed: int, thresholds: Thresholds, max_members: int = MAX_MEMBERS,
                    progress: Callable[[int], None] | None = None, feature_schema: int = 1,
                    readers: Sequence[ModuleType] | None = None) -> list[Household]:
    """`count` fuzzed households from one `random.Random(seed)`: same arguments, same list.

    Each household's features that no checker in `readers` reads (default: every edition's
    checkers, `unread.every_edition_checker`) are then drawn from the population model
    (`unread.redraw_unread`, its own generator `POPULATION_SEED`), read on both schema forms of
    the household so that a version-2 household keeps the version-1 household's features.
    `readers=()` skips that pass (every feature stays as fuzzed)."""
    _check_params(count, max_members)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ParamsError(f"fuzz seed must be an integer, got {seed!r}")
    if feature_schema not in (1, 2):
        raise ParamsError(f"fuzz feature_schema must be 1 or 2, got {feature_schema!r}")
    from eligibench.datasets import unread, unread_pool

    readers = unread.every_edition_checker() if readers is None else tuple(readers)
    rng = random.Random(seed)
    rng2 = random.Random(V2_SEED.format(seed=seed))
    out: list[Household] = []

    def tick() -> None:
        if progress and len(out) % 500 == 0:
            progress(500)

    if not readers:
        for _ in range(count):
            v2 = with_v2_flags(rng2, fuzz_household(rng, thresholds, max_members))
            out.append(v2 if feature_schema == 2 else unread.v1_form(v2))
            tick()
    else:
        fuzzed = (with_v2_flags(rng2, fuzz_household(rng, thresholds, max_members)) for _ in range(count))
        rng_pop = random.Random(POPULATION_SEED.format(seed=seed))
        for hh in unread_pool.redraw_in_order(fuzzed, rng_pop, readers, feature_schema):
            out.append(hh)
            tick()
    if progress:
        progress(len(out) % 500)
    return out
