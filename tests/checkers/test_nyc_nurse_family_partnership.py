from checkers.nyc_nurse_family_partnership import check
from eligibench.household import household

BASE = {"months_pregnant": 5, "eligible_for_medicaid": True}


def person(**changes):
    return {**BASE, **changes}


def test_pregnant_first_baby_nyc_medicaid_eligible_qualifies():  # all clauses met
    assert check(household(person()))


def test_not_pregnant_does_not_qualify():  # clause: pregnant
    assert not check(household(person(months_pregnant=0)))


def test_one_month_pregnant_qualifies():  # clause: pregnant (edge: 1 month)
    assert check(household(person(months_pregnant=1)))


def test_six_months_pregnant_qualifies():  # clause: 28 weeks or less (edge: exactly 6 months)
    assert check(household(person(months_pregnant=6)))


def test_seven_months_pregnant_does_not_qualify():  # clause: 28 weeks or less (just above)
    assert not check(household(person(months_pregnant=7)))


def test_already_a_parent_does_not_qualify():  # clause: first baby
    assert not check(household(person(is_parent=True)))


def test_living_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(person(place_of_residence="Jersey")))


def test_no_medicaid_or_wic_route_does_not_qualify():  # clause: Medicaid or WIC
    assert not check(household(person(eligible_for_medicaid=False)))


def test_receives_medicaid_qualifies():  # clause: Medicaid (already receives)
    assert check(household(person(eligible_for_medicaid=False, receives_medicaid=True)))


def test_snap_makes_wic_eligible_qualifies():  # clause: WIC via SNAP
    assert check(household(person(eligible_for_medicaid=False, receives_snap=True)))


def test_temporary_assistance_makes_wic_eligible_qualifies():  # clause: WIC via Temporary Assistance
    assert check(household(person(eligible_for_medicaid=False, receives_temporary_assistance=True)))


def test_qualifies_through_pregnant_spouse():  # individual scope: non-self member
    hh = household({"sex": "male"}, person(relation="spouse"))
    assert check(hh)


def test_household_with_no_pregnant_member_does_not_qualify():  # no relevant member
    hh = household({"eligible_for_medicaid": True}, {"relation": "child", "age": 2, "eligible_for_medicaid": True})
    assert not check(hh)


def test_disability_medicaid_is_medicaid():  # clause: Medicaid (issue 30: any kind of Medicaid)
    assert check(household(person(eligible_for_medicaid=False, receives_disability_medicaid=True)))


def test_cash_assistance_is_temporary_assistance_for_wic():  # clause: WIC route (issue 30: TA is cash assistance)
    assert check(household(person(eligible_for_medicaid=False, receives_cash_assistance=True)))


def test_snap_of_another_member_is_the_household_snap():  # clause: WIC route (SNAP is a household benefit)
    assert not check(household(person(eligible_for_medicaid=False), {"relation": "spouse", "age": 30}))
    assert check(household(person(eligible_for_medicaid=False), {"relation": "spouse", "age": 30, "receives_snap": True}))
