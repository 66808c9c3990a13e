from checkers.nys_paid_family_leave import check
from eligibench.household import household


def full_time(**changes):
    return {"work_hours_per_week": 40, "consecutive_work_weeks": 26} | changes


def part_time(**changes):
    return {"work_hours_per_week": 10, "nonconsecutive_work_days": 175} | changes


def test_full_time_private_employee_26_weeks_qualifies():  # clauses: all, full-time edge exactly 26 weeks
    assert check(household(full_time()))


def test_full_time_25_weeks_does_not_qualify():  # clause: full time 26 weeks in a row (just below)
    assert not check(household(full_time(consecutive_work_weeks=25)))


def test_full_time_27_weeks_qualifies():  # clause: full time 26 weeks in a row (just above)
    assert check(household(full_time(consecutive_work_weeks=27)))


def test_full_time_with_many_days_but_few_weeks_does_not_qualify():  # clause: full-time rule uses weeks, not days
    assert not check(household(full_time(consecutive_work_weeks=10, nonconsecutive_work_days=300)))


def test_exactly_20_hours_is_full_time():  # clause: 20 or more hours is full time (edge)
    assert check(household(full_time(work_hours_per_week=20)))
    assert not check(household(full_time(work_hours_per_week=20, consecutive_work_weeks=0, nonconsecutive_work_days=200)))


def test_19_hours_is_part_time_with_175_days_qualifies():  # clause: part time 175 days (edge: 19 hours, exactly 175)
    assert check(household(part_time(work_hours_per_week=19)))


def test_part_time_174_days_does_not_qualify():  # clause: part time 175 days (just below)
    assert not check(household(part_time(nonconsecutive_work_days=174)))


def test_part_time_176_days_qualifies():  # clause: part time 175 days (just above)
    assert check(household(part_time(nonconsecutive_work_days=176)))


def test_not_working_does_not_qualify():  # clause: currently works for an employer
    assert not check(household(part_time(work_hours_per_week=0)))


def test_one_hour_a_week_part_time_qualifies():  # clause: currently works (edge: 1 hour)
    assert check(household(part_time(work_hours_per_week=1)))


def test_outside_new_york_does_not_qualify():  # clause: lives in New York State
    assert not check(household(full_time(place_of_residence="Jersey")))


def test_public_employer_not_opted_in_does_not_qualify():  # clause: public employer must have opted in
    assert not check(household(full_time(government_job=True, employer_opt_in=False)))


def test_public_employer_opted_in_qualifies():  # clause: public employer that opted in
    assert check(household(full_time(government_job=True, employer_opt_in=True)))


def test_qualifies_through_spouse():  # individual scope: non-self member
    assert check(household({}, full_time(relation="spouse")))


def test_household_with_no_worker_does_not_qualify():  # no relevant member
    assert not check(household({}, {"relation": "child", "age": 5}))


def test_independent_contractor_has_no_employer():  # clause: private employer (second reading 2024-b, decided)
    reader = {"age": 35, "annual_work_income": 60000, "consecutive_work_weeks": 30, "contractor": True,
              "work_hours_per_week": 40, "works_outside_home": True}
    assert not check(household(reader))
    assert check(household(dict(reader, contractor=False)))  # the twin: an employee
