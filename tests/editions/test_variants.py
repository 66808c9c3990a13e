"""Variants: an edition checker that differs from its 2024 twin in constants runs the twin's rules
with its own constants (checkers/editions/variant.py), one that differs in a condition also replaces
the function holding it, and its trace, explanation, numbers and cross-edition view attribute the
twin's lines to the variant's opportunity."""
import importlib
from pathlib import Path

import pytest

from checkers import registry
from checkers.editions import edition_registry, explained_checker
from eligibench.catalog import available, load_edition
from eligibench.household import household
from eligibench.truth import (
    OWN_LINES,
    TWIN,
    FlipSearch,
    TracedChecker,
    checker_conditions,
    checker_source,
    instrument,
    moved_constants,
)
from eligibench.truth import edition_constants as constants

ROOT = Path(__file__).resolve().parents[2]
VARIANTS = [(e, oid) for e in available() if e != "2024" for oid in load_edition(e).own_ids
            if hasattr(edition_registry(e)[oid], TWIN)]
# 2024 checkers sharing another 2024 checker's rules (the copied 2024 pairs; docs/editions.md)
VARIANTS += [("2024", oid) for oid, mod in sorted(registry().items()) if hasattr(mod, TWIN)]


def test_the_2026_edition_has_variants():
    # the constants-only copies of 2024 checkers became variants; guards the parametrisation below
    assert len([v for v in VARIANTS if v[0] == "2026-08"]) >= 13


CONSTANTS_ONLY = [v for v in VARIANTS if checker_source(edition_registry(v[0])[v[1]]).functions is None]
REPLACING = [v for v in VARIANTS if v not in CONSTANTS_ONLY]


def test_the_one_condition_checkers_are_variants_replacing_a_function():
    # the seven one-condition checkers, Early Head Start sharing Head Start 2026's rules, the seven
    # copies of their 2024 twin whose rule moved in a function or two (HEAP, Train & Earn, Text2Work,
    # Family-Type Homes, HUD-VASH, Child Health Plus, Basic STAR), Child Care Vouchers (financially_eligible
    # and check), the Child Tax Credit (filer_has_taxpayer_number, is_qualifying_child and check: + the
    # Empire State credit) and NYC Free Tax Prep (check, on the Earned Income Tax Credit's qualifying child)
    replacing = {o for e, o in REPLACING if e == "2026-08"}
    assert replacing >= {
        "BasicSchoolTaxReliefProgram", "ChildCareVouchers", "ChildHealthPlusAndChildrensMedicaid", "ChildTaxCredit",
        "DisabilityRentIncreaseExemption",
        "EarlyHeadStart", "FamilyTypeHomesForAdults", "HomeEnergyAssistanceProgram", "HomeFirstDownPaymentAssistance",
        "NYCCare", "NYCFreeTaxPrep", "NYCNurseFamilyPartnership", "NYSUnemploymentInsurance",
        "OfficeOfChildSupportServices",
        "TextTwoWork", "TrainEarn", "VeteransAffairsSupportedHousing"}
    assert len(replacing) <= 17 + len(WHOLE_WITH_A_TWIN)  # any other is a whole module named below, converted


# 2026-08 checkers with a 2024 twin that stay whole modules, each for its reason (checkers/README.md)
WHOLE_WITH_A_TWIN = {
    "ChildAndDependentCareTaxCredit": "every function rewritten: a qualifying person of 13-17 who cannot care for "
                                      "themselves counts, married filers file jointly and both earn (no couple work test)",
    "EnhancedSchoolTaxReliefProgram": "owner, age and income rules rewritten (one resident senior owner): no run shared",
    "HeadStart": "the base Early Head Start 2026-08 composes on (a variant of a variant is not composed); its "
                 "table, rent adjustment and non-strict limit differ from the twin's",
    "InfantToddlerPrograms": "every function rewritten: the child in care (lawful status, NYC or foster care), "
                             "each parent's reason (unhoused one of them), the table from 2 people",
}


