"""The claim service: the machine that owns the results store serves its queue to workers on
other machines, which cannot open the DuckDB file (one process at a time opens it, on local disk).

    BENYFITS_QUEUE_TOKEN=... benyfits queue-serve --port 8765            # on the store's machine
    BENYFITS_QUEUE_TOKEN=... benyfits worker --queue-url http://store-host:8765   # anywhere

Every request is a POST with a JSON body and `Authorization: Bearer $BENYFITS_QUEUE_TOKEN` (the
shared secret: never in params or git). The routes are the queue's lease operations (queue.py)
and the run transfer (run_transfer.py), each one store transaction:

    /claim    {worker, lease_s}          -> {"entry": {...} | null}
    /renew    {id, worker, lease_s}      -> {"held": bool}
    /release  {id, worker, reason}       -> {"released": bool}
    /finish   {id, worker, status, error} -> {}
    /run/get  {run_id}                   -> {"doc": run document | null}
    /run/put  {id, worker, doc}          -> {"rows": n}
    /submission {id, worker}             -> the entry's folder as a .tar.gz

/finish, /run/put and /submission answer 409 unless the worker still holds the entry's lease, so a
worker whose lease expired (another worker took the job over) can neither report it done nor
overwrite the run. `QueueClient` (queue_client.py) is the other side.

Hardened against a hostile client (issue 36 item 7; measured before: a one-character token was
accepted, 800 idle half-sent connections held 803 threads and 155 MB for over a minute,
`Content-Length: abc` raised an unhandled ValueError and `-1` read to the end of the stream): the
token has at least MIN_TOKEN_CHARS characters; each connection's socket times out after
`idle_timeout_s` without a byte (IDLE_TIMEOUT_S); at most `max_connections` are served at once
(MAX_CONNECTIONS; one more is answered 503 and closed at once, no thread started); Content-Length
is parsed inside the error handling and must be 0 <= n <= MAX_BODY_BYTES (else 400 or 413, the
body never read).

Issue (round 3): a client sending one byte every few seconds reset the idle timer with each byte and
held its connection and thread forever (measured: 24 bytes in 12 s, idle timeout 1.5 s, still
served). So a request must also arrive whole within `request_deadline_s` (REQUEST_DEADLINE_S),
counted from its first byte: request line, headers and body. Past it the client gets 408 and the
connection is closed (no traceback, nothing logged). Every read of the socket waits at most the
time the request has left (`_DeadlineReader`), so a drip cannot outlast it by a read's length.
"""
from __future__ import annotations

import datetime as _dt
import hmac
import io
import json
import os
import tarfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from eligibench.results.connection import StoreError
from eligibench.results.queue import LEASE_S, LeaseLost, require_lease
from eligibench.results.run_transfer import import_run

TOKEN_ENV = "BENYFITS_QUEUE_TOKEN"
MAX_BODY_BYTES = 256 * 1024 * 1024  # a run document of a full-protocol run is a few MB
MIN_TOKEN_CHARS = 16  # a shared secret a client cannot guess by trying
IDLE_TIMEOUT_S = 15.0  # a socket silent this long is closed (a worker's request is sent at once)
MAX_CONNECTIONS = 64  # workers in flight at once; far more than a lab's workers, far fewer than 800
# a request (line, headers, body) arrives whole within this: a worker sends its few-MB run document
# at once; 60 s still carries the 256 MB body cap at ~4.5 MB/s, and is half the client's 120 s timeout
REQUEST_DEADLINE_S = 60.0
SKIP = ("__pycache__", ".git", ".pytest_cache", ".mypy_cache")


def queue_token() -> str:
    token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        raise StoreError(f"${TOKEN_ENV} is not set: the claim service and its workers share this secret "
                         "(set the same value on the store's machine and on every worker)")
    return strong_token(token)


def strong_token(token: str) -> str:
    """`token` when it has at least MIN_TOKEN_CHARS characters, else a StoreError saying so."""
    if len(token) < MIN_TOKEN_CHARS:
        raise StoreError(f"${TOKEN_ENV} has {len(token)} character(s): the queue's shared secret needs at least "
                         f"{MIN_TOKEN_CHARS} (e.g. `python -c 'import secrets; print(secrets.token_urlsafe(24))'`)")
    return token


