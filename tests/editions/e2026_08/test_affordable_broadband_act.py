import pytest

from checkers.editions.e2026_08.affordable_broadband_act import check
from eligibench.household import household


@pytest.mark.parametrize("benefit", ["receives_snap", "receives_medicaid", "receives_disability_medicaid",
                                     "receives_scrie", "receives_drie", "receives_utility_assistance",
                                     "receives_free_or_reduced_lunch"])
def test_each_listed_benefit_qualifies_through_any_member(benefit):  # clause: any listed benefit, any member
    assert check(household({"age": 40, "annual_work_income": 400000}, {"relation": "child", "age": 9, benefit: True}))


def test_no_listed_benefit_does_not_qualify_whatever_the_income():  # clause: income path not modelled
    assert not check(household({"age": 40, "annual_work_income": 0}))
    assert not check(household({"age": 40, "receives_ssi": True, "receives_hra": True}))  # benefits the text does not list
