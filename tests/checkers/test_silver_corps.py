from checkers.silver_corps import check
from eligibench.household import household


def senior(**changes):
    return {"age": 60} | changes


def test_unemployed_senior_in_nyc_qualifies():  # all clauses
    assert check(household(senior()))


def test_age_55_qualifies():  # clause: 55 or older (edge)
    assert check(household(senior(age=55)))


def test_age_54_does_not_qualify():  # clause: 55 or older (just below)
    assert not check(household(senior(age=54)))


def test_age_56_qualifies():  # clause: 55 or older (just above)
    assert check(household(senior(age=56)))


def test_outside_nyc_does_not_qualify():  # clause: lives in NYC
    assert not check(household(senior(place_of_residence="Jersey")))


def test_part_time_34_hours_qualifies():  # clause: underemployed (just below 35)
    assert check(household(senior(work_hours_per_week=34)))


def test_full_time_35_hours_does_not_qualify():  # clause: unemployed or underemployed (edge 35)
    assert not check(household(senior(work_hours_per_week=35)))


def test_single_income_at_limit_qualifies():  # clause: income table size 1 (exactly at)
    assert check(household(senior(annual_investment_income=60240)))


def test_single_income_just_below_limit_qualifies():  # clause: income table size 1 (just below)
    assert check(household(senior(annual_work_income=60239)))


def test_single_income_just_above_limit_does_not_qualify():  # clause: income table size 1 (just above)
    assert not check(household(senior(annual_work_income=60241)))


def test_six_person_household_at_limit_qualifies():  # clause: income table, largest possible household (size 6)
    others = [{"relation": "grandchild", "age": 8}] * 5
    assert check(household(senior(annual_work_income=167840), *others))


def test_six_person_household_above_limit_does_not_qualify():  # clause: income table size 6 (just above)
    others = [{"relation": "grandchild", "age": 8}] * 5
    assert not check(household(senior(annual_work_income=167841), *others))


def test_spouse_income_counts():  # clause: household income, size 2
    hh = household(senior(), {"relation": "spouse", "age": 50, "annual_work_income": 81761})
    assert not check(hh)


def test_qualifies_through_spouse():  # individual scope: non-self member
    hh = household({"age": 40, "work_hours_per_week": 40, "annual_work_income": 50000}, {"relation": "spouse", "age": 58})
    assert check(hh)


def test_household_with_no_one_55_or_older_does_not_qualify():  # no relevant member
    assert not check(household({"age": 40}, {"relation": "child", "age": 10}))
