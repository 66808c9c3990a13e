from checkers.editions.e2026_08.earned_income_tax_credit import check
from eligibench.household import household

KID = {"relation": "child", "age": 6}
JOINT = {"filing_jointly": True}
SPOUSE = {"relation": "spouse", "lived_together_last_6_months": True}


def test_single_with_child_at_and_above_the_2025_limit():  # clause 2: single with children (edge, above)
    assert check(household({"annual_work_income": 61555}, KID))
    assert not check(household({"annual_work_income": 61556}, KID))


def test_single_without_child_at_and_above_the_2025_limit():  # clause 2: single without children; clause 4
    assert check(household({"annual_work_income": 19104, "age": 30}))
    assert not check(household({"annual_work_income": 19105, "age": 30}))


def test_the_2024_single_limit_no_longer_binds():  # clause 2: limits moved to 2025
    assert check(household({"annual_work_income": 17641, "age": 30}))


def test_joint_limits_add_both_spouses():  # clause 2: joint with and without children
    assert check(household(JOINT | {"annual_work_income": 40000}, SPOUSE | {"annual_work_income": 28675}, KID))
    assert not check(household(JOINT | {"annual_work_income": 40000}, SPOUSE | {"annual_work_income": 28676}, KID))
    assert check(household(JOINT | {"annual_work_income": 20000, "age": 30}, SPOUSE | {"annual_work_income": 6214}))
    assert not check(household(JOINT | {"annual_work_income": 20000, "age": 30}, SPOUSE | {"annual_work_income": 6215}))


def test_investment_income_must_be_under_11950():  # clause 6 (edge: must be less than)
    # with some earnings: since issue 30 (second reading 2024-a) the filers need income from work
    assert check(household({"annual_work_income": 20000, "annual_investment_income": 11949}, KID))
    assert not check(household({"annual_work_income": 20000, "annual_investment_income": 11950}, KID))


def test_no_ssn_fails():  # clause 1
    assert not check(household({"annual_work_income": 10000, "has_ssn": False}, KID))


def test_age_range_without_children():  # clause 4: 25 and 64 included, 24 and 65 not
    assert check(household({"age": 25, "annual_work_income": 1000}))
    assert check(household({"age": 64, "annual_work_income": 1000}))
    assert not check(household({"age": 24, "annual_work_income": 1000}))
    assert not check(household({"age": 65, "annual_work_income": 1000}))


def test_qualifying_child_age_test():  # clause 3: under 19, under 24 and a student, any age if disabled
    old = {"relation": "child", "age": 19}
    assert not check(household({"age": 70, "annual_work_income": 1000}, old))
    assert check(household({"age": 70, "annual_work_income": 1000}, old | {"enrolled_in_educational_training": True}))
    assert check(household({"age": 70, "annual_work_income": 1000}, old | {"age": 40, "disabled": True}))


def test_married_filing_separately_needs_child_at_home_and_living_apart():  # clause 5
    apart = {"relation": "spouse", "lived_together_last_6_months": False}
    assert check(household({"annual_work_income": 1000}, apart, KID | {"lived_together_last_6_months": True}))
    assert not check(household({"annual_work_income": 1000}, SPOUSE, KID | {"lived_together_last_6_months": True}))
    assert not check(household({"annual_work_income": 1000}, apart, KID | {"lived_together_last_6_months": False}))


def test_no_income_from_work_fails():  # implied: income from work above $0 (shared 2024 rule, issue 30)
    assert not check(household({"annual_investment_income": 5000}, KID))
    assert check(household({"annual_work_income": 1, "work_hours_per_week": 1, "annual_investment_income": 5000}, KID))


def test_a_sibling_is_a_qualifying_child():  # the shared rule: the IRS relationship test (second reading 2024-a, decided)
    filer = {"annual_work_income": 30000, "work_hours_per_week": 35}
    child = {"age": 10, "current_school_level": 5, "dependent": True, "relation": "sibling"}
    assert check(household(filer, child))
    assert not check(household(filer, dict(child, relation="cousin")))
