"""`benyfits queue-serve`: serve the results store's queue to workers on other machines (the claim
service, eligibench.results.queue_service). Run it on the machine that owns the store; workers
elsewhere run `benyfits worker --queue-url http://<this host>:<port>`. Both sides need the same
secret in $BENYFITS_QUEUE_TOKEN."""
from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path


def _cmd_queue_serve(args: argparse.Namespace) -> int:
    from eligibench.cli.stores import check_store_path
    from eligibench.evaluation.run import load_config
    from eligibench.results import QueueService, ResultStore

    project = Path(args.project)
    config = load_config(project, params_file=args.params)
    if args.store:
        config = replace(config, store=Path(args.store).resolve())
    store = check_store_path(project / config.store, create=True)  # an unusable path: one line, before serving
    service = QueueService(ResultStore(store), args.host, args.port, project=project)
    print(f"queue-serve: the queue of {service.store.path} at http://{args.host}:{service.port} "
          "(Ctrl-C stops)", flush=True)
    try:
        service.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        service.close()
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    q = sub.add_parser("queue-serve", help="serve the store's submission queue to workers on other machines")
    q.add_argument("--project", default=".", help="project root (default: the current folder)")
    q.add_argument("--params", default=None, help="params file (default: <project>/params.yaml)")
    q.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    q.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    q.add_argument("--port", type=int, default=8765, help="port (0: a free one, printed)")
    q.set_defaults(func=_cmd_queue_serve)
