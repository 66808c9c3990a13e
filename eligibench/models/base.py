"""The model interface everything that talks to a language model goes through.

`ChatModel.chat(messages, json_schema=..., max_tokens=...) -> Completion` is the whole contract.
Backends (embedded llama.cpp server, vLLM, any OpenAI-compatible endpoint) implement one request
(`_chat_once` / `_achat_once`) and say which errors are transient; this module adds retries with
exponential backoff, a timeout on every request, usage counting and the error types.

`ServerProcess` (also here) runs a local OpenAI-compatible server as a child process in its own
process group, waits for it to answer `GET /v1/models`, logs to a file and stops it on close or
interpreter exit; the embedded and vLLM backends share it.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import math
import os
import random
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from eligibench.errors import BenyfitsError

BACKENDS = ("embedded", "vllm", "openai")
ROLES = ("system", "user", "assistant")
RESPONSE_FORMATS = ("json_schema", "json_object")

Backend = Literal["embedded", "vllm", "openai"]
ResponseFormatStyle = Literal["json_schema", "json_object"]


# --------------------------------------------------------------------------- errors


class ModelError(BenyfitsError):
    """Base class of model-layer errors."""


class ModelConfigError(ModelError, ValueError):
    """A model spec or environment that cannot work (names the field or variable)."""


class ModelUnavailable(ModelError):
    """The endpoint could not be reached or kept failing after all retries (names the endpoint)."""

    def __init__(self, endpoint: str, message: str):
        self.endpoint = endpoint
        super().__init__(message)


class ModelRequestError(ModelError):
    """The endpoint answered, but rejected the request (4xx): retrying would not help."""

    def __init__(self, endpoint: str, message: str, status_code: int | None = None):
        self.endpoint = endpoint
        self.status_code = status_code
        super().__init__(message)


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
    cached_tokens: int | None  # None: the server does not report it (llama.cpp does not)
    latency_s: float
    finish_reason: str | None = None  # "stop", "length" (cut at max_tokens), ...


@dataclass(frozen=True)
class ModelSpec:
    """What to talk to and how. Validated on construction; errors name the field.

    backend: "embedded" (llama.cpp server on CPU, default model SmolLM2-135M-Instruct), "vllm"
      (GPU server) or "openai" (any OpenAI-compatible endpoint).
    model: the model name the endpoint serves (embedded: "SmolLM2-135M-Instruct" or a .gguf path).
    base_url: ".../v1" of a running server; None: embedded/vllm start their own, openai reads env.
    response_format: how JSON-schema output is requested; None picks the backend's default
      ("json_object" with a "schema" key for llama.cpp, "json_schema" for vLLM and OpenAI).
    retries: extra attempts after a transient failure; timeout_s: limit for each request;
      backoff_s: first wait between attempts (doubles each time, capped at 30 s).
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


# --------------------------------------------------------------------------- the interface


class ChatModel(ABC):
    """One chat model endpoint. Use as a (async) context manager or call close()."""

    def __init__(self, spec: ModelSpec):
        if not isinstance(spec, ModelSpec):
            raise ModelConfigError(f"spec must be a ModelSpec; got {type(spec).__name__}")
        self.spec = spec
        self.usage = Usage()
        self._closed = False

    # --- what a backend implements
    @property
    @abstractmethod
    def endpoint(self) -> str:
        """The URL requests go to (used in error messages)."""

    @abstractmethod
    def _chat_once(
        self, messages: list[ChatMessage], json_schema: dict | None, max_tokens: int
    ) -> Completion: ...

    @abstractmethod
    async def _achat_once(
        self, messages: list[ChatMessage], json_schema: dict | None, max_tokens: int
    ) -> Completion: ...

    @abstractmethod
    def _classify(self, exc: BaseException) -> Literal["transient", "rejected", "other"]:
        """transient: retry (connection, timeout, 5xx, 429); rejected: 4xx; other: re-raise."""

    def _close(self) -> None:  # backends free clients / servers here
        pass

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
                continue
            self.usage.record(completion)
            return completion
        raise self._unavailable(last)

    async def achat(
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
                await asyncio.sleep(self._backoff(attempt))
            try:
                completion = await self._achat_once(msgs, json_schema, limit)
            except Exception as exc:  # noqa: BLE001 - classified below
                last = self._handle(exc)
                continue
            self.usage.record(completion)
            return completion
        raise self._unavailable(last)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._close()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc_info) -> None:
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
                self.endpoint, f"{self.endpoint} rejected the request ({status}): {_short(exc)}", status
            ) from exc
        raise exc

    def _unavailable(self, last: BaseException | None) -> ModelUnavailable:
        self.usage.record_failure()
        attempts = self.spec.retries + 1
        err = ModelUnavailable(
            self.endpoint,
            f"model endpoint {self.endpoint} unavailable after {attempts} attempt(s) "
            f"(timeout {self.spec.timeout_s:g} s each): {type(last).__name__}: {_short(last)}",
        )
        err.__cause__ = last
        return err


