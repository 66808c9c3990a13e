"""Stage `diverse`: trace every checker over the fuzzed households and keep the fewest
households and pairs that cover every line (or trace) they reach."""
from checkers import registry
from eligibench import params
from eligibench.coverage_report import coverage, coverage_markdown
from eligibench.dataset_params import DiverseParams, dataset_params
from eligibench.diverse import select
from eligibench.files import write_json, write_text
from eligibench.household_store import read_households
from eligibench.progress import bar
from eligibench.rows import build_row, write_parquet
from eligibench.trace_all import trace_all
from eligibench.tracing import traced_checkers
from eligibench.version import data_version

IN = "data/households/fuzzed.jsonl.gz"
OUT = "data/datasets/diverse.parquet"


def main() -> None:
    all_params = params.load()
    p = DiverseParams.read(all_params)
    version = data_version(dataset_params(all_params))
    households = read_households(IN)
    checkers = traced_checkers(registry())
    with bar(len(households), "tracing checkers") as tick:
        matrix = trace_all(households, checkers, progress=tick)
    sel = select(matrix, p.coverage)
    rows = [build_row(f"diverse-{n:04d}", "diverse", households[i], sel.pairs[i], checkers, version)
            for n, i in enumerate(sel.households)]
    write_parquet(OUT, rows)
    report = coverage(matrix, sel, rows, len(households))
    write_json("reports/coverage.json", report)
    write_text("reports/coverage.md", coverage_markdown(report))
    print(f"diverse: {report['households']} households, {report['pairs']} pairs, "
          f"{100 * report['positive_rate']:.1f}% positive; {report['elements_covered']:,} {p.coverage} covered -> {OUT}")


if __name__ == "__main__":
    main()
