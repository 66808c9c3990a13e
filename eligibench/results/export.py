"""Results as data: the store exported as a Hugging Face dataset folder (card + Parquet), and its
upload. The leaderboard reads such a folder (`--results PATH_OR_REPO`) as it reads the store.

Layout: ``README.md`` (configs, schema, what a protocol means) and ``data/<table>.parquet``, one
config per table. The five configs users want (`runs`, `metrics`, `dialogs`, `turns`,
`predictions`) come first; the process tables (`turn_facts`, `dialog_process`, `pair_failures`,
`simulator_checks`, `turn_notes`) and `audit` follow so every read-only view of the board works.
The submission queue (server paths, people's pending uploads) and `meta` are never exported.
Rows are ordered by primary key and JSON columns written as strings (`datasets` has no JSON
type), so the same store gives the same bytes.

Every configuration the card declares loads with `datasets.load_dataset(folder, config,
split="results")`. The split is named `results`, not `train`: these rows are measurements of
agents, not training data, and `test` would read as the benchmark's held-out households (the
sealed split), which they are not. A table with no rows (a development store has no `audit` or
`turn_notes`) is not declared as a configuration: `datasets` refuses a split with no data
("Instruction 'results' corresponds to no data"), so declaring it would promise a configuration
that cannot load. Its `data/<table>.parquet` (0 rows, the schema) is still written, because the
board reads the folder's tables as a snapshot and needs every one; the card's table lists it with
0 rows and says so.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

import duckdb

from eligibench.files import check_output_folder, write_output_folder
from eligibench.results.store import ResultStore

CONFIGS = ("runs", "metrics", "dialogs", "turns", "predictions")
PROCESS = ("turn_facts", "dialog_process", "pair_failures", "simulator_checks", "turn_notes", "audit")
EXPORTED = CONFIGS + PROCESS
SPLIT = "results"  # not train (not training data), not test (not the held-out households)

WHAT = {
    "runs": "one row per evaluation run: submission, models, simulator, data version, protocol (`protocol_id`, `protocol` JSON), status",
    "metrics": "one row per (run, dataset, metric): value and 95% household-bootstrap interval (`dataset = 'average'` for run-level figures such as `turn_weighted_f1`)",
    "dialogs": "one row per dialog (run, dataset, household row, trial): termination, turns, tokens, wall time",
    "turns": "one row per question/answer turn of a dialog, with latencies and the simulated user's tokens",
    "predictions": "one row per (dialog, opportunity): the agent's prediction and the true label",
    "turn_facts": "facts each answer disclosed", "dialog_process": "process metrics per dialog",
    "pair_failures": "cause of each wrong pair", "simulator_checks": "each simulated answer checked against the household",
    "turn_notes": "the agent's notes per turn", "audit": "simulator audits (faithfulness probes)",
}


@dataclass(frozen=True)
class ResultsExport:
    folder: Path
    rows: dict[str, int]  # config -> rows written
    runs: int
    files: tuple[str, ...] = ()  # the folder's files this export wrote (relative paths)


def _order(con: duckdb.DuckDBPyConnection, table: str) -> str:
    cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall()]
    key = [c for c in ("run_id", "simulator", "data_version", "dataset", "row_id", "trial", "idx", "opportunity",
                       "fact_key", "name") if c in cols]
    return ", ".join(key) or "ALL"


def _select(con: duckdb.DuckDBPyConnection, table: str) -> str:
    cols = con.execute(f"DESCRIBE {table}").fetchall()
    parts = [f'CAST("{name}" AS VARCHAR) AS "{name}"' if typ == "JSON" else f'"{name}"' for name, typ, *_ in cols]
    return f"SELECT {', '.join(parts)} FROM {table} ORDER BY {_order(con, table)}"


def declared(rows: dict[str, int]) -> list[str]:
    """The configurations the card declares: the exported tables with rows (an empty one cannot load)."""
    return [c for c in EXPORTED if rows.get(c)]


def card(rows: dict[str, int], schemas: dict[str, list[tuple[str, str]]], runs: int, repo_id: str | None) -> str:
    from huggingface_hub import DatasetCardData

    data = DatasetCardData(language="en", license="cc-by-4.0", pretty_name="BeNYfits results",
                           configs=[{"config_name": c, "data_files": [{"split": SPLIT, "path": f"data/{c}.parquet"}]}
                                    for c in declared(rows)])
    where = f'"{repo_id}"' if repo_id else '"/path/to/results-folder"'
    table_lines = "\n".join(f"| `{c}` | {rows[c]} | {WHAT[c]}"
                            f"{'' if c in declared(rows) else ' (no rows: not a configuration; the board reads its empty file)'} |"
                            for c in EXPORTED if c in rows)
    schema = "\n\n".join(f"### `{c}`\n\n" + "\n".join(f"- `{n}`: {t}" for n, t in schemas[c]) for c in CONFIGS if c in schemas)
    body = f"""# BeNYfits results

