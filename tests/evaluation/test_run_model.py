"""The run model's two types, what the user configured (EvalConfig) and what was resolved from it
(ResolvedRun), describe every field in the type itself, and the resolved run copies none of the
configuration's settings (it holds the EvalConfig): a field added without a description, or a
configured setting copied onto the resolved run, fails here."""
from __future__ import annotations

from dataclasses import fields

import pytest

import eligibench.evaluation.run as run_api
from eligibench.evaluation.run import EvalConfig, ResolvedRun
from eligibench.results import RunSpec
from tests.evaluation.plans import runner_plan


@pytest.mark.parametrize("kind", [EvalConfig, ResolvedRun])
def test_every_field_of_the_run_model_says_what_it_is(kind):
    missing = [f.name for f in fields(kind) if len(f.metadata.get("help", "")) < 10]
    assert not missing, f"{kind.__name__}: fields without a description (model.about): {missing}"


def test_the_resolved_run_holds_the_configuration_and_copies_none_of_its_settings():
    copied = {f.name for f in fields(ResolvedRun)} & ({f.name for f in fields(EvalConfig)} - {"simulator"})
    assert not copied, f"ResolvedRun copies configured settings {sorted(copied)}: read them from .config"
    run, spec = runner_plan(RunSpec("s", {}, "u", {}, "v", ("diverse",)), {"diverse": []}, {}, 33, concurrency=3,
                            max_questions=5, bootstrap=7, seed=9)
    assert (run.config.concurrency, run.config.max_questions, run.config.bootstrap, run.config.seed,
            run.config.simulator.max_tokens) == (3, 5, 7, 9, 33)


def test_the_plan_shape_is_gone():
    """The runner takes the resolved run and its spec: no third type pairs them."""
    assert not hasattr(run_api, "RunPlan") and not hasattr(run_api, "plan_for")


def test_the_run_model_is_two_types_and_their_parts():
    """What `grep class` finds in the run model: the user-facing config with its two parts, and the
    resolved run with its one part. A new shape of a run belongs in one of these, not beside them."""
    import inspect

    from eligibench.evaluation.run import model

    defined = {n for n, obj in vars(model).items() if inspect.isclass(obj) and obj.__module__ == model.__name__}
    assert defined == {"EvalConfig", "RunConfig", "ExecutorConfig", "ResolvedRun", "SimulatorSetup"}
    parts = {f.name: f.type for f in fields(EvalConfig)} | {f.name: f.type for f in fields(ResolvedRun)}
    assert {"ExecutorConfig", "Mapping[str, RunConfig]", "SimulatorSetup", "EvalConfig", "RunConfig"} <= set(parts.values())


def test_a_configuration_changed_after_reading_is_checked_again_at_load_run(tmp_path):
    from dataclasses import replace

    import yaml

    from eligibench.errors import ParamsError
    from eligibench.evaluation.run import load_run, read_config
    from tests.evaluation.test_run_id_pins import ROOT

    config = read_config(yaml.safe_load((ROOT / "params.yaml").read_text()))
    for bad, key in ((replace(config, trials=0), "evaluate.trials"), (replace(config, max_questions=0), "evaluate.max_questions"),
                     (replace(config, subset_select="longest"), "evaluate.subset_select")):
        with pytest.raises(ParamsError, match=key):
            load_run(ROOT / "submissions" / "direct", tmp_path, config=bad)


def test_the_stored_form_is_built_in_one_function():
    """RunSpec is the resolved run's stored form: `run_identity` alone constructs one in the
    library (play and the Inspect import start from its result), so no second hand-kept copy of
    a run's identity can drift from it."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    builders = []
    for path in sorted((root / "eligibench").rglob("*.py")) + sorted((root / "stages").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                calls = [c for c in ast.walk(fn) if isinstance(c, ast.Call) and getattr(c.func, "id", None) == "RunSpec"]
                builders += [f"{path.relative_to(root)}:{fn.name}"] if calls else []
    assert builders == ["eligibench/evaluation/run/resolve.py:run_identity"]
