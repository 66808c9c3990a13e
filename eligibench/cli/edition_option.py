"""`--edition E`: the one option every command that shows a user a verdict (or the facts a verdict is
computed from) takes: `check`, `profile`, `view` (issue 30 item 7: a caseworker or reviewer could
not test a household against the 2026-08 rules from the command line).

The published editions are the extension registry's (`eligibench.extensions.edition_names`: 2024 and
each `opportunities/<edition>/_edition.yaml`; `benyfits list editions` describes them), listed in `--help`. A name that is not one of them is a
one-line error naming the valid ones (`BenyfitsError`, exit code 2, no traceback), raised before
any household is read.
"""
from __future__ import annotations

import argparse

from eligibench.errors import BenyfitsError


def published_editions() -> tuple[str, ...]:
    from eligibench.extensions import edition_names

    return edition_names()


def add_edition_option(p: argparse.ArgumentParser, what: str, default: str | None = "2024",
                       default_text: str | None = None) -> None:
    """`--edition` on `p`; `what` says what the edition decides for this command, `default_text`
    what no --edition means when `default` is None."""
    shown = f"default {default}" if default else f"default: {default_text}"
    p.add_argument("--edition", default=default, metavar="E",
                   help=f"{what}; published editions: {', '.join(published_editions())} ({shown})")


def resolve_edition(name: str) -> str:
    """`name` when it is a published edition, else a one-line BenyfitsError naming the valid ones."""
    valid = published_editions()
    if name not in valid:
        raise BenyfitsError(f"no such edition {name!r} (known: {', '.join(valid)})")
    return name


def edition_checkers(name: str) -> dict:
    """Opportunity id -> checker module of edition `name` (validated first)."""
    from checkers.editions import edition_registry

    return edition_registry(resolve_edition(name))


def feature_schema_of(name: str) -> int:
    """The household feature schema version edition `name` reads (docs/features-v2.md)."""
    from eligibench.catalog import load_edition

    return load_edition(resolve_edition(name)).feature_schema
