"""Leaderboard speed with many runs in the store (not a timed test; figures are printed).

    python -m benchmarks.leaderboard_speed [--runs 200] [--store PATH] [--repeat 5] [--no-browser]

Writes RUNS synthetic runs (44 Diverse + 25 Representative households each, v1-sized, with
turns, predictions, bootstrap metrics, and the issue-12/14 protocol and process tables; mostly
full-protocol runs, some smoke and custom ones) into a DuckDB file (reused when --store points
at one that already has them), then measures

- server side: everything the page computes on load (all runs, protocols, run list, simulator
  card, queue; the heatmap of the 12 best runs) and the ranking table's HTML; one run's dialog
  list; one transcript with its ground truth;
- in the browser (the real app in headless Debian Chromium, 1440x900): navigation to a visible
  ranking table with a cold browser profile and warm (reload), a header-click sort (click to the
  re-ordered table, and the sort script's own time), and a row click to the run's transcript.
"""
from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from eligibench import system
from eligibench.results.store import ResultStore
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.app import AppConfig, Board
from tests.leaderboard.synthetic import fake_households, write_runs

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path(system.chromium_path() or "/nonexistent/chromium")  # BENYFITS_CHROMIUM, else PATH
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def server_side(store: ResultStore, repeat: int) -> None:
    board = Board(AppConfig(store=store.path, dataset_dir=ROOT / "benyfits", audit_file=None))

    def page_load():
        page = board.page()
        protos = page.protocols
        chosen = Q.default_protocol(protos)
        ranked = Q.ranking(page.table, chosen)
        R.table_html(Q.select_columns(ranked, Q.DEFAULT_COLUMNS), "bf-ranking")
        best = [x for x in ranked.dropna(subset=["TW-F1"])["Run"].tolist() if x][:12]
        board.heatmap(best, page.labels)
        return page

    board.page()  # warm imports and caches once
    t_load, page = timed(page_load, repeat)
    print(f"server: page data + ranking HTML + heatmap {t_load * 1000:.0f} ms median of {repeat} "
          f"({len(page.table)} rows, {len(page.protocols)} protocols)")
    run_id = page.runs[-1][1]
    t_dialogs, (dl, _) = timed(lambda: board.dialog_list(run_id, Q.DialogFilter()), repeat)
    key = Q.dialog_key(dl["Dataset"].iloc[0], dl["Household"].iloc[0], int(dl["Trial"].iloc[0]))
    t_transcript, _ = timed(lambda: board.transcript(run_id, key), repeat)
    print(f"server: dialog list {t_dialogs * 1000:.0f} ms, transcript + ground truth {t_transcript * 1000:.0f} ms")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def browser_side(store: ResultStore, repeat: int) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="lb-speed-browser-"))
    log = open(tmp / "app.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "leaderboard", "--store", str(store.path), "--project", str(ROOT),
                             "--port", str(port), "--no-upload"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit(f"the app did not start; see {tmp / 'app.log'}") from None
                time.sleep(0.3)
        colds, warms, sorts, sort_js, opens = [], [], [], [], []
        with sync_playwright() as p:
            for i in range(repeat):
                ctx = p.chromium.launch_persistent_context(
                    tempfile.mkdtemp(prefix="profile-", dir=tmp), executable_path=str(CHROMIUM), headless=True,
                    args=CHROMIUM_ARGS, viewport={"width": 1440, "height": 900})
                page = ctx.new_page()
                page.set_default_timeout(120_000)
                first_row = page.locator("#bf-ranking tbody tr").first
                t0 = time.perf_counter()
                page.goto(url)
                first_row.wait_for(state="visible")
                colds.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                page.reload()
                first_row.wait_for(state="visible")
                warms.append(time.perf_counter() - t0)
                col = ("Avg turns", "Repr. F1", "Diverse F1")[i % 3]
                t0 = time.perf_counter()
                page.locator(f"#bf-ranking th[data-col='{col}']").click()
                page.locator("#bf-table .bf-sortinfo", has_text=f"sorted by {col}").wait_for()
                sorts.append(time.perf_counter() - t0)
                sort_js.append(page.evaluate(
                    """() => { const th = document.querySelector("#bf-ranking th[data-col='TW-F1']");
                               const t0 = performance.now(); th.click(); return performance.now() - t0; }""") / 1000)
                t0 = time.perf_counter()
                page.locator("#bf-ranking tbody tr").nth(1).click()
                page.locator("#bf-dlg-summary", has_text=" on ").wait_for()
                opens.append(time.perf_counter() - t0)
                ctx.close()
        med = statistics.median
        print(f"browser: navigation to a visible table {med(colds):.2f} s cold, {med(warms):.2f} s warm (reload); "
              f"header-click sort {med(sorts):.3f} s click-to-sorted ({med(sort_js) * 1000:.0f} ms in the page's "
              f"sort script); row click to transcript {med(opens):.2f} s  (medians of {repeat})")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        log.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--store", default=None, help="DuckDB file to (re)use (default: a temporary one)")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--no-browser", action="store_true", help="server-side figures only")
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
        print(f"wrote {a.runs} synthetic runs to {store.path} in {time.perf_counter() - t0:.1f} s")
    runs = store.runs()
    size = store.path.stat().st_size / 2**20
    print(f"store: {len(runs)} runs, {sum(r['n_dialogs'] for r in runs)} dialogs, {size:.1f} MB; "
          f"{os.cpu_count()} CPU(s)")
    server_side(store, a.repeat)
    if not a.no_browser:
        if CHROMIUM.exists():
            browser_side(store, a.repeat)
        else:
            print(f"browser: skipped ({system.missing_message(system.CHROMIUM)})")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
