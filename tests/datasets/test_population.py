import copy
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from eligibench.datasets.population import (
    PopulationError,
    load_population,
    population_table_markdown,
    sample_household,
    sample_households,
    sampler,
)
from eligibench.household import FEATURE_NAMES, consistency

ROOT = Path(__file__).resolve().parents[2]
RAW = json.loads((ROOT / "eligibench" / "datasets" / "population" / "population.json").read_text())


@pytest.fixture(scope="module")
def pop():
    return load_population()


@pytest.fixture(scope="module")
def many(pop):
    return sample_households(2000, 20240601, pop)


def _raw():
    return copy.deepcopy(RAW)


def _error(raw) -> PopulationError:
    with pytest.raises(PopulationError) as e:
        load_population(raw)
    return e.value


# --- loading and validation ----------------------------------------------------------------------

def test_packaged_population_covers_every_feature_in_a_valid_order(pop):
    assert [f.name for f in pop.features][:3] == ["relation", "age", "sex"]
    assert sorted(f.name for f in pop.features) == sorted(FEATURE_NAMES)
    for f in pop.features + (pop.household_size,):
        assert f.source.strip(), f.name
        ps = [o.p for o in f.options] + [b.p for b in f.bins]
        if ps:
            assert sum(ps) == pytest.approx(1.0), f.name
            assert min(ps) >= 0, f.name


def test_load_from_path_equals_packaged(pop):
    assert load_population(ROOT / "eligibench" / "datasets" / "population" / "population.json") == pop


def test_unknown_feature_is_named():
    raw = _raw()
    raw["features"]["shoe_size"] = {"kind": "categorical", "weights": [{"value": 9, "weight": 1}], "source": "x"}
    e = _error(raw)
    assert e.where == "feature 'shoe_size'" and "unknown feature" in str(e)


def test_value_outside_vocabulary_is_named():
    raw = _raw()
    raw["features"]["housing_type"]["weights"].append({"value": "castle", "weight": 1})
    e = _error(raw)
    assert e.where == "feature 'housing_type'" and "'castle'" in str(e)


def test_bool_weight_value_must_be_a_bool():
    raw = _raw()
    raw["features"]["disabled"]["weights"][0]["value"] = "yes"
    assert _error(raw).where == "feature 'disabled'"


def test_negative_weight_is_named():
    raw = _raw()
    raw["features"]["sex"]["weights"][0]["weight"] = -1
    e = _error(raw)
    assert e.where == "feature 'sex'" and "negative" in str(e)


def test_all_zero_weights_are_refused():
    raw = _raw()
    for w in raw["features"]["disabled"]["weights"]:
        w["weight"] = 0
    e = _error(raw)
    assert e.where == "feature 'disabled'" and "all 0" in str(e)


def test_bins_outside_the_feature_bounds_are_named():
    raw = _raw()
    raw["features"]["age"]["bins"][-1]["range"] = [85, 130]
    e = _error(raw)
    assert e.where == "feature 'age'" and "outside" in str(e)


def test_overlapping_bins_are_named():
    raw = _raw()
    raw["features"]["years_sober"]["bins"][-1]["range"] = [10, 16]  # v1's overlap
    e = _error(raw)
    assert e.where == "feature 'years_sober'" and "overlap" in str(e)


def test_missing_feature_is_named():
    raw = _raw()
    del raw["features"]["gpa"]
    e = _error(raw)
    assert e.where == "feature 'gpa'" and "missing" in str(e)


def test_condition_reading_a_later_feature_is_named():
    raw = _raw()
    raw["features"]["disabled"]["given"] = "employed"  # employment is drawn after disability
    raw["features"]["disabled"]["otherwise"] = False
    e = _error(raw)
    assert e.where == "feature 'disabled'" and "work_hours_per_week" in str(e)


def test_unknown_condition_rule_and_bad_otherwise_are_named():
    raw = _raw()
    raw["features"]["wheelchair"]["given"] = "left_handed"
    assert _error(raw).where == "feature 'wheelchair'"
    raw = _raw()
    raw["features"]["gpa"]["rule"] = "magic"
    assert _error(raw).where == "feature 'gpa'"
    raw = _raw()
    raw["features"]["wheelchair"]["otherwise"] = "no"
    assert _error(raw).where == "feature 'wheelchair'"


def test_household_size_outside_one_to_six_is_refused():
    raw = _raw()
    raw["household_size"]["weights"].append({"value": 7, "weight": 1})
    assert _error(raw).where == "household_size"


