from checkers.covid_nineteen_funeral_assistance import check
from eligibench.household import household


def test_citizen_who_paid_covid_funeral_qualifies():  # clauses 1-3
    assert check(household({"covid_funeral_expenses": True}))


def test_lawful_resident_qualifies():  # clause 1: qualified noncitizen
    assert check(household({"covid_funeral_expenses": True, "citizenship": "lawful_resident"}))


def test_unlawful_resident_does_not_qualify():  # clause 1
    assert not check(household({"covid_funeral_expenses": True, "citizenship": "unlawful_resident"}))


def test_citizen_without_covid_funeral_expenses_does_not_qualify():  # clauses 2-3
    assert not check(household({}))


def test_qualifies_through_sibling_who_paid():  # eligibility through a non-self member
    hh = household({"citizenship": "unlawful_resident"}, {"relation": "sibling", "covid_funeral_expenses": True})
    assert check(hh)


def test_status_and_expense_on_different_members_do_not_qualify():  # both on one person
    hh = household({"citizenship": "unlawful_resident", "covid_funeral_expenses": True}, {"relation": "sibling"})
    assert not check(hh)
