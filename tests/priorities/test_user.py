"""The simulated user states its row's priorities faithfully (ranked needs; "that one matters less
to me"), the answer check tells a faithful statement from an unfaithful one, fact questions still
reach the household's facts, and the audit's priority probes grade every persona's user."""
from __future__ import annotations

from dataclasses import replace

import pytest

from checkers import registry
from eligibench.datasets import build_row
from eligibench.evaluation.user import (
    CONTRADICTED,
    FAITHFUL,
    UNCHECKED,
    PriorityUser,
    SimulatorMode,
    asks_priority,
    audit_priorities,
    audit_priority_user,
    check_priorities,
    make_user,
    priority_probes,
)
from eligibench.household import household
from eligibench.truth import opportunity_names, priorities_of, ranked, traced_checkers

HH = household({"name": "Ana Ruiz", "age": 29, "annual_work_income": 0},
               {"name": "Leo Ruiz", "age": 2, "relation": "child"})
OPPS = ("HeadStart", "NYSUnemploymentInsurance", "EarnedIncomeTaxCredit", "IDNYC", "SummerMeals")
PRIORITIES = SimulatorMode("grounded", patience=12)


@pytest.fixture(scope="module")
def row():
    return build_row("r1", "diverse", HH, OPPS, traced_checkers(registry()), flips=False)


@pytest.fixture(scope="module")
def user(row):
    return make_user(PRIORITIES, None, row, 80)


def _names():
    names = opportunity_names()
    return {o: names[o] for o in OPPS}


def test_a_priorities_mode_wraps_the_user_and_a_mode_without_patience_does_not(row):
    assert isinstance(make_user(PRIORITIES, None, row, 80), PriorityUser)
    assert isinstance(make_user(replace(PRIORITIES, persona="typical"), None, row, 80), PriorityUser)
    assert not isinstance(make_user(SimulatorMode("grounded"), None, row, 80), PriorityUser)


def test_asked_what_matters_it_ranks_every_program_by_weight_in_the_first_person(row, user):
    order = ranked(priorities_of(row))
    text = user.answer([], "What matters most to you?").text
    names = _names()
    assert text.startswith(f"What matters most to me is {names[order[0]]}.")
    assert text.endswith(f"{names[order[-1]]} matters least to me.")
    positions = [text.index(names[o]) for o in order]
    assert positions == sorted(positions)
    assert check_priorities(text, order, names, "What matters most to you?").verdict == FAITHFUL


def test_asked_about_one_program_it_says_where_it_stands(row, user):
    order, names = ranked(priorities_of(row)), _names()
    low = order[-1]
    text = user.answer([], f"How important is {names[low]} to you?").text
    assert text.startswith("That one matters less to me") and f"number {len(order)} of the {len(order)}" in text
    top = user.answer([], f"Does {names[order[0]]} matter to you?").text
    assert f"{names[order[0]]} matters most to me" in top and "number 1 of" in top


def test_a_toddler_and_no_income_rank_child_care_and_cash_help_above_the_tax_credit(user):
    text = user.answer([], "Which matters more to you: Earned Income Tax Credit or Head Start?").text
    assert text.index("Head Start") < text.index("Earned Income Tax Credit")


def test_fact_questions_still_get_the_households_facts(user):
    a = user.answer([], "How old are you?")
    assert "29" in a.text and a.how != "priorities" and a.facts
    assert not asks_priority("How old are you?") and asks_priority("Which program is most important to you?")


def test_the_check_knows_a_faithful_statement_from_an_unfaithful_one(row):
    order, names = ranked(priorities_of(row)), _names()
    wrong = list(reversed(order))
    told = "What matters most to me is " + ", then ".join(names[o] for o in wrong) + "."
    assert check_priorities(told, order, names, "What matters most?").verdict == CONTRADICTED
    top_only = f"What matters most to me is {names[order[0]]}."
    assert check_priorities(top_only, order, names, "What matters most?").verdict == FAITHFUL
    q = f"How important is {names[order[0]]}?"
    assert check_priorities(f"That one matters less to me: {names[order[0]]}.", order, names, q).verdict == CONTRADICTED
    assert check_priorities(f"{names[order[0]]} is number 3 for me.", order, names, q).verdict == CONTRADICTED
    assert check_priorities("I'm not sure.", order, names, q).verdict == UNCHECKED


def test_the_audit_probes_grade_every_persona_and_catch_a_user_who_misstates(row):
    summary = audit_priorities([row], ("cooperative", "typical", "hard"))
    for persona, s in summary["personas"].items():
        assert s["probes"] == len(priority_probes(ranked(priorities_of(row)), _names())) >= 5
        assert s["faithful_pct"] == 100.0 and s["fact_questions_passed_through"] == 1, persona
    # a user stating the reverse order is caught by the same probes
    liar = PriorityUser(make_user(SimulatorMode("grounded"), None, row, 80),
                        tuple(reversed(ranked(priorities_of(row)))), _names())
    graded, _ = audit_priority_user(row.id, liar, ranked(priorities_of(row)), _names())
    # all but the middle program's probe (the middle of 5 stays third when the order is reversed)
    assert [g.verdict for g in graded] == [CONTRADICTED, CONTRADICTED, CONTRADICTED, FAITHFUL, CONTRADICTED]
