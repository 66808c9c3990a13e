"""Stage `editions_report`: for the opportunities in 2024 and each later edition built, the
households (the fuzzed pool, data/households/fuzzed.jsonl.gz) whose verdict changed and the
condition that moved (eligibench.truth.editions) -> reports/editions.{md,json}."""
import sys

from checkers.editions import edition_registry
from eligibench import params, paths
from eligibench.catalog import DEFAULT_EDITION
from eligibench.errors import run_main
from eligibench.files import write_json, write_text
from eligibench.household import read_households
from eligibench.truth import compare_editions


def main() -> None:
    later = params.section(params.load(), "editions").get("build") or []
    households = [(f"fuzzed-{i:05d}", hh) for i, hh in enumerate(read_households(paths.FUZZED))]
    base = edition_registry(DEFAULT_EDITION)
    reports = [compare_editions(DEFAULT_EDITION, name, base, edition_registry(name), households) for name in later]
    write_json(paths.REPORTS / "editions.json", {"editions": [r.to_dict() for r in reports]})
    write_text(paths.REPORTS / "editions.md", "\n".join(r.to_markdown() for r in reports) or "No later edition built.\n")
    for r in reports:
        print(f"editions: {r.before} -> {r.after}: {len(r.changes)} verdicts changed over {r.households} households")


if __name__ == "__main__":
    sys.exit(run_main("stage editions_report", main))
