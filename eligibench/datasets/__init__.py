"""The datasets: fuzzed households, the Diverse and Representative selections, dataset rows,
their content-addressed data version, and the published Hugging Face folder.

Modules:
- `params`: the dataset stages' params, validated (`households`, `diverse`, `representative`, `publish`).
- `fuzz`: households sampled to spread checker traces, dense around the checkers' thresholds.
- `diverse`: greedy coverage selection of households and (household, opportunity) pairs.
- `coverage`: the coverage report of a selection.
- `interests`: the balanced assignment of opportunities to Representative households.
- `population`: Representative households from population marginals (model / rules / load / sampler / docs).
- `rows`: a dataset row (household, opportunities, labels, traces, profile, priorities) and its Parquet
  file; a row's priorities are read with `priorities_of` (from `eligibench.truth.priorities`).
- `version`: the data version: a digest of a dataset's content.
- `publish`: the `benyfits/` folder (card + Parquet), finding published files, and the Hub upload.
- `v1import`: BeNYfits v1 data as rows (v1's dependent=false artifact re-decided), with checker disagreements listed.
- `ground_truth_report`: the one-page review sheet (implied conditions, pairs per trace, verdict counts).
- `verdict_changes_cli`: the 2024 verdict changes for a build's dataset files (`truth.verdict_changes`).
- `editions`: a later edition's Diverse and Representative datasets, built like 2024's with its own checkers.
- `train`: the train split (same generators, own seeds, published households excluded).
- `sealed`: the sealed evaluation split, built like the public one from a secret seed; its public manifest.
- `plausibility`: the audit that every published and sealed household could exist (status rules by age, sex, relation).
- `unread`: the features no checker line reads, redrawn from the population model by the fuzzer.
- `unread_pool`: that pass over worker processes (`eligibench.parallel`), the generators kept in order.
"""
from eligibench.datasets import plausibility, sealed  # namespaces: their names (write, manifest, audit) are generic
from eligibench.datasets.coverage import coverage, coverage_markdown
from eligibench.datasets.diverse import select
from eligibench.datasets.editions import build_edition_datasets, config_name
from eligibench.datasets.fuzz import MONEY_FEATURES, fuzz_household, fuzz_households, thresholds_from_checkers
from eligibench.datasets.ground_truth_report import ground_truth_markdown, ground_truth_summary
from eligibench.datasets.interests import balanced_interests
from eligibench.datasets.params import (
    DiverseParams,
    HouseholdsParams,
    PublishParams,
    RepresentativeParams,
    dataset_params,
)
from eligibench.datasets.publish import (
    OPPORTUNITY_SCHEMA,
    BuildInfo,
    DatasetMissing,
    EditionFiles,
    TrainFiles,
    build_folder,
    commit_message,
    data_dir,
    dataset_counts,
    dataset_path,
    hub_card,
    loading_snippet,
    rows_version,
    upload,
    upload_operations,
    write_opportunities_parquet,
)
from eligibench.datasets.publish import card as dataset_card
from eligibench.datasets.rows import SCHEMA as ROW_SCHEMA
from eligibench.datasets.rows import Row, build_row, read_columns, read_parquet, unverified_flips, write_parquet
from eligibench.datasets.train import TrainParams, build_train, near_key
from eligibench.datasets.unread import every_edition_checker, features_read, redraw_unread, v1_form
from eligibench.datasets.v1import import derive_dependents, import_v1
from eligibench.datasets.version import content_version, folder_version, with_content_version
from eligibench.truth import priorities_of

__all__ = [
    "BuildInfo",
    "DatasetMissing",
    "DiverseParams",
    "EditionFiles",
    "TrainFiles",
    "HouseholdsParams",
    "PublishParams",
    "RepresentativeParams",
    "Row",
    "TrainParams",
    "build_train",
    "near_key",
    "balanced_interests",
    "build_edition_datasets",
    "build_folder",
    "build_row",
    "config_name",
    "content_version",
    "coverage",
    "coverage_markdown",
    "dataset_counts",
    "dataset_params",
    "dataset_path",
    "derive_dependents",
    "folder_version",
    "fuzz_households",
    "ground_truth_markdown",
    "ground_truth_summary",
    "import_v1",
    "read_columns",
    "rows_version",
    "read_parquet",
    "plausibility",
    "sealed",
    "select",
    "thresholds_from_checkers",
    "unverified_flips",
    "upload",
    "with_content_version",
    "write_parquet",
    "OPPORTUNITY_SCHEMA",
    "commit_message",
    "data_dir",
    "hub_card",
    "loading_snippet",
    "upload_operations",
    "write_opportunities_parquet",
    "ROW_SCHEMA",
    "dataset_card",
    "MONEY_FEATURES",
    "fuzz_household",
    "every_edition_checker",
    "features_read",
    "redraw_unread",
    "v1_form",
    "priorities_of",
]
