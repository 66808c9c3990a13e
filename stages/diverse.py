"""Stage `diverse`: trace every checker over the fuzzed households and keep the fewest
households and pairs that cover every line (or trace) they reach."""
import sys

from checkers import registry
from eligibench import params, paths
from eligibench.datasets import (
    DiverseParams,
    build_row,
    coverage,
    coverage_markdown,
    select,
    unverified_flips,
    with_content_version,
    write_parquet,
)
from eligibench.errors import run_main
from eligibench.files import read_json, write_json, write_text
from eligibench.household import read_households
from eligibench.progress import bar
from eligibench.truth import trace_all, traced_checkers

IN = paths.FUZZED
OUT = paths.DIVERSE


def main() -> None:
    all_params = params.load()
    p = DiverseParams.read(all_params)
    households = read_households(IN)
    checkers = traced_checkers(registry())
    with bar(len(households), "tracing checkers") as tick:
        matrix = trace_all(households, checkers, progress=tick)
    sel = select(matrix, p.coverage)
    rows = [build_row(f"diverse-{n:04d}", "diverse", households[i], sel.pairs[i], checkers)
            for n, i in enumerate(sel.households)]
    unverified = unverified_flips(rows, checkers)
    if unverified:
        raise RuntimeError(f"{len(unverified)} flips do not hold when re-run, first: {unverified[0]}")
    rows = with_content_version(rows, read_json(paths.CATALOG_JSON))
    write_parquet(OUT, rows)
    report = coverage(matrix, sel, rows, len(households))
    write_json(paths.REPORTS / "coverage.json", report)
    write_text(paths.REPORTS / "coverage.md", coverage_markdown(report))
    print(f"diverse: {report['households']} households, {report['pairs']} pairs, "
          f"{100 * report['positive_rate']:.1f}% positive; {report['elements_covered']:,} {p.coverage} covered -> {OUT} ({rows[0].data_version if rows else 'empty'})")


if __name__ == "__main__":
    sys.exit(run_main("stage diverse", main))
