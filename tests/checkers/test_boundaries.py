"""Every number a checker compares with has a boundary test (issue 19, item 6): a household,
changed only in the feature the number limits, run at the value, one below and one above, whose
verdict flips there. The cases are generated (`python -m tests.checkers.make_boundaries`, kept in
boundaries.json) and re-run here; a threshold with no case needs a written reason it cannot be
reached (an income-table row for more people than a household can have, ...)."""
import json
from pathlib import Path

import pytest

import checkers
from eligibench.truth import BoundaryCase, checker_conditions, verify

DATA = json.loads(Path(__file__).with_name("boundaries.json").read_text())
CASES = [BoundaryCase.from_dict(d) for d in DATA["cases"]]
REGISTRY = checkers.registry()


@pytest.mark.parametrize("case", CASES, ids=[f"{c.opportunity}-{c.threshold:g}-{c.feature}" for c in CASES])
def test_verdict_flips_at_the_threshold(case):
    assert verify(case, REGISTRY[case.opportunity]) == []
    assert case.values[1] in (case.target, round(case.target), int(case.target))


def test_every_threshold_has_a_boundary_case_or_a_reason():
    covered = {(c.opportunity, c.threshold) for c in CASES}
    reasons = DATA["unreached"]
    missing = []
    for oid in sorted(REGISTRY):
        for x in sorted(checker_conditions(REGISTRY[oid]).thresholds):
            if (oid, x) in covered:
                continue
            reason = reasons.get(f"{oid} {x!r}", "")
            if not reason or reason == "TODO":
                missing.append(f"{oid} {x!r}")
    assert missing == [], f"{len(missing)} thresholds without a boundary test or a reason: {missing}"


def test_no_reason_is_kept_for_a_threshold_that_is_gone_or_covered():
    current = {f"{oid} {x!r}" for oid in REGISTRY for x in checker_conditions(REGISTRY[oid]).thresholds}
    covered = {f"{c.opportunity} {c.threshold!r}" for c in CASES}
    assert sorted(k for k in DATA["unreached"] if k not in current or k in covered) == []
