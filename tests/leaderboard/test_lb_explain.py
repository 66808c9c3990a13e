"""Explanations of verdicts in words, from the real checkers run on real households."""
from __future__ import annotations

import random

import pytest

from checkers.editions import explained_checker
from eligibench.household import household, member
from leaderboard.verdict_reasons import DialogFacts, GroundTruth, render_reasons


def test_the_decisive_requirement_names_the_member_and_their_value():
    hh = household(member(name="Maria Lopez", age=41, place_of_residence="New York City"))
    ex = explained_checker("AdvanceEarn").explain(hh)
    assert ex.verdict is False
    # the fact as the profile states it, the requirement from the YAML review table
    assert ex.sentence == "Maria Lopez is 41 years old. Requirement not met: The person is 16 to 24 years old."
    src = explained_checker("AdvanceEarn").path.read_text().splitlines()
    age_line = next(i for i, t in enumerate(src, 1) if "m.age > 24" in t)
    assert ex.line_outcome[age_line] == "true"  # this guard fired: the branch taken
    low_line = next(i for i, t in enumerate(src, 1) if "m.age < 16" in t)
    assert ex.line_outcome[low_line] == "false"
    assert "m0.age" in ex.facts and "m0.place_of_residence" in ex.facts


def test_every_member_is_explained_and_constants_are_resolved():
    # Beacon: ages 5-21 enrolled in school, or over 21
    hh = household(member(name="Ana", age=10, current_school_level="none"),
                   member(name="Ben", age=3, relation="child"))
    ex = explained_checker("BeaconPrograms").explain(hh)
    assert ex.verdict is False and len(ex.details) == 2
    assert ex.details[0] == "Ana is not currently in school. Requirement not met: That youth is enrolled in school."
    assert ex.details[1] == "Ben is 3 years old. Requirement not met: The person is a youth aged 5 to 21."
    resolved = {name: value for items in ex.constants.values() for name, value in items}
    assert resolved == {"YOUTH_MAX_AGE": "21", "YOUTH_MIN_AGE": "5"}  # beside the code lines


def test_an_eligible_household_names_who_qualifies():
    hh = household(member(name="Ana", age=3), member(name="Kid", age=12, relation="child", current_school_level=6))
    ex = explained_checker("BeaconPrograms").explain(hh)
    assert ex.verdict is True
    assert ex.sentence.startswith("Kid meets every requirement the checker tested. ")
    assert "Kid is in 6th grade. Requirement met: That youth is enrolled in school." in ex.sentence


def test_a_household_amount_is_compared_with_its_limit_in_money():
    """'household income $45,000 is above the limit for 3 people, $36,420' (issue 23's example)."""
    hh = household(member(name="Svetlana Ivanova", sex="female", age=70, annual_work_income=70000,
                          heat_exacerbated_condition=True),
                   member(name="Ana", age=30, relation="child"), member(name="Bo", age=4, relation="grandchild"))
    ex = explained_checker("CoolingAssistanceBenefit").explain(hh)
    assert ex.verdict is False
    # the table is monthly: the yearly limit is derived from it, and the sentence says so
    assert ex.sentence.startswith("Household income is $70,000, above the limit, 12 times the monthly limit for 3 "
                                  "people, $58,848.")
    assert "Requirement not met: Income route" in ex.sentence


def test_a_member_fact_reads_as_the_profile_says_it():
    hh = household(member(name="Svetlana Ivanova", sex="female", age=70, is_property_owner=False))
    ex = explained_checker("BasicSchoolTaxReliefProgram").explain(hh)
    assert any(c.startswith("Svetlana Ivanova does not own the home she lives in.") for c in ex.conditions)


def test_explanations_agree_with_the_traced_verdict_on_fuzzed_households():
    from checkers import registry
    from eligibench.datasets import fuzz_households, thresholds_from_checkers
    from eligibench.truth import TracedChecker

    modules = registry()
    households = fuzz_households(4, 3, thresholds_from_checkers(modules.values()))
    for oid, module in modules.items():
        traced = TracedChecker(oid, module)
        for hh in households:
            ex = explained_checker(oid).explain(hh)
            assert ex.verdict == traced.run(hh).eligible, oid
            assert ex.sentence, oid


def test_reasons_render_words_causes_facts_and_markdown(lb_dataset):
    from eligibench.datasets import dataset_path, read_parquet

    row = read_parquet(dataset_path(lb_dataset, "diverse"))[0]
    truth = GroundTruth(lb_dataset)
    reasons = truth.reasons("diverse", row.id, list(row.opportunities))
    assert all(r.explanation is not None for r in reasons)
    wrong = reasons[0].opportunity
    preds = {r.opportunity: (not r.label if r.opportunity == wrong else r.label) for r in reasons}
    needed = reasons[0].explanation.facts
    page = render_reasons(reasons, preds, DialogFacts(frozenset(needed[:1]), True, {wrong: "rule_misapplied"}))
    assert "Why " in page and "applied the rule wrongly" in page
    if needed:
        assert "✓ asked" in page
    if len(needed) > 1:
        assert "✗ not asked" in page
    assert "<p>" in page and "|---|" not in page  # requirements rendered as Markdown
    assert 'class="bf-run bf-true"' in page or 'class="bf-run bf-false"' in page


@pytest.mark.parametrize("seed", [0, 1])
def test_profile_names_match_the_explanation(seed):
    from eligibench.household import display_name

    rng = random.Random(seed)
    hh = household(member(name="Zoe Park", age=rng.randint(30, 60)))
    ex = explained_checker("AdvanceEarn").explain(hh)
    assert display_name(hh, 0) in ex.sentence


def test_money_and_school_levels_read_as_a_caseworker_writes_them():
    from eligibench.truth import show_feature

    assert show_feature("annual_work_income", 45000) == "$45,000"
    assert show_feature("monthly_rent_spending", 1234.5) == "$1,234.50"
    assert show_feature("current_school_level", (8, 9)) == "8th grade or 9th grade"
    assert show_feature("current_school_level", "pk") == "pre-K"
    assert show_feature("age", 41) == "41"


def test_a_disqualifying_helpers_conditions_read_from_the_verdicts_side():
    """`if got_recent_heap_ac(hh): return False`: an air conditioner 15 years ago MEETS "did not get
    one in the last five years" (the helper's own condition is false), and one 2 years ago does not."""
    old = household(member(name="Luis Rossi", age=70, got_heap_ac=15, heat_exacerbated_condition=True, receives_snap=True))
    ex = explained_checker("CoolingAssistanceBenefit").explain(old)
    assert ex.verdict is True
    assert ("Luis Rossi received an air conditioner from the Home Energy Assistance Program (HEAP) 15 years ago. "
            "Requirement met: Did not get a HEAP-funded air conditioner in the last five years.") in ex.sentence
    recent = household(member(name="Luis Rossi", age=70, got_heap_ac=2, heat_exacerbated_condition=True, receives_snap=True))
    ex = explained_checker("CoolingAssistanceBenefit").explain(recent)
    assert ex.verdict is False
    assert ex.sentence.endswith("Requirement not met: Did not get a HEAP-funded air conditioner in the last five years.")
