"""Any OpenAI-compatible chat endpoint (OpenAI, a vLLM server or cluster, a llama.cpp server).

Base URL: ModelSpec.base_url, else $BENYFITS_OPENAI_BASE_URL, else $OPENAI_BASE_URL, else
https://api.openai.com/v1. Key: the variable ModelSpec.api_key_env names (required unless the
endpoint is on loopback), else $BENYFITS_OPENAI_API_KEY, else $OPENAI_API_KEY; required only for
api.openai.com (local servers get "none"). The key is read at construction and kept in memory only.

ModelSpec.decoding "unconstrained" (an endpoint that ignores or rejects response_format / seed):
neither field is sent, so what a run records is what went on the wire.

JSON-schema output is requested the same way on every backend (ModelSpec.response_format overrides):
- "json_schema" (the default): {"type": "json_schema", "json_schema": {"name", "strict", "schema"}},
  built by outlines' own OpenAI type adapter (the exact argument `outlines.from_openai` sends);
  OpenAI, vLLM and llama.cpp's server accept it.
- "json_object": {"type": "json_object", "schema": schema}, for endpoints that only know that form
  (llama.cpp's server accepts it too).

The registry (registry.py) also asks each backend's client class what identifies its model and
what the machine must hold; the defaults here are those of a model named by its Hub id on a server
someone else runs (`missing`, `not_served`, `run_identity`, `weights`, `weights_name`,
`shipped_weights`); the embedded backend overrides them.
"""

from __future__ import annotations

import copy
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from eligibench.models.client import RetryingChatModel
from eligibench.models.types import ChatMessage, Completion, ModelConfigError, ModelSpec

OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1"
BASE_URL_ENV = ("BENYFITS_OPENAI_BASE_URL", "OPENAI_BASE_URL")
API_KEY_ENV = ("BENYFITS_OPENAI_API_KEY", "OPENAI_API_KEY")


def _first_env(names: tuple[str, ...]) -> str | None:
    for name in names:
        value = os.environ.get(name, "").strip()
        if value:
            return value
    return None


def _is_loopback(url: str) -> bool:
    from urllib.parse import urlsplit

    return (urlsplit(url).hostname or "") in ("127.0.0.1", "localhost", "::1")


def _key_from(spec: ModelSpec, base_url: str) -> str | None:
    """The key in the variable spec.api_key_env names; ModelConfigError naming the variable when it
    is unset and the endpoint is not a local server (which do not check keys)."""
    if spec.api_key_env is None:
        return None
    value = os.environ.get(spec.api_key_env, "").strip()
    if value:
        return value
    if _is_loopback(base_url):
        return None
    raise ModelConfigError(
        f"ModelSpec.api_key_env: environment variable {spec.api_key_env} is not set; {base_url} "
        f"(model {spec.model!r}) needs the API key in it"
    )


def require_base_url(spec: ModelSpec) -> None:
    """Server backends' clients attach only: a spec without base_url never starts a server here."""
    if spec.base_url is None and not spec.replicas:
        raise ModelConfigError(
            f"ModelSpec.base_url is None for backend {spec.backend!r} (model {spec.model!r}): clients "
            "never start servers; pass the specs through eligibench.models.serving.attach_servers(specs, "
            "stack), which starts the server and returns specs with base_url set"
        )


def response_format_for(schema: dict, style: str) -> dict:
    """The `response_format` request field asking for JSON that matches `schema`."""
    if style == "json_object":
        return {"type": "json_object", "schema": copy.deepcopy(schema)}
    if style == "json_schema":
        from outlines.models.openai import OpenAITypeAdapter
        from outlines.types import JsonSchema

        # JsonSchema() checks the schema (Draft 7); the adapter adds additionalProperties: false
        # everywhere and strict mode, as OpenAI requires.
        return OpenAITypeAdapter().format_output_type(JsonSchema(schema))["response_format"]
    raise ModelConfigError(f"response format must be 'json_schema' or 'json_object'; got {style!r}")


