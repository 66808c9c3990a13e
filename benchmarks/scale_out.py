"""Scale-out throughput (issue 25): dialogs per hour with an INSTANT model (the recording fake
server answers at once), for the local executor's threads and for the Ray executor on a local
cluster of 1 and 2 worker nodes, and the harness's cost per dialog. With an instant model all
that is timed is the harness (agent process and jail, dialog loop, simulated user, store
writes, and for Ray the task round trips), so these figures are the ceiling the harness puts on
a run; a real model's seconds per dialog divided by the harness's shows how far the GPU, not the
harness, is the bottleneck (docs/scale.md).

    PYTHONPATH=. python -m benchmarks.scale_out --diverse 8 --representative 4 --trials 2

Each mode evaluates the same resolved run into its own store (the same run id: the executor is
not part of it). Ray's start-up (a cluster per node count; the first batch size also pays the
workers' first import of the harness) is printed apart from the runs' times. "driver cpu" is this
process and, for local threads, its agent processes (Ray's agents are its workers' children).
"""
from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

from eligibench.evaluation.run import ExecutorConfig, evaluate, open_session
from eligibench.results.store import ResultStore
from tests.evaluation.executor_project import make_project, per_pair, resolved
from tests.fakes.openai_server import FakeOpenAIServer

MB = 1024 * 1024


def _cpu_s() -> float:
    """CPU seconds of this process and its reaped children (agent processes, not Ray's raylets)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run_once(project: Path, fake: FakeOpenAIServer, executor: ExecutorConfig, store: str, trials: int,
             concurrency: int = 1) -> tuple[float, float, int, dict]:
    r = resolved(project, fake.base_url, executor, store=store, trials=trials, concurrency=concurrency)
    results = ResultStore(project / store)
    with open_session(r, project) as session:
        cpu0, t0 = _cpu_s(), time.perf_counter()
        run_id = evaluate(session.plan, results, executor=session.executor())
        wall, cpu = time.perf_counter() - t0, _cpu_s() - cpu0
    n = len(results.dialogs(run_id))
    return wall, cpu, n, per_pair(results, run_id)


def with_cluster(nodes: int, cpus_per_node: int):
    import ray
    from ray.cluster_utils import Cluster

    t0 = time.perf_counter()
    c = Cluster(initialize_head=True, head_node_args={"num_cpus": 0, "object_store_memory": 80 * MB,
                                                      "include_dashboard": False})
    for _ in range(nodes):
        c.add_node(num_cpus=cpus_per_node, object_store_memory=80 * MB)
    c.wait_for_nodes()
    ray.init(address=c.address, include_dashboard=False, log_to_driver=False)
    return c, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--diverse", type=int, default=8)
    ap.add_argument("--representative", type=int, default=4)
    ap.add_argument("--trials", type=int, default=2)
    ap.add_argument("--dialogs-per-task", default="1,2,6", help="Ray batch sizes to compare (comma-separated)")
    ap.add_argument("--cpus-per-node", type=int, default=1, help="Ray task slots per worker node")
    args = ap.parse_args()
    import ray

    print(f"machine: {os.cpu_count()} cores (shared); {args.diverse}+{args.representative} households x "
          f"{args.trials} trials; probe agent (2 questions, jailed process), grounded lexical/template user")
    reference = None
    with tempfile.TemporaryDirectory() as tmp, FakeOpenAIServer(models=["served-model"]) as fake:
        project = make_project(Path(tmp), args.diverse, args.representative)
        rows = []
        for concurrency in (1, 2):
            wall, cpu, n, preds = run_once(project, fake, ExecutorConfig(), f"local{concurrency}.duckdb", args.trials,
                                           concurrency)
            reference = reference or preds
            rows.append((f"local threads x{concurrency}", 0.0, wall, cpu, n, preds == reference))
        for nodes in (1, 2):
            cluster, startup = with_cluster(nodes, args.cpus_per_node)
            try:
                for size in (int(x) for x in args.dialogs_per_task.split(",")):
                    ex = ExecutorConfig("ray", dialogs_per_task=size)
                    wall, cpu, n, preds = run_once(project, fake, ex, f"ray{nodes}-{size}.duckdb", args.trials)
                    rows.append((f"ray {nodes} node x{args.cpus_per_node} cpu, {size}/task", startup, wall, cpu, n,
                                 preds == reference))
            finally:
                ray.shutdown()
                cluster.shutdown()
    print(f"{'executor':<30} {'dialogs':>7} {'start s':>8} {'run s':>7} {'dialogs/h':>10} {'s/dialog':>9} "
          f"{'driver cpu s/dialog':>20} {'same predictions':>17}")
    for name, startup, wall, cpu, n, same in rows:
        print(f"{name:<30} {n:>7} {startup:>8.1f} {wall:>7.1f} {3600 * n / wall:>10.0f} {wall / n:>9.3f} "
              f"{cpu / n:>20.3f} {str(same):>17}")
    per_dialog = rows[0][2] / rows[0][4]
    print(f"harness cost per dialog (local, one slot, instant model): {per_dialog:.3f} s wall")
    for calls, latency in ((40, 0.5), (100, 1.0)):
        model_s = calls * latency
        print(f"  a dialog of {calls} model calls at {latency:.1f} s each spends {model_s:.0f} s in the model: "
              f"the harness is {100 * per_dialog / (model_s + per_dialog):.1f}% of it")


if __name__ == "__main__":
    main()
