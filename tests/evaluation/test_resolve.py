"""A run is resolved once, and its identity depends on exactly the params a DVC stage tracks.

For every key of the shipped `evaluate` section, change its value and resolve the run again: the
keys whose change moves the run id must be exactly `IDENTITY_KEYS`, and each of them must be a
DVC param of the `evaluate@` stage (else changing it would move the id without re-running)."""
from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.run import (
    IDENTITY_KEYS,
    read_config,
    resolve_run,
    run_identity,
    simulator_setup,
)
from eligibench.results.identity import run_id_for

ROOT = Path(__file__).resolve().parents[2]
PARAMS = yaml.safe_load((ROOT / "params.yaml").read_text())


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path_factory.mktemp("resolve") / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2, version="synthetic-2026-08", edition="2026-08")
    return proj


def _run_id(params: dict, project: Path, name: str = "direct") -> str:
    config = read_config(params)
    run = config.run(name)
    resolved = resolve_run(config, load_manifest(ROOT / "submissions" / run.submission), run, project=project)
    return run_id_for(run_identity(resolved))


# one changed value per key of the shipped evaluate section
CHANGES = {
    "simulator": lambda v: {**v, "max_tokens": v["max_tokens"] + 1},
    "simulator_mode": lambda v: {**v, "select": "model"},
    "agent_model": lambda v: {**v, "max_tokens": v["max_tokens"] + 1},
    "runs": lambda v: {**v, "direct": {**v["direct"], "options": {**v["direct"].get("options", {}), "min_questions": 3}}},
    "subset": lambda v: {**v, "diverse": v["diverse"] + 1},  # a different count whatever the default
    "subset_select": lambda v: "first" if v == "shortest" else "shortest",
    "max_questions": lambda v: (v or 20) + 1,
    "trials": lambda v: v + 1,
    "concurrency": lambda v: v + 1,
    "executor": lambda v: "ray" if v == "local" else "local",
    "ray": lambda v: {**v, "address": "ray://elsewhere:10001", "dialogs_per_task": v["dialogs_per_task"] + 1},
    "infra_retries": lambda v: v + 1,
    "call_timeout_s": lambda v: v + 1,
    "agent_memory_mb": lambda v: v + 1,
    "budget": lambda v: {**v, "calls": v["calls"] - 1},
    "bootstrap": lambda v: v + 1,
    "seed": lambda v: v + 1,
    "store": lambda v: "results/other.duckdb",
    "edition": lambda v: "2026-08",
    "isolation": lambda v: "jail" if v == "auto" else "auto",  # how agents run, recorded beside the run: not its id
}


def test_every_shipped_evaluate_key_has_a_change_in_this_test():
    assert set(PARAMS["evaluate"]) == set(CHANGES), "add the new evaluate key to CHANGES"


def test_the_keys_that_move_the_run_id_are_exactly_the_identity_keys(project):
    base = _run_id(PARAMS, project)
    moved = set()
    for key, change in CHANGES.items():
        p = copy.deepcopy(PARAMS)
        p["evaluate"][key] = change(p["evaluate"][key])
        if _run_id(p, project) != base:
            moved.add(key)
    assert moved == set(IDENTITY_KEYS)


def test_every_identity_key_is_a_dvc_param_of_the_evaluate_stage():
    stage = yaml.safe_load((ROOT / "dvc.yaml").read_text())["stages"]["evaluate"]["do"]
    tracked = set(stage["params"])
    missing = [k for k in IDENTITY_KEYS
               if f"evaluate.{k}" not in tracked and not (k == "runs" and "evaluate.runs.${key}" in tracked)]
    assert not missing, f"dvc.yaml evaluate@ does not track {missing}: changing them would not re-run it"


def test_a_resolved_run_is_immutable_and_carries_the_simulator_limit(project):
    config = read_config(PARAMS)
    resolved = resolve_run(config, load_manifest(ROOT / "submissions" / "direct"), config.run("direct"), project=project)
    from dataclasses import FrozenInstanceError

    with pytest.raises(FrozenInstanceError):
        resolved.split = "sealed"
    with pytest.raises(TypeError):
        resolved.options["paper"] = True  # read-only mapping
    assert resolved.config is config  # held, not copied: the limit every answer uses is the configured one
    assert run_identity(resolved).params["simulator_max_tokens"] == config.simulator.max_tokens


def test_the_simulated_user_answers_within_the_recorded_limit(project):
    """The runner's user gets the simulator spec's max_tokens (it used to get a default of 80)."""
    p = copy.deepcopy(PARAMS)
    p["evaluate"]["simulator"]["max_tokens"] = 256
    p["evaluate"]["simulator_mode"] = "free-form"
    config = read_config(p)
    resolved = resolve_run(config, load_manifest(ROOT / "submissions" / "random"), project=project)
    row = next(iter(resolved.rows.values()))[0]
    user = resolved.user(object(), row)
    assert user.max_tokens == 256


def test_audit_and_runs_share_one_simulator_setup():
    config = read_config(PARAMS)
    sim = simulator_setup(config)
    assert sim.mode == config.simulator_mode and not sim.stand_in
    stand_in = simulator_setup(replace(config), "quoting test user")
    assert stand_in.stand_in and not stand_in.uses_model and stand_in.label == "quoting test user"
