import re

import pytest

from eligibench.household import (
    ALL_FEATURES_BY_NAME,
    BOOL_TEMPLATES,
    FEATURES,
    ROSTER_FEATURES,
    V2_FEATURES,
    VALUE_TEMPLATES,
    Household,
    Profile,
    feature_sentence,
    household,
    member_sentences,
    render_profile,
    render_roster,
)

RENDERED = [f.name for f in FEATURES if f.name not in ROSTER_FEATURES]
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def sentences(block: str) -> list[str]:
    return [s for s in SENTENCE_END.split(block.strip()) if s]


def family() -> Household:
    return household(
        {"name": "Ana Ruiz", "age": 34, "annual_work_income": 41250, "monthly_rent_spending": 1600,
         "works_outside_home": True, "work_hours_per_week": 35, "months_since_worked": 0, "gpa": 3.25},
        {"name": "Maria Ruiz", "relation": "child", "age": 7, "current_school_level": 2},
        {"name": "Leo Ruiz", "relation": "spouse", "sex": "male", "age": 36, "disabled": True},
    )


def six() -> Household:
    return household(
        {"name": "Ana Ruiz", "age": 41},
        {"name": "Tom Ruiz", "relation": "spouse", "sex": "male", "age": 43},
        {"name": "Maria Ruiz", "relation": "child", "age": 7, "current_school_level": "k"},
        {"name": "Sam Lee", "relation": "foster child", "sex": "male", "age": 3, "current_school_level": "pk"},
        {"name": "", "relation": "niece or nephew", "age": 15, "current_school_level": 10},
        {"name": "Jo Park", "relation": "friend", "age": 22, "current_school_level": "college"},
    )


def test_every_feature_except_name_and_relation_has_exactly_one_template():
    v2 = [f.name for f in V2_FEATURES]
    assert set(RENDERED) | set(v2) == set(BOOL_TEMPLATES) | set(VALUE_TEMPLATES)
    assert not set(BOOL_TEMPLATES) & set(VALUE_TEMPLATES)
    assert len(RENDERED) == 122 and len(v2) == 10
    assert all(ALL_FEATURES_BY_NAME[n].type == "bool" for n in BOOL_TEMPLATES)


def test_render_is_deterministic():
    a, b = render_profile(family()), render_profile(family())
    assert a == b and a.text.encode() == b.text.encode()
    again = render_profile(Household.from_json(family().to_json()))
    assert again == a


def test_profile_shape():
    hh = family()
    p = render_profile(hh)
    assert isinstance(p, Profile)
    assert len(p.members) == 3
    assert p.text == "\n\n".join((p.roster, *p.members))
    assert p.roster == render_roster(hh)


@pytest.mark.parametrize("build", [family, six])
def test_one_sentence_per_feature_per_member(build):
    hh = build()
    p = render_profile(hh)
    for i, block in enumerate(p.members):
        got = sentences(block)
        assert len(got) == 122, (i, len(got))
        assert tuple(got) == member_sentences(hh, i)
        # each sentence is the one for its feature, in schema order
        assert got == [feature_sentence(hh, i, n) for n in RENDERED]


def test_every_value_renders_one_clean_sentence():
    for f in FEATURES:
        if f.name in ROSTER_FEATURES:
            continue
        if f.type == "bool":
            values = (True, False)
        elif f.type == "choice":
            values = f.values
        else:
            low = int(f.min) if f.min is not None else 0
            values = sorted({low, 0, 1, 2, 7} & set(range(low, int(f.max or 10_000) + 1)))
        texts = set()
        for v in values:
            hh = household({"name": "Ana", f.name: v}, {"name": "Bo Chen", "relation": "sibling", f.name: v})
            for i in (0, 1):
                s = feature_sentence(hh, i, f.name)
                assert len(sentences(s)) == 1, s
                assert s[0].isupper() and s.endswith("."), s
                assert "{" not in s and "}" not in s and "  " not in s, s
                texts.add((i, s))
        if len(values) > 1:  # distinct values never read the same
            assert len(texts) == 2 * len(values), f.name


