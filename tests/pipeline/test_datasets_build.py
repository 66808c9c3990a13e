"""The dataset stages for real, on a reduced count, in scratch copies of the project."""
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.scratch import COUNT, DATASET_STAGES, apply_params, dataset_params, dvc, make_project, pipeline_env

pytestmark = pytest.mark.dvc



def _project(dst: Path, **overrides) -> Path:
    return make_project(dst, dataset_params(**overrides))


def _env(snapshot: Path) -> dict:
    return pipeline_env(snapshot)


def _repro(proj: Path, snapshot: Path, *stages: str) -> subprocess.CompletedProcess:
    return dvc(proj, snapshot, "repro", *stages)


@pytest.fixture(scope="module")
def built(built_datasets: Path) -> Path:
    """The session's build (tests/pipeline/conftest.py), shared with test_data_version."""
    return built_datasets


@pytest.fixture
def publish_params(built) -> Iterator[Path]:
    """The built project's params.yaml, to rewrite: restored after the test (also on failure), so
    the other tests and test_data_version's copy see the project as built, whatever the order."""
    params = built / "params.yaml"
    text = params.read_text()
    yield params
    params.write_text(text)


def _digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_published_folder_loads_with_datasets_for_every_config(built):
    code = ("import datasets, json\n"
            "out = {c: datasets.load_dataset('benyfits', c, split='test').num_rows for c in ('diverse', 'representative', 'opportunities')}\n"
            "print(json.dumps(out))")
    r = subprocess.run([sys.executable, "-c", code], cwd=built, capture_output=True, text=True,
                       env=dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1"))
    assert r.returncode == 0, r.stderr
    import json
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["representative"] == 5 and counts["opportunities"] == 82 and counts["diverse"] > 5


def test_rows_carry_household_labels_traces_profile_and_version(built):
    from eligibench.datasets import dataset_path, read_parquet

    rows = read_parquet(dataset_path(built / "benyfits", "diverse"))
    for r in rows:
        assert len(r.opportunities) == len(r.labels) == len(r.trace_ids) == len(r.needed_facts) >= 1
        assert r.profile.startswith("Your household") and r.roster in r.profile
        assert r.data_version == rows[0].data_version
    reps = read_parquet(dataset_path(built / "benyfits", "representative"))
    assert all(6 <= len(r.opportunities) <= 19 for r in reps)


def test_labels_agree_with_the_checkers(built):
    from checkers import registry
    from eligibench.datasets import dataset_path, read_parquet
    from eligibench.household import ALWAYS_KNOWN
    from eligibench.truth import TracedChecker

    reg = registry()
    for name in ("diverse", "representative"):
        for r in read_parquet(dataset_path(built / "benyfits", name)):
            for o, label, tid in zip(r.opportunities, r.labels, r.trace_ids):
                t, reads = TracedChecker(o, reg[o]).run_reads(r.household)
                assert (t.eligible, t.id) == (label, tid)
                assert r.needed_facts[r.opportunities.index(o)] == tuple(sorted(reads - ALWAYS_KNOWN))


def test_coverage_report_keeps_every_reached_line(built):
    import json

    c = json.loads((built / "reports" / "coverage.json").read_text())
    assert c["elements_covered"] == c["elements_to_cover"] and c["fuzzed_households"] == COUNT
    md = (built / "reports" / "coverage.md").read_text()
    assert "| households |" in md and "| 56 |" in md  # v1 beside ours


def test_card_lists_configs_and_build_params(built):
    card = (built / "benyfits" / "README.md").read_text()
    assert "config_name: diverse" in card and "config_name: opportunities" in card
    assert f'"count": {COUNT}' in card and "Data version" in card and "Limitations" in card
    assert "snapshot (kvhd-5fmu-2024.json" in card


def test_same_params_give_byte_identical_dataset(built, tmp_path, snapshot_2024):
    again = _project(tmp_path / "b")
    r = _repro(again, snapshot_2024, *DATASET_STAGES)
    assert r.returncode == 0, r.stdout + r.stderr
    assert _digest(again / "benyfits") == _digest(built / "benyfits")


@pytest.fixture(scope="module")
def _unbuilt_project(tmp_path_factory) -> Path:
    return _project(tmp_path_factory.mktemp("bad") / "proj")


@pytest.fixture
def unbuilt(_unbuilt_project: Path) -> Iterator[Path]:
    """One never-built project for every bad-params case, reset to its commit after each
    (params.yaml, and whatever the failing run left: dvc.lock, the upstream stages' outputs, any
    data/datasets), so each case starts as from make_project. DVC's cache and run cache stay: an
    upstream stage a later case needs again is checked out, not re-run. Measured on 2 loaded cores:
    the six cases took 45 CPU-s with a project each, 30 CPU-s sharing this one."""
    yield _unbuilt_project
    git = ["git", "-C", str(_unbuilt_project)]
    subprocess.run([*git, "checkout", "-q", "--", "."], check=True)
    subprocess.run([*git, "clean", "-fdxq", "-e", ".dvc", "-e", "__pycache__"], check=True)


@pytest.mark.parametrize("override, message", [
    ({"households__count": 0}, "'households.count' is 0"),
    ({"households__max_members": 7}, "'households.max_members' is 7"),
    ({"representative__pool": ["IDNYC", "NotAProgram"]}, "unknown opportunity id 'NotAProgram'"),
    ({"representative__opportunities_max": 90}, "cannot be met"),
    ({"representative__opportunities_min": 12, "representative__opportunities_max": 8}, "above"),
    ({"diverse__coverage": "branches"}, "'diverse.coverage'"),
])
def test_bad_params_fail_before_any_work(unbuilt, snapshot_2024, override, message):
    proj = unbuilt
    apply_params(proj, dataset_params(**override))
    stage = {"households": "households", "representative": "representative", "diverse": "diverse"}[next(iter(override)).split("__")[0]]
    r = _repro(proj, snapshot_2024, stage)
    assert r.returncode != 0
    assert message in r.stdout + r.stderr
    assert not (proj / "data" / "datasets").exists() or stage == "diverse"


def test_upload_plan_is_exactly_the_folder_with_the_version_in_the_message(built):
    from eligibench.datasets import commit_message, upload_operations

    ops = upload_operations(built / "benyfits")
    paths = [op.path_in_repo for op in ops]
    version = (built / "benyfits" / "README.md").read_text().split("**Data version:** `", 1)[1].split("`", 1)[0]
    vdir = "data/" + version.replace("+", "-")
    # the 2024 edition under the card's data version; other editions' files (issue 21) in their own
    # version folders; exactly the files the card's `configs:` name, nothing else of the folder
    # (version folders are content hashes, so which edition's folder sorts first is not fixed)
    assert paths[0] == "README.md"
    assert [p for p in paths if p.startswith(vdir + "/")] == [f"{vdir}/diverse.parquet", f"{vdir}/opportunities.parquet",
                                                              f"{vdir}/representative.parquet"]
    import yaml

    card = yaml.safe_load((built / "benyfits" / "README.md").read_text().split("---")[1])
    named = sorted({f["path"] for c in card["configs"] for f in c["data_files"]})
    assert sorted(paths[1:]) == named
    assert all(Path(op.path_or_fileobj).is_file() for op in ops)
    assert commit_message(version) == f"BeNYfits data {version}"


def test_upload_is_skipped_without_repo_or_token(built, publish_params, snapshot_2024):
    r = subprocess.run([sys.executable, "-m", "stages.publish"], cwd=built, env=_env(snapshot_2024), capture_output=True, text=True)
    assert r.returncode == 0 and "upload skipped: publish.repo_id is empty" in r.stdout
    params = publish_params
    params.write_text(params.read_text().replace("repo_id: ''", "repo_id: me/benyfits"))
    env = _env(snapshot_2024)
    env.pop("HF_TOKEN", None)
    r = subprocess.run([sys.executable, "-m", "stages.publish"], cwd=built, env=env, capture_output=True, text=True)
    assert r.returncode == 0 and "upload to me/benyfits skipped: HF_TOKEN is not set" in r.stdout


def test_upload_with_token_but_no_hub_fails_loudly(built, publish_params, snapshot_2024):
    # No fake Hub: with HF_HUB_OFFLINE=1 every Hub call raises, so the stage must fail, not pretend.
    params = publish_params
    params.write_text(params.read_text().replace("repo_id: ''", "repo_id: me/benyfits"))
    env = _env(snapshot_2024) | {"HF_TOKEN": "hf_not_a_real_token"}
    r = subprocess.run([sys.executable, "-m", "stages.publish"], cwd=built, env=env, capture_output=True, text=True)
    assert r.returncode != 0
    assert "offline" in (r.stdout + r.stderr).lower()
