"""llama.cpp's own HTTP server (from the prebuilt `xllamacpp` wheel) as a child process:
`python -m eligibench.models.llama_server --model PATH --port N [...]`.

xllamacpp runs llama.cpp's C++ server inside the Python process that creates `xllamacpp.Server`
(its HTTP threads serve the OpenAI-compatible routes on `listening_address`). The harness runs it
here, in a child of its own, so that a crash in ggml (SIGSEGV, SIGILL) or a kill cannot take the
caller down, and so the lifeline (`lifeline.py`) and the server-death reports (`servers.py`) apply
as to any other server process. This module only turns its arguments into `CommonParams`, starts
the server, prints two lines the parent reads (`SYSTEM_INFO_MARK`, `LISTENING_MARK`) and waits
for SIGTERM.

Settings that make the output the same on any machine (docs/models.md, "Determinism"): one slot
(`n_parallel` 1: requests never share a batch, so a reply does not depend on what else was being
served), a thread count given by the caller (never derived from the machine), and the wheel's
AVX2-baseline kernels.
"""
from __future__ import annotations

import argparse
import signal
import sys
import threading

# defined beside the parent's reader (the package's __init__ imports embedded before `-m` runs this)
from eligibench.models.embedded import LISTENING_MARK, SYSTEM_INFO_MARK


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m eligibench.models.llama_server")
    p.add_argument("--model", required=True, help="the .gguf file")
    p.add_argument("--alias", required=True, help="the model id GET /v1/models reports")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--n_ctx", type=int, required=True)
    p.add_argument("--n_threads", type=int, required=True, help="decoding threads")
    p.add_argument("--n_threads_batch", type=int, required=True, help="prompt-processing threads")
    p.add_argument("--cache_ram_mib", type=int, required=True, help="RAM for saved prompt states (0: none)")
    return p.parse_args(argv)


def params_for(args: argparse.Namespace):
    """The xllamacpp CommonParams for `args` (the settings the docstring explains)."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    params.model_alias = {args.alias}
    params.hostnames = [args.host]
    params.port = args.port
    params.n_ctx = args.n_ctx
    params.n_parallel = 1
    params.cpuparams.n_threads = args.n_threads
    params.cpuparams_batch.n_threads = args.n_threads_batch
    params.cache_prompt = True
    params.cache_ram_mib = args.cache_ram_mib
    params.ui = False  # no web page: the project speaks only the OpenAI routes
    params.n_threads_http = 2  # requests queue for the one slot anyway; the default is one per core
    return params


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    import xllamacpp

    print(f"{SYSTEM_INFO_MARK} {xllamacpp.get_system_info().strip()}", flush=True)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    server = xllamacpp.Server(params_for(args))  # loads the model and starts serving (its own threads)
    print(f"{LISTENING_MARK} {server.listening_address}", flush=True)
    while not stop.wait(1.0):
        pass
    del server  # stops the HTTP threads and frees the model
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
