"""Build the sealed evaluation set (issue 13): `python -m stages.sealed [--edition 2026-08]` with
BENYFITS_SEALED_SEED (or BENYFITS_SEALED_SEED_FILE) set. Deliberately NOT a DVC stage: DVC would
record its secret input in dvc.lock and its rows in the cache. Writes the rows to
data/sealed/<round>/ (2024) or data/sealed/<edition>/<round>/ (git-ignored, hidden from agents)
and the public manifest to reports/sealed/<round>.json or reports/sealed/<edition>/<round>.json.
A later edition is built like its public datasets (stages/edition_datasets.py), from its
catalog JSON (data/editions/<edition>/opportunities.json: `dvc repro edition_catalog@<edition>`)."""
import argparse
import sys
from pathlib import Path

from eligibench import params, paths
from eligibench.datasets import sealed
from eligibench.errors import BenyfitsError, run_main
from eligibench.files import read_json


def _build_2024(secret: sealed.SealedSecret, all_params: dict) -> tuple[dict, dict]:
    from checkers import registry
    from eligibench.truth import traced_checkers

    modules = registry()
    checkers = traced_checkers(modules)
    catalog = read_json(paths.CATALOG_JSON)
    diverse, report = sealed.build_diverse(secret, all_params, checkers, modules.values(), catalog)
    representative = sealed.build_representative(secret, all_params, checkers, catalog)
    return {"diverse": diverse, "representative": representative}, report


def _build_edition(secret: sealed.SealedSecret, all_params: dict) -> tuple[dict, dict]:
    from checkers.editions import edition_registry
    from eligibench.progress import bar
    from stages.editions_paths import edition_catalog_json

    catalog_file = edition_catalog_json(secret.edition)
    if not catalog_file.is_file():
        raise BenyfitsError(f"{catalog_file}: missing: build the edition's catalog first "
                            f"(dvc repro edition_catalog@{secret.edition})")
    catalog_json = read_json(catalog_file)
    count = params.get(params.section(all_params, "households"), "households.count", int, 1)
    with bar(count, f"fuzzing sealed households ({secret.edition})") as tick:
        built = sealed.build_edition(secret, edition_registry(secret.edition), catalog_json, all_params,
                                     progress=tick, feature_schema=int(catalog_json.get("feature_schema", 1)))
    return {"diverse": list(built.diverse), "representative": list(built.representative)}, dict(built.coverage)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m stages.sealed", description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default=sealed.EDITION_2024, choices=sealed.SEALED_EDITIONS,
                    help="the edition whose sealed split to build (default 2024)")
    args = ap.parse_args(argv)
    secret = sealed.read_secret(edition=args.edition)
    all_params = params.load()
    build = _build_2024 if args.edition == sealed.EDITION_2024 else _build_edition
    datasets, report = build(secret, all_params)
    manifest = sealed.manifest(secret, datasets, {"diverse": report})
    folder = sealed.write(Path("."), secret, datasets, manifest)
    for name, entry in manifest["datasets"].items():
        print(f"sealed {name} ({args.edition}, round {secret.round}): {entry['households']} households, "
              f"{entry['pairs']} pairs, {100 * (entry['positive_rate'] or 0):.1f}% positive, {entry['data_version']}")
    print(f"rows -> {folder} (private); manifest -> {sealed.manifest_path(Path('.'), secret.round, args.edition)} "
          f"(public)")


if __name__ == "__main__":
    sys.exit(run_main("python -m stages.sealed", main))
