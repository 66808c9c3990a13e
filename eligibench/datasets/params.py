"""The dataset stages' params, validated before any work: each error names the key."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from eligibench import params as P
from eligibench.datasets.diverse import COVERAGE_MODES
from eligibench.errors import ParamsError
from eligibench.household import MAX_MEMBERS


@dataclass(frozen=True)
class HouseholdsParams:
    count: int
    seed: int
    max_members: int

    @classmethod
    def read(cls, params: dict[str, Any]) -> HouseholdsParams:
        s = P.section(params, "households")
        return cls(P.get(s, "households.count", int, 1, 10_000_000), P.get(s, "households.seed", int),
                   P.get(s, "households.max_members", int, 1, MAX_MEMBERS))


@dataclass(frozen=True)
class DiverseParams:
    coverage: str

    @classmethod
    def read(cls, params: dict[str, Any]) -> DiverseParams:
        mode = P.get(P.section(params, "diverse"), "diverse.coverage", str)
        if mode not in COVERAGE_MODES:
            raise ParamsError(f"params.yaml: 'diverse.coverage' is {mode!r}, expected one of: {', '.join(COVERAGE_MODES)}")
        return cls(mode)


@dataclass(frozen=True)
class RepresentativeParams:
    count: int
    seed: int
    opportunities_min: int
    opportunities_max: int
    pool: tuple[str, ...]  # opportunities households may be interested in
    # times each pool opportunity is assigned (the paper: 3, so 82 x 3 = 246 pairs); None: sizes
    # uniform in [min, max] and counts balanced to +-1 (datasets/interests.py)
    per_opportunity: int | None = None

    @classmethod
    def read(cls, params: dict[str, Any], known_ids: Sequence[str]) -> RepresentativeParams:
        s = P.section(params, "representative")
        count = P.get(s, "representative.count", int, 1, 1_000_000)
        seed = P.get(s, "representative.seed", int)
        lo = P.get(s, "representative.opportunities_min", int, 1)
        hi = P.get(s, "representative.opportunities_max", int, 1)
        pool_raw = s.get("pool", "all")
        if pool_raw == "all":
            pool = tuple(known_ids)
        elif isinstance(pool_raw, list) and all(isinstance(x, str) for x in pool_raw):
            unknown = [x for x in pool_raw if x not in set(known_ids)]
            if unknown:
                raise ParamsError(f"params.yaml: 'representative.pool' has unknown opportunity id {unknown[0]!r}")
            pool = tuple(dict.fromkeys(pool_raw))
        else:
            raise ParamsError("params.yaml: 'representative.pool' must be 'all' or a list of opportunity ids")
        if lo > hi:
            raise ParamsError(f"params.yaml: 'representative.opportunities_min' ({lo}) is above 'opportunities_max' ({hi})")
        if hi > len(pool):
            raise ParamsError(f"params.yaml: 'representative.opportunities_max' is {hi} but the pool has only "
                              f"{len(pool)} opportunities: the range cannot be met")
        per = s.get("per_opportunity")
        if per is not None:
            per = P.get(s, "representative.per_opportunity", int, 1, 1000)
            if not count * lo <= per * len(pool) <= count * hi:
                raise ParamsError(
                    f"params.yaml: 'representative.per_opportunity' is {per}: {per} x {len(pool)} opportunities = "
                    f"{per * len(pool)} pairs, but {count} households of {lo}-{hi} hold {count * lo}-{count * hi}")
        return cls(count, seed, lo, hi, pool, per)


@dataclass(frozen=True)
class PublishParams:
    repo_id: str | None
    private: bool

    @classmethod
    def read(cls, params: dict[str, Any]) -> PublishParams:
        s = P.section(params, "publish")
        repo = s.get("repo_id") or None
        if repo is not None and (not isinstance(repo, str) or repo.count("/") != 1):
            raise ParamsError(f"params.yaml: 'publish.repo_id' is {repo!r}, expected 'owner/name' or empty")
        return cls(repo, P.get(s, "publish.private", bool))


def dataset_params(params: dict[str, Any]) -> dict[str, Any]:
    """The params every dataset byte depends on (they enter the data version)."""
    return {k: params[k] for k in ("households", "diverse", "representative") if k in params}
