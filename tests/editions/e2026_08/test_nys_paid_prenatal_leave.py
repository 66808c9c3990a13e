from checkers.editions.e2026_08.nys_paid_prenatal_leave import check
from eligibench.household import household

EMPLOYEE = {"age": 30, "sex": "female", "annual_work_income": 40000, "work_hours_per_week": 10}


def test_pregnant_private_employee_part_time_qualifies():  # clauses: part-time employee, private sector
    assert check(household(EMPLOYEE | {"months_pregnant": 1}))


def test_not_pregnant_fails():  # implied: pregnant (months_pregnant > 0 edge)
    assert not check(household(EMPLOYEE | {"months_pregnant": 0}))


def test_no_work_hours_fails():  # clause: an employee (work hours > 0 edge)
    assert not check(household({"age": 30, "sex": "female", "months_pregnant": 3, "work_hours_per_week": 0}))
    assert check(household(EMPLOYEE | {"months_pregnant": 3, "work_hours_per_week": 1}))


def test_government_employee_and_contractor_fail():  # clauses: not government; employees only
    assert not check(household(EMPLOYEE | {"months_pregnant": 3, "government_job": True}))
    assert not check(household(EMPLOYEE | {"months_pregnant": 3, "contractor": True}))


def test_a_pregnant_spouse_counts():  # individual scope
    assert check(household({"age": 30, "sex": "male"}, EMPLOYEE | {"relation": "spouse", "months_pregnant": 5}))
