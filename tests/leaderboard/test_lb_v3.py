"""Leaderboard v3 data: the results read layer and vocabulary, the metric catalogue behind the
columns, ranks with ties, malformed filters, exports as shown, the oracle wording."""
from __future__ import annotations

import io
import subprocess
import sys

import pandas as pd
import pytest

from eligibench.datasets import Row
from eligibench.evaluation.scoring import run_process, summarize  # noqa: F401  (summarize: the scorer the synthetic runs use)
from eligibench.household import household, render_profile
from eligibench.results import (
    CAUSE_WORDS,
    FAILURE_CAUSES,
    METRICS,
    READY,
    DialogResult,
    ResultStore,
    StoreLockedError,
    Turn,
    columns,
    parse_protocol,
)
from leaderboard import queries as Q
from leaderboard.board import oracle_words
from leaderboard.tabs.board import export_stem, shown_table, sort_shown
from tests.leaderboard.synthetic import fake_households, write_run


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    s = ResultStore(tmp_path_factory.mktemp("v3") / "results.duckdb")
    hh = fake_households(6, 4, seed=3, opportunities=["snap", "wic", "heap", "lunch"])
    write_run(s, hh, "a", questions=3, n_boot=30)
    write_run(s, hh, "b", questions=4, skill=0.68, n_boot=30, seed=1)
    write_run(s, hh, "c", questions=20, skill=0.2, n_boot=30, seed=2)
    return s


def _one_scored_dialog_process():
    """The process scorer over one free-form dialog: the metric names it writes for a run."""
    hh = household({"name": "Ana Diaz", "age": 40})
    row = Row("r1", "diverse", hh, ("A",), (True,), ("t1",), render_profile(hh).text, "", "v", (("m0.age",),))
    res = DialogResult("r1", "diverse", 0, (Turn("How old are you?", "40."),), {"A": True}, {"A": True}, READY)
    return run_process({"diverse": [row]}, [res], grounded=False)


def test_every_catalogue_metric_is_written_by_the_scorers_and_every_column_comes_from_it(store):
    with Q.StoreSource(store.path).reader() as r:
        written = set(r.df("SELECT DISTINCT name FROM metrics")["name"])
    process_names = {name for _, name, *_ in _one_scored_dialog_process().metrics}
    # the simulator-fault scorer writes the rate and an agent_ twin of every score (voided pairs left out)
    from eligibench.evaluation.scoring.simulator_faults import AGENT_PREFIX, FAULT_RATE
    fault_names = {FAULT_RATE} | {AGENT_PREFIX + name for name in written}
    # the priorities track's figures are written only under a protocol that names a patience
    from eligibench.evaluation.scoring import PRIORITY_FIGURES
    missing = {m.name for m in METRICS} - written - process_names - fault_names - set(PRIORITY_FIGURES)
    assert not missing, f"catalogue names no scorer writes: {missing}"
    numeric = {c.label for c in columns()}
    assert numeric <= set(Q.TABLE_COLUMNS) and numeric <= Q.NUMBER_COLUMNS
    assert Q.HIGHER_IS_BETTER["Avg turns"] is False and Q.HIGHER_IS_BETTER["TW-F1"] is True


def test_the_vocabulary_is_the_stores():
    assert set(CAUSE_WORDS) == set(FAILURE_CAUSES) and Q.CAUSE_WORDS is CAUSE_WORDS
    p = parse_protocol("abc", '{"kind": "full", "simulator": {"label": "sim-x"}}', 2)
    assert p.kind == "full" and "sim-x" in p.label and "abc" in p.label
    assert parse_protocol(None, None).id == Q.NO_PROTOCOL


def test_the_leaderboard_reads_through_the_stores_lock_policy(store):
    writer = subprocess.Popen([sys.executable, "-c", "import duckdb, sys; c = duckdb.connect(sys.argv[1]);"
                               " print('locked', flush=True); sys.stdin.read()", str(store.path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "locked"
        with pytest.raises(StoreLockedError):
            with Q.StoreSource(store.path, read_timeout=0.3).reader():
                pass
    finally:
        writer.stdin.close()
        writer.wait(timeout=30)
    with Q.StoreSource(store.path, read_timeout=5).reader() as r:
        assert r.has("runs")


def test_ranks_mark_runs_whose_interval_overlaps_the_top_runs(store):
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
        protocol = Q.default_protocol(Q.protocols(r))
    ranked = Q.ranking(table, protocol)
    assert len(ranked) == 3
    assert ranked["Rank"].iloc[0] == "1"
    top = Q.interval_bounds(ranked["TW-F1 95% CI"].iloc[0])
    for rank, ci in zip(ranked["Rank"].iloc[1:], ranked["TW-F1 95% CI"].iloc[1:]):
        b = Q.interval_bounds(ci)
        overlaps = b is not None and top is not None and b[0] <= top[1] and top[0] <= b[1]
        assert (rank == "=1") == overlaps and (overlaps or rank.isdigit())


def test_a_malformed_filter_is_named_not_read_as_words(store):
    with pytest.raises(ValueError, match="'abc' is not a number"):
        Q.parse_filter("TW-F1 > abc")
    with pytest.raises(ValueError, match="number is missing"):
        Q.parse_filter("TW-F1 >=")
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
    shown, msg = shown_table(table, None, None, "TW-F1 > abc", list(Q.TABLE_COLUMNS))
    assert "Filter not applied" in msg and len(shown) == len(Q.ranking(table, None))


def test_export_is_the_table_as_shown_with_numeric_interval_columns(store):
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
    shown, _ = shown_table(table, None, None, "", ["TW-F1", "TW-F1 95% CI", "Avg turns"])
    shown = sort_shown(shown, "Avg turns")  # ascending, as the header click wrote it to the URL
    csv_text, _ = Q.table_export(shown)
    back = pd.read_csv(io.StringIO(csv_text))
    assert back["Submission"].tolist() == shown["Submission"].tolist()
    assert back["Avg turns"].tolist() == sorted(back["Avg turns"].tolist())
    assert {"TW-F1 95% CI low", "TW-F1 95% CI high", "TW-F1 95% CI n"} <= set(back.columns)
    assert "TW-F1 95% CI" not in back.columns
    lo, hi = back["TW-F1 95% CI low"], back["TW-F1 95% CI high"]
    assert ((lo <= back["TW-F1"] + 0.1) & (back["TW-F1"] <= hi + 0.1)).all()
    assert export_stem("a/b c").startswith("benyfits-leaderboard-a-b-c-")


def test_the_oracle_comparison_is_never_a_negative_count():
    assert "2 question(s) more" in oracle_words(5, 3)
    assert "-" not in oracle_words(2, 18) and "16 question(s) fewer" in oracle_words(2, 18)
