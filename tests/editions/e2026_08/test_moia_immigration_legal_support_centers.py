from checkers.editions.e2026_08.moia_immigration_legal_support_centers import check
from eligibench.household import household

IMMIGRANT = {"age": 35, "place_of_residence": "New York City", "citizenship": "lawful_resident"}


def test_size_1_monthly_limit_times_12_edges():  # clause: 200% FPL size 1 ($2,660 a month)
    assert check(household(IMMIGRANT | {"annual_work_income": 12 * 2660}))
    assert check(household(IMMIGRANT | {"annual_work_income": 12 * 2660 - 1}))
    assert not check(household(IMMIGRANT | {"annual_work_income": 12 * 2660 + 1}))


def test_size_4_row():  # clause: 200% FPL size 4 ($5,500 a month)
    kids = [{"relation": "child", "age": 6}] * 3
    assert check(household(IMMIGRANT | {"annual_work_income": 66000}, *kids))
    assert not check(household(IMMIGRANT | {"annual_work_income": 66001}, *kids))


def test_immigration_status_is_not_a_condition():  # issue 30 decided: no implied non-citizen member
    for status in ("citizen_or_national", "lawful_resident", "unlawful_resident"):
        assert check(household({"age": 40, "citizenship": status}))  # a household of one citizen qualifies too
    assert not check(household({"age": 40, "citizenship": "citizen_or_national", "annual_work_income": 12 * 2660 + 1}))


def test_residence_is_not_a_condition():  # third reading decided: no implied NYC residence
    assert check(household(IMMIGRANT | {"place_of_residence": "Jersey"}))  # the text asks only about income
    assert check(household(IMMIGRANT | {"place_of_residence": "Jersey", "housing_type": "DHS shelter"}))
    assert not check(household(IMMIGRANT | {"place_of_residence": "Jersey", "annual_work_income": 12 * 2660 + 1}))
