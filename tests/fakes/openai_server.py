"""A FAKE of an OpenAI-compatible endpoint, for tests: no GPU or API exists on this machine.

`FakeOpenAIServer` is a real HTTP server (stdlib http.server, 127.0.0.1, a free port, one thread)
that records every request and answers instantly:

- GET  /v1/models            -> {"object": "list", "data": [{"id": ...}, ...]} (the `models` option)
- POST /v1/chat/completions  -> a chat completion; when `response_format` carries a JSON schema
  ({"type": "json_schema", "json_schema": {"schema": S}} or {"type": "json_object", "schema": S})
  the content is a minimal valid instance of S (first enum value, false, 0, "x", objects with
  their required properties, arrays of minItems items), else `plain_text`.

Options: `models` (the served ids), `refuse_json_schema` (HTTP 400 for response_format type
"json_schema", like llama.cpp's server rejects it), `refuse_seed` (HTTP 400 when "seed" is sent),
`plain_text`. `close()` stops it (later requests get "connection refused", as from a dead server).

    with FakeOpenAIServer(models=["m"]) as fake:
        ... ModelSpec(backend="openai", model="m", base_url=fake.base_url) ...
        fake.requests[-1].body["response_format"]; fake.requests[-1].headers["Authorization"]
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # names Title-Cased ("Authorization"), whatever case the client sent
    body: Any  # the parsed JSON body (None for GET or an unparsable body)


def minimal_instance(schema: Any) -> Any:
    """The smallest value valid against `schema` (the subset BeNYfits' schemas use)."""
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if schema.get(key):
            return minimal_instance(schema[key][0])
    if schema.get("allOf"):
        merged: dict = {}
        for part in schema["allOf"]:
            merged.update(part)
        return minimal_instance(merged)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object" or (kind is None and "properties" in schema):
        props = schema.get("properties", {})
        return {name: minimal_instance(props.get(name, {})) for name in schema.get("required", [])}
    if kind == "array":
        return [minimal_instance(schema.get("items", {})) for _ in range(schema.get("minItems", 0))]
    if kind == "boolean":
        return False
    if kind == "integer":
        return int(schema.get("minimum", 0))
    if kind == "number":
        return schema.get("minimum", 0)
    if kind == "string":
        return "x" * max(1, schema.get("minLength", 1))
    return None


def _schema_of(response_format: Any) -> dict | None:
    if not isinstance(response_format, dict):
        return None
    if response_format.get("type") == "json_schema":
        return (response_format.get("json_schema") or {}).get("schema")
    if response_format.get("type") == "json_object":
        return response_format.get("schema")
    return None


class FakeOpenAIServer:
    """See the module docstring. Thread-safe request log in `.requests`."""

    def __init__(
        self,
        *,
        models: list[str] | tuple[str, ...] = ("fake-model",),
        refuse_json_schema: bool = False,
        refuse_seed: bool = False,
        plain_text: str = "Do you live in New York City?",
    ):
        self.models = list(models)
        self.refuse_json_schema = refuse_json_schema
        self.refuse_seed = refuse_seed
        self.plain_text = plain_text
        self.requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "FakeOpenAIServer":
        if self._thread is None:
            self._thread = threading.Thread(target=self._httpd.serve_forever, name="fake-openai", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving and release the port: the endpoint then refuses connections."""
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self._httpd.server_close()

    kill = close

    def __enter__(self) -> "FakeOpenAIServer":
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.close()

    def chat_requests(self) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.path.endswith("/chat/completions")]

    # --- the HTTP side
    def _record(self, req: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(req)

    def _handler_class(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # keep test output clean
                return None

            def _headers(self) -> dict[str, str]:
                return {k.title(): v for k, v in self.headers.items()}

            def _send(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _error(self, status: int, message: str) -> None:
                self._send(status, {"error": {"message": message, "type": "invalid_request_error", "code": status}})

            def do_GET(self) -> None:
                fake._record(RecordedRequest("GET", self.path, self._headers(), None))
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [
                        {"id": m, "object": "model", "owned_by": "fake"} for m in fake.models]})
                else:
                    self._error(404, f"no route {self.path}")

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw or b"null")
                except ValueError:
                    body = None
                fake._record(RecordedRequest("POST", self.path, self._headers(), body))
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    return self._error(404, f"no route {self.path}")
                if not isinstance(body, dict):
                    return self._error(400, "body is not a JSON object")
                rf = body.get("response_format")
                if fake.refuse_json_schema and isinstance(rf, dict) and rf.get("type") == "json_schema":
                    return self._error(400, "response_format type 'json_schema' is not supported")
                if fake.refuse_seed and "seed" in body:
                    return self._error(400, "unknown parameter: seed")
                schema = _schema_of(rf)
                text = json.dumps(minimal_instance(schema)) if schema is not None else fake.plain_text
                prompt_tokens = sum(len(str(m.get("content", "")).split()) for m in body.get("messages", []))
                self._send(200, {
                    "id": f"chatcmpl-fake-{len(fake.requests)}",
                    "object": "chat.completion",
                    "created": int(time.time()),
                    "model": body.get("model", ""),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": text}}],
                    "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": len(text.split()),
                              "total_tokens": prompt_tokens + len(text.split())},
                })

        return Handler
