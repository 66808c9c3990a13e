"""Each opportunity's review table (YAML `readings:`, issue 19) agrees with its checker: the table
names exactly the features the checker reads, and prints every number the checker compares with."""
import pytest

import checkers
from eligibench.catalog import load_catalog
from eligibench.truth import checker_conditions, conditions_of_source, numbers_in, table_mismatches

CATALOG = load_catalog()
REGISTRY = checkers.registry()


@pytest.mark.parametrize("oid", sorted(REGISTRY))
def test_table_matches_checker(oid):
    assert table_mismatches(CATALOG[oid], checker_conditions(REGISTRY[oid])) == []


def test_every_checker_has_a_table():
    assert sorted(REGISTRY) == sorted(CATALOG.ids)
    assert all(CATALOG[oid].readings for oid in REGISTRY)


def test_conditions_of_a_checker_source():
    source = '''
from checkers._common import household_income, table_limit
LIMITS = (100, 200)
EXTRA = 50
MIN_AGE = 12


def check(hh):
    if hh.self_member.age < MIN_AGE:
        return False
    if household_income(hh) > table_limit(LIMITS, EXTRA, hh.size):
        return False
    for m in hh.members:
        if m.days_looking_for_work > 0:
            return True
    return len(hh.members) == 3
'''
    c = conditions_of_source(source)
    assert c.features == {"age", "annual_work_income", "annual_investment_income", "household_size", "days_looking_for_work"}
    assert c.thresholds == {12, 100, 200, 50, 0, 3}
    assert ("age", 12) in c.compared and ("days_looking_for_work", 0) in c.compared


def test_mismatches_name_each_disagreement():
    opp = CATALOG["PrimaryAndPreventiveHealthCare"]
    c = checker_conditions(REGISTRY[opp.id])
    from dataclasses import replace
    extra = replace(c, features=c.features | {"sex"}, thresholds=c.thresholds | {99})
    out = table_mismatches(opp, extra)
    assert any("reads 'sex'" in line for line in out) and any("compares with 99" in line for line in out)
    fewer = replace(opp, readings=opp.readings[:1])
    assert any("the checker reads 'age'" in line for line in table_mismatches(fewer, c))


def test_numbers_in_thresholds():
    assert numbers_in("$87,100; 1: 51610 (4301)") == {87100, 1, 51610, 4301}
    assert numbers_in("12-21 inclusive") == {12, 21}
    assert numbers_in(None) == frozenset()