def _content_length(raw: str | None) -> int:
    """The header's byte count: digits only (not "abc", "-1", "1e3", "1_000"); absent means 0."""
    text = (raw or "0").strip()
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"Content-Length is {text[:40]!r}: expected a whole number of bytes, 0 or more")
    return int(text)


class _DeadlineReader(io.RawIOBase):
    """A connection's reading side, under two clocks: each read waits at most `idle_s` (a silent
    client), and a request, once its first byte arrived, must be whole within `deadline_s` (a
    dripping client, which the idle clock alone never stops). Past the deadline the client is
    answered 408 here (nothing else is being written then: the handler is reading its request)
    and the read raises TimeoutError, which the handler treats as a dropped request."""

    def __init__(self, sock, idle_s: float, deadline_s: float):
        self.sock, self.idle_s, self.deadline_s = sock, idle_s, deadline_s
        self.ends_at: float | None = None  # None: between requests (the next one has not begun)

    def next_request(self) -> None:
        self.ends_at = None

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        now = time.monotonic()
        left = self.idle_s if self.ends_at is None else min(self.idle_s, self.ends_at - now)
        if left <= 0:
            return self._expired()
        self.sock.settimeout(left)
        try:
            n = self.sock.recv_into(buf)
        except TimeoutError:
            if self.ends_at is not None and time.monotonic() >= self.ends_at:
                return self._expired()
            raise
        finally:
            self.sock.settimeout(self.idle_s)  # writes keep the idle clock, not what the request had left
        if n and self.ends_at is None:  # the clock starts at the first byte, not when the wait began
            self.ends_at = time.monotonic() + self.deadline_s
        return n

    def _expired(self) -> int:
        why = f"request not received whole within {self.deadline_s:g} s"
        body = json.dumps({"error": why}).encode()
        head = (f"HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                "Connection: close\r\n\r\n")
        try:
            self.sock.settimeout(0.5)  # a client that does not read its 408 does not hold the thread either
            self.sock.sendall(head.encode() + body)
        except OSError:
            pass
        raise TimeoutError(why)


class _BoundedServer(ThreadingHTTPServer):
    """A threading HTTP server serving at most `max_connections` connections at once: one more is
    answered 503 and closed in the accepting thread, so idle clients cannot pile up threads."""

    daemon_threads = True  # no list of finished threads kept either
    request_queue_size = 128  # a burst of connects is accepted (and refused past the cap) without SYN retries

    def __init__(self, address, handler, max_connections: int):
        self._slots = threading.BoundedSemaphore(max_connections)
        super().__init__(address, handler)

    def process_request(self, request, client_address) -> None:
        if not self._slots.acquire(blocking=False):
            try:
                request.settimeout(0.5)
                request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:  # the thread did not start: its slot is free again
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()


def _json_default(value: Any) -> Any:
    if isinstance(value, (_dt.datetime, _dt.date)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON")


def pack_folder(folder: Path) -> bytes:
    """The submission folder as a .tar.gz (its name as the top folder; caches and symlinks left out)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise StoreError(f"submission folder {folder} does not exist on the store's machine")

    def keep(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
        parts = Path(info.name).parts
        return None if set(parts) & set(SKIP) or info.issym() or info.islnk() else info

    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        tar.add(folder, arcname=folder.name, filter=keep)
    return buf.getvalue()


class QueueService:
    """The HTTP claim service over `store` (a ResultStore); `start()` serves on a thread, `serve_forever()` blocks."""

    def __init__(self, store, host: str = "127.0.0.1", port: int = 0, token: str | None = None,
                 project: Path | None = None, idle_timeout_s: float = IDLE_TIMEOUT_S,
                 max_connections: int = MAX_CONNECTIONS, request_deadline_s: float = REQUEST_DEADLINE_S):
        self.store = store
        self.token = strong_token(token) if token else queue_token()
        self.project = Path(project or ".").resolve()
        self.idle_timeout_s = idle_timeout_s
        self.request_deadline_s = request_deadline_s
        self._httpd = _BoundedServer((host, port), self._handler(), max_connections)
        self.port = self._httpd.server_address[1]
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host = self._httpd.server_address[0]
        return f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{self.port}"

    def start(self) -> "QueueService":
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="queue-service", daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._httpd.serve_forever()

    def close(self) -> None:
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(timeout=5)
        self._httpd.server_close()

    # --- the routes
    def claim(self, b: dict) -> dict:
        return {"entry": self.store.claim_next(str(b["worker"]), float(b.get("lease_s", LEASE_S)))}

    def renew(self, b: dict) -> dict:
        return {"held": self.store.renew_lease(int(b["id"]), str(b["worker"]), float(b.get("lease_s", LEASE_S)))}

    def release(self, b: dict) -> dict:
        return {"released": self.store.release_queue(int(b["id"]), str(b["worker"]), str(b.get("reason", "")))}

    def finish(self, b: dict) -> dict:
        self.store.finish_queue(int(b["id"]), str(b["status"]), b.get("error"), worker=str(b["worker"]))
        return {}

    def run_get(self, b: dict) -> dict:
        from eligibench.results.run_transfer import export_run

        return {"doc": export_run(self.store, str(b["run_id"]))}

    def run_put(self, b: dict) -> dict:
        qid, worker, doc = int(b["id"]), str(b["worker"]), b["doc"]

        def guard(con) -> None:
            entry = require_lease(con, qid, worker, "its run is not written")
            runs = (doc.get("tables") or {}).get("runs") or {}
            subs = {row[runs["columns"].index("submission")] for row in runs.get("rows", [])}
            if subs != {entry["submission"]}:
                raise ValueError(f"run document {doc.get('run_id')} is of submission(s) {sorted(subs)}, not of "
                                 f"queue entry {qid} ({entry['submission']})")

        return {"rows": import_run(self.store, doc, guard)}

    def submission(self, b: dict) -> bytes:
        qid, worker = int(b["id"]), str(b["worker"])
        entry = self.store._write(lambda con: require_lease(con, qid, worker, "its folder is not sent"))
        path = Path(entry["path"])
        return pack_folder(path if path.is_absolute() else self.project / path)

    def _handler(self):
        service = self
        routes = {"/claim": self.claim, "/renew": self.renew, "/release": self.release, "/finish": self.finish,
                  "/run/get": self.run_get, "/run/put": self.run_put, "/submission": self.submission}

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            timeout = service.idle_timeout_s  # StreamRequestHandler sets it on the socket: reads time out

            def setup(self) -> None:
                super().setup()
                self.rfile.close()  # the plain socket file setup() made: reads go through the deadline instead
                self._reader = _DeadlineReader(self.connection, service.idle_timeout_s, service.request_deadline_s)
                self.rfile = io.BufferedReader(self._reader)

            def handle_one_request(self) -> None:
                self._reader.next_request()  # a kept-alive connection's next request gets its own deadline
                super().handle_one_request()

            def log_message(self, *args) -> None:
                return None

            def _send(self, status: int, body: bytes, kind: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _error(self, status: int, message: str) -> None:
                self._send(status, json.dumps({"error": message}).encode())

            def do_POST(self) -> None:
                auth = self.headers.get("Authorization", "")
                if not hmac.compare_digest(auth.encode(), f"Bearer {service.token}".encode()):
                    return self._error(401, f"missing or wrong token (${TOKEN_ENV})")
                route = routes.get(self.path)
                if route is None:
                    return self._error(404, f"no route {self.path}; routes: {', '.join(routes)}")
                try:
                    size = _content_length(self.headers.get("Content-Length"))  # a ValueError is a 400 below
                    if size > MAX_BODY_BYTES:
                        self.close_connection = True  # the body is never read
                        return self._error(413, f"request body of {size} bytes is over {MAX_BODY_BYTES}")
                    body = json.loads(self.rfile.read(size) or b"{}")
                    if not isinstance(body, dict):
                        raise ValueError("the body must be a JSON object")
                    out = route(body)
                except LeaseLost as e:
                    return self._error(409, str(e))
                except TimeoutError:  # the client stopped sending mid-body: drop it, no reply owed
                    self.close_connection = True
                    return None
                except (KeyError, TypeError, ValueError) as e:
                    self.close_connection = True  # an unread body must not be parsed as the next request
                    return self._error(400, f"{type(e).__name__}: {e}")
                except Exception as e:  # noqa: BLE001 - the store's errors reach the worker, named
                    return self._error(500, f"{type(e).__name__}: {e}")
                if isinstance(out, bytes):
                    return self._send(200, out, "application/gzip")
                self._send(200, json.dumps(out, default=_json_default).encode())

        return Handler
