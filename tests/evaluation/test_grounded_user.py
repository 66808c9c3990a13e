from benchmarks.selector_questions import HOUSEHOLD, QUESTIONS
from benchmarks.trace_checkers import random_households
from eligibench.evaluation.answer_check import CONTRADICTED, check_answer
from eligibench.evaluation.grounded_user import DONT_KNOW, GroundedUser, template_answer, verify_phrased
from eligibench.household.facts import fact, household_facts


def test_template_answers_are_true_by_construction():
    # every answer is the selected facts' own profile sentences and each disclosed value is the household's
    for hh in random_households(15, 7) + [HOUSEHOLD]:
        user = GroundedUser(None, hh)
        facts = household_facts(hh)
        for q, _ in QUESTIONS:
            a = user.answer([], q)
            assert a.how == "template" and a.prompt_tokens == 0
            assert a.text == (" ".join(facts[k].sentence for k, _ in a.facts) if a.facts else DONT_KNOW)
            for k, v in a.facts:
                assert v == facts[k].value
            assert check_answer(a.text, [facts[k] for k, _ in a.facts]).verdict != CONTRADICTED


def test_answers_record_the_disclosed_facts():
    a = GroundedUser(None, HOUSEHOLD).answer([], "How old is your husband?")
    assert a.facts == (("m2.age", 45),) and a.text == "Carl Diaz is 45 years old."
    assert GroundedUser(None, HOUSEHOLD).answer([], "What is your favorite color?").text == DONT_KNOW


def test_a_phrased_answer_with_a_wrong_number_or_polarity_is_rejected():
    age, snap = fact(HOUSEHOLD, "m2.age"), fact(HOUSEHOLD, "m0.receives_snap")
    assert verify_phrased("He is 45.", [age], "How old is Carl?") is None
    assert "contradicted" in verify_phrased("He is 54.", [age], "How old is Carl?")
    assert "left out the numbers" in verify_phrased("He is an adult.", [age], "How old is Carl?")
    assert verify_phrased("Yes, I get SNAP.", [snap], "Do you get SNAP?") is None
    assert "contradicted" in verify_phrased("No, I don't.", [snap], "Do you get SNAP?")
    assert "dont_know" in verify_phrased("I don't know.", [snap], "Do you get SNAP?")
    assert template_answer([age, snap]) == "Carl Diaz is 45 years old. You receive SNAP benefits (food stamps)."