Every evaluation run of the BeNYfits benchmark ({runs} runs): the runs, their metrics, every dialog,
turn and prediction. Exported from the project's results store with `benyfits export-results`.

```python
from datasets import load_dataset
dialogs = load_dataset({where}, "dialogs", split="{SPLIT}")
```

The leaderboard runs from this data: `benyfits leaderboard --results {where.strip('"')}` (read-only:
no Submit tab).

## Configs

| config | rows | what |
|---|---|---|
{table_lines}

Keys: a dialog is `(run_id, dataset, row_id, trial)`; `row_id` is the household's id in the
BeNYfits dataset (`data_version` in `runs` says which build). JSON columns are strings.

## Protocols

Runs are comparable only within one **protocol** (`runs.protocol_id`, with the full record in
`runs.protocol`): the datasets and their data versions, how many households of each were used
(`kind`: `full`, `smoke` or `custom`), the question cap, the number of trials, the simulated user
and the split. Two runs with the same protocol answered the same households under the same rules,
so their figures (and a paired comparison, `benyfits compare`) mean something; across protocols
they do not. Metrics: micro accuracy/precision/recall/F1 over (household, opportunity) pairs,
`turns` = mean questions per dialog, `turn_weighted_f1` = F1 / (turns/100 + 1); intervals are
percentile intervals over resampled households.

## Schema

{schema}
"""
    return "---\n" + data.to_yaml() + "\n---\n" + body


COMMAND = "export-results"


def export_results(store: ResultStore, out: Path | str, repo_id: str | None = None, force: bool = False) -> ResultsExport:
    """Write the folder `out`; `repo_id` only changes the card's loading snippet. Nothing already
    in `out` is deleted or overwritten unless this command wrote it (eligibench.files: a non-empty
    folder it did not write, or one holding the store, is refused unless `force`, and even then
    only written beside)."""
    out = Path(out)
    guard = (store.path,)
    check_output_folder(out, COMMAND, force, protect=guard)  # before the slow part: refused at once
    with tempfile.TemporaryDirectory(prefix="benyfits-export-") as tmp:
        snap = store.export_parquet(tmp)  # one consistent snapshot of the store
        staging = Path(tmp) / "folder"
        (staging / "data").mkdir(parents=True)
        con = duckdb.connect()
        rows: dict[str, int] = {}
        schemas: dict[str, list[tuple[str, str]]] = {}
        try:
            for t in EXPORTED:
                path = str(snap[t]).replace("'", "''")
                con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet('{path}')")
                target = str(staging / "data" / f"{t}.parquet").replace("'", "''")
                con.execute(f"COPY ({_select(con, t)}) TO '{target}' (FORMAT parquet)")
                rows[t] = con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                schemas[t] = [(n, "VARCHAR (JSON)" if typ == "JSON" else typ) for n, typ, *_ in con.execute(f"DESCRIBE {t}").fetchall()]
        finally:
            con.close()
        (staging / "README.md").write_text(card(rows, schemas, rows["runs"], repo_id), encoding="utf-8")
        files = write_output_folder(out, staging, COMMAND, force, protect=guard)
    return ResultsExport(out, rows, rows["runs"], tuple(files))


def exported_files(folder: Path) -> list[str]:
    """The files `export-results` wrote in `folder` (its marker's list; a folder without a marker,
    written before the marker existed: every file but hidden ones)."""
    from eligibench.files import OUTPUT_MARKER, read_json

    marker = folder / OUTPUT_MARKER
    if marker.is_file():
        data = read_json(marker)
        if isinstance(data, dict) and data.get("command") == COMMAND:
            return [f for f in data.get("files", []) if (folder / f).is_file()]
    return [p.relative_to(folder).as_posix() for p in sorted(folder.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)]


def upload_results(folder: Path, repo_id: str, token: str, private: bool = False) -> str:
    """One commit with every file of the folder; the card's snippet names `repo_id`."""
    from huggingface_hub import CommitOperationAdd, HfApi

    folder = Path(folder)
    text = (folder / "README.md").read_text(encoding="utf-8").replace('"/path/to/results-folder"', f'"{repo_id}"')
    # only the files the export wrote (its marker lists them): a user's files beside them stay local
    ops = [CommitOperationAdd(path_in_repo=rel, path_or_fileobj=text.encode("utf-8") if rel == "README.md" else str(folder / rel))
           for rel in exported_files(folder)]
    api = HfApi(token=token)
    api.create_repo(repo_id, repo_type="dataset", exist_ok=True, private=private)
    info = api.create_commit(repo_id, ops, commit_message="BeNYfits results", repo_type="dataset")
    return getattr(info, "commit_url", str(info))
