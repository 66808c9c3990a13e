"""The 2024 verdicts the derived facts changed (issue 30): the checkers at the base revision
against the current ones, each change with the fact that explains it."""
import types
from pathlib import Path

import pytest

from checkers import registry
from eligibench.household import household
from eligibench.truth import verdict_changes as vc

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def old():
    return vc.checkers_at(vc.BASE_REVISION, ROOT)


def one(old, hh, oid):
    return vc.changes("test", [("hh", hh, (oid,))], old, registry())


def test_the_base_checkers_are_the_82_of_the_revision(old):
    assert sorted(old) == sorted(registry())
    assert all(m.__name__.startswith("checkers_at_") for m in old.values())
    assert not hasattr(old["HeadStart"], "temporary_assistance")  # before the vocabulary


@pytest.mark.parametrize("oid, members, why", [
    ("HeadStart", [{"annual_work_income": 200000, "receives_temporary_assistance": True}, {"relation": "child", "age": 4}],
     "temporary_assistance"),
    ("ChildHealthPlusAndChildrensMedicaid", [{"age": 40}, {"relation": "child", "age": 10, "health_insurance": True,
                                                             "receives_disability_medicaid": True}], "medicaid"),
    ("AdultProtectiveServices", [{"age": 70, "developmental_condition": True, "can_manage_self": False}], "disability"),
    ("NYCNurseFamilyPartnership", [{"months_pregnant": 5}, {"relation": "spouse", "age": 30, "receives_snap": True}],
     "household_snap"),
])
def test_each_change_is_named_with_the_fact_that_explains_it(old, oid, members, why):
    found = one(old, household(*members), oid)
    assert [(c.opportunity, c.old, c.new, c.reason) for c in found] == [(oid, False, True, why)]


def test_a_twin_without_the_flag_has_no_change(old):
    twin = household({"annual_work_income": 200000}, {"relation": "child", "age": 4})
    assert one(old, twin, "HeadStart") == []


def test_a_change_no_fact_explains_is_other():
    def module(verdict):
        m = types.ModuleType("fake")
        m.check = lambda hh: verdict
        return m
    found = vc.changes("test", [("hh", household({}), ("X",))], {"X": module(True)}, {"X": module(False)})
    assert [(c.reason, c.old, c.new) for c in found] == [(vc.OTHER, True, False)]
    adj = vc.Adjudication("base", {"temporary_assistance": "why"})
    assert vc.unadjudicated(found, adj) == found
    assert vc.unadjudicated(found, vc.Adjudication("base", {"X:other": "why"})) == []


def test_the_committed_adjudication_covers_every_class():
    adj = vc.load_adjudication(ROOT / vc.ADJUDICATION)
    assert adj.base_revision == vc.BASE_REVISION
    assert {c.name for c in vc.CLASSES} <= set(adj.reasons)
    assert all(r["reason"] in adj.reasons for rows in adj.published.values() for r in rows)


@pytest.mark.parametrize("text, message", [
    ("base_revision: x\n", "expected a mapping"),
    ("base_revision: x\nclasses:\n  medicaid: {}\n", "classes.medicaid: expected a written reason"),
    ("base_revision: x\nclasses:\n  medicaid: {reason: ok}\npublished:\n  diverse:\n"
     "    - {household: h, opportunity: o, old: false, new: true, reason: nope}\n", "reason 'nope' has no entry"),
])
def test_adjudication_errors_name_the_entry(tmp_path, text, message):
    p = tmp_path / "adj.yaml"
    p.write_text(text)
    with pytest.raises(ValueError, match=message):
        vc.load_adjudication(p)


def test_markdown_counts_and_lists_published_changes(old):
    hh = household({"annual_work_income": 200000, "receives_temporary_assistance": True}, {"relation": "child", "age": 4})
    found = vc.changes("diverse", [("diverse-0001", hh, ("HeadStart", "IDNYC"))], old, registry())
    text = vc.markdown(found, vc.load_adjudication(ROOT / vc.ADJUDICATION), {"diverse": 2, "fuzzed": 0})
    assert "#### diverse: 1 verdicts changed (2 household-opportunity pairs compared)" in text
    assert "| diverse-0001 | HeadStart | False | True | temporary_assistance |" in text
    assert "Changes without a written reason: 0." in text


def test_a_checkout_without_the_base_revision_is_named_not_a_traceback(tmp_path):
    """A shallow clone or an archive lacks the base commit: the stage reports "not measured" and builds on."""
    import subprocess

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    with pytest.raises(vc.BaseRevisionUnavailable, match="has no commit 0123abc"):
        vc.checkers_at("0123abc", tmp_path)