def test_every_2026_checker_with_a_2024_twin_is_a_variant_or_a_named_whole_module():
    # a whole copy of a 2024 checker is a fix to be made twice: only the named rewrites stay whole
    twins = registry()
    whole = sorted(o for o in load_edition("2026-08").own_ids if o in twins
                   and not hasattr(edition_registry("2026-08")[o], TWIN))
    assert set(whole) <= set(WHOLE_WITH_A_TWIN), sorted(set(whole) - set(WHOLE_WITH_A_TWIN))


@pytest.mark.parametrize(("edition", "oid"), CONSTANTS_ONLY, ids=[f"{e}/{o}" for e, o in CONSTANTS_ONLY])
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


def _function_lines(path: Path, names: set[str], base: int = 0) -> set[int]:
    import ast

    tree = ast.parse(path.read_text())
    return {base + s.lineno for fn in tree.body if isinstance(fn, ast.FunctionDef) and fn.name in names
            for s in ast.walk(fn) if isinstance(s, ast.stmt) and s is not fn
            and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))}


def _checker_lines(traced: TracedChecker) -> set[int]:
    """The coverable lines of the checker's own code (a derived fact's lines, where traced, are the facts file's)."""
    return {n for n in traced.coverable if traced.source.where(n)[0].name != "facts.py"}


# variants whose twin is another program's checker, each sharing what its text names
OTHER_PROGRAMS_TWIN = {
    ("2026-08", "EarlyHeadStart"): "Head Start 2026-08 (one text, table, rent adjustment and categories)",
    ("2026-08", "NYCFreeTaxPrep"): "the Earned Income Tax Credit's qualifying child ('as in this edition's EITC')",
    ("2024", "SeniorCitizenRentIncreaseExemption"): "DRIE's rent freeze: income limit, rent share, residence",
    ("2024", "EnhancedSchoolTaxReliefProgram"): "Basic STAR's homes and owners' and spouses' income",
}


@pytest.mark.parametrize(("edition", "oid"), REPLACING, ids=[f"{e}/{o}" for e, o in REPLACING])
def test_a_replacing_variant_traces_its_functions_in_its_file_and_the_rest_in_its_twins(edition, oid):
    import importlib

    mod = edition_registry(edition)[oid]
    twin = importlib.import_module(getattr(mod, TWIN))
    own = {n for n, v in vars(mod).items() if getattr(getattr(v, "__code__", None), "co_filename", None) == mod.__file__}
    assert own and (mod.ID == twin.ID or (edition, oid) in OTHER_PROGRAMS_TWIN)
    rest = {n for n, v in vars(twin).items() if getattr(getattr(v, "__code__", None), "co_filename", None) == twin.__file__}
    called = {n for n in own for n in getattr(mod, n).__code__.co_names}
    for name in own:  # each replaces a function of the twin, or is a helper a replacing function calls
        assert name in rest and getattr(mod, name) is not getattr(twin, name) or name not in rest and name in called
    dropped = {n for n in rest - own if n not in vars(mod)}  # twin functions only replaced code called
    for name in rest - own - dropped:  # the rest are the twin's code
        assert getattr(mod, name).__code__.co_filename == twin.__file__ and getattr(mod, name).__globals__ is vars(mod)
    traced, twin_traced = TracedChecker(oid, mod), TracedChecker(oid, twin)
    # the replaced (and dropped) functions' lines leave the coverable set, the variant's join it (OWN_LINES + n)
    assert _checker_lines(traced) == (_checker_lines(twin_traced) - _function_lines(Path(twin.__file__), own | dropped)) | \
        _function_lines(Path(mod.__file__), own, OWN_LINES)
    for line in _checker_lines(traced):  # each line is read from the file it stands for
        path, n = traced.source.where(line)
        assert path == (Path(mod.__file__) if line >= OWN_LINES else Path(twin.__file__))
        assert traced.source.line_text(line) == path.read_text().splitlines()[n - 1]


