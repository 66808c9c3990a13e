"""A household that fails only an income limit is told so: the explanation names the income and its
limit, not a requirement it met.

The case that started it: a 70-year-old resident owner of a condo earning $120,000 is over Enhanced
STAR's $98,700 limit, and the explanation said "Requirement not met: A member is a homeowner of the
home they live in." The limit is compared with what a helper of the checker adds up
(`owners_and_spouses_income(hh) > INCOME_LIMIT`), and the explainer took every condition that calls
a checker's own function for a composite one (`if member_qualifies(m)`), so it skipped the
comparison and reported the last condition inside the sum (an owner's income is counted). Each
household here has a one-fact twin, so the test fails if the words stop following the fact."""
from __future__ import annotations

import pytest

from checkers.editions import explained_checker
from eligibench.household import Household, member


def _owner(income: int, owner: bool = True) -> Household:
    return Household((member(relation="self", age=70, is_property_owner=owner, primary_residence=True,
                             housing_type="condo", annual_work_income=income,
                             place_of_residence="New York City"),))


def test_enhanced_star_over_the_income_limit_names_the_income_limit():
    checker = explained_checker("EnhancedSchoolTaxReliefProgram")
    ex = checker.explain(_owner(120_000))
    assert not ex.verdict
    assert "income is $120,000, above the income limit" in ex.sentence, ex.sentence
    assert "Requirement not met: Total income of all owners and resident spouses is" in ex.sentence, ex.sentence
    assert "homeowner" not in ex.sentence, ex.sentence
    # the limit the sentence states is the checker's
    assert [c.limit for c in ex.claims] == [float(checker.constant("INCOME_LIMIT"))]


@pytest.mark.parametrize("edition", ["2024", "2026-08"])
def test_its_twins_under_the_limit_is_eligible_and_without_ownership_names_ownership(edition):
    """Both editions (2026-08's Enhanced STAR is its own checker, with its own words and limit)."""
    checker = explained_checker("EnhancedSchoolTaxReliefProgram", edition)
    over = checker.explain(_owner(120_000))
    assert not over.verdict
    assert "income is $120,000, above the income limit" in over.sentence, over.sentence
    assert "own" not in over.sentence.replace("owners", ""), over.sentence
    under = checker.explain(_owner(50_000))
    assert under.verdict, under.sentence
    assert under.sentence.startswith("Member 1 meets every requirement"), under.sentence
    renter = checker.explain(_owner(120_000, owner=False))
    assert not renter.verdict
    assert "does not own the home" in renter.sentence, renter.sentence
    assert "income" not in renter.sentence.lower(), renter.sentence


def test_basic_star_over_its_limit_names_the_income_limit_too():
    """Basic STAR, the rules Enhanced STAR shares: the same helper, the same comparison."""
    ex = explained_checker("BasicSchoolTaxReliefProgram").explain(_owner(600_000))
    assert not ex.verdict
    assert "income is $600,000, above the income limit, $500,000" in ex.sentence, ex.sentence
    assert "homeowner" not in ex.sentence, ex.sentence


def test_a_call_of_a_yes_no_rule_still_gives_way_to_the_rule_s_own_conditions():
    """The composite rule still holds where it should: `if not owners_meet_age_rule(hh)` is told by
    the age conditions inside it (a 60-year-old sole owner)."""
    hh = Household((member(relation="self", age=60, is_property_owner=True, primary_residence=True,
                           housing_type="condo", annual_work_income=50_000, place_of_residence="New York City"),))
    ex = explained_checker("EnhancedSchoolTaxReliefProgram").explain(hh)
    assert not ex.verdict
    assert "60 years old" in ex.sentence or "seniors" in ex.sentence, ex.sentence
    assert "income" not in ex.sentence.lower(), ex.sentence


def _senior_and_grandchild(income: int) -> Household:
    return Household((member(relation="self", age=70, place_of_residence="New York City", annual_work_income=income),
                      member(relation="grandchild", age=10, place_of_residence="New York City")))


def test_a_member_over_a_household_income_limit_is_told_by_the_income():
    """The same defect, member by member: Commodity Supplemental Food Program tests the household's
    income inside `member_qualifies(m, income, limit)`, a condition that names no member; the senior's
    line of the explanation used to be her last condition with a member ("lives in New York City.
    Requirement met"). Her one-fact twin under the limit is eligible."""
    checker = explained_checker("CommoditySupplementalFoodProgram")
    ex = checker.explain(_senior_and_grandchild(90_000))
    assert not ex.verdict
    assert ex.details[0].startswith("Income is $90,000, above the limit, $26,572. Requirement not met"), ex.details
    assert ex.details[1] == "Member 2 is 10 years old. Requirement not met: The person is 60 or older.", ex.details
    assert "Income is $90,000" in ex.sentence, ex.sentence
    assert checker.explain(_senior_and_grandchild(20_000)).verdict
