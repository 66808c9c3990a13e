"""The FAKE OpenAI-compatible endpoint (`openai_server.FakeOpenAIServer`) in a process of its own,
so a test can kill it like a dead replica (SIGKILL: the port then refuses connections).

    python -m tests.fakes.fake_server_process --model m --log calls.txt   # prints "PORT <n>", serves until killed

Every chat request appends one line (its last message's content, as JSON) to the log file, flushed at once, so the counts
survive the kill. `FakeProcess` starts one and reads its log.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.fakes.openai_server import FakeOpenAIServer, RecordedRequest

ROOT = Path(__file__).resolve().parents[2]


class _LoggingFake(FakeOpenAIServer):
    def __init__(self, log: Path, **kwargs):
        super().__init__(**kwargs)
        self._log = open(log, "a", buffering=1, encoding="utf-8")

    def _record(self, req: RecordedRequest) -> None:
        super()._record(req)
        if req.path.rstrip("/").endswith("/chat/completions"):
            messages = (req.body or {}).get("messages") or [{}]
            self._log.write(json.dumps(messages[-1].get("content", "")) + "\n")


class FakeProcess:
    """One fake server process: `.base_url`, `.chat_calls()` (from its log), `.kill()` (SIGKILL)."""

    def __init__(self, log: Path, models: tuple[str, ...] = ("fake-model",)):
        self.log = Path(log)
        self.log.write_text("")
        argv = [sys.executable, "-m", "tests.fakes.fake_server_process", "--log", str(self.log)]
        for m in models:
            argv += ["--model", m]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
        line = self.proc.stdout.readline()
        if not line.startswith("PORT "):
            self.proc.kill()
            raise RuntimeError(f"fake server process did not start: {line!r}")
        self.port = int(line.split()[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def chat_calls(self, skip: str | None = None) -> int:
        """Chat requests served so far (those whose last message is `skip`, e.g. the preflight's probe, left out)."""
        lines = self.log.read_text().splitlines()
        return sum(1 for line in lines if skip is None or json.loads(line) != skip)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    close = kill


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", action="append", default=[])
    ap.add_argument("--log", required=True)
    args = ap.parse_args(argv)
    fake = _LoggingFake(Path(args.log), models=args.model or ["fake-model"]).start()
    print(f"PORT {fake.port}", flush=True)
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    sys.exit(main())
