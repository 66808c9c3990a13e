"""Cost of the agent jail (issue 13): worker start (bwrap + Python + import + __init__) and one
protocol round trip, jailed vs. unjailed (trusted). `python -m benchmarks.agent_jail`."""
from __future__ import annotations

import statistics
import time
from pathlib import Path

from eligibench import system
from eligibench.evaluation.hosting import Dialog, OpportunityBrief, ProcessAgent

ROOT = Path(__file__).resolve().parents[1]
BRIEFS = tuple(OpportunityBrief(f"O{i}", f"Opportunity {i}", "Requirements. " * 40) for i in range(10))


def measure(jailed: bool, starts: int = 5, calls: int = 300) -> tuple[float, float]:
    start_s, call_s = [], []
    for _ in range(starts):
        agent = ProcessAgent(ROOT / "submissions" / "random", "agent:RandomAgent", {}, 0, {"p": 0.5}, cwd=ROOT,
                             trusted=True)
        agent.jailed = jailed and system.bwrap_path() is not None
        t0 = time.perf_counter()
        agent.start(BRIEFS)
        start_s.append(time.perf_counter() - t0)
        d = Dialog(BRIEFS)
        t0 = time.perf_counter()
        for _ in range(calls):
            agent.ready(d)
        call_s.append((time.perf_counter() - t0) / calls)
        agent.close()
    return statistics.median(start_s), statistics.median(call_s)


if __name__ == "__main__":
    for jailed in (True, False):
        s, c = measure(jailed)
        print(f"{'jailed (bwrap)' if jailed else 'unjailed (trusted)':20s} worker start + init {s * 1000:7.1f} ms, "
              f"round trip (ready, 10 opportunities) {c * 1000:.3f} ms")
