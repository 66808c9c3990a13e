"""Household consistency rules (eligibench.consistency) and the name lists (eligibench.household.names)."""
from __future__ import annotations

import random

import pytest

from eligibench.household import (
    FEMALE_FIRST_NAMES,
    MALE_FIRST_NAMES,
    SURNAMES,
    Household,
    member,
    pick_name,
    pick_surname,
)
from eligibench.household import consistency as cons

NO = cons.NO_DIPLOMA


def adult(**kw):
    base = {"relation": "self", "age": 35}
    return member(**(base | kw))


def kid(**kw):
    base = {"relation": "child", "age": 8, "high_school_equivalent": NO, "current_school_level": 3}
    return member(**(base | kw))


def hh(*members):
    return Household(tuple(members))


def hh2(*members):
    """A feature schema version 2 household (its version-2 flags may be set)."""
    return Household(tuple(members), 2)


def parent(**kw):
    """A self who is a parent (so households with children keep parent_flag)."""
    return adult(is_parent=True, **kw)


def _raw_household(*members) -> Household:
    """A Household that skips the roster check, to reach rules Household already enforces."""
    h = object.__new__(Household)
    object.__setattr__(h, "members", tuple(members))
    return h


# rule name -> (violating household, passing household); each pair differs only where the rule looks.
CASES = {
    "one_self": (
        lambda: _raw_household(adult(), adult(age=33)),
        lambda: hh(adult(), adult(relation="sibling", age=33)),
    ),
    "at_most_one_spouse": (
        lambda: hh(adult(), adult(relation="spouse"), adult(relation="spouse", age=40)),
        lambda: hh(adult(), adult(relation="spouse"), adult(relation="sibling", age=40)),
    ),
    "self_min_age": (
        lambda: hh(kid(relation="self", age=15, current_school_level=10)),
        lambda: hh(kid(relation="self", age=16, current_school_level=11)),
    ),
    "marriage_age": (
        lambda: hh(adult(), adult(relation="spouse", age=15, high_school_equivalent=NO)),
        lambda: hh(adult(), adult(relation="spouse", age=16, high_school_equivalent=NO)),
    ),
    "child_age_gap": (
        lambda: hh(parent(age=30), kid(age=19, current_school_level="none")),
        lambda: hh(parent(age=30), kid(age=18, current_school_level="none")),
    ),
    "grandchild_age_gap": (
        lambda: hh(adult(age=40), kid(relation="grandchild", age=15, current_school_level=10)),
        lambda: hh(adult(age=40), kid(relation="grandchild", age=14, current_school_level=9)),
    ),
    "foster_care_age": (
        lambda: hh(adult(), adult(relation="friend", age=21, in_foster_care=True, acs=True)),
        lambda: hh(adult(), adult(relation="friend", age=20, in_foster_care=True, acs=True)),
    ),
    "foster_age_out": (
        lambda: hh(adult(), kid(relation="foster child", age=17, current_school_level=12, foster_age_out=True)),
        lambda: hh(adult(), adult(relation="friend", age=18, foster_age_out=True)),
    ),
    "pregnancy": (
        lambda: hh(adult(sex="female", age=56, months_pregnant=3)),
        lambda: hh(adult(sex="female", age=55, months_pregnant=3)),
    ),
    "breastfeeding": (
        lambda: hh(adult(sex="male", breastfeeding=True)),
        lambda: hh(adult(sex="female", breastfeeding=True)),
    ),
    "school_level_age": (
        lambda: hh(parent(), kid(age=10, current_school_level="college")),
        lambda: hh(parent(), kid(age=10, current_school_level=5)),
    ),
    "high_school_credential": (
        lambda: hh(parent(), kid(age=15, current_school_level="none", high_school_equivalent="GED")),
        lambda: hh(parent(), kid(age=16, current_school_level="none", high_school_equivalent="GED")),
    ),
    "no_child_labor": (
        lambda: hh(parent(), kid(age=13, current_school_level=8, annual_work_income=500)),
        lambda: hh(parent(), kid(age=14, current_school_level=9, annual_work_income=500, work_hours_per_week=5,
                               work_experience=True, work_or_volunteer_experience=True)),
    ),
    "adult_only": (
        lambda: hh(adult(), adult(relation="sibling", age=17, high_school_equivalent=NO, conflict_veteran=True)),
        lambda: hh(adult(), adult(relation="sibling", age=18, high_school_equivalent=NO, conflict_veteran=True)),
    ),
    "emancipated_minor": (
        lambda: hh(adult(), adult(relation="sibling", age=18, emancipated_minor=True)),
        lambda: hh(adult(), adult(relation="sibling", age=17, high_school_equivalent=NO, emancipated_minor=True)),
    ),
    # statuses bound to an age, a sex or a relation
    "runaway_youth": (
        lambda: hh(adult(), adult(relation="cousin", age=25, is_runaway=True)),
        lambda: hh(adult(), adult(relation="cousin", age=24, is_runaway=True)),
    ),
    "atin": (
        lambda: hh(parent(), kid(relation="adopted child", age=18, current_school_level="none", has_ssn=False,
                                 has_atin=True)),
        lambda: hh(parent(), kid(relation="adopted child", age=17, current_school_level=12, has_ssn=False,
                                 has_atin=True)),
    ),
    "taxpayer_numbers": (
        lambda: hh(adult(has_ssn=True, has_itin=True)),
        lambda: hh(adult(has_ssn=False, has_itin=True)),
    ),
    "foster_care_relation": (
        lambda: hh(parent(), kid(relation="child", in_foster_care=True, acs=True)),
        lambda: hh(parent(), kid(relation="grandchild", age=8, in_foster_care=True, acs=True)),
    ),
    "minor_work_hours": (
        lambda: hh(parent(), kid(age=15, current_school_level=10, annual_work_income=9000, work_hours_per_week=41,
                                 work_experience=True, work_or_volunteer_experience=True)),
        lambda: hh(parent(), kid(age=15, current_school_level=10, annual_work_income=9000, work_hours_per_week=40,
                                 work_experience=True, work_or_volunteer_experience=True)),
    ),
    "justice_age": (
        lambda: hh(parent(), kid(age=11, current_school_level=6, involved_in_justice_system=True)),
        lambda: hh(parent(), kid(age=12, current_school_level=7, involved_in_justice_system=True)),
    ),
    "college_readiness_age": (
        lambda: hh(parent(), kid(age=4, current_school_level="pk", proficient_in_math=True)),
        lambda: hh(parent(), kid(age=12, current_school_level=7, proficient_in_math=True)),
    ),
    "selective_service": (
        lambda: hh(adult(sex="female", selective_service=True)),
        lambda: hh(adult(sex="male", selective_service=True)),
    ),
    "parent_flag": (
        lambda: hh(adult(is_parent=False), kid()),
        lambda: hh(adult(is_parent=True), kid()),
    ),
    "parent_age": (
        lambda: hh(parent(), kid(age=11, current_school_level=6, is_parent=True)),
        lambda: hh(parent(), kid(age=12, current_school_level=7, is_parent=True)),
    ),
    "property_months": (
        lambda: hh(adult(is_property_owner=False, months_owned_property=24)),
        lambda: hh(adult(is_property_owner=True, months_owned_property=24)),
    ),
    "durations_within_age": (
        lambda: hh(adult(age=20, years_sober=21)),
        lambda: hh(adult(age=20, years_sober=20)),
    ),
    "filing_jointly": (
        lambda: hh(adult(filing_jointly=True)),
        lambda: hh(adult(filing_jointly=True), adult(relation="spouse", filing_jointly=True)),
    ),
    "self_not_dependent": (
        lambda: hh(adult(dependent=True)),
        lambda: hh(adult(), adult(relation="sibling", age=20, dependent=True)),
    ),
    "gpa_needs_schooling": (
        lambda: hh(adult(gpa=3.1, current_school_level="none", college_credits=0)),
        lambda: hh(adult(gpa=3.1, current_school_level="college", college_credits=0)),
    ),
    "college_age": (
        lambda: hh(parent(), kid(age=13, current_school_level=8, college_credits=3)),
        lambda: hh(parent(), kid(age=14, current_school_level=9, college_credits=3)),
    ),
    "work_hours_and_income": (
        lambda: hh(adult(work_hours_per_week=20, annual_work_income=0, work_experience=True,
                         work_or_volunteer_experience=True)),
        lambda: hh(adult(work_hours_per_week=20, annual_work_income=1, work_experience=True,
                         work_or_volunteer_experience=True)),
    ),
    "nyc_only_housing": (
        lambda: hh(adult(housing_type="DHS shelter", place_of_residence="Jersey")),
        lambda: hh(adult(housing_type="homeless", place_of_residence="Jersey")),
    ),
    "hra_in_nyc": (
        lambda: hh(adult(receives_hra=True, place_of_residence="Jersey")),
        lambda: hh(adult(receives_snap=True, place_of_residence="Jersey")),
    ),
    # feature schema version 2
    "medicare": (
        lambda: hh2(adult(age=64, receives_medicare=True)),
        lambda: hh2(adult(age=64, receives_medicare=True, receives_ssdi=True, disabled=True,
                          has_received_ssi_or_ssdi=True)),
    ),
    "rent_freeze": (
        lambda: hh2(adult(age=70, receives_scrie=True, housing_type="condo", name_is_on_lease=True)),
        lambda: hh2(adult(age=70, receives_scrie=True, housing_type="rent stabilized apartment", name_is_on_lease=True)),
    ),
    "school_meals": (
        lambda: hh2(parent(age=35), kid(receives_free_or_reduced_lunch=True)),
        lambda: hh2(parent(age=35), kid(receives_free_or_reduced_lunch=True, attends_nslp_school=True)),
    ),
    "fair_fares_participant": (
        lambda: hh2(adult(age=66, fair_fares_participant=True)),
        lambda: hh2(adult(age=64, fair_fares_participant=True)),
    ),
    # benefit contradictions (issue 30)
    "medicaid_eligible": (
        lambda: hh(adult(receives_medicaid=True, qualify_for_health_insurance=True)),
        lambda: hh(adult(receives_medicaid=True, eligible_for_medicaid=True, qualify_for_health_insurance=True)),
    ),
    "ssi_medicaid": (
        lambda: hh(adult(receives_ssi=True, disabled=True, has_received_ssi_or_ssdi=True,
                         qualify_for_health_insurance=True)),
        lambda: hh(adult(receives_ssi=True, disabled=True, has_received_ssi_or_ssdi=True,
                         qualify_for_health_insurance=True, eligible_for_medicaid=True)),
    ),
    "medicaid_insured": (
        lambda: hh(adult(receives_medicaid=True, eligible_for_medicaid=True, qualify_for_health_insurance=True,
                         health_insurance=False)),
        lambda: hh(adult(receives_medicaid=True, eligible_for_medicaid=True, qualify_for_health_insurance=True)),
    ),
    "medicaid_qualifies": (
        lambda: hh(adult(eligible_for_medicaid=True, qualify_for_health_insurance=False)),
        lambda: hh(adult(eligible_for_medicaid=True, qualify_for_health_insurance=True)),
    ),
    "ssi_ssdi_received": (
        lambda: hh(adult(receives_ssdi=True, disabled=True)),
        lambda: hh(adult(receives_ssdi=True, disabled=True, has_received_ssi_or_ssdi=True)),
    ),
    "disability_benefit_basis": (
        lambda: hh(adult(receives_ssdi=True, has_received_ssi_or_ssdi=True)),
        lambda: hh(adult(receives_ssdi=True, has_received_ssi_or_ssdi=True, developmental_condition=True)),
    ),
    "ssa_benefit_status": (
        lambda: hh(adult(receives_ssdi=True, disabled=True, has_received_ssi_or_ssdi=True, has_ssn=False)),
        lambda: hh(adult(receives_ssdi=False, disabled=True, has_received_ssi_or_ssdi=True, has_ssn=False)),
    ),
    "va_benefit_veteran": (
        lambda: hh(adult(va_healthcare=True)),
        lambda: hh(adult(va_healthcare=True, conflict_veteran=True)),
    ),
    "wep_cash_assistance": (
        lambda: hh(adult(wep=True, receives_hra=True)),
        lambda: hh(adult(wep=True, receives_hra=True, receives_temporary_assistance=True)),
    ),
    "nyc_benefits_hra": (
        lambda: hh(adult(receives_snap=True)),
        lambda: hh(adult(receives_snap=True, place_of_residence="Jersey")),
    ),
    "foster_care_acs": (
        lambda: hh(adult(), kid(relation="foster child", in_foster_care=True)),
        lambda: hh(adult(), kid(relation="foster child", in_foster_care=True, acs=True)),
    ),
    "hra_shelter_eligible": (
        lambda: hh(adult(housing_type="HRA shelter")),
        lambda: hh(adult(housing_type="HRA shelter", eligible_for_hra_shelter=True)),
    ),
    "work_experience": (
        lambda: hh(adult(lost_job=True)),
        lambda: hh(adult(lost_job=True, work_experience=True, work_or_volunteer_experience=True)),
    ),
    "citizen_work_authorization": (
        lambda: hh(adult(authorized_to_work_in_us=False, work_authorization=False)),
        lambda: hh(adult(authorized_to_work_in_us=False, work_authorization=False, citizenship="unlawful_resident")),
    ),
    "work_authorization_same": (
        lambda: hh(adult(citizenship="lawful_resident", work_authorization=False)),
        lambda: hh(adult(citizenship="lawful_resident", work_authorization=False, authorized_to_work_in_us=False)),
    ),
    "dependent_support": (
        lambda: hh(adult(), adult(relation="sibling", age=20, dependent=True,
                                  provides_over_half_of_own_financial_support=True)),
        lambda: hh(adult(), adult(relation="sibling", age=20, dependent=True)),
    ),
    "spouse_not_dependent": (
        lambda: hh(adult(), adult(relation="spouse", dependent=True)),
        lambda: hh(adult(), adult(relation="sibling", dependent=True)),
    ),
    "medicare_insured": (
        lambda: hh2(adult(age=70, receives_medicare=True, health_insurance=False)),
        lambda: hh2(adult(age=70, receives_medicare=True)),
    ),
    "rent_freeze_one_kind": (
        lambda: hh2(adult(age=70, receives_scrie=True, receives_drie=True, receives_ssdi=True, disabled=True,
                          has_received_ssi_or_ssdi=True, housing_type="rent stabilized apartment",
                          name_is_on_lease=True)),
        lambda: hh2(adult(age=70, receives_scrie=True, receives_ssdi=True, disabled=True,
                          has_received_ssi_or_ssdi=True, housing_type="rent stabilized apartment",
                          name_is_on_lease=True)),
    ),
}


