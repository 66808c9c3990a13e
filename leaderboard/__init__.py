"""The BeNYfits leaderboard service (Gradio 6): `benyfits leaderboard` or `python -m leaderboard`.

Modules:
- `queries`: what is shown, from the DuckDB store or Parquet snapshots (protocols, tables, dialogs, exports);
  every SQL statement of the board is there, and the metric labels (`queries.labels`, from the catalogue)
- `verdict_reasons`: the ground truth and checker trace behind a dialog, rendered with its explanation
- `render`: the ranking table (sorting script), the F1-vs-turns SVG, the heatmap
- `ratelimit`: the per-client upload limit
- `upload`: zipped submissions: checks and queueing
- `paired`: the Compare view's paired verdict (bootstrap interval, McNemar) through the board's source
- `cost`: dollars per run and dialog from the price table, the cost-vs-TW-F1 frontier plot
- `results_source`: `--results PATH_OR_REPO`: a published results folder (or Hub repo) as the source
- `app`: the Gradio app (the page's events as module-level callbacks)
- `tabs`: one module per tab, callbacks as module-level functions bound in `build`
See docs/leaderboard.md.
"""
from __future__ import annotations

import argparse

from leaderboard.args import add_arguments


def main_from_args(args: argparse.Namespace) -> int:
    """Serve the app for parsed `benyfits leaderboard` options. The app is imported here, not at the
    top: `benyfits` builds its parser with `add_arguments` on every command, and the app pulls in
    gradio (measured: `import leaderboard.app` 5.8-6.1 s, `leaderboard.args` 2.5 ms)."""
    from leaderboard.app import main_from_args as serve

    return serve(args)


__all__ = ["add_arguments", "main_from_args"]
