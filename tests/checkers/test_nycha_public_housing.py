from checkers.nycha_public_housing import check
from eligibench.household import household


def test_single_adult_citizen_low_income_qualifies():  # all clauses met; single person is a family
    assert check(household({"age": 30, "annual_work_income": 30000}))


def test_no_member_with_status_fails():  # clause: citizen or lawful status
    assert not check(household({"citizenship": "unlawful_resident"}))


def test_status_through_a_child_member_qualifies():  # clause: at least one member has status (non-self)
    hh = household({"citizenship": "unlawful_resident"}, {"relation": "child", "age": 4})
    assert check(hh)


def test_lawful_resident_qualifies():  # clause: lawful immigration status
    assert check(household({"citizenship": "lawful_resident"}))


def test_applicant_aged_18_qualifies():  # clause: applicant 18 or older (edge)
    assert check(household({"age": 18}))


def test_applicant_aged_17_fails():  # clause: applicant 18 or older (just below)
    assert not check(household({"age": 17}))


def test_applicant_aged_17_emancipated_qualifies():  # clause: or emancipated minor
    assert check(household({"age": 17, "emancipated_minor": True}))


def test_spouse_aged_17_fails():  # clause: spouse 18 or older
    assert not check(household({"age": 30}, {"relation": "spouse", "age": 17}))


def test_spouse_aged_17_emancipated_qualifies():  # clause: spouse emancipated minor
    assert check(household({"age": 30}, {"relation": "spouse", "age": 17, "emancipated_minor": True}))


def test_child_under_18_does_not_trigger_spouse_rule():  # clause: spouse rule applies to spouses only
    assert check(household({"age": 30}, {"relation": "child", "age": 3}))


def test_friend_does_not_sink_the_family():  # reading: a friend is left out of the family (issue 19)
    assert check(household({"age": 30}, {"relation": "friend", "age": 30}))


def test_friend_income_is_not_family_income():  # reading: family income leaves the friend out
    assert check(household({"annual_work_income": 87100}, {"relation": "friend", "age": 30, "annual_work_income": 90000}))


def test_friend_does_not_raise_family_size():  # reading: family size leaves the friend out (size 1 limit)
    assert not check(household({"annual_work_income": 87101}, {"relation": "friend", "age": 30}))


def test_status_of_a_friend_does_not_count():  # clause: status on a family member only
    assert not check(household({"citizenship": "unlawful_resident"}, {"relation": "friend", "age": 30}))


def test_relatives_and_friend_income_at_family_size_limit():  # reading: size and income of the family (size 2 + friend)
    family = [{"annual_work_income": 99550}, {"relation": "child", "age": 5}]
    friend = {"relation": "friend", "age": 40, "annual_work_income": 60000}
    assert check(household(*family, friend))
    assert not check(household(dict(family[0], annual_investment_income=1), family[1], friend))


def test_related_household_is_family():  # clause: family related by blood (sibling, cousin)
    assert check(household({"age": 30}, {"relation": "sibling", "age": 25}, {"relation": "cousin", "age": 40}))


def test_size_1_income_exactly_at_limit_qualifies():  # clause: income table size 1 (edge)
    assert check(household({"annual_work_income": 87100}))


def test_size_1_income_just_above_limit_fails():  # clause: income table size 1 (just above)
    assert not check(household({"annual_work_income": 87100, "annual_investment_income": 1}))


def test_size_2_income_summed_over_members():  # clause: family income adds all members (size 2)
    hh = household({"annual_work_income": 50000}, {"relation": "spouse", "annual_work_income": 49551})
    assert not check(hh)
    hh = household({"annual_work_income": 50000}, {"relation": "spouse", "annual_work_income": 49550})
    assert check(hh)


def test_size_6_at_and_above_limit():  # clause: income table row 6 (largest possible household)
    kids = [{"relation": "child", "age": 5}] * 5
    assert check(household({"annual_work_income": 144300}, *kids))
    assert not check(household({"annual_work_income": 144301}, *kids))
