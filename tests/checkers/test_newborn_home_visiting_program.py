from checkers.newborn_home_visiting_program import check
from eligibench.household import household

PARENT = {"is_parent": True}
BABY = {"relation": "child", "age": 0}
OLDER = {"relation": "child", "age": 4}


def test_first_time_parent_with_only_a_baby_qualifies():  # clause: first-time parents
    assert check(household(PARENT, BABY))


def test_first_time_parent_with_adopted_baby_qualifies():  # clause: first-time parents (child relations)
    assert check(household(PARENT, {**BABY, "relation": "adopted child"}))


def test_only_child_aged_1_does_not_qualify():  # clause: baby under 1 year (just above)
    assert not check(household(PARENT, {**BABY, "age": 1}))


def test_no_children_does_not_qualify():  # no relevant member
    assert not check(household({}, {"relation": "spouse"}))


def test_parents_outside_nyc_do_not_qualify():  # clause: parent lives in NYC
    hh = household({"place_of_residence": "Jersey"}, {"relation": "spouse", "place_of_residence": "Jersey"}, BABY)
    assert not check(hh)


def test_spouse_in_nyc_is_enough():  # clause: parent (spouse) lives in NYC
    hh = household({"place_of_residence": "Jersey"}, {"relation": "spouse"}, BABY)
    assert check(hh)


def test_baby_and_older_child_without_special_situation_does_not_qualify():  # clause: not first-time, no situation
    assert not check(household(PARENT, BABY, OLDER))


def test_baby_and_older_child_in_nycha_qualifies():  # clause: NYCHA development
    assert check(household({"housing_type": "NYCHA development"}, BABY, OLDER))


def test_baby_and_older_child_in_dhs_shelter_qualifies():  # clause: DHS shelter
    assert check(household({"housing_type": "DHS shelter"}, BABY, OLDER))


def test_spouse_gets_acs_help_qualifies():  # clause: ACS help (parent)
    assert check(household({}, {"relation": "spouse", "acs": True}, BABY, OLDER))


def test_baby_gets_acs_help_qualifies():  # clause: ACS help (baby)
    assert check(household({}, {**BABY, "acs": True}, OLDER))


def test_older_child_acs_help_does_not_count():  # clause: ACS help must be parent or baby
    assert not check(household({}, BABY, {**OLDER, "acs": True}))


def test_special_situation_without_a_baby_does_not_qualify():  # clause: baby under 1 year
    assert not check(household({"housing_type": "NYCHA development", "acs": True}, OLDER))


def test_sibling_baby_is_not_the_parents_child():  # clause: parent's own child
    assert not check(household({}, {"relation": "sibling", "age": 0}))


def test_first_time_parents_of_twins_qualify():  # clause: first-time parents (every child is a baby)
    assert check(household(PARENT, BABY, BABY))


def test_answerers_teenage_daughter_is_a_first_time_parent():  # clause 1: the parent (second reading 2024-b, decided)
    grandmother = {"age": 44, "annual_work_income": 30000, "is_parent": True, "work_hours_per_week": 35}
    daughter = {"age": 17, "current_school_level": 11, "enrolled_in_educational_training": True, "is_parent": True,
                "relation": "child"}
    grandbaby = {"age": 0, "relation": "grandchild"}
    assert check(household(grandmother, daughter, grandbaby))
    assert not check(household(grandmother, dict(daughter, is_parent=False), grandbaby))  # the twin: no parent named
    assert not check(household(grandmother, daughter, grandbaby, {"age": 3, "relation": "grandchild"}))  # not first-time
    nycha = dict(daughter, housing_type="NYCHA development")
    assert check(household(grandmother, nycha, grandbaby, {"age": 3, "relation": "grandchild"}))  # 2a: NYCHA
    assert not check(household(grandmother, dict(daughter, place_of_residence="Jersey"), grandbaby))  # parent outside NYC
