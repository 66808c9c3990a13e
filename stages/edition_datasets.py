"""Stage `edition_datasets@<edition>`: the edition's Diverse and Representative datasets, built
like 2024's with its own checkers (eligibench.datasets.editions)."""
import sys

from checkers.editions import edition_registry
from eligibench import params
from eligibench.datasets import build_edition_datasets, coverage_markdown, write_parquet
from eligibench.errors import run_main
from eligibench.files import read_json, write_json, write_text
from eligibench.progress import bar
from stages.editions_paths import edition_catalog_json, edition_dataset, edition_reports


def main(name: str) -> None:
    all_params = params.load()
    count = params.get(params.section(all_params, "households"), "households.count", int, 1)
    catalog_json = read_json(edition_catalog_json(name))
    with bar(count, f"fuzzing households ({name})") as tick:
        built = build_edition_datasets(name, edition_registry(name), catalog_json, all_params,
                                       progress=tick, feature_schema=int(catalog_json.get("feature_schema", 1)))
    write_parquet(edition_dataset(name, "diverse"), list(built.diverse))
    write_parquet(edition_dataset(name, "representative"), list(built.representative))
    write_json(edition_reports(name) / "coverage.json", dict(built.coverage))
    write_text(edition_reports(name) / "coverage.md", coverage_markdown(dict(built.coverage)))
    print(f"edition {name}: diverse {len(built.diverse)} households ({built.diverse[0].data_version if built.diverse else 'empty'}), "
          f"representative {len(built.representative)} ({built.representative[0].data_version if built.representative else 'empty'})")


if __name__ == "__main__":
    sys.exit(run_main(f"stage edition_datasets@{sys.argv[1]}", main, sys.argv[1]))
