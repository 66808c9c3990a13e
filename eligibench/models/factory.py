"""`make_model`: the one way from a ModelSpec to a ChatModel (the client class the backend registry
names; a spec with replicas gets a ReplicatedModel)."""
from __future__ import annotations

from eligibench.models.client import ChatModel
from eligibench.models.openai_compat import require_base_url
from eligibench.models.registry import backend
from eligibench.models.replicas import ReplicatedModel
from eligibench.models.types import ModelConfigError, ModelSpec


def make_model(spec: ModelSpec) -> ChatModel:
    """The ChatModel for `spec`, the client class the backend registry names. A server backend's
    spec must carry base_url (attach_servers sets it): clients never start servers. A spec with
    replicas gets a ReplicatedModel, one client of the backend's class per replica."""
    if not isinstance(spec, ModelSpec):
        raise ModelConfigError(f"make_model needs a ModelSpec; got {type(spec).__name__}")
    info = backend(spec.backend)
    if spec.replicas:
        return ReplicatedModel(spec)
    if info.starts_servers:
        require_base_url(spec)
    return info.client_class()(spec)
