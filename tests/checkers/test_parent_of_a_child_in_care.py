"""The derived fact parent_of_a_child_in_care (checkers/facts.py): who is a parent of the child in care
whose own reason for care "each parent" / "both parents" asks (2026-08 Child Care Vouchers and
Infant/Toddler Programs), on the household of the third reading and its one-flag twin."""
from checkers.editions import edition_registry
from checkers.facts import parent_of_a_child_in_care
from eligibench.household import household
from eligibench.truth import FACT_LINES, TracedChecker

GRANDMOTHER = {"relation": "self", "age": 60}
DAUGHTER = {"relation": "child", "age": 25, "is_parent": True, "work_hours_per_week": 20,
            "annual_work_income": 20_000}
GRANDCHILD = {"relation": "grandchild", "age": 2}


def under_13(m) -> bool:
    return m.relation == "grandchild" and m.age < 13


def test_the_working_mother_is_the_parent_not_the_grandmother_who_answers():
    hh = household(GRANDMOTHER, DAUGHTER, GRANDCHILD)
    grandmother, daughter, grandchild = hh.members
    assert parent_of_a_child_in_care(hh, daughter, under_13)
    assert not parent_of_a_child_in_care(hh, grandmother, under_13)  # a caretaker: her reason is not asked
    assert not parent_of_a_child_in_care(hh, grandchild, under_13)


def test_without_the_childs_own_parent_the_grandmother_cares_for_it_as_its_parent():
    # the one-flag twin: the daughter is not a parent, so no parent of the grandchild lives here
    hh = household(GRANDMOTHER, {**DAUGHTER, "is_parent": False}, GRANDCHILD)
    grandmother, daughter, _ = hh.members
    assert parent_of_a_child_in_care(hh, grandmother, under_13)
    assert not parent_of_a_child_in_care(hh, daughter, under_13)


def test_child_care_vouchers_trace_the_fact_and_find_the_household_eligible():
    ccv = TracedChecker("ChildCareVouchers", edition_registry("2026-08")["ChildCareVouchers"])
    trace = ccv.run(household(GRANDMOTHER, DAUGHTER, GRANDCHILD))
    texts = {ccv.source.line_text(n).strip() for n in trace.lines if n >= FACT_LINES}
    assert trace.eligible
    assert "if parent_for_care(m, child, answerer_parent):" in texts
    assert "if childs_parent_in_household(hh, child):" in texts
