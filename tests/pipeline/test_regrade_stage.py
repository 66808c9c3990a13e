"""The `regrade` stage run as DVC runs it (its script, in a project folder with its own params):
it regrades a run graded with an older ground truth and leaves a current one alone."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
import yaml

from eligibench.results import ResultStore
from tests.evaluation.test_regrade import _rows, _run

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)

ROOT = Path(__file__).resolve().parents[2]


def test_regrade_stage_regrades_only_runs_of_another_ground_truth(tmp_path):
    store = ResultStore(tmp_path / "results.duckdb")
    run_id = _run(store, _rows())
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    params["evaluate"]["store"] = str(tmp_path / "results.duckdb")
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(params))
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def stage() -> dict:
        out = subprocess.run([sys.executable, "-m", "stages.regrade"], cwd=tmp_path, env=env, capture_output=True,
                             text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        return json.loads((tmp_path / "reports" / "regrade.json").read_text())

    assert [r["grading"] for r in stage()["runs"]] == [None]  # graded with the current ground truth
    con = duckdb.connect(str(tmp_path / "results.duckdb"))
    con.execute("UPDATE gradings SET ground_truth = 'gt-000000000000' WHERE run_id = ?", [run_id])  # an older one
    con.close()
    report = stage()["runs"]
    assert [(r["run_id"], r["before"], r["grading"], r["changes"]) for r in report] == [(run_id, "gt-000000000000", 2, [])]
    assert [g["grading"] for g in store.gradings(run_id)] == [1, 2]
