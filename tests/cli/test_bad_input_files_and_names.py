"""Bad files and names (catalog files, stores, inputs, folder and model names): each bad input is
one `benyfits: error: <file>: ...` line (exit 2), never a traceback, and nothing is silently
accepted. Real files, real subprocesses."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from eligibench import params
from eligibench.datasets import Row
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import Manifest, SubmissionError
from eligibench.evaluation.run import read_config, role_specs, subset_rows
from eligibench.household import household

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=180, env=env)


def _one_error(r: subprocess.CompletedProcess, path: object, *parts: str) -> None:
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert len(lines) == 1 and lines[0].startswith(f"benyfits: error: {path}: "), r.stderr
    for part in parts:
        assert part in lines[0], lines[0]


def _catalog(tmp_path: Path) -> Path:
    d = tmp_path / "opps"
    shutil.copytree(ROOT / "opportunities", d)
    return d


def test_validate_non_utf8_yaml(tmp_path):
    d = _catalog(tmp_path)
    (d / "Bad.yaml").write_bytes(b"id: Bad\nname: \xff\xfe\n")
    _one_error(_cli("validate", "--opportunities", str(d)), d / "Bad.yaml", "not UTF-8 text (byte 14")


def test_validate_a_folder_named_like_a_yaml_file(tmp_path):
    d = _catalog(tmp_path)
    (d / "Zzz.yaml").mkdir()
    _one_error(_cli("validate", "--opportunities", str(d)), d / "Zzz.yaml", "is a folder, expected an opportunity file")


def test_validate_a_symlink_loop(tmp_path):
    d = _catalog(tmp_path)
    (d / "Loop.yaml").symlink_to("Loop.yaml")
    _one_error(_cli("validate", "--opportunities", str(d)), d / "Loop.yaml", "cannot be read", "symbolic links")


def _params_with_store(tmp_path: Path, store: str) -> Path:
    p = tmp_path / "params.yaml"
    text = (ROOT / "params.yaml").read_text()
    assert "\n  store: " in text
    lines = [f"  store: {store}" if line.startswith("  store: ") else line for line in text.splitlines()]
    p.write_text("\n".join(lines) + "\n")
    return p


@pytest.mark.parametrize("store, expect", [("DIR", "is a folder, expected a DuckDB file"),
                                           ("/proc/x.duckdb", "cannot be opened")])
def test_evaluate_store_that_cannot_be_a_store(tmp_path, store, expect):
    if store == "DIR":
        store = str(tmp_path / "results")
        Path(store).mkdir()
    p = _params_with_store(tmp_path, store)
    r = _cli("evaluate", "submissions/random", "--params", str(p))
    _one_error(r, p, f"evaluate.store: {store}", expect)


def test_check_an_empty_file_is_an_error(tmp_path):
    f = tmp_path / "empty.jsonl"
    f.write_text("")
    _one_error(_cli("check", str(f)), f, "no rows: nothing to check")


def test_a_subset_larger_than_the_dataset_is_refused():
    config = read_config(params.load(ROOT / "params.yaml"))
    hh = household({"name": "Ana", "age": 30})
    rows = [Row(f"r{i}", "diverse", hh, ("IDNYC",), (True,), ("t",), "p", "", "v") for i in range(48)]
    big = replace(config, subset={"diverse": 1_000_000_000, "representative": None})
    with pytest.raises(ParamsError, match=r"'evaluate.subset.diverse' is 1000000000, more than the 48 households"):
        subset_rows(big, {"diverse": rows})
    assert len(subset_rows(replace(config, subset={"diverse": 48}), {"diverse": rows})["diverse"]) == 48


def test_evaluate_a_folder_with_a_taken_name_outside_submissions(tmp_path):
    folder = tmp_path / "random"
    shutil.copytree(ROOT / "submissions" / "random", folder, ignore=shutil.ignore_patterns("__pycache__"))
    # issue 36: without --store it is a development run (tests/cli/test_evaluate_shadowed.py); into the
    # board's store it is refused, naming the command for the submission itself
    r = _cli("evaluate", str(folder), "--store", "results/benyfits.duckdb")
    _one_error(r, folder / "manifest.yaml", "name: 'random' is the submission in", "this folder is not it",
               "`benyfits evaluate submissions/random`")


def test_a_manifest_model_the_run_does_not_serve_is_refused(tmp_path):
    config = read_config(params.load(ROOT / "params.yaml"))
    run = config.default_run("x")
    m = Manifest(tmp_path, "x", "s", ("a",), "agent:A", {"default": "gpt-99"}, "MIT")
    with pytest.raises(SubmissionError, match=r"manifest.yaml: field 'models': role 'default' asks for 'gpt-99', but "
                                              r"this run serves embedded:SmolLM2-135M-Instruct"):
        role_specs(m, config, run)
    served = config.agent_model
    for name in ("default", served.model, f"{served.backend}:{served.model}"):
        assert role_specs(replace(m, models={"dialog": name}), config, run)["dialog"] == served
