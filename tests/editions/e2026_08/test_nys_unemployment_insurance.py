from checkers import registry
from checkers.editions.e2026_08.nys_unemployment_insurance import check
from eligibench.household import household

OK = {"age": 40, "lost_job": True, "days_looking_for_work": 10, "can_work_immediately": True,
      "authorized_to_work_in_us": True, "was_authorized_to_work_when_job_lost": True, "months_since_worked": 3}
OLD = registry()["NYSUnemploymentInsurance"].check


def test_all_conditions_met_qualifies_through_any_member():  # clauses: all five conditions
    assert check(household(OK))
    assert check(household({"age": 70}, OK | {"relation": "spouse"}))


def test_each_condition_is_needed():  # clauses: lost job, seeking work, able now, authorized now and then
    for feature, value in (("lost_job", False), ("can_work_immediately", False), ("authorized_to_work_in_us", False),
                           ("was_authorized_to_work_when_job_lost", False)):
        assert not check(household(OK | {feature: value})), feature


def test_actively_seeking_means_at_least_one_day():  # clause: actively looking for work (edge 0 / 1)
    assert not check(household(OK | {"days_looking_for_work": 0}))
    assert check(household(OK | {"days_looking_for_work": 1}))


def test_the_18_month_window_is_gone():  # the rule moved: "worked within the last 18 months" was dropped
    at, past = household(OK | {"months_since_worked": 18}), household(OK | {"months_since_worked": 19})
    assert check(at) and OLD(at)
    assert check(past) and not OLD(past)  # 2024: ineligible; 2026-08: eligible
    never = household(OK | {"months_since_worked": -1})
    assert check(never) and not OLD(never)


def test_full_time_work_now_bars_partial_benefits():  # implied, second reading 2026-08 (reader-C's household)
    working = OK | {"work_hours_per_week": 40, "annual_work_income": 60000}
    assert not check(household(working))
    assert check(household(working | {"work_hours_per_week": 30}))  # the twin at the partial-benefit limit
