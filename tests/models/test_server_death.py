"""A model server that exits is named at once (pid, signal or code, log, reinstall line for ggml
crashes), not retried for retries x timeout_s."""
from __future__ import annotations

import os
import signal
import sys
import threading
import time

import pytest

from eligibench.models import EmbeddedServer, ModelSpec, ModelUnavailable, ServerDied, make_model
from eligibench.models.servers import ServerProcess, free_port, server_death
from eligibench.models.types import PORTABLE_REINSTALL


def _process(tmp_path, code: str) -> ServerProcess:
    port = free_port()
    return ServerProcess(
        [sys.executable, "-c", code],
        base_url=f"http://127.0.0.1:{port}/v1",
        name="fake server",
        log_path=tmp_path / "server.log",
        startup_timeout_s=30,
    )


def test_death_during_startup_names_signal_and_log(tmp_path):
    proc = _process(tmp_path, "import os, signal, sys; print('ggml_abort: bad op', flush=True); "
                              "os.kill(os.getpid(), signal.SIGILL)")
    with pytest.raises(ServerDied) as info:
        proc.start()
    err = info.value
    assert err.signal_name == "SIGILL" and err.exit_code is None and err.ggml_crash
    assert err.pid is not None and err.pid != proc.pid  # the server, not its lifeline
    text = str(err)
    assert "SIGILL" in text and str(tmp_path / "server.log") in text and "ggml_abort: bad op" in text
    assert PORTABLE_REINSTALL in text


def test_exit_code_is_reported_without_reinstall_hint(tmp_path):
    proc = _process(tmp_path, "import sys; print('port in use', flush=True); sys.exit(3)")
    with pytest.raises(ServerDied) as info:
        proc.start()
    assert info.value.exit_code == 3 and info.value.signal_name is None
    assert "exited with code 3" in str(info.value) and "port in use" in str(info.value)
    assert PORTABLE_REINSTALL not in str(info.value)


def test_a_stopped_server_is_not_reported_as_dead(tmp_path):
    proc = _process(tmp_path, "import time; time.sleep(60)")
    proc.startup_timeout_s = 0.5
    with pytest.raises(ModelUnavailable) as info:
        proc.start()  # never healthy: stopped by start()
    assert not isinstance(info.value, ServerDied) and "did not answer" in str(info.value)
    assert server_death(proc.base_url) is None


@pytest.mark.model
def test_crash_of_the_llama_server_is_named_within_seconds(tmp_path):
    """A completion in flight and the next call fail at once when the real llama.cpp server
    process (the lifeline's child) gets SIGSEGV."""
    server = EmbeddedServer(startup_timeout_s=180, log_path=tmp_path / "llama.log").start()
    try:
        spec = ModelSpec("embedded", "SmolLM2-135M-Instruct", base_url=server.base_url,
                         max_tokens=2000, timeout_s=300, retries=2)
        model = make_model(spec)
        pid = server._process.server_pid
        assert pid is not None and pid != server.pid
        outcome: dict = {}

        def long_call():
            try:
                model.chat([{"role": "user", "content": "Tell me a very long story about a city. " * 150}])
            except BaseException as exc:  # noqa: BLE001 - inspected by the test
                outcome["error"] = exc
                outcome["at"] = time.monotonic()

        thread = threading.Thread(target=long_call)
        thread.start()
        time.sleep(1.5)  # the request is being prefilled (~1.5k tokens take many seconds here)
        assert thread.is_alive(), "the completion finished before the crash: make it longer"
        killed_at = time.monotonic()
        os.kill(pid, signal.SIGSEGV)
        thread.join(timeout=60)
        err = outcome.get("error")
        assert isinstance(err, ServerDied), repr(err)
        elapsed = outcome["at"] - killed_at
        print(f"\ncrash-to-error {elapsed:.2f} s:\n{err}")
        assert elapsed < 10
        text = str(err)
        for part in (f"pid {pid}", "SIGSEGV", str(tmp_path / "llama.log"), PORTABLE_REINSTALL):
            assert part in text, part
        assert err.log_tail and err.log_tail in text
        start = time.monotonic()
        with pytest.raises(ServerDied):
            model.chat([{"role": "user", "content": "Hi"}])
        assert time.monotonic() - start < 5
        model.close()
    finally:
        server.stop()
