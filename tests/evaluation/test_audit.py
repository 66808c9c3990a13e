from eligibench.evaluation.user import Probe, SimulatedUser, audit_household, grade, probes_for, summarize_audit
from eligibench.household import household, render_profile
from tests.evaluation.doubles import ExtractiveUserModel

HH = household({"name": "Ana Ruiz", "age": 34, "annual_work_income": 41250, "receives_snap": True},
               {"name": "Leo Ruiz", "relation": "child", "age": 4})


def test_probes_cover_speaker_members_facts_income_and_the_unknowable():
    kinds = [p.kind for p in probes_for(HH)]
    # ages: the speaker, Leo by name and by relation ("your child")
    assert kinds.count("age") == 3 and "income" in kinds and "unknown" in kinds and kinds.count("yes_no") == 6
    assert Probe("age", "How old is Leo Ruiz?", 4) in probes_for(HH)
    assert Probe("age", "How old is your child?", 4) in probes_for(HH)
    # two-hop: Leo is the one child under 5; amounts beside income
    assert Probe("count", "How many children under 5 live with you?", 1) in probes_for(HH)
    assert Probe("count", "How many people live in your household?", 2) in probes_for(HH)
    assert kinds.count("amount") == 2


def test_two_hop_counts_and_verbosity():
    p = Probe("count", "How many children under 5 live with you?", 1)
    assert grade(p, "One, my son Leo.") and grade(p, "1 child.") and not grade(p, "Two.")
    assert grade(Probe("count", "", 0), "None of them.")
    from eligibench.evaluation.user import volunteers
    assert volunteers(HH, "How old are you?", "I am 34 and I receive SNAP benefits (food stamps).")
    assert not volunteers(HH, "How old are you?", "I am 34 years old.")


def test_grading_rules():
    assert grade(Probe("age", "", 34), "I am 34 years old.")
    assert not grade(Probe("age", "", 34), "I am 43.")
    assert grade(Probe("income", "", 41250), "About $41,250 a year.")
    assert not grade(Probe("income", "", 41250), "$50,000.")
    assert grade(Probe("yes_no", "", True), "Yes, I do.")
    assert not grade(Probe("yes_no", "", True), "No, I don't.")
    assert grade(Probe("yes_no", "", False), "No, I do not.")
    assert grade(Probe("yes_no", "", False), "I do not receive SNAP (food stamps). I am eligible for SNAP.")
    assert not grade(Probe("yes_no", "", True), "I do not receive SNAP. I do receive other help.")
    assert grade(Probe("yes_no", "", True), "I do receive SNAP benefits.")
    assert not grade(Probe("yes_no", "", False), "Yes.")
    assert grade(Probe("unknown", "", None), "I don't know.")
    assert not grade(Probe("unknown", "", None), "Blue.")


def test_extractive_test_user_is_faithful_on_ages_and_income_but_not_on_unknowables():
    user = SimulatedUser(ExtractiveUserModel(), render_profile(HH).text)
    graded = audit_household(user, HH)
    by = {g.probe.question: g for g in graded}
    assert by["How old are you?"].faithful and by["How old is Leo Ruiz?"].faithful
    assert by["How much do you earn from work in a year, in dollars?"].faithful
    s = summarize_audit(graded)
    assert s["probes"] == len(graded) and 0 < s["faithful_pct"] < 100
    assert s["by_kind"]["unknown"]["faithful_pct"] == 0.0  # quoting a sentence never says "don't know"
