"""The embedded runtime (llama.cpp's server from the xllamacpp wheel): what identifies it in a run,
settings that do not depend on the machine, each backend's own start/preflight/identity in the
registry, and the same run twice giving the same run id and predictions (real server, real model)."""
from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

import pytest

from eligibench.models import EmbeddedServer, ModelSpec, backend, gguf_sha256, model_identity
from eligibench.models import embedded as embedded_mod
from eligibench.models.embedded import DECODE_THREADS, PREFILL_THREADS, RUNTIME_PIN, packaged_gguf

ROOT = Path(__file__).resolve().parents[2]
SMOL = "SmolLM2-135M-Instruct"


def _opt(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def test_a_run_id_records_the_runtime_and_the_gguf_and_nothing_of_the_machine(monkeypatch):
    spec = ModelSpec("embedded", SMOL, max_tokens=16)
    ident = model_identity(spec)
    assert ident == (f"embedded:{SMOL}@t0.0/s0/m16/runtime:xllamacpp=={RUNTIME_PIN}"
                     f"/sha256:{gguf_sha256(packaged_gguf())}")
    # another llama.cpp build computes other replies: another run
    monkeypatch.setattr(embedded_mod, "runtime_version", lambda: "2099.1.1")
    assert model_identity(spec) != ident and "runtime:xllamacpp==2099.1.1/" in model_identity(spec)
    monkeypatch.undo()
    monkeypatch.setattr(os, "cpu_count", lambda: 64)  # threads are fixed, so the machine is not in the id
    assert model_identity(spec) == ident
    # endpoint backends add nothing of this machine (an id must not depend on a local cache)
    assert model_identity(ModelSpec("vllm", "org/M-8B")) == "vllm:org/M-8B@t0.0/s0/m256"
    assert model_identity(ModelSpec("openai", "gpt-x", decoding="unconstrained")) == "openai:gpt-x@t0.0/s0/m256/unconstrained"


def test_thread_counts_are_fixed_whatever_the_machine(monkeypatch, tmp_path):
    for cores in (1, 2, 64):
        monkeypatch.setattr(os, "cpu_count", lambda c=cores: c)
        argv = EmbeddedServer(log_path=tmp_path / "x.log").command()
        assert (_opt(argv, "--n_threads"), _opt(argv, "--n_threads_batch")) == (str(DECODE_THREADS), str(PREFILL_THREADS))
    assert (DECODE_THREADS, PREFILL_THREADS) == (1, 2)
    one_core = backend("embedded").server_for(ModelSpec("embedded", SMOL), cores=1)  # generate's side-by-side jobs
    assert (one_core.n_threads, one_core.n_threads_batch) == (1, 1)
    with pytest.raises(Exception, match="n_threads_batch"):
        EmbeddedServer(n_threads_batch=0)


def test_the_server_threads_sleep_at_barriers_unless_the_caller_says_otherwise(monkeypatch, tmp_path):
    """OpenMP's spinning barrier thread stole the working thread's core on a loaded machine
    (docs/performance.md, "Model stages"): the server's environment asks for sleeping waits."""
    monkeypatch.delenv("OMP_WAIT_POLICY", raising=False)
    env = EmbeddedServer(log_path=tmp_path / "x.log").environment()
    assert env["OMP_WAIT_POLICY"] == "PASSIVE" and env["PYTHONUNBUFFERED"] == "1"
    monkeypatch.setenv("OMP_WAIT_POLICY", "ACTIVE")
    assert EmbeddedServer(log_path=tmp_path / "x.log").environment()["OMP_WAIT_POLICY"] == "ACTIVE"


def test_the_child_server_gets_one_slot_the_threads_and_the_alias():
    from eligibench.models.llama_server import params_for, parse_args

    args = parse_args(["--model", str(packaged_gguf()), "--alias", SMOL, "--port", "1", "--n_ctx", "8192",
                       "--n_threads", "1", "--n_threads_batch", "2", "--cache_ram_mib", "2048"])
    assert isinstance(args, argparse.Namespace)
    p = params_for(args)
    assert p.n_parallel == 1  # requests never share a batch: a reply does not depend on concurrent ones
    assert (p.cpuparams.n_threads, p.cpuparams_batch.n_threads) == (1, 2)
    assert p.model_alias == {SMOL} and p.hostnames == ["127.0.0.1"] and p.n_ctx == 8192 and p.cache_ram_mib == 2048
    assert p.ui is False


def test_each_registry_entry_answers_for_its_backend(tmp_path):
    """Start, preflight and identity come from the backend's entry, never from a caller's branch."""
    smol = ModelSpec("embedded", SMOL)
    named = ModelSpec("openai", "org/Model-8B-AWQ-INT4")
    assert backend("openai").server_for(named) is None
    assert isinstance(backend("embedded").server_for(smol), EmbeddedServer)
    assert backend("embedded").missing(smol) == [] and backend("openai").missing(named) == []
    assert backend("embedded").not_served(smol, [SMOL], "u") is None
    assert "serves ['other']" in backend("embedded").not_served(smol, ["other"], "u")
    assert backend("openai").not_served(named, ["org/Model-8B-AWQ-INT4"], "u") is None
    assert "not among the served models" in backend("vllm").not_served(named, ["x"], "u")
    assert backend("embedded").weights(smol) == "sha256:" + gguf_sha256(packaged_gguf())
    assert backend("embedded").shipped_weights(smol) == backend("embedded").weights(smol)
    assert backend("embedded").weights_name(smol).endswith("SmolLM2-135M-Instruct.Q8_0.gguf")
    assert backend("openai").weights(named) == "unpinned" and backend("openai").shipped_weights(named) is None
    assert backend("openai").weights_name(named) == "org/Model-8B-AWQ-INT4"


def test_a_second_spec_on_the_same_gguf_shares_the_server_key():
    a, b = ModelSpec("embedded", SMOL), ModelSpec("embedded", "smollm2", max_tokens=3)
    assert backend("embedded").share_key(a) == backend("embedded").share_key(b)


# --------------------------------------------------------------------------- same run, same bytes


def _evaluate(tmp: Path) -> tuple[str, list]:
    """A fresh project and a fresh process (so a fresh server and empty caches, as on another
    machine): the direct agent on the embedded model, 1 household per dataset, 1 question, 1 trial."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from eligibench.results import ResultStore
    from tests.evaluation.reference_project import make_reference_project, run

    proj = make_reference_project(tmp, agents=("direct",))
    r = run(["-m", "eligibench.cli", "evaluate", "submissions/direct", "--config", "direct", "--households", "1",
             "--max-questions", "1", "--trials", "1", "--json"], proj, timeout=1200)
    assert r.returncode == 0, r.output[-3000:]
    run_id = json.loads(r.stdout)["run_id"]
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    dialogs = [(d.dataset, d.row_id, d.termination, [(t.question, t.answer) for t in d.turns], dict(d.predictions or {}))
               for d in store.dialog_results(run_id)]
    return run_id, dialogs


@pytest.mark.model
@pytest.mark.e2e  # two whole runs, each with its own server: ~40 s quiet, minutes on a loaded machine
def test_the_same_run_twice_gives_the_same_run_id_and_predictions(tmp_path):
    first_id, first = _evaluate(tmp_path / "a")
    second_id, second = _evaluate(tmp_path / "b")
    assert first_id == second_id
    assert len(first) == 2 and all(d[3] and d[4] for d in first), first  # model-written questions and predictions
    assert second == first


@pytest.mark.model
def test_a_reply_does_not_depend_on_earlier_requests_or_the_prefill_threads(server, tmp_path):
    """What makes runs repeatable while the server's cache differs: the same prompt gives the same
    reply on a fresh server with 1 prefill thread and on the shared server after other requests."""
    from eligibench.models import ChatMessage, make_model

    profile = "\n".join(f"Member {i // 5 + 1}: I am {20 + i} years old and live in Queens." for i in range(40))
    msgs = [ChatMessage("system", "Answer as the person described.\n" + profile),
            ChatMessage("user", "How old is member 3?")]
    spec = ModelSpec("embedded", SMOL, max_tokens=24, timeout_s=600)
    with ExitStack() as stack:
        alone = stack.enter_context(EmbeddedServer(n_threads_batch=1, log_path=tmp_path / "one.log"))
        with make_model(replace(spec, base_url=alone.base_url)) as m:
            fresh = m.chat(msgs).text
    with make_model(replace(spec, base_url=server.base_url)) as m:
        m.chat([ChatMessage("user", "Say something else entirely.")])
        shared = m.chat(msgs)
    assert shared.text == fresh
