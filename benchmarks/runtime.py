"""The embedded runtime, side by side: llama.cpp's server from the prebuilt `xllamacpp` wheel (the
project's runtime) against llama-cpp-python's server (the runtime it replaced, compiled from
source), on the same GGUF, the same prompts and the same settings, measured in one run.

    python -m benchmarks.runtime                       # 4 dialogs x 6 turns, 2 rounds
    python -m benchmarks.runtime --dialogs 2 --turns 3 --rounds 1

Both servers run as child processes on loopback with 1 decoding thread, 2 prompt-processing
threads, a 16k context and a 2 GiB RAM prompt cache, and are sent byte-identical OpenAI requests
(greedy, seed 0, `response_format` json_object with the schema: the one form both accept). Each
round runs every step on both runtimes, alternating which goes first, with prompts new to both
(a per-round nonce), so neither finds the other's work in its cache. Per runtime it prints:
- prefill tok/s: a cold ~2.6k-token prompt with 1 token out (prompt tokens / latency);
- decode tok/s: a streamed 128-token free-text reply on a cached prompt (tokens after the first
  / time after the first);
- seconds per dialog: a dialog of N turns, each a simulated-user answer on the ~2.6k-token profile
  (free text, <= 40 tokens) and the agent's READY on its own ~600-token prompt (JSON schema), then
  one PREDICT (booleans schema): the two long prefixes alternate, as in a real run.
llama-cpp-python is optional: when it is not importable the script says so and measures xllamacpp
alone. The machine's load average is printed with the figures (shared machines are noisy: compare
the runtimes within one run, not across runs).
"""
from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from eligibench.models.embedded import (
    CACHE_RAM_MIB,
    DECODE_THREADS,
    DEFAULT_EMBEDDED_MODEL,
    N_CTX,
    PREFILL_THREADS,
    SERVER_ENV,
    EmbeddedServer,
    packaged_gguf,
)
from eligibench.models.servers import ServerProcess, free_port

JOBS = ["home health aide", "bus driver", "teacher", "line cook", "retail clerk", "nurse"]
BOROUGHS = ["Queens", "Brooklyn", "the Bronx", "Manhattan", "Staten Island"]
FACTS = [
    "I am {age} years old.",
    "I work as a {job} and earn ${income} a year before taxes.",
    "I live in {borough} and pay ${rent} in rent each month.",
    "I do not receive SNAP benefits and I have health insurance through my job.",
    "My {relation} lives with me; they are {age2} years old and attend school full time.",
]
PROGRAMS = ["SNAP", "ChildCare", "HEAP", "IDNYC", "Medicaid"]
QUESTIONS = ["How old are you?", "Where do you live?", "What is your job?", "How much rent do you pay?",
             "Who lives with you?", "Do you receive SNAP?", "What is your yearly income?", "Do you have insurance?"]
READY_SCHEMA = {"type": "object", "properties": {"answer": {"type": "string", "enum": ["yes", "no"]}},
                "required": ["answer"], "additionalProperties": False}
PREDICT_SCHEMA = {"type": "object", "properties": {p: {"type": "boolean"} for p in PROGRAMS},
                  "required": PROGRAMS, "additionalProperties": False}


def profile(nonce: str, sentences: int = 120) -> str:
    """A household profile of about 2.6k SmolLM2 tokens (120 sentences), unique per nonce."""
    lines = [f"You are the person described below (profile {nonce}). Answer in the first person, briefly."]
    for n in range(sentences):
        lines.append(f"Member {n // len(FACTS) + 1}: " + FACTS[n % len(FACTS)].format(
            age=22 + n % 60, job=JOBS[n % len(JOBS)], income=12000 + 1013 * n, borough=BOROUGHS[n % len(BOROUGHS)],
            rent=900 + 17 * n, relation=["son", "daughter", "mother", "spouse"][n % 4], age2=5 + n % 17))
    return "\n".join(lines)


def agent_prompt(nonce: str) -> str:
    """The agent's own long prefix: the programs' requirements (about 600 tokens)."""
    lines = [f"You decide which NYC programs a household qualifies for (session {nonce}). Requirements:"]
    for i, p in enumerate(PROGRAMS * 4):
        lines.append(f"- {p} rule {i}: a member aged {18 + i} or more with a yearly income under "
                     f"${20000 + 1500 * i} living in {BOROUGHS[i % 5]} qualifies unless already enrolled.")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the two runtimes


def llama_cpp_python_server(log_dir: Path) -> ServerProcess | None:
    """llama-cpp-python's server with the settings the project used to start it, or None when the
    package (or its server extra) is not installed."""
    if any(importlib.util.find_spec(m) is None for m in ("llama_cpp", "uvicorn", "fastapi", "sse_starlette")):
        return None
    port = free_port()
    argv = [sys.executable, "-m", "llama_cpp.server", "--model", str(packaged_gguf()),
            "--model_alias", DEFAULT_EMBEDDED_MODEL, "--host", "127.0.0.1", "--port", str(port),
            "--n_ctx", str(N_CTX), "--n_threads", str(DECODE_THREADS), "--n_threads_batch", str(PREFILL_THREADS),
            "--logits_all", "false", "--cache", "true", "--cache_type", "ram",
            "--cache_size", str(CACHE_RAM_MIB << 20)]
    return ServerProcess(argv, base_url=f"http://127.0.0.1:{port}/v1", name="llama-cpp-python server",
                         log_path=log_dir / f"llama-cpp-python-{port}.log", startup_timeout_s=180,
                         env={**SERVER_ENV, **os.environ})  # the same OpenMP wait policy as the xllamacpp server


