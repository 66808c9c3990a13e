"""Simulator faults (issue 31 item 2): a planted lying simulator's pairs are exactly the ones found,
counted and voided; the agent-attributable scores leave them out."""
import re

import pytest

from eligibench.datasets.rows import Row
from eligibench.evaluation.hosting import Agent, AgentContext, OpportunityBrief
from eligibench.evaluation.run import evaluate, run_dialog
from eligibench.evaluation.scoring import SIMULATOR_FALSE_FACT, run_affected
from eligibench.evaluation.user import GroundedUser, LyingUser, SimulatorMode
from eligibench.household import household, render_profile
from eligibench.results import DialogResult, ResultStore, RunSpec, Turn
from tests.evaluation.plans import runner_plan

BRIEFS = {"LOWINC": OpportunityBrief("LOWINC", "Low income", "Work income under $30,000 a year."),
          "ADULT": OpportunityBrief("ADULT", "Adults", "18 or older.")}
INCOME_Q, AGE_Q = "How much do you earn from work in a year?", "How old are you?"


class ReadingAgent(Agent):
    """Asks the two facts its rules need and applies the rules to the numbers it is told: right
    whenever the simulated user tells the truth."""

    def __init__(self):
        super().__init__(AgentContext())

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ready(self, dialog):
        return len(dialog.turns) >= 2

    def ask(self, dialog):
        return (INCOME_Q, AGE_Q)[len(dialog.turns)]

    def predict(self, dialog):
        income, age = (float(re.findall(r"\d[\d,]*", t.answer)[0].replace(",", "")) for t in dialog.turns)
        return {"LOWINC": income < 30000, "ADULT": age >= 18}


def _row(rid: str, age: int, income: int) -> Row:
    hh = household({"name": "Ana Ruiz", "age": age, "annual_work_income": income})
    return Row(rid, "diverse", hh, ("LOWINC", "ADULT"), (income < 30000, age >= 18), ("t1", "t2"),
               render_profile(hh).text, "", "v", (("m0.annual_work_income",), ("m0.age",)))


ROWS = [_row("r1", 34, 20000), _row("r2", 52, 25000), _row("r3", 16, 12000), _row("r4", 40, 80000)]
# r1: the lie flips the verdict (a simulator fault); r2: a lie that leaves the verdict right
# (affected, voided, no fault); r3, r4: told the truth
LIES = {"r1": {"m0.annual_work_income": 50000}, "r2": {"m0.annual_work_income": 26000}}


def _planted_run(tmp_path):
    spec = RunSpec("reading", {}, "test:lying-user", {}, "v", ("diverse",))
    plan = runner_plan(spec, {"diverse": ROWS}, BRIEFS, 48, bootstrap=200,
                   simulator_mode=SimulatorMode("grounded", "lexical", "template"))
    store = ResultStore(tmp_path / "r.duckdb")
    run_id = store.ensure_run(spec)
    for row in ROWS:  # the dialogs with the planted liar, stored as the runner stores them
        user = LyingUser(row.household, LIES[row.id]) if row.id in LIES else GroundedUser(None, row.household)
        labels = dict(zip(row.opportunities, row.labels))
        store.record_dialog(run_id, run_dialog(ReadingAgent(), user, [BRIEFS[o] for o in row.opportunities],
                                               labels, row.id, "diverse"))
    # nothing left to run: the run's scoring path computes process, faults and metrics
    assert evaluate(*plan, store, ReadingAgent) == run_id
    return store, run_id


