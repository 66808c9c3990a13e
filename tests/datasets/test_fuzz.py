"""The Diverse dataset's fuzzer (eligibench.fuzz)."""
from __future__ import annotations

import collections
import random

import pytest

import checkers
from checkers import head_start, home_energy_assistance_program, idnyc
from eligibench.datasets import MONEY_FEATURES, fuzz_household, fuzz_households, thresholds_from_checkers
from eligibench.errors import ParamsError
from eligibench.household import FEATURES_BY_NAME, Household
from eligibench.household import consistency as cons


@pytest.fixture(scope="module")
def thresholds():
    return thresholds_from_checkers(checkers.registry().values())


@pytest.fixture(scope="module")
def households(thresholds):
    return fuzz_households(2000, 11, thresholds)


# --- thresholds -----------------------------------------------------------------------------

def test_thresholds_idnyc_age_10():
    th = thresholds_from_checkers([idnyc])
    assert th == {"age": (10,)}


def test_thresholds_income_tables_and_monthly_times_12():
    th = thresholds_from_checkers([head_start, home_energy_assistance_program])
    for feature in MONEY_FEATURES:
        assert set(head_start.INCOME_LIMITS) <= set(th[feature])
        assert 3035 in th[feature] and 3035 * 12 in th[feature]
    # Resource limits compared via a local variable are still found by name.
    assert 3750 in th["available_financial_resources"]
    # Ages compared directly in the HEAP module, not confused with money.
    assert {6, 60} <= set(th["age"])


def test_thresholds_resolve_module_constants_and_are_sorted_unique(thresholds):
    for feature, values in thresholds.items():
        assert list(values) == sorted(set(values)), feature
    assert {10, 18, 21, 65} <= set(thresholds["age"])  # 65 is SENIOR_AGE, a named constant
    assert 175 in thresholds["nonconsecutive_work_days"]
    assert 2.0 in thresholds["gpa"]
    assert 0 in thresholds["monthly_rent_spending"]
    assert 24_210 in thresholds["annual_work_income"]  # EITC JOINT_NO_CHILDREN: dollar-sized constant
    # Named constants compared with a feature are that feature's, not money.
    assert 65 not in thresholds["annual_work_income"]


def test_thresholds_deterministic():
    mods = list(checkers.registry().values())
    assert thresholds_from_checkers(mods) == thresholds_from_checkers(list(reversed(mods)))


# --- households -----------------------------------------------------------------------------

def test_fuzz_deterministic(thresholds):
    a = fuzz_households(200, 5, thresholds)
    b = fuzz_households(200, 5, thresholds)
    c = fuzz_households(200, 6, thresholds)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]
    assert a == b
    assert [h.to_json() for h in a] != [h.to_json() for h in c]


def test_fuzz_household_uses_only_given_rng(thresholds):
    random.seed(1)
    a = fuzz_household(random.Random(3), thresholds)
    random.seed(2)
    b = fuzz_household(random.Random(3), thresholds)
    assert a == b


def test_all_fuzzed_households_consistent(households):
    bad = [(i, found) for i, h in enumerate(households) if (found := cons.violations(h))]  # each checked once
    assert bad == []


def test_work_hours_agree_with_work_income(households):
    # rule work_hours_and_income, both directions, and both kinds of member actually drawn
    members = [m for h in households for m in h.members]
    workers = [m for m in members if m.annual_work_income > 0]
    idle = [m for m in members if m.annual_work_income == 0]
    assert len(workers) > 500 and len(idle) > 500
    assert all(m.work_hours_per_week > 0 for m in workers)
    assert all(m.work_hours_per_week == 0 and not m.works_outside_home for m in idle)
    # hour thresholds (10, 20, 35 hours) are still reached by workers
    assert {9, 10, 19, 20, 35} <= {m.work_hours_per_week for m in workers}


def test_nyc_only_housing_lives_in_nyc(households):
    members = [m for h in households for m in h.members if m.housing_type in cons.NYC_ONLY_HOUSING]
    assert members and all(m.place_of_residence == cons.NYC for m in members)


def test_hra_clients_live_in_nyc(households):
    members = [m for h in households for m in h.members if m.receives_hra]
    assert members and all(m.place_of_residence == cons.NYC for m in members)
    assert any(m.place_of_residence != cons.NYC for h in households for m in h.members)


