"""The 2024 verdict changes for any build's files (issue 30): `python -m eligibench.datasets.verdict_changes_cli
DIVERSE.parquet REPRESENTATIVE.parquet FUZZED.jsonl.gz [OUT.md]` compares the checkers at the adjudication's
base revision with the current ones (`eligibench.truth.verdict_changes`) and prints the report section.
Used to measure the published datasets rebuilt at the base revision (docs/ground_truth_changes.yaml)."""
from __future__ import annotations

import sys
from pathlib import Path

from eligibench.datasets.rows import read_parquet
from eligibench.household import read_households
from eligibench.truth import verdict_changes as vc


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    adjudication = vc.load_adjudication()
    found, sizes = vc.compare_all(read_parquet(args[0]), read_parquet(args[1]), read_households(args[2]),
                                  adjudication.base_revision)
    text = vc.markdown(found, adjudication, sizes)
    if len(args) == 4:
        Path(args[3]).write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
