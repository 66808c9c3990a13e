"""`evaluate --rerun-simulator-faults N` (issue 31 item 2): the dialogs holding a simulator fault,
and only those, are run again with new simulator seeds through the real session (a jailed agent
process, the run's store), each attempt recorded; a dialog whose re-run has no fault stops there."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest
import yaml

from eligibench.datasets.rows import Row
from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.run import read_config, resolve_run, run_submission
from eligibench.evaluation.run.fault_reruns import rerun_seed
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
from eligibench.household import household, render_profile
from eligibench.results import ResultStore

ROOT = Path(__file__).resolve().parents[2]
class ForgetfulUserModel:
    """A TEST STAND-IN user model: "I don't know." for its first `forget` calls, then it quotes the
    profile (QuotingUserModel). A fault that is the simulator's luck, cleared by a re-run."""

    label = QUOTING_LABEL

    def __init__(self, forget: int):
        self.forget, self.calls, self.quoting = forget, 0, QuotingUserModel()

    def chat(self, messages, **kw):
        self.calls += 1
        if self.calls <= self.forget:
            c = self.quoting.chat(messages, **kw)
            return type(c)("I don't know.", c.prompt_tokens, 3, c.cached_tokens, c.latency_s)
        return self.quoting.chat(messages, **kw)


def _row(i: int, age: int) -> Row:
    hh = household({"name": f"Person {i}", "age": age})
    return Row(f"diverse-{i:04d}", "diverse", hh, ("IDNYC",), (True,), ("t",), render_profile(hh).text, "",
               "synthetic-test", (("m0.age",),))


@pytest.mark.needs_bwrap
def test_only_faulty_dialogs_are_rerun_with_new_seeds_and_recorded(tmp_path):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.evaluation.doubles import write_one_question_agent
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=1, n_representative=1)  # the requirement texts
    # predicts eligible unless the user said it does not know
    write_one_question_agent(proj / "submissions" / "asker", "asker",
                             predict='told = "know" not in dialog.turns[-1].answer.lower()')
    p = copy.deepcopy(yaml.safe_load((ROOT / "params.yaml").read_text()))
    p["evaluate"].update(concurrency=1, bootstrap=10, trials=1, store="results/test.duckdb")
    config = read_config(p)
    rows = [_row(0, 34), _row(1, 50), _row(2, 70)]
    resolved = resolve_run(config, load_manifest(proj / "submissions" / "asker"), project=proj,
                           rows={"diverse": rows}, stand_in_label=QUOTING_LABEL)
    # the first two dialogs hear "I don't know" about the age IDNYC needs: two simulator faults
    summary = run_submission(resolved, project=proj, user_model=ForgetfulUserModel(forget=2),
                             rerun_simulator_faults=3)
    store = ResultStore(proj / "results" / "test.duckdb")
    run_id = summary["run_id"]
    faults = [(f["row_id"], f["verdict"], f["wrong"]) for f in store.process_rows("simulator_faults", run_id)]
    assert faults == [("diverse-0000", "dont_know", True), ("diverse-0001", "dont_know", True)]
    reruns = store.process_rows("simulator_reruns", run_id)
    # one attempt each (the re-run heard the age: no fault left), none for the clean dialog
    assert [(r["row_id"], r["attempt"], r["faults"], r["correct"], r["pairs"]) for r in reruns] == [
        ("diverse-0000", 1, 0, 1, 1), ("diverse-0001", 1, 0, 1, 1)]
    assert {r["seed"] for r in reruns} == {rerun_seed(config.seed, 0, 1)}
    assert summary["simulator_reruns"][0]["row_id"] == "diverse-0000"
    m = {(x["dataset"], x["name"]): x["value"] for x in store.metrics(run_id)}
    # the run's own scores are kept: 2 of 3 pairs lost, both to the simulator
    assert m["diverse", "simulator_fault_pairs"] == 2 and m["diverse", "agent_accuracy"] == 100.0
    assert m["diverse", "accuracy"] == pytest.approx(100 / 3)
