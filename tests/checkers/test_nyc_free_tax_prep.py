from checkers.nyc_free_tax_prep import check
from eligibench.household import household

DEP = {"relation": "child", "age": 7, "dependent": True}


def test_no_dependents_income_exactly_59000_qualifies():  # without dependents (edge)
    assert check(household({"annual_work_income": 50000, "annual_investment_income": 9000}))


def test_no_dependents_income_59001_does_not_qualify():  # without dependents (just above)
    assert not check(household({"annual_work_income": 59001}))


def test_with_dependent_income_exactly_85000_qualifies():  # with dependents (edge)
    assert check(household({"annual_work_income": 85000}, DEP))


def test_with_dependent_income_85001_does_not_qualify():  # with dependents (just above)
    assert not check(household({"annual_work_income": 85001}, DEP))


def test_child_not_a_dependent_keeps_lower_limit():  # with dependents: dependent flag
    assert not check(household({"annual_work_income": 70000}, dict(DEP, dependent=False)))


def test_joint_filers_combined_income_counts():  # filers' income when filing jointly
    hh = household({"annual_work_income": 40000, "filing_jointly": True}, {"relation": "spouse", "annual_work_income": 20000})
    assert not check(hh)


def test_separate_filer_spouse_income_not_counted():  # only the filer's income
    hh = household({"annual_work_income": 40000}, {"relation": "spouse", "annual_work_income": 20000})
    assert check(hh)


def test_other_members_income_not_counted():  # non-filer member (no relevant member's income)
    assert check(household({"annual_work_income": 30000}, {"relation": "sibling", "annual_work_income": 90000}))
