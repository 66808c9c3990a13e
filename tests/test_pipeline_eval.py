"""`dvc repro` of the audit and evaluate stages with the real embedded model (llama.cpp on CPU),
on a reduced dataset in a scratch copy of the project."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
COPY = ("dvc.yaml", "params.yaml", "stages", "eligibench", "checkers", "opportunities", "submissions")


@pytest.fixture(scope="module")
def project(tmp_path_factory, snapshot_2024) -> Path:
    proj = tmp_path_factory.mktemp("eval") / "proj"
    proj.mkdir()
    for name in COPY:
        src = ROOT / name
        (shutil.copytree(src, proj / name, ignore=shutil.ignore_patterns("__pycache__", "generated"))
         if src.is_dir() else shutil.copy(src, proj / name))
    p = yaml.safe_load((proj / "params.yaml").read_text())
    p["households"]["count"] = 300
    p["representative"]["count"] = 4
    p["evaluate"]["submissions"] = ["random"]
    p["evaluate"]["subset"] = {"diverse": 2, "representative": 2}
    p["audit"]["households"] = 1
    (proj / "params.yaml").write_text(yaml.safe_dump(p, sort_keys=False))
    subprocess.run(["git", "init", "-q"], cwd=proj, check=True)
    subprocess.run([sys.executable, "-m", "dvc", "init", "-q"], cwd=proj, check=True)
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               BENYFITS_OFFLINE="1", BENYFITS_NYC_SNAPSHOT=str(snapshot_2024), HF_HUB_OFFLINE="1")
    r = subprocess.run([sys.executable, "-m", "dvc", "repro"], cwd=proj, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return proj


def test_random_evaluated_on_both_datasets_into_duckdb(project):
    from eligibench.evaluation.store import ResultStore

    store = ResultStore(project / "results" / "benyfits.duckdb")
    (run,) = store.runs()
    assert run["submission"] == "random" and run["status"] == "done"
    assert run["simulator"].startswith("embedded:SmolLM2-135M-Instruct")
    dialogs = store.dialogs(run["run_id"])
    assert sorted({d["dataset"] for d in dialogs}) == ["diverse", "representative"] and len(dialogs) == 4
    metrics = {(m["dataset"], m["name"]): m for m in store.metrics(run["run_id"])}
    for key in (("diverse", "f1"), ("representative", "f1"), ("average", "turn_weighted_f1")):
        assert key in metrics
    assert metrics[("average", "turns")]["value"] == 0.0  # random asks nothing
    summary = json.loads((project / "results" / "runs" / "random.json").read_text())
    assert summary["run_id"] == run["run_id"]


def test_audit_of_the_embedded_simulated_user_is_stored(project):
    from eligibench.evaluation.store import ResultStore

    (audit,) = ResultStore(project / "results" / "benyfits.duckdb").audits()
    assert audit["simulator"].startswith("embedded:") and audit["probes"] >= 8
    report = json.loads((project / "reports" / "audit.json").read_text())
    assert report["probes"] == audit["probes"] and 0 <= report["faithful_pct"] <= 100
    assert report["examples"] and all(e["answer"] for e in report["examples"])
