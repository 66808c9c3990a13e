import pytest

from checkers.early_head_start import check
from eligibench.household import household

RICH = {"annual_work_income": 200000}
PREGNANT = {"months_pregnant": 4}
BABY = {"relation": "child", "age": 1}


def test_no_category_and_high_income_does_not_qualify():  # no relevant member / income table
    assert not check(household(RICH, {"relation": "child", "age": 1}))


def test_temporary_housing_qualifies():  # clause: temporary housing
    assert check(household(dict(RICH, housing_type="DHS shelter"), BABY))


def test_homeless_member_qualifies():  # clause: temporary housing (homeless)
    assert check(household(dict(RICH, housing_type="homeless"), BABY))


def test_nycha_housing_is_not_temporary():  # clause: temporary housing (ineligible)
    assert not check(household(dict(RICH, housing_type="NYCHA development"), BABY))


def test_cash_assistance_qualifies():  # clause: HRA Cash Assistance
    assert check(household(dict(RICH, receives_cash_assistance=True), BABY))


def test_snap_alone_does_not_qualify():  # clause: HRA Cash Assistance / SSI (SNAP is not listed)
    assert not check(household(dict(RICH, receives_snap=True), BABY))


def test_ssi_through_child_qualifies():  # clause: SSI, through a non-self member
    assert check(household(RICH, {"relation": "child", "age": 2, "receives_ssi": True}))


def test_foster_child_qualifies():  # clause: child in foster care, through a non-self member
    assert check(household(RICH, {"relation": "foster child", "age": 2, "in_foster_care": True}))


def test_income_size_1_exactly_at_limit_qualifies():  # clause: income table size 1 (at), a pregnant self
    assert check(household(dict(PREGNANT, annual_work_income=14580)))


def test_income_size_1_just_above_limit_fails():  # clause: income table size 1 (just above)
    assert not check(household(dict(PREGNANT, annual_work_income=14581)))


def test_income_size_1_just_below_limit_qualifies():  # clause: income table size 1 (just below)
    assert check(household(dict(PREGNANT, annual_work_income=14579)))


def test_income_counts_investments_and_all_members():  # clause: household income definition
    hh = household(dict(PREGNANT, annual_work_income=10000), {"relation": "spouse", "annual_investment_income": 9721})
    assert not check(hh)
    hh = household(dict(PREGNANT, annual_work_income=10000), {"relation": "spouse", "annual_investment_income": 9720})
    assert check(hh)


def test_income_size_6_at_and_above():  # clause: income table, largest household (size 6)
    kids = [{"relation": "child", "age": 1}] * 5
    assert check(household({"annual_work_income": 40280}, *kids))
    assert not check(household({"annual_work_income": 40281}, *kids))


def test_no_child_and_no_pregnancy_fails():  # implied: a member under 3 or pregnant (none)
    assert not check(household({"receives_cash_assistance": True}))
    assert not check(household({"receives_cash_assistance": True}, {"relation": "child", "age": 5}))


def test_child_aged_3_does_not_count():  # implied: under 3 (at 3: Head Start age)
    assert not check(household({"receives_cash_assistance": True}, {"relation": "child", "age": 3}))


def test_child_aged_2_counts():  # implied: under 3 (just below)
    assert check(household({"receives_cash_assistance": True}, {"relation": "child", "age": 2}))


def test_pregnant_member_without_child_qualifies():  # implied: a pregnant member, not self
    assert check(household({"receives_cash_assistance": True}, {"relation": "spouse", "age": 28, "months_pregnant": 1}))


def test_older_foster_child_does_not_make_an_infant_eligible():  # reading: the enrolled child is in foster care (issue 19 review)
    teen = {"relation": "foster child", "age": 15, "in_foster_care": True}
    assert not check(household(RICH, teen, {"relation": "child", "age": 1}))


def test_foster_child_aged_2_qualifies_aged_3_not():  # reading: foster care on the child under 3 (at 2, at 3)
    assert check(household(RICH, {"relation": "foster child", "age": 2, "in_foster_care": True}))
    assert not check(household(RICH, {"relation": "foster child", "age": 3, "in_foster_care": True}, {"relation": "child", "age": 1}))


@pytest.mark.parametrize("flag", ["receives_cash_assistance", "receives_temporary_assistance"])
def test_either_temporary_assistance_flag_qualifies(flag):  # clause: HRA Cash Assistance (issue 30: TA is cash assistance)
    assert not check(household(RICH, BABY))
    assert check(household(dict(RICH, **{flag: True}), BABY))
