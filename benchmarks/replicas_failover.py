"""Replicas (models/replicas.py) against two FAKE instant OpenAI-compatible servers, each in its own
process: what balancing costs per call, and how long the call that meets a killed replica takes.

    PYTHONPATH=. python benchmarks/replicas_failover.py [--calls 400]

Prints: ms per call direct to one server vs through a ReplicatedModel over two (the pool's
bookkeeping), the split of calls, and the first call after a SIGKILL (connection refused: the
member client's retries, then the other replica) and the calls after it (the dead one is out).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from eligibench.models import ModelSpec, make_model, pool_for
from tests.fakes.fake_server_process import FakeProcess

MESSAGES = [{"role": "user", "content": "Hi"}]


def ms_per_call(model, n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        model.chat(MESSAGES)
    return (time.perf_counter() - start) / n * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=400)
    ap.add_argument("--retries", type=int, default=2)
    ap.add_argument("--backoff", type=float, default=0.5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        fakes = [FakeProcess(Path(tmp) / f"r{i}.log", models=("m",)) for i in range(2)]
        try:
            one = ModelSpec(backend="openai", model="m", base_url=fakes[0].base_url, retries=args.retries,
                            backoff_s=args.backoff)
            two = ModelSpec(backend="openai", model="m", replicas=tuple(f.base_url for f in fakes),
                            retries=args.retries, backoff_s=args.backoff)
            with make_model(one) as direct, make_model(two) as replicated:
                ms_per_call(direct, 20)
                ms_per_call(replicated, 20)  # warm both members' connections
                d = ms_per_call(direct, args.calls)
                r = ms_per_call(replicated, args.calls)
                split = {s["endpoint"].rsplit(":", 1)[1]: s["calls"] for s in pool_for(two).snapshot()}
                print(f"direct, one server:        {d:.2f} ms/call ({args.calls} calls)")
                print(f"replicated over two:       {r:.2f} ms/call; calls per replica (port: calls) {split}")
                fakes[1].kill()
                start = time.perf_counter()
                replicated.chat(MESSAGES)
                replicated.chat(MESSAGES)  # one of the two meets the dead replica (round robin)
                first = (time.perf_counter() - start) * 1000
                after = ms_per_call(replicated, 100)
                print(f"two calls right after SIGKILL of one replica: {first:.0f} ms "
                      f"(member retries {args.retries}, backoff {args.backoff:g} s)")
                print(f"calls after (dead replica out):  {after:.2f} ms/call")
        finally:
            for f in fakes:
                f.kill()


if __name__ == "__main__":
    main()
