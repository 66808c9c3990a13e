"""Issue 26: the board's default view (the full protocol, else the latest run's, never merely the
largest) and the warning for a missing store. A real DuckDB store written by the synthetic runs."""
from __future__ import annotations

import time

from eligibench.results.store import ResultStore
from leaderboard import queries as Q
from leaderboard.defaults import default_protocol, store_warning
from tests.leaderboard.synthetic import fake_households, write_run


def test_without_a_full_protocol_the_latest_runs_protocol_is_shown_not_the_largest(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    hh = fake_households(4, 2)
    for i in range(3):  # many runs under one protocol ...
        write_run(store, hh, f"draft{i}", seed=i, kind="custom", n_boot=20)
    time.sleep(0.01)
    write_run(store, hh, "submitted", kind="smoke", n_boot=20)  # ... one newer run under another
    with Q.StoreSource(store.path).reader() as r:
        protos, newest = Q.protocols(r), Q.latest_protocol(r)
    assert Q.default_protocol(protos) != newest  # the old rule: the largest non-smoke protocol
    assert default_protocol(protos, newest) == newest
    full = Q.StoredProtocol("f", "full", {}, 1)
    assert default_protocol({**protos, "f": full}, newest) == "f"  # a full protocol always wins


def test_a_missing_store_is_named_with_what_to_do(tmp_path):
    warning = store_warning(tmp_path / "results" / "benyfits.duckdb")
    assert warning and "0 runs" in warning and "Run from the project root" in warning
    (tmp_path / "x.duckdb").write_bytes(b"")
    assert store_warning(tmp_path / "x.duckdb") is None