def test_a_replacing_variant_decides_by_its_own_condition_traced_explained_and_in_its_numbers():
    # NYC Care 2026-08 adds one bar (health insurance); the 2024 twin has no such line
    mod, twin = edition_registry("2026-08")["NYCCare"], registry()["NYCCare"]
    hh = household({"place_of_residence": "New York City", "health_insurance": True})
    assert twin.check(hh) and not mod.check(hh)
    trace = TracedChecker("NYCCare", mod).run(hh)
    own = [n for n in trace.lines if n >= OWN_LINES]
    assert not trace.eligible and own
    source = TracedChecker("NYCCare", mod).source
    assert source.line_text(max(own)).strip() == "return False"
    assert "if m.health_insurance:" in [source.line_text(n).strip() for n in own]
    explained = explained_checker("NYCCare", "2026-08").explain(hh)
    assert not explained.verdict and "health insurance" in explained.sentence.lower()
    assert any(line >= OWN_LINES for line in explained.line_outcome)
    cond = checker_conditions(mod)
    assert cond.origin("health_insurance").startswith("checkers/editions/e2026_08/nyc_care.py:")
    assert cond.origin("qualify_for_health_insurance").startswith("checkers/editions/e2026_08/nyc_care.py:")
    assert cond.origin("housing_type").startswith("checkers/nyc_care.py:")  # the twin's lives_in_nyc
    from leaderboard.verdict_reasons import trace_lines

    shown = trace_lines(Path(twin.__file__), trace.lines, Path(mod.__file__))  # the board's code view
    assert (OWN_LINES + 27, "    if m.health_insurance:", True) in shown
    assert (40, "        if member_qualifies(m):", True) in shown  # the twin's check, its own numbers
    flip = FlipSearch(TracedChecker("NYCCare", mod)).find(hh)
    assert flip is not None and flip.feature == "health_insurance" and flip.condition == "if m.health_insurance:"


def test_a_helper_of_the_variants_own_is_traced_in_its_file_before_the_function_calling_it():
    # HEAP 2026-08: Regular HEAP asks for a citizen or qualified non-citizen (has_member_with_status,
    # a function its 2024 twin lacks, called by the replacing check's qualifies_for_regular_heap)
    mod, twin = edition_registry("2026-08")["HomeEnergyAssistanceProgram"], registry()["HomeEnergyAssistanceProgram"]
    hh = household({"citizenship": "unlawful_resident", "annual_work_income": 1000})
    assert twin.check(hh) and not mod.check(hh)
    traced = TracedChecker(mod.ID, mod)
    trace = traced.run(hh)
    own = sorted(n for n in trace.lines if n >= OWN_LINES)
    assert "if m.citizenship in STATUS_OK:" in [traced.source.line_text(n).strip() for n in own]
    assert all(traced.source.where(n)[0] == Path(mod.__file__) for n in own)
    helper = next(n for n in traced.coverable if traced.source.line_text(n).strip() == "if m.citizenship in STATUS_OK:")
    check_line = next(n for n in traced.coverable if traced.source.line_text(n).strip() == "if qualifies_for_regular_heap(hh):")
    twin_line = next(n for n in traced.coverable if traced.source.line_text(n).strip() == "if household_receives_snap(hh):")
    # composed order: the twin's lines, then check where the twin's stood, then the helpers after it,
    # as the variant's file reads (the order the whole module had: its rules first)
    assert traced.source.order(twin_line) < traced.source.order(check_line) < traced.source.order(helper)
    assert checker_conditions(mod).origin("citizenship").startswith(
        "checkers/editions/e2026_08/home_energy_assistance_program.py:")
    assert explained_checker(mod.ID, "2026-08").explain(hh).verdict is False


def test_a_helper_above_the_first_replacing_function_leads_so_a_flip_names_its_condition():
    # Family-Type Homes 2026-08: "have a developmental or physical disability, a cognitive impairment
    # or a mental illness" (has_qualifying_condition, checked before the twin's day-treatment rule)
    mod = edition_registry("2026-08")["FamilyTypeHomesForAdults"]
    traced = TracedChecker(mod.ID, mod)
    line = {traced.source.line_text(n).strip(): n for n in traced.coverable if n < 2 * OWN_LINES}
    assert traced.source.order(line['if disability(m, "any"):']) < traced.source.order(line['if disability(m, "developmental"):'])
    hh = household({"age": 30, "can_care_for_self": False}, feature_schema=2)  # the edition's schema: blind
    assert not mod.check(hh)
    flip = FlipSearch(traced).find(hh)  # the first line the change flips is the new condition, not day treatment
    assert flip is not None and flip.feature == "blind" and flip.condition == 'if disability(m, "any"):'


