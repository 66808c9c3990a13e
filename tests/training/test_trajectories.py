"""Issue 34: `benyfits export-trajectories`: SFT and DPO datasets from real runs (the teacher and
the random agent, hosted in the jail, on train-split households), loadable with
`datasets.load_dataset`; evaluation data is refused without `--i-know-this-is-test-data`."""
from __future__ import annotations

import copy
import json
import shutil

import pytest

from eligibench import params, paths
from eligibench.cli.main import main as cli
from eligibench.datasets import build_train, dataset_path, read_parquet
from eligibench.evaluation.hosting import import_submission_module, load_manifest
from eligibench.evaluation.run import read_config, resolve_run, run_submission
from tests.conftest import ROOT

pytestmark = [pytest.mark.needs_bwrap, pytest.mark.needs_datasets]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    from checkers import registry
    from eligibench.truth import traced_checkers

    proj = tmp_path_factory.mktemp("traj") / "project"
    (proj / "submissions").mkdir(parents=True)
    for name in ("teacher", "random"):
        shutil.copytree(ROOT / "submissions" / name, proj / "submissions" / name, ignore=shutil.ignore_patterns("__pycache__"))
    (proj / paths.DATASET_DIR).symlink_to(ROOT / paths.DATASET_DIR)
    import_submission_module(ROOT / "submissions" / "teacher", "knowledge").build(
        proj / "generated" / "teacher", ROOT / paths.DATASET_DIR, ROOT / paths.CHECKERS)
    raw = copy.deepcopy(params.load(ROOT / paths.PARAMS))
    raw["train"].update(fuzzed=4, population=2)
    modules = registry()
    published = [r.household for n in ("diverse", "representative") for r in read_parquet(dataset_path(ROOT / paths.DATASET_DIR, n))]
    train_rows, _ = build_train(traced_checkers(modules), list(modules.values()), {"opportunities": []}, raw, published)
    raw["evaluate"].update(runs={"teacher": {"submission": "teacher"}, "random": {"submission": "random"}},
                           subset={"diverse": 2, "representative": 1}, max_questions=None, bootstrap=10,
                           store="results/test.duckdb", isolation="jail")
    config = read_config(raw)
    ids = {}
    for name in ("teacher", "random"):
        resolved = resolve_run(config, load_manifest(proj / "submissions" / name), config.run(name), project=proj,
                               rows={"train": train_rows})
        ids[name] = run_submission(resolved, project=proj)["run_id"]
    test = resolve_run(config, load_manifest(proj / "submissions" / "random"), config.run("random"), project=proj)
    ids["public"] = run_submission(test, project=proj)["run_id"]
    return proj, ids, train_rows


def _load(folder, tmp_path):
    from datasets import load_dataset

    return load_dataset(str(folder), split="train", cache_dir=str(tmp_path / "cache"))


def test_sft_keeps_dialogs_above_the_threshold(project, tmp_path, capsys):
    proj, ids, rows = project
    store = str(proj / "results" / "test.duckdb")
    out = tmp_path / "sft"
    assert cli(["export-trajectories", ids["teacher"], ids["random"], "--format", "sft", "--out", str(out),
                "--store", store, "--project", str(proj)]) == 0
    data = _load(out, tmp_path)
    assert 1 <= data.num_rows <= 2 * len(rows) and all(a == 1.0 for a in data["accuracy"])
    first = data[0]
    assert [m["role"] for m in first["messages"]][:3] == ["system", "assistant", "user"]
    assert first["messages"][-1]["role"] == "assistant"
    assert json.loads(first["messages"][-1]["content"]) == dict(zip(first["opportunities"], first["predictions"]))
    assert all(first["correct"]) and first["dataset"] == "train" and set(data["split"]) == {"train"}
    assert json.loads(first["protocol"])["question_cap"] is None
    assert "# BeNYfits trajectories (sft)" in (out / "README.md").read_text()
    # a lower bar lets the random agent's partly wrong dialogs in
    low = tmp_path / "sft-low"
    cli(["export-trajectories", ids["teacher"], ids["random"], "--format", "sft", "--out", str(low), "--store", store,
         "--project", str(proj), "--threshold", "0"])
    assert _load(low, tmp_path).num_rows == 2 * len(rows) > data.num_rows


def test_dpo_pairs_the_teacher_over_the_random_agent_on_the_same_household(project, tmp_path):
    proj, ids, rows = project
    out = tmp_path / "dpo"
    cli(["export-trajectories", ids["teacher"], ids["random"], "--format", "dpo", "--out", str(out),
         "--store", str(proj / "results" / "test.duckdb"), "--project", str(proj)])
    data = _load(out, tmp_path)
    assert 1 <= data.num_rows <= len(rows)
    for rec in data:
        better = (rec["chosen_accuracy"], -rec["chosen_turns"]) > (rec["rejected_accuracy"], -rec["rejected_turns"])
        assert better and rec["prompt"][0]["role"] == "system" and rec["chosen_run_id"] != rec["rejected_run_id"]
        assert len(rec["chosen"]) == 2 * rec["chosen_turns"] + 1  # question, answer per turn, then the verdicts
    # the teacher (every pair right) is chosen wherever the random agent guessed a pair wrong
    assert any(r["chosen_run_id"] == ids["teacher"] and r["rejected_accuracy"] < 1 for r in data)


def test_refuses_test_data_unless_told(project, tmp_path, capsys):
    proj, ids, _ = project
    args = ["export-trajectories", ids["public"], "--format", "sft", "--threshold", "0", "--store",
            str(proj / "results" / "test.duckdb"), "--project", str(proj)]
    assert cli([*args, "--out", str(tmp_path / "no")]) == 2
    assert "--i-know-this-is-test-data" in capsys.readouterr().err and not (tmp_path / "no").exists()
    assert cli([*args, "--out", str(tmp_path / "yes"), "--i-know-this-is-test-data"]) == 0
    exported = _load(tmp_path / "yes", tmp_path)
    assert set(exported["dataset"]) == {"diverse", "representative"} and set(exported["split"]) == {"test"}
