from checkers.cornerstone_programs import check
from eligibench.household import household

NYCHA = "NYCHA development"


def test_nycha_adult_qualifies():  # clause: NYCHA resident, age 5 or older
    assert check(household({"housing_type": NYCHA, "age": 40}))


def test_non_nycha_adult_fails():  # clause: NYCHA resident
    assert not check(household({"housing_type": "Section 8", "age": 40}))


def test_nycha_child_aged_5_qualifies():  # clause: kindergarten age (at), through a child member
    hh = household({"housing_type": "condo", "age": 40}, {"relation": "child", "age": 5, "housing_type": NYCHA})
    assert check(hh)


def test_nycha_child_aged_4_fails():  # clause: kindergarten age (just below)
    hh = household({"housing_type": "condo", "age": 40}, {"relation": "child", "age": 4, "housing_type": NYCHA})
    assert not check(hh)


def test_nycha_child_aged_6_qualifies():  # clause: kindergarten age (just above)
    hh = household({"housing_type": "condo", "age": 40}, {"relation": "child", "age": 6, "housing_type": NYCHA})
    assert check(hh)


def test_household_outside_nycha_fails():  # no relevant member
    assert not check(household({"age": 40}, {"relation": "child", "age": 8}))


def test_nycha_child_aged_4_in_kindergarten_qualifies():  # clause: kindergarten age (second reading 2024-a, decided)
    reader = household({"age": 40, "housing_type": "condo", "is_parent": True, "is_property_owner": True},
                       {"relation": "child", "age": 4, "current_school_level": "k", "housing_type": NYCHA,
                        "high_school_equivalent": "no high school diploma equivalent"})
    assert check(reader)
    twin = household({"age": 40, "housing_type": "condo", "is_parent": True, "is_property_owner": True},
                     {"relation": "child", "age": 4, "current_school_level": "pk", "housing_type": NYCHA,
                      "high_school_equivalent": "no high school diploma equivalent"})
    assert not check(twin)
