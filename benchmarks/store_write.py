"""Informational: how fast ResultStore.record_dialog writes 10-turn dialogs (one transaction each).

Usage: python -m benchmarks.store_write [N] [--batch B]
Prints dialogs/second for single-dialog records (open, one transaction, close per dialog) and for
record_dialogs batches of B, into a fresh DuckDB file in a temporary directory.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from eligibench.results.records import READY, DialogResult, RunSpec, Turn
from eligibench.results.store import ResultStore


def dialog(i: int, n_turns: int = 10, n_opportunities: int = 5) -> DialogResult:
    turns = tuple(
        Turn(f"Question {j}: does anyone in your household earn more than $2,000 a month?" * 2,
             f"Answer {j}: yes, my spouse earns about $2,500 a month from a part-time job." * 2,
             0.8, 0.7, 5000 + j, 30, 4900)
        for j in range(n_turns)
    )
    labels = {f"opportunity_{k}": k % 2 == 0 for k in range(n_opportunities)}
    return DialogResult(f"h{i:05d}", "diverse", 0, turns, {o: True for o in labels}, labels, READY,
                        wall_s=12.0, agent_calls=20, user_calls=n_turns)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("n", nargs="?", type=int, default=200)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--turns", type=int, default=10)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = ResultStore(Path(tmp) / "bench.duckdb")
        spec = RunSpec("bench", {"agent": "none"}, "none", {}, "v0", ("diverse",))
        run_id = store.ensure_run(spec)
        results = [dialog(i, args.turns) for i in range(2 * args.n)]

        t0 = time.perf_counter()
        for r in results[: args.n]:
            store.record_dialog(run_id, r)
        single = time.perf_counter() - t0

        t0 = time.perf_counter()
        rest = results[args.n:]
        for k in range(0, len(rest), args.batch):
            store.record_dialogs(run_id, rest[k:k + args.batch])
        batched = time.perf_counter() - t0

        t0 = time.perf_counter()
        done = store.completed(run_id)
        read = time.perf_counter() - t0
        assert len(done) == 2 * args.n
        size = (Path(tmp) / "bench.duckdb").stat().st_size
        print(f"record_dialog ({args.turns}-turn dialogs, one transaction each): "
              f"{args.n / single:.1f} dialogs/s ({1000 * single / args.n:.1f} ms each)")
        print(f"record_dialogs batches of {args.batch}: {args.n / batched:.1f} dialogs/s")
        print(f"completed() over {len(done)} dialogs: {1000 * read:.1f} ms; file {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