@dataclass
class Figures:
    name: str
    version: str
    prefill: list[float] = field(default_factory=list)  # tok/s
    decode: list[float] = field(default_factory=list)  # tok/s
    dialog: list[float] = field(default_factory=list)  # s

    def line(self) -> str:
        def med(xs, fmt):
            return format(statistics.median(xs), fmt) if xs else "-"

        def span(xs, fmt):
            return f"[{format(min(xs), fmt)}-{format(max(xs), fmt)}]" if xs else ""

        return (f"{self.name + ' ' + self.version:<32} prefill {med(self.prefill, '.0f'):>5} tok/s {span(self.prefill, '.0f'):<11} "
                f"decode {med(self.decode, '.1f'):>5} tok/s {span(self.decode, '.1f'):<13} "
                f"dialog {med(self.dialog, '.1f'):>5} s {span(self.dialog, '.1f')}")


class Runtime:
    """One running server and the OpenAI client every request goes through."""

    def __init__(self, name: str, version: str, base_url: str):
        from openai import OpenAI

        self.figures = Figures(name, version)
        self.client = OpenAI(base_url=base_url, api_key="none", max_retries=0, timeout=900)

    def chat(self, messages, max_tokens: int, schema: dict | None = None):
        kwargs = {"model": DEFAULT_EMBEDDED_MODEL, "messages": messages, "temperature": 0.0, "seed": 0,
                  "max_tokens": max_tokens}
        if schema is not None:
            kwargs["response_format"] = {"type": "json_object", "schema": schema}
        t0 = time.perf_counter()
        r = self.client.chat.completions.create(**kwargs)
        return r, time.perf_counter() - t0

    def prefill(self, nonce: str) -> float:
        r, dt = self.chat([{"role": "system", "content": profile(nonce)}, {"role": "user", "content": "Hi."}], 1)
        return r.usage.prompt_tokens / dt

    def decode(self, nonce: str) -> float:
        messages = [{"role": "user", "content": f"Write a long story about a bus driver in Queens ({nonce})."}]
        self.chat(messages, 1)  # the prompt is cached: what follows times decoding only
        stamps = []
        stream = self.client.chat.completions.create(model=DEFAULT_EMBEDDED_MODEL, messages=messages, temperature=0.0,
                                                     seed=0, max_tokens=128, stream=True)
        for chunk in stream:
            if chunk.choices and chunk.choices[0].delta.content:
                stamps.append(time.perf_counter())
        return (len(stamps) - 1) / (stamps[-1] - stamps[0]) if len(stamps) > 1 else 0.0

    def dialog(self, nonce: str, turns: int) -> float:
        user_prefix, agent_prefix = profile(nonce), agent_prompt(nonce)
        history: list[dict] = []
        t0 = time.perf_counter()
        for q in QUESTIONS[:turns]:
            answer, _ = self.chat([{"role": "system", "content": user_prefix}, *history,
                                   {"role": "user", "content": q}], 40)
            history += [{"role": "user", "content": q}, {"role": "assistant", "content": answer.choices[0].message.content}]
            transcript = "\n".join(f"{m['role']}: {m['content']}" for m in history)
            self.chat([{"role": "system", "content": agent_prefix},
                       {"role": "user", "content": f"{transcript}\nCan you decide every program now? "
                                                   'Reply with JSON {"answer": "yes"} or {"answer": "no"}.'}],
                      16, READY_SCHEMA)
        self.chat([{"role": "system", "content": agent_prefix},
                   {"role": "user", "content": "\n".join(f"{m['role']}: {m['content']}" for m in history)
                    + "\nPredict each program as true or false in JSON."}], 60, PREDICT_SCHEMA)
        return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dialogs", type=int, default=4)
    ap.add_argument("--turns", type=int, default=6, choices=range(1, len(QUESTIONS) + 1))
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    print(f"GGUF {packaged_gguf().name}; {args.dialogs} dialogs x {args.turns} turns, {args.rounds} round(s); "
          f"threads {DECODE_THREADS} decode / {PREFILL_THREADS} prefill; {os.cpu_count()} cores; "
          f"load average at start {os.getloadavg()[0]:.1f}")
    with ExitStack() as stack:
        log_dir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        runtimes = [Runtime("xllamacpp", importlib.metadata.version("xllamacpp"),
                            stack.enter_context(EmbeddedServer(log_path=log_dir / "xllamacpp.log")).base_url)]
        other = llama_cpp_python_server(log_dir)
        if other is None:
            print("llama-cpp-python: not importable (pip install 'llama-cpp-python[server]' to compare): measuring "
                  "xllamacpp alone")
        else:
            stack.enter_context(other)
            runtimes.append(Runtime("llama-cpp-python", importlib.metadata.version("llama_cpp_python"), other.base_url))
        for rt in runtimes:  # first-request costs (page faults, allocations) are not what is compared
            rt.chat([{"role": "user", "content": "Hi."}], 4)
        for r in range(args.rounds):
            order = runtimes if r % 2 == 0 else runtimes[::-1]
            for rt in order:
                rt.figures.prefill.append(rt.prefill(f"prefill-{r}"))
            for rt in order:
                rt.figures.decode.append(rt.decode(f"decode-{r}"))
            for d in range(args.dialogs):
                for rt in (order if d % 2 == 0 else order[::-1]):
                    rt.figures.dialog.append(rt.dialog(f"dialog-{r}-{d}", args.turns))
            print(f"round {r + 1} done (load average {os.getloadavg()[0]:.1f})", flush=True)
    print("median [min-max] per runtime:")
    for rt in runtimes:
        print("  " + rt.figures.line())
    if len(runtimes) == 2:
        a, b = (statistics.median(rt.figures.dialog) for rt in runtimes)
        print(f"seconds per dialog, llama-cpp-python / xllamacpp: {b / a:.2f}x")
    print(f"load average at end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
