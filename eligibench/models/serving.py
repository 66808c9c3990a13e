"""The one place that starts or attaches model servers for a set of specs.

Every caller that needs models (evaluation sessions, the generate stage, the audit, the smoke
dialog) passes its specs here: embedded specs without a `base_url` share ONE llama.cpp server
started for the duration of the caller's ExitStack; specs with a `base_url` (a running server, a
vLLM cluster, an OpenAI-compatible API) are used as they are.
"""
from __future__ import annotations

from contextlib import ExitStack
from dataclasses import replace
from typing import Mapping

from eligibench.models.embedded import EmbeddedServer
from eligibench.models.types import ModelSpec


def attach_servers(specs: Mapping[str, ModelSpec], stack: ExitStack) -> dict[str, ModelSpec]:
    """The same specs, each embedded one pointed at a server that lives as long as `stack`."""
    out = dict(specs)
    if any(s.backend == "embedded" and not s.base_url for s in out.values()):
        server = stack.enter_context(EmbeddedServer())
        for name, s in out.items():
            if s.backend == "embedded" and not s.base_url:
                out[name] = replace(s, base_url=server.base_url)
    return out
