"""Local model server processes.

`ServerProcess` runs a local OpenAI-compatible server as a child process in its own process
group, waits for it to answer `GET /v1/models`, logs to a file and stops it on close or
interpreter exit; the embedded and vLLM backends share it.

Every started server is registered by its base URL until it is stopped, so a client whose
request failed can ask `server_death(base_url)` whether the process behind its endpoint has exited
and raise `ServerDied` (pid, signal or code, log) at once instead of retrying a dead process.
"""
from __future__ import annotations

import atexit
import json
import os
import re
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

from eligibench.models.client import short_error
from eligibench.models.lifeline import EXIT_MARK, STARTED_MARK
from eligibench.models.types import ModelUnavailable, ServerDied

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
        raise ModelUnavailable(url, f"model server at {url} is not answering: {short_error(exc)}") from exc
    return [m.get("id", "") for m in payload.get("data", []) if isinstance(m, dict)]


_LIVE: set["ServerProcess"] = set()
_LIVE_LOCK = threading.Lock()
_BY_URL: dict[str, "ServerProcess"] = {}  # base_url -> the started, not yet stopped, server


def _url_key(base_url: str) -> str:
    return base_url.rstrip("/")


def registered_server(base_url: str) -> "ServerProcess | None":
    """The server this process started for `base_url` and has not stopped, if any."""
    with _LIVE_LOCK:
        return _BY_URL.get(_url_key(base_url))


def server_death(base_url: str, wait_s: float = 3.0) -> ServerDied | None:
    """ServerDied if the server started for `base_url` has exited (None: still running, or not
    started by this process). Waits up to `wait_s` for the lifeline's report when the server
    process is already gone but its lifeline has not noticed yet."""
    server = registered_server(base_url)
    return server.death(wait_s=wait_s) if server is not None else None


def _stop_all() -> None:
    for proc in list(_LIVE):
        proc.stop()


atexit.register(_stop_all)


def _signal_name(num: int) -> str:
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


def _pid_alive(pid: int) -> bool:
    """True while `pid` runs (a zombie, dead but not yet reaped by the lifeline, is not alive)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True  # no /proc: kill(0) said it exists


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
        self._log_start = 0  # this run's first byte in the (appended) log
        self._server_pid: int | None = None

    @property
    def server_pid(self) -> int | None:
        """The server's own pid (the lifeline's child), from the lifeline's report in the log."""
        if self._server_pid is None:
            for line in self._log_lines():
                if line.startswith(STARTED_MARK):
                    try:
                        self._server_pid = int(line[len(STARTED_MARK):].split()[0])
                    except (ValueError, IndexError):
                        pass
                    break
        return self._server_pid

    def _log_lines(self) -> list[str]:
        try:
            with open(self.log_path, "rb") as f:
                f.seek(self._log_start)
                return f.read().decode("utf-8", "replace").splitlines()
        except OSError:
            return []

    def death(self, wait_s: float = 0.0) -> ServerDied | None:
        """ServerDied when the server has exited, else None (see server_death)."""
        proc = self._proc
        if proc is None:
            return None
        code = proc.poll()
        if code is None:
            pid = self.server_pid
            if pid is None or _pid_alive(pid):
                return None
            deadline = time.monotonic() + wait_s
            while code is None and time.monotonic() < deadline:
                time.sleep(0.05)
                code = proc.poll()
            if code is None:
                return None
        signal_name, exit_code, pid = None, code, self.server_pid or proc.pid
        for line in reversed(self._log_lines()):
            if line.startswith(EXIT_MARK):
                m = re.search(r"signal=(\d+)", line)
                if m:
                    signal_name, exit_code = _signal_name(int(m.group(1))), None
                else:
                    m = re.search(r"code=(-?\d+)", line)
                    exit_code = int(m.group(1)) if m else code
                break
        else:
            if code < 0:  # the lifeline itself was killed: its child got SIGKILL (PDEATHSIG)
                signal_name, exit_code, pid = _signal_name(-code), None, proc.pid
            elif code > 128:
                signal_name, exit_code = _signal_name(code - 128), None
        return ServerDied(
            self.base_url + "/chat/completions",
            server=self.name,
            pid=pid,
            signal_name=signal_name,
            exit_code=exit_code,
            log_path=str(self.log_path),
            log_tail=self.log_tail(),
        )

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
        self._log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        self._server_pid = None
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
            _BY_URL[_url_key(self.base_url)] = self
        try:
            self._wait_healthy()
        except BaseException:
            self.stop()
            raise

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + self.startup_timeout_s
        while True:
            died = self.death()
            if died is not None:
                raise died
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
        tail = self._log_lines()[-lines:]
        return "\n".join(tail) if tail else "(empty log)"

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
            if _BY_URL.get(_url_key(self.base_url)) is self:
                del _BY_URL[_url_key(self.base_url)]
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
