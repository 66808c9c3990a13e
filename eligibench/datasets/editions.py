"""Datasets of a later edition (eligibench.catalog.editions), built the way the 2024 ones are.

The 2024 datasets keep their stages, files and data versions: `load_dataset(..., "diverse")`
keeps meaning 2024. A later edition fuzzes its own households (the same seed and count, with
its own checkers' thresholds, so households land near the thresholds that moved), selects its
Diverse set by the same coverage rule, samples its Representative households from the same
population marginals and seed, and labels both with its own checkers. Its rows carry their own
content-addressed data version (the catalog JSON it hashes is the edition's), so the two
editions never share a data version. Row ids carry the edition (`diverse-2026-08-0003`); the
`dataset` column stays the dataset kind (`diverse`), which evaluation code keys on.

An edition whose manifest says `feature_schema: 2` gets version-2 households: the same fuzzed
and sampled version-1 households, then the version-2 flags from their own generators
(`fuzz.with_v2_flags`, `population.sample_v2`); the 2024 stages never ask for it.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Mapping

from eligibench.datasets.diverse import select
from eligibench.datasets.fuzz import fuzz_households, thresholds_from_checkers
from eligibench.datasets.interests import balanced_interests
from eligibench.datasets.params import DiverseParams, HouseholdsParams, RepresentativeParams
from eligibench.datasets.population import load_population, sample_households, sample_v2
from eligibench.datasets.rows import Row, build_row
from eligibench.datasets.version import with_content_version
from eligibench.household import Household
from eligibench.truth import trace_all, traced_checkers


def config_name(dataset: str, edition: str) -> str:
    """The published configuration of a dataset in an edition: `diverse-2026-08` (2024: `diverse`)."""
    return dataset if edition == "2024" else f"{dataset}-{edition}"


@dataclass(frozen=True)
class EditionDatasets:
    households: tuple[Household, ...]  # the fuzzed pool Diverse is selected from
    diverse: tuple[Row, ...]
    representative: tuple[Row, ...]
    coverage: Mapping[str, Any]


def build_edition_datasets(edition: str, checkers: Mapping[str, ModuleType], catalog_json: Mapping[str, Any],
                           params: Mapping[str, Any], progress: Callable[[int], None] | None = None,
                           feature_schema: int = 1) -> EditionDatasets:
    """Diverse and Representative rows of `edition` from the `households`, `diverse` and
    `representative` params (the same ones the 2024 stages read), households in schema version
    `feature_schema` (the edition manifest's)."""
    from eligibench.datasets.coverage import coverage

    hp = HouseholdsParams.read(dict(params))
    dp = DiverseParams.read(dict(params))
    households = fuzz_households(hp.count, hp.seed, thresholds_from_checkers(checkers.values()), hp.max_members,
                                 progress=progress, feature_schema=feature_schema)
    traced = traced_checkers(dict(checkers))
    matrix = trace_all(households, traced)
    sel = select(matrix, dp.coverage)
    prefix = config_name("diverse", edition)
    diverse = with_content_version([build_row(f"{prefix}-{n:04d}", "diverse", households[i], sel.pairs[i], traced)
                                    for n, i in enumerate(sel.households)], catalog_json)
    rp = RepresentativeParams.read(_pool_in_edition(params, tuple(traced)), tuple(traced))
    sampled = sample_households(rp.count, rp.seed, load_population())
    if feature_schema == 2:
        sampled = sample_v2(sampled, rp.seed)
    interests = balanced_interests(len(sampled), rp.pool, rp.opportunities_min, rp.opportunities_max, rp.seed,
                                   rp.per_opportunity)
    prefix = config_name("representative", edition)
    representative = with_content_version([build_row(f"{prefix}-{n:04d}", "representative", hh, wanted, traced)
                                           for n, (hh, wanted) in enumerate(zip(sampled, interests))], catalog_json)
    return EditionDatasets(tuple(households), tuple(diverse), tuple(representative),
                           coverage(matrix, sel, diverse, len(households)))


def _pool_in_edition(params: Mapping[str, Any], ids: tuple[str, ...]) -> dict[str, Any]:
    """`representative` with `editions.representative` merged over it (an edition with fewer
    opportunities cannot give each the 2024 per_opportunity count), and a pool list keeping only
    the edition's opportunities (removed ones drop out)."""
    out = dict(params)
    rep = dict(out.get("representative") or {}) | dict((out.get("editions") or {}).get("representative") or {})
    if isinstance(rep.get("pool"), list):
        rep["pool"] = [x for x in rep["pool"] if x in set(ids)]
    out["representative"] = rep
    return out
