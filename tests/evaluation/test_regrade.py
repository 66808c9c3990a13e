"""Issue 31 item 1: the ground-truth digest, and `benyfits regrade` after a real checker edit.

The edit is made in a temporary copy of `checkers/` (a project of its own, imported first through
PYTHONPATH by the `benyfits` subprocesses); the project's own checkers are never touched."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checkers.idnyc import lives_in_nyc
from eligibench.datasets import dataset_path, read_parquet
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.regrade import ground_truth
from eligibench.evaluation.run import evaluate
from eligibench.results import ResultStore, RunSpec
from tests.evaluation.doubles import ExtractiveUserModel, ScriptedAgent
from tests.evaluation.plans import runner_plan

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)

ROOT = Path(__file__).resolve().parents[2]
TARGET = "IDNYC"
EDIT = ("    if m.age < 10:\n", "    if m.age < 30:\n")  # one line of checkers/idnyc.py


def _copy(tmp: Path) -> Path:
    proj = tmp / "proj"
    shutil.copytree(ROOT / "checkers", proj / "checkers", ignore=shutil.ignore_patterns("__pycache__"))
    return proj


def _edit(proj: Path, name: str, old: str, new: str) -> None:
    path = proj / "checkers" / name
    text = path.read_text()
    assert text.count(old) == 1, f"{name}: the planted edit's line is not there once"
    path.write_text(text.replace(old, new))


def _benyfits(proj: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(proj))
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], cwd=proj, env=env,
                          capture_output=True, text=True, timeout=300)


def _digest(proj: Path, edition: str = "2024") -> str:
    env = dict(os.environ, PYTHONPATH=str(proj))
    code = ("import checkers, sys; from eligibench.evaluation.regrade import ground_truth;"
            f"assert checkers.__file__.startswith({str(proj)!r}), checkers.__file__;"
            f"print(ground_truth({edition!r}).digest)")
    out = subprocess.run([sys.executable, "-c", code], cwd=proj, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_digest_moves_with_one_checker_line_and_not_with_unrelated_files(tmp_path):
    proj = _copy(tmp_path)
    here = ground_truth("2024").digest
    assert here.startswith("gt-") and len(here) == 15
    assert _digest(proj) == here  # a copy elsewhere: the same digest (paths are relative)
    (proj / "checkers" / "README.md").write_text("changed\n")  # not a module
    own = proj / "checkers" / "editions" / "e2026_08" / "affordable_broadband_act.py"  # new in 2026-08: not 2024's
    own.write_text(own.read_text() + "# a comment in the 2026-08 edition only\n")
    (proj / "unrelated.py").write_text("X = 1\n")
    assert _digest(proj) == here
    common = proj / "checkers" / "_common.py"  # a module the checkers import
    common.write_text(common.read_text() + "# shared constants edited\n")
    moved_by_shared = _digest(proj)
    assert moved_by_shared != here
    _edit(proj, "idnyc.py", *EDIT)
    assert _digest(proj) not in (here, moved_by_shared)
    later = _digest(proj, "2026-08")
    twin = proj / "checkers" / "access_a_ride_paratransit_service.py"  # a 2026-08 variant runs this 2024 code
    twin.write_text(twin.read_text() + "# the twin edited\n")
    assert _digest(proj, "2026-08") != later


def _rows():
    out = {}
    for d in ("diverse", "representative"):
        out[d] = [r for r in read_parquet(dataset_path(ROOT / "benyfits", d)) if TARGET in r.opportunities]
    return out


class SaysEligible(ScriptedAgent):
    """The agent says "eligible" for everything, so a label flip flips the pair's correctness."""

    def predict(self, dialog):
        return {i: True for i in self.ids}


def _run(store: ResultStore, rows) -> str:
    briefs = {o: OpportunityBrief(o, o, "text") for rs in rows.values() for r in rs for o in r.opportunities}
    version = rows["diverse"][0].data_version
    spec = RunSpec("scripted", {}, "extractive-test-user", {"seed": 0}, version, tuple(rows))
    plan = runner_plan(spec, rows, briefs, 48, bootstrap=50)
    return evaluate(*plan, store, lambda *a: SaysEligible(questions=1), ExtractiveUserModel())


def _labels(store: ResultStore, run_id: str) -> dict:
    return {(d.dataset, d.row_id, d.trial, o): v for d in store.dialog_results(run_id) for o, v in d.labels.items()}