def test_a_twin_function_only_replaced_code_called_is_gone_from_the_variant():
    # Text2Work 2026-08 replaces check (NYC residents only): the twin's member_qualifies (the HRA
    # client route) is called by nothing left, so none of its lines is coverable and unreachable
    mod, twin = edition_registry("2026-08")["TextTwoWork"], registry()["TextTwoWork"]
    assert not hasattr(mod, "member_qualifies") and callable(twin.member_qualifies)
    gone = _function_lines(Path(twin.__file__), {"member_qualifies"})
    assert gone and not gone & TracedChecker(mod.ID, mod).coverable
    assert "receives_hra" not in checker_conditions(mod).features and "receives_hra" in checker_conditions(twin).features
    hh = household({"place_of_residence": "Jersey", "receives_hra": True})
    assert twin.check(hh) and not mod.check(hh)


def test_a_twin_constant_only_replaced_functions_used_is_gone_from_the_variant():
    # NFP 2026-08 drops "28 weeks or less": MAX_MONTHS_PREGNANT (6) is no number of the variant
    mod = edition_registry("2026-08")["NYCNurseFamilyPartnership"]
    assert not hasattr(mod, "MAX_MONTHS_PREGNANT") and registry()["NYCNurseFamilyPartnership"].MAX_MONTHS_PREGNANT == 6
    assert 6 not in checker_conditions(mod).thresholds and "is_parent" not in checker_conditions(mod).features
    assert "MAX_MONTHS_PREGNANT" not in constants(mod)
    ehs = edition_registry("2026-08")["EarlyHeadStart"]  # shares Head Start 2026's rules, not its age 4
    assert not hasattr(ehs, "MAX_CHILD_AGE") and 4 not in checker_conditions(ehs).thresholds


def test_the_cross_edition_view_reads_a_replaced_check_from_the_variants_file():
    from eligibench.truth import compare_editions

    # OCSS 2026-08 replaces check (no spouse bar): a married parent of a child is eligible only in 2026-08
    hh = household({"responsible_for_day_to_day": True, "age": 40},
                   {"relation": "spouse", "age": 40}, {"relation": "child", "age": 5})
    oid = "OfficeOfChildSupportServices"
    found = compare_editions("2024", "2026-08", {oid: registry()[oid]}, {oid: edition_registry("2026-08")[oid]},
                             [("h", hh)])
    (change,) = found.changes
    assert (change.before, change.after) == (False, True)
    assert change.before_condition == 'if m.relation == "spouse"' and change.after_condition == "if is_child_under_21(m)"


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


def test_a_variant_replacing_a_function_its_twin_lacks_is_an_error(tmp_path):
    path, mod = _variant(tmp_path, "def chek(hh):\n    return True\n")  # a typo of check
    mod.TWIN, mod.ID = "checkers.lifeline", "Lifeline"
    with pytest.raises(ImportError, match=r"v.py: sets chek, which its twin .*lifeline.py does not assign or define"):
        instrument(mod)


def test_a_replacing_variant_may_hold_a_constant_its_own_function_reads(tmp_path):
    # Early Head Start 2026-08 reads its own CHILD_AGE_BELOW (Head Start 2026-08 has no such name)
    ehs = edition_registry("2026-08")["EarlyHeadStart"]
    assert ehs.CHILD_AGE_BELOW == 3 and not hasattr(importlib.import_module(ehs.TWIN), "CHILD_AGE_BELOW")
    assert checker_conditions(ehs).origin(3.0).startswith("CHILD_AGE_BELOW at checkers/editions/e2026_08/early_head_start.py:")
    path, mod = _variant(tmp_path, "LIMIT = 5\n\n\ndef member_in_program(m):\n    return m.age > 1\n")  # LIMIT unread
    mod.TWIN, mod.ID, mod.LIMIT = "checkers.lifeline", "Lifeline", 5
    with pytest.raises(ImportError, match=r"v.py: sets LIMIT, which its twin"):
        instrument(mod)


def test_a_variant_with_a_class_is_an_error(tmp_path):
    path, mod = _variant(tmp_path, "class Rule:\n    pass\n")
    mod.TWIN, mod.ID = "checkers.lifeline", "Lifeline"
    with pytest.raises(ImportError, match=r"v.py:4: a variant holds constants and functions .*Rule is a class"):
        instrument(mod)


