"""Stage `publish`: write benyfits/ (dataset card + Parquet) and upload it when configured."""
import os
import sys
from pathlib import Path

from eligibench import params, paths
from eligibench.datasets import (
    BuildInfo,
    EditionFiles,
    PublishParams,
    TrainFiles,
    build_folder,
    dataset_counts,
    dataset_params,
    folder_version,
    rows_version,
    upload,
)
from eligibench.errors import run_main
from eligibench.files import read_json
from stages.editions_paths import edition_catalog_json, edition_dataset

OUT, DIVERSE, REPRESENTATIVE = paths.DATASET_DIR, paths.DIVERSE, paths.REPRESENTATIVE


def first_version(path: Path) -> str:
    """The data version of a Parquet file's rows, "empty" without rows (the word the folder's
    version has always hashed for an empty file)."""
    return rows_version(path) or "empty"


def edition_files(name: str) -> EditionFiles:
    """A later edition's published files (params.yaml editions.build), with its own data version."""
    d, r = edition_dataset(name, "diverse"), edition_dataset(name, "representative")
    versions = {c: first_version(path) for c, path in (("diverse", d), ("representative", r))}
    return EditionFiles(name, folder_version(versions), d, r, read_json(edition_catalog_json(name)),
                        {"diverse": dataset_counts(d), "representative": dataset_counts(r)})


def train_files() -> tuple[TrainFiles, ...]:
    """The train split of each edition the `train` stage wrote (none before it ran)."""
    out = []
    for path in sorted(Path("data/train").glob("train*.parquet")):
        version = first_version(path)
        out.append(TrainFiles(path.stem, version, path, dataset_counts(path)))
    return tuple(out)


def main() -> None:
    all_params = params.load()
    p = PublishParams.read(all_params)
    versions = {name: first_version(path) for name, path in (("diverse", DIVERSE), ("representative", REPRESENTATIVE))}
    version = folder_version(versions)
    source = read_json(paths.SOURCE)
    drift = read_json(paths.REPORTS / "drift.json")
    info = BuildInfo(
        version, dataset_params(all_params),
        {k: source.get(k) for k in ("origin", "location", "data_date")},
        {k: drift.get(k) for k in ("checked", "has_drift", "counts")},
        {"diverse": dataset_counts(DIVERSE), "representative": dataset_counts(REPRESENTATIVE)},
        tuple(edition_files(name) for name in params.section(all_params, "editions").get("build") or []),
        train_files(),
    )
    build_folder(OUT, DIVERSE, REPRESENTATIVE, read_json(paths.CATALOG_JSON), info)
    print(f"publish: wrote {OUT}/ (data version {version}: diverse {versions['diverse']}, representative {versions['representative']})")
    for e in info.editions:
        print(f"publish: edition {e.edition}: configurations diverse-{e.edition}, representative-{e.edition} (data version {e.data_version})")
    token = os.environ.get("HF_TOKEN")
    if not p.repo_id:
        print("publish: upload skipped: publish.repo_id is empty in params.yaml")
    elif not token:
        print(f"publish: upload to {p.repo_id} skipped: HF_TOKEN is not set")
    else:
        print(f"publish: uploaded to {p.repo_id}: {upload(OUT, p.repo_id, token, version, p.private)}")


if __name__ == "__main__":
    sys.exit(run_main("stage publish", main))
