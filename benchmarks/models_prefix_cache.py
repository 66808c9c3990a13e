"""How much a cached prompt prefix saves: the first request on a ~2k-token profile prefix, then
follow-up questions on the same prefix, then a different prefix and back (llama.cpp's RAM cache).

    python -m benchmarks.models_prefix_cache                      # embedded SmolLM2 (CPU)
    python -m benchmarks.models_prefix_cache --backend vllm --model M --base-url URL

Prints seconds per request and the cached-token share the server reports (llama.cpp's server,
vLLM with --enable-prompt-tokens-details, OpenAI); where a server does not report it, the effect
shows as latency only.
"""

from __future__ import annotations

import argparse
import time
import uuid
from contextlib import ExitStack

from eligibench.models import BACKENDS, DEFAULT_EMBEDDED_MODEL, ChatMessage, ModelSpec, attach_servers, make_model

JOBS = ["home health aide", "bus driver", "teacher", "line cook", "retail clerk", "nurse"]
BOROUGHS = ["Queens", "Brooklyn", "the Bronx", "Manhattan", "Staten Island"]
FACTS = [
    "I am {age} years old.",
    "I work as a {job} and earn ${income} a year before taxes.",
    "I live in {borough} and pay ${rent} in rent each month.",
    "I do not receive SNAP benefits and I have health insurance through my job.",
    "My {relation} lives with me; they are {age2} years old and attend school full time.",
]


def profile(nonce: str, sentences: int) -> str:
    lines = [f"Household profile (id {nonce}). Each sentence is one fact about a member."]
    for n in range(sentences):
        fact = FACTS[n % len(FACTS)].format(
            age=22 + n % 60, job=JOBS[n % len(JOBS)], income=12000 + 1013 * n,
            borough=BOROUGHS[n % len(BOROUGHS)], rent=900 + 17 * n,
            relation=["son", "daughter", "mother", "spouse"][n % 4], age2=5 + n % 17,
        )
        lines.append(f"Member {n // len(FACTS) + 1}: {fact}")
    return "\n".join(lines)


def ask(model, system: str, question: str):
    return model.chat([ChatMessage("system", system), ChatMessage("user", question)], max_tokens=8)


def row(label: str, c) -> str:
    share = f"{c.cached_tokens / c.prompt_tokens:.0%}" if c.cached_tokens is not None else "not reported"
    return f"{label:<44} {c.latency_s:7.2f} s  prompt {c.prompt_tokens:5d} tok  cached {share}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--backend", default="embedded", choices=list(BACKENDS))
    ap.add_argument("--model", default=DEFAULT_EMBEDDED_MODEL)
    ap.add_argument("--base-url", default=None)
    ap.add_argument("--sentences", type=int, default=95, help="profile length (95 ~ 2k tokens)")
    args = ap.parse_args(argv)

    spec = ModelSpec(backend=args.backend, model=args.model, base_url=args.base_url, timeout_s=600)
    t0 = time.perf_counter()
    with ExitStack() as stack:
        spec = attach_servers({"model": spec}, stack)["model"]  # starts a server when base_url is None
        model = stack.enter_context(make_model(spec))
        print(f"model {args.model} via {model.endpoint} (ready in {time.perf_counter() - t0:.1f} s)")
        a = "You are the person described below. Answer in the first person.\n" + profile(uuid.uuid4().hex, args.sentences)
        b = "You are the person described below. Answer in the first person.\n" + profile(uuid.uuid4().hex, args.sentences)
        first = ask(model, a, "How old are you?")
        print(row("first request, new prefix A", first))
        follow = [ask(model, a, q) for q in ("Where do you live?", "What is your job?")]
        for i, c in enumerate(follow, 1):
            print(row(f"follow-up {i}, same prefix A", c))
        other = ask(model, b, "How old are you?")
        print(row("new prefix B (evicts A from the live context)", other))
        back = ask(model, a, "Do you rent?")
        print(row("back to prefix A (RAM prompt cache)", back))
        best = min(c.latency_s for c in follow)
        print(f"prefill saving: first {first.latency_s:.2f} s -> follow-up {best:.2f} s "
              f"({first.latency_s / best:.0f}x faster)")
        print("usage:", model.usage.snapshot())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