@pytest.mark.parametrize("values", [
    {"work_hours_per_week": 0, "annual_work_income": 5000},  # pay without a job
    {"work_hours_per_week": 1, "annual_work_income": 0, "work_experience": True,
     "work_or_volunteer_experience": True},  # a job without pay (edge: 1 hour)
    {"works_outside_home": True, "work_hours_per_week": 0, "annual_work_income": 0},
])
def test_work_hours_and_income_both_directions(values):
    assert cons.broken_rules(hh(adult(**values))) == ["work_hours_and_income"]


@pytest.mark.parametrize("housing", ["DHS shelter", "HRA shelter", "NYCHA development"])
def test_nyc_only_housing_each_kind(housing):
    eligible = housing == "HRA shelter"  # rule hra_shelter_eligible
    assert cons.broken_rules(hh(adult(housing_type=housing, place_of_residence="Jersey",
                                      eligible_for_hra_shelter=eligible))) == ["nyc_only_housing"]
    assert cons.violations(hh(adult(housing_type=housing, eligible_for_hra_shelter=eligible))) == []


def test_every_rule_has_a_case_and_a_docstring():
    names = [name for name, _ in cons.RULES]
    assert sorted(CASES) == sorted(names)
    assert len(names) == len(set(names))
    for name, doc in cons.RULES:
        assert doc, f"rule {name} has no docstring"


