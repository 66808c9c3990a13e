"""The third reading of the ground truth (docs/ground_truth.md, "Third reading"): the three checkers
wrong by the text and the nine readings decided, each as a household where the reading matters and
its twin differing in one fact, in every edition where the checker or its twin exists."""
import pytest

from checkers.editions import edition_registry
from eligibench.household import household

BOTH = ("2024", "2026-08")


def check(edition: str, opportunity: str, *members: dict) -> bool:
    return edition_registry(edition)[opportunity].check(household(*members))


GRANDMOTHER = {"age": 60, "sex": "female", "is_parent": True}
DAUGHTER = {"relation": "child", "age": 25, "sex": "female", "is_parent": True, "work_hours_per_week": 20,
            "annual_work_income": 20000}
IDLE_DAUGHTER = DAUGHTER | {"work_hours_per_week": 0, "annual_work_income": 0}
GRANDCHILD = {"relation": "grandchild", "age": 2}
CHILD_CARE = ("ChildCareVouchers", "InfantToddlerPrograms")


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("opportunity", CHILD_CARE)
def test_the_childs_own_parent_gives_the_reason_for_care(edition, opportunity):
    # fix 1: a grandmother answering for her working daughter and grandchild
    assert check(edition, opportunity, GRANDMOTHER, DAUGHTER, GRANDCHILD)
    assert not check(edition, opportunity, GRANDMOTHER, IDLE_DAUGHTER, GRANDCHILD)  # twin: the parent does not work


@pytest.mark.parametrize("opportunity", CHILD_CARE)
def test_work_moved_to_the_grandmother(opportunity):
    # 2024 ("you": one of them has a reason): eligible; 2026-08 ("each parent"): the parent has none
    working_grandmother = GRANDMOTHER | {"work_hours_per_week": 20, "annual_work_income": 20000}
    assert check("2024", opportunity, working_grandmother, IDLE_DAUGHTER, GRANDCHILD)
    assert not check("2026-08", opportunity, working_grandmother, IDLE_DAUGHTER, GRANDCHILD)


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("opportunity", CHILD_CARE)
def test_boundaries_of_whose_reason_counts(edition, opportunity):
    # is_parent: a grown child who is not a parent is not the grandchild's parent
    assert not check(edition, opportunity, GRANDMOTHER, DAUGHTER | {"is_parent": False}, GRANDCHILD)
    # a guardian (responsible for the child's day-to-day care) counts, a cousin who is not one does not
    cousin = {"relation": "cousin", "age": 35, "work_hours_per_week": 30, "annual_work_income": 30000}
    assert check(edition, opportunity, GRANDMOTHER, cousin | {"responsible_for_day_to_day": True}, GRANDCHILD)
    assert not check(edition, opportunity, GRANDMOTHER, cousin, GRANDCHILD)
    # the answerer's own child: the answerer (and spouse) are the parents, a working grown child is not
    own_child = {"relation": "child", "age": 2}
    assert not check(edition, opportunity, GRANDMOTHER, DAUGHTER | {"is_parent": False}, own_child)
    assert check(edition, opportunity, GRANDMOTHER | {"work_hours_per_week": 20, "annual_work_income": 20000},
                 DAUGHTER | {"is_parent": False}, own_child)


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("opportunity", CHILD_CARE)
def test_a_friends_child_is_not_the_child_in_care(edition, opportunity):
    # decision: the child in care is a child the family raises
    worker = {"age": 35, "work_hours_per_week": 20, "annual_work_income": 30000}
    assert not check(edition, opportunity, worker, {"relation": "friend", "age": 2})
    assert check(edition, opportunity, worker, {"relation": "niece or nephew", "age": 2})


def test_free_tax_prep_counts_a_sibling_as_a_qualifying_child():
    # fix 3: a single filer earning $80,000 living with a 10-year-old sibling (2026-08)
    me = {"age": 30, "annual_work_income": 80000, "work_hours_per_week": 40}
    assert check("2026-08", "NYCFreeTaxPrep", me, {"relation": "sibling", "age": 10})
    assert check("2026-08", "NYCFreeTaxPrep", me, {"relation": "niece or nephew", "age": 10})
    assert not check("2026-08", "NYCFreeTaxPrep", me, {"relation": "friend", "age": 10})  # twin: not a relative


def test_moia_has_no_residence_condition():
    jersey = {"age": 35, "place_of_residence": "Jersey", "annual_work_income": 20000, "work_hours_per_week": 30}
    assert check("2026-08", "MOIAImmigrationLegalSupportCenters", jersey)
    assert not check("2026-08", "MOIAImmigrationLegalSupportCenters", jersey | {"annual_work_income": 12 * 2660 + 1})


