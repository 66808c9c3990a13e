import pytest

from checkers.editions.e2026_08.summer_ebt import check
from eligibench.household import household

PARENT = {"age": 40, "annual_work_income": 200000, "is_parent": True}


def kid(**kw):
    return {"relation": "child", "age": 10, "current_school_level": 5} | kw


@pytest.mark.parametrize("program", ["receives_snap", "receives_cash_assistance", "receives_temporary_assistance",
                                     "receives_medicaid", "receives_disability_medicaid"])
def test_automatic_through_the_childs_own_program(program):  # clause: enrolled in SNAP/cash/Medicaid
    assert check(household(PARENT, kid(**{program: True})))


def test_automatic_through_school_meals():  # clause: free or reduced-price school meals
    assert check(household(PARENT, kid(attends_nslp_school=True, receives_free_or_reduced_lunch=True)))


@pytest.mark.parametrize("age,ok", [(5, False), (6, True), (16, True), (17, False)])
def test_automatic_ages_6_to_16(age, ok):  # clause: ages 6 to 16 (edges)
    assert check(household(PARENT, kid(age=age, receives_snap=True))) is ok


def test_apply_path_size_2_monthly_limit_times_12():  # clause: NSLP school and income table size 2 ($3,337)
    assert check(household(PARENT | {"annual_work_income": 12 * 3337}, kid(attends_nslp_school=True)))
    assert check(household(PARENT | {"annual_work_income": 12 * 3337 - 1}, kid(attends_nslp_school=True)))
    assert not check(household(PARENT | {"annual_work_income": 12 * 3337 + 1}, kid(attends_nslp_school=True)))


def test_apply_path_needs_a_lunch_program_school():  # clause: attends an NSLP school
    assert not check(household(PARENT | {"annual_work_income": 0}, kid()))


def test_a_parent_on_snap_makes_the_child_automatic():  # issue 30 decided: SNAP is a household benefit
    assert check(household(PARENT | {"receives_snap": True}, kid()))
    assert not check(household(PARENT, kid()))  # its twin without SNAP: income too high, no other route
    # Medicaid stays the child's own; cash assistance is a household benefit like SNAP (third reading)
    assert check(household(PARENT | {"receives_cash_assistance": True}, kid()))
    assert check(household(PARENT | {"receives_temporary_assistance": True}, kid()))
    assert not check(household(PARENT | {"receives_medicaid": True}, kid()))
