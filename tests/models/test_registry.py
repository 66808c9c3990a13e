"""The backend registry is the one source of backends, clients and server starters."""
from __future__ import annotations

from contextlib import ExitStack

import pytest

from eligibench.models import (
    BACKENDS,
    EmbeddedModel,
    EmbeddedServer,
    ModelConfigError,
    ModelSpec,
    OpenAICompatModel,
    VllmModel,
    VllmServer,
    attach_servers,
    backend,
    is_smoke_backend,
    make_model,
    serves_reference,
)


def test_registry_names_clients_servers_and_protocol_facts():
    assert BACKENDS == ("embedded", "vllm", "openai")
    assert backend("embedded").client_class() is EmbeddedModel and backend("embedded").server_class() is EmbeddedServer
    assert backend("vllm").client_class() is VllmModel and backend("vllm").server_class() is VllmServer
    assert backend("openai").client_class() is OpenAICompatModel and backend("openai").server_class() is None
    assert [b for b in BACKENDS if is_smoke_backend(b)] == ["embedded"]
    assert [b for b in BACKENDS if serves_reference(b)] == ["vllm", "openai"]


def test_unknown_backend_is_an_error_not_openai():
    with pytest.raises(ModelConfigError, match="unknown model backend 'tgi'"):
        backend("tgi")
    with pytest.raises(ModelConfigError, match="ModelSpec.backend"):
        ModelSpec(backend="tgi", model="m")


@pytest.mark.parametrize("name", ["embedded", "vllm"])
def test_clients_never_start_servers(name):
    with pytest.raises(ModelConfigError, match="attach_servers"):
        make_model(ModelSpec(backend=name, model="SmolLM2-135M-Instruct"))


def test_attach_servers_attaches_vllm_env_and_leaves_base_urls(monkeypatch):
    from tests.fakes.openai_server import FakeOpenAIServer

    with FakeOpenAIServer(models=["big"]) as fake, ExitStack() as stack:
        monkeypatch.setenv("BENYFITS_VLLM_BASE_URL", fake.base_url)
        given = {"sim": ModelSpec("vllm", "big"), "agent": ModelSpec("openai", "x", base_url="http://h:9/v1")}
        out = attach_servers(given, stack)
        assert out["sim"].base_url == fake.base_url and out["agent"] == given["agent"]
        with make_model(out["sim"]) as m:
            assert m.chat([{"role": "user", "content": "hi"}]).text
