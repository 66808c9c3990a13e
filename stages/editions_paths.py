"""Where the later editions' stages write (2024's paths are eligibench.paths, unchanged)."""
from pathlib import Path

from eligibench import paths


def edition_dir(name: str) -> Path:
    return Path("data/editions") / name


def edition_catalog_json(name: str) -> Path:
    return edition_dir(name) / "opportunities.json"


def edition_manifest_json(name: str) -> Path:
    return edition_dir(name) / "edition.json"


def edition_dataset(name: str, dataset: str) -> Path:
    return edition_dir(name) / f"{dataset}.parquet"


def edition_reports(name: str) -> Path:
    return paths.REPORTS / "editions" / name
