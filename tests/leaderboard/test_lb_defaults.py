"""Issues 26 and 36: the board's default view (the full protocol, else the one with the most
submitted runs, never one of people's runs, never merely the newest) and the warning for a missing store. A real DuckDB store written by the synthetic runs."""
from __future__ import annotations

import time

from eligibench.results import ResultStore
from leaderboard import queries as Q
from leaderboard.defaults import default_protocol, store_warning
from tests.leaderboard.synthetic import fake_households, write_run


def test_without_a_full_protocol_the_one_with_most_runs_is_shown_not_the_newest(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    hh = fake_households(4, 2)
    for i in range(3):  # many runs under one protocol ...
        write_run(store, hh, f"draft{i}", seed=i, kind="custom", n_boot=20)
    time.sleep(0.01)
    write_run(store, hh, "dev", kind="smoke", n_boot=20)  # ... one newer run under another (issue 36: it won)
    with Q.StoreSource(store.path).reader() as r:
        protos, newest = Q.protocols(r), Q.latest_protocol(r)
    largest = max(protos.values(), key=lambda p: p.runs).id
    assert largest != newest and default_protocol(protos, newest) == largest
    human = Q.StoredProtocol("h", "human", {}, 10)  # people's runs: listed apart, never the default
    assert default_protocol({**protos, "h": human}, newest) == largest
    full = Q.StoredProtocol("f", "full", {}, 1)
    assert default_protocol({**protos, "f": full, "h": human}, newest) == "f"  # a full protocol always wins


def test_a_missing_store_is_named_with_what_to_do(tmp_path):
    warning = store_warning(tmp_path / "results" / "benyfits.duckdb")
    assert warning and "0 runs" in warning and "Run from the project root" in warning
    (tmp_path / "x.duckdb").write_bytes(b"")
    assert store_warning(tmp_path / "x.duckdb") is None


def test_peoples_protocols_are_not_in_the_protocol_dropdown():
    from leaderboard.defaults import human_protocols
    from leaderboard.tabs.board import protocol_choices

    protos = {"f": Q.StoredProtocol("f", "full", {}, 2), "h": Q.StoredProtocol("h", "human", {}, 9),
              "s": Q.StoredProtocol("s", "smoke", {}, 1)}
    assert [pid for _, pid in protocol_choices(protos)] == ["f", "s"]
    assert [p.id for p in human_protocols(protos)] == ["h"]
