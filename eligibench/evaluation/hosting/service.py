"""An agent that runs elsewhere, reached over A2A (a2a-sdk): the second agent host, beside the
jailed process (`host.ProcessAgent`). The dialog loop drives it exactly as it drives a process:
`ServiceAgent` implements the same `Agent` contract, so a service run is the one evaluation path
with another host, never a second runner.

Each dialog is one A2A task: `start` sends the opportunities (a new task), every answer of the
simulated user goes to that task, and the agent's replies are questions or verdicts in the
structured part of `service_wire` (docs/agent-services.md). Only opportunity briefs and answers
travel: no household, label or checker is ever in the harness's messages.

Everything the service sends is untrusted, as a jailed agent's messages are:
- a reply over `max_reply_bytes` is cut off while it is read (the HTTP body is counted as it
  arrives, Content-Length or not): the agent's error, not retried;
- each message has the call timeout for the whole exchange (connect, send, a slow drip of bytes);
- timeouts, disconnects, HTTP 429 (its Retry-After honoured up to `MAX_RETRY_AFTER_S`) and 5xx are
  retried `retries` times with the same A2A message id (a service may use it to answer a retry
  idempotently); then the dialog ends as the agent's error, attributed to the service's URL;
- a reply that is not exactly one question or one set of verdicts (wrong schema, a JSON-RPC
  error, a failed task) is the agent's error at once: it is deterministic, retrying cannot help;
- the dialog's wall-time budget (`DialogBudget.wall_s`) ends it as `budget_exceeded`;
- the agent card may only name a JSON-RPC endpoint on the host and port it was fetched from: a
  card cannot send the harness's traffic (answers) anywhere else.

The service's model calls are its own: the host counts none (usage is zero, and the run says
"service: code not inspected").
"""
from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import dataclass
from typing import Any, Mapping, Sequence
from urllib.parse import urlsplit

import httpx

from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting.api import Agent, AgentContext
from eligibench.evaluation.hosting.errors import AgentFault, BudgetExceeded
from eligibench.evaluation.hosting.service_wire import (
    MEDIA_TYPE,
    Reply,
    answer_payload,
    decide_payload,
    parse_reply,
    start_payload,
)
from eligibench.evaluation.hosting.types import Dialog, DialogBudget, OpportunityBrief, question_limit
from eligibench.evaluation.hosting.url_policy import (
    ServiceAddressRefused,
    ServiceURLError,
    active,
    check_url_shape,
    guarded_transport,
)

MAX_REPLY_BYTES = 1_000_000  # a question or 100 verdicts is a few KB; a card a few more
MAX_RETRY_AFTER_S = 10.0
CARD_PATH = "/.well-known/agent-card.json"


class ServiceUnreachable(BenyfitsError):
    """The agent service's card could not be fetched or names no usable endpoint (before any dialog)."""


class _Transient(Exception):
    """A failure worth retrying: timeout, disconnect, rate limit, server error."""

    def __init__(self, message: str, wait_s: float = 0.0):
        super().__init__(message)
        self.wait_s = wait_s


class _ReplyTooLarge(httpx.ReadError):
    pass


class _CappedStream(httpx.AsyncByteStream):
    """A response body counted as it arrives; over the cap, reading stops with an error."""

    def __init__(self, inner: httpx.AsyncByteStream, cap: int, seen: "_Seen"):
        self.inner, self.cap, self.seen = inner, cap, seen

    async def __aiter__(self):
        n = 0
        async for chunk in self.inner:
            n += len(chunk)
            if n > self.cap:
                self.seen.overflowed = True
                raise _ReplyTooLarge(f"reply over {self.cap} bytes")
            yield chunk

    async def aclose(self) -> None:
        await self.inner.aclose()


@dataclass
class _Seen:
    status: int | None = None
    retry_after: str | None = None
    overflowed: bool = False