def test_benefits_keep_both_values_after_repair(households):
    """Issue 30's benefit rules are kept by repair, not by dropping a flag: every benefit and what it
    implies is still drawn both ways (checker branches on either value stay reachable), and the
    Play tab's "You receive Medicaid. You are not eligible for Medicaid." never appears."""
    members = [m for h in households for m in h.members]
    for f in ("receives_medicaid", "receives_disability_medicaid", "eligible_for_medicaid", "health_insurance",
              "qualify_for_health_insurance", "receives_ssi", "receives_ssdi", "has_received_ssi_or_ssdi",
              "receives_va_disability", "va_healthcare", "wep", "receives_hra", "acs", "eligible_for_hra_shelter",
              "work_experience", "work_authorization", "dependent", "has_ssn"):
        assert {getattr(m, f) for m in members} == {True, False}, f
        if f in ("wep", "acs"):
            continue  # read only for few members (cash assistance, children); unread, as rare as the population has them
        assert 0.05 < sum(getattr(m, f) for m in members) / len(members) < 0.95, f
    assert not [m for m in members if (m.receives_medicaid or m.receives_disability_medicaid)
                and not (m.eligible_for_medicaid and m.health_insurance and m.qualify_for_health_insurance)]


def test_all_fuzzed_households_validate(households):
    for h in households:
        assert Household.from_dict(h.to_dict()) == h


def test_roster_spread(households):
    sizes = collections.Counter(h.size for h in households)
    assert sorted(sizes) == [1, 2, 3, 4, 5, 6]
    assert min(sizes.values()) > 250
    relations = collections.Counter(m.relation for h in households for m in h.members)
    assert set(relations) == set(FEATURES_BY_NAME["relation"].values)
    assert all(sum(m.relation == "spouse" for m in h.members) <= 1 for h in households)


def test_max_members_respected(thresholds):
    assert {h.size for h in fuzz_households(100, 1, thresholds, max_members=1)} == {1}
    assert max(h.size for h in fuzz_households(300, 1, thresholds, max_members=3)) == 3


def test_ages_land_on_thresholds(households):
    ages = collections.Counter(m.age for h in households for m in h.members)
    for t in (10, 65):
        for a in (t - 1, t, t + 1):
            assert ages[a] > 0, a
    # Threshold ages are denser than an age no checker mentions.
    assert ages[65] > ages[47]
    assert ages[10] > ages[47]


def test_incomes_land_on_table_edges(households, thresholds):
    edges = set(thresholds["annual_work_income"])
    on_edge = 0
    for h in households:
        total = sum(m.annual_work_income + m.annual_investment_income for m in h.members)
        if total in edges:
            on_edge += 1
    assert on_edge > 50
    # Concentrated draws: one earner at a table value, everyone else at 0.
    single = [h for h in households if h.size > 1 and sum(m.annual_work_income > 0 for m in h.members) == 1
              and any(m.annual_work_income in edges for m in h.members)]
    assert single


def test_numeric_values_near_thresholds_and_spread(households, thresholds):
    hours = collections.Counter(m.work_hours_per_week for h in households for m in h.members if m.age >= 14)
    for t in (34, 35, 36):
        assert hours[t] > 0
    assert len(hours) > 40  # the uniform half spreads over the range
    gpas = {m.gpa for h in households for m in h.members}
    assert {1.99, 2.0, 2.01} <= gpas


def test_children_have_no_work_or_credentials(households):
    for h in households:
        for m in h.members:
            if m.age < 14:
                assert m.annual_work_income == 0 and m.work_hours_per_week == 0 and not m.works_outside_home
            if m.age < 16:
                assert m.high_school_equivalent == cons.NO_DIPLOMA


def test_names_present_and_surnames_shared(households):
    assert all(m.name.count(" ") >= 1 for h in households for m in h.members)
    shared = sum(
        m.name.split(" ", 1)[1] == h.members[0].name.split(" ", 1)[1]
        for h in households for m in h.members[1:] if m.relation == "child"
    )
    children = sum(m.relation == "child" for h in households for m in h.members)
    assert shared > 0.6 * children


@pytest.mark.parametrize(
    "kwargs",
    [
        {"count": 0},
        {"count": -3},
        {"count": 1.5},
        {"count": True},
        {"max_members": 0},
        {"max_members": 7},
        {"max_members": "3"},
        {"seed": "x"},
    ],
)
def test_bad_params(thresholds, kwargs):
    args = {"count": 2, "seed": 1, "max_members": 6} | kwargs
    with pytest.raises(ParamsError):
        fuzz_households(args["count"], args["seed"], thresholds, args["max_members"])


def test_empty_thresholds_still_work():
    hs = fuzz_households(50, 2, {})
    assert all(cons.violations(h) == [] for h in hs)
