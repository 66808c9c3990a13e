"""The one registry of model backends: which client class talks to a backend, which class starts
its server, and the facts the evaluation protocol needs about it.

    backend("embedded").client_class()   # EmbeddedModel
    backend("vllm").server_class()       # VllmServer
    is_smoke_backend("embedded"), serves_reference("vllm")

`make_model`, `attach_servers` (serving.py) and `types.BACKENDS` read this table, so adding a
backend is one entry here. Classes are named as "module:Class" and imported on use: types.py
reads the names at import time, before the client modules (which import types) exist.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from eligibench.models.errors import ModelConfigError


@dataclass(frozen=True)
class BackendInfo:
    """One backend.

    client: "module:Class" of its ChatModel. server: "module:Class" of the server starter
    (`Class(spec-derived args).start()`, `.base_url`, `.stop()`), None when the backend only
    attaches to endpoints others run. serves_reference: a server backend on which the reference
    simulator's weights (Llama 3.1 70B AWQ-INT4) can run, so a spec on it can be the reference.
    smoke: the CPU smoke-test backend (runs on it are the labelled smoke protocol).
    """

    name: str
    client: str
    server: str | None
    serves_reference: bool
    smoke: bool
    default_response_format: str

    @property
    def starts_servers(self) -> bool:
        return self.server is not None

    def client_class(self) -> type:
        return _load(self.client)

    def server_class(self) -> type | None:
        return _load(self.server) if self.server else None


def _load(ref: str) -> type:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


_REGISTRY: dict[str, BackendInfo] = {
    b.name: b
    for b in (
        BackendInfo("embedded", "eligibench.models.embedded:EmbeddedModel",
                    "eligibench.models.embedded:EmbeddedServer",
                    serves_reference=False, smoke=True, default_response_format="json_object"),
        BackendInfo("vllm", "eligibench.models.vllm:VllmModel", "eligibench.models.vllm:VllmServer",
                    serves_reference=True, smoke=False, default_response_format="json_schema"),
        BackendInfo("openai", "eligibench.models.openai_compat:OpenAICompatModel", None,
                    serves_reference=True, smoke=False, default_response_format="json_schema"),
    )
}  # fmt: skip

BACKEND_NAMES: tuple[str, ...] = tuple(_REGISTRY)


def backend(name: str) -> BackendInfo:
    """The registered backend `name`; ModelConfigError naming the known ones otherwise (never a
    silent fallback to another backend)."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise ModelConfigError(
            f"unknown model backend {name!r}; known: {', '.join(BACKEND_NAMES)}"
        ) from None


def is_smoke_backend(name: str) -> bool:
    return backend(name).smoke


def serves_reference(name: str) -> bool:
    return backend(name).serves_reference


def starts_servers(name: str) -> bool:
    return backend(name).starts_servers
