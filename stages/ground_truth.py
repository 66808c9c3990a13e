"""Stage `ground_truth`: one review page for the whole benchmark's ground truth
(`reports/ground_truth.md`, figures in `reports/ground_truth.json`)."""
import sys

from eligibench import paths
from eligibench.datasets.ground_truth_report import ground_truth_markdown, ground_truth_summary
from eligibench.datasets.rows import read_parquet
from eligibench.errors import run_main
from eligibench.files import read_json, write_json, write_text


def main() -> None:
    catalog = read_json(paths.CATALOG_JSON)
    diverse, representative = read_parquet(paths.DIVERSE), read_parquet(paths.REPRESENTATIVE)
    write_text(paths.REPORTS / "ground_truth.md", ground_truth_markdown(catalog, diverse, representative))
    summary = ground_truth_summary(catalog, diverse, representative)
    write_json(paths.REPORTS / "ground_truth.json", {k: v for k, v in summary.items() if k != "opportunities"})
    print(f"ground truth: {len(catalog['opportunities'])} opportunities, {summary['implied_conditions']} implied "
          f"conditions -> {paths.REPORTS / 'ground_truth.md'}")


if __name__ == "__main__":
    sys.exit(run_main("stage ground_truth", main))
