"""`benyfits list [kind]`: what exists of every extension point (agents, model backends, simulator
modes, personas, protocols, executors, editions, datasets, tasks), one line each with its
description, read from `eligibench.extensions` (the same registry the options' choices read)."""
from __future__ import annotations

import argparse
from pathlib import Path

from eligibench.errors import BenyfitsError


def _run(args: argparse.Namespace) -> int:
    from eligibench.extensions import listing, markdown

    project = {"project": Path(args.project)} if args.project else {}
    if args.markdown:
        if args.kind:
            raise BenyfitsError("list --markdown prints every kind (docs/architecture.md's table): drop the kind")
        print(markdown(**project))
    else:
        print(listing(args.kind, **project))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    from eligibench.extensions import KINDS

    p = sub.add_parser("list", help="list what exists of each extension point, with a description each",
                       description="Kinds: " + "; ".join(f"{k.name}: {k.description}" for k in KINDS.values()))
    p.add_argument("kind", nargs="?", choices=tuple(KINDS), metavar="KIND",
                   help=f"one of {', '.join(KINDS)} (default: every kind)")
    p.add_argument("--project", default=None,
                   help="the checkout whose submissions/ and opportunities/ are read (default: this package's)")
    p.add_argument("--markdown", action="store_true",
                   help="print every kind as the Markdown table docs/architecture.md holds")
    p.set_defaults(func=_run)
