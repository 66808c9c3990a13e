"""Study mode: the NASA-TLX questionnaire after each dialog (the paper's user study used its items),
stored per dialog in the results store (schema table `play_tlx`, beside the run's dialogs) and exported
as CSV. Each item is rated 0-100 in steps of 5 (raw TLX, no pairwise weighting).
"""
from __future__ import annotations

import csv
from pathlib import Path
from typing import Mapping

from eligibench.results import ResultStore

TLX_ITEMS = (
    ("mental", "Mental demand: how mentally demanding was the task?"),
    ("physical", "Physical demand: how physically demanding was the task?"),
    ("temporal", "Temporal demand: how hurried or rushed was the pace of the task?"),
    ("performance", "Performance: how successful were you in accomplishing what you were asked to do? (0 = perfect)"),
    ("effort", "Effort: how hard did you have to work to accomplish your level of performance?"),
    ("frustration", "Frustration: how insecure, discouraged, irritated, stressed and annoyed were you?"),
)


def tlx_answers(raw: Mapping[str, object]) -> dict[str, int]:
    """Validated ratings: every item, an integer 0-100 in steps of 5; a clear error otherwise."""
    out = {}
    for key, _text in TLX_ITEMS:
        if key not in raw:
            raise ValueError(f"NASA-TLX: item {key!r} is missing")
        try:
            v = int(str(raw[key]).strip())
        except ValueError:
            raise ValueError(f"NASA-TLX: item {key!r} is {raw[key]!r}, expected a number 0-100") from None
        if not 0 <= v <= 100 or v % 5:
            raise ValueError(f"NASA-TLX: item {key!r} is {v}, expected 0-100 in steps of 5")
        out[key] = v
    return out


def record_tlx(store: ResultStore, run_id: str, dataset: str, row_id: str, answers: Mapping[str, object]) -> None:
    store.record_tlx(run_id, dataset, row_id, tlx_answers(answers))


def export_tlx_csv(store: ResultStore, path: Path) -> int:
    """Every stored questionnaire as CSV (run, participant, role, dialog, one column per item);
    the number of rows written."""
    rows = store.tlx_rows()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["run_id", "participant", "role", "dataset", "row_id", *[k for k, _ in TLX_ITEMS]])
        for r in rows:
            w.writerow([r["run_id"], r["participant"], r["role"], r["dataset"], r["row_id"],
                        *[r["answers"][k] for k, _ in TLX_ITEMS]])
    return len(rows)
