import pytest

from eligibench.errors import HouseholdError
from eligibench.household import (
    FEATURE_NAMES,
    SIZE_KEY,
    fact,
    household,
    household_facts,
    member_sentences,
    parse_key,
    render_profile,
)


def _hh():
    return household({"name": "Ana Diaz", "age": 40, "sex": "female", "annual_work_income": 31000},
                     {"name": "Leo Diaz", "age": 3, "relation": "child", "sex": "male"},
                     {"name": "Rosa Diaz", "age": 70, "relation": "spouse", "sex": "female", "receives_ssi": True})


def test_every_feature_of_every_member_plus_size_with_stable_keys():
    facts = household_facts(_hh())
    assert len(facts) == 1 + 3 * len(FEATURE_NAMES)
    assert facts["m1.age"].value == 3 and facts["m1.age"].member == 1 and facts["m1.age"].feature == "age"
    assert facts["m2.receives_ssi"].value is True
    assert facts[SIZE_KEY].value == 3 and facts[SIZE_KEY].sentence == "Your household has 3 people."


def test_sentences_are_the_profile_sentences():
    hh = _hh()
    facts = household_facts(hh)
    profile = render_profile(hh).text
    for i in range(hh.size):
        wanted = [f for f in FEATURE_NAMES if f not in ("name", "relation")]
        assert tuple(facts[f"m{i}.{f}"].sentence for f in wanted) == member_sentences(hh, i)
    assert facts["m0.annual_work_income"].sentence == "You earn $31,000 a year from work."
    assert facts["m0.annual_work_income"].sentence in profile
    assert facts["m1.relation"].sentence == "Leo Diaz is your child."
    assert facts["m2.relation"].sentence == "Rosa Diaz is your spouse."


def test_bad_keys_say_what_is_wrong():
    with pytest.raises(HouseholdError, match="m<member index>"):
        parse_key("m1.shoe_size")
    with pytest.raises(HouseholdError, match="has 3 members"):
        fact(_hh(), "m5.age")
    assert parse_key("hh.size") == (None, "size") and parse_key("m12.age") == (12, "age")
