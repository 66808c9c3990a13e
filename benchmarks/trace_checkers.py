"""Traced checker runs per second: every checker over N random households (issue target:
10,000 households x 82 checkers = 820,000 traced runs in under 60 s on 2 cores). One process.
Also prints the rate of `run_reads` (trace plus the facts read: how dataset rows get their
needed facts) over the first 1,000 households."""
import argparse
import random
import time

from checkers import registry
from eligibench.household import FEATURES, household
from eligibench.truth import trace_all, traced_checkers


def random_households(n: int, seed: int):
    # Schema-valid random households (the fuzzer has its own, constrained generator).
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        members = []
        for k in range(rng.randint(1, 6)):
            values = {}
            for f in FEATURES:
                if f.type == "bool":
                    values[f.name] = rng.random() < 0.5
                elif f.type == "choice":
                    values[f.name] = rng.choice(f.values)
                elif f.type == "int":
                    values[f.name] = rng.randint(int(f.min), int(f.max if f.max is not None else 100000))
                elif f.type == "float":
                    values[f.name] = rng.uniform(f.min, f.max if f.max is not None else 100000.0)
            values["relation"] = "self" if k == 0 else rng.choice(FEATURES[3].values[1:])
            members.append(values)
        out.append(household(*members))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--households", type=int, default=10_000)
    args = ap.parse_args()
    hhs = random_households(args.households, 0)
    t0 = time.perf_counter()
    m = trace_all(hhs, traced_checkers(registry()))
    dt = time.perf_counter() - t0
    runs = len(hhs) * len(m.opportunities)
    print(f"{runs:,} traced checker runs ({len(hhs):,} households x {len(m.opportunities)} checkers) "
          f"in {dt:.1f} s = {runs / dt:,.0f} runs/s; distinct traces: {sum(len(t) for t in m.traces.values()):,}")
    checkers = traced_checkers(registry())
    sample = hhs[:1000]
    t0 = time.perf_counter()
    reads = 0
    for hh in sample:
        for c in checkers.values():
            reads += len(c.run_reads(hh)[1])
    dt = time.perf_counter() - t0
    runs = len(sample) * len(checkers)
    print(f"{runs:,} traced runs with fact reads in {dt:.1f} s = {runs / dt:,.0f} runs/s "
          f"({reads / runs:.1f} facts read per run)")


if __name__ == "__main__":
    main()
