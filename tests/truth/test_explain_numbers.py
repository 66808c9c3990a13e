"""An explanation's numbers are true: every stated limit is where the checker's outcome changes and
every published "would qualify if" value flips the verdict and is the nearest value that does,
both found by re-running the checker (`eligibench.truth.explain_check`). The words are checked by
test_explain_plain.py; this file checks the claims.

The case that started it: Disability Rent Increase Exemption, one person earning $5,379 a year
paying $0 rent, used to read "Household rent is $0, below the limit, $5,379" (the yearly income,
not the limit) and "would qualify if this were $49,999 instead of $0" (true, but $150 does it)."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from checkers.editions import edition_registry, explained_checker
from eligibench.household import Household, member
from eligibench.truth import CheckTally, FlipSearch, LimitClaim, TracedChecker, check_flip, check_limits, flip_sentence
from tests.published import published_evaluation_files

ROOT = Path(__file__).resolve().parents[2]
DRIE = "DisabilityRentIncreaseExemption"


def _drie_household() -> Household:
    return Household((member(relation="self", age=40, name_is_on_lease=True, place_of_residence="New York City",
                             housing_type="rent stabilized apartment", receives_ssi=True, annual_work_income=5379,
                             monthly_rent_spending=0),))


def test_the_rent_limit_is_a_third_of_monthly_income_and_the_flip_is_the_nearest():
    hh = _drie_household()
    ex = explained_checker(DRIE).explain(hh)
    assert not ex.verdict
    assert "Household rent is $0, below the limit, a third of monthly income, $149.42." in ex.sentence, ex.sentence
    assert "$5,379" not in ex.sentence
    traced = TracedChecker(DRIE, edition_registry("2024")[DRIE])
    flip = FlipSearch(traced).find(hh)
    assert (flip.feature, flip.old, flip.new) == ("monthly_rent_spending", 0, 150)
    assert "would qualify if this were $150 instead of $0" in flip_sentence(hh, flip.to_json(), False)
    tally = CheckTally()
    check_limits(explained_checker(DRIE), hh, tally)
    check_flip(traced, hh, flip.to_json(), False, tally)
    assert (tally.limits, tally.flips, tally.problems) == (2, 1, [])
    assert tally.verdicts == 1  # the rent limit decides: at $149 not eligible, at $150 eligible


def test_the_checks_catch_a_far_flip_and_a_wrong_limit():
    """What the old explanation said fails both checks: the checks can fail."""
    hh = _drie_household()
    traced = TracedChecker(DRIE, edition_registry("2024")[DRIE])
    tally = CheckTally()
    far = json.dumps({"feature": "monthly_rent_spending", "member": 0, "from": 0, "to": 49999, "condition": ""})
    check_flip(traced, hh, far, False, tally)
    assert tally.flips == 0 and "not the nearest change" in tally.problems[0], tally.problems
    checker = explained_checker(DRIE)
    good = next(c for c in checker.explain(hh).claims if c.derived)
    wrong = LimitClaim(**{**vars(good), "limit": 5379.0})  # the yearly income, shown as the limit
    right, bad = CheckTally(), CheckTally()
    check_limits(_Stating(checker, good), hh, right)
    check_limits(_Stating(checker, wrong), hh, bad)
    assert (right.limits, right.verdicts, right.problems) == (1, 1, [])
    assert bad.limits == 0 and "is not where the condition changes" in bad.problems[0], bad.problems


class _Stating:
    """The explained checker, stating one given claim (the check re-runs the real checker)."""

    def __init__(self, checker, claim):
        self._checker, self._claim = checker, claim

    def claims(self, hh):
        return [self._claim]

    def __getattr__(self, name):
        return getattr(self._checker, name)


# the opportunities whose conditions compare computed amounts (income, rent, resources) with limits
_LIMITED = ("ChildCareVouchers", "CoolingAssistanceBenefit", DRIE, "EarlyHeadStart", "FairFaresNYC", "HeadStart",
            "HomeEnergyAssistanceProgram", "NYCMitchellLama", "SeniorCitizenRentIncreaseExemption", "TrainEarn")


@pytest.mark.parametrize("edition", ["2024", "2026-08"])
def test_fuzzed_households_explanations_and_flips_hold_when_rerun(edition):
    from eligibench.datasets import fuzz_households, thresholds_from_checkers

    modules = edition_registry(edition)
    pool = fuzz_households(2, 7, thresholds_from_checkers(modules.values())) + [_drie_household()]
    tally = CheckTally()
    derived: set[str] = set()
    for oid in (o for o in _LIMITED if o in modules):
        traced = TracedChecker(oid, modules[oid])
        search = FlipSearch(traced)
        for i, hh in enumerate(pool):
            derived |= {c.derived for c in explained_checker(oid, edition).claims(hh) if c.derived}
            flip = search.find(hh)
            check_limits(explained_checker(oid, edition), hh, tally, f"household {i} ")
            check_flip(traced, hh, "" if flip is None else flip.to_json(), traced.run(hh).eligible, tally,
                       search.thresholds, f"household {i} ")
    assert not tally.problems, "\n".join(tally.problems[:20])
    # a derived limit says how it is made, in words a person reads
    assert "a third of monthly income" in derived, derived
    for text in derived:
        assert re.fullmatch(r"(a third|half|a quarter) of monthly \w+( \w+)?|(\d{1,2}(\.\d+)?|100)% of [\w ]+|"
                            r"\d+ times the [\w ]+", text), text
    assert tally.limits >= 6 and tally.flips >= 5, tally
    assert tally.unmovable <= tally.limits // 4, tally.unmoved


@pytest.mark.needs_datasets
def test_every_published_pair_states_limits_and_flips_the_checker_confirms():
    """Every published pair of both editions: limits and flips re-run, checker runs cached per pair.
    Measured 2026-11-27 on fuzzed stand-ins of the published pairs (one core, under cProfile, the
    machine shared): 3.0 s for 324 pairs of 2026-08, 4.5 s for 328 of 2024, so about 12 s for the
    ~1,100 published pairs of both editions."""
    from eligibench.datasets import read_parquet

    started = time.perf_counter()
    tally = CheckTally()
    pairs = 0
    for f, edition in published_evaluation_files():
        modules = edition_registry(edition)
        for row in read_parquet(f):
            for i, oid in enumerate(row.opportunities):
                pairs += 1
                if (edition, oid) not in _TRACED:
                    traced = TracedChecker(oid, modules[oid])
                    _TRACED[(edition, oid)] = (traced, FlipSearch(traced).thresholds)
                traced, numbers = _TRACED[(edition, oid)]
                where = f"{f.parent.name}/{f.stem} {row.id} "
                check_limits(explained_checker(oid, edition), row.household, tally, where)
                flip = row.flips[i] if i < len(row.flips) else ""
                check_flip(traced, row.household, flip, row.labels[i], tally,
                           numbers, where)
    print(f"{pairs} pairs: {tally.limits} limits ({tally.verdicts} deciding the verdict) and {tally.flips} flips "
          f"confirmed, {tally.unmovable} limits no "
          f"number moves, {tally.runs} checker runs, {time.perf_counter() - started:.1f} s")
    assert pairs and not tally.problems, f"{len(tally.problems)} claim(s) the checker does not confirm:\n" + \
        "\n".join(tally.problems[:30])
    # a limit no single number moves across is not confirmed (measured: 29 of 310 stated, each a
    # condition met once on one side of its limit and twice on the other); the sweep must stay a check
    assert tally.limits >= 200 and tally.unmovable <= tally.limits // 4, (tally.limits, tally.unmovable, tally.unmoved)


_TRACED: dict = {}
