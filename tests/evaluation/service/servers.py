"""Test helper: A2A services on loopback (127.0.0.1, a free port), in a thread of the test process:
the example service (examples/a2a_service/serve.py) around an agent, and hostile variants of it.
Every request body the service receives is kept (`Served.bodies`) so tests can read what travelled."""
from __future__ import annotations

import asyncio
import importlib.util
import socket
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import uvicorn

ROOT = Path(__file__).resolve().parents[3]
SERVE = ROOT / "examples" / "a2a_service" / "serve.py"


def serve_module():
    spec = importlib.util.spec_from_file_location("benyfits_example_a2a_serve", SERVE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Served:
    url: str
    bodies: list[bytes] = field(default_factory=list)


class Recorder:
    """ASGI middleware: keeps each POST body; `hook(body, send)` may answer instead of the app."""

    def __init__(self, app, served: Served, hook: Callable | None = None):
        self.app, self.served, self.hook = app, served, hook

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        chunks = []
        while True:
            msg = await receive()
            chunks.append(msg.get("body", b""))
            if not msg.get("more_body"):
                break
        body = b"".join(chunks)
        self.served.bodies.append(body)
        if self.hook is not None and await self.hook(body, send):
            return
        sent = False

        async def replay():
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return await self.app(scope, replay, send)


@contextmanager
def a2a_service(make_agent: Callable[[], Any], name: str = "svc", hook: Callable | None = None,
                executor: Any = None) -> Iterator[Served]:
    port = free_port()
    served = Served(f"http://127.0.0.1:{port}")
    app = serve_module().build_app(make_agent, name, served.url, executor)
    server = uvicorn.Server(uvicorn.Config(Recorder(app, served, hook), host="127.0.0.1", port=port,
                                           log_level="error", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test A2A service did not start")
        time.sleep(0.02)
    try:
        yield served
    finally:
        server.should_exit = True
        thread.join(timeout=10)


async def reply(send, status: int, body: bytes, headers=(), delay_s: float = 0.0) -> bool:
    """Answer a request directly (a hostile service's reply); True = answered."""
    if delay_s:
        await asyncio.sleep(delay_s)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), *headers]})
    await send({"type": "http.response.body", "body": body})
    return True
