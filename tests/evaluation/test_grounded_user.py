from benchmarks.selector_questions import HOUSEHOLD, QUESTIONS
from benchmarks.trace_checkers import random_households
from eligibench.evaluation.user import (
    CONTRADICTED,
    GroundedUser,
    check_answer,
    first_person,
    template_answer,
    verify_phrased,
)
from eligibench.evaluation.user.grounded import DONT_KNOW
from eligibench.household.facts import fact, household_facts


def test_template_answers_are_true_by_construction():
    # every answer is the selected facts' own profile sentences and each disclosed value is the household's
    for hh in random_households(15, 7) + [HOUSEHOLD]:
        user = GroundedUser(None, hh)
        facts = household_facts(hh)
        for q, _ in QUESTIONS:
            a = user.answer([], q)
            assert a.how == "template" and a.prompt_tokens == 0
            stated = [facts[k] for k, _ in a.facts]
            sentences = " ".join(first_person(f.sentence) for f in stated)
            # the answer is the facts' own sentences, led at most by the yes/no or count they give
            if not stated:
                assert a.text == DONT_KNOW
                continue
            assert a.text.endswith(sentences)
            lead = a.text[: len(a.text) - len(sentences)].strip()
            assert lead in ("", "Yes.", "No.", "None.", "One.", "Two.", "Three.", "Four.", "Five.", "Six.")
            if lead in ("Yes.", "No."):
                assert all(f.value is (lead == "Yes.") for f in stated)
            for k, v in a.facts:
                assert v == facts[k].value
            # the sentences never contradict the facts (the count lead is checked by hand below)
            assert check_answer(sentences, stated).verdict != CONTRADICTED


def test_answers_record_the_disclosed_facts_in_the_first_person():
    user = GroundedUser(None, HOUSEHOLD)
    a = user.answer([], "How old is your husband?")
    assert a.facts == (("m2.age", 45),) and a.text == "Carl Diaz is 45 years old."
    assert user.answer([], "How old are you?").text == "I am 40 years old."
    assert user.answer([], "Do you receive SNAP benefits?").text == "Yes. I receive SNAP benefits (food stamps)."
    assert user.answer([], "Is your husband disabled?").text == "Yes. Carl Diaz has a disability."
    two_hop = user.answer([], "How many children under 5 do you have?")
    assert two_hop.text.startswith("One.") and ("m1.age", 3) in two_hop.facts and ("m3.age", 8) in two_hop.facts
    assert first_person("Leo Diaz has lived with you for the last 6 months.") == "Leo Diaz has lived with me for the last 6 months."
    assert first_person("You were evicted 2 months ago. Your rent includes heat.") == "I was evicted 2 months ago. My rent includes heat."
    assert GroundedUser(None, HOUSEHOLD).answer([], "What is your favorite color?").text == DONT_KNOW


def test_a_phrased_answer_with_a_wrong_number_or_polarity_is_rejected():
    age, snap = fact(HOUSEHOLD, "m2.age"), fact(HOUSEHOLD, "m0.receives_snap")
    assert verify_phrased("He is 45.", [age], "How old is Carl?") is None
    assert "contradicted" in verify_phrased("He is 54.", [age], "How old is Carl?")
    assert "left out the numbers" in verify_phrased("He is an adult.", [age], "How old is Carl?")
    assert verify_phrased("Yes, I get SNAP.", [snap], "Do you get SNAP?") is None
    kids = [fact(HOUSEHOLD, k) for k in ("m1.age", "m3.age")]
    assert "left out the count" in verify_phrased("Leo is 3 and Mia is 8.", kids, "How many children under 5?")
    assert verify_phrased("One: Leo is 3 and Mia is 8.", kids, "How many children under 5?") is None
    assert "contradicted" in verify_phrased("No, I don't.", [snap], "Do you get SNAP?")
    assert "dont_know" in verify_phrased("I don't know.", [snap], "Do you get SNAP?")
    assert template_answer([age, snap]) == "Carl Diaz is 45 years old. I receive SNAP benefits (food stamps)."
