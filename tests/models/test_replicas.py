"""Several replicas of one model (models/replicas.py) against FAKE OpenAI-compatible servers, each
in a process of its own (tests/fakes/fake_server_process.py) so a replica can be killed for real."""
from __future__ import annotations

from dataclasses import replace

import pytest

from eligibench.models import (
    ModelConfigError,
    ModelRequestError,
    ModelSpec,
    ModelUnavailable,
    make_model,
    model_identity,
    pool_for,
    preflight,
)
from eligibench.models import replicas as R
from tests.fakes.fake_server_process import FakeProcess
from tests.fakes.openai_server import FakeOpenAIServer

MESSAGES = [{"role": "user", "content": "Hi"}]


@pytest.fixture()
def two(tmp_path):
    fakes = [FakeProcess(tmp_path / f"replica{i}.log", models=("m",)) for i in range(2)]
    try:
        yield fakes
    finally:
        for f in fakes:
            f.kill()


def spec_of(*fakes, **kw) -> ModelSpec:
    return ModelSpec(backend="openai", model="m", replicas=tuple(f.base_url for f in fakes), backoff_s=0.01, **kw)


def by_endpoint(pool) -> dict[str, dict]:
    return {r["endpoint"]: r for r in pool.snapshot()}


def test_replicas_field_is_validated_and_stays_out_of_the_wire_form_when_unset():
    one = ModelSpec(backend="openai", model="m", base_url="http://127.0.0.1:1/v1")
    assert "replicas" not in one.to_wire()  # one-endpoint specs travel as before
    assert ModelSpec.from_wire(one.to_wire()) == one
    many = ModelSpec.from_wire({"backend": "openai", "model": "m",
                                "replicas": ["http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"]})
    assert many.replicas == ("http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1") and many.endpoints == many.replicas
    assert ModelSpec.from_wire(many.to_wire()) == many
    with pytest.raises(ModelConfigError, match="either base_url .* or replicas"):
        ModelSpec(backend="openai", model="m", base_url="http://a/v1", replicas=("http://b/v1",))
    with pytest.raises(ModelConfigError, match="replicas must be a list of distinct"):
        ModelSpec(backend="openai", model="m", replicas=("http://b/v1", "http://b/v1/"))
    with pytest.raises(ModelConfigError, match="replicas must be a list of http"):
        ModelSpec.from_wire({"backend": "openai", "model": "m", "replicas": ["ftp://b"]})


def test_the_endpoint_list_does_not_change_what_the_run_is():
    one = ModelSpec(backend="openai", model="m", base_url="http://127.0.0.1:1/v1")
    many = replace(one, base_url=None, replicas=("http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"))
    assert model_identity(one) == model_identity(many)


def test_calls_are_balanced_across_the_replicas(two):
    spec = spec_of(*two)
    pool = pool_for(spec)
    start = by_endpoint(pool)
    with make_model(spec) as m:
        for _ in range(10):
            m.chat(MESSAGES)
        assert m.usage.calls == 10
    counts = {u: r["calls"] - start[u]["calls"] for u, r in by_endpoint(pool).items()}
    assert counts == {two[0].base_url: 5, two[1].base_url: 5}
    assert [f.chat_calls() for f in two] == [5, 5]  # the servers' own logs agree


def test_a_killed_replica_is_taken_out_and_the_calls_go_on_on_the_other(two):
    spec = spec_of(*two)
    pool = pool_for(spec)
    with make_model(spec) as m:
        m.chat(MESSAGES)
        m.chat(MESSAGES)
        two[1].kill()
        for _ in range(6):
            assert m.chat(MESSAGES).text
    dead = by_endpoint(pool)[two[1].base_url]
    assert dead["out"] and dead["failures"] == 1 and "Connection" in dead["error"]
    assert two[0].chat_calls() == 7 and two[1].chat_calls() == 1


def test_with_every_replica_dead_the_call_fails_naming_each_and_its_error(two):
    spec = spec_of(*two)
    with make_model(spec) as m:
        m.chat(MESSAGES)
        for f in two:
            f.kill()
        with pytest.raises(ModelUnavailable) as err:
            m.chat(MESSAGES)
    text = str(err.value)
    assert "no replica of model 'm' is left (2 listed)" in text
    for f in two:
        assert f"{f.base_url}: " in text
    assert text.count("Connection") >= 2


