"""The shared shape of every extension point's table (eligibench/registry.py)."""
from __future__ import annotations

import pytest

from eligibench.errors import BenyfitsError
from eligibench.registry import Entry, Registry, UnknownName


def test_register_get_names_and_describe_keep_registration_order():
    r: Registry[int] = Registry("widget")
    r.register("b", "the second letter", 2)
    r.add(Entry("a", "the first letter", 1))
    assert r.names() == ("b", "a")
    assert r.get("a") == 1 and r.entry("b").description == "the second letter"
    assert [e.name for e in r.describe()] == ["b", "a"]
    assert "a" in r and "c" not in r and len(r) == 2 and list(r) == ["b", "a"]
    assert r.help_text() == "b: the second letter; a: the first letter"


def test_an_unknown_name_is_one_user_error_naming_the_known_ones():
    r = Registry("widget", (Entry("x", "ex"), Entry("y", "why")))
    with pytest.raises(UnknownName) as e:
        r.get("z")
    assert isinstance(e.value, BenyfitsError) and isinstance(e.value, KeyError)
    assert str(e.value) == "unknown widget 'z'; known: x, y"


@pytest.mark.parametrize("entries, problem", [
    ((Entry("x", "one"), Entry("x", "two")), "widget 'x' registered twice"),
    ((Entry("x", ""),), "widget 'x': the description must be one non-empty line"),
    ((Entry("x", "two\nlines"),), "widget 'x': the description must be one non-empty line"),
])
def test_a_second_entry_of_a_name_or_a_missing_description_is_refused(entries, problem):
    with pytest.raises(ValueError, match=problem):
        Registry("widget", entries)
