"""Project paths that more than one stage, command or the leaderboard use, defined once.
Relative to the project root (the folder holding params.yaml); stages run from there."""
from __future__ import annotations

from pathlib import Path

from eligibench.errors import BenyfitsError

PARAMS = Path("params.yaml")
OPPORTUNITIES = Path("opportunities")       # curated catalog (YAML)
CHECKERS = Path("checkers")
SUBMISSIONS = Path("submissions")
DATASET_DIR = Path("benyfits")             # the published Hugging Face folder
SOURCE = Path("data/source/kvhd-5fmu.json")
CATALOG_JSON = Path("data/catalog/opportunities.json")
FUZZED = Path("data/households/fuzzed.jsonl.gz")
DIVERSE = Path("data/datasets/diverse.parquet")
REPRESENTATIVE = Path("data/datasets/representative.parquet")
REPORTS = Path("reports")
AUDIT_JSON = REPORTS / "audit.json"        # the simulator audit's summary (stage audit; the leaderboard shows it)
GENERATED = Path("generated")              # pre-generated agent artifacts (a DVC output)
RUN_SUMMARIES = Path("results/runs")
DEFAULT_STORE = Path("results/benyfits.duckdb")
LOCAL_STORE = Path("results/local.duckdb")  # `benyfits evaluate` development runs: never on the board
# What a submitted agent may never read: the published labels, intermediate data, results, reports.
HIDDEN = (DATASET_DIR, Path("data"), Path("results"), REPORTS)


def default_store(project: Path = Path(".")) -> Path:
    """params.yaml `evaluate.store` when readable, else results/benyfits.duckdb (under the project)."""
    from eligibench import params

    try:
        value = params.optional_section(params.load(project / PARAMS), "evaluate").get("store")
    except BenyfitsError:
        value = None
    return project / (value if isinstance(value, str) and value else DEFAULT_STORE)
