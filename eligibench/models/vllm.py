"""vLLM (GPU): start `vllm serve <model> --enable-prefix-caching ...` or attach to a running server.

Structured output on vLLM goes through `response_format` {"type": "json_schema", ...} (vLLM's
OpenAI-compatible server supports it; outlines' `from_vllm` would instead send the vLLM-only
`structured_outputs` field, which other OpenAI-compatible servers silently ignore).
`--enable-prompt-tokens-details` makes vLLM report usage.prompt_tokens_details.cached_tokens.

Not exercised on this machine (no GPU): the command line is unit-tested, the HTTP path is the
same OpenAI-compatible client the other backends use.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from eligibench.models.openai_compat import OpenAICompatModel, require_base_url
from eligibench.models.servers import ServerProcess, check_health, free_port
from eligibench.models.types import ModelConfigError, ModelSpec

VLLM_BASE_URL_ENV = "BENYFITS_VLLM_BASE_URL"


class VllmServer:
    """A `vllm serve` process (start()) or a running vLLM server (VllmServer.attach(url))."""

    def __init__(
        self,
        spec: ModelSpec,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        served_model_name: str | None = None,
        tensor_parallel_size: int = 1,
        gpu_memory_utilization: float | None = None,
        max_model_len: int | None = None,
        quantization: str | None = None,
        dtype: str | None = None,
        api_key: str | None = None,
        prompt_tokens_details: bool = True,
        startup_timeout_s: float = 1800.0,
        log_path: str | os.PathLike | None = None,
        executable: str = "vllm",
        extra_args: Sequence[str] = (),
    ):
        if spec.backend != "vllm":
            raise ModelConfigError(f"VllmServer needs ModelSpec.backend 'vllm'; got {spec.backend!r}")
        if isinstance(tensor_parallel_size, bool) or not isinstance(tensor_parallel_size, int) or tensor_parallel_size < 1:
            raise ModelConfigError(f"tensor_parallel_size must be an int >= 1; got {tensor_parallel_size!r}")
        if gpu_memory_utilization is not None and not 0 < gpu_memory_utilization <= 1:
            raise ModelConfigError(f"gpu_memory_utilization must be in (0, 1]; got {gpu_memory_utilization!r}")
        if max_model_len is not None and (not isinstance(max_model_len, int) or max_model_len < 1):
            raise ModelConfigError(f"max_model_len must be a positive int; got {max_model_len!r}")
        self.spec = spec
        self.host = host
        self.port = port
        self.served_model_name = served_model_name
        self.tensor_parallel_size = tensor_parallel_size
        self.gpu_memory_utilization = gpu_memory_utilization
        self.max_model_len = max_model_len
        self.quantization = quantization
        self.dtype = dtype
        self.api_key = api_key
        self.prompt_tokens_details = prompt_tokens_details
        self.startup_timeout_s = startup_timeout_s
        self.log_path = log_path
        self.executable = executable
        self.extra_args = list(extra_args)
        self._attached_url: str | None = None
        self._process: ServerProcess | None = None

    @classmethod
    def attach(cls, spec: ModelSpec, url: str, *, check: bool = True) -> "VllmServer":
        """A handle on a vLLM server someone else runs (url like http://gpu-host:8000/v1)."""
        if not url.startswith(("http://", "https://")):
            raise ModelConfigError(f"vLLM URL must be http(s)://...; got {url!r}")
        server = cls(spec)
        server._attached_url = url.rstrip("/")
        if check:
            check_health(server._attached_url, timeout_s=min(spec.timeout_s, 10.0))
        return server

    @staticmethod
    def share_key(spec: ModelSpec) -> tuple:
        """Specs with equal keys share one server (attach_servers): one per served model."""
        return ("vllm", spec.model)

    @classmethod
    def for_spec(cls, spec: ModelSpec, cores: int | None = None) -> "VllmServer":
        """A server for `spec`: attached to $BENYFITS_VLLM_BASE_URL when set, else started (`cores`
        is for CPU servers: vLLM runs on the GPU)."""
        url = os.environ.get(VLLM_BASE_URL_ENV, "").strip()
        return cls.attach(spec, url) if url else cls(spec)

    @property
    def base_url(self) -> str:
        if self._attached_url is not None:
            return self._attached_url
        if self.port is None:
            raise ModelConfigError("VllmServer has no port yet: call start() or pass port=")
        return f"http://{self.host}:{self.port}/v1"

    def command(self) -> list[str]:
        """The `vllm serve` command line for this spec (port must be set or start() picks one)."""
        if self.port is None:
            raise ModelConfigError("VllmServer.command() needs a port: pass port= or call start()")
        argv = [
            self.executable, "serve", self.spec.model,
            "--host", self.host,
            "--port", str(self.port),
            "--enable-prefix-caching",
            "--tensor-parallel-size", str(self.tensor_parallel_size),
        ]  # fmt: skip
        if self.prompt_tokens_details:
            argv.append("--enable-prompt-tokens-details")
        if self.served_model_name:
            argv += ["--served-model-name", self.served_model_name]
        if self.spec.seed is not None:
            argv += ["--seed", str(self.spec.seed)]
        if self.gpu_memory_utilization is not None:
            argv += ["--gpu-memory-utilization", f"{self.gpu_memory_utilization:g}"]
        if self.max_model_len is not None:
            argv += ["--max-model-len", str(self.max_model_len)]
        if self.quantization:
            argv += ["--quantization", self.quantization]
        if self.dtype:
            argv += ["--dtype", self.dtype]
        if self.api_key:
            argv += ["--api-key", self.api_key]
        return argv + self.extra_args

    @property
    def running(self) -> bool:
        if self._attached_url is not None:
            return True
        return self._process is not None and self._process.running

    def start(self) -> "VllmServer":
        if self._attached_url is not None or self.running:
            return self
        if shutil.which(self.executable) is None:
            raise ModelConfigError(
                f"`{self.executable}` not found: install vLLM on a GPU machine "
                "(pip install 'benyfits-bench[gpu]') or attach to a running server "
                f"(ModelSpec.base_url or ${VLLM_BASE_URL_ENV})"
            )
        if self.port is None:
            self.port = free_port(self.host)
        log_path = self.log_path or Path(tempfile.gettempdir()) / "eligibench-models" / f"vllm-{self.port}.log"
        self._process = ServerProcess(
            self.command(),
            base_url=self.base_url,
            name="vllm serve",
            log_path=log_path,
            startup_timeout_s=self.startup_timeout_s,
        )
        self._process.start()
        return self

    def stop(self) -> None:
        if self._process is not None:
            self._process.stop()

    close = stop

    def __enter__(self) -> "VllmServer":
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()


class VllmModel(OpenAICompatModel):
    """A running vLLM server at spec.base_url (attach_servers starts one, or attaches to
    $BENYFITS_VLLM_BASE_URL, for a spec without base_url). The client never starts a server."""

    default_response_format = "json_schema"
    max_tokens_field = "max_tokens"

    def __init__(self, spec: ModelSpec):
        if spec.backend != "vllm":
            raise ModelConfigError(f"VllmModel needs ModelSpec.backend 'vllm'; got {spec.backend!r}")
        require_base_url(spec)
        check_health(spec.base_url, timeout_s=min(spec.timeout_s, 10.0))
        super().__init__(spec, base_url=spec.base_url)
