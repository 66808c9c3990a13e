import pytest

from checkers.head_start import check
from eligibench.household import household

RICH = {"annual_work_income": 200000}
KID = {"relation": "child", "age": 4}


def test_no_category_and_high_income_fails():  # no relevant member / income table
    assert not check(household(RICH, KID))


def test_temporary_housing_qualifies():  # clause: temporary housing
    assert check(household(dict(RICH, housing_type="temporary housing"), KID))


def test_rent_stabilized_is_not_temporary():  # clause: temporary housing (ineligible)
    assert not check(household(dict(RICH, housing_type="rent stabilized apartment"), KID))


def test_cash_assistance_qualifies():  # clause: HRA Cash Assistance
    assert check(household(dict(RICH, receives_cash_assistance=True), KID))


def test_snap_qualifies():  # clause: SNAP
    assert check(household(dict(RICH, receives_snap=True), KID))


def test_ssdi_is_not_listed():  # clause: SSI (SSDI does not count)
    assert not check(household(dict(RICH, receives_ssdi=True), KID))


def test_ssi_through_child_qualifies():  # clause: SSI, through a non-self member
    assert check(household(RICH, dict(KID, receives_ssi=True)))


def test_foster_child_qualifies():  # clause: child in foster care
    assert check(household(RICH, {"relation": "foster child", "age": 4, "in_foster_care": True}))


def test_size_2_just_below_limit_qualifies():  # clause: income below table, size 2 (just below)
    assert check(household({"annual_work_income": 20439}, KID))


def test_size_2_exactly_at_limit_fails():  # clause: income below table, size 2 (at; strict)
    assert not check(household({"annual_work_income": 20440}, KID))


def test_size_2_counts_investment_income():  # clause: family income = work + investments
    assert not check(household({"annual_work_income": 20000}, dict(KID, annual_investment_income=500)))


def test_size_1_uses_two_person_amount():  # clause: household of 1 uses the 2-person amount
    # Only a child alone makes a household of 1 with a child of Head Start age.
    assert check(household({"age": 4, "annual_investment_income": 20439}))
    assert not check(household({"age": 4, "annual_investment_income": 20440}))


def test_lone_low_income_adult_fails():  # implied: a member aged 3 or 4 (none)
    assert not check(household({"annual_work_income": 0, "receives_snap": True}))


def test_child_ages_2_and_5_do_not_count():  # implied: aged 3 or 4 (just outside both ends)
    for age in (2, 5):
        assert not check(household({"receives_snap": True}, dict(KID, age=age)))


def test_child_ages_3_and_4_count():  # implied: aged 3 or 4 (both ends)
    for age in (3, 4):
        assert check(household({"receives_snap": True}, dict(KID, age=age)))


def test_size_6_edges():  # clause: income table, size 6 (largest household)
    kids = [KID] * 5
    assert check(household({"annual_work_income": 41959}, *kids))
    assert not check(household({"annual_work_income": 41960}, *kids))


def test_older_foster_child_does_not_make_a_preschooler_eligible():  # reading: the enrolled child is in foster care (issue 19 review)
    teen = {"relation": "foster child", "age": 15, "in_foster_care": True}
    assert not check(household(RICH, teen, {"relation": "child", "age": 4}))


def test_foster_child_edges():  # reading: foster care on a child aged 3 or 4 (2, 3, 4, 5)
    def with_foster(age):
        return household(RICH, {"relation": "foster child", "age": age, "in_foster_care": True}, {"relation": "child", "age": 3})
    assert not check(with_foster(2))
    assert check(with_foster(3))
    assert check(with_foster(4))
    assert not check(with_foster(5))


@pytest.mark.parametrize("flag", ["receives_cash_assistance", "receives_temporary_assistance"])
def test_either_temporary_assistance_flag_qualifies(flag):  # clause: HRA Cash Assistance (issue 30: TA is cash assistance)
    assert not check(household(RICH, KID))
    assert check(household(dict(RICH, **{flag: True}), KID))


def test_snap_of_the_child_counts_for_the_family():  # clause: SNAP is a household benefit
    assert check(household(RICH, dict(KID, receives_snap=True)))
