"""Preflight against the recording fake OpenAI-compatible server (tests/fakes/openai_server.py)."""
from __future__ import annotations

import pytest

from eligibench.models import ModelSpec, check_preflight, preflight
from eligibench.models.preflight import PreflightError
from eligibench.models.servers import free_port
from tests.fakes.openai_server import FakeOpenAIServer


def _spec(url: str, model: str = "agent-8b", **kw) -> ModelSpec:
    return ModelSpec(backend="openai", model=model, base_url=url, **kw)


def test_ok_endpoint_has_no_problems_and_was_really_probed():
    with FakeOpenAIServer(models=["agent-8b", "sim-70b"]) as fake:
        assert preflight({"dialog": _spec(fake.base_url), "simulator": _spec(fake.base_url, "sim-70b")}) == []
        chats = fake.chat_requests()
        schema_req = [r for r in chats if "response_format" in r.body]
        assert len(chats) == 4 and len(schema_req) == 2
        assert schema_req[0].body["response_format"]["type"] == "json_schema"
        assert schema_req[0].body["response_format"]["json_schema"]["schema"]["properties"]["status"]["enum"] == ["ready"]
        assert all(r.body.get("seed") == 0 for r in chats)
        assert any(r.path.endswith("/models") for r in fake.requests)


def test_wrong_model_served_names_the_role():
    with FakeOpenAIServer(models=["other-model"]) as fake:
        problems = preflight({"simulator": _spec(fake.base_url, "sim-70b")})
    assert [p.what for p in problems] == ["model not served"]
    assert "simulator" in str(problems[0]) and "sim-70b" in str(problems[0]) and "other-model" in str(problems[0])


def test_endpoint_down_names_the_role():
    url = f"http://127.0.0.1:{free_port()}/v1"
    with pytest.raises(PreflightError) as info:
        check_preflight({"dialog": _spec(url)}, timeout_s=5)
    (problem,) = info.value.problems
    assert problem.what == "unreachable" and problem.role == "dialog"
    assert "role 'dialog'" in str(info.value) and url in str(info.value)


def test_server_refusing_json_schema_names_the_role_and_style():
    with FakeOpenAIServer(models=["agent-8b"], refuse_json_schema=True) as fake:
        problems = preflight({"code": _spec(fake.base_url)})
        assert [p.what for p in problems] == ["json schema"]
        assert "role 'code'" in str(problems[0]) and "'json_schema'" in str(problems[0])
        # the same server passes with the style it accepts, or when schemas are not needed
        assert preflight({"code": _spec(fake.base_url, response_format="json_object")}) == []
        assert preflight({"code": _spec(fake.base_url)}, needs_json_schema=False) == []


def test_server_refusing_seed_is_reported_unless_not_needed():
    with FakeOpenAIServer(models=["agent-8b"], refuse_seed=True) as fake:
        problems = preflight({"dialog": _spec(fake.base_url)})
        assert [p.what for p in problems] == ["seed"] and "role 'dialog'" in str(problems[0])
        assert preflight({"dialog": _spec(fake.base_url, decoding="unconstrained")}) == []


def test_server_backend_without_base_url_is_a_config_problem():
    (problem,) = preflight({"simulator": ModelSpec(backend="vllm", model="m")})
    assert problem.what == "config" and "attach_servers" in problem.detail
