"""Sampling households from a loaded population; every household keeps the consistency rules."""
from __future__ import annotations

import bisect
import random
from typing import Any

from eligibench.datasets.population.conditions import CONDITIONS, DrawnHousehold
from eligibench.datasets.population.load import load_population
from eligibench.datasets.population.model import (
    ADULT_AGE,
    MAX_ATTEMPTS,
    ROSTER,
    FeaturePopulation,
    Population,
    PopulationError,
    cumulative,
)
from eligibench.datasets.population.rules import RULES, chance
from eligibench.household import FEATURES_BY_NAME, Household, member
from eligibench.household import consistency as cons

# Sampling.

def _adult_age(rng: random.Random, age: FeaturePopulation, at_least: int) -> int:
    """The self's age: the age marginal restricted to `at_least`+ (bins clipped, weights scaled
    by the share of each bin that remains)."""
    kept = []
    for b in age.bins:
        lo, hi = max(b.lo, at_least), min(b.hi, cons.MAX_AGE)
        if lo <= hi and b.p > 0:
            kept.append((lo, hi, b.p * (hi - lo + 1) / (b.hi - b.lo + 1)))
    cum = cumulative([w for _, _, w in kept])
    i = min(bisect.bisect_right(cum, rng.random() * cum[-1]), len(kept) - 1)
    return rng.randint(kept[i][0], kept[i][1])


def _draw_roster(rng: random.Random, pop: Population) -> list[dict[str, Any]]:
    size = pop.household_size.draw(rng)
    rel = pop["relation"]
    relations = ["self"]
    while len(relations) < size:
        r = rel.draw(rng)
        if r == "self" or (r == "spouse" and "spouse" in relations):
            continue  # member 0 is the only self; at most one spouse
        relations.append(r)
    self_age = _adult_age(rng, pop["age"], max(ADULT_AGE, cons.min_self_age(relations[1:])))
    members = [{"relation": "self", "age": self_age, "sex": pop["sex"].draw(rng)}]
    opposite = pop["sex"].params["spouse_opposite_sex_percent"]
    for r in relations[1:]:
        age = cons.plausible_age(rng, r, self_age)
        if r == "spouse" and chance(rng, opposite):
            sex = "female" if members[0]["sex"] == "male" else "male"
        else:
            sex = pop["sex"].draw(rng)
        members.append({"relation": r, "age": age, "sex": sex})
    return members


def draw_column(rng: random.Random, fp: FeaturePopulation, ctx: DrawnHousehold) -> list[Any]:
    """One value per member of `ctx` for feature `fp`, from its marginal, condition or rule (the
    fuzzer draws the features no checker reads with it: eligibench/datasets/unread.py)."""
    if fp.kind == "derived":
        return RULES[fp.rule].compute(rng, ctx, fp)
    cond = CONDITIONS[fp.given].test
    if fp.level == "household":
        value = fp.draw(rng) if cond(ctx, 0) else fp.otherwise
        return [value] * ctx.size
    return [fp.draw(rng) if cond(ctx, i) else fp.otherwise for i in range(ctx.size)]


def _draw_household(rng: random.Random, pop: Population) -> Household:
    """One household drawn from `pop`, before the consistency check."""
    ctx = DrawnHousehold(_draw_roster(rng, pop))
    for fp in pop.features:
        if fp.name in ROSTER:
            continue
        values = draw_column(rng, fp, ctx)
        feature = FEATURES_BY_NAME[fp.name]
        for d, v in zip(ctx.m, values):
            if feature.type in ("int", "float"):
                cap = cons.numeric_cap(fp.name, d["age"])
                if cap is not None and v > cap:
                    v = float(cap) if feature.type == "float" else cap
            d[fp.name] = v
    # Benefit contradictions (consistency.repair_member, issue 30): SSI without Medicaid
    # eligibility, Medicaid without a qualifying plan... repaired without draws, so the stream and
    # every household that already kept the rules stay as they were.
    # Statuses bound to an age, a sex or a relation (a runaway living with their parent, an
    # emancipated 15-year-old): cleared the same way, without draws.
    return Household(tuple(member(**cons.repair_member(cons.clear_bound_flags(d))) for d in ctx.m))


def sample_household(rng: random.Random, pop: Population) -> Household:
    """A household drawn from `pop` that keeps every consistency rule (redrawn when one does
    not, at most MAX_ATTEMPTS times, then PopulationError)."""
    last: list[str] = []
    for _ in range(MAX_ATTEMPTS):
        hh = _draw_household(rng, pop)
        last = cons.violations(hh)
        if not last:
            return hh
    raise PopulationError(
        "sample_household", f"no consistent household in {MAX_ATTEMPTS} draws; last problems: {'; '.join(last[:3])}"
    )


def sample_households(count: int, seed: int, pop: Population | None = None) -> list[Household]:
    """`count` households from one `random.Random(seed)`: the same list every run."""
    if count < 0:
        raise ValueError(f"count must be >= 0, got {count}")
    pop = load_population() if pop is None else pop
    rng = random.Random(seed)
    return [sample_household(rng, pop) for _ in range(count)]