def _short(exc: BaseException | None, limit: int = 300) -> str:
    text = " ".join(str(exc).split()) if exc is not None else "no attempt made"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- local servers


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nothing listens on right now (small race: another process may take it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


_NO_PROXY_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def check_health(base_url: str, timeout_s: float = 2.0) -> list[str]:
    """GET {base_url}/models; returns the served model ids or raises ModelUnavailable."""
    url = base_url.rstrip("/") + "/models"
    try:
        with _NO_PROXY_OPENER.open(url, timeout=timeout_s) as resp:
            payload = json.loads(resp.read().decode("utf-8"))
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise ModelUnavailable(url, f"model server at {url} is not answering: {_short(exc)}") from exc
    return [m.get("id", "") for m in payload.get("data", []) if isinstance(m, dict)]


_LIVE: set["ServerProcess"] = set()
_LIVE_LOCK = threading.Lock()


def _stop_all() -> None:
    for proc in list(_LIVE):
        proc.stop()


atexit.register(_stop_all)


class ServerProcess:
    """A child server process in its own process group, with a health wait and a log file."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        base_url: str,
        name: str,
        log_path: str | os.PathLike,
        startup_timeout_s: float,
        env: Mapping[str, str] | None = None,
    ):
        self.argv = list(argv)
        self.base_url = base_url
        self.name = name
        self.log_path = Path(log_path)
        self.startup_timeout_s = startup_timeout_s
        self.env = dict(env) if env is not None else None
        self._proc: subprocess.Popen | None = None
        self._log = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        if self.running:
            return
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group: stop() kills all of it
                env=self.env,
            )
        except OSError as exc:
            self._log.close()
            raise ModelUnavailable(
                self.base_url, f"could not start {self.name} ({self.argv[0]}): {exc}"
            ) from exc
        with _LIVE_LOCK:
            _LIVE.add(self)
        try:
            self._wait_healthy()
        except BaseException:
            self.stop()
            raise

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + self.startup_timeout_s
        while True:
            code = self._proc.poll()
            if code is not None:
                raise ModelUnavailable(
                    self.base_url,
                    f"{self.name} exited with code {code} during startup; "
                    f"log {self.log_path}:\n{self.log_tail()}",
                )
            try:
                check_health(self.base_url, timeout_s=2.0)
                return
            except ModelUnavailable:
                pass
            if time.monotonic() > deadline:
                raise ModelUnavailable(
                    self.base_url,
                    f"{self.name} did not answer {self.base_url}/models within "
                    f"{self.startup_timeout_s:g} s; log {self.log_path}:\n{self.log_tail()}",
                )
            time.sleep(0.25)

    def log_tail(self, lines: int = 15) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def stop(self, grace_s: float = 5.0) -> None:
        proc = self._proc
        if proc is not None and proc.poll() is None:
            for sig, wait in ((signal.SIGTERM, grace_s), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(proc.pid, sig)
                except (ProcessLookupError, PermissionError):
                    break
                try:
                    proc.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if proc is not None:
            try:
                proc.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                pass
        with _LIVE_LOCK:
            _LIVE.discard(self)
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()