def test_bool_negative_differs_and_negates():
    people = ({"name": "Ana"}, {"name": "Bo Chen", "relation": "sibling"})
    for name in BOOL_TEMPLATES:
        yes = household(*({**d, name: True} for d in people))
        no = household(*({**d, name: False} for d in people))
        for i in (0, 1):
            pos, neg = feature_sentence(yes, i, name), feature_sentence(no, i, name)
            assert pos != neg
            assert not re.search(r"\b(not|cannot|no)\b", pos.replace("no fault", "")), pos
            assert re.search(r"\b(not|cannot|no)\b", neg), neg


def test_second_person_for_self_third_person_for_others():
    hh = six()
    p = render_profile(hh)
    me = p.members[0]
    assert me.startswith("You are 41 years old. You are female.")
    assert not re.search(r"\bYou (is|has|does|was|receives|lives|works|pays|earns|uses|attends|takes|owns|files|struggles)\b", me)
    assert not re.search(r"\b(he|she|him|her|his|himself|herself)\b", me)
    assert "Ana Ruiz" not in me
    for i, block in enumerate(p.members[1:], start=1):
        name = hh.members[i].name or f"Member {i + 1}"
        assert block.startswith(f"{name} is ")
        assert not re.search(rf"\b{re.escape(name)} (are|have|do|were|receive|live|work|pay|earn|use|attend|take|own|file|struggle)\b", block)
        assert "You " not in block and "yourself" not in block
        assert "Your " not in block
    tom = p.members[1]
    assert "Tom Ruiz can care for himself both physically and mentally." in tom
    assert "Tom Ruiz does not pay for more than half of his own financial support." in tom
    maria = p.members[2]
    assert "Maria Ruiz does not own the home she lives in." in maria
    assert "Maria Ruiz has lived with you for the last 6 months." in maria
    assert "Maria Ruiz is not your tax dependent." in maria


def test_special_values():
    hh = household(
        {"name": "Ana", "months_since_worked": -1, "years_sober": -1, "got_heap_ac": 0, "evicted_months_ago": 0,
         "months_owned_property": 0, "months_pregnant": 0, "place_of_residence": "Jersey"},
        {"name": "Bo Chen", "relation": "sibling", "months_since_worked": 5, "years_sober": 3, "got_heap_ac": 2,
         "evicted_months_ago": 1, "months_owned_property": 24, "months_pregnant": 4, "sex": "female"},
    )
    me, bo = render_profile(hh).members
    assert "You have never worked, or the question of when you last worked does not apply to you." in me
    assert "A count of years sober does not apply to you." in me
    assert "You have never received an air conditioner from the Home Energy Assistance Program (HEAP)." in me
    assert "You have never been evicted." in me
    assert "You have never owned property." in me
    assert "You are not pregnant." in me
    assert "You live outside New York City." in me
    assert "Jersey" not in render_profile(hh).text
    assert not re.search(r"(?<![\w-])-1\b", render_profile(hh).text)
    assert "Bo Chen last worked 5 months ago." in bo
    assert "Bo Chen has been sober for 3 years." in bo
    assert "Bo Chen received an air conditioner from the Home Energy Assistance Program (HEAP) 2 years ago." in bo
    assert "Bo Chen was evicted 1 month ago." in bo
    assert "Bo Chen has owned her property for 24 months." in bo
    assert "Bo Chen is 4 months pregnant." in bo
    assert "Bo Chen lives in New York City." in bo


@pytest.mark.parametrize(
    "level, text",
    [
        ("none", "You are not currently in school."),
        ("pk", "You are in pre-kindergarten (pre-K)."),
        ("k", "You are in kindergarten."),
        (1, "You are in 1st grade."),
        (2, "You are in 2nd grade."),
        (3, "You are in 3rd grade."),
        (11, "You are in 11th grade."),
        (12, "You are in 12th grade."),
        ("college", "You are in college."),
    ],
)
def test_school_levels(level, text):
    assert feature_sentence(household({"current_school_level": level}), 0, "current_school_level") == text