class _CappedTransport(httpx.AsyncBaseTransport):
    """httpx's transport with the body cap, remembering the last status (429/5xx are retried)."""

    def __init__(self, cap: int):
        # the worker's address rule applies where each connection is made (url_policy.GuardedBackend)
        self.inner, self.cap, self.seen = guarded_transport(), cap, _Seen()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        resp = await self.inner.handle_async_request(request)
        self.seen.status, self.seen.retry_after = resp.status_code, resp.headers.get("retry-after")
        length = resp.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > self.cap:
            await resp.aclose()
            self.seen.overflowed = True
            raise _ReplyTooLarge(f"reply of {length} bytes")
        return httpx.Response(resp.status_code, headers=resp.headers, stream=_CappedStream(resp.stream, self.cap, self.seen),
                              extensions=resp.extensions, request=request)

    async def aclose(self) -> None:
        await self.inner.aclose()


def _same_origin(a: str, b: str) -> bool:
    x, y = urlsplit(a), urlsplit(b)
    return (x.scheme, x.hostname, x.port or _default_port(x.scheme)) == (y.scheme, y.hostname, y.port or _default_port(y.scheme))


def _default_port(scheme: str) -> int:
    return 443 if scheme == "https" else 80


def _not_found_hint(base: str, status: int | None) -> str:
    """What URL to give when the card was not found: the base the card is served under, not the
    JSON-RPC path the card names (examples/a2a_service/serve.py: card at the root, RPC at /a2a)."""
    if status != 404:
        return ""
    parts = urlsplit(base)
    origin = f"{parts.scheme}://{parts.netloc}"
    if parts.path.strip("/"):
        return (f"HTTP 404: give the service's base URL, under which it serves {CARD_PATH}: likely {origin}, "
                f"not its JSON-RPC path {parts.path}, which its card names")
    return (f"HTTP 404: nothing at {origin}{CARD_PATH}: is this an A2A service? examples/a2a_service/serve.py "
            "serves one; give the URL it prints")


def fetch_card(url: str, timeout_s: float = 30.0, max_bytes: int = MAX_REPLY_BYTES) -> Any:
    """The service's agent card, its interfaces kept to JSON-RPC ones on the URL's own origin
    (ServiceUnreachable naming the URL and what failed). Every service run fetches the card before
    anything else, so this is where a missing a2a extra is said, in one line (ExtraMissing)."""
    from eligibench.extras import A2A, require

    require(A2A, f"the agent service {url}")
    from a2a.client import A2ACardResolver
    from a2a.utils.errors import A2AError

    try:
        base = check_url_shape(url)
        policy = active()
        if policy is not None:  # the worker: a clear refusal before any connection (and again at connect)
            policy.check_url(base)
    except (ServiceURLError, ServiceAddressRefused) as e:
        raise ServiceUnreachable(str(e)) from None

    transport = _CappedTransport(max_bytes)  # outside: its last status says whether the card was a 404

    async def get() -> Any:
        async with httpx.AsyncClient(transport=transport, timeout=timeout_s) as http:
            return await A2ACardResolver(http, base, CARD_PATH).get_agent_card()

    try:
        card = asyncio.run(asyncio.wait_for(get(), timeout_s))
    except ServiceAddressRefused as e:  # at connect time (the name resolved elsewhere than at the check)
        raise ServiceUnreachable(str(e)) from None
    except (A2AError, httpx.HTTPError, OSError, TimeoutError, ValueError) as e:
        hint = _not_found_hint(base, transport.seen.status)  # a 404 says which URL to give instead of httpx's text
        detail = hint or f"{type(e).__name__}: {' '.join(str(e).split())[:300]}"  # one line: errors span several
        raise ServiceUnreachable(f"agent service {base}: its card {CARD_PATH} could not be read: {detail}") from None
    usable = [i for i in card.supported_interfaces if i.protocol_binding == "JSONRPC" and _same_origin(i.url, base)]
    if not usable:
        named = ", ".join(f"{i.protocol_binding} {i.url}" for i in card.supported_interfaces) or "none"
        raise ServiceUnreachable(f"agent service {base}: its card names no JSON-RPC interface on {urlsplit(base).netloc} "
                                 f"(it names: {named[:300]})")
    del card.supported_interfaces[:]
    card.supported_interfaces.extend(usable)
    return card


