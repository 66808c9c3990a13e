"""What DVC's YAML costs a stage, on this project's own files: DVC reads `dvc.yaml` and `dvc.lock`
with ruamel.yaml's "safe" loader (several reads a stage) and rewrites `dvc.lock` after each stage
(a round-trip parse of the whole file, then a dump). Prints the files' sizes and, per operation,
the median of N timed runs:

    python -m benchmarks.dvc_yaml              # 5 runs each
    python -m benchmarks.dvc_yaml --runs 9

- safe read, C loader: what DVC gets with ruamel.yaml.clib installed (a core dependency);
- safe read, pure Python: what it got without it (ruamel.yaml 0.19 made the C loader optional);
- round-trip parse and dump of `dvc.lock`: DVC's lock update after every stage, pure Python either way.
"""
from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _median_s(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="timed runs of each operation (the median is printed)")
    args = ap.parse_args(argv)
    from dvc.utils.serialize._yaml import _dump, parse_yaml_for_update
    from ruamel.yaml import YAML

    lock = (ROOT / "dvc.lock").read_text(encoding="utf-8")
    pipeline = (ROOT / "dvc.yaml").read_text(encoding="utf-8")
    c_loader = YAML(typ="safe").Parser.__name__ == "CParser"
    print(f"dvc.lock {len(lock):,} bytes, {lock.count(chr(10)):,} lines; dvc.yaml {len(pipeline):,} bytes; "
          f"ruamel.yaml's safe loader here: {'C' if c_loader else 'pure Python (ruamel.yaml.clib missing)'}; "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; median of {args.runs}")
    rows = []
    if c_loader:
        rows.append(("safe read of dvc.lock, C loader", lambda: YAML(typ="safe").load(lock)))
    rows.append(("safe read of dvc.lock, pure Python", lambda: YAML(typ="safe", pure=True).load(lock)))
    rows.append(("safe read of dvc.yaml, pure Python", lambda: YAML(typ="safe", pure=True).load(pipeline)))
    parsed = parse_yaml_for_update(lock, "dvc.lock")
    rows.append(("round-trip parse of dvc.lock (the lock update)", lambda: parse_yaml_for_update(lock, "dvc.lock")))
    rows.append(("dump of dvc.lock (the lock update)", lambda: _dump(parsed, io.StringIO())))
    for label, fn in rows:
        print(f"  {label:<50} {_median_s(fn, args.runs):6.3f} s")


if __name__ == "__main__":
    main()
