"""docs/inspect.md works as written: its bash blocks run in order with the real `inspect` and
`benyfits` commands in a reference project (a tiny published dataset of real households); its
embedded-server command runs against the tests' session llama.cpp server (the packaged model the
project's runs serve, loopback)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from inspect_ai.log import read_eval_log

from eligibench.evaluation.inspect_task import SCAFFOLD, import_log
from tests.evaluation.reference_project import ROOT, make_reference_project

DOC = ROOT / "docs" / "inspect.md"
OFFLINE = Path(__file__).resolve().parent / "offline"  # tiktoken's file cannot be downloaded here
BIN = Path(sys.executable).parent


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def _run(block: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    prelude = f'inspect() {{ "{BIN / "inspect"}" "$@"; }}\nbenyfits() {{ "{BIN / "benyfits"}" "$@"; }}\nset -e\n'
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(OFFLINE), str(ROOT)]), **env}
    return subprocess.run(["bash", "-c", prelude + block], cwd=cwd, env=environ, capture_output=True, text=True,
                          timeout=570)


def test_the_walkthrough_runs_as_written(tmp_path: Path) -> None:
    project = make_reference_project(tmp_path / "p", agents=("random",))
    blocks = _blocks("bash")
    assert [b.split()[0] for b in blocks] == ["inspect", "benyfits"]
    for block in blocks:
        r = _run(block, project)
        assert r.returncode == 0, r.stdout + r.stderr
    [log_path] = list((project / "logs" / "inspect").glob("*.eval"))
    log = read_eval_log(str(log_path))
    assert log.status == "success" and log.eval.task == "benyfits/diverse" and len(log.samples) == 2
    assert "import-inspect:" in r.stdout and "inspect:mockllm/model, 2 dialog(s), done" in r.stdout
    with duckdb.connect(str(project / "results" / "inspect.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT submission, status, protocol FROM runs").fetchall()
    assert [(s, st) for s, st, _ in rows] == [("inspect:mockllm/model", "done")]
    assert f'"scaffold":"{SCAFFOLD}"' in rows[0][2].replace(" ", "")


def test_representative_is_a_task_too_and_unknown_names_are_not(tmp_path: Path) -> None:
    project = make_reference_project(tmp_path / "p", agents=("random",))
    r = _run("inspect eval benyfits/representative --model mockllm/model --log-dir logs --display plain", project)
    assert r.returncode == 0, r.stdout + r.stderr
    [log_path] = list((project / "logs").glob("*.eval"))
    log = read_eval_log(str(log_path))
    assert log.eval.task == "benyfits/representative" and len(log.samples) == 1  # the project's one household
    r = _run("inspect eval benyfits/nosuch --model mockllm/model", project)
    assert r.returncode != 0 and "No inspect tasks were found" in r.stdout + r.stderr


@pytest.mark.model
def test_the_embedded_server_as_an_openai_compatible_provider(tmp_path: Path, server) -> None:
    from eligibench.evaluation.run import load_config

    project = make_reference_project(tmp_path / "p", agents=("random",))
    [command] = _blocks("sh")
    spec = load_config(project).agent_model
    # The session's server (tests/conftest.py) serves what the project's runs would start for this spec
    # (the packaged GGUF under the model's name): the test is the documented command against such a
    # server, not the start, so it reuses that one instead of starting its own.
    assert spec.backend == "embedded" and server.alias == spec.model
    assert server.base_url.startswith("http://127.0.0.1:")  # loopback only
    r = _run(command.replace("PORT", str(server.port)), project)
    assert r.returncode == 0, r.stdout + r.stderr
    [log_path] = list((project / "logs" / "inspect").glob("*.eval"))
    log = read_eval_log(str(log_path))
    assert log.status == "success" and log.eval.model == f"openai-api/llamacpp/{spec.model}"
    [sample] = log.samples
    dialog = next(iter(sample.scores.values())).metadata["dialog"]
    assert dialog["agent_calls"] >= 1 and dialog["agent_prompt_tokens"] > 0  # the server answered, usage recorded
    got = import_log(log_path, tmp_path / "r.duckdb", project)
    assert got.status == "done" and got.dialogs == 1 and got.submission == f"inspect:openai-api/llamacpp/{spec.model}"
