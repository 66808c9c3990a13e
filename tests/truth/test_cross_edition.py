"""The cross-edition report: changed verdicts between 2024 and 2026-08 and the condition that moved."""
from checkers.editions import edition_registry
from eligibench.household import household
from eligibench.truth import compare_editions

S8 = "SectionEightHousingChoiceVoucherProgram"


def _compare(households):
    return compare_editions("2024", "2026-08", edition_registry("2024"), edition_registry("2026-08"), households)


def test_a_household_between_the_two_section_8_limits_changes_verdict_and_says_why():
    between, below, above = (household({"annual_work_income": x}) for x in (57000, 50000, 60000))
    c = _compare([("between", between), ("below", below), ("above", above)])
    s8 = [x for x in c.changes if x.opportunity == S8]
    assert [(x.household, x.before, x.after) for x in s8] == [("between", False, True)]
    assert s8[0].before_condition.startswith("end of check(): return False")
    assert s8[0].after_condition == "if household_income(hh) <= limit"
    assert any(m.startswith("INCOME_LIMITS: (54350,") and "(59400," in m for m in c.moved[S8])


def test_kept_opportunities_share_their_checker_and_never_differ():
    c = _compare([("a", household({"age": 70, "annual_work_income": 21000}))])
    assert "AdultProtectiveServices" in c.shared and "ThreeK" not in c.shared
    assert "ActionNYC" not in c.opportunities  # removed in 2026-08
    assert {x.opportunity for x in c.changes} <= set(c.opportunities) - set(c.shared)


def test_report_counts_and_markdown():
    c = _compare([("between", household({"annual_work_income": 57000})), ("same", household({"age": 3}))])
    js = c.to_dict()
    assert js["households"] == 2 and js["verdicts_changed"] == len(c.changes) >= 1
    assert js["changed_per_opportunity"][S8] == 1
    md = c.to_markdown()
    assert "verdicts changed:" in md and f"## {S8}" in md and "between: ineligible -> eligible" in md