def test_defaults_are_consistent():
    assert cons.violations(hh(adult())) == []


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_violating_and_passing(rule):
    bad, good = CASES[rule]
    bad_hh, good_hh = bad(), good()
    assert cons.broken_rules(bad_hh) == [rule], cons.violations(bad_hh)
    msgs = cons.violations(bad_hh)
    assert msgs and all(f"(rule {rule})" in m for m in msgs)
    assert all(m.startswith("member ") for m in msgs)
    assert cons.violations(good_hh) == []


def test_message_names_member_index_relation_and_age():
    msgs = cons.violations(hh(parent(age=30), kid(age=10), kid(age=40, current_school_level="none")))
    assert msgs == [
        "member 2 (child, age 40): a child cannot be older than self minus 12 years (rule child_age_gap)"
    ]


@pytest.mark.parametrize(
    "age,level,ok",
    [
        (2, "pk", False), (3, "pk", True), (5, "pk", True), (6, "pk", False),
        (3, "k", False), (4, "k", True), (6, "k", True), (7, "k", False),
        (4, 1, False), (5, 1, True), (9, 1, True), (10, 1, False),
        (15, 12, False), (16, 12, True), (20, 12, True), (21, 12, False),
        (15, "college", False), (16, "college", True), (80, "college", True),
        (0, "none", True), (40, "none", True),
    ],
)
def test_school_level_age_bounds(age, level, ok):
    assert (level in cons.school_levels_for_age(age)) is ok
    m = kid(relation="sibling", age=age, current_school_level=level)
    assert ("school_level_age" in cons.broken_rules(hh(adult(), m))) is (not ok)


