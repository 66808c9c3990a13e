"""The derived facts (checkers/facts.py): each definition, the twin households that differ in one
raw flag, the fact discipline, and what the static reader says each fact reads."""
from pathlib import Path

import pytest

from checkers import facts, registry
from eligibench.household.model import household
from eligibench.truth.discipline import fact_violations
from eligibench.truth.fact_reads import fact_reads
from eligibench.truth.tracing import ReadingHousehold

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
    ("    if m.disabled:\n        return True\n    return False", "one `return"),
    ("    return m.age > 65", "threshold"),
    ("    return True if m.blind else False", "IfExp"),
])
def test_fact_discipline_flags_decisions(tmp_path, body, rule):
    p = tmp_path / "facts.py"
    p.write_text(f"def f(m):\n{body}\n")
    found = fact_violations(p)
    assert found and rule in found[0].rule, found


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
