from benchmarks.selector_questions import HOUSEHOLD, QUESTIONS
from eligibench.evaluation.user import lexical_select, precision_recall, resolve_members


def test_lexical_selector_on_the_fixed_question_set_keeps_a_floor():
    pairs = [(lexical_select(q, HOUSEHOLD), want) for q, want in QUESTIONS]
    p, r = precision_recall(pairs)
    # measured 0.97 / 1.00 (python -m benchmarks.lexical_selector); the floor leaves room for
    # vocabulary changes but fails if member resolution or ranking breaks wholesale
    assert p >= 0.85 and r >= 0.9


def test_members_by_name_relation_sex_and_everyone():
    assert resolve_members("How old is Leo?", HOUSEHOLD).members == (1,)
    assert resolve_members("How old is your husband?", HOUSEHOLD).members == (2,)
    assert resolve_members("Is your daughter in school?", HOUSEHOLD).members == (3,)
    assert resolve_members("How old are your kids?", HOUSEHOLD).members == (1, 3)
    assert resolve_members("Does anyone have a disability?", HOUSEHOLD).members == (0, 1, 2, 3)
    r = resolve_members("Do you have a disability?", HOUSEHOLD)
    assert r.members == (0,) and not r.named


def test_deterministic_and_empty_when_the_profile_does_not_tell():
    q = "How much does Carl earn per year?"
    assert lexical_select(q, HOUSEHOLD) == lexical_select(q, HOUSEHOLD) == ("m2.annual_work_income",)
    assert lexical_select("What is your favorite color?", HOUSEHOLD) == ()
    # one feature word ("name") beside a word no fact uses ("pet"): not about the profile
    assert lexical_select("What is the name of your first pet?", HOUSEHOLD) == ()
    assert lexical_select("What is your name?", HOUSEHOLD) == ("m0.name",)


def test_a_question_naming_members_but_no_feature_gets_their_relations():
    assert lexical_select("Do you have kids?", HOUSEHOLD) == ("m1.relation", "m3.relation")
