"""Variants: an edition checker that differs from its 2024 twin only in constants runs the twin's
rules with its own constants (checkers/editions/variant.py), and its trace, explanation, numbers
and cross-edition view attribute the twin's lines to the variant's opportunity (issue 30 item 3)."""
from pathlib import Path

import pytest

from checkers import registry
from checkers.editions import edition_registry, explained_checker
from eligibench.catalog.editions import available, load_edition
from eligibench.household.model import household
from eligibench.truth import TracedChecker, checker_conditions
from eligibench.truth.counterfactual import FlipSearch
from eligibench.truth.editions import constants, moved_constants
from eligibench.truth.tracing import TWIN, checker_source, instrument

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = [(e, oid) for e in available() if e != "2024" for oid in load_edition(e).own_ids
            if hasattr(edition_registry(e)[oid], TWIN)]


def test_the_2026_edition_has_variants():
    # the constants-only copies of 2024 checkers became variants; guards the parametrisation below
    assert len([v for v in VARIANTS if v[0] == "2026-08"]) >= 13


@pytest.mark.parametrize(("edition", "oid"), VARIANTS, ids=[f"{e}/{o}" for e, o in VARIANTS])
def test_a_variant_runs_its_twins_lines_and_holds_no_code(edition, oid):
    mod = edition_registry(edition)[oid]
    twin = registry()[oid]
    assert mod.__name__ != twin.__name__ and mod.ID == twin.ID
    assert mod.check.__code__.co_filename == twin.__file__  # the rule is the twin's, compiled from its file
    assert mod.check.__globals__ is vars(mod)  # ... reading the variant's constants
    source = checker_source(mod)
    assert source.path == Path(twin.__file__) and source.variant_path == Path(mod.__file__)
    assert "def " not in Path(mod.__file__).read_text()
    traced = TracedChecker(oid, mod)
    assert traced.path == Path(twin.__file__) and traced.coverable == TracedChecker(oid, twin).coverable


def test_variant_constants_decide_in_the_plain_traced_and_explained_checker():
    # Lifeline: 2024 limit for 1 person $20,331, 2026-08 $21,128 (same rule)
    mod, twin = edition_registry("2026-08")["Lifeline"], registry()["Lifeline"]
    hh = household({"annual_work_income": 21000})
    assert mod.check(hh) and not twin.check(hh)
    traced_new, traced_old = TracedChecker("Lifeline", mod).run(hh), TracedChecker("Lifeline", twin).run(hh)
    assert traced_new.eligible and not traced_old.eligible
    assert traced_new.lines != traced_old.lines  # different reasons, numbered in the one twin file
    explained = explained_checker("Lifeline", "2026-08")
    assert explained.path == Path(twin.__file__)
    assert explained.constant("INCOME_LIMITS")[0] == 21128
    assert explained.explain(hh).verdict
    assert "$21,128" in explained.explain(household({"annual_work_income": 30000})).sentence


def test_variant_numbers_are_its_own_and_named_in_its_file():
    mod = edition_registry("2026-08")["CommoditySupplementalFoodProgram"]
    cond = checker_conditions(mod)
    assert 23940 in cond.thresholds and 19578 not in cond.thresholds  # 2026 table in, 2024 table out
    assert cond.origin(23940.0).startswith("YEARLY_LIMITS at checkers/editions/e2026_08/commodity_supplemental_food_program.py:")
    assert "annual_work_income" in cond.features  # the twin's rule reads it
    flips = FlipSearch(TracedChecker(mod.ID, mod))
    assert 23940 in flips.thresholds and 19578 not in flips.thresholds


def test_the_cross_edition_view_sees_the_moved_constants_of_a_variant():
    mod, twin = edition_registry("2026-08")["Lifeline"], registry()["Lifeline"]
    assert constants(mod)["INCOME_LIMITS"][0] == 21128 and "MAX_AGE" not in constants(mod)
    moved = moved_constants(twin, mod)
    assert [m.split(":")[0] for m in moved] == ["EACH_ADDITIONAL_PERSON", "INCOME_LIMITS"]
    # an unchanged rule: no constant moved
    assert moved_constants(registry()["ThreeK"], edition_registry("2026-08")["ThreeK"]) == ()


def _variant(tmp_path: Path, body: str):
    import types

    path = tmp_path / "v.py"
    path.write_text('"""A variant."""\nTWIN = "checkers.lifeline"\nID = "Lifeline"\n' + body)
    mod = types.ModuleType("v")
    mod.__file__ = str(path)
    return path, mod


def test_a_variant_setting_a_name_its_twin_lacks_is_an_error(tmp_path):
    from checkers.editions.variant import share_rules

    path, mod = _variant(tmp_path, "INCOME_LIMIT = (1, 2)\n")  # a typo of INCOME_LIMITS
    ns = {"__file__": str(path), "TWIN": "checkers.lifeline", "ID": "Lifeline", "INCOME_LIMIT": (1, 2)}
    with pytest.raises(ImportError, match=r"v.py: sets INCOME_LIMIT, which its twin .*lifeline.py does not assign"):
        share_rules(ns)


def test_a_variant_with_code_of_its_own_is_an_error(tmp_path):
    path, mod = _variant(tmp_path, "def check(hh):\n    return True\n")
    mod.TWIN = "checkers.lifeline"
    with pytest.raises(ImportError, match=r"v.py:4: a variant holds constants only \(check is code\)"):
        instrument(mod)


def test_the_fuzzer_takes_a_variants_numbers_from_its_twins_comparisons():
    """Edition datasets fuzz near the edition's thresholds: a variant's comparisons are its twin's code."""
    from eligibench.datasets.fuzz import thresholds_from_checkers

    early = thresholds_from_checkers([edition_registry("2026-08")["TheEarlyInterventionProgram"]])
    assert early["age"] == (2,)  # the variant's MAX_AGE, compared in the twin's `m.age > MAX_AGE`
    assert thresholds_from_checkers([registry()["TheEarlyInterventionProgram"]])["age"] == (3,)
    assert 21128 in thresholds_from_checkers([edition_registry("2026-08")["Lifeline"]])["annual_work_income"]
