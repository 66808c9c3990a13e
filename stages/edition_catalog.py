"""Stage `edition_catalog@<edition>`: validate a later edition (manifest, own YAML, checkers,
review tables), check its own texts against its pull when $BENYFITS_NYC_SNAPSHOTS is set, and
write its catalog JSON and manifest summary."""
import sys

from checkers.editions import edition_registry
from eligibench.catalog import check_against_pull, edition_catalog, edition_pull, load_edition, load_readings
from eligibench.errors import run_main
from eligibench.files import write_json
from eligibench.truth import TABLE_FEATURES
from stages.editions_paths import edition_catalog_json, edition_manifest_json


def main(name: str) -> int:
    ed = load_edition(name)
    catalog = edition_catalog(ed)
    edition_registry(name)  # fails naming any listed opportunity without its checker
    load_readings(ed, TABLE_FEATURES)
    pulled = edition_pull(ed.snapshot)
    problems = [] if pulled is None else check_against_pull(ed, catalog, pulled.rows)
    # feature_schema is in the catalog JSON so edition_datasets reads it from its declared dep
    write_json(edition_catalog_json(name), {"edition": name, "feature_schema": ed.feature_schema,
                                            "opportunities": [o.to_dict() for o in catalog.opportunities]})
    write_json(edition_manifest_json(name), ed.to_dict() | {"checked_against_pull": pulled is not None,
                                                            "problems": problems})
    print(f"edition {name}: {len(catalog)} opportunities (kept {len(ed.kept)}, changed {len(ed.changed)}, "
          f"new {len(ed.new)}; removed {len(ed.removed)}, pending {len(ed.pending)}); "
          + ("texts not checked: $BENYFITS_NYC_SNAPSHOTS unset" if pulled is None else f"{len(problems)} problems"))
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(run_main(f"stage edition_catalog@{sys.argv[1]}", main, sys.argv[1]))
