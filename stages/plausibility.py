"""Stage `plausibility`: every published household (benyfits/: every configuration and split of
every edition) checked against every consistency rule; the report lists each violation with its
row, and the stage fails when there is one (a person who cannot exist must not be published).

`python -m stages.plausibility --sealed` checks the sealed split's rows instead (data/sealed/,
built by `python -m stages.sealed`, git-ignored: deliberately not a DVC stage) and writes counts
only, never a household, to reports/plausibility-sealed.json."""
import argparse
import sys
from pathlib import Path

from eligibench import paths
from eligibench.datasets import plausibility, sealed
from eligibench.errors import BenyfitsError, run_main
from eligibench.files import write_json

REPORT = paths.REPORTS / "plausibility.json"
SEALED_REPORT = paths.REPORTS / "plausibility-sealed.json"


def _sealed_name(path: Path) -> str:
    """data/sealed/<round>/diverse.parquet -> "<round>/diverse" (2024); a later edition's
    data/sealed/<edition>/<round>/diverse.parquet -> "<edition>/<round>/diverse"."""
    return "/".join(path.relative_to(sealed.SEALED_DIR).with_suffix("").parts)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m stages.plausibility", description=__doc__.split("\n")[0])
    ap.add_argument("--sealed", action="store_true", help="check the sealed split's rows (counts only)")
    args = ap.parse_args(argv)
    if args.sealed:
        files = sorted(sealed.SEALED_DIR.glob("**/*.parquet"))
        if not files:
            raise BenyfitsError(f"{sealed.SEALED_DIR}/: no sealed rows: build them with `python -m stages.sealed` first")
        audits = plausibility.audit_files(files, _sealed_name)
        out, rep = SEALED_REPORT, plausibility.report(audits, with_households=False)
    else:
        files = plausibility.published_files(paths.DATASET_DIR)
        if not files:
            raise BenyfitsError(f"{paths.DATASET_DIR}/data/: no published households: run `dvc repro publish` first")
        audits = plausibility.audit_files(files)
        out, rep = REPORT, plausibility.report(audits)
    write_json(out, rep)
    line = plausibility.summary_line(rep)
    if rep["violations"]:
        raise BenyfitsError(f"{out}: {line}; each is listed there" if not args.sealed else f"{out}: {line}")
    print(f"plausibility: {line} -> {out}")


if __name__ == "__main__":
    sys.exit(run_main("stage plausibility", main))
