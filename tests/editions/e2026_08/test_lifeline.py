import pytest

from checkers.editions.e2026_08.lifeline import check
from eligibench.household import household


def test_size_1_income_edges():  # clause: income table size 1 (at, below, above)
    assert check(household({"annual_work_income": 21128}))
    assert check(household({"annual_work_income": 21127}))
    assert not check(household({"annual_work_income": 21129}))


def test_size_6_row():  # clause: income table size 6
    kids = [{"relation": "child", "age": 5}] * 5
    assert check(household({"annual_work_income": 58253}, *kids))
    assert not check(household({"annual_work_income": 58254}, *kids))


@pytest.mark.parametrize("benefit", ["receives_snap", "receives_ssi", "receives_medicaid",
                                     "receives_disability_medicaid", "receives_fpha", "receives_vpsb"])
def test_any_listed_benefit_qualifies_whatever_the_income(benefit):  # clause: program participation
    assert check(household({"annual_work_income": 500000}, {"relation": "child", "age": 10, benefit: True}))


def test_high_income_without_a_benefit_fails():  # a household with no relevant member
    assert not check(household({"annual_work_income": 500000}))


def test_section_8_housing_is_fpha():  # FPHA includes public and Section 8 housing (second reading 2024-b, decided in both editions)
    hh = {"age": 40, "annual_work_income": 60000, "housing_type": "Section 8", "work_hours_per_week": 40}
    assert check(household(hh))
    assert not check(household(dict(hh, housing_type="rent stabilized apartment")))
