"""Stage `catalog`: validate opportunities/, join with the fetched source, report drift."""
import sys
from pathlib import Path

from eligibench import params, paths
from eligibench.catalog import SourcePull, base_edition, detect, edition_pull, known_uncurated, load_catalog
from eligibench.errors import run_main
from eligibench.files import read_json, write_json, write_text

CATALOG_OUT = paths.CATALOG_JSON
DRIFT_JSON = paths.REPORTS / "drift.json"
DRIFT_MD = paths.REPORTS / "drift.md"


def main() -> int:
    p = params.section(params.load(), "catalog")
    strict = params.get(p, "catalog.strict", bool)
    catalog = load_catalog(Path("opportunities"))
    pulled = SourcePull.from_dict(read_json(paths.SOURCE))
    # the 2024 pull itself (from $BENYFITS_NYC_SNAPSHOTS) lets drift tell markup from substance
    curated = edition_pull(base_edition(Path("opportunities")).snapshot)
    report = detect(catalog, pulled, known_uncurated(Path("opportunities")), curated_pull=curated)
    write_json(CATALOG_OUT, {"opportunities": [o.to_dict() for o in catalog.opportunities]})
    write_json(DRIFT_JSON, report.to_dict())
    write_text(DRIFT_MD, report.to_markdown())
    if not report.checked:
        print(f"catalog: {len(catalog)} opportunities; drift NOT checked ({report.note})")
    else:
        print(f"catalog: {len(catalog)} opportunities; {len(report.drifted)} drifted programs, "
              f"{len(report.new_programs)} new (see {DRIFT_MD})")
    if strict and report.has_drift:
        print(f"catalog: drift found and catalog.strict is true: failing (see {DRIFT_MD})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(run_main("stage catalog", main))