def test_an_out_replica_is_probed_and_comes_back(monkeypatch):
    monkeypatch.setattr(R, "REPROBE_S", 0.0)
    with FakeOpenAIServer(models=["m"]) as a, FakeOpenAIServer(models=["m"]) as b:
        pool = R.ReplicaPool([a.base_url, b.base_url])
        url = pool.acquire()
        pool.failed(url, "ModelUnavailable: boom")
        assert by_endpoint(pool)[url]["out"]
        # its cooldown (0 s here) has passed and it answers GET /models: back in rotation
        picked = {pool.acquire() for _ in range(4)}
        assert picked == {a.base_url, b.base_url} and not by_endpoint(pool)[url]["out"]
        other = b.base_url if url == a.base_url else a.base_url
        for _ in range(4):
            pool.succeeded(pool.acquire())  # nothing in flight left over
    dead = R.ReplicaPool(["http://127.0.0.1:9/v1"])
    dead.failed(dead.acquire(), "ModelUnavailable: refused")
    assert dead.acquire() is None  # probed at once when nothing else is left: still refused
    assert "GET /models failed" in by_endpoint(dead)["http://127.0.0.1:9/v1"]["error"]
    assert other


def test_a_rejected_request_does_not_take_the_replica_out():
    with FakeOpenAIServer(models=["m"], refuse_seed=True) as a, FakeOpenAIServer(models=["m"], refuse_seed=True) as b:
        spec = ModelSpec(backend="openai", model="m", replicas=(a.base_url, b.base_url), seed=3)
        with make_model(spec) as m:
            with pytest.raises(ModelRequestError, match="400"):
                m.chat(MESSAGES)  # the request's fault (HTTP 400): raised at once, not tried elsewhere
        assert len(a.chat_requests()) + len(b.chat_requests()) == 1
        assert not any(r["out"] or r["failures"] for r in pool_for(spec).snapshot())


def test_preflight_checks_each_replica_and_tolerates_one_down(two, tmp_path):
    spec = spec_of(*two)
    assert preflight({"dialog": spec}) == []
    two[1].kill()
    assert preflight({"dialog": spec}) == []  # the pool takes it out during the run
    two[0].kill()
    problems = preflight({"dialog": spec})
    assert {p.endpoint for p in problems} == {f.base_url for f in two}
    assert all(p.what == "unreachable" for p in problems)
    wrong = FakeProcess(tmp_path / "wrong.log", models=("other",))
    try:
        live = FakeProcess(tmp_path / "live.log", models=("m",))
        try:
            problems = preflight({"dialog": spec_of(live, wrong)})
            assert [p.what for p in problems] == ["model not served"] and problems[0].endpoint == wrong.base_url
        finally:
            live.kill()
    finally:
        wrong.kill()


def test_a_run_configuration_names_one_endpoint_or_several_over_the_default():
    import copy
    from pathlib import Path

    import yaml

    from eligibench.errors import ParamsError
    from eligibench.evaluation.run import read_config

    params = yaml.safe_load((Path(__file__).resolve().parents[2] / "params.yaml").read_text())
    ev = copy.deepcopy(params)["evaluate"]
    urls = ["http://127.0.0.1:1/v1", "http://127.0.0.1:2/v1"]
    ev["agent_model"] = {"backend": "openai", "model": "m", "replicas": urls}
    ev["runs"] = {"one": {"submission": "direct", "models": {"dialog": {"base_url": "http://127.0.0.1:3/v1"}}},
                  "many": {"submission": "direct", "models": {"dialog": {"temperature": 0.5}}}}
    config = read_config({**params, "evaluate": ev})
    one, many = config.run("one").models["dialog"], config.run("many").models["dialog"]
    assert (one.base_url, one.replicas) == ("http://127.0.0.1:3/v1", ())  # the configuration's endpoint replaces them
    assert (many.base_url, many.replicas, many.temperature) == (None, tuple(urls), 0.5)
    ev["agent_model"] = {"backend": "openai", "model": "m", "base_url": "http://127.0.0.1:3/v1"}
    ev["runs"] = {"many": {"submission": "direct", "models": {"dialog": {"replicas": urls}}}}
    assert read_config({**params, "evaluate": ev}).run("many").models["dialog"].replicas == tuple(urls)
    ev["agent_model"] = {"backend": "openai", "model": "m", "base_url": "http://a/v1", "replicas": urls}
    with pytest.raises(ParamsError, match="agent_model.*either base_url"):
        read_config({**params, "evaluate": ev})
