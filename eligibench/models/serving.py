"""The one place that starts or attaches model servers for a set of specs.

Every caller that needs models (evaluation sessions, the generate stage, the audit, the smoke
dialog, tests, benchmarks) passes its specs here: a spec on a server backend (registry.py:
embedded, vllm) without a `base_url` gets a server started for the duration of the caller's
ExitStack, shared by every spec with the same server key (one llama.cpp server per GGUF file, one
vLLM server per model; the registry entry says how to start it); specs with a `base_url` or `replicas` (running servers, a vLLM cluster, an
OpenAI-compatible API) are used as they are. Clients (make_model) never start servers.
"""
from __future__ import annotations

import importlib
import threading
from contextlib import ExitStack
from dataclasses import replace
from typing import Mapping

from eligibench.models.registry import backend
from eligibench.models.types import ModelSpec


def attach_servers(specs: Mapping[str, ModelSpec], stack: ExitStack, cores: int | None = None) -> dict[str, ModelSpec]:
    """The same specs, each server-backend spec without base_url pointed at a server that lives
    as long as `stack` (started here, or attached: $BENYFITS_VLLM_BASE_URL for vllm).

    `cores`: the cores a started CPU server may use, for callers that run several servers side by
    side (stages/generate.py); None: the backend's fixed thread counts."""
    out = dict(specs)
    servers: dict[tuple, object] = {}
    for name, s in out.items():
        info = backend(s.backend)
        if not info.starts_servers or s.base_url or s.replicas:
            continue
        key = info.share_key(s)
        if key not in servers:
            if not servers:
                _import_client_meanwhile()
            servers[key] = stack.enter_context(info.server_for(s, cores=cores))
        out[name] = replace(s, base_url=servers[key].base_url)
    return out


def _import_client_meanwhile() -> None:
    """Import the OpenAI client while a server starts: every started server is then spoken to
    through it (make_model), its import takes 1.2-1.3 s (openai's types) and the start ~1.5 s of
    waiting for the server to load its model and answer, so the two overlap instead of adding up
    (each model stage of the main job, each test that starts a server). An import that fails here
    fails again, with its message, where the client is made."""
    def warm() -> None:
        try:
            importlib.import_module("openai")
        except Exception:  # noqa: BLE001 - reported where the client is made
            pass
    threading.Thread(target=warm, name="import-openai", daemon=True).start()


def model_identity(spec: ModelSpec) -> str:
    """What a run id records of a model: backend, name, decoding settings, and what its backend
    adds (`BackendInfo.identity`: for a GGUF on the embedded runtime, the runtime's version and the
    file's sha256). Endpoints (base_url, replicas), retries and timeouts do not change results and
    are left out: replicas serve the same model with the same decoding settings, so adding,
    removing or losing one mid-run leaves the run id (and a resumed run) the same."""
    ident = _settings(spec, spec.max_tokens) + backend(spec.backend).identity(spec)
    if not spec.constrained:  # no grammar and no seed: different outputs, so a different run
        ident += "/unconstrained"
    return ident


def decoding_identity(spec: ModelSpec, max_tokens: int | None = None) -> str:
    """Backend, name and decoding settings of a call, with the call's own token limit when it
    sets one (`max_tokens`), else the spec's: what a cache of generated outputs (ProADA's programs,
    the worksheets) keys on, so an output made under other settings is never reused as if made
    under these. At temperature 0 the seed is left out: greedy decoding never reads it, and the
    generate stage (seed of the spec) and a trial (its own seed) must find the same programs.
    Unlike `model_identity` it reads no file, so an agent in the jail can compute it: the weights a
    backend ships under the model's name are named by their pinned digest (`shipped_weights`, checked
    when the file is made), so programs made with other weights under the same name are not reused."""
    ident = _settings(spec, spec.max_tokens if max_tokens is None else max_tokens, seeded=bool(spec.temperature))
    shipped = backend(spec.backend).shipped_weights(spec)
    if shipped:
        ident += f"/{shipped}"
    return ident if spec.constrained else ident + "/unconstrained"


def _settings(spec: ModelSpec, limit: int | None, seeded: bool = True) -> str:
    seed = f"/s{spec.seed}" if seeded else ""
    return f"{spec.backend}:{spec.model}@t{spec.temperature}{seed}/m{limit}"
