"""The project root a command works in (`--project`, default: the current folder), checked once
so a command started in the wrong folder says so instead of failing later on a missing dataset or
store."""
from __future__ import annotations

import argparse
from pathlib import Path

from eligibench import paths
from eligibench.errors import BenyfitsError


def add_project_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--project", default=".",
                   help="project root: the folder with params.yaml, benyfits/ (the built datasets) and results/ "
                        "(default: the current folder)")


def project_root(value: str | Path) -> Path:
    """The project root, or an error that says what to do."""
    root = Path(value)
    if not root.is_dir():
        raise BenyfitsError(f"--project {value}: folder does not exist")
    if not (root / paths.PARAMS).is_file():
        raise BenyfitsError(f"{root.resolve()} is not a BeNYfits project (no {paths.PARAMS}): run from the project "
                            "root or pass --project")
    return root