# --- sampling ------------------------------------------------------------------------------------

def test_sampling_is_deterministic(pop):
    a = sample_households(30, 11, pop)
    b = sample_households(30, 11, pop)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]
    assert [h.to_json() for h in a] != [h.to_json() for h in sample_households(30, 12, pop)]


def test_500_households_are_consistent(pop):
    for hh in sample_households(500, 3, pop):
        assert consistency.violations(hh) == []


def test_draws_are_consistent_by_construction(pop):
    # the retry in sample_household is a safety net: raw draws already keep every rule
    rng = random.Random(5)
    for _ in range(500):
        assert consistency.violations(sampler._draw_household(rng, pop)) == []


def test_retries_are_bounded(pop, monkeypatch):
    monkeypatch.setattr(sampler.cons, "violations", lambda hh: ["member 0 (self, age 30): broken (rule x)"])
    with pytest.raises(PopulationError) as e:
        sample_household(random.Random(0), pop)
    assert "rule x" in str(e.value)


def test_rent_never_above_cap_and_paid_by_self_only(pop, many):
    cap = pop["monthly_rent_spending"].max_value
    assert cap == 10_000
    for hh in many:
        assert 0 <= hh.members[0].monthly_rent_spending <= cap
        assert all(m.monthly_rent_spending == 0 for m in hh.members[1:])


def test_household_size_follows_the_marginal(pop, many):
    counts = Counter(hh.size for hh in many)
    for o in pop.household_size.options:
        share = counts[o.value] / len(many)
        assert abs(share - o.p) <= 0.05, (o.value, share, o.p)


def test_roster_shape(many):
    for hh in many:
        assert hh.members[0].relation == "self" and hh.members[0].age >= 18
        assert sum(m.relation == "spouse" for m in hh.members) <= 1


def test_household_level_features_are_shared(pop, many):
    shared = [f.name for f in pop.features if f.level == "household"]
    assert "housing_type" in shared and "receives_snap" in shared
    capped = {"evicted_months_ago", "got_heap_ac"}  # capped by each member's age
    for hh in many:
        for name in shared:
            values = {getattr(m, name) for m in hh.members if name not in capped or m.age >= 10}
            assert len(values) <= 1, (name, values)


def test_conditioned_features(many):
    members = [m for hh in many for m in hh.members]
    for m in members:
        if m.age < 16:
            assert m.annual_work_income == 0 and m.work_hours_per_week == 0
        if m.months_pregnant:
            assert m.sex == "female" and 15 <= m.age <= 44
        if m.work_hours_per_week == 0:
            assert m.annual_work_income == 0 and not m.works_outside_home
        assert m.authorized_to_work_in_us == (m.citizenship != "unlawful_resident") == m.work_authorization
        assert m.in_foster_care == (m.relation == "foster child")
    adults = [m for m in members if m.age >= 18]
    assert 0.45 < sum(m.work_hours_per_week > 0 for m in adults) / len(adults) < 0.70
    assert 0.08 < sum(m.disabled for m in members) / len(members) < 0.14
    assert any(m.current_school_level == "none" for m in adults)


# --- documentation -------------------------------------------------------------------------------

def test_docs_file_is_generated_from_the_data(pop):
    assert (ROOT / "docs" / "population.md").read_text() == population_table_markdown(pop)


def test_rent_fix_is_documented(pop):
    rent = pop["monthly_rent_spending"]
    assert rent.fixes and any("10,000,000" in f.what or "$10M" in f.why for f in rent.fixes)
    assert all(f.what.strip() and f.why.strip() for f in rent.fixes)


def test_v1_marginals_that_are_not_distributions_have_fixes(pop, shared):
    ref = json.loads((shared / "reference" / "household_features.json").read_text())
    flagged = []
    for f in ref["features"]:
        p = f.get("population")
        if not p:
            continue
        weights = [w["weight"] for w in p.get("weights") or p.get("bins")]
        if max(weights) > 100 or not 99.5 <= sum(weights) <= 100.5:
            flagged.append(f["name"])
            assert pop[f["name"]].fixes, f"{f['name']}: v1 weights sum to {sum(weights):g} but no fix is documented"
    assert {"annual_investment_income", "enrolled_in_educational_training", "eligible_for_medicaid"} <= set(flagged)
    for name in ("relation", "housing_type", "current_school_level", "months_pregnant", "monthly_rent_spending"):
        assert pop[name].fixes, name
