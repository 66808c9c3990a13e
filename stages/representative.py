"""Stage `representative`: households sampled from population marginals, each interested in a
random set of opportunities; labels from the checkers."""
import random

from checkers import registry
from eligibench import params, paths
from eligibench.datasets.params import RepresentativeParams
from eligibench.datasets.population import load_population, sample_households
from eligibench.datasets.rows import build_row, write_parquet
from eligibench.datasets.version import with_content_version
from eligibench.files import read_json
from eligibench.truth.tracing import traced_checkers

OUT = paths.REPRESENTATIVE


def main() -> None:
    all_params = params.load()
    checkers = traced_checkers(registry())
    p = RepresentativeParams.read(all_params, tuple(checkers))
    households = sample_households(p.count, p.seed, load_population())
    # interests come from their own stream so that changing them leaves the households alone
    rng = random.Random(p.seed + 1)
    rows = []
    for n, hh in enumerate(households):
        k = rng.randint(p.opportunities_min, p.opportunities_max)
        interests = sorted(rng.sample(p.pool, k))
        rows.append(build_row(f"representative-{n:04d}", "representative", hh, interests, checkers))
    rows = with_content_version(rows, read_json(paths.CATALOG_JSON))
    write_parquet(OUT, rows)
    pairs = sum(len(r.opportunities) for r in rows)
    positives = sum(sum(r.labels) for r in rows)
    print(f"representative: {len(rows)} households, {pairs} pairs, {positives} positive -> {OUT}")


if __name__ == "__main__":
    main()
