from checkers.medicaid_for_pregnant_women import check
from eligibench.household import household

PREGNANT = {"months_pregnant": 4}
CHILD = {"relation": "child", "age": 5}


def test_pregnant_resident_with_no_income_qualifies():  # all clauses met
    assert check(household(PREGNANT))


def test_not_pregnant_does_not_qualify():  # clause: pregnant
    assert not check(household({}))


def test_living_outside_new_york_does_not_qualify():  # clause: New York State resident
    assert not check(household({**PREGNANT, "place_of_residence": "Jersey"}))


def test_single_pregnant_person_uses_family_size_2_at_limit():  # clause: income table, unborn baby counts (size 2: 45,581)
    assert check(household({**PREGNANT, "annual_work_income": 45581}))


def test_single_pregnant_person_just_above_size_2_limit():  # clause: income table (just above)
    assert not check(household({**PREGNANT, "annual_work_income": 45582}))


def test_single_pregnant_person_just_below_limit_with_investments():  # clause: income includes investments (just below)
    assert check(household({**PREGNANT, "annual_work_income": 45000, "annual_investment_income": 580}))


def test_size_1_limit_would_not_apply():  # clause: family size includes the unborn baby (above size-1 limit 33,584)
    assert check(household({**PREGNANT, "annual_work_income": 40000}))


def test_last_row_family_size_8_at_and_above_limit():  # clause: income table, last row (6 members + 2 unborn = 8: 117,566)
    members = [{**PREGNANT, "annual_work_income": 117566}, {"relation": "spouse", "months_pregnant": 3}] + [CHILD] * 4
    assert check(household(*members))
    members[0] = {**PREGNANT, "annual_work_income": 117567}
    assert not check(household(*members))


def test_beyond_table_each_additional_person():  # clause: each additional person adds 11,997 (size 9: 129,563)
    members = [{**PREGNANT, "annual_work_income": 129563}, {"relation": "spouse", "months_pregnant": 3}]
    members += [{**CHILD, "age": 17, "months_pregnant": 2}] + [CHILD] * 3
    assert check(household(*members))
    members[0] = {**PREGNANT, "annual_work_income": 129564}
    assert not check(household(*members))


def test_qualifies_through_pregnant_spouse():  # individual scope: non-self member
    assert check(household({"sex": "male", "annual_work_income": 40000}, {"relation": "spouse", "months_pregnant": 7}))


def test_household_with_no_pregnant_member_does_not_qualify():  # no relevant member
    assert not check(household({}, {"relation": "spouse"}, CHILD))
