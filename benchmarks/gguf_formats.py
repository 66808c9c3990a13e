"""Prefill and decode speed of GGUF files on the project's server, side by side in one run: the
shipped SmolLM2-135M (Q4_1) against other quantizations of it, to choose the weights' format.

    python -m benchmarks.gguf_formats OTHER.gguf [OTHER2.gguf ...] [--rounds 3]

Each round starts a fresh server (the project's `EmbeddedServer`: 1 decoding thread, 2 prompt
threads) on every file in turn, sends one ~600-token prompt new to it and 32 tokens out (greedy),
and prints the server's own timings: prompt tokens/s and decoded tokens/s, with the first words
of the reply (a different format is different weights: the replies differ). The load average is
printed before and after: compare files within one run.

Other formats are made outside the project (e.g. gguf-py's `quants.quantize` over the shipped
file's dequantized tensors, in a scratch environment); nothing here writes weights.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path


def one(path: Path, nonce: int) -> tuple[float, float, str]:
    import httpx

    from eligibench.models.embedded import EmbeddedServer

    with EmbeddedServer(path, alias="bench", n_threads=1, n_threads_batch=2) as srv:
        words = " ".join(f"word{j}-{nonce}" for j in range(300))
        reply = httpx.post(srv.base_url + "/chat/completions", timeout=600, json={
            "model": "bench", "messages": [{"role": "user", "content": words}], "max_tokens": 32,
            "temperature": 0}).json()
    t = reply["timings"]
    return t["prompt_per_second"], t["predicted_per_second"], reply["choices"][0]["message"]["content"][:50]


def main() -> None:
    from eligibench.models.embedded import DEFAULT_EMBEDDED_MODEL, resolve_model_path

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("others", nargs="+", type=Path, help="GGUF files to compare with the shipped one")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    files = [resolve_model_path(DEFAULT_EMBEDDED_MODEL), *args.others]
    print("load " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for r in range(args.rounds):
        for f in files:
            pp, tg, text = one(f, r)
            print(f"{f.name:45s} prefill {pp:7.1f} tok/s  decode {tg:5.1f} tok/s  {text!r}", flush=True)
    print("load " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
