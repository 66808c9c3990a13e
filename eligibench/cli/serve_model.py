"""`benyfits serve-model [--model NAME|FILE.gguf]`: the embedded model served until Ctrl-C.

It starts llama.cpp's server (xllamacpp, on CPU) with the project's one server starter,
`models.attach_servers`, the call `benyfits evaluate` and the Inspect task's simulated user make,
so the server is the same process with the same settings (loopback, a free port, one slot, the
lifeline that stops it with this command). It prints the OpenAI-compatible base URL and the model
name it serves, and the lines that use them: Inspect's `openai-api/llamacpp/<model>` provider, and
any OpenAI client (your own agent, an A2A service). Before it existed, a user rebuilt the server's
command line by hand and guessed the model's alias.
"""
from __future__ import annotations

import argparse
import sys
import time
from contextlib import ExitStack

from eligibench.cli.signals import interrupt_on_sigterm

POLL_S = 5.0  # how often the server's health is checked while serving


def lines(base_url: str, model: str) -> list[str]:
    """What the command prints once the server answers: the URL and model, then how to use them."""
    return [
        f"base URL: {base_url}",
        f"model:    {model}",
        "API key:  none needed (any value is accepted)",
        "Inspect:  LLAMACPP_BASE_URL=" + base_url + " LLAMACPP_API_KEY=none "
        f"inspect eval benyfits/diverse --model openai-api/llamacpp/{model} --limit 1",
        f"an agent: any OpenAI client with base_url={base_url!r}, api_key='none', model={model!r}",
        "Stop it with Ctrl-C.",
    ]


def _run(args: argparse.Namespace) -> int:
    from eligibench.models import ModelSpec, ModelUnavailable, attach_servers, check_health, resolve_model_path

    spec = ModelSpec(backend="embedded", model=args.model)
    resolve_model_path(spec.model)  # a missing GGUF file is a one-line error here, before any start
    interrupt_on_sigterm(restore_ctrl_c=True)  # Ctrl-C and SIGTERM stop the server, even started in the background
    with ExitStack() as stack:
        try:
            url = attach_servers({"model": spec}, stack)["model"].base_url
            [name] = check_health(url)  # the name the server answers to: what a client must send
            print("\n".join(lines(url, name)), flush=True)
            while True:  # serve until Ctrl-C; a server that died is said, not waited on forever
                time.sleep(POLL_S)
                try:
                    check_health(url, timeout_s=30.0)
                except ModelUnavailable as e:
                    print(f"benyfits serve-model: error: the server stopped: {e}", file=sys.stderr)
                    return 1
        except KeyboardInterrupt:
            print("stopped", flush=True)
            return 0
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    from eligibench.models import DEFAULT_EMBEDDED_MODEL

    p = sub.add_parser("serve-model", help="serve the embedded model (llama.cpp, CPU) at an OpenAI-compatible URL "
                                           "until Ctrl-C: for Inspect and for your own agent",
                       description="Starts llama.cpp's server as `benyfits evaluate` starts it, on a free loopback "
                                   "port, and prints its base URL and model name (docs/inspect.md).")
    p.add_argument("--model", default=DEFAULT_EMBEDDED_MODEL, metavar="NAME|FILE.gguf",
                   help=f"the packaged {DEFAULT_EMBEDDED_MODEL} (default) or a path to a GGUF file")
    p.set_defaults(func=_run)
