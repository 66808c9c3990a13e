"""The derived facts (checkers/facts.py): each definition, the twin households that differ in one
raw flag, the fact discipline, and what the static reader says each fact reads."""
from pathlib import Path

import pytest

from checkers import facts, registry
from checkers.editions import edition_registry
from eligibench.household import household
from eligibench.truth import FACT_LINES, ReadingHousehold, TracedChecker, fact_violations
from eligibench.truth import derived_fact_reads as fact_reads

FACTS = Path(facts.__file__)


def member(**features):
    return household(features).members[0]


@pytest.mark.parametrize("flag", ["receives_medicaid", "receives_disability_medicaid"])
def test_medicaid_of_any_kind_is_medicaid(flag):
    assert facts.receives_medicaid(member(**{flag: True}))
    assert facts.medicaid_eligible(member(**{flag: True}))  # receiving implies eligible


def test_medicaid_eligibility_alone_is_not_receiving():
    m = member(eligible_for_medicaid=True)
    assert facts.medicaid_eligible(m) and not facts.receives_medicaid(m)
    assert not facts.medicaid_eligible(member())


def test_disability_medicaid_is_only_that_kind():
    assert facts.disability_medicaid(member(receives_disability_medicaid=True))
    assert not facts.disability_medicaid(member(receives_medicaid=True))


@pytest.mark.parametrize("flag", ["receives_temporary_assistance", "receives_cash_assistance"])
def test_cash_assistance_is_temporary_assistance(flag):
    assert facts.temporary_assistance(member(**{flag: True}))
    assert not facts.temporary_assistance(member())


@pytest.mark.parametrize("flag", ["disabled", "developmental_condition", "blind", "deaf_or_hearing_loss"])
def test_any_disability_reads_every_disability_flag(flag):
    assert facts.disability(member(**{flag: True}), "any")
    assert not facts.disability(member(), "any")


def test_developmental_disability_is_only_the_developmental_condition():
    assert facts.disability(member(developmental_condition=True), "developmental")
    assert not facts.disability(member(disabled=True), "developmental")


def test_other_conditions_are_not_a_disability():
    # mental health and chronic conditions are named separately where a text counts them
    assert not facts.disability(member(mental_health_condition=True, chronic_health_condition=True), "any")


def test_unknown_disability_kind_is_an_error():
    with pytest.raises(KeyError):
        facts.disability(member(), "severe")


def test_snap_is_a_household_benefit():
    hh = household({"relation": "self"}, {"relation": "child", "age": 4, "receives_snap": True})
    assert facts.household_receives_snap(hh)
    assert not facts.own_snap(hh.members[0]) and facts.own_snap(hh.members[1])
    assert not facts.household_receives_snap(household({}, {"relation": "child", "age": 4}))


def test_works_is_any_hours():
    assert facts.works(member(work_hours_per_week=1))
    assert not facts.works(member(work_hours_per_week=0))


def test_facts_log_every_raw_feature_they_read_on_the_reading_household():
    # needed facts stay exact: the stand-in household logs the features behind a fact
    reads: set[str] = set()
    facts.receives_medicaid(ReadingHousehold(household({}), reads).members[0])
    assert reads == {"m0.receives_medicaid", "m0.receives_disability_medicaid"}


def test_facts_follow_the_fact_discipline():
    assert fact_violations(FACTS) == []


@pytest.mark.parametrize("body, rule", [
    ("    return m.disabled or m.blind", "'or' combines"),
    ("    if m.age > 65:\n        return True\n    return False", "threshold"),
    ("    return True if m.blind else False", "conditional expression"),
])
def test_fact_discipline_flags_decisions(tmp_path, body, rule):
    p = tmp_path / "facts.py"
    p.write_text(f"def f(m):\n{body}\n")
    found = fact_violations(p)
    assert any(rule in v.rule for v in found), found


def test_one_operand_per_line_passes_the_fact_discipline(tmp_path):
    p = tmp_path / "facts.py"
    p.write_text("def f(m):\n    if m.disabled:\n        return True\n    if m.blind:\n        return True\n    return False\n")
    assert fact_violations(p) == []


def _traced(opportunity: str, edition: str = "2024") -> TracedChecker:
    return TracedChecker(opportunity, edition_registry(edition)[opportunity])


def test_the_trace_names_the_operand_that_decided_a_fact():
    # Head Start's "cash assistance" route: the same verdict through either flag, two traces
    head_start = _traced("HeadStart")
    child = {"relation": "child", "age": 4}
    by_ta = head_start.run(household({"receives_temporary_assistance": True}, child))
    by_cash = head_start.run(household({"receives_cash_assistance": True}, child))
    assert by_ta.eligible and by_cash.eligible
    assert by_ta.id != by_cash.id
    fact_lines = {n - FACT_LINES for n in by_ta.lines ^ by_cash.lines}
    texts = {head_start.source.line_text(FACT_LINES + n).strip() for n in fact_lines}
    assert "if m.receives_cash_assistance:" in texts  # reached only when the first operand did not decide