def test_a_planted_liar_is_caught_exactly_and_voided(tmp_path):
    store, run_id = _planted_run(tmp_path)
    t = store.transcript(run_id, "diverse", "r1", 0)["turns"][0]
    assert t["answer"] == "I earn $50,000 a year from work."  # it really lied
    faults = {(f["row_id"], f["opportunity"]): (f["fact_key"], f["verdict"], f["wrong"])
              for f in store.process_rows("simulator_faults", run_id)}
    assert faults == {("r1", "LOWINC"): ("m0.annual_work_income", "contradicted", True),
                      ("r2", "LOWINC"): ("m0.annual_work_income", "contradicted", False)}
    (fail,) = store.process_rows("pair_failures", run_id)  # the one wrong pair is the simulator's
    assert (fail["row_id"], fail["opportunity"], fail["cause"]) == ("r1", "LOWINC", SIMULATOR_FALSE_FACT)
    m = {(r["dataset"], r["name"]): r for r in store.metrics(run_id)}
    assert m["diverse", "simulator_fault_pairs"]["value"] == 1 and m["diverse", "voided_pairs"]["value"] == 2
    rate = m["diverse", "simulator_fault_rate"]
    assert rate["value"] == pytest.approx(100 / 8)  # 1 of 8 scored pairs
    assert rate["ci_low"] <= rate["value"] <= rate["ci_high"] and rate["ci_high"] > rate["ci_low"]
    assert m["diverse", "f1"]["value"] < 100 and m["diverse", "agent_f1"]["value"] == 100.0
    assert m["average", "agent_turn_weighted_f1"]["value"] > m["average", "turn_weighted_f1"]["value"]
    assert m["diverse", "agent_accuracy"]["value"] == 100.0 and m["diverse", "accuracy"]["value"] == 87.5


def test_an_honest_run_voids_nothing(tmp_path):
    spec = RunSpec("reading", {}, "grounded", {}, "v", ("diverse",))
    plan = runner_plan(spec, {"diverse": ROWS}, BRIEFS, 48, bootstrap=50,
                   simulator_mode=SimulatorMode("grounded", "lexical", "template"))
    store = ResultStore(tmp_path / "r.duckdb")
    run_id = evaluate(*plan, store, ReadingAgent)
    m = {(r["dataset"], r["name"]): r["value"] for r in store.metrics(run_id)}
    assert store.process_rows("simulator_faults", run_id) == []
    assert m["diverse", "simulator_fault_rate"] == 0.0 and m["diverse", "agent_f1"] == m["diverse", "f1"] == 100.0


def test_free_form_dont_know_and_contradiction_on_needed_facts_are_faults():
    res = DialogResult("r1", "diverse", 0, (Turn(INCOME_Q, "I don't know."), Turn(AGE_Q, "I am 60 years old.")),
                       {"LOWINC": False, "ADULT": True}, {"LOWINC": True, "ADULT": True}, "ready")
    pairs = {(p.opportunity, p.verdict, p.wrong) for p in run_affected({"diverse": ROWS}, [res], grounded=False)}
    # "I don't know" where the facts say the income: the LOWINC miss is the simulator's; the wrong
    # age (60, truly 34) touched ADULT, which the agent still got right: voided, not a fault
    assert pairs == {("LOWINC", "dont_know", True), ("ADULT", "contradicted", False)}


def test_no_true_template_answer_is_ever_judged_a_fault():
    """The cooperative grounded user is true by construction: over every fact of 40 fuzzed households
    the answer check never calls its answer false or "don't know" (else honest pairs would be voided;
    measured before the fix: 34 of 28,083 answers, all 'I have no history of ...' read as a yes)."""
    from checkers.editions import edition_registry
    from eligibench.datasets.fuzz import fuzz_households, thresholds_from_checkers
    from eligibench.evaluation.user import CONTRADICTED, DONT_KNOW, check_answer, template_answer
    from eligibench.household.facts import household_facts

    modules = edition_registry("2024")
    checked, faults = 0, []
    for hh in fuzz_households(40, 3, thresholds_from_checkers(modules.values())):
        for f in household_facts(hh).values():
            text = template_answer([f], "")
            checked += 1
            if check_answer(text, [f]).verdict in (CONTRADICTED, DONT_KNOW):
                faults.append((f.key, f.value, text))
    assert checked > 10_000 and faults == []