def test_high_school_credential_while_in_grade():
    h = hh(adult(), adult(relation="sibling", age=17, current_school_level=11, high_school_equivalent="GED"))
    assert cons.broken_rules(h) == ["high_school_credential"]


def test_no_child_labor_covers_flags_and_months_since_worked():
    for change in ({"works_outside_home": True}, {"months_since_worked": 0}, {"work_hours_per_week": 5},
                   {"government_job": True}, {"days_looking_for_work": 3}):
        h = hh(parent(), kid(age=10, current_school_level=5, **change))
        assert cons.broken_rules(h) == ["no_child_labor"], change
    assert cons.broken_rules(hh(parent(), kid(age=9, current_school_level=4, work_or_volunteer_experience=True))) == [
        "no_child_labor"
    ]
    assert cons.violations(hh(parent(), kid(age=10, current_school_level=5, work_or_volunteer_experience=True))) == []


def test_marriage_age_self_too_young_for_a_spouse():
    # the self's minimum (16) equals the marriage age, so a married self under 16 breaks both
    h = hh(kid(relation="self", age=15, current_school_level=10), adult(relation="spouse", age=17, high_school_equivalent=NO))
    assert cons.broken_rules(h) == ["self_min_age", "marriage_age"]
    assert [m for m in cons.violations(h) if "married self" in m]


