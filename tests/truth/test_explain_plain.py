"""Every condition of every checker reads as plain words (issue 23 item 3, exhaustive).

For the 2024 checkers and every edition's (`checkers.editions.edition_registry`): households that
reach each condition (fuzzed ones, dense around the thresholds, then `tests/truth/reach.py`'s
condition flipping), each explained in full: the decisive sentence, the per-member details and
one sentence per condition evaluated. Any identifier, operator, code bracket, tuple or unformatted
amount (`eligibench.truth.plain_words`) fails the test, naming checker, line and text. A
condition no household reaches is still rendered, on a synthetic event, so its requirement words
are checked too. With built data, every published pair is explained as well."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from checkers.editions import edition_registry, explained_checker
from eligibench.catalog import available
from eligibench.datasets import fuzz_households, thresholds_from_checkers
from eligibench.truth import Event, plain_words
from tests.published import published_evaluation_files
from tests.truth.reach import feature_values, reaching

ROOT = Path(__file__).resolve().parents[2]


def _texts(ex) -> list[str]:
    return [ex.sentence, *ex.details, *ex.conditions]


def _check_household(checker, hh, bad: list[str]) -> None:
    ex = checker.explain(hh)
    for t in _texts(ex):
        if not plain_words(t):
            _, events = checker.events(hh)
            lines = sorted({e.line for e in events})
            bad.append(f"{checker.opportunity} ({checker.path.name}, lines {lines}): {t}")


@pytest.mark.parametrize("edition", available())
def test_every_condition_of_every_checker_renders_in_plain_words(edition):
    modules = edition_registry(edition)
    pool = fuzz_households(200, 11, thresholds_from_checkers(modules.values()))
    values = feature_values(pool)
    bad: list[str] = []
    conditions = reached_total = 0
    for oid in sorted(modules):
        checker = explained_checker(oid, edition)
        reached = reaching(checker, pool, values)
        conditions += len(checker.tests)
        reached_total += len(set(checker.tests) & set(reached))
        for hh in dict.fromkeys([*reached.values(), *pool[:40]]):
            _check_household(checker, hh, bad)
        # a condition no household reached: rendered on a synthetic event (requirement words)
        hh = pool[0]
        for line in sorted(set(checker.tests) - set(reached)):
            feats = [n.attr for n in ast.walk(checker.tests[line]) if isinstance(n, ast.Attribute)]
            for result in (True, False):
                e = Event(line, result, 0, (), tuple(f"m0.{f}" for f in feats if hasattr(hh.members[0], f)))
                t = checker.sentence(hh, e, {0: hh.members[0].name or "Member 1"})
                if not plain_words(t):
                    bad.append(f"{oid} ({checker.path.name}:{line}, unreached): {t}")
    print(f"{edition}: {reached_total} of {conditions} conditions reached by a household")
    assert conditions and reached_total >= 0.95 * conditions  # the search still reaches nearly all
    assert not bad, f"{len(bad)} explanation line(s) show code:\n" + "\n".join(bad[:40])


@pytest.mark.needs_datasets
def test_every_published_pair_is_explained_in_plain_words():
    """Every published evaluation pair of both editions (tests/published.py: not the train split)."""
    from eligibench.datasets import read_parquet

    bad: list[str] = []
    pairs = 0
    for f, edition in published_evaluation_files():
        for row in read_parquet(f):
            for oid in row.opportunities:
                pairs += 1
                _check_household(explained_checker(oid, edition), row.household, bad)
    assert pairs
    assert not bad, f"{len(bad)} of the published pairs' lines show code:\n" + "\n".join(bad[:40])
