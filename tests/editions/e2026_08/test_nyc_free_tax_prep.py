from checkers.editions.e2026_08.nyc_free_tax_prep import check
from checkers.nyc_free_tax_prep import check as check_2024
from eligibench.household import household

DEPENDENT = {"relation": "sibling", "age": 30, "dependent": True}
KID = {"relation": "child", "age": 10, "dependent": False}


def test_no_dependents_at_and_just_above_68000():  # 1b: $68,000 or less (edge, just above)
    assert check(household({"annual_work_income": 68000}))
    assert not check(household({"annual_work_income": 68001}))


def test_with_a_dependent_at_and_just_above_97000():  # 1a: $97,000 or less (edge, just above)
    assert check(household({"annual_work_income": 97000}, DEPENDENT))
    assert not check(household({"annual_work_income": 97001}, DEPENDENT))


def test_the_2024_limits_no_longer_bind_and_verdicts_differ():  # 1a, 1b: limits moved to tax year 2025
    single = household({"annual_work_income": 59001})
    assert check(single)
    assert not check_2024(single)
    family = household({"annual_work_income": 85001}, DEPENDENT)
    assert check(family)
    assert not check_2024(family)


def test_a_qualifying_child_not_claimed_as_dependent_counts_and_verdicts_differ():  # "qualifying children or dependents"
    hh = household({"annual_work_income": 80000}, KID)
    assert check(hh)
    assert not check_2024(hh)


def test_qualifying_child_age_test():  # implied: under 19, under 24 and a student, or disabled
    assert check(household({"annual_work_income": 80000}, KID | {"age": 18}))
    assert not check(household({"annual_work_income": 80000}, KID | {"age": 19}))
    assert check(household({"annual_work_income": 80000}, KID | {"age": 23, "enrolled_in_educational_training": True}))
    assert not check(household({"annual_work_income": 80000}, KID | {"age": 24, "enrolled_in_educational_training": True}))
    assert check(household({"annual_work_income": 80000}, KID | {"age": 40, "disabled": True}))
    assert not check(household({"annual_work_income": 80000}, {"relation": "friend", "age": 10, "dependent": False}))


def test_siblings_nieces_and_nephews_are_qualifying_children():  # third reading: the IRS relationship test, as the EITC
    for relation in ("sibling", "niece or nephew"):
        assert check(household({"annual_work_income": 80000}, {"relation": relation, "age": 10}))
        assert not check(household({"annual_work_income": 97001}, {"relation": relation, "age": 10}))
    assert not check_2024(household({"annual_work_income": 80000}, {"relation": "sibling", "age": 10}))  # 2024: "dependents"


def test_a_qualifying_child_is_younger_than_a_filer():  # implied age test: younger than the filer or joint spouse (third reading)
    me = {"age": 20, "annual_work_income": 80000}
    assert check(household(me, {"relation": "sibling", "age": 19, "current_school_level": "college"}))
    assert not check(household(me, {"relation": "sibling", "age": 20, "current_school_level": "college"}))
    joint = [me | {"filing_jointly": True}, {"relation": "spouse", "age": 22, "filing_jointly": True}]
    assert check(household(*joint, {"relation": "sibling", "age": 21, "current_school_level": "college"}))
    assert check(household(me, {"relation": "sibling", "age": 30, "disabled": True}))  # disabled: any age


def test_joint_filers_add_the_spouse_and_investment_income():  # "earned": both spouses' income when filing jointly
    spouse = {"relation": "spouse", "annual_work_income": 30000}
    assert check(household({"annual_work_income": 38000, "filing_jointly": True}, spouse))
    assert not check(household({"annual_work_income": 38000, "annual_investment_income": 1, "filing_jointly": True}, spouse))
    assert check(household({"annual_work_income": 68000, "filing_jointly": False}, spouse))  # files alone
