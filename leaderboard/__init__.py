"""The BeNYfits leaderboard service (Gradio 6): `benyfits leaderboard` or `python -m leaderboard`.

Modules: `queries` (what is shown, from the DuckDB store or Parquet snapshots), `truth` (the
ground truth and checker trace behind a dialog), `upload` (zipped submissions: checks and
queueing), `app` (the Gradio app). See docs/leaderboard.md.
"""
