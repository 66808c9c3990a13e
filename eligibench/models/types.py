"""Model-layer value types and errors: ModelSpec (what to call), ChatMessage, Completion, Usage.
"""
from __future__ import annotations

import math
import re
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from eligibench.models.errors import (  # noqa: F401 - re-exported: the errors' historical home
    PORTABLE_REINSTALL,
    ModelConfigError,
    ModelError,
    ModelRequestError,
    ModelUnavailable,
    ServerDied,
)
from eligibench.models.registry import BACKEND_NAMES

BACKENDS = BACKEND_NAMES  # the registry (registry.py) is the one list
ROLES = ("system", "user", "assistant")
RESPONSE_FORMATS = ("json_schema", "json_object")
DECODINGS = ("constrained", "unconstrained")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# Field names that would hold a credential: a spec (params.yaml, run records, the agent pipe)
# names the environment variable instead, so keys never land in files or results.
_SECRET_NAMES = {"api_key", "apikey", "key", "token", "access_token", "secret", "password", "authorization",
                 "bearer", "auth"}


def _is_secret_field(name: str) -> bool:
    low = str(name).lower()
    if low == "api_key_env":
        return False
    return low in _SECRET_NAMES or low.endswith(("_key", "_token", "_secret", "_password"))

Backend = Literal["embedded", "vllm", "openai"]
ResponseFormatStyle = Literal["json_schema", "json_object"]


# --------------------------------------------------------------------------- value types


