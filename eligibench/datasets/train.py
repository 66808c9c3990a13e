"""The train split: households from the same generators as the published ones, for training.

Why: the published rows are the development/test split and the sealed rows the official one;
anyone who trains needs households that are neither (issue 34). The train split is built like
them, with its own seeds: fuzzed households (the same fuzzer, near the same checker thresholds:
coverage) and population households (the same sampler: representativeness), each shown a random
set of opportunities from the pool and labelled by the same checkers, traced (labels, trace ids,
needed facts). Two differences, both measured or argued:

- the `flip` column is empty: the counterfactual search is ~98% of a row's build cost (161 ms of
  164 per household, 2026-11-25); 5,000 households build in about 20 s without it;
- a household equal or nearly equal to a published one (`near_key`: every feature but the
  name, money rounded to $1,000) is dropped, so training on the split never means training on a
  test household. The sealed split's households are derived from a secret seed the build does
  not see; tests/datasets/test_train.py builds a sealed split with a test secret and proves the
  two share no near key.

Seeds: `sha256("benyfits-train", train.seed, purpose)`: the public stages use `households.seed`
and `representative.seed` directly and the sealed split `sha256("benyfits-sealed", secret, ...)`,
so no stream is shared (`train_seed` refuses a base seed equal to a public one).
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from eligibench import params as P
from eligibench.datasets.fuzz import fuzz_households, thresholds_from_checkers
from eligibench.datasets.params import HouseholdsParams, RepresentativeParams
from eligibench.datasets.population import load_population, sample_households, sample_v2
from eligibench.datasets.rows import Row, RowSpec, build_rows
from eligibench.datasets.version import with_content_version
from eligibench.errors import ParamsError
from eligibench.household import Household, member_to_dict

DATASET = "train"
SPLIT = "train"  # the Hugging Face split name of the train configurations
MONEY = ("annual_work_income", "annual_investment_income", "monthly_rent_spending", "available_financial_resources")
MONEY_STEP = 1000  # near_key rounds money to this many dollars


@dataclass(frozen=True)
class TrainParams:
    fuzzed: int  # households from the fuzzer
    population: int  # households from the population sampler
    seed: int
    opportunities_min: int
    opportunities_max: int

    @classmethod
    def read(cls, params: Mapping[str, Any]) -> TrainParams:
        s = P.section(dict(params), "train")
        lo = P.get(s, "train.opportunities_min", int, 1)
        hi = P.get(s, "train.opportunities_max", int, lo)
        return cls(P.get(s, "train.fuzzed", int, 0, 10_000_000), P.get(s, "train.population", int, 0, 10_000_000),
                   P.get(s, "train.seed", int), lo, hi)

    @property
    def count(self) -> int:
        return self.fuzzed + self.population


def train_seed(base: int, purpose: str, public: Iterable[int] = ()) -> int:
    """A 63-bit seed for one purpose ("fuzzed", "population", "opportunities")."""
    if base in set(public):
        raise ParamsError(f"params.yaml: 'train.seed' is {base}, the seed of a published dataset: "
                          "choose another so the train split shares no random stream with the test split")
    digest = hashlib.sha256(f"benyfits-train\0{base}\0{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def near_key(hh: Household) -> tuple:
    """What makes two households the same for contamination: every feature of every member (in
    order) except the name, money rounded to MONEY_STEP dollars."""
    out = []
    for m in hh.members:
        d = member_to_dict(m, hh.feature_schema)
        d.pop("name", None)
        for k in MONEY:
            d[k] = round(float(d[k]) / MONEY_STEP)
        out.append(tuple(sorted(d.items())))
    return tuple(out)


def build_train(checkers: Mapping[str, Any], checker_modules: Sequence[Any], catalog_json: Mapping[str, Any],
                params: Mapping[str, Any], exclude: Iterable[Household], edition: str = "2024",
                feature_schema: int = 1) -> tuple[list[Row], int]:
    """The train rows of `edition` (traced `checkers`) and how many generated households were
    dropped as near-duplicates of `exclude` (the published households) or of each other."""
    tp = TrainParams.read(params)
    hp = HouseholdsParams.read(dict(params))
    public = (hp.seed, RepresentativeParams.read(dict(params), tuple(checkers)).seed)
    fuzzed = fuzz_households(tp.fuzzed, train_seed(tp.seed, "fuzzed", public), thresholds_from_checkers(checker_modules),
                             hp.max_members, feature_schema=feature_schema) if tp.fuzzed else []
    sampled = sample_households(tp.population, train_seed(tp.seed, "population", public), load_population()) \
        if tp.population else []
    if feature_schema == 2 and sampled:
        sampled = sample_v2(sampled, train_seed(tp.seed, "population-v2", public))
    seen = {near_key(hh) for hh in exclude}
    kept: list[Household] = []
    for hh in [*fuzzed, *sampled]:
        key = near_key(hh)
        if key not in seen:
            seen.add(key)
            kept.append(hh)
    rng = random.Random(train_seed(tp.seed, "opportunities", public))
    pool = sorted(checkers)
    prefix = DATASET if edition == "2024" else f"{DATASET}-{edition}"
    specs = []
    for n, hh in enumerate(kept):  # the draws first, in order; the rows draw nothing (worker processes)
        k = min(len(pool), rng.randint(tp.opportunities_min, tp.opportunities_max))
        specs.append(RowSpec(f"{prefix}-{n:05d}", DATASET, hh, tuple(sorted(rng.sample(pool, k)))))
    rows = build_rows(specs, dict(checkers), flips=False)
    return with_content_version(rows, catalog_json), tp.count - len(kept)
