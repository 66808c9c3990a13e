"""The board's Compare verdict, read through the board's own source from a real DuckDB store."""
from __future__ import annotations

import re

from eligibench.evaluation.scoring import compare_runs
from eligibench.results import ResultStore
from leaderboard import queries as Q
from leaderboard.paired import run_results, verdict
from tests.leaderboard.synthetic import fake_households, write_run


def test_verdict_matches_the_library_on_the_store(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    hh = fake_households(12, 8)
    good = write_run(store, hh, "good", skill=0.95, questions=5, n_boot=20)
    bad = write_run(store, hh, "bad", skill=0.5, questions=9, n_boot=20)
    smoke = write_run(store, hh, "smoky", kind="smoke", n_boot=20)
    with Q.open_source(store.path).reader() as r:
        # the reader rebuilds the same dialogs the store does (as far as scoring goes)
        mine = compare_runs(run_results(r, good), run_results(r, bad), n_boot=100)
        text = verdict(r, good, bad)
        assert verdict(r, good, good) == ""
        assert "different protocols" in verdict(r, good, smoke)
    ref = compare_runs(store.dialog_results(good), store.dialog_results(bad), n_boot=100)
    assert mine == ref
    m = re.search(r"- A - B = \+(\d+\.\d) TW-F1 \[(\d+\.\d), (\d+\.\d)\], p (<|=) [\d.]+, n = (\d+) households", text)
    assert m, text
    assert int(m.group(5)) == ref.households and float(m.group(2)) > 0
    assert re.search(r"- A - B = -\d+\.\d turns \[", text), text  # B asked more questions
