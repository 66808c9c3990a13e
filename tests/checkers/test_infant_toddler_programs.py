from checkers.infant_toddler_programs import check
from eligibench.household import household

BABY = {"relation": "child", "age": 1}


def test_no_reason_for_care_fails():  # clause 1: reason for care (none; no relevant member)
    assert not check(household({}, BABY))


def test_work_exactly_10_hours_qualifies():  # clause 1: work 10+ hours (at)
    assert check(household({"work_hours_per_week": 10}, BABY))


def test_work_9_hours_fails():  # clause 1: work 10+ hours (just below)
    assert not check(household({"work_hours_per_week": 9}, BABY))


def test_educational_program_qualifies():  # clause 1: educational training
    assert check(household({"enrolled_in_educational_training": True}, BABY))


def test_vocational_program_through_spouse_qualifies():  # clause 1: vocational training, via spouse
    assert check(household({}, {"relation": "spouse", "enrolled_in_vocational_training": True}, BABY))


def test_child_in_school_is_not_a_reason():  # clause 1: a child's own schooling is no reason (not a parent)
    assert not check(household({}, {"relation": "child", "age": 8, "enrolled_in_educational_training": True}))


def test_looking_for_work_180_days_qualifies():  # clause 1: looking for work up to 6 months (at)
    assert check(household({"days_looking_for_work": 180}, BABY))


def test_looking_for_work_1_day_qualifies():  # clause 1: starting to look for work
    assert check(household({"days_looking_for_work": 1}, BABY))


def test_looking_for_work_181_days_fails():  # clause 1: looking for work up to 6 months (just above)
    assert not check(household({"days_looking_for_work": 181}, BABY))


def test_temporary_housing_qualifies():  # clause 1: temporary housing
    assert check(household({"housing_type": "HRA shelter"}, BABY))


def test_domestic_violence_services_qualifies():  # clause 1: domestic violence services
    assert check(household({"attending_service_for_domestic_violence": True}, BABY))


def test_substance_treatment_qualifies():  # clause 1: substance use treatment
    assert check(household({"receiving_treatment_for_substance_abuse": True}, BABY))


def test_a_lone_member_is_never_the_child_in_care():  # implied: a child the family raises (size 1 cannot reach the table)
    # the answering person is not a child the family raises, so the size-1 row is never reached
    assert not check(household({"age": 2, "in_foster_care": True, "housing_type": "homeless", "annual_investment_income": 51610}))


def test_a_friends_baby_is_not_the_child_in_care():  # implied: a child the family raises (third reading)
    assert not check(household({"work_hours_per_week": 20}, {"relation": "friend", "age": 1}))
    assert check(household({"work_hours_per_week": 20}, {"relation": "niece or nephew", "age": 1}))


def test_the_childs_own_parent_in_the_household_gives_the_reason():  # clause 1: "you" (third reading)
    grandmother = {"age": 60, "is_parent": True}
    daughter = {"relation": "child", "age": 25, "is_parent": True, "work_hours_per_week": 20, "annual_work_income": 20000}
    grandchild = {"relation": "grandchild", "age": 2}
    assert check(household(grandmother, daughter, grandchild))
    idle = dict(daughter, work_hours_per_week=0, annual_work_income=0)
    assert not check(household(grandmother, idle, grandchild))
    assert check(household(dict(grandmother, work_hours_per_week=20, annual_work_income=20000), idle, grandchild))


def test_income_size_2_at_and_around_limit():  # clause 2: income table size 2 (below, at, above)
    assert check(household({"work_hours_per_week": 40, "annual_work_income": 67489}, BABY))
    assert check(household({"work_hours_per_week": 40, "annual_work_income": 67490}, BABY))
    assert not check(household({"work_hours_per_week": 40, "annual_work_income": 67491}, BABY))


def test_income_size_1_just_above_fails():  # clause 2: income table size 1 (just above)
    assert not check(household({"age": 2, "housing_type": "homeless", "annual_investment_income": 51611}))


def test_income_size_6_at_and_above():  # clause 2: income table, size 6 (largest household)
    kids = [BABY] * 5
    assert check(household({"work_hours_per_week": 40, "annual_work_income": 131010}, *kids))
    assert not check(household({"work_hours_per_week": 40, "annual_work_income": 131011}, *kids))


def test_high_income_fails_even_with_reason():  # clause 2 with clause 1 met
    assert not check(household({"housing_type": "homeless", "annual_investment_income": 70000}, BABY))


def test_no_child_under_3_fails():  # implied: a member under 3 (none: a working adult alone)
    assert not check(household({"work_hours_per_week": 40}))


def test_child_aged_3_does_not_count():  # implied: under 3 (at 3)
    assert not check(household({"work_hours_per_week": 40}, {"relation": "child", "age": 3}))


def test_child_aged_2_counts():  # implied: under 3 (just below)
    assert check(household({"work_hours_per_week": 40}, {"relation": "child", "age": 2}))
