"""Several replicas of one model: calls balanced across the healthy ones, a failing one taken out
and re-probed later.

    spec = ModelSpec(backend="vllm", model="m", replicas=("http://a:8000/v1", "http://b:8000/v1"))
    make_model(spec)            # a ReplicatedModel
    pool_for(spec).snapshot()   # which replicas served, how often, which are out and why

A `ReplicaPool` holds the state of one set of endpoints and is shared by every model object of the
process that uses the same set (the simulated user's models per trial, each agent's host-side
models), so a dead replica is found once, not once per dialog. Each call goes to the healthy
replica with the fewest calls in flight (ties: round robin). A replica is taken out when a call to
it fails after its client's own retries (connection refused or reset, timeout, repeated 5xx/429)
or its server process died (`ServerDied`); the call is then tried on the next healthy replica, so
no dialog sees a replica's failure while another replica works. A rejected request (4xx) is the
request's fault, not the replica's: it is raised and the replica stays in.

An out replica is re-probed (GET /models on a new connection: any HTTP answer below 500 counts as
alive) once its cooldown has passed (REPROBE_S, doubling per failed probe up to REPROBE_MAX_S);
when no replica is healthy, every out replica is probed at once before the call gives up. Only
then does the call raise `ModelUnavailable`, naming each replica and its last error: the dialog
ends as an infrastructure error and the run "incomplete" (never "done").
"""
from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from eligibench.models.client import ChatModel, short_error
from eligibench.models.registry import backend
from eligibench.models.types import (
    ChatMessage,
    Completion,
    ModelConfigError,
    ModelRequestError,
    ModelSpec,
    ModelUnavailable,
)

REPROBE_S = 5.0  # first wait before an out replica is probed again
REPROBE_MAX_S = 60.0
PROBE_TIMEOUT_S = 3.0
_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass
class _Replica:
    url: str
    calls: int = 0  # calls this replica answered
    failures: int = 0  # calls that failed on it (each took it out)
    in_flight: int = 0
    out: bool = False
    error: str | None = None  # the last failure (kept after it comes back, for the record)
    retry_at: float = 0.0
    cooldown: float = 0.0  # set from REPROBE_S when the pool is made
    probing: bool = False


def probe(url: str, timeout_s: float = PROBE_TIMEOUT_S) -> str | None:
    """None when the server at base URL `url` answers GET /models (any status below 500), else why not."""
    try:
        with _NO_PROXY.open(url.rstrip("/") + "/models", timeout=timeout_s) as resp:
            resp.read(1)
        return None
    except urllib.error.HTTPError as exc:  # it answered: an auth or routing error is still a live server
        return None if exc.code < 500 else f"GET /models answered HTTP {exc.code}"
    except (urllib.error.URLError, OSError) as exc:
        return f"GET /models failed: {short_error(getattr(exc, 'reason', exc))}"


class ReplicaPool:
    """The shared state of one set of replica endpoints (thread-safe)."""

    def __init__(self, endpoints: Iterable[str]):
        self.endpoints = tuple(u.rstrip("/") for u in endpoints)
        if not self.endpoints:
            raise ModelConfigError("a replica pool needs at least one endpoint")
        self._replicas = {u: _Replica(u, cooldown=REPROBE_S) for u in self.endpoints}
        self._lock = threading.Lock()
        self._turn = 0

    # --- choosing
    def acquire(self, exclude: Iterable[str] = ()) -> str | None:
        """The replica the next call goes to (its in-flight count raised), None when none is left.
        Out replicas due for a re-probe are probed first; with none healthy, every out replica is."""
        skip = set(exclude)
        self._reprobe([r for r in self._due(skip, force=False)])
        url = self._pick(skip)
        if url is None:
            self._reprobe(self._due(skip, force=True))
            url = self._pick(skip)
        return url

    def _due(self, skip: set[str], force: bool) -> list[str]:
        now = time.monotonic()
        with self._lock:
            due = [r for r in self._replicas.values()
                   if r.out and not r.probing and r.url not in skip and (force or r.retry_at <= now)]
            for r in due:
                r.probing = True
            return [r.url for r in due]

    def _reprobe(self, urls: list[str]) -> None:
        for url in urls:
            why = probe(url)
            with self._lock:
                r = self._replicas[url]
                r.probing = False
                if why is None:
                    r.out, r.cooldown = False, REPROBE_S
                else:
                    r.error = why
                    r.cooldown = min(r.cooldown * 2, REPROBE_MAX_S)
                    r.retry_at = time.monotonic() + r.cooldown

    def _pick(self, skip: set[str]) -> str | None:
        with self._lock:
            live = [r for r in self._replicas.values() if not r.out and r.url not in skip]
            if not live:
                return None
            n = len(self.endpoints)
            # fewest calls in flight; ties broken round robin from the replica after the last pick
            order = {u: (i - self._turn) % n for i, u in enumerate(self.endpoints)}
            best = min(live, key=lambda r: (r.in_flight, order[r.url]))
            self._turn = (self.endpoints.index(best.url) + 1) % n
            best.in_flight += 1
            return best.url

    # --- outcomes
    def succeeded(self, url: str) -> None:
        with self._lock:
            r = self._replicas[url]
            r.in_flight -= 1
            r.calls += 1

    def released(self, url: str) -> None:
        """The call ended without saying anything about the replica (a rejected request)."""
        with self._lock:
            self._replicas[url].in_flight -= 1

    def failed(self, url: str, error: str) -> None:
        """Take the replica out; it is re-probed after its cooldown."""
        with self._lock:
            r = self._replicas[url]
            r.in_flight -= 1
            r.failures += 1
            r.error = error
            if not r.out:
                r.out, r.retry_at = True, time.monotonic() + r.cooldown

    # --- the record
    def snapshot(self) -> list[dict[str, Any]]:
        """Per replica: endpoint, calls answered, failed calls, whether it is out, its last error."""
        with self._lock:
            return [{"endpoint": r.url, "calls": r.calls, "failures": r.failures, "out": r.out, "error": r.error}
                    for r in (self._replicas[u] for u in self.endpoints)]

    def none_left(self, model: str, tried: Mapping[str, str]) -> str:
        with self._lock:
            why = {u: tried.get(u) or self._replicas[u].error or "out" for u in self.endpoints}
        listed = "; ".join(f"{u}: {e}" for u, e in why.items())
        return f"no replica of model {model!r} is left ({len(self.endpoints)} listed): {listed}"


