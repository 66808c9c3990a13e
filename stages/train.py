"""Stage `train`: the train split of every edition (eligibench.datasets.train): 2024's
`data/train/train.parquet` and each later edition's `data/train/train-<edition>.parquet`, with
the households of that edition's published datasets excluded; counts and build time in
`reports/train.json`."""
import sys
import time
from pathlib import Path

from checkers import registry
from checkers.editions import edition_registry
from eligibench import params, paths
from eligibench.datasets import build_train, read_parquet, write_parquet
from eligibench.errors import run_main
from eligibench.files import read_json, write_json
from eligibench.parallel import ordered_map
from eligibench.truth import traced_checkers
from stages.editions_paths import edition_catalog_json, edition_dataset

OUT = Path("data/train")
REPORT = paths.REPORTS / "train.json"


def train_path(edition: str) -> Path:
    return OUT / ("train.parquet" if edition == "2024" else f"train-{edition}.parquet")


def build_edition(edition: str) -> dict:
    """Build and write `edition`'s train split; its line of the report."""
    all_params = params.load()
    start = time.monotonic()
    if edition == "2024":
        modules, catalog = registry(), read_json(paths.CATALOG_JSON)
        published = [paths.DIVERSE, paths.REPRESENTATIVE]
    else:
        modules, catalog = edition_registry(edition), read_json(edition_catalog_json(edition))
        published = [edition_dataset(edition, "diverse"), edition_dataset(edition, "representative")]
    exclude = [r.household for p in published for r in read_parquet(p)]
    rows, dropped = build_train(traced_checkers(dict(modules)), list(modules.values()), catalog, all_params,
                                exclude, edition, int(catalog.get("feature_schema", 1)))
    write_parquet(train_path(edition), rows)
    pairs = sum(len(r.opportunities) for r in rows)
    positive = sum(sum(r.labels) for r in rows)
    line = {"households": len(rows), "pairs": pairs, "positive": positive, "dropped_near_duplicates": dropped,
            "data_version": rows[0].data_version if rows else "empty",
            "seconds": round(time.monotonic() - start, 1)}
    print(f"train {edition}: {len(rows)} households, {pairs} pairs, {positive} positive, {dropped} dropped "
          f"-> {train_path(edition)} ({line['seconds']} s)", flush=True)
    return line


def main() -> None:
    editions = ["2024", *(params.section(params.load(), "editions").get("build") or [])]
    # One process per edition: most of an edition's build is one random stream read in order (the
    # fuzzer, the population sampler), which a pool inside the build cannot share out; the editions
    # are independent, so with 2 editions on 2 cores the stage took 65 s one after the other and 38 s
    # side by side (2026-11-28, cProfile-free wall; the parquet files byte-identical either way).
    lines = ordered_map(build_edition, editions, what="edition", chunk=1, preload=("checkers", "eligibench.datasets"))
    write_json(REPORT, dict(zip(editions, lines)))


if __name__ == "__main__":
    sys.exit(run_main("stage train", main))
