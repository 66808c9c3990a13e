"""Stage `ground_truth`: one review page for the whole benchmark's ground truth
(`reports/ground_truth.md`, figures in `reports/ground_truth.json`).

Since issue 30 the page also lists the 2024 verdicts the vocabulary of derived facts changed
(`eligibench.truth.verdict_changes`): the checkers at the adjudication's base revision against
the current ones, over both datasets' labelled pairs and every fuzzed household, each change with
the derived fact that explains it and its written reason (`docs/ground_truth_changes.yaml`); and the
second reading of every own opportunity of both editions (`opportunities/second_readings.csv`)."""
import sys

from checkers import registry
from eligibench import paths
from eligibench.catalog import load_edition
from eligibench.datasets import ground_truth_markdown, ground_truth_summary, read_parquet
from eligibench.errors import run_main
from eligibench.files import read_json, write_json, write_text
from eligibench.household import read_households
from eligibench.truth import second_reading as sr
from eligibench.truth import verdict_changes as vc


def main() -> None:
    catalog = read_json(paths.CATALOG_JSON)
    diverse, representative = read_parquet(paths.DIVERSE), read_parquet(paths.REPRESENTATIVE)
    adjudication = vc.load_adjudication(vc.ADJUDICATION)
    try:
        found, sizes = vc.compare_all(diverse, representative, read_households(paths.FUZZED), adjudication.base_revision)
        unmeasured = ""
    except vc.BaseRevisionUnavailable as e:  # a review aid: a checkout without the history still builds
        found, sizes, unmeasured = [], {}, f"\nNot measured on this build: {e}.\n"
    readings = sr.load(sr.TABLE)
    own = {"2024": frozenset(registry()), "2026-08": frozenset(load_edition("2026-08").own_ids)}
    page = (ground_truth_markdown(catalog, diverse, representative) + "\n" + vc.markdown(found, adjudication, sizes)
            + unmeasured + "\n" + sr.markdown(readings, own))
    write_text(paths.REPORTS / "ground_truth.md", page)
    summary = ground_truth_summary(catalog, diverse, representative)
    figures = {k: v for k, v in summary.items() if k != "opportunities"}
    figures["verdict_changes"] = ({source: sum(1 for c in found if c.source == source) for source in sizes}
                                  if not unmeasured else "not measured: base revision unavailable")
    figures["verdict_changes_unadjudicated"] = len(vc.unadjudicated(found, adjudication))
    figures["second_reading"] = {s.edition: {"own": s.own, "read": s.read, "clean": s.clean, **s.findings,
                                             "open_a": s.open_a} for s in sr.summarize(readings, own)}
    write_json(paths.REPORTS / "ground_truth.json", figures)
    print(f"ground truth: {len(catalog['opportunities'])} opportunities, {summary['implied_conditions']} implied "
          f"conditions; verdicts changed since {adjudication.base_revision}: {figures['verdict_changes']} "
          f"({figures['verdict_changes_unadjudicated']} without a written reason) -> {paths.REPORTS / 'ground_truth.md'}")


if __name__ == "__main__":
    sys.exit(run_main("stage ground_truth", main))