def test_regrade_after_a_real_checker_edit_changes_exactly_the_affected_pairs(tmp_path):
    rows = _rows()
    db = tmp_path / "results.duckdb"
    store = ResultStore(db)
    run_id = _run(store, rows)
    first = store.gradings(run_id)
    assert [g["grading"] for g in first] == [1] and first[0]["ground_truth"] == ground_truth("2024").digest
    before_labels, before_metrics = _labels(store, run_id), {(m["dataset"], m["name"]): m["value"] for m in store.metrics(run_id)}

    proj = _copy(tmp_path)
    same = _benyfits(proj, "regrade", "--all", "--store", str(db))
    assert same.returncode == 0, same.stderr
    assert "already graded" in same.stdout and len(store.gradings(run_id)) == 1

    _edit(proj, "idnyc.py", *EDIT)
    out = _benyfits(proj, "regrade", "--all", "--store", str(db))
    assert out.returncode == 0, out.stderr
    # expected from the household, independently of the regrade: IDNYC now needs someone in NYC aged 30+
    hh = {(d, r.id): r.household for d, rs in rows.items() for r in rs}
    expected = {k for k, v in before_labels.items() if k[3] == TARGET
                and v != any(lives_in_nyc(m) and m.age >= 30 for m in hh[k[:2]].members)}
    assert len(expected) >= 2, "the planted edit should change some labels (the test's premise)"
    after = _labels(store, run_id)
    changed = {k for k in after if after[k] != before_labels[k]}
    assert changed == expected
    recorded = {(c["dataset"], c["row_id"], c["trial"], c["opportunity"]) for c in store.grading_changes(run_id)}
    assert recorded == expected
    for d, row, trial, opp in expected:
        assert f"{d}/{row} trial {trial} {opp}: label" in out.stdout
    assert f"{len(expected)} label(s) changed" in out.stdout

    gradings = store.gradings(run_id)  # both kept; the newest is the one the metrics table shows
    assert [g["grading"] for g in gradings] == [1, 2]
    assert gradings[1]["ground_truth"] not in (None, gradings[0]["ground_truth"]) and gradings[1]["changed"] == len(expected)
    assert {(m[0], m[1]): m[2] for m in gradings[0]["metrics"]} == {k: v for k, v in before_metrics.items()
                                                                      if k in {(m[0], m[1]) for m in gradings[0]["metrics"]}}
    now = {(m["dataset"], m["name"]): m["value"] for m in store.metrics(run_id)}
    assert now == {(m[0], m[1]): m[2] for m in gradings[1]["metrics"]}
    assert now[("average", "f1")] != before_metrics[("average", "f1")]
    assert now[("average", "turns")] == before_metrics[("average", "turns")]  # no model call, same dialogs

    again = _benyfits(proj, "regrade", "--all", "--store", str(db))
    assert "already graded" in again.stdout and len(store.gradings(run_id)) == 2


def test_regrade_needs_runs_or_all_and_names_a_missing_run(tmp_path):
    db = tmp_path / "results.duckdb"
    ResultStore(db).migrate()
    for args, words in ((("regrade", "--store", str(db)), "--all"), (("regrade", "nosuchrun", "--store", str(db)), "nosuchrun")):
        out = subprocess.run([sys.executable, "-m", "eligibench.cli", *args], cwd=ROOT, capture_output=True, text=True,
                             timeout=120)
        assert out.returncode != 0 and words in out.stderr and "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1


@pytest.fixture(autouse=True)
def _no_cache_between_tests():
    ground_truth.cache_clear()
    yield


def test_a_run_without_its_households_is_skipped_by_all_and_an_error_when_named(tmp_path):
    import duckdb

    db = tmp_path / "results.duckdb"
    store = ResultStore(db)
    run_id = _run(store, {"diverse": _rows()["diverse"][:1], "representative": []})
    con = duckdb.connect(str(db))  # a run from before version 5, on a data version no longer published
    con.execute("DELETE FROM run_households")
    con.execute("DELETE FROM gradings")
    con.execute("UPDATE runs SET data_version = 'dv-000000000000'")
    con.close()
    out = subprocess.run([sys.executable, "-m", "eligibench.cli", "regrade", "--all", "--store", str(db)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and f"{run_id[:12]}  scripted: not regraded: " in out.stdout
    assert "dv-000000000000" in out.stdout and store.gradings(run_id) == []
    named = subprocess.run([sys.executable, "-m", "eligibench.cli", "regrade", run_id[:8], "--store", str(db)], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
    assert named.returncode == 2 and "dv-000000000000" in named.stderr and "Traceback" not in named.stderr
