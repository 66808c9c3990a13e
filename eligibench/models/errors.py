"""The model layer's errors (a leaf module: the registry and the types both raise them)."""
from __future__ import annotations

from eligibench.errors import BenyfitsError


class ModelError(BenyfitsError):
    """Base class of model-layer errors."""


class ModelConfigError(ModelError, ValueError):
    """A model spec or environment that cannot work (names the field or variable)."""


class ModelUnavailable(ModelError):
    """The endpoint could not be reached or kept failing after all retries (names the endpoint)."""

    def __init__(self, endpoint: str, message: str):
        self.endpoint = endpoint
        super().__init__(message)


# The prebuilt wheel is the portable build (AVX2 baseline): reinstalling it replaces a build from
# source made for another CPU. The version is embedded.RUNTIME_PIN (tests/models/test_runtime.py).
PORTABLE_REINSTALL = "pip install --force-reinstall --only-binary xllamacpp xllamacpp==2026.10.11549"


class ServerDied(ModelUnavailable):
    """A model server the harness started has exited: named at once instead of retried.

    Carries the server's name, pid, exit signal (name, e.g. "SIGSEGV") or exit code, log file and
    the log's last lines; `ggml_crash` is True when the death looks like a llama.cpp CPU-backend
    crash (SIGSEGV/SIGILL/SIGBUS or "ggml" in the log tail), and the message then gives
    PORTABLE_REINSTALL.
    """

    def __init__(
        self,
        endpoint: str,
        *,
        server: str,
        pid: int | None,
        signal_name: str | None,
        exit_code: int | None,
        log_path: str,
        log_tail: str,
    ):
        self.server = server
        self.pid = pid
        self.signal_name = signal_name
        self.exit_code = exit_code
        self.log_path = log_path
        self.log_tail = log_tail
        self.ggml_crash = signal_name in ("SIGSEGV", "SIGILL", "SIGBUS") or "ggml" in log_tail.lower()
        how = f"was killed by {signal_name}" if signal_name else f"exited with code {exit_code}"
        message = f"model server {server} (pid {pid}) for {endpoint} {how}; log {log_path}, last lines:\n{log_tail}"
        if self.ggml_crash:
            message += (
                "\nThis looks like a crash in llama.cpp's CPU backend (ggml), typically a build for "
                "instructions this CPU lacks. Reinstall a portable (AVX2-baseline) build:\n  "
                + PORTABLE_REINSTALL
            )
        super().__init__(endpoint, message)


class ModelRequestError(ModelError):
    """The endpoint answered, but rejected the request (4xx): retrying would not help."""

    def __init__(self, endpoint: str, message: str, status_code: int | None = None):
        self.endpoint = endpoint
        self.status_code = status_code
        super().__init__(message)
