"""The chat client contract everything that talks to a language model goes through.

`ChatModel.chat(messages, json_schema=..., max_tokens=...) -> Completion` is the whole contract.
Backends (embedded llama.cpp server, vLLM, any OpenAI-compatible endpoint) implement one request
(`_chat_once`) and say which errors are transient; this module adds retries with
exponential backoff, a timeout on every request, usage counting and the error types.
"""
from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from eligibench.models.types import (
    ChatMessage,
    Completion,
    ModelConfigError,
    ModelError,
    ModelRequestError,
    ModelSpec,
    ModelUnavailable,
    Usage,
    normalize_messages,
)

# --------------------------------------------------------------------------- the interface


class ChatModel(ABC):
    """The chat contract every model honours (`chat`), one endpoint or several. Use as a context
    manager or call close(). Backends that send one request at a time to one endpoint subclass
    `RetryingChatModel`; `replicas.ReplicatedModel` spreads calls over several of them."""

    def __init__(self, spec: ModelSpec):
        if not isinstance(spec, ModelSpec):
            raise ModelConfigError(f"spec must be a ModelSpec; got {type(spec).__name__}")
        self.spec = spec
        self.usage = Usage()
        self._closed = False

    @property
    @abstractmethod
    def endpoint(self) -> str:
        """The URL requests go to (used in error messages)."""

    @abstractmethod
    def chat(
        self,
        messages: Iterable[ChatMessage | Mapping[str, Any]],
        *,
        json_schema: dict | None = None,
        max_tokens: int | None = None,
    ) -> Completion: ...

    def _close(self) -> None:  # noqa: B027 - optional hook: backends free clients / servers here
        return None

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.spec.model!r}, endpoint={self.endpoint!r})"

    # --- helpers
    def _prepare(self, messages, json_schema, max_tokens) -> tuple[list[ChatMessage], int]:
        if self._closed:
            raise ModelError(f"{self!r} is closed")
        msgs = normalize_messages(messages)
        if json_schema is not None and not isinstance(json_schema, dict):
            raise ModelConfigError(f"json_schema must be a dict or None; got {type(json_schema).__name__}")
        limit = self.spec.max_tokens if max_tokens is None else max_tokens
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ModelConfigError(f"max_tokens must be a positive int; got {max_tokens!r}")
        return msgs, limit


class RetryingChatModel(ChatModel):
    """One endpoint: `chat` retries `_chat_once` with backoff on transient errors (the spec's
    retries), stops early when the server behind it died, and counts usage."""

    # --- what a backend implements
    @abstractmethod
    def _chat_once(
        self, messages: list[ChatMessage], json_schema: dict | None, max_tokens: int
    ) -> Completion: ...

    @abstractmethod
    def _classify(self, exc: BaseException) -> Literal["transient", "rejected", "other"]:
        """transient: retry (connection, timeout, 5xx, 429); rejected: 4xx; other: re-raise."""

    def _server_died(self) -> ModelUnavailable | None:
        """After a transient error: the error naming the exited server behind this endpoint, if
        the harness started one and it has exited (None: keep retrying)."""
        return None

    # --- public API
    def chat(
        self,
        messages: Iterable[ChatMessage | Mapping[str, Any]],
        *,
        json_schema: dict | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        msgs, limit = self._prepare(messages, json_schema, max_tokens)
        last: BaseException | None = None
        for attempt in range(self.spec.retries + 1):
            if attempt:
                self.usage.record_retry()
                time.sleep(self._backoff(attempt))
            try:
                completion = self._chat_once(msgs, json_schema, limit)
            except Exception as exc:  # noqa: BLE001 - classified below
                last = self._handle(exc)
                died = self._server_died()
                if died is not None:  # retrying a dead process only adds timeouts
                    self.usage.record_failure()
                    raise died from exc
                continue
            self.usage.record(completion)
            return completion
        raise self._unavailable(last)

    # --- helpers
    def _backoff(self, attempt: int) -> float:
        delay = min(self.spec.backoff_s * 2 ** (attempt - 1), 30.0)
        return delay + random.uniform(0, delay * 0.1)

    def _handle(self, exc: Exception) -> BaseException:
        kind = self._classify(exc)
        if kind == "transient":
            return exc
        self.usage.record_failure()
        if kind == "rejected":
            status = getattr(exc, "status_code", None)
            raise ModelRequestError(
                self.endpoint, f"{self.endpoint} rejected the request ({status}): {short_error(exc)}", status
            ) from exc
        raise exc

    def _unavailable(self, last: BaseException | None) -> ModelUnavailable:
        self.usage.record_failure()
        attempts = self.spec.retries + 1
        err = ModelUnavailable(
            self.endpoint,
            f"model endpoint {self.endpoint} unavailable after {attempts} attempt(s) "
            f"(timeout {self.spec.timeout_s:g} s each): {type(last).__name__}: {short_error(last)}",
        )
        err.__cause__ = last
        return err


def short_error(exc: BaseException | None, limit: int = 300) -> str:
    text = " ".join(str(exc).split()) if exc is not None else "no attempt made"
    return text if len(text) <= limit else text[: limit - 3] + "..."
