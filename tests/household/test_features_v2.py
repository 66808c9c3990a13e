"""Feature schema version 2 (docs/features-v2.md): validation, storage, profile, facts, samplers."""
from __future__ import annotations

import pytest

from eligibench.catalog import FEATURE_SCHEMAS
from eligibench.datasets import fuzz_households, thresholds_from_checkers
from eligibench.datasets.population import load_population, sample_households, sample_v2
from eligibench.errors import HouseholdError
from eligibench.household import (
    FEATURE_NAMES,
    SCHEMA_VERSIONS,
    V2_FEATURE_NAMES,
    Household,
    fact,
    household,
    household_facts,
    household_from_v1,
    household_to_v1,
    member,
    member_to_dict,
    read_households,
    render_profile,
    replace_member,
    write_households,
)
from eligibench.household import consistency as cons


def v2_household() -> Household:
    return household({"age": 70, "receives_medicare": True, "blind": True},
                     {"relation": "child", "age": 8, "current_school_level": 3,
                      "attends_nslp_school": True, "receives_free_or_reduced_lunch": True},
                     feature_schema=2)


def test_catalog_knows_the_same_versions():
    assert FEATURE_SCHEMAS == SCHEMA_VERSIONS == (1, 2)


def test_v2_round_trips_and_v1_stays_124_keys():
    hh = v2_household()
    d = hh.to_dict()
    assert list(d["members"][0]) == list(FEATURE_NAMES) + list(V2_FEATURE_NAMES)
    assert Household.from_dict(d) == hh
    assert household_from_v1(household_to_v1(hh)) == hh
    v1 = household({"age": 40})
    assert v1.feature_schema == 1 and list(v1.to_dict()["members"][0]) == list(FEATURE_NAMES)


def test_household_infers_the_version_from_what_is_set():
    assert household({"blind": True}).feature_schema == 2
    assert household({"blind": False}).feature_schema == 1
    assert household({"age": 40}, feature_schema=2).feature_schema == 2


def test_a_v1_household_cannot_carry_a_v2_flag():
    with pytest.raises(HouseholdError) as e:
        Household((member(age=70), member(relation="spouse", age=70, receives_medicare=True)))
    assert "member 1, feature 'receives_medicare'" in str(e.value) and "version 1" in str(e.value)


def test_reading_names_member_and_field():
    d = v2_household().to_dict()
    del d["members"][1]["blind"]
    with pytest.raises(HouseholdError) as e:
        Household.from_dict(d)
    assert "member 1, feature 'blind'" in str(e.value) and "missing" in str(e.value)
    d = v2_household().to_dict()
    d["members"][0]["receives_scrie"] = "yes"
    with pytest.raises(HouseholdError) as e:
        Household.from_dict(d)
    assert "member 0, feature 'receives_scrie'" in str(e.value) and "true or false" in str(e.value)
    d = household({"age": 40}, {"relation": "spouse", "age": 40}).to_dict()
    d["members"][1]["blind"] = False  # a v2 key in a household whose first member is v1
    with pytest.raises(HouseholdError) as e:
        Household.from_dict(d)
    assert "member 1, feature 'blind'" in str(e.value) and "version 2 feature in a version 1 household" in str(e.value)


def test_replace_member_keeps_the_version_and_refuses_v2_in_v1():
    hh = v2_household()
    assert replace_member(hh, 0, deaf_or_hearing_loss=True).feature_schema == 2
    with pytest.raises(HouseholdError):
        replace_member(household({"age": 70}), 0, receives_medicare=True)


def test_store_round_trips_each_version(tmp_path):
    write_households(tmp_path / "v2.jsonl.gz", [v2_household()])
    assert read_households(tmp_path / "v2.jsonl.gz") == [v2_household()]
    write_households(tmp_path / "v1.jsonl.gz", [household({"age": 40})])
    assert read_households(tmp_path / "v1.jsonl.gz")[0].feature_schema == 1
    with pytest.raises(ValueError):
        write_households(tmp_path / "mixed.jsonl.gz", [household({"age": 40}), v2_household()])


