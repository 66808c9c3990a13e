"""Study mode: the NASA-TLX questionnaire after each dialog (the paper's user study used its items),
stored per dialog in the results store (table `play_tlx`, beside the run's dialogs) and exported
as CSV. Each item is rated 0-100 in steps of 5 (raw TLX, no pairwise weighting).
"""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Mapping

from eligibench.results.store import ResultStore

TLX_ITEMS = (
    ("mental", "Mental demand: how mentally demanding was the task?"),
    ("physical", "Physical demand: how physically demanding was the task?"),
    ("temporal", "Temporal demand: how hurried or rushed was the pace of the task?"),
    ("performance", "Performance: how successful were you in accomplishing what you were asked to do? (0 = perfect)"),
    ("effort", "Effort: how hard did you have to work to accomplish your level of performance?"),
    ("frustration", "Frustration: how insecure, discouraged, irritated, stressed and annoyed were you?"),
)
_DDL = """CREATE TABLE IF NOT EXISTS play_tlx (
    run_id VARCHAR NOT NULL, dataset VARCHAR NOT NULL, row_id VARCHAR NOT NULL,
    answers JSON NOT NULL, PRIMARY KEY (run_id, dataset, row_id))"""


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
    ratings = tlx_answers(answers)

    def fn(con):
        con.execute(_DDL)
        con.execute("INSERT OR REPLACE INTO play_tlx VALUES (?, ?, ?, ?)", [run_id, dataset, row_id, json.dumps(ratings)])

    store._write(fn)


def export_tlx_csv(store: ResultStore, path: Path) -> int:
    """Every stored questionnaire as CSV (run, participant, role, dialog, one column per item);
    the number of rows written."""

    def fn(con):
        tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        if "play_tlx" not in tables:
            return []
        return con.execute("SELECT t.run_id, json_extract_string(r.extra, '$.participant'),"
                           " json_extract_string(r.extra, '$.play_role'), t.dataset, t.row_id, t.answers"
                           " FROM play_tlx t JOIN runs r USING (run_id) ORDER BY 1, 4, 5").fetchall()

    rows = store._read(fn, [])
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["run_id", "participant", "role", "dataset", "row_id", *[k for k, _ in TLX_ITEMS]])
        for run_id, participant, role, dataset, row_id, answers in rows:
            a = json.loads(answers)
            w.writerow([run_id, participant, role, dataset, row_id, *[a[k] for k, _ in TLX_ITEMS]])
    return len(rows)
