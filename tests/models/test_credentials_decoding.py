"""Per-spec credentials (api_key_env), no keys in specs, unconstrained decoding, the wire form."""
from __future__ import annotations

import pytest

from eligibench.models import ModelConfigError, ModelSpec, booleans, make_model, yes_no
from tests.fakes.openai_server import FakeOpenAIServer


def test_each_spec_sends_the_key_from_its_own_variable(monkeypatch):
    monkeypatch.setenv("PROVIDER_A_KEY", "key-a")
    monkeypatch.setenv("PROVIDER_B_KEY", "key-b")
    monkeypatch.setenv("OPENAI_API_KEY", "key-default")
    with FakeOpenAIServer(models=["a", "b"]) as fake:
        for model, env in (("a", "PROVIDER_A_KEY"), ("b", "PROVIDER_B_KEY"), ("a", None)):
            with make_model(ModelSpec("openai", model, base_url=fake.base_url, api_key_env=env)) as m:
                m.chat([{"role": "user", "content": "hi"}])
        auth = [r.headers["Authorization"] for r in fake.chat_requests()]
    assert auth == ["Bearer key-a", "Bearer key-b", "Bearer key-default"]


def test_unset_key_variable_is_named(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    spec = ModelSpec("openai", "claude-x", base_url="https://api.anthropic.com/v1/", api_key_env="ANTHROPIC_API_KEY")
    with pytest.raises(ModelConfigError, match="ANTHROPIC_API_KEY is not set"):
        make_model(spec)


@pytest.mark.parametrize("field", ["api_key", "token", "openai_api_key", "secret"])
def test_a_key_in_a_spec_is_refused_naming_the_field(field):
    with pytest.raises(ModelConfigError, match=f"field '{field}' would hold a credential") as info:
        ModelSpec.from_wire({"backend": "openai", "model": "m", field: "sk-live-123"})
    assert "sk-live-123" not in str(info.value)
    with pytest.raises(ModelConfigError, match="api_key_env") as info:
        ModelSpec("openai", "m", api_key_env="sk-live-123")
    assert "sk-live-123" not in str(info.value)


def test_wire_round_trip_and_unknown_fields():
    spec = ModelSpec("vllm", "m", base_url="http://h:1/v1", seed=3, api_key_env="K", decoding="unconstrained")
    wire = spec.to_wire()
    assert "api_key" not in wire and wire["api_key_env"] == "K"
    assert ModelSpec.from_wire(wire) == spec
    with pytest.raises(ModelConfigError, match="unknown ModelSpec field 'temp'"):
        ModelSpec.from_wire({"backend": "vllm", "model": "m", "temp": 0})
    with pytest.raises(ModelConfigError, match="ModelSpec.decoding"):
        ModelSpec("openai", "m", decoding="loose")


def test_unconstrained_sends_neither_format_nor_seed_and_parses_free_text():
    reply = 'Sure! Here you go:\n```json\n{"answer": "no"}\n```\nHope that {helps}.'
    with FakeOpenAIServer(models=["m"], plain_text=reply) as fake:
        spec = ModelSpec("openai", "m", base_url=fake.base_url, seed=7, decoding="unconstrained")
        assert not spec.constrained
        with make_model(spec) as m:
            assert yes_no(m, [{"role": "user", "content": "Do you rent?"}], hint=False) is False
        body = fake.chat_requests()[-1].body
        assert "response_format" not in body and "seed" not in body
        assert '"enum": ["yes", "no"]' in body["messages"][-1]["content"]  # the schema travels in the prompt
    with FakeOpenAIServer(models=["m"], plain_text='{"A": true, "B": false}') as fake:
        with make_model(ModelSpec("openai", "m", base_url=fake.base_url, decoding="unconstrained")) as m:
            assert booleans(m, [{"role": "user", "content": "?"}], ["A", "B"]) == {"A": True, "B": False}
    with FakeOpenAIServer(models=["m"]) as fake:  # constrained: both go on the wire
        with make_model(ModelSpec("openai", "m", base_url=fake.base_url, seed=7)) as m:
            yes_no(m, [{"role": "user", "content": "Do you rent?"}])
        body = fake.chat_requests()[-1].body
        assert body["seed"] == 7 and body["response_format"]["type"] == "json_schema"