def test_profile_states_v2_features_only_in_v2_households():
    text = render_profile(v2_household()).text
    assert "You are enrolled in Medicare." in text and "You are blind or legally blind." in text
    assert "gets free or reduced-price school meals." in text
    v1 = render_profile(household({"age": 70})).text
    assert "Medicare" not in v1 and "blind" not in v1
    assert render_profile(household({"age": 70}, feature_schema=2)).text.startswith(v1)


def test_facts_follow_the_version():
    assert "m0.blind" in household_facts(v2_household())
    assert "m0.blind" not in household_facts(household({"age": 40}))
    assert fact(v2_household(), "m1.attends_nslp_school").sentence.endswith(
        "attends a school that is part of the National School Lunch Program.")
    with pytest.raises(HouseholdError):
        fact(household({"age": 40}), "m0.blind")


@pytest.mark.parametrize("feature,bad,fixed", [
    ("receives_medicare", {"age": 50}, {"age": 50, "disabled": True}),
    ("receives_drie", {"age": 50, "name_is_on_lease": True, "housing_type": "rent stabilized apartment"},
     {"age": 50, "name_is_on_lease": True, "housing_type": "rent stabilized apartment", "receives_ssdi": True}),
    ("receives_scrie", {"age": 61, "name_is_on_lease": True, "housing_type": "rent stabilized apartment"},
     {"age": 62, "name_is_on_lease": True, "housing_type": "rent stabilized apartment"}),
    ("fair_fares_participant", {"age": 30, "place_of_residence": "Jersey"}, {"age": 30}),
    ("attends_nslp_school", {"age": 30}, {"age": 17, "current_school_level": 12}),
])
def test_v2_problems_name_the_flag(feature, bad, fixed):
    assert [f for f, _ in cons.v2_problems(member(**bad, **{feature: True}))] == [feature]
    assert cons.v2_problems(member(**fixed, **{feature: True})) == []


@pytest.fixture(scope="module")
def fuzzed_pair():
    from checkers import registry
    thresholds = thresholds_from_checkers(registry().values())
    return fuzz_households(300, 11, thresholds), fuzz_households(300, 11, thresholds, feature_schema=2)


def test_fuzzer_v2_keeps_the_v1_households_and_the_rules(fuzzed_pair):
    v1, v2 = fuzzed_pair
    assert all(h.feature_schema == 2 for h in v2)
    assert [[member_to_dict(m) for m in h.members] for h in v2] == [[member_to_dict(m) for m in h.members] for h in v1]
    assert [found for h in v2 if (found := cons.violations(h))] == []
    for f in V2_FEATURE_NAMES:  # every flag is drawn both ways
        values = {getattr(m, f) for h in v2 for m in h.members}
        assert values == {True, False}, f
    for h in v2[:50]:
        assert Household.from_dict(h.to_dict()) == h


def test_representative_v2_same_people_plausible_rates():
    pop = load_population()
    v1 = sample_households(300, 5, pop)
    v2 = sample_v2(v1, 5)
    assert [[member_to_dict(m) for m in h.members] for h in v2] == [[member_to_dict(m) for m in h.members] for h in v1]
    assert [found for h in v2 if (found := cons.violations(h))] == []
    members = [m for h in v2 for m in h.members]
    old = [m for m in members if m.age >= 65]
    assert old and sum(m.receives_medicare for m in old) / len(old) > 0.8
    assert not any(m.receives_medicare for m in members if m.age < 65 and not (m.disabled or m.receives_ssdi
                                                                                or m.has_received_ssi_or_ssdi))
    assert sum(m.blind for m in members) / len(members) < 0.1
    assert sample_v2(v1, 5) == v2 and sample_v2(v1, 6) != v2