def test_selective_service_eligibility_ages():
    assert cons.broken_rules(hh(adult(sex="male", age=26, is_eligible_for_selective_service=True))) == ["selective_service"]
    assert cons.violations(hh(adult(sex="male", age=25, is_eligible_for_selective_service=True))) == []
    young = adult(sex="male", age=17, high_school_equivalent=NO, selective_service=True)
    assert cons.broken_rules(hh(young)) == ["selective_service"]


def test_parent_flag_needs_spouse_too_but_not_for_foster_child():
    h = hh(parent(), adult(relation="spouse", is_parent=False), kid())
    assert [v.split(":")[0] for v in cons.violations(h)] == ["member 1 (spouse, age 35)"]
    assert cons.violations(hh(adult(), kid(relation="foster child"))) == []


def test_filing_jointly_only_self_or_spouse():
    h = hh(adult(filing_jointly=True), adult(relation="spouse", filing_jointly=True),
           adult(relation="sibling", filing_jointly=True))
    assert cons.broken_rules(h) == ["filing_jointly"]
    assert len(cons.violations(h)) == 1


def test_property_months_capped_by_age_and_adulthood():
    assert cons.broken_rules(hh(adult(age=20, is_property_owner=True, months_owned_property=241))) == ["durations_within_age"]
    assert cons.broken_rules(hh(parent(), kid(age=16, current_school_level=11, is_property_owner=True))) == ["adult_only"]


# --- sampler helpers ------------------------------------------------------------------------

def test_min_self_age_and_age_bounds():
    assert cons.min_self_age([]) == cons.SELF_MIN_AGE
    assert cons.min_self_age(["spouse"]) == 16
    assert cons.min_self_age(["child", "grandchild"]) == 26
    assert cons.age_bounds("child", 30) == (0, 18)
    assert cons.age_bounds("foster child", 60) == (0, 20)
    assert cons.age_bounds("grandchild", 26) == (0, 0)
    with pytest.raises(ValueError):
        cons.age_bounds("grandchild", 25)
    with pytest.raises(ValueError):
        cons.age_bounds("spouse", 15)
    with pytest.raises(ValueError):
        cons.age_bounds("child")


