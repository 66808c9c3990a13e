"""The README's first command on a machine without bubblewrap (issue 29): the real pipeline's
default stages (`dvc repro`, every stage of dvc.yaml with the shipped run configurations) in a
scratch copy of the project, committed as a clone is, with small params and BENYFITS_BWRAP naming
a path that does not exist. Every stage runs and exits 0, and every evaluate run records that its
reference agent ran without the jail."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from eligibench.results.records import UNJAILED
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
        "audit": {"households": 1},
        "evaluate": {"runs": runs, "subset": {"diverse": 1, "representative": 1}, "max_questions": 1},
    }
GIT = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "init.defaultBranch=main"]


def _committed(proj: Path) -> Path:
    """Commit the copy, as a clone is: reference agents are the folders git has as committed."""
    (proj / ".gitignore").write_text("__pycache__/\n")
    subprocess.run([*GIT, "add", "-A"], cwd=proj, check=True)
    subprocess.run([*GIT, "commit", "-q", "-m", "scratch copy of the project"], cwd=proj, check=True)
    return proj


@pytest.fixture(scope="module")
def bare(tmp_path_factory, snapshot_2024):
    proj = _committed(make_project(tmp_path_factory.mktemp("bare") / "proj", _small()))
    env = {**pipeline_env(snapshot_2024), "BENYFITS_BWRAP": "/nonexistent/bwrap",
           "BENYFITS_CHROMIUM": "/nonexistent/chromium"}
    stages = subprocess.run([sys.executable, "-m", "dvc", "stage", "list", "--name-only"], cwd=proj, env=env,
                            capture_output=True, text=True, check=True).stdout.split()
    r = subprocess.run([sys.executable, "-m", "dvc", "repro"], cwd=proj, env=env, capture_output=True, text=True)
    return proj, stages, r


def test_every_default_stage_runs_and_exits_0_without_bubblewrap(bare):
    proj, stages, r = bare
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    runs = set(yaml.safe_load((proj / "params.yaml").read_text())["evaluate"]["runs"])
    assert {s.split("@", 1)[1] for s in stages if s.startswith("evaluate@")} == runs and len(runs) >= 7
    not_run = [s for s in stages if f"Running stage '{s}'" not in r.stdout]
    assert not not_run, f"stages dvc repro did not run: {not_run}\n{r.stdout[-3000:]}"


def test_every_run_records_its_reference_agent_ran_unjailed(bare):
    from eligibench.results.store import ResultStore

    proj, _, r = bare
    assert r.returncode == 0, r.stderr[-3000:]
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    by_config = {run["run_config"]: run for run in store.runs()}
    summaries = {p.stem for p in (proj / "results" / "runs").glob("*.json")}
    assert set(by_config) == summaries == set(yaml.safe_load((proj / "params.yaml").read_text())["evaluate"]["runs"])
    for name, run in by_config.items():
        assert run["status"] == "done" and run["isolation"] == UNJAILED, (name, run["status"], run.get("isolation"))
        summary = json.loads((proj / "results" / "runs" / f"{name}.json").read_text())
        assert summary["run_id"] == run["run_id"]