class OpenAICompatModel(RetryingChatModel):
    """Chat over the OpenAI HTTP API with the `openai` client (its own retries off: ours count)."""

    default_response_format: str = "json_schema"
    # OpenAI's current name for the output limit; llama.cpp only knows max_tokens (vLLM both).
    max_tokens_field: str = "max_completion_tokens"

    def __init__(self, spec: ModelSpec, *, base_url: str | None = None, api_key: str | None = None):
        super().__init__(spec)
        url = base_url or spec.base_url or _first_env(BASE_URL_ENV) or OPENAI_DEFAULT_BASE_URL
        if not url.startswith(("http://", "https://")):
            raise ModelConfigError(f"base URL must be an http(s):// URL; got {url!r}")
        self.base_url = url.rstrip("/")
        key = api_key or _key_from(spec, self.base_url) or _first_env(API_KEY_ENV)
        if key is None:
            if self.base_url == OPENAI_DEFAULT_BASE_URL:
                raise ModelConfigError(
                    f"backend {spec.backend!r} at {self.base_url} needs an API key: set "
                    "OPENAI_API_KEY (or BENYFITS_OPENAI_API_KEY), or point BENYFITS_OPENAI_BASE_URL "
                    "at another server"
                )
            key = "none"
        self._api_key = key
        self.response_format_style = spec.response_format or self.default_response_format
        self._client = None

    @property
    def endpoint(self) -> str:
        return f"{self.base_url}/chat/completions"

    # --- clients
    def _client_kwargs(self) -> dict:
        return dict(
            base_url=self.base_url,
            api_key=self._api_key,
            timeout=self.spec.timeout_s,
            max_retries=0,
        )

    @property
    def client(self):
        if self._client is None:
            from openai import OpenAI

            self._client = OpenAI(**self._client_kwargs())
        return self._client

    # --- one request
    def request_kwargs(
        self, messages: list[ChatMessage], json_schema: dict | None, max_tokens: int
    ) -> dict:
        kwargs: dict[str, Any] = {
            "model": self.spec.model,
            "messages": [m.to_dict() for m in messages],
            "temperature": self.spec.temperature,
            self.max_tokens_field: max_tokens,
        }
        if not self.spec.constrained:
            return kwargs  # the endpoint ignores both: the helpers validate free-text JSON instead
        if self.spec.seed is not None:
            kwargs["seed"] = self.spec.seed
        if json_schema is not None:
            kwargs["response_format"] = response_format_for(json_schema, self.response_format_style)
        return kwargs

    def _chat_once(self, messages, json_schema, max_tokens) -> Completion:
        kwargs = self.request_kwargs(messages, json_schema, max_tokens)
        start = time.perf_counter()
        response = self.client.chat.completions.create(**kwargs)
        return _completion(response, time.perf_counter() - start)

    def _classify(self, exc: BaseException) -> Literal["transient", "rejected", "other"]:
        import openai

        if isinstance(exc, openai.APIConnectionError):  # includes APITimeoutError
            return "transient"
        if isinstance(exc, openai.APIStatusError):
            code = exc.status_code
            if code >= 500 or code in (408, 409, 429):
                return "transient"
            return "rejected"
        if isinstance(exc, (TimeoutError, ConnectionError)):
            return "transient"
        return "other"

    def _server_died(self):
        from eligibench.models.servers import server_death

        return server_death(self.base_url)

    def _close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    # --- what the registry asks a backend (registry.BackendInfo), so callers never test its name
    @classmethod
    def missing(cls, spec: ModelSpec) -> list[str]:
        """What this machine lacks to run `spec`'s model (one line each): nothing for an endpoint."""
        return []

    @classmethod
    def not_served(cls, spec: ModelSpec, served: Sequence[str], endpoint: str) -> str | None:
        """Why the server at `endpoint`, serving the ids `served` (GET /models), is not serving
        `spec`'s model; None when it is."""
        if spec.model in served:
            return None
        return f"ModelSpec.model {spec.model!r} is not among the served models {list(served)}"

    @classmethod
    def run_identity(cls, spec: ModelSpec) -> str:
        """What a run id records of the model beyond its name and decoding settings ("" here: a
        named model's weights are the endpoint's, and an id must not depend on this machine's caches)."""
        return ""

    @classmethod
    def weights(cls, spec: ModelSpec) -> str:
        """The weights, pinned as far as this machine can tell: "hf:<repo>@<revision>" when the
        Hugging Face cache holds the repository (what a vLLM started here loaded), else "unpinned"."""
        rev = hub_revision(spec.model)
        return f"hf:{spec.model}@{rev}" if rev else UNPINNED

    @classmethod
    def weights_name(cls, spec: ModelSpec) -> str:
        """The name the quantization is read from (a Hub id or a file name)."""
        return spec.model

    @classmethod
    def shipped_weights(cls, spec: ModelSpec) -> str | None:
        """The weights the project ships under `spec.model`'s name, if any (None: ships none)."""
        return None


UNPINNED = "unpinned"


def hub_revision(repo: str, cache: Path | None = None) -> str | None:
    """The revision `refs/main` names in this machine's Hugging Face cache for `repo`, if it is there."""
    if "/" not in repo:
        return None
    root = cache or Path(os.environ.get("HF_HUB_CACHE")
                         or Path(os.environ.get("HF_HOME", Path.home() / ".cache/huggingface")) / "hub")
    ref = root / ("models--" + repo.replace("/", "--")) / "refs" / "main"
    try:
        rev = ref.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return rev or None


def _completion(response, latency_s: float) -> Completion:
    choice = response.choices[0] if response.choices else None
    text = (choice.message.content if choice is not None else None) or ""
    usage = response.usage
    cached = None
    if usage is not None:
        details = getattr(usage, "prompt_tokens_details", None)
        cached = getattr(details, "cached_tokens", None) if details is not None else None
    return Completion(
        text=text,
        prompt_tokens=int(usage.prompt_tokens) if usage is not None else 0,
        completion_tokens=int(usage.completion_tokens) if usage is not None else 0,
        cached_tokens=int(cached) if cached is not None else None,
        latency_s=latency_s,
        finish_reason=getattr(choice, "finish_reason", None),
    )