def test_plausible_age_and_school_level_keep_the_rules():
    rng = random.Random(7)
    relations = ["spouse", "child", "stepchild", "grandchild", "foster child", "adopted child",
                 "sibling", "niece or nephew", "cousin", "friend"]
    for _ in range(3000):
        rels = rng.sample(relations, rng.randint(0, 4))
        lo = cons.min_self_age(rels)
        self_age = cons.plausible_age(rng, "self")
        if self_age < lo:
            self_age = rng.randint(lo, cons.MAX_AGE)
        members = []
        for r in ["self", *rels]:
            age = self_age if r == "self" else cons.plausible_age(rng, r, self_age)
            lo_r, hi_r = cons.age_bounds(r, self_age)
            assert lo_r <= age <= hi_r
            level = cons.school_level_for_age(rng, age)
            assert level in cons.school_levels_for_age(age)
            members.append(member(
                relation=r, age=age, current_school_level=level,
                high_school_equivalent=NO if age < 16 or level in cons.GRADES else "GED",
                is_parent=r in ("self", "spouse") and bool(set(rels) & set(cons.PARENTED_RELATIONS)),
            ))
        h = Household(tuple(members))
        assert cons.violations(h) == []


def test_school_level_for_age_is_typical():
    rng = random.Random(1)
    assert cons.school_level_for_age(rng, 1) == "none"
    assert [cons.school_level_for_age(random.Random(s), 9) for s in range(20)].count(4) == 20
    assert cons.school_level_for_age(rng, 70) in ("none", "college")


def test_flag_allowed_and_numeric_cap():
    assert cons.flag_allowed("in_foster_care", 20, "female")
    assert not cons.flag_allowed("in_foster_care", 21, "female")
    assert not cons.flag_allowed("breastfeeding", 30, "male")
    assert cons.flag_allowed("receives_snap", 0, "male")
    assert cons.numeric_cap("annual_work_income", 13) == 0
    assert cons.numeric_cap("annual_work_income", 14) is None
    assert cons.numeric_cap("months_since_worked", 13) == -1
    assert cons.numeric_cap("months_since_worked", 15) == 12
    assert cons.numeric_cap("monthly_rent_spending", 3) is None


def test_status_limits_by_age_sex_and_relation():
    assert (cons.SELF_MIN_AGE, cons.SELF_ALONE_MIN_AGE) == (14, 16) and cons.min_self_age([]) == 14
    assert cons.flag_allowed("is_runaway", 24, "male", "self")
    assert not cons.flag_allowed("is_runaway", 25, "male", "self")
    assert not cons.flag_allowed("is_runaway", 11, "male", "sibling")
    assert not cons.flag_allowed("is_runaway", 16, "male", "child")  # lives with the parent: at home
    assert cons.flag_allowed("is_runaway", 16, "male")  # relation aside
    assert cons.flag_allowed("has_atin", 17, "female", "adopted child")
    assert not cons.flag_allowed("has_atin", 18, "female", "adopted child")
    assert not cons.flag_allowed("has_atin", 17, "female", "self")
    assert not cons.flag_allowed("emancipated_minor", 15, "female", "sibling")
    assert not cons.flag_allowed("emancipated_minor", 16, "female", "child")
    assert cons.flag_allowed("emancipated_minor", 16, "female", "self")
    assert not cons.flag_allowed("in_foster_care", 8, "female", "adopted child")
    assert cons.flag_allowed("in_foster_care", 8, "female", "niece or nephew")
    assert not cons.flag_allowed("covid_funeral_expenses", 17, "female")
    assert [cons.numeric_cap("work_hours_per_week", a) for a in (13, 14, 15, 16, 17, 18)] == [0, 40, 40, 48, 48, None]


def test_emancipated_minor_not_in_foster_care_nor_a_child_of_self():
    msgs = cons.violations(hh(adult(), adult(relation="sibling", age=17, high_school_equivalent=NO,
                                             emancipated_minor=True, in_foster_care=True, acs=True)))
    assert [m for m in msgs if "rule emancipated_minor" in m] == \
        ["member 1 (sibling, age 17): emancipated_minor and in_foster_care both true (rule emancipated_minor)"]
    assert cons.broken_rules(hh(parent(), kid(age=17, current_school_level=12, emancipated_minor=True))) == \
        ["emancipated_minor"]


