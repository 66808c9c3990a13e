"""`load_run` is the one way from params to a resolved run, and it resolves the runs the
pipeline stored: the run id of every `evaluate@` entry, built through load_run, equals the
run id in the stage's summary (`results/runs/<name>.json`) that the committed dvc.lock names
by its md5. A run id covers its submission's code (`code_hash`), so the submissions are taken
as they were in the commit that wrote dvc.lock: the test pins what resolving does, while a
changed agent is rightly a new run (dvc repro re-runs its stage)."""
from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
import yaml

from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.play import HUMAN_MANIFEST
from eligibench.evaluation.run import load_config, load_run, read_config, resolve_run, run_identity
from eligibench.results.identity import run_id_for

ROOT = Path(__file__).resolve().parents[2]
PARAMS = yaml.safe_load((ROOT / "params.yaml").read_text())


def _locked_summaries() -> dict[str, Path]:
    """evaluate@<name> -> its summary file, when the file here is the one dvc.lock records."""
    stages = yaml.safe_load((ROOT / "dvc.lock").read_text())["stages"]
    out = {}
    for stage, body in stages.items():
        if not stage.startswith("evaluate@"):
            continue
        for o in body.get("outs", []):
            path = ROOT / o["path"]
            if o["path"].startswith("results/runs/") and path.is_file() \
                    and hashlib.md5(path.read_bytes()).hexdigest() == o["md5"]:
                out[stage.partition("@")[2]] = path
    return out


def _submissions_at_lock(dest: Path) -> Path | None:
    """submissions/ as of the last commit that changed dvc.lock, unpacked under `dest`."""
    def git(*args: str) -> bytes:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=True).stdout

    try:
        commit = git("log", "-1", "--format=%H", "--", "dvc.lock").decode().strip()
        archive = git("archive", "--format=tar", commit, "submissions")
    except (OSError, subprocess.CalledProcessError):
        return None
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(dest, filter="data")
    return dest / "submissions"


@pytest.mark.needs_datasets
def test_every_evaluate_entry_keeps_its_committed_run_id(tmp_path):
    summaries = _locked_summaries()
    config = read_config(PARAMS)
    names = list(config.runs)
    if not (ROOT / "benyfits").is_dir() or set(summaries) != set(names):
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    submissions = _submissions_at_lock(tmp_path)
    if submissions is None:
        pytest.skip("needs the git history (the submissions as of the commit that wrote dvc.lock)")
    got = {n: run_id_for(run_identity(load_run(submissions / config.runs[n].submission, ROOT, run=n)))
           for n in names}
    want = {n: json.loads(summaries[n].read_text())["run_id"] for n in names}
    assert got == want


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path_factory.mktemp("load") / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    shutil.copy(ROOT / "params.yaml", proj / "params.yaml")
    shutil.copytree(ROOT / "submissions" / "direct", proj / "submissions" / "direct",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return proj


def test_a_name_a_folder_and_a_manifest_resolve_the_same_run(project):
    """The three ways to name a run give one identity, the one the hand-built chain gave."""
    config = read_config(PARAMS)
    folder = project / "submissions" / "direct"
    by_hand = resolve_run(config, load_manifest(folder), config.run("direct"), project=project)
    ids = {run_id_for(run_identity(r)) for r in (
        by_hand,
        load_run("direct", project),
        load_run(folder, project, run="direct"),
        load_run(load_manifest(folder), project, run="direct", config=config),
    )}
    assert len(ids) == 1


def test_overrides_set_evaluate_keys_and_dotted_keys_reach_inside(project):
    config = load_config(project, {"trials": 3, "executor": "ray", "ray.address": "ray://here:10001"})
    assert config.trials == 3
    assert config.executor.kind == "ray" and config.executor.address == "ray://here:10001"
    # the file's other ray keys stay
    assert config.executor.dialogs_per_task == PARAMS["evaluate"]["ray"]["dialogs_per_task"]
    assert load_run("direct", project, {"trials": 3}).config.trials == 3


def test_the_human_stand_in_and_unknown_names_are_answered(project):
    assert load_run(HUMAN_MANIFEST, project).manifest is HUMAN_MANIFEST
    from eligibench.errors import ParamsError

    with pytest.raises(ParamsError, match="no run configuration 'nope'"):
        load_run("nope", project)
    with pytest.raises(ValueError, match="given twice"):
        load_run("direct", project, run="direct")
