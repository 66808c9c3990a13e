"""`dvc repro` of the audit and evaluate stages with the real embedded model (llama.cpp on CPU),
on a reduced dataset in a scratch copy of the project."""
import json
from pathlib import Path

import pytest

from tests.scratch import dvc, make_project

pytestmark = [pytest.mark.dvc, pytest.mark.model]


@pytest.fixture(scope="module")
def project(tmp_path_factory, snapshot_2024) -> Path:
    proj = make_project(tmp_path_factory.mktemp("eval") / "proj", {
        "households": {"count": 300}, "representative": {"count": 4, "per_opportunity": None}, "audit": {"households": 1},
        # free-form: the paper's simulator mode, so the real model answers (the CPU default's grounded
        # lexical/template mode calls no model)
        "evaluate": {"runs": {"random": {"submission": "random"}}, "subset": {"diverse": 2, "representative": 2},
                     "simulator_mode": None},
    })
    r = dvc(proj, snapshot_2024, "repro")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return proj


def test_random_evaluated_on_both_datasets_into_duckdb(project):
    from eligibench.results.store import ResultStore

    store = ResultStore(project / "results" / "benyfits.duckdb")
    (run,) = store.runs()
    assert run["submission"] == "random" and run["status"] == "done" and run["run_config"] == "random"
    assert run["protocol"]["kind"] == "smoke" and run["protocol"]["simulator"]["reference"] is False
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
    from eligibench.results.store import ResultStore

    (audit,) = ResultStore(project / "results" / "benyfits.duckdb").audits()
    assert audit["simulator"].startswith("embedded:") and audit["probes"] >= 8
    report = json.loads((project / "reports" / "audit.json").read_text())
    assert report["probes"] == audit["probes"] and 0 <= report["faithful_pct"] <= 100
    assert report["examples"] and all(e["answer"] for e in report["examples"])
