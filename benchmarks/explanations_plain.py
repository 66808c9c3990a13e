"""How many explanation lines still show code (issue 23, item 3): every checker's explanation (2024
and, with --edition, a later edition's) on fuzzed households, the decisive sentence, each detail
line and each per-condition sentence checked by `eligibench.truth.plain_words` (an identifier, an
operator, a code bracket, a tuple, an amount without separators). Prints the share and the worst
checkers. The exhaustive check is tests/truth/test_explain_plain.py.

    python -m benchmarks.explanations_plain [--households 10] [--edition 2026-08]

Measured 2026-11-23 (10 households, 2024): before the move to eligibench.truth.explain 44 of 979
lines (4%) in 11 of 82 checkers (decisive sentences and details only); after, 0 of 6,749 lines,
per-condition sentences included (2026-08, 40 checkers: 0 of 2,982).
"""
from __future__ import annotations

import argparse
from collections import Counter


def main(argv: list[str] | None = None) -> int:
    from checkers.editions import edition_registry, explained_checker
    from eligibench.datasets import fuzz_households, thresholds_from_checkers
    from eligibench.truth import plain_words

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--households", type=int, default=10)
    p.add_argument("--seed", type=int, default=4)
    p.add_argument("--edition", default="2024")
    a = p.parse_args(argv)
    modules = edition_registry(a.edition)
    households = fuzz_households(a.households, a.seed, thresholds_from_checkers(modules.values()))
    total, coded, by_checker, examples = 0, 0, Counter(), {}
    for oid in sorted(modules):
        for hh in households:
            ex = explained_checker(oid, a.edition).explain(hh)
            for text in (ex.sentence, *ex.details, *ex.conditions):
                total += 1
                if not plain_words(text):
                    coded += 1
                    by_checker[oid] += 1
                    examples.setdefault(oid, text)
    print(f"{a.edition}: {coded} of {total} explanation lines ({100 * coded / max(total, 1):.1f}%) show code, "
          f"in {len(by_checker)} of {len(modules)} checkers")
    for oid, n in by_checker.most_common(10):
        print(f"  {oid}: {n}  e.g. {examples[oid][:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
