from checkers.editions.e2026_08.nycha_public_housing import check
from checkers.nycha_public_housing import check as check_2024
from eligibench.household import household


def test_single_adult_citizen_low_income_qualifies():  # all clauses met; single person is a family
    assert check(household({"age": 30, "annual_work_income": 30000}))


def test_no_family_member_with_status_fails():  # clause: citizen or lawful status
    assert not check(household({"citizenship": "unlawful_resident"}))


def test_status_through_a_child_member_qualifies():  # clause: at least one family member has status
    assert check(household({"citizenship": "unlawful_resident"}, {"relation": "child", "age": 4}))


def test_lawful_resident_qualifies():  # clause: lawful immigration status
    assert check(household({"citizenship": "lawful_resident"}))


def test_status_of_a_friend_does_not_count():  # reading: status on a family member only
    assert not check(household({"citizenship": "unlawful_resident"}, {"relation": "friend", "age": 30}))


def test_applicant_age_boundary():  # clause: applicant 18 or older (at / just below), or emancipated
    assert check(household({"age": 18}))
    assert not check(household({"age": 17}))
    assert check(household({"age": 17, "emancipated_minor": True}))


def test_spouse_age_boundary():  # clause: spouse or domestic partner 18 or older, or emancipated
    assert check(household({"age": 30}, {"relation": "spouse", "age": 18}))
    assert not check(household({"age": 30}, {"relation": "spouse", "age": 17}))
    assert check(household({"age": 30}, {"relation": "spouse", "age": 17, "emancipated_minor": True}))


def test_child_under_18_does_not_trigger_the_spouse_rule():  # clause: the age rule names spouses only
    assert check(household({"age": 30}, {"relation": "child", "age": 3}))


def test_friend_income_and_size_are_left_out():  # reading: a friend is left out of the family
    assert check(household({"annual_work_income": 95000}, {"relation": "friend", "age": 30, "annual_work_income": 90000}))
    assert not check(household({"annual_work_income": 95001}, {"relation": "friend", "age": 30}))


def test_size_1_at_and_just_past_the_2026_limit():  # clause: income table size 1 (moved 87,100 -> 95,000)
    assert check(household({"annual_work_income": 95000}))
    assert not check(household({"annual_work_income": 95000, "annual_investment_income": 1}))


def test_income_between_the_2024_and_2026_limits_flips_the_verdict():  # the limit moved up
    hh = household({"annual_work_income": 87101})
    assert not check_2024(hh)
    assert check(hh)
    hh = household({"annual_work_income": 90000}, {"relation": "child", "age": 5, "annual_investment_income": 15000})
    assert not check_2024(hh)  # size 2: over 99,550
    assert check(hh)  # under 108,600


def test_size_2_income_summed_over_family():  # clause: family income adds all members (size 2)
    assert check(household({"annual_work_income": 50000}, {"relation": "spouse", "annual_work_income": 58600}))
    assert not check(household({"annual_work_income": 50000}, {"relation": "spouse", "annual_work_income": 58601}))


def test_size_6_last_reachable_row():  # clause: income table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 5}] * 5
    assert check(household({"annual_work_income": 157450}, *kids))
    assert not check(household({"annual_work_income": 157451}, *kids))


def test_relatives_and_friend_at_the_family_size_limit():  # reading: size and income of the family (size 3 + friend)
    family = [{"annual_work_income": 122150}, {"relation": "sibling", "age": 25}, {"relation": "cousin", "age": 40}]
    friend = {"relation": "friend", "age": 40, "annual_work_income": 60000}
    assert check(household(*family, friend))
    assert not check(household(dict(family[0], annual_investment_income=1), *family[1:], friend))
