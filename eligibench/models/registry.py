"""The one registry of model backends: which client class talks to a backend, which class starts
its server, and the facts the evaluation protocol needs about it.

    backend("embedded").client_class()   # EmbeddedModel
    backend("vllm").server_class()       # VllmServer
    backend(spec.backend).identity(spec), .weights(spec), .missing(spec), .server_for(spec)
    is_smoke_backend("embedded"), serves_reference("vllm")

Each entry owns its start (`server_for`), its preflight (`missing`: what the machine lacks;
`not_served`: a server serving another model) and its identity (`identity`: what a run id records;
`weights`, `weights_name`, `shipped_weights`: the simulator's pinned identity), answered by its
classes, so no caller ever tests a backend's name. `make_model`, `attach_servers` (serving.py),
both preflights and `types.BACKENDS` read this table: adding a backend is one entry here. Classes
are named as "module:Class" and imported on use: types.py reads the names at import time, before
the client modules (which import types) exist.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from eligibench.models.errors import ModelConfigError
from eligibench.registry import Entry, Registry


@dataclass(frozen=True)
class BackendInfo:
    """One backend.

    client: "module:Class" of its ChatModel. server: "module:Class" of the server starter
    (`Class(spec-derived args).start()`, `.base_url`, `.stop()`), None when the backend only
    attaches to endpoints others run. serves_reference: a server backend on which the reference
    simulator's weights (Llama 3.1 70B AWQ-INT4) can run, so a spec on it can be the reference.
    smoke: the CPU smoke-test backend (runs on it are the labelled smoke protocol).
    description: one line for `benyfits list backends` and `--simulator`'s help.
    """

    name: str
    client: str
    server: str | None
    serves_reference: bool
    smoke: bool
    description: str = ""

    @property
    def starts_servers(self) -> bool:
        return self.server is not None

    def client_class(self) -> type:
        return _load(self.client)

    def server_class(self) -> type | None:
        return _load(self.server) if self.server else None

    # --- start
    def server_for(self, spec, cores: int | None = None):
        """A not yet started server for `spec` (`.start()`, `.base_url`, `.stop()`; None when the
        backend only attaches). `cores`: what it may use beside other servers (stages/generate.py)."""
        server_class = self.server_class()
        return server_class.for_spec(spec, cores=cores) if server_class else None

    def share_key(self, spec) -> tuple:
        """Specs with equal keys share one started server."""
        return self.server_class().share_key(spec)

    # --- preflight
    def missing(self, spec) -> list[str]:
        """What this machine lacks to run `spec` (a package, a model file), one line each."""
        return self.client_class().missing(spec)

    def not_served(self, spec, served, endpoint: str) -> str | None:
        """Why a server serving the ids `served` does not serve `spec`'s model (None: it does)."""
        return self.client_class().not_served(spec, served, endpoint)

    # --- identity
    def identity(self, spec) -> str:
        """What a run id records of the model beyond name and decoding (e.g. runtime and file digest)."""
        return self.client_class().run_identity(spec)

    def weights(self, spec) -> str:
        """The weights, pinned: "sha256:<hex>", "hf:<repo>@<rev>" or "unpinned"."""
        return self.client_class().weights(spec)

    def weights_name(self, spec) -> str:
        """The file or Hub name the quantization is read from."""
        return self.client_class().weights_name(spec)

    def shipped_weights(self, spec) -> str | None:
        """The weights the project ships under the spec's model name, if any."""
        return self.client_class().shipped_weights(spec)


def _load(ref: str) -> type:
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


_REGISTRY: dict[str, BackendInfo] = {
    b.name: b
    for b in (
        BackendInfo("embedded", "eligibench.models.embedded:EmbeddedModel",
                    "eligibench.models.embedded:EmbeddedServer",
                    serves_reference=False, smoke=True,
                    description="a GGUF model on this machine's CPU via llama.cpp (the smoke-test backend)"),
        BackendInfo("vllm", "eligibench.models.vllm:VllmModel", "eligibench.models.vllm:VllmServer",
                    serves_reference=True, smoke=False,
                    description="a vLLM server the harness starts on this machine's GPUs"),
        BackendInfo("openai", "eligibench.models.openai_compat:OpenAICompatModel", None,
                    serves_reference=True, smoke=False,
                    description="an OpenAI-compatible endpoint someone else runs (base_url)"),
    )
}  # fmt: skip

BACKEND_NAMES: tuple[str, ...] = tuple(_REGISTRY)
# the backends as the project-wide registry shape (eligibench.extensions gathers it)
BACKEND_REGISTRY: Registry[BackendInfo] = Registry("model backend", (Entry(b.name, b.description, b) for b in _REGISTRY.values()))


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
