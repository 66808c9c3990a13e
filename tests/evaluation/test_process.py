"""Process metrics and failure attribution on scripted dialogs whose outcomes are known by hand."""
from eligibench.datasets.rows import Row
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.run import evaluate
from eligibench.evaluation.scoring import (
    NEEDED_FACT_NOT_DISCLOSED,
    RULE_MISAPPLIED,
    SIMULATOR_FALSE_FACT,
    dialog_process,
    oracle_questions,
    run_process,
)
from eligibench.evaluation.user import SimulatorMode
from eligibench.household.model import household
from eligibench.household.profile import render_profile
from eligibench.results.records import READY, TURN_LIMIT, DialogResult, RunSpec, Turn
from eligibench.results.store import ResultStore
from tests.evaluation.doubles import ScriptedAgent
from tests.evaluation.plans import runner_plan

HH = household({"name": "Ana Diaz", "age": 40, "annual_work_income": 20000},
               {"name": "Leo Diaz", "age": 3, "relation": "child"},
               {"name": "Carl Diaz", "age": 45, "relation": "spouse"})
# A needs the speaker's income and Leo's age; B needs everyone's age and the size; C needs Carl's age
ROW = Row("r1", "diverse", HH, ("A", "B", "C"), (True, False, True), ("t1", "t2", "t3"), render_profile(HH).text, "",
          "v", (("m0.annual_work_income", "m1.age"), ("hh.size", "m0.age", "m1.age", "m2.age"), ("m2.age",)))


def _result(turns, predictions, termination=READY):
    return DialogResult("r1", "diverse", 0, tuple(Turn(q, a) for q, a in turns), predictions,
                        {"A": True, "B": False, "C": True}, termination)


def test_oracle_lower_bound_by_hand():
    # features among the needed facts: annual_work_income, age, size -> 3 questions
    assert oracle_questions({"m0.annual_work_income", "m1.age", "hh.size", "m0.age", "m2.age"}) == 3
    assert oracle_questions({"m0.age", "m1.age", "m2.age"}) == 1
    assert oracle_questions(set()) == 0


def test_metrics_and_causes_of_a_scripted_dialog():
    turns = [("How old is Leo?", "Leo is 3."), ("How old is Leo again?", "3."), ("Do you get SNAP?", "No."),
             ("How much do you earn?", "$20,000."), ("How old is Carl?", "45.")]
    disclosed = [(0, "m1.age"), (1, "m1.age"), (2, "m0.receives_snap"), (3, "m0.annual_work_income"), (4, "m2.age")]
    # A right; B wrong with m0.age and hh.size never disclosed; C wrong though m2.age was disclosed
    p, fails = dialog_process(ROW, _result(turns, {"A": True, "B": True, "C": False}), disclosed, set(), True)
    assert dict(fails) == {"B": NEEDED_FACT_NOT_DISCLOSED, "C": RULE_MISAPPLIED}
    assert p.needed_coverage == 3 / 5  # of income, m1.age, size, m0.age, m2.age
    assert p.redundant_questions == 1  # the second question about Leo's age
    assert p.over_asked_facts == 1  # SNAP: no checker needed it
    assert p.premature_ready is True  # READY while B's needed facts were undisclosed
    assert p.members_covered == 1.0  # every member with needed facts had one disclosed
    assert p.oracle_questions == 3 and p.turns_over_oracle == 2 and p.exact


def test_a_false_statement_about_a_needed_fact_comes_first_and_turn_limit_is_not_premature():
    turns = [("How old is Carl?", "54.")]
    p, fails = dialog_process(ROW, _result(turns, {"A": True, "B": False, "C": False}, TURN_LIMIT),
                              [(0, "m2.age")], {"m2.age"}, False)
    assert fails == [("C", SIMULATOR_FALSE_FACT)] and p.premature_ready is False
    assert p.members_covered == 1 / 3 and not p.exact


def test_free_form_estimates_disclosures_and_checks_every_answer():
    res = _result([("How old is Carl?", "Carl is 54 years old."), ("How old are you?", "I don't know.")],
                  {"A": True, "B": False, "C": False})
    rp = run_process({"diverse": [ROW]}, [res], grounded=False)
    key = ("diverse", "r1", 0)
    assert [v for _, v, _ in rp.checks[key]] == ["contradicted", "dont_know"]
    assert rp.estimated_facts[key] == [(0, "m2.age", 45)]  # "don't know" discloses nothing
    assert rp.failures == [(key, "C", SIMULATOR_FALSE_FACT)]
    m = {name: v for _, name, v, _, _ in rp.metrics}
    assert m["simulator_faithfulness"] == 0.0 and m["process_exact"] == 0.0 and m["cause_simulator_false_fact"] == 1.0


