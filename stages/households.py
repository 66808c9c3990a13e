"""Stage `households`: fuzz the households the Diverse dataset is selected from."""
import sys

from checkers import registry
from eligibench import params, paths
from eligibench.datasets import HouseholdsParams, fuzz_households, thresholds_from_checkers
from eligibench.errors import run_main
from eligibench.household import write_households
from eligibench.progress import bar

OUT = paths.FUZZED


def main() -> None:
    p = HouseholdsParams.read(params.load())
    thresholds = thresholds_from_checkers(registry().values())
    with bar(p.count, "fuzzing households") as tick:
        households = fuzz_households(p.count, p.seed, thresholds, p.max_members, progress=tick)
    write_households(OUT, households)
    print(f"households: {len(households):,} fuzzed (seed {p.seed}) -> {OUT}")


if __name__ == "__main__":
    sys.exit(run_main("stage households", main))
