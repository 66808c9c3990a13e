"""2026-08 has a sealed split (eligibench.datasets.sealed.SEALED_EDITIONS), so the board treats it
exactly like 2024: its sealed runs are ranked under their sealed protocol, its public runs under
their own public protocol (never together); a public run of an edition WITHOUT a sealed split
(2030-01 here, as any later edition before its sealed split is built) is listed, never ranked."""
from __future__ import annotations

import json

import pytest

from eligibench.datasets import sealed
from eligibench.results import ResultStore
from leaderboard import queries as Q
from leaderboard.queries.sealed_rule import SEALED_EDITIONS
from tests.leaderboard.synthetic import fake_households, protocol_id, write_run


def _as_sealed(store: ResultStore, run_id: str) -> str:
    """The run's protocol as a sealed-split run records it (split "sealed"), and its new id."""
    def fn(con) -> None:
        (raw,) = con.execute("SELECT protocol FROM runs WHERE run_id = ?", [run_id]).fetchone()
        p = json.loads(raw) | {"split": "sealed"}
        con.execute("UPDATE runs SET protocol = ?, protocol_id = ? WHERE run_id = ?", [json.dumps(p), protocol_id(p),
                                                                                        run_id])
    store._write(fn)
    with Q.open_source(store.path).reader() as r:
        return str(Q.leaderboard_table(r, include_reported=False).set_index("Run").loc[run_id, "Protocol"])


@pytest.fixture()
def board(tmp_path):
    hh = fake_households(6, 4)
    s = ResultStore(tmp_path / "benyfits.duckdb")
    ids = {
        "sealed26": write_run(s, hh, "alpha", questions=4, data_version="dv-2026s", n_boot=20, edition="2026-08"),
        "sealed26b": write_run(s, hh, "beta", questions=6, skill=0.5, data_version="dv-2026s", n_boot=20,
                               edition="2026-08"),
        "public26": write_run(s, hh, "gamma", questions=0, skill=0.99, data_version="dv-2026", n_boot=20,
                              edition="2026-08"),
        "public24": write_run(s, hh, "delta", questions=3, data_version="dv-2024", n_boot=20),
        "public30": write_run(s, hh, "lookup", questions=0, skill=0.99, data_version="dv-2030", n_boot=20,
                              edition="2030-01"),
    }
    protos = {k: _as_sealed(s, ids[k]) for k in ("sealed26", "sealed26b")}
    with Q.open_source(s.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
    return table, ids, protos


def test_the_board_reads_the_sealed_editions_from_the_one_place_that_builds_them():
    assert SEALED_EDITIONS == frozenset(sealed.SEALED_EDITIONS) == {"2024", "2026-08"}


def test_a_2026_08_sealed_run_is_ranked_under_its_sealed_protocol(board):
    table, ids, protos = board
    status = table.set_index("Run")["Status"]
    assert status[ids["sealed26"]] == status[ids["sealed26b"]] == "done"
    assert protos["sealed26"] == protos["sealed26b"]
    ranked = Q.ranking(table, protos["sealed26"])
    assert set(ranked["Run"]) == {ids["sealed26"], ids["sealed26b"]}  # the public runs are not among them
    assert Q.unranked_public(table, protos["sealed26"]).empty


def test_2026_08_public_runs_are_treated_as_2024_public_runs(board):
    table, ids, protos = board
    status = table.set_index("Run")["Status"]
    assert status[ids["public26"]] == status[ids["public24"]] == "done"
    protocol = table.set_index("Run")["Protocol"]
    assert protocol[ids["public26"]] != protos["sealed26"]  # never ranked with the sealed runs
    assert list(Q.ranking(table, protocol[ids["public26"]])["Run"]) == [ids["public26"]]


def test_a_public_run_of_an_edition_without_a_sealed_split_is_listed_never_ranked(board):
    table, ids, _ = board
    row = table.set_index("Run").loc[ids["public30"]]
    assert row["Status"].startswith("not ranked: public split of the 2030-01 edition"), row["Status"]
    assert Q.ranking(table, row["Protocol"]).empty
    assert ids["public30"] not in set(Q.ranking(table, None)["Run"])
    listed = Q.unranked_public(table, row["Protocol"])
    assert list(listed["Rank"]) == ["not ranked"] and list(listed["Run"]) == [ids["public30"]]
