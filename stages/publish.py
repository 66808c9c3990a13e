"""Stage `publish`: write benyfits/ (dataset card + Parquet) and upload it when configured."""
import os
from pathlib import Path

from eligibench import params
from eligibench.dataset_params import PublishParams, dataset_params
from eligibench.files import read_json
from eligibench.publish import BuildInfo, build_folder, dataset_counts, upload
from eligibench.version import data_version

OUT = Path("benyfits")
DIVERSE = Path("data/datasets/diverse.parquet")
REPRESENTATIVE = Path("data/datasets/representative.parquet")


def main() -> None:
    all_params = params.load()
    p = PublishParams.read(all_params)
    version = data_version(dataset_params(all_params))
    source = read_json("data/source/kvhd-5fmu.json")
    drift = read_json("reports/drift.json")
    info = BuildInfo(
        version, dataset_params(all_params),
        {k: source.get(k) for k in ("origin", "location", "data_date")},
        {k: drift.get(k) for k in ("checked", "has_drift", "counts")},
        {"diverse": dataset_counts(DIVERSE), "representative": dataset_counts(REPRESENTATIVE)},
    )
    build_folder(OUT, DIVERSE, REPRESENTATIVE, read_json("data/catalog/opportunities.json"), info)
    print(f"publish: wrote {OUT}/ (data version {version})")
    token = os.environ.get("HF_TOKEN")
    if not p.repo_id:
        print("publish: upload skipped: publish.repo_id is empty in params.yaml")
    elif not token:
        print(f"publish: upload to {p.repo_id} skipped: HF_TOKEN is not set")
    else:
        print(f"publish: uploaded to {p.repo_id}: {upload(OUT, p.repo_id, token, version, p.private)}")


if __name__ == "__main__":
    main()
