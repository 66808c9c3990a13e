"""A worker's side of the claim service (queue_service.py): the queue's lease operations with the
same names and arguments as on a ResultStore, plus the run transfer and the submission folder."""
from __future__ import annotations

import io
import json
import shutil
import tarfile
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from eligibench.results.connection import StoreError
from eligibench.results.queue import LEASE_S, LeaseLost
from eligibench.results.queue_service import queue_token

_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class QueueClient:
    def __init__(self, url: str, token: str | None = None, timeout_s: float = 120.0):
        if not url.startswith(("http://", "https://")):
            raise StoreError(f"--queue-url must be the claim service's http(s):// address; got {url!r}")
        self.url = url.rstrip("/")
        self.path = self.url  # where the queue is, in messages (a ResultStore's is its file)
        self._token = token or queue_token()
        self.timeout_s = timeout_s

    def _post(self, route: str, body: dict[str, Any]) -> bytes:
        req = urllib.request.Request(self.url + route, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {self._token}"})
        try:
            with _NO_PROXY.open(req, timeout=self.timeout_s) as resp:
                return resp.read()
        except urllib.error.HTTPError as e:
            try:
                message = json.loads(e.read() or b"{}").get("error", "")
            except ValueError:
                message = ""
            if e.code == 409:
                raise LeaseLost(message) from None
            raise StoreError(f"claim service {self.url}{route} answered HTTP {e.code}: {message}") from None
        except (urllib.error.URLError, OSError) as e:
            raise StoreError(f"claim service {self.url} is not answering ({route}): {getattr(e, 'reason', e)}") from e

    def _json(self, route: str, body: dict[str, Any]) -> dict[str, Any]:
        return json.loads(self._post(route, body))

    # --- the queue (ResultStore's names)
    def claim_next(self, worker: str, lease_s: float = LEASE_S) -> dict[str, Any] | None:
        return self._json("/claim", {"worker": worker, "lease_s": lease_s})["entry"]

    def renew_lease(self, id: int, worker: str, lease_s: float = LEASE_S) -> bool:
        return bool(self._json("/renew", {"id": id, "worker": worker, "lease_s": lease_s})["held"])

    def release_queue(self, id: int, worker: str, reason: str) -> bool:
        return bool(self._json("/release", {"id": id, "worker": worker, "reason": reason})["released"])

    def finish_queue(self, id: int, status: str, error: str | None = None, worker: str | None = None) -> None:
        self._json("/finish", {"id": id, "status": status, "error": error, "worker": worker})

    # --- what a remote worker needs besides
    def fetch_run(self, run_id: str) -> dict[str, Any] | None:
        return self._json("/run/get", {"run_id": run_id})["doc"]

    def push_run(self, id: int, worker: str, doc: dict[str, Any]) -> int:
        return int(self._json("/run/put", {"id": id, "worker": worker, "doc": doc})["rows"])

    def fetch_submission(self, id: int, worker: str, into: Path) -> Path:
        """Unpack the entry's submission folder under `into` (replacing an earlier copy); its path."""
        data = self._post("/submission", {"id": id, "worker": worker})
        into = Path(into)
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            tops = {Path(m.name).parts[0] for m in tar.getmembers() if m.name}
            if len(tops) != 1:
                raise StoreError(f"claim service sent a submission archive with {len(tops)} top folders")
            (top,) = tops
            shutil.rmtree(into / top, ignore_errors=True)
            into.mkdir(parents=True, exist_ok=True)
            tar.extractall(into, filter="data")  # no absolute paths, no escapes, no device files
        return into / top
