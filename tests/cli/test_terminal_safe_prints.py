"""Round 3: every CLI print of a stored string goes through `eligibench.terminal.safe`.

Manifest names are validated when a submission is installed, but a store's rows can come from
elsewhere (an Inspect import, a store copied in, a run transfer), so a command that prints a
stored submission name, simulator label, agent error or household id must not hand the terminal a
raw control character. Before: `compare` and `cost` printed the submission name raw (an ESC in it
reached stdout), `regrade` too. Here a real store of synthetic runs gets hostile strings planted
in its rows (as an imported store could hold them), and each printing command runs for real."""
from __future__ import annotations

import re

import pytest

from eligibench.cli.main import main
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import fake_households, write_run

# an OSC title change ended by BEL, and a C1 CSI (U+009B) screen clear
EVIL = "evil\x1b]0;pwned\x07\x9b2J"
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # what `safe` escapes: no newline, no tab


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    s = ResultStore(tmp_path_factory.mktemp("evil") / "r.duckdb")
    hh = fake_households(6, 4)
    a = write_run(s, hh, "plain-a", skill=0.9, questions=4, n_boot=10)
    b = write_run(s, hh, "plain-b", skill=0.5, questions=4, n_boot=10)

    def plant(con) -> None:  # straight into the rows, past the writers' checks, as another store could hold
        for run, name in ((a, f"a-{EVIL}"), (b, f"b-{EVIL}")):  # the board and cost name a run by its config
            con.execute("UPDATE runs SET submission = ?, run_config = ? WHERE run_id = ?", [name, name, run])
        con.execute("UPDATE runs SET simulator = ? WHERE run_id = ?", [EVIL, a])
        con.execute("UPDATE dialogs SET error = ? WHERE run_id = ?", [EVIL, a])
        # one household id, in every table that keys a row by it (dialogs, turns, predictions, ...)
        tables = [t for (t,) in con.execute("SELECT DISTINCT table_name FROM information_schema.columns "
                                            "WHERE column_name = 'row_id'").fetchall()]
        for t in tables:
            con.execute(f'UPDATE "{t}" SET row_id = ? WHERE row_id = ?', [f"hh-{EVIL}", "diverse-0000"])

    s._write(plant)
    assert {r["submission"] for r in s.runs()} == {f"a-{EVIL}", f"b-{EVIL}"}  # the rows do hold it raw
    assert f"hh-{EVIL}" in {d.row_id for d in s.dialog_results(a)}
    return s, a, b


def _commands(store, a: str, b: str) -> dict[str, list[str]]:
    st = ["--store", str(store.path)]
    return {"compare": ["compare", a, b, *st, "--n-boot", "20"],
            "cost": ["cost", *st],
            "cost --dialogs": ["cost", a, "--dialogs", *st],
            "view": ["view", a, *st, "--household", f"hh-{EVIL}"],
            "regrade": ["regrade", "--all", *st]}


@pytest.mark.parametrize("name", ["compare", "cost", "cost --dialogs", "view", "regrade"])
def test_no_raw_control_character_reaches_the_terminal(planted, name, capsys):
    store, a, b = planted
    code = main(_commands(store, a, b)[name])
    out, err = capsys.readouterr()
    assert code in (0, 1), (code, err)
    assert "Traceback" not in err
    assert not RAW.search(out), f"{name}: raw control character on stdout: {out!r}"
    assert not RAW.search(err), f"{name}: raw control character on stderr: {err!r}"
    # what was stored is still there, escaped: the reader sees it, the terminal acts on none of it
    shown = "evil\\x1b]0;pwned\\x07\\x9b2J"
    expect = {"cost --dialogs": [f"a-{shown}", f"hh-{shown}"], "view": [f"a-{shown}", f"hh-{shown}", f"error: {shown}"],
              "compare": [f"a-{shown}", f"b-{shown}"], "cost": [f"a-{shown}", f"b-{shown}"],
              "regrade": [f"a-{shown}", f"b-{shown}"]}[name]
    flat = re.sub(r"\s+", "", out)  # rich may wrap a long line
    assert all(re.sub(r"\s+", "", e) in flat for e in expect), (expect, out)