def test_age_wording():
    hh = household({"age": 0}, {"name": "Kim", "relation": "child", "age": 1})
    assert feature_sentence(hh, 0, "age") == "You are under 1 year old."
    assert feature_sentence(hh, 1, "age") == "Kim is 1 year old."


def test_money_formatting():
    hh = household(
        {"annual_work_income": 1234, "annual_investment_income": 1_250_000, "monthly_rent_spending": 950,
         "available_financial_resources": 2500.5},
        {"name": "Kim", "relation": "spouse", "available_financial_resources": 12000.0},
    )
    me, kim = render_profile(hh).members
    assert "You earn $1,234 a year from work." in me
    assert "You receive $1,250,000 a year in investment income." in me
    assert "You pay $950 a month in rent." in me
    assert "You have $2,500.50 available in savings and cash." in me
    assert "Kim has $12,000 available in savings and cash." in kim
    assert "Kim has no income from work." in kim
    assert "Kim does not pay any rent." in kim


def test_gpa():
    assert feature_sentence(household({"gpa": 3.5}), 0, "gpa") == "Your grade point average (GPA) is 3.5."
    assert feature_sentence(household({"gpa": 3.25}), 0, "gpa") == "Your grade point average (GPA) is 3.25."
    assert feature_sentence(household({"gpa": 4.0}), 0, "gpa") == "Your grade point average (GPA) is 4.0."


def test_agency_names():
    hh = household({"receives_hra": True, "acs": True}, {"name": "Kim", "relation": "spouse"})
    text = render_profile(hh).text
    assert "You receive benefits from the Human Resources Administration (HRA)" in text
    assert "You receive services from the Administration for Children's Services (ACS)" in text
    assert "Kim does not receive benefits from the Human Resources Administration (HRA)" in text
    assert "Health Reimbursement" not in text
    assert "Supplemental Security Income (SSI)" in text
    assert "Social Security Disability Insurance (SSDI)" in text
    assert "SNAP benefits (food stamps)" in text
    assert "Work Experience Program (WEP)" in text
    assert "Adoption Taxpayer Identification Number (ATIN)" in text
    assert "Individual Taxpayer Identification Number (ITIN)" in text
    assert "DD-214" in text
    nycha = household({"housing_type": "NYCHA development"})
    assert feature_sentence(nycha, 0, "housing_type") == "You live in a New York City Housing Authority (NYCHA) development."
    dhs = household({"housing_type": "DHS shelter"})
    assert "Department of Homeless Services (DHS)" in feature_sentence(dhs, 0, "housing_type")
    assert feature_sentence(household({"housing_type": "homeless"}), 0, "housing_type") == "You are homeless."


def test_roster_names_relations_and_fallbacks():
    assert render_roster(family()) == (
        "Your household has 3 people: you (Ana Ruiz); Maria Ruiz, your child; Leo Ruiz, your spouse."
    )
    assert render_roster(household({"name": ""})) == "Your household has 1 person: you."
    hh = household({"name": ""}, {"name": "", "relation": "cousin"}, {"name": "Al", "relation": "niece or nephew", "sex": "male"})
    assert render_roster(hh) == "Your household has 3 people: you; Member 2, your cousin; Al, your nephew."
    assert render_profile(hh).members[1].startswith("Member 2 is 30 years old.")


def test_six_member_household():
    hh = six()
    p = render_profile(hh)
    assert len(p.members) == 6
    assert p.roster == (
        "Your household has 6 people: you (Ana Ruiz); Tom Ruiz, your spouse; Maria Ruiz, your child; "
        "Sam Lee, your foster child; Member 5, your niece; Jo Park, your friend."
    )
    assert "Maria Ruiz is in kindergarten." in p.members[2]
    assert "Sam Lee is in pre-kindergarten (pre-K)." in p.members[3]
    assert "Member 5 is in 10th grade." in p.members[4]
    assert "Jo Park is in college." in p.members[5]
    assert len(sentences(p.text)) == 1 + 6 * 122
