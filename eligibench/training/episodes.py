"""Where the Gymnasium environment's households come from: a split and edition of the dataset.

`train` reads the published `train` configuration (`train-<edition>` for a later edition), or,
before publish ran, the train stage's own file `data/train/`; `public` reads the published
`diverse` and `representative` rows (the test split); `sealed` the sealed rows of a round
(the evaluator's machine only). Briefs (what the agent is shown) are the published requirement
texts of the edition, as in a harness run.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

from eligibench import paths
from eligibench.datasets import DatasetMissing, Row, config_name, dataset_path, read_parquet, sealed
from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.run import load_briefs

SPLITS = ("train", "public", "sealed")
TEST_SPLITS = ("public", "sealed")  # evaluation data: exporting it for training needs an explicit flag
TRAIN_DIR = Path("data/train")  # the train stage's output (before publish)


@dataclass(frozen=True)
class Episodes:
    rows: tuple[Row, ...]
    briefs: Mapping[str, OpportunityBrief]
    split: str
    edition: str


def train_config(edition: str) -> str:
    return "train" if edition == "2024" else f"train-{edition}"


def _train_rows(project: Path, edition: str) -> list[Row]:
    name = train_config(edition)
    try:
        return read_parquet(dataset_path(project / paths.DATASET_DIR, name))
    except DatasetMissing:
        local = project / TRAIN_DIR / f"{name}.parquet"
        if not local.is_file():
            raise BenyfitsError(f"{project / paths.DATASET_DIR}/data/<version>/{name}.parquet and {local}: no train split "
                                "for this edition: build it with `dvc repro train` (or `python -m stages.train`)") from None
        return read_parquet(local)


def load_episodes(split: str = "train", edition: str = "2024", project: Path | str = Path("."),
                  datasets: Sequence[str] = ("diverse", "representative"), sealed_round: str = "1") -> Episodes:
    """The rows and briefs of a split; a clear error naming the split and what is missing."""
    project = Path(project)
    if split not in SPLITS:
        raise BenyfitsError(f"split {split!r}: expected one of {', '.join(SPLITS)}")
    from eligibench.catalog import available  # the editions' names, as the registry lists them (no cycle through it)

    # the checkout's editions, as `benyfits list editions` shows them; before any file: not a missing build
    if edition not in (known := available(Path(__file__).resolve().parents[2] / paths.OPPORTUNITIES)):
        raise BenyfitsError(f"edition {edition!r}: no such edition (known: {', '.join(known)})")
    if split == "train":
        rows = _train_rows(project, edition)
    elif split == "public":
        rows = [r for d in datasets for r in read_parquet(dataset_path(project / paths.DATASET_DIR, config_name(d, edition)))]
    else:
        rows = [r for rs in sealed.load_rows(project, sealed_round, tuple(datasets)).values() for r in rs]
    if not rows:
        raise BenyfitsError(f"split {split!r}, edition {edition}: no rows")
    return Episodes(tuple(rows), load_briefs(project / paths.DATASET_DIR, None, edition), split, edition)