def test_a_grounded_run_stores_exact_facts_process_and_causes(tmp_path):
    hh = household({"name": "Ana Ruiz", "age": 34})
    row = Row("g1", "diverse", hh, ("IDNYC",), (True,), ("t",), render_profile(hh).text, "", "v", (("m0.age",),))
    spec = RunSpec("scripted", {}, "grounded-test", {}, "v", ("diverse",))
    plan = runner_plan(spec, {"diverse": [row]}, {"IDNYC": OpportunityBrief("IDNYC", "IDNYC", "NYC residents 10+")}, 48,
                   bootstrap=10, simulator_mode=SimulatorMode("grounded", "lexical", "template"))
    store = ResultStore(tmp_path / "r.duckdb")
    # ScriptedAgent asks "how old are you?" twice, then predicts False: wrong though m0.age was
    # disclosed truthfully, so the rule was misapplied; the second question was redundant
    run_id = evaluate(*plan, store, lambda: ScriptedAgent(questions=2, predictions={"IDNYC": False}), None)
    assert store.turn_facts(run_id) == {("diverse", "g1", 0): [(0, "m0.age", 34, True), (1, "m0.age", 34, True)]}
    (proc,) = store.process_rows("dialog_process", run_id)
    assert proc["exact"] and proc["needed_coverage"] == 1.0 and proc["redundant_questions"] == 1
    (fail,) = store.process_rows("pair_failures", run_id)
    assert fail["cause"] == RULE_MISAPPLIED and fail["opportunity"] == "IDNYC"
    checks = store.process_rows("simulator_checks", run_id)
    assert [c["detail"] for c in checks] == ["template", "template"]
    assert store.transcript(run_id, "diverse", "g1", 0)["turns"][0]["answer"] == "I am 34 years old."
    names = {m["name"]: m["value"] for m in store.metrics(run_id) if m["dataset"] == "diverse"}
    assert names["process_exact"] == 1.0 and names["cause_rule_misapplied"] == 1.0


def test_a_free_form_run_stores_estimated_facts_and_checked_answers(tmp_path):
    from tests.evaluation.doubles import ExtractiveUserModel

    hh = household({"name": "Ana Ruiz", "age": 34})
    row = Row("f1", "diverse", hh, ("IDNYC",), (True,), ("t",), render_profile(hh).text, "", "v", (("m0.age",),))
    plan = runner_plan(RunSpec("scripted", {}, "extractive-test-user", {}, "v", ("diverse",)), {"diverse": [row]},
                   {"IDNYC": OpportunityBrief("IDNYC", "IDNYC", "NYC residents 10+")}, 48, bootstrap=10)
    store = ResultStore(tmp_path / "r.duckdb")
    # the test stand-in quotes "You are 34 years old." for "how old are you?"
    run_id = evaluate(*plan, store, lambda: ScriptedAgent(questions=1, predictions={"IDNYC": False}),
                      ExtractiveUserModel())
    assert store.turn_facts(run_id) == {("diverse", "f1", 0): [(0, "m0.age", 34, False)]}
    (check,) = store.process_rows("simulator_checks", run_id)
    assert check["verdict"] == "faithful" and "m0.age=34" in check["detail"]
    (proc,) = store.process_rows("dialog_process", run_id)
    assert not proc["exact"] and proc["needed_coverage"] == 1.0
    names = {m["name"]: m["value"] for m in store.metrics(run_id) if m["dataset"] == "diverse"}
    assert names["process_exact"] == 0.0 and names["simulator_faithfulness"] == 1.0
    assert names["cause_rule_misapplied"] == 1.0


def test_fewer_questions_than_the_oracle_never_count_as_negative_extra_questions():
    # one question, three features needed: zero questions beyond the oracle's, not -2
    p, _ = dialog_process(ROW, _result([("How old is Leo?", "3.")], {"A": True, "B": True, "C": False}),
                          [(0, "m1.age")], set(), True)
    assert p.oracle_questions == 3 and p.turns_over_oracle == 0
