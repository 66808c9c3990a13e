"""The optional front ends and the pip extras that install them, found in one place.

The plain install (`pip install -e .`) carries what `dvc repro` and the library need; the leaderboard
(gradio), the Inspect task (inspect-ai) and agents served over A2A (a2a-sdk) are extras (measured
2026-11-27 on 2 cores: 105 CPU-s to install without them, 158 with them; docs/performance.md). Ray is
one too, with its own message (eligibench.evaluation.run.executors.import_ray).

A command or API that needs an extra calls `require(extra, command)` before it imports the package:
a missing extra is an `ExtraMissing` (a BenyfitsError, so `benyfits` and the stage scripts print it as
one line and exit 2 through `errors.run_main`; also an ImportError, for callers that catch that) naming
the command, the extra and the line that installs it. The package is looked up with `find_spec`, not
imported: gradio alone takes ~6 s to import, which the command pays next anyway.
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass

from eligibench.errors import BenyfitsError


@dataclass(frozen=True)
class Extra:
    """One pip extra of benyfits-bench and the package it stands for."""

    name: str  # the extra (`pip install -e '.[board]'`)
    module: str  # the top-level module its package installs, looked up to tell whether it is there
    package: str  # the distribution, as pip names it
    feature: str  # what needs it, as a message says it ("the leaderboard")


BOARD = Extra("board", "gradio", "gradio", "the leaderboard")
INSPECT = Extra("inspect", "inspect_ai", "inspect-ai", "the Inspect task")
A2A = Extra("a2a", "a2a", "a2a-sdk", "an agent served over A2A")
EXTRAS = (BOARD, INSPECT, A2A)


class ExtraMissing(BenyfitsError, ImportError):
    """A command needs an extra that is not installed; the message is the one line to show."""


def install_line(extra: Extra) -> str:
    return f"pip install -e '.[{extra.name}]'"


def installed(extra: Extra) -> bool:
    """Whether the extra's package can be imported (None when a test hides it in sys.modules)."""
    try:
        return importlib.util.find_spec(extra.module) is not None
    except (ImportError, ValueError):  # a parent that fails to import, or a module without a spec
        return False


def missing_message(extra: Extra, command: str = "") -> str:
    """One line: the command, what of it needs the extra, and the line that installs it."""
    lead = f"{command}: " if command else ""
    return (f"{lead}{extra.feature} needs the {extra.name} extra ({extra.package} is not installed): "
            f"{install_line(extra)}")


def require(extra: Extra, command: str = "") -> None:
    """Raise ExtraMissing (see missing_message) unless the extra's package is installed."""
    if not installed(extra):
        raise ExtraMissing(missing_message(extra, command))


def exit_if_missing(extra: Extra, prog: str) -> None:
    """For a script's top, before it imports the extra's package (`python -m leaderboard`, the A2A
    service example): the one line `<prog>: error: ...` on stderr and exit status 2, as run_main ends."""
    from eligibench.errors import run_main

    code = run_main(prog, require, extra)
    if code:
        raise SystemExit(code)