def test_self_under_16_only_as_a_runaway_youth_on_their_own():
    young = dict(relation="self", age=15, current_school_level=10)
    assert cons.broken_rules(hh(kid(**young))) == ["self_min_age"]
    assert cons.broken_rules(hh(kid(**young, is_runaway=True))) == []
    assert cons.broken_rules(hh(kid(relation="self", age=13, current_school_level=8, is_runaway=True))) == \
        ["self_min_age"]


def test_runaway_and_atin_relations():
    assert cons.broken_rules(hh(parent(age=40), kid(age=16, current_school_level=11, is_runaway=True))) == \
        ["runaway_youth"]
    assert cons.broken_rules(hh(adult(age=16, current_school_level="none", high_school_equivalent=NO,
                                      is_runaway=True))) == []
    assert cons.broken_rules(hh(adult(has_ssn=False, has_atin=True))) == ["atin"]


def test_taxpayer_numbers_itin_and_atin_and_repair_keeps_the_ssn():
    assert cons.broken_rules(hh(parent(), kid(relation="adopted child", has_ssn=False, has_itin=True,
                                              has_atin=True))) == ["taxpayer_numbers"]
    d = {**cons_member_dict(adult(has_ssn=True, has_itin=True, has_atin=True))}
    cons.repair_member(d)
    assert (d["has_ssn"], d["has_itin"], d["has_atin"]) == (True, False, False)
    # SSA benefits set has_ssn (ssa_benefit_status): the ITIN it then excludes is cleared too
    d = cons_member_dict(adult(has_ssn=False, has_itin=True, receives_ssdi=True, disabled=True,
                               has_received_ssi_or_ssdi=True))
    cons.repair_member(d)
    assert (d["has_ssn"], d["has_itin"]) == (True, False)


def test_clear_bound_flags_clears_only_what_a_rule_forbids():
    d = cons_member_dict(kid(relation="child", age=15, current_school_level=10, is_runaway=True,
                             emancipated_minor=True, proficient_in_math=True, imprisonment=True))
    cons.clear_bound_flags(d)
    assert (d["is_runaway"], d["emancipated_minor"], d["proficient_in_math"], d["imprisonment"]) == \
        (False, False, True, True)  # a runaway at home, emancipated at 15; 15 may be proficient, imprisoned
    keep = cons_member_dict(adult(age=20, relation="self", is_runaway=True))
    assert cons.clear_bound_flags(dict(keep)) == keep


def test_justice_and_imprisonment_ages():
    assert cons.broken_rules(hh(parent(), kid(age=12, current_school_level=7, imprisonment=True))) == ["justice_age"]
    assert cons.broken_rules(hh(parent(), kid(age=13, current_school_level=8, imprisonment=True))) == []


def cons_member_dict(m) -> dict:
    from eligibench.household import member_to_dict
    return member_to_dict(m, 2)


# --- names ----------------------------------------------------------------------------------

def test_name_lists_are_sized_and_unique():
    for names in (FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES):
        assert len(names) >= 40
        assert len(set(names)) == len(names)


def test_pick_name_deterministic_and_uses_surname():
    a = [pick_name(random.Random(3), "female") for _ in range(2)]
    assert a[0] == a[1]
    first, last = pick_name(random.Random(3), "male", surname="Okafor").split(" ", 1)
    assert last == "Okafor" and first in MALE_FIRST_NAMES
    assert pick_surname(random.Random(5)) in SURNAMES
    seq1 = [pick_name(r, "female") for r in [random.Random(9)] for _ in range(10)]
    seq2 = [pick_name(r, "female") for r in [random.Random(9)] for _ in range(10)]
    assert seq1 == seq2 and len(set(seq1)) > 1
    with pytest.raises(ValueError):
        pick_name(random.Random(1), "other")


# --- benefit contradictions (issue 30) -------------------------------------------------------

def test_reviewers_nyc_care_household_is_rejected():
    """The reviewer's case: receives Medicaid, does not qualify for health insurance."""
    h = hh(adult(receives_medicaid=True, eligible_for_medicaid=True, qualify_for_health_insurance=False))
    assert cons.broken_rules(h) == ["medicaid_qualifies"]