def test_the_lines_of_the_facts_a_checker_calls_are_coverable_and_only_those():
    head_start = _traced("HeadStart")
    facts_file = FACTS.read_text().splitlines()
    covered = {facts_file[n - FACT_LINES - 1].strip() for n in head_start.coverable if n >= FACT_LINES}
    assert "if m.receives_cash_assistance:" in covered  # temporary_assistance, which it calls
    assert "if m.receives_disability_medicaid:" not in covered  # receives_medicaid, which it does not
    where, line = head_start.source.where(max(head_start.coverable))
    assert where == FACTS and 1 <= line <= len(facts_file)


def test_a_kind_taking_fact_covers_only_the_kinds_the_checker_names():
    access = _traced("AccessARideParatransitService")  # disability(m, "any") only
    lines = {access.source.line_text(n).strip() for n in access.coverable if n >= FACT_LINES}
    assert "if m.deaf_or_hearing_loss:" in lines
    assert "return m.developmental_condition" not in lines


def test_static_reads_of_each_fact():
    reads = fact_reads("checkers.facts")
    assert reads["receives_medicaid"] == {"receives_medicaid", "receives_disability_medicaid"}
    assert reads["temporary_assistance"] == {"receives_temporary_assistance", "receives_cash_assistance"}
    assert reads["disability:any"] == {"disabled", "developmental_condition", "blind", "deaf_or_hearing_loss"}
    assert reads["disability:developmental"] == {"developmental_condition"}
    assert reads["household_receives_snap"] == {"receives_snap"}


def test_every_covered_feature_is_read_by_the_facts_that_cover_it():
    reads = fact_reads("checkers.facts")
    for feature, names in facts.COVERED.items():
        for name in names:
            got = set().union(*(v for k, v in reads.items() if k.split(":")[0] == name))
            assert feature in got, f"COVERED says {name} covers {feature}, but it does not read it"


def test_facts_module_is_not_a_checker():
    assert all(not mod.__name__.endswith(".facts") for mod in registry().values())


def test_the_diverse_coverage_counts_each_operand_of_a_fact():
    # the Diverse selection covers (opportunity, line) elements: a fact's operand lines are elements of
    # every checker that calls the fact, reached only by a household that the operand decides
    from eligibench.datasets import select
    from eligibench.truth import trace_all

    child = {"relation": "child", "age": 4}
    households = [household({"receives_temporary_assistance": True}, child),
                  household({"receives_cash_assistance": True}, child)]
    matrix = trace_all(households, {"HeadStart": _traced("HeadStart")})
    fact_lines = {n for n in matrix.coverable["HeadStart"] if n >= FACT_LINES}
    reached = set().union(*matrix.traces["HeadStart"])
    cash_line = next(n for n in fact_lines if "receives_cash_assistance" in _traced("HeadStart").source.line_text(n))
    assert cash_line in reached and len(matrix.traces["HeadStart"]) == 2
    selection = select(matrix, "lines")
    assert selection.covered >= len(reached & fact_lines)  # each reached operand line is an element covered
    assert set(selection.households) == {0, 1}  # the second household is needed for the cash-assistance operand


def test_whose_reason_for_care_counts():
    grandchild = {"relation": "grandchild", "age": 1}
    niece = {"relation": "niece or nephew", "age": 1}
    own_child = {"relation": "child", "age": 1}
    grown = {"relation": "child", "age": 25}

    def counts(person: dict, child: dict) -> bool:
        hh = household({}, person, child)
        return facts.reason_for_care_counts(hh.members[1], hh.members[2])
    assert facts.reason_for_care_counts(member(relation="self"), member(relation="self"))
    assert not counts(grown, grandchild)  # a grown child who is not a parent
    assert counts(grown | {"is_parent": True}, grandchild)  # the grandchild's parent
    assert counts(grown | {"responsible_for_day_to_day": True}, own_child)  # a guardian
    # per child: a grown child who is a parent is not the parent of the answerer's own child (a sibling)
    # nor of a niece (a cousin); a sibling who is a parent is a niece's parent, not a grandchild's
    assert not counts(grown | {"is_parent": True}, own_child)
    assert not counts(grown | {"is_parent": True}, niece)
    sibling = {"relation": "sibling", "age": 30, "is_parent": True}
    assert counts(sibling, niece)
    assert not counts(sibling, grandchild)
    assert not counts({"relation": "friend", "age": 30, "is_parent": True}, grandchild)  # not the family's


def test_the_parents_a_2026_text_asks_for():
    hh = household({}, {"relation": "spouse"}, {"relation": "child", "age": 25, "is_parent": True},
                   {"relation": "grandchild", "age": 1})
    me, spouse, daughter, grandchild = hh.members
    assert facts.childs_parent_in_household(hh, grandchild)
    assert [facts.parent_for_care(m, grandchild, False) for m in (me, spouse, daughter)] == [False, False, True]
    assert [facts.parent_for_care(m, grandchild, True) for m in (me, spouse, daughter)] == [True, True, False]
    alone = household({}, {"relation": "grandchild", "age": 1})
    assert not facts.childs_parent_in_household(alone, alone.members[1])
    own = household({}, {"relation": "child", "age": 25, "is_parent": True}, {"relation": "child", "age": 1})
    assert not facts.childs_parent_in_household(own, own.members[2])  # the toddler's sister, a mother elsewhere