def test_the_fuzzer_takes_a_variants_numbers_from_its_twins_comparisons():
    """Edition datasets fuzz near the edition's thresholds: a variant's comparisons are its twin's code."""
    from eligibench.datasets import thresholds_from_checkers

    early = thresholds_from_checkers([edition_registry("2026-08")["TheEarlyInterventionProgram"]])
    assert early["age"] == (2,)  # the variant's MAX_AGE, compared in the twin's `m.age > MAX_AGE`
    assert thresholds_from_checkers([registry()["TheEarlyInterventionProgram"]])["age"] == (3,)
    assert 21128 in thresholds_from_checkers([edition_registry("2026-08")["Lifeline"]])["annual_work_income"]


def test_free_tax_prep_reads_qualifying_children_with_the_earned_income_tax_credits_code():
    # "qualifying children as in this edition's Earned Income Tax Credit": one test, the EITC's file
    from checkers import registry

    mod, eitc = edition_registry("2026-08")["NYCFreeTaxPrep"], registry()["EarnedIncomeTaxCredit"]
    assert mod.TWIN == eitc.__name__ and mod.is_qualifying_child.__code__.co_filename == eitc.__file__
    assert not hasattr(mod, "INVESTMENT_LIMIT") and not hasattr(mod, "filer_in_age_range")  # the credit's own rules
    me = {"age": 30, "annual_work_income": 80000, "work_hours_per_week": 40}
    sibling = household(me, {"relation": "sibling", "age": 10})
    assert mod.check(sibling) and not mod.check(household(me, {"relation": "sibling", "age": 31}))  # older: not a child
    traced = TracedChecker(mod.ID, mod)
    lines = [traced.source.where(n) for n in traced.run(sibling).lines]
    relation = Path(eitc.__file__).read_text().splitlines().index("    if m.relation not in QUALIFYING_CHILD_RELATIONS:")
    assert (Path(eitc.__file__), relation + 1) in lines  # the relationship test, read in the EITC's file
    assert {p.name for p, _ in lines} == {"earned_income_tax_credit.py", "nyc_free_tax_prep.py", "facts.py"}  # + disability


def test_the_copied_2024_pairs_share_their_rule():
    # SCRIE runs DRIE's rent rule with its own applicant (62+, no disability benefit); Enhanced STAR runs
    # Basic STAR's owners' and spouses' income with its own age rules and limit
    scrie, drie = registry()["SeniorCitizenRentIncreaseExemption"], registry()["DisabilityRentIncreaseExemption"]
    estar, basic = registry()["EnhancedSchoolTaxReliefProgram"], registry()["BasicSchoolTaxReliefProgram"]
    assert {("2024", scrie.ID), ("2024", estar.ID)} <= set(REPLACING)
    assert scrie.check.__code__.co_filename == drie.__file__ and scrie.is_applicant.__code__.co_filename == scrie.__file__
    assert not hasattr(scrie, "receives_disability_benefit")  # DRIE's own condition, dropped
    assert estar.owners_and_spouses_income.__code__.co_filename == basic.__file__
    assert not hasattr(estar, "has_resident_owner_of_eligible_home")  # Basic STAR's, only its check read it
    tenant = {"age": 70, "name_is_on_lease": True, "place_of_residence": "New York City",
              "housing_type": "rent controlled apartment", "annual_work_income": 20000, "monthly_rent_spending": 900}
    assert scrie.check(household(tenant)) and not drie.check(household(tenant))  # no disability benefit
    assert not scrie.check(household(tenant | {"monthly_rent_spending": 500}))  # DRIE's rent share: a third of income
    owner = {"age": 70, "is_property_owner": True, "housing_type": "condo", "primary_residence": True,
             "place_of_residence": "New York City", "annual_work_income": 90000}
    assert estar.check(household(owner)) and not estar.check(household(owner | {"annual_work_income": 99000}))
    assert basic.check(household(owner | {"annual_work_income": 99000}))  # Basic STAR's own limit ($500,000)
    assert constants(estar)["INCOME_LIMIT"] == 98_700 and constants(basic)["INCOME_LIMIT"] == 500_000
