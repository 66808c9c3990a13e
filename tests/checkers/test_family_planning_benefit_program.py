from checkers.family_planning_benefit_program import check
from eligibench.household import household


def test_eligible_resident_with_no_income_qualifies():  # all clauses met
    assert check(household({}))


def test_living_outside_new_york_does_not_qualify():  # clause: New York State resident
    assert not check(household({"place_of_residence": "Jersey"}))


def test_lawfully_present_qualifies():  # clause: citizen, national or lawfully present
    assert check(household({"citizenship": "lawful_resident"}))


def test_not_lawfully_present_does_not_qualify():  # clause: citizen, national or lawfully present
    assert not check(household({"citizenship": "unlawful_resident"}))


def test_enrolled_in_medicaid_does_not_qualify():  # clause: not enrolled in Medicaid
    assert not check(household({"receives_medicaid": True}))


def test_size_1_income_exactly_at_limit_qualifies():  # clause: income table, size 1 (at limit 2,799 x 12)
    assert check(household({"annual_work_income": 33588}))


def test_size_1_income_just_above_limit_does_not_qualify():  # clause: income table, size 1 (just above)
    assert not check(household({"annual_work_income": 33589}))


def test_size_1_income_just_below_limit_qualifies():  # clause: income table, size 1 (just below)
    assert check(household({"annual_work_income": 33000, "annual_investment_income": 587}))


def test_investment_income_counts():  # clause: income includes investments
    assert not check(household({"annual_work_income": 33000, "annual_investment_income": 589}))


def test_size_2_limit_counts_every_member():  # clause: income table, household size (3,799 x 12)
    assert check(household({"annual_work_income": 30000}, {"relation": "spouse", "annual_work_income": 15588}))
    assert not check(household({"annual_work_income": 30000}, {"relation": "spouse", "annual_work_income": 15589}))


def test_largest_household_size_6_at_and_above_limit():  # clause: income table, largest size a household can have (7,798 x 12)
    # households hold at most 6 members, so rows 7-8 and the additional-person rule are unreachable
    members = [{"annual_work_income": 93576}] + [{"relation": "child", "age": 5}] * 5
    assert check(household(*members))
    members[0] = {"annual_work_income": 93577}
    assert not check(household(*members))


def test_qualifies_through_spouse_when_self_has_medicaid():  # individual scope: non-self member
    hh = household({"receives_medicaid": True}, {"relation": "spouse"})
    assert check(hh)


def test_no_member_qualifies_self_on_medicaid_spouse_not_lawfully_present():  # no relevant member
    hh = household({"receives_medicaid": True}, {"relation": "spouse", "citizenship": "unlawful_resident"})
    assert not check(hh)


def test_disability_medicaid_is_medicaid():  # clause: not enrolled in Medicaid (review finding, issue 19)
    assert not check(household({"receives_disability_medicaid": True, "disabled": True}))


def test_a_young_child_is_not_of_reproductive_age():  # implied: 12 or older (second reading 2024-a, decided)
    parent = {"eligible_for_medicaid": True, "is_parent": True, "qualify_for_health_insurance": True,
              "receives_medicaid": True}
    reader = household(parent, {"age": 2, "relation": "child",
                                "high_school_equivalent": "no high school diploma equivalent"})
    assert not check(reader)
    assert check(household(parent, {"age": 12, "relation": "child"}))  # the twin at the floor
    assert not check(household(parent, {"age": 11, "relation": "child"}))  # just below