@pytest.mark.parametrize("opportunity, child_age", [("HeadStart", 4), ("EarlyHeadStart", 1)])
def test_head_start_subtracts_only_the_housing_cost_above_30_percent(opportunity, child_age):
    child = {"relation": "child", "age": child_age}
    parent = {"age": 30, "annual_work_income": 30000, "work_hours_per_week": 40}
    assert not check("2026-08", opportunity, parent | {"monthly_rent_spending": 751}, child)  # was eligible (whole rent off)
    assert check("2026-08", opportunity, parent | {"monthly_rent_spending": 1447}, child)  # counted $21,636
    assert not check("2026-08", opportunity, parent | {"monthly_rent_spending": 1446}, child)  # counted $21,648


@pytest.mark.parametrize("flag", ["receives_cash_assistance", "receives_temporary_assistance"])
def test_summer_ebt_reads_cash_assistance_from_the_household(flag):
    parent = {"age": 40, "is_parent": True, "annual_work_income": 200000, "work_hours_per_week": 40}
    kid = {"relation": "child", "age": 10, "current_school_level": 5}
    assert check("2026-08", "SummerEBT", parent | {flag: True}, kid)
    assert not check("2026-08", "SummerEBT", parent, kid)
    assert not check("2026-08", "SummerEBT", parent | {"receives_medicaid": True}, kid)  # Medicaid stays the child's own


@pytest.mark.parametrize("edition, limit", [("2024", 60240), ("2026-08", 62600)])
def test_silver_corps_income_table_is_a_condition(edition, limit):
    idle = {"age": 60}
    assert check(edition, "SilverCorps", idle | {"annual_investment_income": limit})
    assert not check(edition, "SilverCorps", idle | {"annual_investment_income": limit + 1})


@pytest.mark.parametrize("edition", BOTH)
def test_cooling_heap_air_conditioner_five_years_ago_is_outside_the_five_years(edition):
    senior = {"age": 65}
    assert check(edition, "CoolingAssistanceBenefit", senior | {"got_heap_ac": 5})
    assert not check(edition, "CoolingAssistanceBenefit", senior | {"got_heap_ac": 4})


@pytest.mark.parametrize("edition", BOTH)
def test_eitc_qualifying_child_is_younger_than_a_filer(edition):
    filer = {"age": 20, "annual_work_income": 15000, "work_hours_per_week": 20}
    student = {"relation": "sibling", "current_school_level": "college", "sex": "male"}
    assert not check(edition, "EarnedIncomeTaxCredit", filer, student | {"age": 21})  # older: no child, filer under 25
    assert not check(edition, "EarnedIncomeTaxCredit", filer, student | {"age": 20})  # same age
    assert check(edition, "EarnedIncomeTaxCredit", filer, student | {"age": 19})  # younger
    assert check(edition, "EarnedIncomeTaxCredit", filer, student | {"age": 21, "disabled": True})  # disabled: any age
    spouse = {"relation": "spouse", "age": 23, "filing_jointly": True}
    assert check(edition, "EarnedIncomeTaxCredit", filer | {"filing_jointly": True}, spouse, student | {"age": 21})


@pytest.mark.parametrize("edition", BOTH)  # FHEPS 2026-08 is the 2024 checker (text unchanged)
def test_fheps_eviction_is_in_nyc(edition):
    family = [{"age": 30, "receives_cash_assistance": True, "evicted_months_ago": 3}, {"relation": "child", "age": 5}]
    opportunity = "FamilyHomelessnessAndEvictionPreventionSupplement"
    assert check(edition, opportunity, *family)
    assert not check(edition, opportunity, family[0] | {"place_of_residence": "Jersey"}, family[1])
    being_evicted = family[0] | {"evicted_months_ago": 0, "currently_being_evicted": True}
    assert check(edition, opportunity, being_evicted, family[1])
    assert not check(edition, opportunity, being_evicted | {"place_of_residence": "Jersey"}, family[1])


@pytest.mark.parametrize("edition", BOTH)
def test_family_planning_age_floor_is_12(edition):
    parent_on_medicaid = {"age": 40, "receives_medicaid": True, "is_parent": True}
    assert not check(edition, "FamilyPlanningBenefitProgram", parent_on_medicaid, {"relation": "child", "age": 11})
    assert check(edition, "FamilyPlanningBenefitProgram", parent_on_medicaid, {"relation": "child", "age": 12})
