"""The leaderboard's command-line options (shared by `benyfits leaderboard` and
`python -m leaderboard`); importing this does not import Gradio."""
from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", default=None, help="DuckDB results file (default: params.yaml evaluate.store)")
    p.add_argument("--snapshot", default=None,
                   help="read Parquet snapshots (ResultStore.export_parquet) from this folder instead of the store")
    p.add_argument("--results", default=None, metavar="PATH_OR_REPO",
                   help="read a results folder from `benyfits export-results` (or a Hub dataset repo id); read-only")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=7860)
    p.add_argument("--project", default=".", help="project root (default: the current folder)")
    p.add_argument("--submissions", default=None, help="where uploads are unpacked (default: <project>/submissions)")
    p.add_argument("--dataset-dir", default=None, help="dataset folder for ground truth (default: <project>/benyfits)")
    p.add_argument("--audit", default=None, help="audit JSON file (default: <project>/reports/audit.json)")
    p.add_argument("--max-upload-mb", type=float, default=5.0, help="largest ZIP accepted")
    p.add_argument("--max-unpacked-mb", type=float, default=20.0, help="largest unpacked submission")
    p.add_argument("--max-files", type=int, default=200, help="most files in an uploaded submission")
    p.add_argument("--no-upload", action="store_true",
                   help="hide the Submit tab (read-only board; the queue stays visible in a Queue tab)")
    p.add_argument("--uploads-per-hour", type=int, default=5, help="uploads accepted per client address per hour")

    # issue 20: the Play tab (leaderboard/tabs/play.py)
    p.add_argument("--no-play", action="store_true", help="hide the Play tab (people playing the agent or the household)")
    p.add_argument("--plays-per-hour", type=int, default=20, help="Play tab: dialogs started per client address per hour")
