from checkers.jobs_plus import check
from eligibench.household import household

RESIDENT = {"housing_type": "NYCHA development", "lives_in_jobs_plus_neighborhood": True}


def test_adult_in_served_development_qualifies():  # all clauses met
    assert check(household({**RESIDENT, "age": 35}))


def test_not_nycha_housing_fails():  # clause: lives in NYCHA housing
    assert not check(household({**RESIDENT, "housing_type": "Section 8"}))


def test_development_not_served_fails():  # clause: development served by Jobs-Plus
    assert not check(household({**RESIDENT, "lives_in_jobs_plus_neighborhood": False}))


def test_age_18_qualifies():  # clause: old enough to work (exactly 18)
    assert check(household({**RESIDENT, "age": 18}))


def test_age_17_fails():  # clause: old enough to work (just below)
    assert not check(household({**RESIDENT, "age": 17}))


def test_age_19_qualifies():  # clause: old enough to work (just above)
    assert check(household({**RESIDENT, "age": 19}))


def test_qualifies_through_adult_child():  # individual scope: non-self member
    hh = household({"housing_type": "condo"}, {**RESIDENT, "relation": "child", "age": 22})
    assert check(hh)


def test_only_a_minor_lives_in_served_development_fails():  # no relevant member
    hh = household({"housing_type": "condo"}, {**RESIDENT, "relation": "child", "age": 10})
    assert not check(hh)
