import json

import pytest

from eligibench.errors import HouseholdError
from eligibench.household import (
    FEATURE_NAMES,
    FEATURES,
    FEATURES_BY_NAME,
    Household,
    household,
    member,
    member_to_dict,
    replace_member,
)


def test_schema_has_the_124_v1_features_with_descriptions(shared):
    ref = json.loads((shared / "reference" / "household_features.json").read_text())
    assert [f["name"] for f in ref["features"]] == list(FEATURE_NAMES)
    assert len(FEATURES) == 124
    for f in FEATURES:
        assert f.description.strip(), f.name
        assert f.problem(f.default) is None, f"default of {f.name} is invalid"
    for r in ref["features"]:
        if "values" in r:
            assert list(FEATURES_BY_NAME[r["name"]].values) == r["values"]


def test_json_round_trip_is_exact():
    hh = household({"name": "Ana", "age": 41, "gpa": 3.5}, {"relation": "child", "age": 4, "current_school_level": "pk"})
    again = Household.from_json(hh.to_json())
    assert again == hh
    assert again.to_json() == hh.to_json()


def test_every_feature_present_in_dict_layout():
    d = household({}).to_dict()
    assert list(d["members"][0]) == list(FEATURE_NAMES)


def _raw(**changes):
    m = member_to_dict(member())
    m.update(changes)
    return m


def _error(raw) -> HouseholdError:
    with pytest.raises(HouseholdError) as e:
        Household.from_dict(raw)
    return e.value


def test_unknown_feature_names_member_and_feature():
    e = _error({"members": [_raw(), _raw(relation="child", shoe_size=9)]})
    assert e.where == "member 1, feature 'shoe_size'"
    assert "unknown feature" in str(e)


def test_wrong_type_names_value_and_expectation():
    e = _error({"members": [_raw(age="forty")]})
    assert e.where == "member 0, feature 'age'"
    assert "'forty'" in str(e) and "integer" in str(e)


def test_bool_is_not_an_integer():
    assert "integer" in str(_error({"members": [_raw(age=True)]}))


def test_value_outside_vocabulary_lists_allowed_values():
    e = _error({"members": [_raw(housing_type="castle")]})
    assert "'castle'" in str(e) and "'NYCHA development'" in str(e)


def test_school_grade_must_be_int_not_string():
    assert "current_school_level" in str(_error({"members": [_raw(current_school_level="3")]}))
    assert Household.from_dict({"members": [_raw(current_school_level=3)]}).self_member.current_school_level == 3


def test_numeric_bounds():
    assert "age" in str(_error({"members": [_raw(age=-1)]}))
    assert "gpa" in str(_error({"members": [_raw(gpa=4.5)]}))


def test_two_self_members_rejected():
    e = _error({"members": [_raw(), _raw(name="B")]})
    assert e.where == "member 1, feature 'relation'" and "second 'self'" in str(e)


def test_member_zero_must_be_self():
    e = _error({"members": [_raw(relation="spouse")]})
    assert e.where == "member 0, feature 'relation'"


def test_member_count_limits():
    assert "0 members" in str(_error({"members": []}))
    seven = [_raw()] + [_raw(relation="child", age=5)] * 6
    assert "7 members" in str(_error({"members": seven}))
    assert household(*([{}] + [{"relation": "child", "age": 5}] * 5)).size == 6


def test_missing_feature_is_named():
    raw = _raw()
    del raw["hiv_aids"]
    assert _error({"members": [raw]}).where == "member 0, feature 'hiv_aids'"


def test_not_json_and_wrong_shapes():
    with pytest.raises(HouseholdError, match="not valid JSON"):
        Household.from_json('{"members": [')
    assert "list" in str(_error({"members": {}}))
    assert "unknown key" in str(_error({"members": [_raw()], "extra": 1}))


def test_households_are_frozen_and_replace_validates():
    hh = household({"age": 30})
    with pytest.raises(AttributeError):
        hh.self_member.age = 31  # type: ignore[misc]
    assert replace_member(hh, 0, age=31).self_member.age == 31
    with pytest.raises(HouseholdError):
        replace_member(hh, 0, age="x")
