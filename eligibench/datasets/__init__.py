"""The datasets: fuzzed households, the Diverse and Representative selections, dataset rows,
their content-addressed data version, and the published Hugging Face folder.

Modules:
- `params`: the dataset stages' params, validated (`households`, `diverse`, `representative`, `publish`).
- `fuzz`: households sampled to spread checker traces, dense around the checkers' thresholds.
- `diverse`: greedy coverage selection of households and (household, opportunity) pairs.
- `coverage`: the coverage report of a selection.
- `interests`: the balanced assignment of opportunities to Representative households.
- `population`: Representative households from population marginals (model / rules / load / sampler / docs).
- `rows`: a dataset row (household, opportunities, labels, traces, profile) and its Parquet file.
- `version`: the data version: a digest of a dataset's content.
- `publish`: the `benyfits/` folder (card + Parquet), finding published files, and the Hub upload.
- `v1import`: BeNYfits v1 data as rows (v1's dependent=false artifact re-decided), with checker disagreements listed.
- `ground_truth_report`: the one-page review sheet (implied conditions, pairs per trace, verdict counts).
- `verdict_changes_cli`: the 2024 verdict changes for a build's dataset files (`truth.verdict_changes`).
- `editions`: a later edition's Diverse and Representative datasets, built like 2024's with its own checkers.
- `sealed`: the sealed evaluation split, built like the public one from a secret seed; its public manifest.
"""
from eligibench.datasets.publish import dataset_path
from eligibench.datasets.rows import Row, build_row, read_parquet, write_parquet
from eligibench.datasets.version import content_version, with_content_version

__all__ = ["Row", "build_row", "content_version", "dataset_path", "read_parquet", "with_content_version", "write_parquet"]
