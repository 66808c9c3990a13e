"""The README's first command, checked on what it built: every default stage of dvc.yaml ran (with
the shipped run configurations), every evaluate run is done and records how its reference agent
ran, and, on a scratch copy of the built project, switching to the free-form simulator (the
paper's mode, so the real model answers: the CPU default's grounded lexical/template mode calls no
model) re-runs only what that changes, `audit` and `evaluate@random`, whose model-driven audit and
dialogs reach DuckDB.

These read the main job's outputs (`needs_datasets`: run after `dvc repro`; CI's third pass runs
the main job on a machine without bubblewrap, then these). Until 2026-11-28 this file built the
whole pipeline again in a scratch project with small params: 400 of the test command's 1,960
worker-seconds, repeating the job the README's first command had just done.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from eligibench import system
from eligibench.results import JAILED, UNJAILED
from tests.scratch import copy_built_project, pipeline_env

pytestmark = [pytest.mark.needs_datasets, pytest.mark.dvc, pytest.mark.model]

ROOT = Path(__file__).resolve().parents[2]


def _dvc(*args: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dvc", *args], cwd=cwd, env=env, capture_output=True, text=True)


@pytest.fixture(scope="module")
def main_job() -> tuple[list[str], dict]:
    """The checkout's stages and dvc.lock, once `dvc status` says the main job's outputs are current."""
    status = _dvc("status", "--json")
    assert status.returncode == 0, status.stderr[-2000:]
    changed = sorted(json.loads(status.stdout or "{}"))
    if changed:
        pytest.fail(f"the main job's outputs are out of date here (`dvc status` lists {', '.join(changed)}): "
                    "run `dvc repro`, then these tests")
    stages = _dvc("stage", "list", "--name-only").stdout.split()
    return stages, yaml.safe_load((ROOT / "dvc.lock").read_text())


@pytest.fixture(scope="module")
def free_form(tmp_path_factory, snapshot_2024, main_job):
    proj = copy_built_project(tmp_path_factory.mktemp("built") / "proj")
    params = yaml.safe_load((proj / "params.yaml").read_text())
    params["evaluate"]["simulator_mode"] = None
    params["audit"].update(households=1, persona_households=1)  # only `audit` reads these
    (proj / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
    env = {**pipeline_env(snapshot_2024), "BENYFITS_BWRAP": "/nonexistent/bwrap",
           "BENYFITS_CHROMIUM": "/nonexistent/chromium"}
    r = _dvc("repro", "audit", "evaluate@random", cwd=proj, env=env)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return proj, r


def test_every_default_stage_ran(main_job):
    stages, lock = main_job
    runs = set(yaml.safe_load((ROOT / "params.yaml").read_text())["evaluate"]["runs"])
    assert {s.split("@", 1)[1] for s in stages if s.startswith("evaluate@")} == runs and len(runs) >= 7
    not_run = [s for s in stages if s not in lock["stages"]]
    assert not not_run, f"stages dvc.lock has no record of: {not_run}"


def test_every_run_is_done_and_records_how_its_reference_agent_ran(main_job):
    from eligibench.results import ResultStore

    configured = set(yaml.safe_load((ROOT / "params.yaml").read_text())["evaluate"]["runs"])
    summaries = {p.stem: json.loads(p.read_text()) for p in (ROOT / "results" / "runs").glob("*.json")}
    assert set(summaries) == configured
    # the store keeps every run this checkout ever made; the summaries name the main job's latest
    stored = {r["run_id"]: r for r in ResultStore(ROOT / "results" / "benyfits.duckdb").runs()}
    runs = [stored[s["run_id"]] for s in summaries.values()]
    assert all(run["status"] == "done" for run in runs), [(r["run_config"], r["status"]) for r in runs]
    assert [run["run_config"] for run in runs] == list(summaries)
    # the jail when bubblewrap was there, else the reference agent unjailed, and the summary says so
    for name, summary in summaries.items():
        assert summary["isolation"] == stored[summary["run_id"]]["isolation"] in {JAILED, UNJAILED}, name
    if system.find(system.BWRAP) is None:  # a machine without it now had none for the main job
        assert {run["isolation"] for run in runs} == {UNJAILED}


def test_only_audit_and_the_run_rerun_for_the_free_form_simulator(free_form):
    _, r = free_form
    ran = sorted(line.split("'")[1] for line in r.stdout.splitlines() if line.startswith("Running stage"))
    # preflight checks the machine, so it runs on every repro; of the work, only what the mode changes
    assert [s for s in ran if s != "preflight"] == ["audit", "evaluate@random"], r.stdout[-3000:]


def test_random_evaluated_on_both_datasets_with_the_embedded_simulator_into_duckdb(free_form):
    from eligibench.results import ResultStore

    proj, _ = free_form
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    (run,) = [r for r in store.runs() if r["simulator"].startswith("embedded:SmolLM2-135M-Instruct")]
    assert run["submission"] == "random" and run["status"] == "done" and run["run_config"] == "random"
    assert run["protocol"]["kind"] == "smoke" and run["protocol"]["simulator"]["reference"] is False
    dialogs = store.dialogs(run["run_id"])
    assert sorted({d["dataset"] for d in dialogs}) == ["diverse", "representative"] and len(dialogs) == 2
    metrics = {(m["dataset"], m["name"]): m for m in store.metrics(run["run_id"])}
    for key in (("diverse", "f1"), ("representative", "f1"), ("average", "turn_weighted_f1")):
        assert key in metrics
    assert metrics[("average", "turns")]["value"] == 0.0  # random asks nothing
    summary = json.loads((proj / "results" / "runs" / "random.json").read_text())
    assert summary["run_id"] == run["run_id"]  # the summary follows the latest run of the configuration


def test_audit_of_the_embedded_simulated_user_is_stored(free_form):
    from eligibench.results import ResultStore

    proj, _ = free_form
    (audit,) = [a for a in ResultStore(proj / "results" / "benyfits.duckdb").audits()
                if a["simulator"].startswith("embedded:")]
    assert audit["probes"] >= 8
    report = json.loads((proj / "reports" / "audit.json").read_text())
    assert report["probes"] == audit["probes"] and 0 <= report["faithful_pct"] <= 100
    assert report["examples"] and all(e["answer"] for e in report["examples"])
