"""Build the sealed evaluation set (issue 13): `python -m stages.sealed` with BENYFITS_SEALED_SEED
(or BENYFITS_SEALED_SEED_FILE) set. Deliberately NOT a DVC stage: DVC would record its secret
input in dvc.lock and its rows in the cache. Writes the rows to data/sealed/<round>/ (git-ignored,
hidden from agents) and the public manifest to reports/sealed/<round>.json."""
import sys
from pathlib import Path

from checkers import registry
from eligibench import params, paths
from eligibench.datasets import sealed
from eligibench.errors import run_main
from eligibench.files import read_json
from eligibench.truth import traced_checkers


def main() -> None:
    secret = sealed.read_secret()
    all_params = params.load()
    modules = registry()
    checkers = traced_checkers(modules)
    catalog = read_json(paths.CATALOG_JSON)
    diverse, report = sealed.build_diverse(secret, all_params, checkers, modules.values(), catalog)
    representative = sealed.build_representative(secret, all_params, checkers, catalog)
    datasets = {"diverse": diverse, "representative": representative}
    manifest = sealed.manifest(secret, datasets, {"diverse": report})
    folder = sealed.write(Path("."), secret, datasets, manifest)
    for name, entry in manifest["datasets"].items():
        print(f"sealed {name} (round {secret.round}): {entry['households']} households, {entry['pairs']} pairs, "
              f"{100 * (entry['positive_rate'] or 0):.1f}% positive, {entry['data_version']}")
    print(f"rows -> {folder} (private); manifest -> {sealed.MANIFEST_DIR / (secret.round + '.json')} (public)")


if __name__ == "__main__":
    sys.exit(run_main("python -m stages.sealed", main))
