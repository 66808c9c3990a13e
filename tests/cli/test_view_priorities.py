"""`benyfits view` of a priorities run shows the track's figures (priority-weighted F1,
recommendation match, give-up match, questions against patience), each with its interval."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from eligibench.results import DialogResult, ResultStore, RunSpec, Turn

ROOT = Path(__file__).resolve().parents[2]


def test_view_shows_the_priority_figures_with_intervals(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    rid = store.ensure_run(RunSpec(submission="teacher-priorities", agent_models={}, simulator="grounded",
                                   params={"seed": 0}, data_version="d", datasets=("diverse",)))
    store.record_dialog(rid, DialogResult("h1", "diverse", 0, (Turn("q?", "a."),), {"a": True}, {"a": True}, "ready",
                                          recommendation="a"))
    store.record_metrics(rid, [("average", "f1", 100.0, None, None),
                               ("average", "priority_weighted_f1", 83.1, 70.2, 95.0),
                               ("average", "recommendation_match", 83.3, 58.3, 100.0),
                               ("average", "give_up_match", 81.4, 67.0, 93.9)])
    env = {**os.environ, "COLUMNS": "200", "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "view", "--store", str(store.path), "--width", "200",
                        rid[:12]], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "priorities (95% household-bootstrap intervals)" in r.stdout
    for line in ("Priority-weighted F1", "83.1", "[70.2, 95.0]", "Recommendation match %", "[58.3, 100.0]",
                 "Give-up match %", "81.4"):
        assert line in r.stdout, line
    assert "Patience used %" in r.stdout  # a figure the run lacks is a dash, not left out
    assert "recommended first: a" in r.stdout  # the dialog's recommendation beside its predictions
