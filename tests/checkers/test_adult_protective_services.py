import pytest

from checkers.adult_protective_services import check
from eligibench.household import household


def adult(**changes):
    return {"age": 70, "disabled": True, "can_manage_self": False, "has_family_to_help": False} | changes


def test_disabled_adult_unable_to_cope_alone_qualifies():  # all clauses
    assert check(household(adult()))


def test_exactly_18_qualifies():  # clause: 18 or older (edge)
    assert check(household(adult(age=18)))


def test_age_17_does_not_qualify():  # clause: 18 or older (just below)
    assert not check(household(adult(age=17)))


def test_age_19_qualifies():  # clause: 18 or older (just above)
    assert check(household(adult(age=19)))


def test_no_disability_does_not_qualify():  # clause: physical or mental disability
    assert not check(household(adult(disabled=False)))


def test_can_manage_self_does_not_qualify():  # clause: cannot manage without help
    assert not check(household(adult(can_manage_self=True)))


def test_has_someone_to_help_does_not_qualify():  # clause: no one else willing and able to help
    assert not check(household(adult(has_family_to_help=True)))


def test_qualifies_through_a_sibling():  # individual scope: non-self member
    assert check(household({"age": 40}, adult(relation="sibling")))


def test_household_with_no_vulnerable_adult_does_not_qualify():  # no relevant member
    assert not check(household({"age": 40}, {"relation": "child", "age": 10, "disabled": True, "can_manage_self": False}))


@pytest.mark.parametrize("flag", ["blind", "deaf_or_hearing_loss", "developmental_condition"])
def test_every_kind_of_disability_counts(flag):  # clause: physical or mental disability (issue 30)
    assert check(household(adult(disabled=False, **{flag: True})))
