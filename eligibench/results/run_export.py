"""One stored run as a document: `find_run` (a run id or unique prefix, across stores) and
`run_document` (the run's record, metrics and every dialog with its turns, predictions and
labels: the results contract's fields), what `benyfits export-run` writes and `benyfits view`
shows. Headless users could not fetch dialogs at all before (issue 26)."""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any, Iterable

from eligibench.errors import BenyfitsError
from eligibench.results.store import ResultStore

LIST_HINT = "`benyfits runs` lists the runs of both stores"  # named by every run-lookup error


def find_run(stores: Iterable[Path], run_id: str) -> tuple[ResultStore, dict[str, Any]]:
    """The store holding the run (id or unique prefix) and its record; errors say what exists and
    what to run to list the runs."""
    stores, looked, matches = list(stores), [], []
    for path in stores:
        if not Path(path).exists():
            continue
        store = ResultStore(path)
        looked.append(str(path))
        matches += [(store, r) for r in store.runs() if str(r["run_id"]).startswith(run_id)]
    if not looked:
        raise BenyfitsError(f"no results store found: looked for {' and '.join(str(p) for p in stores)} "
                            "(run from the project root, or pass --project / --store)")
    if not matches:
        raise BenyfitsError(f"no run {run_id!r} in {' or '.join(looked)} ({LIST_HINT})")
    if len({r["run_id"] for _, r in matches}) == 1 and len(matches) > 1:
        # the same run id in two stores: a development run of exactly the submitted code and
        # configuration (issue 36); both are that run, but which store's dialogs is the caller's choice
        where = " and ".join(str(s.path) for s, _ in matches)
        raise BenyfitsError(f"run {matches[0][1]['run_id']} is in {where}: pass --store to pick one")
    if len(matches) > 1:
        ids = ", ".join(sorted(r["run_id"] for _, r in matches))
        raise BenyfitsError(f"run id prefix {run_id!r} is ambiguous: {ids} (give more of the id; {LIST_HINT})")
    return matches[0]


def run_document(store: ResultStore, run: dict[str, Any]) -> dict[str, Any]:
    """The run, its metrics and its dialogs as JSON-able data."""
    run_id = run["run_id"]
    metrics = [{k: m[k] for k in ("dataset", "name", "value", "ci_low", "ci_high")} for m in store.metrics(run_id)]
    dialogs = []
    for d in store.dialog_results(run_id):
        doc = asdict(d)
        doc["predictions"] = dict(d.predictions) if d.predictions is not None else None
        doc["labels"] = dict(d.labels)
        dialogs.append(doc)
    return {"store": str(store.path), "run": {k: (str(v) if k == "created_at" else v) for k, v in run.items()},
            "metrics": metrics, "dialogs": dialogs}
