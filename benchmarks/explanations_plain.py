"""How many explanation sentences still show code (issue 23, item 3): every checker's explanation
on fuzzed households, each sentence and detail line checked for an identifier (snake_case or a
call), an operator (* + / < > = !) or a bracket. Prints the share and the worst checkers.

    python -m benchmarks.explanations_plain [--diverse 6] [--representative 4]
"""
from __future__ import annotations

import argparse
import re
from collections import Counter

CODE = re.compile(r"\w+_\w+|\w+\(|[*+/<>=!\[\]{}]|\(\d+, ")


def main(argv: list[str] | None = None) -> int:
    from checkers import registry
    from eligibench.datasets.fuzz import fuzz_households, thresholds_from_checkers
    from leaderboard.explain import explained_checker

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--diverse", type=int, default=6)
    p.add_argument("--representative", type=int, default=4)
    a = p.parse_args(argv)
    modules = registry()
    households = fuzz_households(a.diverse, a.representative, thresholds_from_checkers(modules.values()))
    total, coded, by_checker, examples = 0, 0, Counter(), {}
    for oid in sorted(modules):
        for hh in households:
            ex = explained_checker(oid).explain(hh)
            for text in (ex.sentence, *ex.details):
                total += 1
                if CODE.search(text.replace("member(s)", "members")):
                    coded += 1
                    by_checker[oid] += 1
                    examples.setdefault(oid, text)
    print(f"{coded} of {total} explanation lines ({100 * coded / max(total, 1):.0f}%) show code, "
          f"in {len(by_checker)} of {len(modules)} checkers")
    for oid, n in by_checker.most_common(10):
        print(f"  {oid}: {n}  e.g. {examples[oid][:160]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
