"""A local multi-node Ray cluster in its own process, for tests that must not initialise Ray in
the pytest process (its token and node address are process-wide settings of Ray's).

    python -m tests.evaluation.ray_cluster_host NODES    # prints "address HOST:PORT", then reads:
    kill I      -> removes worker node I at once (SIGKILL of its raylet and workers); prints "killed I"
    (EOF)       -> shuts the cluster down

The caller sets the environment: RAY_AUTH_MODE=token with RAY_AUTH_TOKEN, and
RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0, under which Ray names every node 127.0.0.1 (on Linux it
otherwise replaces loopback with the machine's routable address, even when given 127.0.0.1).
The head runs no task; each worker node has 1 CPU.
"""
from __future__ import annotations

import sys

MB = 1024 * 1024


def main(n: int) -> None:
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 0, "object_store_memory": 80 * MB,
                                                            "include_dashboard": False})
    try:
        nodes = [cluster.add_node(num_cpus=1, object_store_memory=80 * MB) for _ in range(n)]
        cluster.wait_for_nodes()
        print(f"address {cluster.address}", flush=True)
        for line in sys.stdin:
            verb, _, arg = line.strip().partition(" ")
            if verb == "kill":
                cluster.remove_node(nodes[int(arg)], allow_graceful=False)
                print(f"killed {arg}", flush=True)
    finally:
        cluster.shutdown()


if __name__ == "__main__":
    main(int(sys.argv[1]))