class ServiceAgent(Agent):
    """An `Agent` whose decisions are made by an A2A service at `url` (see the module docstring)."""

    def __init__(self, url: str, *, seed: int = 0, call_timeout_s: float = 120.0, budget: DialogBudget | None = None,
                 retries: int = 2, backoff_s: float = 0.5, max_reply_bytes: int = MAX_REPLY_BYTES, card: Any = None):
        super().__init__(AgentContext(seed=seed))
        self.url = url.rstrip("/")
        self.call_timeout_s, self.retries, self.backoff_s = float(call_timeout_s), int(retries), float(backoff_s)
        self.max_reply_bytes = int(max_reply_bytes)
        self.budget = budget or DialogBudget()
        self._card = card
        self._reply: Reply | None = None
        self._task_id = self._context_id = ""
        self._seen = 0
        self._deadline = time.monotonic() + self.budget.wall_s

    def load(self) -> None:
        if self._card is None:
            try:
                self._card = fetch_card(self.url, self.call_timeout_s, self.max_reply_bytes)
            except ServiceUnreachable as e:
                raise AgentFault(str(e)) from None

    def close(self) -> None:
        self._reply = None

    # the Agent contract ---------------------------------------------------------------
    def start(self, opportunities: Sequence[OpportunityBrief]) -> None:
        self.load()
        self._task_id = self._context_id = ""  # a new A2A task per dialog
        self._seen = 0
        self._deadline = time.monotonic() + self.budget.wall_s
        self._reply = None
        self._reply = self._send(start_payload(opportunities, question_limit(len(opportunities))), "start")

    def ready(self, dialog: Dialog) -> bool:
        return self._catch_up(dialog).verdicts is not None

    def ask(self, dialog: Dialog) -> str:
        reply = self._catch_up(dialog)
        if reply.question is None:
            raise AgentFault(f"ask: the agent service {self.url} gave verdicts, not a question")
        return reply.question

    def notes(self) -> Any:
        return self._reply.notes if self._reply is not None and self._reply.question is not None else None

    def predict(self, dialog: Dialog) -> Mapping[str, bool]:
        reply = self._catch_up(dialog)
        if reply.verdicts is None:  # the question limit: it must decide now
            reply = self._reply = self._send(decide_payload(), "decide")
            if reply.verdicts is None:
                raise AgentFault(f"decide: the agent service {self.url} asked another question after the question limit")
        return reply.verdicts

    def recommend(self, dialog: Dialog) -> Any:
        """The optional "recommendation" the service sent with its verdicts (None when it sent none)."""
        return self._reply.recommendation if self._reply is not None and self._reply.verdicts is not None else None

    def usage(self) -> dict[str, int]:
        return {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0}  # the service's models are its own

    # the exchange -----------------------------------------------------------------------
    def _catch_up(self, dialog: Dialog) -> Reply:
        """Send the answers the service has not seen yet; its latest reply."""
        if self._reply is None:
            raise AgentFault(f"the agent service {self.url} has no open task (start failed)")
        for turn in dialog.turns[self._seen:]:
            self._reply = self._send(answer_payload(turn.question, turn.answer), "answer")
            self._seen += 1
        return self._reply

    def _send(self, payload: dict, op: str) -> Reply:
        from a2a.helpers import new_data_part
        from a2a.types import Message, Role

        message = Message(role=Role.ROLE_USER, message_id=str(uuid.uuid4()), parts=[new_data_part(payload, MEDIA_TYPE)],
                          task_id=self._task_id, context_id=self._context_id)
        last = ""
        for attempt in range(self.retries + 1):
            left = self._deadline - time.monotonic()
            if left <= 0:
                raise BudgetExceeded(f"dialog wall time over its budget of {self.budget.wall_s:g} s (during {op})")
            try:
                return self._read(asyncio.run(self._exchange(message, min(self.call_timeout_s, left), op)), op)
            except _Transient as e:
                last = str(e)
                if attempt < self.retries:
                    time.sleep(min(max(e.wait_s, self.backoff_s * 2 ** attempt), max(0.0, self._deadline - time.monotonic())))
        raise AgentFault(f"{op}: the agent service {self.url} failed {self.retries + 1} time(s); the last: {last}")

    async def _exchange(self, message: Any, timeout_s: float, op: str) -> Any:
        from a2a.client import ClientConfig, ClientFactory
        from a2a.types import SendMessageRequest
        from a2a.utils.errors import A2AError

        transport = _CappedTransport(self.max_reply_bytes)

        async def once() -> Any:
            async with httpx.AsyncClient(transport=transport, timeout=timeout_s) as http:
                client = ClientFactory(ClientConfig(streaming=False, httpx_client=http)).create(self._card)
                async for event in client.send_message(SendMessageRequest(message=message)):
                    return event
            return None

        try:
            return await asyncio.wait_for(once(), timeout_s)
        except ServiceAddressRefused as e:  # the worker's address rule: deterministic, never retried
            raise AgentFault(f"{op}: {e}") from None
        except (TimeoutError, asyncio.TimeoutError):
            raise _Transient(f"no reply within {timeout_s:g} s") from None
        except (A2AError, httpx.HTTPError, ValueError, OSError) as e:
            raise self._classify(e, transport.seen, op) from None

    def _classify(self, e: BaseException, seen: _Seen, op: str) -> Exception:
        """A failed exchange as a retryable `_Transient` or the agent's `AgentFault`."""
        if seen.overflowed:
            return AgentFault(f"{op}: the agent service {self.url} sent a reply over {self.max_reply_bytes} bytes")
        text = f"{type(e).__name__}: {str(e)[:300]}"
        if seen.status == 429:
            wait = float(seen.retry_after) if (seen.retry_after or "").replace(".", "", 1).isdigit() else 1.0
            return _Transient(f"rate limited (HTTP 429): {text}", min(wait, MAX_RETRY_AFTER_S))
        if seen.status is not None and seen.status >= 500:
            return _Transient(f"HTTP {seen.status}: {text}")
        chain, seen_ids = e, set()
        while chain is not None and id(chain) not in seen_ids:  # a refusal wrapped by the A2A client
            if isinstance(chain, ServiceAddressRefused):
                return AgentFault(f"{op}: {chain}")
            seen_ids.add(id(chain))
            chain = chain.__cause__ or chain.__context__
        cause = e.__cause__ if e.__cause__ is not None else e
        if isinstance(cause, (httpx.TransportError, OSError)):
            return _Transient(f"disconnected or unreachable: {text}")
        return AgentFault(f"{op}: the agent service {self.url} replied with an error: {text}")

    def _read(self, event: Any, op: str) -> Reply:
        """The reply's data parts (a Message, or a Task's status message and artifacts); the task
        the dialog continues in."""
        from a2a.helpers import get_data_parts
        from a2a.types import TaskState

        where = f"{op} ({self.url})"
        if event is None:
            raise AgentFault(f"{where}: the agent service sent no reply")
        if event.HasField("message"):
            msg = event.message
            self._task_id, self._context_id = msg.task_id or self._task_id, msg.context_id or self._context_id
            return parse_reply(get_data_parts(msg.parts), where)
        if not event.HasField("task"):
            raise AgentFault(f"{where}: the reply is neither a message nor a task")
        task = event.task
        if task.status.state in (TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_REJECTED, TaskState.TASK_STATE_CANCELED):
            raise AgentFault(f"{where}: the agent's task ended {TaskState.Name(task.status.state)}")
        self._task_id, self._context_id = task.id or self._task_id, task.context_id or self._context_id
        # the status message holds the reply; a service that puts it in an artifact instead is read
        # from its latest artifact (earlier ones are earlier turns)
        parts = list(task.status.message.parts) if task.status.HasField("message") else []
        if not parts and task.artifacts:
            parts = list(task.artifacts[-1].parts)
        return parse_reply(get_data_parts(parts), where)
