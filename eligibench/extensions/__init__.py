"""The one list of extension points: what exists of each kind (agents, model backends, simulator
modes, personas, protocols, executors, editions, datasets, tasks), each with a one-line
description. `benyfits list [kind]` prints it; the CLI's choices and `--help`, the leaderboard's
agent picker and docs/architecture.md's table read it. It comes after every phase it gathers from
(models, results, evaluation, training) and before `cli`.

- `points`: the kinds (`KINDS`), `registry(kind)`, agent discovery (`agents`), editions
  (`editions`, names alone: `edition_names`) and the text `benyfits list` prints (`listing`), and the docs' table (`markdown`). The registry shape itself is the
  shared module `eligibench/registry.py`, filled where each thing is defined.
"""
from __future__ import annotations

from eligibench.extensions.points import (
    INSPECT_TASK_NAMES,
    KINDS,
    Kind,
    agents,
    edition_names,
    editions,
    listing,
    markdown,
    one_line,
    registry,
)

__all__ = ["INSPECT_TASK_NAMES", "KINDS", "Kind", "agents", "edition_names", "editions", "listing", "markdown", "one_line", "registry"]
