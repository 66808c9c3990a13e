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
"""
from __future__ import annotations

import datetime as _dt
import hmac
import io
import json
import os
import tarfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from eligibench.results.connection import StoreError
from eligibench.results.queue import LEASE_S, LeaseLost, require_lease
from eligibench.results.run_transfer import import_run

TOKEN_ENV = "BENYFITS_QUEUE_TOKEN"
MAX_BODY_BYTES = 256 * 1024 * 1024  # a run document of a full-protocol run is a few MB
SKIP = ("__pycache__", ".git", ".pytest_cache", ".mypy_cache")


def queue_token() -> str:
    token = os.environ.get(TOKEN_ENV, "").strip()
    if not token:
        raise StoreError(f"${TOKEN_ENV} is not set: the claim service and its workers share this secret "
                         "(set the same value on the store's machine and on every worker)")
    return token


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
                 project: Path | None = None):
        self.store = store
        self.token = token or queue_token()
        self.project = Path(project or ".").resolve()
        self._httpd = ThreadingHTTPServer((host, port), self._handler())
        self._httpd.daemon_threads = True
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
                size = int(self.headers.get("Content-Length") or 0)
                if size > MAX_BODY_BYTES:
                    return self._error(413, f"request body of {size} bytes is over {MAX_BODY_BYTES}")
                try:
                    body = json.loads(self.rfile.read(size) or b"{}")
                    if not isinstance(body, dict):
                        raise ValueError("the body must be a JSON object")
                    out = route(body)
                except LeaseLost as e:
                    return self._error(409, str(e))
                except (KeyError, TypeError, ValueError) as e:
                    return self._error(400, f"{type(e).__name__}: {e}")
                except Exception as e:  # noqa: BLE001 - the store's errors reach the worker, named
                    return self._error(500, f"{type(e).__name__}: {e}")
                if isinstance(out, bytes):
                    return self._send(200, out, "application/gzip")
                self._send(200, json.dumps(out, default=_json_default).encode())

        return Handler