_POOLS: dict[tuple[str, ...], ReplicaPool] = {}
_POOLS_LOCK = threading.Lock()


def pool_for(spec_or_endpoints: ModelSpec | Iterable[str]) -> ReplicaPool:
    """The process's one pool for this set of endpoints (a spec's replicas)."""
    urls = spec_or_endpoints.replicas if isinstance(spec_or_endpoints, ModelSpec) else spec_or_endpoints
    key = tuple(u.rstrip("/") for u in urls)
    with _POOLS_LOCK:
        pool = _POOLS.get(key)
        if pool is None:
            pool = _POOLS[key] = ReplicaPool(key)
        return pool


class ReplicatedModel(ChatModel):
    """A ChatModel over a spec's replicas: each call goes to one healthy replica (module docstring)."""

    def __init__(self, spec: ModelSpec):
        super().__init__(spec)
        if not spec.replicas:
            raise ModelConfigError(f"ReplicatedModel needs a spec with replicas (model {spec.model!r})")
        self.pool = pool_for(spec)
        self._members: dict[str, ChatModel] = {}
        self._members_lock = threading.Lock()

    def _member(self, url: str) -> ChatModel:
        """The client of one replica, made on first use (vLLM's and llama.cpp's clients check the
        server on construction: a replica down at the start is taken out like one that dies later)."""
        with self._members_lock:
            member = self._members.get(url)
        if member is None:
            # the backend's own client (what make_model gives a one-endpoint spec with this base_url)
            member = backend(self.spec.backend).client_class()(replace(self.spec, base_url=url, replicas=()))
            with self._members_lock:
                kept = self._members.setdefault(url, member)
            if kept is not member:  # another thread made it first
                member.close()
            return kept
        return member

    @property
    def endpoint(self) -> str:
        return "replicas " + ", ".join(self.pool.endpoints)

    def chat(self, messages: Iterable[ChatMessage | Mapping[str, Any]], *, json_schema: dict | None = None,
             max_tokens: int | None = None) -> Completion:
        msgs, limit = self._prepare(messages, json_schema, max_tokens)
        tried: dict[str, str] = {}
        while True:
            url = self.pool.acquire(exclude=tried)
            if url is None:
                self.usage.record_failure()
                raise ModelUnavailable(self.endpoint, self.pool.none_left(self.spec.model, tried))
            if tried:
                self.usage.record_retry()
            try:
                completion = self._member(url).chat(msgs, json_schema=json_schema, max_tokens=limit)
            except ModelRequestError:
                self.pool.released(url)
                self.usage.record_failure()
                raise
            except ModelUnavailable as exc:  # ServerDied included
                tried[url] = f"{type(exc).__name__}: {short_error(exc)}"
                self.pool.failed(url, tried[url])
                continue
            except BaseException:
                self.pool.released(url)
                raise
            self.pool.succeeded(url)
            self.usage.record(completion)
            return completion

    def _close(self) -> None:
        with self._members_lock:
            members, self._members = list(self._members.values()), {}
        for member in members:
            member.close()
