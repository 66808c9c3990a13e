from checkers.child_and_dependent_care_tax_credit import check as check_2024
from checkers.editions.e2026_08.child_and_dependent_care_tax_credit import check
from eligibench.household import household

ME = {"annual_work_income": 40000, "works_outside_home": True}
KID = {"relation": "child", "age": 5, "dependent": True, "has_paid_caregiver": True}


def test_working_single_parent_paying_for_care_qualifies():  # clauses 1-3
    assert check(household(ME, KID))


def test_child_age_edge():  # qualifying person (a): under 13 (12 in, 13 out)
    assert check(household(ME, KID | {"age": 12}))
    assert not check(household(ME, KID | {"age": 13}))


def test_dependent_of_any_age_who_cannot_care_for_self_and_verdicts_differ():  # (b): "any age" replaced "adult"
    teen = household(ME, KID | {"age": 15, "can_care_for_self": False})
    assert check(teen)
    assert not check_2024(teen)
    assert check(household(ME, {"relation": "sibling", "age": 40, "dependent": True, "has_paid_caregiver": True,
                                "can_care_for_self": False}))
    assert not check(household(ME, KID | {"age": 15, "can_care_for_self": True}))


def test_spouse_who_cannot_care_for_self():  # (b): the spouse counts without being a dependent
    spouse = {"relation": "spouse", "can_care_for_self": False, "has_paid_caregiver": True, "annual_work_income": 1}
    assert check(household(ME | {"filing_jointly": True}, spouse))


def test_care_lived_together_and_claimed():  # paid caregiver; lived together; claimed as dependent
    assert not check(household(ME, KID | {"has_paid_caregiver": False}))
    assert not check(household(ME, KID | {"lived_together_last_6_months": False}))
    assert not check(household(ME, KID | {"dependent": False}))


def test_earned_income():  # clause 1: income from work above $0; investment income does not count
    assert not check(household(ME | {"annual_work_income": 0, "annual_investment_income": 50000}, KID))
    assert check(household(ME | {"annual_work_income": 1}, KID))


def test_joint_filers_both_need_earned_income():  # clause 1: spouse's income when filing jointly
    spouse = {"relation": "spouse", "annual_work_income": 0}
    assert not check(household(ME | {"filing_jointly": True}, spouse, KID))
    assert check(household(ME | {"filing_jointly": True}, spouse | {"annual_work_income": 1}, KID))


def test_married_filing_separately_no_longer_qualifies_and_verdicts_differ():  # clause 3: filing status
    spouse = {"relation": "spouse", "works_outside_home": True, "annual_work_income": 30000}
    hh = household(ME | {"filing_jointly": False}, spouse, KID)
    assert not check(hh)
    assert check_2024(hh)


def test_couple_work_outside_home_test_is_gone_and_verdicts_differ():  # the 2024 married work test is not in the text
    spouse = {"relation": "spouse", "works_outside_home": False, "annual_work_income": 20000}
    hh = household(ME | {"filing_jointly": True}, spouse, KID)
    assert check(hh)
    assert not check_2024(hh)
