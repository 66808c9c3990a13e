"""Leaderboard speed with many runs in the store (not a timed test; target: page data < 1 s).

    python -m benchmarks.leaderboard_speed [--runs 200] [--store PATH] [--repeat 5]

Writes RUNS synthetic runs (44 Diverse + 25 Representative households each, v1-sized, with
turns, predictions and bootstrap metrics) through ResultStore into a DuckDB file (reused when
--store points at one that already has them), then times what the app does server-side:

- page load: everything the app computes on load (main table with reported rows, run list,
  per-opportunity heatmap (HTML) of the 12 best runs, simulator card, queue) plus
  serialising the table as the gr.Dataframe payload;
- sort: re-sorting the main table by each numeric column, and filtering it;
- dialogs: one run's dialog list and one transcript with its ground-truth trace (when a dataset
  folder is available).

Sorting by clicking a header happens in the browser and is not measured here.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from eligibench.results.store import ResultStore
from leaderboard import queries as Q
from leaderboard.app import AppConfig, Board
from tests.leaderboard.synthetic import fake_households, write_runs

ROOT = Path(__file__).resolve().parents[1]



def timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--store", default=None, help="DuckDB file to (re)use (default: a temporary one)")
    p.add_argument("--repeat", type=int, default=5)
    a = p.parse_args(argv)

    tmp = None
    if a.store is None:
        tmp = tempfile.TemporaryDirectory(prefix="lb-speed-")
        a.store = str(Path(tmp.name) / "results.duckdb")
    store = ResultStore(a.store)
    have = len(store.runs())
    if have < a.runs:
        households = fake_households(44, 25, seed=0)
        t0 = time.perf_counter()
        write_runs(store, households, a.runs, seed=0, n_boot=200)
        print(f"wrote {a.runs} synthetic runs ({a.runs * len(households)} dialogs) to {store.path} "
              f"in {time.perf_counter() - t0:.1f} s")
    runs = store.runs()
    n_dialogs = sum(r["n_dialogs"] for r in runs)
    size = store.path.stat().st_size / 2**20
    print(f"store: {len(runs)} runs, {n_dialogs} dialogs, {size:.1f} MB")

    import gradio as gr

    board = Board(AppConfig(store=store.path, dataset_dir=ROOT / "benyfits", audit_file=None))

    def page_load():
        page = board.page()  # what the app's load handler reads
        shown = Q.select_columns(Q.filter_table(page.table, "", [Q.EVALUATED, Q.REPORTED]), Q.DEFAULT_COLUMNS)
        gr.Dataframe(value=shown).postprocess(shown)
        return page.table

    board.table()  # warm imports and caches once
    t_load, table = timed(page_load, a.repeat)
    t_table, _ = timed(board.table, a.repeat)
    print(f"page load (all tabs' data + table payload): {t_load * 1000:.0f} ms median of {a.repeat}; "
          f"main table alone {t_table * 1000:.0f} ms ({len(table)} rows)")

    numeric = sorted(Q.NUMBER_COLUMNS)

    def sort_all():
        for col in numeric:
            Q.sort_table(table, col, descending=True)
            Q.sort_table(table, col, descending=False)

    t_sort, _ = timed(sort_all, a.repeat)
    t_filter, _ = timed(lambda: Q.filter_table(table, "proada", [Q.EVALUATED, Q.REPORTED]), a.repeat)
    print(f"sort: {t_sort / (2 * len(numeric)) * 1000:.2f} ms per sort ({2 * len(numeric)} sorts); "
          f"text filter {t_filter * 1000:.2f} ms")

    run_id = runs[-1]["run_id"]
    t_dialogs, dl = timed(lambda: board.dialogs(run_id), a.repeat)
    key = Q.dialog_key(dl["Dataset"].iloc[0], dl["Household"].iloc[0], int(dl["Trial"].iloc[0]))
    t_transcript, _ = timed(lambda: board.transcript(run_id, key), a.repeat)
    print(f"dialogs tab: dialog list {t_dialogs * 1000:.0f} ms, transcript + ground truth {t_transcript * 1000:.0f} ms "
          "(synthetic household ids: ground truth shows 'not in the dataset')")
    verdict = "OK" if t_load < 1.0 and t_sort / (2 * len(numeric)) < 1.0 else "SLOWER THAN TARGET"
    print(f"target < 1 s: {verdict}")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
