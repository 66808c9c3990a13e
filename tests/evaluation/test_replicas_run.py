"""A run whose simulated user and agent model each list two replicas, served by two FAKE
OpenAI-compatible servers in processes of their own (real HTTP on 127.0.0.1; no GPU here): calls
are balanced, a replica killed mid-run leaves the run to the other (done, both recorded), both
killed make it incomplete with a message naming each replica and its error."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.run import RunIncomplete, read_config, resolve_run, run_report, run_submission
from eligibench.models.preflight import PROBE_MESSAGES
from eligibench.results import ResultStore
from tests.fakes.fake_server_process import FakeProcess

ROOT = Path(__file__).resolve().parents[2]
PROBE = PROBE_MESSAGES[-1]["content"]

pytestmark = pytest.mark.needs_bwrap


@pytest.fixture()
def setup(tmp_path):
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=1)
    fakes = [FakeProcess(tmp_path / f"replica{i}.log", models=("fake-llm",)) for i in range(2)]
    spec = {"backend": "openai", "model": "fake-llm", "replicas": [f.base_url for f in fakes], "temperature": 0.0,
            "seed": 0, "max_tokens": 32, "backoff_s": 0.01, "retries": 1}
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    ev = params["evaluate"]
    ev.update(simulator=spec, agent_model=spec, simulator_mode="free-form", runs={"direct": {"submission": "direct"}},
              subset={"diverse": 3, "representative": 1}, max_questions=2, trials=1, bootstrap=10, concurrency=1,
              infra_retries=0, store="results/r.duckdb", call_timeout_s=30)
    try:
        yield proj, read_config(params), fakes
    finally:
        for f in fakes:
            f.kill()


@contextmanager
def kill_after_first_dialog(fakes):
    """A progress bar that kills `fakes` when the first dialog is stored."""
    @contextmanager
    def bar(total, label):
        done = []

        def tick(n):
            done.append(n)
            if len(done) == 1:
                for f in fakes:
                    f.kill()
        yield tick
    yield bar


def evaluate(proj, config, progress=None):
    run = config.run("direct")
    resolved = resolve_run(config, load_manifest(ROOT / "submissions" / "direct"), run, project=proj)
    return resolved, run_submission(resolved, progress, proj)


def replica_rows(proj, run_id):
    return {r["endpoint"]: r for r in ResultStore(proj / "results" / "r.duckdb").replicas(run_id)}


def test_calls_are_balanced_and_recorded_per_replica(setup):
    proj, config, fakes = setup
    resolved, summary = evaluate(proj, config)
    rows = replica_rows(proj, summary["run_id"])
    assert set(rows) == {f.base_url for f in fakes}
    for f in fakes:
        row = rows[f.base_url]
        assert row["model"] == "openai:fake-llm" and row["roles"] == ["dialog", "simulator"]
        assert row["failures"] == 0 and not row["out"]
        assert row["calls"] == f.chat_calls(skip=PROBE)  # what the server saw, the preflight's probes aside
    calls = [rows[f.base_url]["calls"] for f in fakes]
    assert min(calls) > 0 and abs(calls[0] - calls[1]) <= 1  # round robin, one call at a time
    assert summary["replicas"] == ResultStore(proj / "results" / "r.duckdb").replicas(summary["run_id"])
    report = run_report(ResultStore(proj / "results" / "r.duckdb"), summary["run_id"])
    assert all(f.base_url in report.replicas_text() for f in fakes)


def test_the_endpoint_list_leaves_the_run_id_unchanged(setup):
    from dataclasses import replace

    from eligibench.evaluation.run import run_identity
    from eligibench.results import run_id_for

    proj, config, fakes = setup
    manifest = load_manifest(ROOT / "submissions" / "direct")
    many = resolve_run(config, manifest, config.run("direct"), project=proj)
    one_spec = replace(config.agent_model, replicas=(), base_url=fakes[0].base_url)
    one = resolve_run(replace(config, agent_model=one_spec, simulator=replace(config.simulator, replicas=(),
                                                                              base_url=fakes[1].base_url)),
                      manifest, config.run("direct"), project=proj)
    assert run_id_for(run_identity(many)) == run_id_for(run_identity(one))


def test_a_replica_killed_mid_run_leaves_the_run_to_the_other(setup):
    proj, config, fakes = setup
    with kill_after_first_dialog(fakes[1:]) as bar:
        resolved, summary = evaluate(proj, config, bar)
    store = ResultStore(proj / "results" / "r.duckdb")
    run = next(r for r in store.runs() if r["run_id"] == summary["run_id"])
    assert run["status"] == "done"
    assert len(store.dialog_results(summary["run_id"])) == 4
    rows = replica_rows(proj, summary["run_id"])
    dead, live = rows[fakes[1].base_url], rows[fakes[0].base_url]
    assert dead["calls"] > 0 and dead["out"] and dead["failures"] >= 1 and "Connection" in dead["error"]
    assert live["calls"] > dead["calls"] and not live["out"]
    assert dead["calls"] == fakes[1].chat_calls(skip=PROBE)


def test_both_replicas_killed_make_the_run_incomplete_naming_them(setup):
    proj, config, fakes = setup
    with kill_after_first_dialog(fakes) as bar, pytest.raises(RunIncomplete) as err:
        evaluate(proj, config, bar)
    text = str(err.value)
    assert "no replica of model 'fake-llm' is left (2 listed)" in text
    for f in fakes:
        assert f"{f.base_url}: " in text
    store = ResultStore(proj / "results" / "r.duckdb")
    run = store.runs()[0]
    assert run["status"] == "incomplete"
    rows = replica_rows(proj, run["run_id"])
    assert all(r["out"] and r["error"] for r in rows.values()) and len(rows) == 2
