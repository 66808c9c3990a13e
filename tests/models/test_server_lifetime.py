"""Issue 13, processes: a model server started by the harness dies with it (SIGKILL or SIGTERM of
the harness), through the lifeline pipe (`models/lifeline.py`). The harness is a real process;
the "server" is either a tiny stand-in HTTP server answering /v1/models (a TEST STAND-IN, to keep
this quick) or the real llama.cpp server (marked model)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

STAND_IN = (
    "import http.server, json, sys\n"
    "class H(http.server.BaseHTTPRequestHandler):\n"
    "    def do_GET(self):\n"
    "        body = json.dumps({'data': [{'id': 'stand-in'}]}).encode()\n"
    "        self.send_response(200); self.end_headers(); self.wfile.write(body)\n"
    "    def log_message(self, *a): pass\n"
    "http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()\n"
)

HARNESS = (
    "import sys, time\n"
    "from eligibench.models.servers import ServerProcess, free_port\n"
    "kind = sys.argv[1]\n"
    "if kind == 'stand-in':\n"
    "    port = free_port('127.0.0.1')\n"
    f"    p = ServerProcess([sys.executable, '-c', {STAND_IN!r}, str(port)], base_url=f'http://127.0.0.1:{{port}}/v1',\n"
    "                      name='stand-in', log_path=sys.argv[2], startup_timeout_s=30)\n"
    "    p.start()\n"
    "    pid = p._proc.pid\n"
    "else:\n"
    "    from eligibench.models import EmbeddedServer\n"
    "    s = EmbeddedServer(startup_timeout_s=180, log_path=sys.argv[2]).start()\n"
    "    pid = s._process._proc.pid\n"
    "print(pid, flush=True)\n"
    "time.sleep(600)\n"
)


def _group(pgid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                out.append(int(d.name))
    return out


def _survivors_after(sig: int, kind: str, tmp_path: Path, wait_s: float = 15.0) -> list[int]:
    harness = subprocess.Popen([sys.executable, "-c", HARNESS, kind, str(tmp_path / "server.log")], stdout=subprocess.PIPE,
                               text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        pgid = int(harness.stdout.readline())  # the lifeline leads the server's process group
        assert len(_group(pgid)) >= 2  # lifeline + server
        harness.send_signal(sig)
        harness.wait(timeout=30)
    finally:
        if harness.poll() is None:
            harness.kill()
    deadline = time.time() + wait_s
    while _group(pgid) and time.time() < deadline:
        time.sleep(0.2)
    left = _group(pgid)
    for pid in left:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    return left


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_server_dies_with_the_harness(sig, tmp_path):
    assert _survivors_after(sig, "stand-in", tmp_path) == []


@pytest.mark.model
def test_llama_server_dies_when_the_harness_is_killed(tmp_path):
    assert _survivors_after(signal.SIGKILL, "embedded", tmp_path) == []
