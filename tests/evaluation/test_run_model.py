"""The run model's two types, what the user configured (EvalConfig) and what was resolved from it
(ResolvedRun), describe every field in the type itself, and the plan holds the resolved run
itself: a field added without a description, or copied into the plan, fails here."""
from __future__ import annotations

from dataclasses import fields

import pytest

from eligibench.evaluation.run import EvalConfig, ResolvedRun, RunPlan
from eligibench.results import RunSpec
from tests.evaluation.plans import runner_plan


@pytest.mark.parametrize("kind", [EvalConfig, ResolvedRun])
def test_every_field_of_the_run_model_says_what_it_is(kind):
    missing = [f.name for f in fields(kind) if len(f.metadata.get("help", "")) < 10]
    assert not missing, f"{kind.__name__}: fields without a description (model.about): {missing}"


def test_the_plan_holds_the_resolved_run_not_copies_of_its_fields():
    assert [f.name for f in fields(RunPlan)] == ["spec", "run"]
    plan = runner_plan(RunSpec("s", {}, "u", {}, "v", ("diverse",)), {"diverse": []}, {}, 33, concurrency=3,
                       max_questions=5, bootstrap=7, seed=9)
    r = plan.run
    assert (plan.rows, plan.briefs, plan.user_max_tokens, plan.concurrency, plan.max_questions, plan.bootstrap,
            plan.seed, plan.simulator_mode) == (r.rows, r.briefs, 33, 3, 5, 7, 9, r.simulator.mode)
