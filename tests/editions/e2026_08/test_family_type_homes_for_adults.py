from checkers import registry
from checkers.editions.e2026_08.family_type_homes_for_adults import check
from eligibench.household import household

OK = {"age": 40, "can_care_for_self": False, "disabled": True}
OLD = registry()["FamilyTypeHomesForAdults"].check


def test_qualifies_and_any_member_counts():  # clauses: 18+, needs help, a listed condition
    assert check(household(OK))
    assert check(household({"age": 70}, OK | {"relation": "sibling"}))


def test_age_18_edge():  # clause: at least 18
    assert check(household({"age": 50}, OK | {"relation": "child", "age": 18}))
    assert not check(household({"age": 50}, OK | {"relation": "child", "age": 17}))


def test_can_live_independently_fails():  # clause: needs help with daily living tasks
    assert not check(household(OK | {"can_care_for_self": True}))


def test_a_listed_condition_is_now_required():  # the rule moved: the conditions were examples in 2024
    none = household(OK | {"disabled": False})
    assert OLD(none) and not check(none)  # 2024: eligible; 2026-08: ineligible
    for condition in ("developmental_condition", "mental_health_condition"):
        hh = household(OK | {"disabled": False, condition: True, "developmental_mental_day_treatment": True})
        assert check(hh), condition


def test_developmental_or_mental_illness_needs_day_treatment():  # clause: day treatment program
    for condition in ("developmental_condition", "mental_health_condition"):
        assert not check(household(OK | {condition: True})), condition
        assert check(household(OK | {condition: True, "developmental_mental_day_treatment": True})), condition


def test_substance_abuse_history_needs_five_years_sober():  # clause: five years clean or sober (edge)
    assert check(household(OK | {"years_sober": 5}))
    assert not check(household(OK | {"years_sober": 4}))
    assert not check(household(OK | {"years_sober": 0}))
    assert check(household(OK | {"years_sober": -1}))  # no history


def test_each_exclusion_fails():  # clauses: wheelchair, bedridden, medication, arson, verbal abuse, incarceration
    for flag in ("wheelchair", "bedridden", "medication_treatment_non_compliance", "arson", "verbal_abuse",
                 "imprisonment"):
        assert not check(household(OK | {flag: True})), flag


def test_in_substance_abuse_treatment_is_a_history_without_five_sober_years():  # same decision as 2024 (second reading 2024-a)
    reader = OK | {"age": 45, "receiving_treatment_for_substance_abuse": True}  # 2026-08 needs a listed condition
    assert not check(household(reader))
    assert check(household(dict(reader, receiving_treatment_for_substance_abuse=False)))
    assert check(household(dict(reader, years_sober=5)))
