"""Issue 13, bad input: household numbers must be finite and within the schema's bounds, and
malformed JSON (100k nested brackets) is a clear error, never a traceback."""
from __future__ import annotations

import json

import pytest

from eligibench.errors import HouseholdError
from eligibench.household import Household, RowError, household, iter_v1_file


def _with(feature: str, literal: str) -> str:
    raw = household({"name": "Ana", "age": 30}).to_dict()
    raw["members"][0][feature] = "__X__"
    return json.dumps(raw).replace('"__X__"', literal)


@pytest.mark.parametrize("feature", ["age", "gpa", "available_financial_resources"])
@pytest.mark.parametrize("literal", ["1e400", "-1e400", "NaN", "Infinity", str(10**400), "1e300"])
def test_non_finite_or_huge_numbers_name_member_and_feature(feature, literal):
    with pytest.raises(HouseholdError) as e:
        Household.from_json(_with(feature, literal))
    msg = str(e.value)
    assert f"member 0, feature '{feature}'" in msg and "expected" in msg and len(msg) < 300


def test_gpa_nan_is_not_accepted():
    # the review saw "GPA is nan" printed: nan compared false to every bound and passed
    with pytest.raises(HouseholdError, match="finite"):
        Household.from_json(_with("gpa", "NaN"))


def test_deeply_nested_json_is_an_error_not_a_recursion_crash(tmp_path):
    with pytest.raises(HouseholdError, match="nested too deeply"):
        Household.from_json("[" * 100_000)
    f = tmp_path / "rows.jsonl"
    f.write_text("[" * 100_000 + "\n")
    (item,) = list(iter_v1_file(f))
    assert isinstance(item, RowError) and "row 1" in str(item) and "nested too deeply" in str(item)
