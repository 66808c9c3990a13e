from checkers.child_care_vouchers import check as check_2024
from checkers.editions.e2026_08.child_care_vouchers import check
from eligibench.household import household

KID = {"relation": "child", "age": 3}
WORKS = {"work_hours_per_week": 20}  # at least $17,160 a year is minimum wage for 20 hours


def test_size_2_just_below_and_just_past_the_monthly_amount():  # clause 1: table size 2 ($6,601.24 a month)
    # yearly incomes are whole dollars, so no household sits exactly at $6,601.24 x 12 = $79,214.88
    assert check(household(WORKS | {"annual_work_income": 79214}, KID))  # $6,601.17 a month
    assert not check(household(WORKS | {"annual_work_income": 79215}, KID))  # $6,601.25 a month


def test_the_limit_rose_so_the_2024_verdict_changes():  # clause 1: table moved from $73,869.56 a year
    hh = household(WORKS | {"annual_work_income": 79000}, KID)
    assert check(hh) and not check_2024(hh)


def test_size_3_row_and_investment_income_counts():  # clause 1: table size 3 ($8,155.48 a month = $97,865.76)
    kids = [KID, {"relation": "child", "age": 7}]
    assert check(household(WORKS | {"annual_work_income": 90000, "annual_investment_income": 7865}, *kids))
    assert not check(household(WORKS | {"annual_work_income": 90000, "annual_investment_income": 7866}, *kids))


def test_size_6_last_reachable_row():  # clause 1: table size 6 ($12,814.18 a month = $153,770.16)
    kids = [KID] * 5
    assert check(household(WORKS | {"annual_work_income": 153770}, *kids))
    assert not check(household(WORKS | {"annual_work_income": 153771}, *kids))


def test_cash_assistance_qualifies_whatever_the_income():  # clause 1: cash assistance
    assert check(household(WORKS | {"annual_work_income": 300000, "receives_cash_assistance": True}, KID))


def test_homelessness_is_no_longer_a_financial_route():  # clause 1 moved: homelessness left the financial test
    hh = household({"housing_type": "homeless", "annual_work_income": 300000}, KID)
    assert check_2024(hh) and not check(hh)
    assert check(household({"housing_type": "DHS shelter", "annual_work_income": 20000}, KID))  # unhoused: a reason


def test_work_needs_10_hours_at_minimum_wage():  # clause 2: 10+ hours a week at $16.50 an hour
    assert check(household({"work_hours_per_week": 10, "annual_work_income": 8580}, KID))  # exactly $16.50
    assert not check(household({"work_hours_per_week": 10, "annual_work_income": 8579}, KID))  # just under
    assert not check(household({"work_hours_per_week": 9, "annual_work_income": 50000}, KID))  # under 10 hours
    low_pay = household({"work_hours_per_week": 40, "annual_work_income": 30000}, KID)  # $14.42 an hour
    assert check_2024(low_pay) and not check(low_pay)


def test_each_parent_needs_a_reason():  # clause 2 moved: "each parent", not one of them
    hh = household(WORKS | {"annual_work_income": 40000}, {"relation": "spouse", "age": 35}, KID)
    assert check_2024(hh) and not check(hh)
    spouse_in_school = {"relation": "spouse", "age": 35, "enrolled_in_vocational_training": True}
    assert check(household(WORKS | {"annual_work_income": 40000}, spouse_in_school, KID))


def test_other_reasons_for_care():  # clause 2: school, looking for work, domestic violence, substance treatment
    for reason in ({"enrolled_in_educational_training": True}, {"days_looking_for_work": 1},
                   {"attending_service_for_domestic_violence": True}, {"receiving_treatment_for_substance_abuse": True}):
        assert check(household(reason, KID))
    assert not check(household({"days_looking_for_work": 0}, KID))


def test_the_child_in_care_is_under_13_or_under_18_with_special_needs():  # implied: the child to be cared for
    assert check(household(WORKS | {"annual_work_income": 40000}, {"relation": "child", "age": 12}))
    assert not check(household(WORKS | {"annual_work_income": 40000}, {"relation": "child", "age": 13}))
    assert check(household(WORKS | {"annual_work_income": 40000}, {"relation": "child", "age": 17, "can_care_for_self": False}))
    assert not check(household(WORKS | {"annual_work_income": 40000}, {"relation": "child", "age": 18, "can_care_for_self": False}))


def test_minimum_wage_is_a_bar_for_a_parent_working_10_hours_or_more():  # issue 30: "must make at least minimum wage"
    # the reviewer's household: 20 hours a week for $5,000 a year, also in school (a reason for care)
    in_school = {"work_hours_per_week": 20, "enrolled_in_educational_training": True}
    assert not check(household(in_school | {"annual_work_income": 5000}, KID))
    # at the boundary: 20 hours x 52 weeks x $16.50 = $17,160 a year
    assert check(household(in_school | {"annual_work_income": 17160}, KID))
    assert not check(household(in_school | {"annual_work_income": 17159}, KID))
    # under 10 hours a week the sentence does not apply: school alone is the reason
    assert check(household({"work_hours_per_week": 9, "annual_work_income": 5000,
                            "enrolled_in_educational_training": True}, KID))


def test_a_spouse_below_minimum_wage_bars_the_household():  # issue 30: the bar holds for each parent
    spouse = {"relation": "spouse", "age": 35, "work_hours_per_week": 30, "annual_work_income": 10000}
    assert not check(household(WORKS | {"annual_work_income": 40000}, spouse, KID))
    assert check(household(WORKS | {"annual_work_income": 40000}, spouse | {"annual_work_income": 25740}, KID))
