"""The Inspect task as a researcher meets it: the walkthrough with the network cut, each bad task
argument one line naming it, `inspect list tasks` naming the tasks, and `benyfits serve-model`.

How the network is cut: the commands run in a network namespace of their own (`unshare -c -n`: only
a loopback interface, which is down), where the kernel allows it; everywhere, the HTTP(S) proxies
point at a closed loopback port, Hugging Face is told it is offline, and tiktoken's cache is an
empty folder that must still be empty afterwards (nothing was downloaded into it)."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log

from eligibench.evaluation.inspect_task import ARGUMENTS, TaskArgumentError, diverse, representative
from eligibench.models import ModelUnavailable, check_health
from tests.evaluation.reference_project import ROOT, make_reference_project

DOC = ROOT / "docs" / "inspect.md"
BIN = Path(sys.executable).parent
CLOSED = "http://127.0.0.1:9"  # the discard port: nothing listens there


def _unshare() -> list[str]:
    """The prefix that runs a command without network, or [] where the kernel refuses it."""
    if not shutil.which("unshare"):
        return []
    ok = subprocess.run(["unshare", "-c", "-n", "true"], capture_output=True).returncode == 0
    return ["unshare", "-c", "-n"] if ok else []


def _offline_env(tmp: Path) -> dict[str, str]:
    cache = tmp / "tiktoken-cache"
    cache.mkdir()
    env = {k: v for k, v in os.environ.items() if k.lower() not in ("no_proxy", "pythonpath")}
    return {**env, "PYTHONPATH": str(ROOT), "TIKTOKEN_CACHE_DIR": str(cache), "HF_HUB_OFFLINE": "1",
            "HTTP_PROXY": CLOSED, "HTTPS_PROXY": CLOSED, "http_proxy": CLOSED, "https_proxy": CLOSED,
            "COLUMNS": "1000"}  # Inspect's console wraps at the terminal's width: one message, one line


def _bash(block: str, cwd: Path, env: dict[str, str], prefix: list[str]) -> subprocess.CompletedProcess:
    prelude = f'inspect() {{ "{BIN / "inspect"}" "$@"; }}\nbenyfits() {{ "{BIN / "benyfits"}" "$@"; }}\nset -e\n'
    return subprocess.run([*prefix, "bash", "-c", prelude + block], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=570)


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return make_reference_project(tmp_path_factory.mktemp("offline") / "p", agents=("random",))


def test_the_walkthrough_runs_with_the_network_cut(project: Path, tmp_path: Path) -> None:
    prefix = _unshare()
    env = _offline_env(tmp_path)
    if prefix:  # the namespace really has no way out: its only interface is loopback
        probe = subprocess.run([*prefix, sys.executable, "-c", "import socket; print(socket.if_nameindex())"],
                               capture_output=True, text=True, env=env)
        assert probe.stdout.strip() == "[(1, 'lo')]", probe.stdout + probe.stderr
    blocks = re.findall(r"```bash\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert [b.split()[0] for b in blocks] == ["inspect", "benyfits"]
    for block in blocks:
        r = _bash(block, project, env, prefix)
        assert r.returncode == 0 and "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    [log_path] = list((project / "logs" / "inspect").glob("*.eval"))
    log = read_eval_log(str(log_path))
    assert log.status == "success" and len(log.samples) == 2
    assert all(s.error is None and s.scores for s in log.samples)  # every sample completed and was scored
    assert "inspect:mockllm/model, 2 dialog(s), done" in r.stdout
    assert not any(Path(env["TIKTOKEN_CACHE_DIR"]).iterdir())  # tiktoken fetched nothing


def test_a_bad_argument_is_one_line_from_inspect(project: Path, tmp_path: Path) -> None:
    """The replays of the reports: `-T edition=2025` (265 lines of traceback blaming params.yaml),
    and a run from another folder (130 lines ending "params.yaml: not found")."""
    env = _offline_env(tmp_path)
    cases = [(project, "-T edition=2025", "benyfits/diverse: -T edition='2025': no such edition (known: 2024, "),
             (tmp_path, "", f"benyfits/diverse: {tmp_path.resolve()} (the working directory) has no params.yaml: "
                            "run in a BeNYfits checkout, or name one with -T project=PATH")]
    for cwd, arg, expected in cases:
        r = _bash(f"inspect eval benyfits/diverse --model mockllm/model {arg} --display plain", cwd, env, [])
        lines = [line for line in (r.stdout + r.stderr).splitlines() if line.strip()]
        assert r.returncode == 1 and len(lines) == 1 and lines[0].startswith(expected), r.stdout + r.stderr


@pytest.mark.parametrize("args, named", [
    ({"edition": "2025"}, "-T edition='2025': no such edition (known: 2024, 2026-08)"),
    ({"edition": 2025}, "-T edition='2025': no such edition"),  # `-T edition=2025` arrives as YAML's integer
    ({"split": "secret"}, "-T split='secret': expected one of public, sealed"),
    ({"simulator_mode": "weird"}, "'-T simulator_mode' is 'weird', expected 'free-form', 'grounded'"),
    ({"simulator_mode": {"mode": "grounded", "answer": "poetry"}}, "'-T simulator_mode.answer' is 'poetry'"),
    ({"persona": "grumpy"}, "-T persona='grumpy': expected one of cooperative, typical, hard"),
    ({"persona": "typical", "simulator_mode": "free-form"},
     "-T persona='typical' needs the grounded simulator with template answers, and the simulator mode here is "
     "free-form: add -T simulator_mode=grounded"),
    ({"households": 0}, "-T households=0: expected a positive whole number"),
    ({"households": "two"}, "-T households='two': expected a positive whole number"),
    ({"max_questions": -1}, "-T max_questions=-1: expected a positive whole number"),
    ({"max_questions": True}, "-T max_questions=True: expected a positive whole number"),
    ({"perona": "typical"}, "-T perona is not an argument of this task (its arguments: " + ", ".join(ARGUMENTS)),
])
def test_each_bad_argument_is_named(project: Path, args: dict, named: str) -> None:
    with pytest.raises(TaskArgumentError) as e:
        diverse(project=str(project), **args)
    assert str(e.value).startswith(f"benyfits/diverse: {named}") and "\n" not in str(e.value)


def test_a_project_without_params_or_datasets_names_the_project_argument(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TaskArgumentError, match=r"^benyfits/representative: .*/elsewhere \(-T project='elsewhere'\) "
                                                r"has no params.yaml: run in a BeNYfits checkout, or name one with "
                                                r"-T project=PATH$"):
        representative(project="elsewhere")
    bare = tmp_path / "bare"
    bare.mkdir()
    shutil.copy(ROOT / "params.yaml", bare / "params.yaml")
    with pytest.raises(TaskArgumentError) as e:
        diverse(project=str(bare))
    assert str(e.value) == (f"benyfits/diverse: no published dataset at {bare}/benyfits/data/<version>/diverse.parquet"
                            f" in {bare.resolve()}: build it there (`dvc repro publish`, or `dvc pull`), or name "
                            "another checkout with -T project=PATH")


def test_persona_and_households_reach_the_protocol(project: Path) -> None:
    task = diverse(project=str(project), persona="typical", households=1)
    meta = task.metadata["benyfits"]
    assert len(task.dataset) == 1 and meta["protocol"]["persona"] == "typical"
    assert meta["args"]["persona"] == "typical" and meta["args"]["households"] == 1  # import-inspect resolves these
    plain = diverse(project=str(project))
    assert len(plain.dataset) == 2 and "persona" not in plain.metadata["benyfits"]["protocol"]  # cooperative


def test_inspect_list_tasks_shows_the_registered_names() -> None:
    r = subprocess.run([str(BIN / "inspect"), "list", "tasks"], cwd=ROOT, capture_output=True, text=True,
                       timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr
    names = sorted(line.rpartition("@")[2] for line in r.stdout.splitlines() if "inspect_task/tasks.py" in line)
    assert names == ["benyfits/diverse", "benyfits/representative"], r.stdout


@pytest.mark.model
def test_serve_model_prints_a_url_that_serves_the_model() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    # started with SIGINT ignored, as a script's background job (and an xdist worker's child) is:
    # Ctrl-C must still stop it
    proc = subprocess.Popen([str(BIN / "benyfits"), "serve-model"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        printed: dict[str, str] = {}
        deadline = time.monotonic() + 240  # the server's start (the session fixture allows 180 s)
        while "model" not in printed and time.monotonic() < deadline and proc.poll() is None:
            key, _, value = proc.stdout.readline().partition(":")
            if key in ("base URL", "model"):
                printed[key] = value.strip()
        assert set(printed) == {"base URL", "model"}, proc.stderr.read() if proc.poll() is not None else printed
        assert printed["base URL"].startswith("http://127.0.0.1:") and printed["base URL"].endswith("/v1")
        assert check_health(printed["base URL"], timeout_s=30) == [printed["model"]] == ["SmolLM2-135M-Instruct"]
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0 and "stopped" in out, out + err
        with pytest.raises(ModelUnavailable):  # the server stopped with the command
            check_health(printed["base URL"], timeout_s=5)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