def test_play_tab_profile_is_impossible():
    """The fuzzed profile "You receive Medicaid. You are not eligible for Medicaid.", either kind."""
    for flag in ("receives_medicaid", "receives_disability_medicaid"):
        h = hh(adult(**{flag: True}, disabled=True, eligible_for_medicaid=False, qualify_for_health_insurance=True))
        assert cons.broken_rules(h) == ["medicaid_eligible"], flag
        msg = cons.violations(h)[0]
        assert msg == (f"member 0 (self, age 35): {flag} true but eligible_for_medicaid false: receives Medicaid but "
                       "is not eligible for Medicaid (rule medicaid_eligible)")


def test_ssi_from_65_needs_no_disability_and_ssdi_does():
    ssi = {"receives_ssi": True, "has_received_ssi_or_ssdi": True, "eligible_for_medicaid": True,
           "qualify_for_health_insurance": True}
    assert cons.broken_rules(hh(adult(age=64, **ssi))) == ["disability_benefit_basis"]
    assert cons.violations(hh(adult(age=65, **ssi))) == []
    assert cons.violations(hh2(adult(age=40, blind=True, **ssi))) == []


def test_ssa_benefits_not_for_unlawful_residents():
    h = hh(adult(citizenship="unlawful_resident", authorized_to_work_in_us=False, work_authorization=False,
                 receives_ssdi=True, disabled=True, has_received_ssi_or_ssdi=True))
    assert cons.broken_rules(h) == ["ssa_benefit_status"]


def test_temporary_assistance_and_cash_assistance_are_not_tied():
    """The lead's decision (vocabulary reads either flag): either alone is consistent."""
    for flag in ("receives_cash_assistance", "receives_temporary_assistance"):
        assert cons.violations(hh(adult(**{flag: True}, receives_hra=True))) == []
    assert cons.violations(hh(adult(receives_disability_medicaid=True, disabled=True, eligible_for_medicaid=True,
                                    qualify_for_health_insurance=True))) == []


def test_hra_benefits_only_asked_in_nyc():
    assert cons.violations(hh(adult(receives_cash_assistance=True, place_of_residence="Jersey"))) == []


@pytest.mark.parametrize("rule", [r for r in cons.IMPLICATION_RULES])
def test_repair_member_fixes_each_implication_case(rule):
    from eligibench.household import member_to_dict

    bad = CASES[rule][0]()
    fixed = Household(tuple(member(**cons.repair_member(member_to_dict(m))) for m in bad.members))
    assert cons.violations(fixed) == []


def test_repair_member_leaves_a_consistent_member_alone_and_directions():
    from eligibench.household import member_to_dict

    d = member_to_dict(adult())
    assert cons.repair_member(dict(d)) == d
    # a received benefit is kept and what it implies is set
    d = cons.repair_member(member_to_dict(adult(receives_medicaid=True, health_insurance=False)))
    assert (d["receives_medicaid"], d["eligible_for_medicaid"], d["health_insurance"],
            d["qualify_for_health_insurance"]) == (True, True, True, True)
    # a benefit without its basis is cleared
    d = cons.repair_member(member_to_dict(adult(receives_va_disability=True, receives_ssdi=True)))
    assert (d["receives_va_disability"], d["receives_ssdi"], d["disabled"]) == (False, False, False)
    assert d["has_received_ssi_or_ssdi"] is True  # set while SSDI was there: past receipt stays believable


def test_v2_problems_clear_only_version_2_flags():
    from eligibench.household import V2_FEATURE_NAMES

    m = member(age=70, receives_medicare=True, health_insurance=False, receives_scrie=True, receives_drie=True,
               receives_ssdi=True, disabled=True, has_received_ssi_or_ssdi=True,
               housing_type="rent stabilized apartment", name_is_on_lease=True)
    assert sorted(f for f, _ in cons.v2_problems(m)) == ["receives_drie", "receives_medicare"]
    assert all(f in V2_FEATURE_NAMES for f, _ in cons.v2_problems(m))


def test_docs_list_every_rule_with_counts():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "consistency.md").read_text(encoding="utf-8")
    for name, _doc in cons.RULES:
        assert f"`{name}`" in text, name
    for name in cons.ISSUE30_RULES:
        rows = [line for line in text.splitlines() if line.startswith(f"| `{name}` |") and line.count("|") == 9]
        assert len(rows) == 1, f"docs/consistency.md has no count row for {name}"
        counts = [c.strip().replace(",", "") for c in rows[0].split("|")[2:8]]
        assert all(c.isdigit() for c in counts), rows[0]
