"""Stage `representative`: households sampled from population marginals, each interested in a
balanced set of opportunities (every pool opportunity equally often: datasets/interests.py);
labels from the checkers."""

import sys

from checkers import registry
from eligibench import params, paths
from eligibench.datasets import (
    RepresentativeParams,
    balanced_interests,
    build_row,
    unverified_flips,
    with_content_version,
    write_parquet,
)
from eligibench.datasets.population import load_population, sample_households
from eligibench.errors import run_main
from eligibench.files import read_json
from eligibench.truth import traced_checkers

OUT = paths.REPRESENTATIVE


def main() -> None:
    all_params = params.load()
    checkers = traced_checkers(registry())
    p = RepresentativeParams.read(all_params, tuple(checkers))
    households = sample_households(p.count, p.seed, load_population())
    # interests come from their own stream so that changing them leaves the households alone
    interests = balanced_interests(len(households), p.pool, p.opportunities_min, p.opportunities_max, p.seed,
                                   p.per_opportunity)
    rows = [build_row(f"representative-{n:04d}", "representative", hh, wanted, checkers)
            for n, (hh, wanted) in enumerate(zip(households, interests))]
    unverified = unverified_flips(rows, checkers)
    if unverified:
        raise RuntimeError(f"{len(unverified)} flips do not hold when re-run, first: {unverified[0]}")
    rows = with_content_version(rows, read_json(paths.CATALOG_JSON))
    write_parquet(OUT, rows)
    pairs = sum(len(r.opportunities) for r in rows)
    positives = sum(sum(r.labels) for r in rows)
    print(f"representative: {len(rows)} households, {pairs} pairs, {positives} positive -> {OUT}")


if __name__ == "__main__":
    sys.exit(run_main("stage representative", main))
