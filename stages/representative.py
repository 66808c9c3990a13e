"""Stage `representative`: households sampled from population marginals, each interested in a
random set of opportunities; labels from the checkers."""
import random

from checkers import registry
from eligibench import params
from eligibench.dataset_params import RepresentativeParams, dataset_params
from eligibench.population import load_population, sample_households
from eligibench.rows import build_row, write_parquet
from eligibench.tracing import traced_checkers
from eligibench.version import data_version

OUT = "data/datasets/representative.parquet"


def main() -> None:
    all_params = params.load()
    checkers = traced_checkers(registry())
    p = RepresentativeParams.read(all_params, tuple(checkers))
    version = data_version(dataset_params(all_params))
    households = sample_households(p.count, p.seed, load_population())
    # interests come from their own stream so that changing them leaves the households alone
    rng = random.Random(p.seed + 1)
    rows = []
    for n, hh in enumerate(households):
        k = rng.randint(p.opportunities_min, p.opportunities_max)
        interests = sorted(rng.sample(p.pool, k))
        rows.append(build_row(f"representative-{n:04d}", "representative", hh, interests, checkers, version))
    write_parquet(OUT, rows)
    pairs = sum(len(r.opportunities) for r in rows)
    positives = sum(sum(r.labels) for r in rows)
    print(f"representative: {len(rows)} households, {pairs} pairs, {positives} positive -> {OUT}")


if __name__ == "__main__":
    main()
