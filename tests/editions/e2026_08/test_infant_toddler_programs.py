from checkers.editions.e2026_08.infant_toddler_programs import check
from checkers.infant_toddler_programs import check as check_2024
from eligibench.household import household

BABY = {"relation": "child", "age": 1}
WORKS = {"work_hours_per_week": 10}


def test_size_2_exactly_at_the_limit_qualifies_and_just_past_fails():  # clause 3: at or below $77,226 (size 2)
    assert check(household(WORKS | {"annual_work_income": 77226}, BABY))
    assert not check(household(WORKS | {"annual_work_income": 77227}, BABY))


def test_the_limit_rose_so_the_2024_verdict_changes():  # clause 3 moved: size 2 $67,490 -> $77,226
    hh = household(WORKS | {"annual_work_income": 70000}, BABY)
    assert check(hh) and not check_2024(hh)


def test_size_6_row_counts_investment_income():  # clause 3: table size 6 ($149,909)
    kids = [BABY] + [{"relation": "child", "age": 6}] * 4
    assert check(household(WORKS | {"annual_work_income": 140000, "annual_investment_income": 9909}, *kids))
    assert not check(household(WORKS | {"annual_work_income": 140000, "annual_investment_income": 9910}, *kids))


def test_work_needs_10_hours():  # clause 2: work at least 10 hours per week
    assert not check(household({"work_hours_per_week": 9}, BABY))


def test_both_parents_must_meet_a_condition():  # clause 2 moved: "both parents", not one of them
    hh = household(WORKS, {"relation": "spouse", "age": 30}, BABY)
    assert check_2024(hh) and not check(hh)
    assert check(household(WORKS, {"relation": "spouse", "age": 30, "enrolled_in_educational_training": True}, BABY))


def test_substance_treatment_is_no_longer_a_reason():  # clause 2 moved: substance treatment left the list
    hh = household({"receiving_treatment_for_substance_abuse": True}, BABY)
    assert check_2024(hh) and not check(hh)


def test_looking_for_work_up_to_180_days():  # clause 2: up to 6 months unemployed
    assert check(household({"days_looking_for_work": 180}, BABY))
    assert not check(household({"days_looking_for_work": 181}, BABY))
    assert not check(household({"days_looking_for_work": 0}, BABY))


def test_domestic_violence_services_and_temporary_housing():  # clause 2: DV services; temporary housing (both parents)
    assert check(household({"attending_service_for_domestic_violence": True}, BABY))
    assert check(household({"housing_type": "temporary housing"}, {"relation": "spouse", "age": 30}, BABY))


def test_the_child_must_be_a_citizen_or_lawfully_present():  # clause 1 (new): child's immigration status
    assert check(household(WORKS, BABY | {"citizenship": "lawful_resident"}))
    hh = household(WORKS, BABY | {"citizenship": "unlawful_resident"})
    assert check_2024(hh) and not check(hh)


def test_the_child_lives_in_nyc_unless_in_foster_care():  # clause 1 (new): NYC residency, foster care exception
    away = {"place_of_residence": "Jersey"}
    assert not check(household(WORKS | away, BABY | away))
    assert check(household(WORKS | away, BABY | away | {"in_foster_care": True}))
    assert check(household(WORKS | away, BABY | away | {"housing_type": "DHS shelter"}))


def test_the_child_is_under_3():  # implied: a member under 3
    assert check(household(WORKS, {"relation": "child", "age": 2}))
    assert not check(household(WORKS, {"relation": "child", "age": 3}))
