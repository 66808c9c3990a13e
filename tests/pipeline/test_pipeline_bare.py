"""The README's first command on a machine without bubblewrap (issue 29): the real pipeline's
default stages (`dvc repro`, every stage of dvc.yaml with the shipped run configurations) in a
scratch copy of the project, committed as a clone is, with small params and BENYFITS_BWRAP naming
a path that does not exist. Every stage runs and exits 0, and every evaluate run records that its
reference agent ran without the jail.

The same project then switches to the free-form simulator (the paper's mode, so the real model
answers: the CPU default's grounded lexical/template mode calls no model) and re-runs only what
that changes, `audit` and `evaluate@random`: the embedded model's audit and dialogs reach DuckDB.
(One built project for both: this file replaced tests/pipeline/test_pipeline_eval.py, which built
its own.)"""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from eligibench.results import UNJAILED
from tests.scratch import make_project, pipeline_env

pytestmark = [pytest.mark.dvc, pytest.mark.model]

ROOT = Path(__file__).resolve().parents[2]
CODE_TOKENS = 64  # the shipped 450 per generated program made `generate` alone take minutes


def _small() -> dict:
    """Small params, so the whole pipeline fits the test budget; the stages and the run
    configurations stay the shipped ones (params.yaml evaluate.runs), with shorter generated code."""
    runs = yaml.safe_load((ROOT / "params.yaml").read_text())["evaluate"]["runs"]
    for run in runs.values():
        code = (run.get("models") or {}).get("code")
        if isinstance(code, dict):
            code["max_tokens"] = CODE_TOKENS
    return {
        "households": {"count": 300},
        "representative": {"count": 4, "per_opportunity": None, "opportunities_min": 1, "opportunities_max": 2},
        "audit": {"households": 1, "persona_households": 1},
        "realism": {"households": {"diverse": 1, "representative": 1}},
        "priorities": {"households": {"diverse": 1, "representative": 1}},
        "train": {"fuzzed": 20, "population": 5, "teacher": {"episodes": 2, "seed": 0}},
        "evaluate": {"runs": runs, "subset": {"diverse": 1, "representative": 1}, "max_questions": 1},
    }

@pytest.fixture(scope="module")
def bare(tmp_path_factory, snapshot_2024):
    proj = make_project(tmp_path_factory.mktemp("bare") / "proj", _small())  # committed, as a clone is
    env = {**pipeline_env(snapshot_2024), "BENYFITS_BWRAP": "/nonexistent/bwrap",
           "BENYFITS_CHROMIUM": "/nonexistent/chromium"}
    stages = subprocess.run([sys.executable, "-m", "dvc", "stage", "list", "--name-only"], cwd=proj, env=env,
                            capture_output=True, text=True, check=True).stdout.split()
    r = subprocess.run([sys.executable, "-m", "dvc", "repro"], cwd=proj, env=env, capture_output=True, text=True)
    return proj, stages, r, env


@pytest.fixture(scope="module")
def free_form(bare):
    proj, _, built, env = bare
    assert built.returncode == 0, built.stderr[-3000:]
    params = yaml.safe_load((proj / "params.yaml").read_text())
    params["evaluate"]["simulator_mode"] = None
    (proj / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
    r = subprocess.run([sys.executable, "-m", "dvc", "repro", "audit", "evaluate@random"], cwd=proj, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return proj, r


def test_every_default_stage_runs_and_exits_0_without_bubblewrap(bare):
    proj, stages, r, _ = bare
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    runs = set(yaml.safe_load((proj / "params.yaml").read_text())["evaluate"]["runs"])
    assert {s.split("@", 1)[1] for s in stages if s.startswith("evaluate@")} == runs and len(runs) >= 7
    not_run = [s for s in stages if f"Running stage '{s}'" not in r.stdout]
    assert not not_run, f"stages dvc repro did not run: {not_run}\n{r.stdout[-3000:]}"


def test_every_run_records_its_reference_agent_ran_unjailed(bare):
    from eligibench.results import ResultStore

    proj, _, r, _ = bare
    assert r.returncode == 0, r.stderr[-3000:]
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    runs = store.runs()  # the evaluate@ runs, and the realism stage's runs of its agent under each persona
    summaries = {p.stem for p in (proj / "results" / "runs").glob("*.json")}
    assert {run["run_config"] for run in runs} == summaries == set(
        yaml.safe_load((proj / "params.yaml").read_text())["evaluate"]["runs"])
    for run in runs:
        assert run["status"] == "done" and run["isolation"] == UNJAILED, (run["run_config"], run["status"], run.get("isolation"))
    for name in summaries:
        summary = json.loads((proj / "results" / "runs" / f"{name}.json").read_text())
        assert summary["run_id"] in {run["run_id"] for run in runs if run["run_config"] == name}


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
