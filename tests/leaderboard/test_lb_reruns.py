"""Issue 31: the simulator re-runs of a run's fault dialogs (`evaluate --rerun-simulator-faults`,
table `simulator_reruns`) on the board: under the ranking, where the Simulator faults % column is,
and in the Ground truth tab, in plain words, marked when a later regrade could not recompute them."""
from __future__ import annotations

import time

import pytest

from eligibench.results import ResultStore, RunSpec
from leaderboard import queries as Q
from tests.leaderboard.test_lb_e2e import browser, make_project, start_app, stop

# dialog -> faults left per attempt: r1 cleared at attempt 2, r2 still faulted after 2, r3 cleared at once
ATTEMPTS = {("diverse", "r1", 0): (1, 0), ("diverse", "r2", 0): (2, 1), ("representative", "r3", 1): (0,)}
WORDS = "3 fault dialogs re-run with new simulator seeds (up to 2 attempts each): 2 cleared, 1 still faulted"


def _plant(store: ResultStore, run_id: str) -> None:
    for key, faults in ATTEMPTS.items():
        for attempt, left in enumerate(faults, start=1):
            store.record_simulator_rerun(run_id, key, attempt, 1000 + attempt, "ready", left, 1, 2)


def _words(path) -> dict[str, str]:
    with Q.open_source(path, None, 5.0).reader() as r:
        return Q.reruns_by_run(r)


def test_reruns_counted_per_dialog_and_marked_after_a_regrade(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    run_id = store.ensure_run(RunSpec("agent", {}, "sim", {}, "v", ("diverse",)))
    quiet = store.ensure_run(RunSpec("quiet", {}, "sim", {}, "v", ("diverse",)))
    assert _words(store.path) == {}
    _plant(store, run_id)
    assert _words(store.path) == {run_id: WORDS}  # a run without re-runs says nothing
    assert quiet not in _words(store.path)
    time.sleep(0.01)
    store.record_regrade(run_id, "gt-later0000001", "2024", 20, [], [], [])  # grading 1 (unknown) and 2
    assert _words(store.path)[run_id] == (WORDS + "; counted before regrade 2 (a re-run's dialog is not stored, "
                                          "so it cannot be regraded)")
    with Q.open_source(store.path, None, 5.0).reader() as r:
        table = Q.grading_table(r)
    # the Ground truth tab lists runs with dialogs; this one has none, so the board row is the check below
    assert Q.RERUNS in table.columns


@pytest.mark.needs_chromium
def test_board_shows_the_reruns_of_a_ranked_run(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    proj, store, _households, ids = make_project(tmp_path, lb_dataset)
    _plant(store, ids["known"])
    proc, url, _log = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            note = page.locator("#bf-reruns")
            expect(note).to_contain_text(f"known-agent-full: {WORDS}")
            expect(note).not_to_contain_text("other-agent")  # no re-runs: not listed
            expect(note).not_to_contain_text("counted before regrade")
            page.goto(url + f"?tab=gradings&run={ids['known']}")
            expect(page.locator("#bf-gradings")).to_contain_text(WORDS)
    finally:
        stop(proc)
