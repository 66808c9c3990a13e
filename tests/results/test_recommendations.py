"""The optional recommendation an agent makes after PREDICT: stored per dialog (table
`recommendations`, schema version 6), read back on its DialogResult, absent when the agent made
none; a version-5 file migrates keeping its dialogs."""
from __future__ import annotations

import duckdb

from eligibench.results import SCHEMA_VERSION, DialogResult, ResultStore, RunSpec, Turn

SPEC = RunSpec(submission="teacher-priorities", agent_models={}, simulator="grounded", params={"seed": 0},
               data_version="d", datasets=("diverse",), trials=1)


def _dialog(row: str, recommendation: str | None) -> DialogResult:
    return DialogResult(row, "diverse", 0, (Turn("Who lives with you?", "Just me."),), {"a": True, "b": False},
                        {"a": True, "b": False}, "ready", recommendation=recommendation)


def test_a_recommendation_round_trips_and_none_stays_none(tmp_path):
    store = ResultStore(tmp_path / "r.duckdb")
    rid = store.ensure_run(SPEC)
    store.record_dialogs(rid, [_dialog("h1", "a"), _dialog("h2", None), _dialog("h3", "none")])
    got = {r.row_id: r.recommendation for r in store.dialog_results(rid)}
    assert got == {"h1": "a", "h2": None, "h3": "none"}
    store.record_dialog(rid, _dialog("h1", None))  # a re-recorded dialog replaces its recommendation
    assert {r.row_id: r.recommendation for r in store.dialog_results(rid)}["h1"] is None
    store.record_recommendations(rid, [("diverse", "h1", 0, "b")])  # set after the run, the dialog untouched
    again = {r.row_id: r for r in store.dialog_results(rid)}["h1"]
    assert again.recommendation == "b" and again.turns == _dialog("h1", None).turns


def test_a_version_5_file_migrates_to_6_keeping_its_dialogs(tmp_path):
    path = tmp_path / "v5.duckdb"
    store = ResultStore(path)
    rid = store.ensure_run(SPEC)
    store.record_dialog(rid, _dialog("h1", None))
    con = duckdb.connect(str(path))
    con.execute("DROP TABLE recommendations")
    con.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
    con.close()
    assert store.migrate() == SCHEMA_VERSION == 6
    store.record_dialog(rid, _dialog("h2", "b"))
    assert {r.row_id: r.recommendation for r in store.dialog_results(rid)} == {"h1": None, "h2": "b"}
