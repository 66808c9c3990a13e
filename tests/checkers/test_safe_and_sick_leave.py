import pytest

from checkers.safe_and_sick_leave import check
from eligibench.household import household


def worker(**changes):
    return {"work_hours_per_week": 40} | changes


def test_full_time_employee_is_covered():  # clause: employee, full time
    assert check(household(worker()))


def test_part_time_one_hour_employee_is_covered():  # clause: employee, part time (edge: 1 hour)
    assert check(household(worker(work_hours_per_week=1)))


def test_not_working_is_not_covered():  # clause: must be an employee
    assert not check(household(worker(work_hours_per_week=0)))


def test_lives_outside_nyc_is_covered():  # clause: employees who live outside NYC are covered
    assert check(household(worker(place_of_residence="Jersey")))


def test_transitional_job_is_covered():  # clause: transitional jobs program employees are covered
    assert check(household(worker(transitional_job=True)))


@pytest.mark.parametrize(
    "feature",
    ["federal_work_study", "scholarship", "government_job", "is_therapist", "contractor", "wep", "collective_bargaining"],
)
def test_each_exclusion_removes_coverage(feature):  # clauses: each "not covered" item
    assert not check(household(worker(**{feature: True})))


def test_covered_through_a_child_who_works():  # individual scope: non-self member
    hh = household(worker(government_job=True), {"relation": "child", "age": 19, "work_hours_per_week": 15})
    assert check(hh)


def test_household_with_no_employee_is_not_covered():  # no relevant member
    assert not check(household({}, {"relation": "spouse"}))
