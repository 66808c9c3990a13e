"""The model layer: one small interface for everything that talks to a language model.

    from eligibench.models import ModelSpec, make_model, yes_no
    with make_model(ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct")) as m:
        m.chat([{"role": "user", "content": "Hi"}]).text
        yes_no(m, [{"role": "user", "content": "Is 3 > 2?"}])

Backends: "embedded" (llama.cpp server on CPU, the default), "vllm" (GPU), "openai" (any
OpenAI-compatible endpoint). See docs/models.md.

Modules:
- `types`: ModelSpec, ChatMessage, Completion, Usage and the model-layer errors.
- `client`: the ChatModel contract (retries, timeouts, usage counting).
- `servers`: local server processes (ServerProcess, health checks, free ports).
- `lifeline`: the watchdog a server runs under, so it dies with the harness (even on SIGKILL).
- `serving`: `attach_servers`, the one place that starts or attaches servers for a run's specs.
- `embedded`: the llama.cpp server and SmolLM2-135M shipped in a PyPI package (CPU default).
- `vllm`: `vllm serve` (GPU).
- `openai_compat`: any OpenAI-compatible endpoint.
- `constrained`: constrained decoding (yes/no, booleans, typed values, JSON).
"""

from __future__ import annotations

from eligibench.models.client import ChatModel
from eligibench.models.constrained import (
    ConstrainedOutputError,
    ask_json,
    booleans,
    typed_value,
    yes_no,
)
from eligibench.models.embedded import DEFAULT_EMBEDDED_MODEL, EmbeddedModel, EmbeddedServer
from eligibench.models.openai_compat import OpenAICompatModel
from eligibench.models.types import (
    ChatMessage,
    Completion,
    ModelConfigError,
    ModelError,
    ModelRequestError,
    ModelSpec,
    ModelUnavailable,
    Usage,
)
from eligibench.models.vllm import VllmModel, VllmServer


def make_model(spec: ModelSpec, **kwargs) -> ChatModel:
    """The ChatModel for `spec` (kwargs go to the backend class, e.g. server=)."""
    if not isinstance(spec, ModelSpec):
        raise ModelConfigError(f"make_model needs a ModelSpec; got {type(spec).__name__}")
    if spec.backend == "embedded":
        return EmbeddedModel(spec, **kwargs)
    if spec.backend == "vllm":
        return VllmModel(spec, **kwargs)
    return OpenAICompatModel(spec, **kwargs)


__all__ = [
    "ChatMessage",
    "ChatModel",
    "Completion",
    "ConstrainedOutputError",
    "DEFAULT_EMBEDDED_MODEL",
    "EmbeddedModel",
    "EmbeddedServer",
    "ModelConfigError",
    "ModelError",
    "ModelRequestError",
    "ModelSpec",
    "ModelUnavailable",
    "OpenAICompatModel",
    "Usage",
    "VllmModel",
    "VllmServer",
    "ask_json",
    "booleans",
    "make_model",
    "typed_value",
    "yes_no",
]
