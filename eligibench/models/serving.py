"""The one place that starts or attaches model servers for a set of specs.

Every caller that needs models (evaluation sessions, the generate stage, the audit, the smoke
dialog) passes its specs here: embedded specs without a `base_url` share ONE llama.cpp server
started for the duration of the caller's ExitStack; specs with a `base_url` (a running server, a
vLLM cluster, an OpenAI-compatible API) are used as they are.
"""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Mapping

from eligibench.models.embedded import EmbeddedServer, gguf_sha256, resolve_model_path, server_alias
from eligibench.models.types import ModelSpec


def attach_servers(specs: Mapping[str, ModelSpec], stack: ExitStack) -> dict[str, ModelSpec]:
    """The same specs, each embedded one pointed at a server that lives as long as `stack`: one
    server per distinct GGUF file (a spec naming another GGUF gets a server for that file)."""
    out = dict(specs)
    servers: dict[Path, EmbeddedServer] = {}
    for name, s in out.items():
        if s.backend == "embedded" and not s.base_url:
            path = resolve_model_path(s.model)
            if path not in servers:
                servers[path] = stack.enter_context(EmbeddedServer(path, alias=server_alias(s.model)))
            out[name] = replace(s, base_url=servers[path].base_url)
    return out


def model_identity(spec: ModelSpec) -> str:
    """What a run id records of a model: backend, name, decoding settings, and for a GGUF its
    file's sha256 (endpoints, retries and timeouts do not change results and are left out)."""
    ident = f"{spec.backend}:{spec.model}@t{spec.temperature}/s{spec.seed}/m{spec.max_tokens}"
    if spec.backend == "embedded":
        ident += f"/sha256:{gguf_sha256(resolve_model_path(spec.model))}"
    return ident