@dataclass(frozen=True)
class ChatMessage:
    role: str
    content: str

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ModelConfigError(
                f"ChatMessage.role must be one of {', '.join(ROLES)}; got {self.role!r}"
            )
        if not isinstance(self.content, str):
            raise ModelConfigError(
                f"ChatMessage.content must be a str; got {type(self.content).__name__}"
            )

    def to_dict(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


@dataclass(frozen=True)
class Completion:
    text: str
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int | None  # None: the server does not report it (llama.cpp's and vLLM's do)
    latency_s: float
    finish_reason: str | None = None  # "stop", "length" (cut at max_tokens), ...


@dataclass(frozen=True)
class ModelSpec:
    """What to talk to and how. Validated on construction; errors name the field.

    backend: "embedded" (llama.cpp's server from xllamacpp on CPU, default model SmolLM2-135M-Instruct), "vllm"
      (GPU server) or "openai" (any OpenAI-compatible endpoint).
    model: the model name the endpoint serves (embedded: "SmolLM2-135M-Instruct" or a .gguf path).
    base_url: ".../v1" of a running server; None: embedded/vllm start their own, openai reads env.
    response_format: how JSON-schema output is requested; None: "json_schema" (every backend;
      "json_object" with a "schema" key for endpoints that only know that form).
    retries: extra attempts after a transient failure; timeout_s: limit for each request;
      backoff_s: first wait between attempts (doubles each time, capped at 30 s).
    api_key_env: the environment variable holding this spec's API key (e.g. "ANTHROPIC_API_KEY"),
      so several providers run side by side; None: $BENYFITS_OPENAI_API_KEY / $OPENAI_API_KEY.
      A key itself is never part of a spec.
    decoding: "constrained" (default: JSON output is requested with response_format and the seed
      is sent) or "unconstrained" for endpoints that ignore or reject response_format/seed: then
      neither is sent, and the constrained helpers parse and validate JSON from free text.
    replicas: several ".../v1" base URLs serving this same model (instead of base_url): calls are
      balanced across the healthy ones, a failing one is taken out and re-probed later
      (models/replicas.py). Left out of the run identity like base_url: which endpoint served a
      call does not change what the model is (models.serving.model_identity), and to_wire leaves
      the field out when empty, so one-endpoint specs travel exactly as before.
    """

    backend: str
    model: str
    base_url: str | None = None
    temperature: float = 0.0
    seed: int | None = 0
    max_tokens: int = 256
    retries: int = 2
    timeout_s: float = 300.0
    backoff_s: float = 0.5
    response_format: str | None = None
    api_key_env: str | None = None
    decoding: str = "constrained"
    replicas: tuple[str, ...] = ()

    @property
    def endpoints(self) -> tuple[str, ...]:
        """The base URLs this spec's calls go to: its replicas, else its base_url (may be empty)."""
        return self.replicas or ((self.base_url,) if self.base_url else ())

    @property
    def constrained(self) -> bool:
        """False: the endpoint gets no response_format and no seed (record as "unconstrained decoding")."""
        return self.decoding == "constrained"

    def to_wire(self) -> dict[str, Any]:
        """A JSON-ready dict of every field (the agent pipe, run records); from_wire inverts it."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.replicas:
            out["replicas"] = list(self.replicas)
        else:  # one-endpoint specs keep the wire form they had before replicas existed
            del out["replicas"]
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any], where: str = "model spec") -> "ModelSpec":
        """A ModelSpec from a dict (params.yaml, the agent pipe). Refuses credentials (a key in a
        field like api_key/token: name the variable in api_key_env instead) and unknown fields,
        naming the field and `where`."""
        if not isinstance(data, Mapping):
            raise ModelConfigError(f"{where} must be a mapping of ModelSpec fields; got {type(data).__name__}")
        secret = sorted(str(k) for k in data if _is_secret_field(k))
        if secret:
            raise ModelConfigError(
                f"{where}: field {secret[0]!r} would hold a credential; keys are never stored in specs: put "
                "the key in an environment variable and name it in api_key_env"
            )
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise ModelConfigError(f"{where}: unknown ModelSpec field {unknown[0]!r}; known: {', '.join(sorted(known))}")
        values = dict(data)
        if isinstance(values.get("replicas"), list):  # YAML/JSON lists; the spec holds a tuple
            values["replicas"] = tuple(values["replicas"])
        return cls(**values)

    def __post_init__(self) -> None:
        def bad(name: str, expected: str) -> ModelConfigError:
            return ModelConfigError(
                f"ModelSpec.{name} must be {expected}; got {getattr(self, name)!r}"
            )

        if self.backend not in BACKENDS:
            raise bad("backend", "one of " + ", ".join(repr(b) for b in BACKENDS))
        if not isinstance(self.model, str) or not self.model.strip():
            raise bad("model", "a non-empty model name")
        if self.base_url is not None and (
            not isinstance(self.base_url, str)
            or not self.base_url.startswith(("http://", "https://"))
        ):
            raise bad("base_url", "None or an http(s):// URL")
        if not isinstance(self.replicas, tuple) or not all(
            isinstance(u, str) and u.startswith(("http://", "https://")) for u in self.replicas
        ):
            raise bad("replicas", "a list of http(s):// base URLs")
        if len(set(u.rstrip("/") for u in self.replicas)) != len(self.replicas):
            raise bad("replicas", "a list of distinct base URLs")
        if self.replicas and self.base_url is not None:
            raise ModelConfigError(
                f"ModelSpec: give either base_url (one endpoint) or replicas (several), not both; got "
                f"base_url {self.base_url!r} and replicas {list(self.replicas)!r}"
            )
        if (
            isinstance(self.temperature, bool)
            or not isinstance(self.temperature, (int, float))
            or not math.isfinite(self.temperature)
            or not 0.0 <= self.temperature <= 2.0
        ):
            raise bad("temperature", "a number between 0 and 2")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise bad("seed", "None or an int")
        if isinstance(self.max_tokens, bool) or not isinstance(self.max_tokens, int) or self.max_tokens < 1:
            raise bad("max_tokens", "a positive int")
        if isinstance(self.retries, bool) or not isinstance(self.retries, int) or self.retries < 0:
            raise bad("retries", "an int >= 0")
        for name in ("timeout_s", "backoff_s"):
            value = getattr(self, name)
            minimum_ok = value > 0 if name == "timeout_s" else value >= 0
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
                or not minimum_ok
            ):
                raise bad(name, "a positive number of seconds" if name == "timeout_s" else "a number of seconds >= 0")
        if self.response_format is not None and self.response_format not in RESPONSE_FORMATS:
            raise bad("response_format", "None, 'json_schema' or 'json_object'")
        if self.api_key_env is not None and (
            not isinstance(self.api_key_env, str) or not _ENV_NAME.match(self.api_key_env)
        ):
            # a pasted key ("sk-...") lands here too: say what the field is for, never echo the value
            raise ModelConfigError(
                "ModelSpec.api_key_env must be None or the NAME of an environment variable "
                "(e.g. 'ANTHROPIC_API_KEY'), not a key"
            )
        if self.decoding not in DECODINGS:
            raise bad("decoding", "'constrained' or 'unconstrained'")


def normalize_messages(messages: Iterable[ChatMessage | Mapping[str, Any]]) -> list[ChatMessage]:
    """ChatMessage objects or {"role", "content"} dicts -> ChatMessages (at least one)."""
    if isinstance(messages, (str, bytes)) or isinstance(messages, Mapping):
        raise ModelConfigError("messages must be a list of ChatMessage or {'role', 'content'} dicts")
    out: list[ChatMessage] = []
    for i, m in enumerate(messages):
        if isinstance(m, ChatMessage):
            out.append(m)
        elif isinstance(m, Mapping):
            try:
                out.append(ChatMessage(m["role"], m["content"]))
            except KeyError as exc:
                raise ModelConfigError(f"message {i} has no {exc.args[0]!r} key") from None
        else:
            raise ModelConfigError(f"message {i} must be a ChatMessage or dict; got {type(m).__name__}")
    if not out:
        raise ModelConfigError("messages must not be empty")
    return out


# --------------------------------------------------------------------------- usage


@dataclass
class Usage:
    """Running totals for one model object (thread-safe)."""

    calls: int = 0
    failed_calls: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    cached_reported_calls: int = 0  # calls whose server reported cached_tokens
    latency_s: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    def record(self, completion: Completion) -> None:
        with self._lock:
            self.calls += 1
            self.prompt_tokens += completion.prompt_tokens
            self.completion_tokens += completion.completion_tokens
            self.latency_s += completion.latency_s
            if completion.cached_tokens is not None:
                self.cached_tokens += completion.cached_tokens
                self.cached_reported_calls += 1

    def record_retry(self) -> None:
        with self._lock:
            self.retries += 1

    def record_failure(self) -> None:
        with self._lock:
            self.failed_calls += 1

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {
                "calls": self.calls,
                "failed_calls": self.failed_calls,
                "retries": self.retries,
                "prompt_tokens": self.prompt_tokens,
                "completion_tokens": self.completion_tokens,
                "cached_tokens": self.cached_tokens if self.cached_reported_calls else None,
                "latency_s": round(self.latency_s, 3),
            }
