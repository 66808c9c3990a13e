from checkers.nys_unemployment_insurance import check
from eligibench.household import household

BASE = {
    "lost_job": True,
    "months_since_worked": 3,
    "can_work_immediately": True,
    "days_looking_for_work": 10,
    "authorized_to_work_in_us": True,
    "was_authorized_to_work_when_job_lost": True,
}


def person(**changes):
    return BASE | changes


def test_all_conditions_met_qualifies():  # all clauses
    assert check(household(person()))


def test_fired_for_cause_does_not_qualify():  # clause: lost job through no fault of their own
    assert not check(household(person(lost_job=False)))


def test_worked_exactly_18_months_ago_qualifies():  # clause: worked within last 18 months (edge: exactly 18)
    assert check(household(person(months_since_worked=18)))


def test_worked_17_months_ago_qualifies():  # clause: worked within last 18 months (just below)
    assert check(household(person(months_since_worked=17)))


def test_worked_19_months_ago_does_not_qualify():  # clause: worked within last 18 months (just above)
    assert not check(household(person(months_since_worked=19)))


def test_never_worked_does_not_qualify():  # clause: worked within last 18 months (-1 = never)
    assert not check(household(person(months_since_worked=-1)))


def test_worked_this_month_qualifies():  # clause: worked within last 18 months (0 months)
    assert check(household(person(months_since_worked=0)))


def test_not_able_to_work_immediately_does_not_qualify():  # clause: ready, willing and able to work immediately
    assert not check(household(person(can_work_immediately=False)))


def test_not_looking_for_work_does_not_qualify():  # clause: actively looking for work
    assert not check(household(person(days_looking_for_work=0)))


def test_looking_for_one_day_qualifies():  # clause: actively looking for work (edge: 1 day)
    assert check(household(person(days_looking_for_work=1)))


def test_not_authorized_now_does_not_qualify():  # clause: authorized to work in the US
    assert not check(household(person(authorized_to_work_in_us=False)))


def test_not_authorized_when_job_lost_does_not_qualify():  # clause: authorized when job was lost
    assert not check(household(person(was_authorized_to_work_when_job_lost=False)))


def test_qualifies_through_spouse():  # individual scope: a non-self member qualifies
    hh = household({"lost_job": False}, person(relation="spouse"))
    assert check(hh)


def test_household_with_no_laid_off_member_does_not_qualify():  # no relevant member
    hh = household({}, {"relation": "child", "age": 8})
    assert not check(hh)


def test_working_30_hours_a_week_qualifies():  # implied: partial benefits up to 30 hours (edge: exactly 30)
    assert check(household(person(work_hours_per_week=30, annual_work_income=20000)))


def test_working_31_hours_a_week_does_not_qualify():  # implied: partial benefits up to 30 hours (just above)
    assert not check(household(person(work_hours_per_week=31, annual_work_income=20000)))
