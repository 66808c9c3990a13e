"""`benyfits leaderboard`: serve the Gradio leaderboard (the `leaderboard` package at the project root)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from eligibench.errors import BenyfitsError


def _app():
    try:
        import leaderboard as app
    except ModuleNotFoundError as e:
        if e.name != "leaderboard":
            raise
        root = Path(__file__).resolve().parents[2]
        if not (root / "leaderboard" / "app.py").is_file():
            raise BenyfitsError("the leaderboard package is not next to eligibench: run from a source checkout") from None
        sys.path.insert(0, str(root))
        import leaderboard as app
    return app


def _run(args: argparse.Namespace) -> int:
    from eligibench.extras import BOARD, require

    require(BOARD, "benyfits leaderboard")  # gradio is the board extra: one line, not an ImportError
    return _app().main_from_args(args)


def register(sub: argparse._SubParsersAction) -> None:
    from leaderboard import add_arguments

    p = sub.add_parser("leaderboard", help="serve the Gradio leaderboard")
    add_arguments(p)
    p.set_defaults(func=_run)
