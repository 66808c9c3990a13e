"""`benyfits new-agent NAME`: scaffold a working agent folder (hosting.scaffold_agent)."""
from __future__ import annotations

import argparse
from pathlib import Path


def _run(args: argparse.Namespace) -> int:
    from eligibench.evaluation.hosting import scaffold_agent

    dest = Path(args.dir) if args.dir else Path(args.name)
    files = scaffold_agent(dest, args.name, args.author, force=args.force)
    print(f"created {dest}/ ({', '.join(f.name for f in files)}). Next:\n"
          f"  benyfits evaluate {dest} --households 1     # try it: a development run, never ranked (in bubblewrap "
          "if installed, else unjailed: it is your own code)\n"
          "  benyfits leaderboard --store results/local.duckdb   # see its dialogs\n"
          f"  benyfits submit {dest}                        # rank it (needs bubblewrap: apt-get install bubblewrap)\n"
          f"  python examples/a2a_service/serve.py {dest} --port 8765   # or serve it as an A2A service, then\n"
          "  benyfits evaluate --agent-url http://127.0.0.1:8765        # evaluate the service (docs/agent-services.md)\n"
          "docs/writing-an-agent.md explains every field the agent sees.")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("new-agent", help="scaffold a working agent folder (manifest, agent class, a test)")
    p.add_argument("name", help="the agent's name (lowercase letters, digits, '-' or '_')")
    p.add_argument("--dir", default=None, help="folder to create, or an empty one to fill (default: ./NAME)")
    p.add_argument("--force", action="store_true",
                   help="add the template to a non-empty folder; a file already there is never written over")
    p.add_argument("--author", default="your name", help="the manifest's author")
    p.set_defaults(func=_run)
