"""The priority-aware teacher (submissions/teacher-priorities) against the teacher under a patience
budget: a household that states its priorities and leaves after `PATIENCE` questions. The
priority-aware agent asks for the facts of the programs that matter most first, so it is ahead on
priority-weighted F1, and it recommends the program the household ranks first among those it
predicts eligible, ahead of the greedy recommendation (the first predicted-eligible program in the
dialog's order) on recommendation match: the track measures what it says."""
from __future__ import annotations

from pathlib import Path

import pytest

from eligibench import paths
from eligibench.datasets import dataset_path, read_parquet
from eligibench.evaluation.hosting import AgentContext, Dialog, OpportunityBrief, import_submission_module
from eligibench.evaluation.scoring import households_of, paired_gap, priority_figures
from eligibench.evaluation.user import GroundedUser
from eligibench.results import DialogResult, Turn
from eligibench.truth import priorities_of, ranked

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 8  # fewer than the teacher's ~31 questions: no household is fully determined
HOUSEHOLDS = 12


def _agent(name: str, cls: str):
    module = import_submission_module(ROOT / "submissions" / name, "agent")
    return getattr(module, cls)(AgentContext(options={"cache_dir": str(ROOT / "generated" / "teacher")}))


class StatingUser:
    """The grounded template user, and asked what matters, the household's programs by weight."""

    def __init__(self, row):
        self.user, self.order = GroundedUser(None, row.household), ranked(priorities_of(row))

    def answer(self, question: str):
        if "matters most" in question:
            return "What matters most to me, in order: " + ", ".join(self.order) + ".", ()
        a = self.user.answer([], question)
        return a.text, a.facts


def _run(agent, row, dataset, greedy_recommendation=False) -> DialogResult:
    briefs = tuple(OpportunityBrief(o, o, "") for o in row.opportunities)
    agent.start(briefs)
    user, d, facts = StatingUser(row), Dialog(briefs, (), PATIENCE), []
    while not agent.ready(d) and len(d.turns) < PATIENCE:
        q = agent.ask(d)
        text, disclosed = user.answer(q)
        facts += [(len(d.turns), k, v) for k, v in disclosed]
        d = Dialog(briefs, d.turns + (Turn(q, text),), PATIENCE)
    preds = agent.predict(d)
    rec = next((o for o in row.opportunities if preds[o]), "none") if greedy_recommendation else agent.recommend(d)
    return DialogResult(row.id, dataset, 0, d.turns, preds, dict(zip(row.opportunities, row.labels)), "ready",
                        turn_facts=tuple(facts), recommendation=rec)


@pytest.fixture(scope="module")
def runs():
    rows = {name: read_parquet(dataset_path(ROOT / paths.DATASET_DIR, name))[:HOUSEHOLDS // 2]
            for name in ("diverse", "representative")}
    teacher, aware = _agent("teacher", "TeacherAgent"), _agent("teacher-priorities", "PriorityTeacherAgent")
    out = {"teacher": [], "aware": []}
    for name, rs in rows.items():
        for row in rs:
            out["teacher"].append(_run(teacher, row, name, greedy_recommendation=True))
            out["aware"].append(_run(aware, row, name))
    return out, households_of(rows)


def test_the_priority_aware_teacher_asks_what_matters_first_and_recommends_an_offered_program(runs):
    results, _ = runs
    first = results["aware"][0]
    assert "matters most" in first.turns[0].question
    assert all(len(r.turns) == PATIENCE for r in results["aware"] + results["teacher"])  # patience spent
    assert all(r.recommendation == "none" or r.recommendation in r.labels for r in results["aware"])


def test_the_priority_aware_teacher_is_ahead_on_weighted_f1_and_recommendation_match(runs):
    results, households = runs
    gap = paired_gap(results["aware"], results["teacher"], households, patience=PATIENCE, n_boot=300)
    print({k: {kk: round(vv, 1) for kk, vv in v.items()} for k, v in gap.items()})
    assert gap["priority_weighted_f1"]["diff"] > 0 and gap["recommendation_match"]["diff"] > 0
    f = priority_figures(results["aware"], households, patience=PATIENCE, n_boot=100)
    assert f["patience_used"].value == 100.0
