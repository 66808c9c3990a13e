"""Every number a 2026-08 new program's checker compares with has a boundary case (as
tests/checkers/test_boundaries.py for 2024): a household, changed only in the feature the number
limits, whose verdict flips at it (`eligibench.truth.boundaries.find_boundary`), searched among
the program's own test households grown to every size and version-2 fuzzed households. A number
no household reaches needs a reason here."""
import pytest

from checkers.editions import edition_registry
from eligibench.catalog import load_edition
from eligibench.datasets import fuzz_households, thresholds_from_checkers
from eligibench.household import household
from eligibench.truth import checker_conditions, find_boundary, grown, verify
from tests.built_data import shared_build

EDITION = load_edition("2026-08")
REGISTRY = edition_registry("2026-08")
# Income-table rows for 7 and 8 people and the "each additional person" amount: households have
# at most 6 members (eligibench.household.model.MAX_MEMBERS).
_TABLE_TAIL = "an income-table row or per-person amount for more people than a household can have (at most 6)"
UNREACHED = {
    ("EssentialPlan", 100080): _TABLE_TAIL, ("EssentialPlan", 111440): _TABLE_TAIL,
    ("QualifiedHealthPlans", 100080): _TABLE_TAIL, ("QualifiedHealthPlans", 111440): _TABLE_TAIL,
    ("MOIAImmigrationLegalSupportCenters", 8340): _TABLE_TAIL, ("MOIAImmigrationLegalSupportCenters", 9287): _TABLE_TAIL,
    ("MOIAImmigrationLegalSupportCenters", 947): _TABLE_TAIL,
    ("SummerEBT", 7715): _TABLE_TAIL, ("SummerEBT", 8591): _TABLE_TAIL, ("SummerEBT", 876): _TABLE_TAIL,
    # grade membership `in (9, 10, 11, 12)`: only its edges can flip (8 -> 9 is found; above 12 the
    # schema has "college", not a grade 13: test_nyc_ferry_discount tests 12 against college)
    ("NYCFerryDiscount", 10): "an inner grade of the high-school set 9-12: grades 9 and 11 around it qualify too",
    ("NYCFerryDiscount", 11): "an inner grade of the high-school set 9-12: grades 10 and 12 around it qualify too",
    ("NYCFerryDiscount", 12): "the last high-school grade: no grade 13 exists to flip to (college is tested by hand)",
}


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    seeds = [
        household({"age": 30, "place_of_residence": "New York City", "citizenship": "lawful_resident"}),
        household({"age": 40, "is_parent": True}, {"relation": "child", "age": 10, "current_school_level": 5,
                                                   "attends_nslp_school": True}),
        household({"age": 30, "sex": "female", "months_pregnant": 3, "work_hours_per_week": 10,
                   "annual_work_income": 20000}),
        # an adult whose Essential Plan test decides Qualified Health Plans, with uninsured children (Child
        # Health Plus keeps them out of QHP since issue 30): grown, the Essential Plan rows flip at each size
        household({"age": 30, "place_of_residence": "New York City", "citizenship": "lawful_resident",
                   "eligible_for_employer_coverage": False},
                  {"relation": "child", "age": 5, "health_insurance": False}),
    ]
    grown_seeds = [g for hh in seeds for g in grown(hh)]
    # households fuzzed around each program's OWN thresholds: a pool fuzzed around the whole
    # edition's moved whenever another opportunity of the edition changed (and lost SummerEBT 2461)
    by_program: dict[str, list] = {}

    def for_program(oid: str) -> list:
        if oid not in by_program:
            # once per session: xdist spreads one program's cases over workers (tests/built_data.py)
            fuzzed = shared_build(tmp_path_factory, f"fuzz-2026-08-{oid}-300-7", lambda: fuzz_households(
                300, 7, thresholds_from_checkers([REGISTRY[oid]]), feature_schema=2))
            by_program[oid] = grown_seeds + fuzzed
        return by_program[oid]
    return for_program


CASES = [(oid, x) for oid in EDITION.new for x in sorted(checker_conditions(REGISTRY[oid]).thresholds)]


@pytest.mark.parametrize("oid,x", CASES, ids=[f"{o}-{x:g}" for o, x in CASES])
def test_threshold_has_a_boundary_case_or_a_reason(oid, x, pool):
    case = find_boundary(oid, REGISTRY[oid], x, pool(oid))
    if case is None:
        assert (oid, x) in UNREACHED, f"{oid} {x:g}: no household flips there and no reason is given"
        return
    assert (oid, x) not in UNREACHED, f"{oid} {x:g} is reached: drop its reason"
    assert verify(case, REGISTRY[oid]) == []
