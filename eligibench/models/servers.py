"""Local model server processes.

`ServerProcess` runs a local OpenAI-compatible server as a child process in its own process
group, waits for it to answer `GET /v1/models`, logs to a file and stops it on close or
interpreter exit; the embedded and vLLM backends share it.
"""
from __future__ import annotations

import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path

from eligibench.models.client import _short
from eligibench.models.types import ModelUnavailable

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
        self._lifeline: int | None = None  # write end of the lifeline pipe

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
        # The server dies with the harness: a lifeline process watches a pipe only we hold the
        # write end of (EOF when we die, even by SIGKILL) and stops the group (lifeline.py).
        read_end, self._lifeline = os.pipe()
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "eligibench.models.lifeline", str(read_end), "--", *self.argv],
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # own process group: stop() kills all of it
                env=self.env,
                pass_fds=(read_end,),
            )
        except OSError as exc:
            os.close(self._lifeline)
            self._lifeline = None
            self._log.close()
            raise ModelUnavailable(
                self.base_url, f"could not start {self.name} ({self.argv[0]}): {exc}"
            ) from exc
        finally:
            os.close(read_end)
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
        if self._lifeline is not None:
            os.close(self._lifeline)
            self._lifeline = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc_info) -> None:
        self.stop()
