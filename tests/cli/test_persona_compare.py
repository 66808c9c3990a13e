"""`benyfits compare` of one agent's runs under two personas: the paired drop on the same
households with each persona's share of determinable pairs beside it, the same figures the board's
Realism view shows (one computation, `scoring.persona_drop`); runs differing in anything else are
still refused, each setting named as its option. Before, every pair of runs on different protocols
was refused, and no figure said how much of the task a persona leaves measurable.

The store is synthetic (tests/leaderboard/synthetic.py: dialogs with made-up labels, real metrics
code), so the test takes about a second."""
from __future__ import annotations

import json
import random

import pytest

from eligibench.cli.main import main
from eligibench.evaluation.scoring import persona_drop
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import fake_households, protocol, protocol_id, write_run

AGENT = "teacher-like"


def _as_persona(store: ResultStore, run_id: str, proto: dict, persona: str, cap: int,
                hidden: set[tuple[str, str, str]]) -> None:
    """The run finished under `proto` as `evaluate --persona` records it (persona, custom kind, label
    suffix, its undeterminable pairs), in one write: the store is the slow part of this test."""
    proto = json.loads(json.dumps(proto)) | {"question_cap": cap}
    if persona != "cooperative":
        proto |= {"persona": persona, "kind": "custom"}
        proto["simulator"]["label"] += f" persona:{persona}"

    def fn(con) -> None:
        con.execute("UPDATE runs SET run_config = '', status = 'done', protocol = ?, protocol_id = ? WHERE run_id = ?",
                    [json.dumps(proto), protocol_id(proto), run_id])
        if hidden:
            con.executemany("INSERT INTO persona_pairs VALUES (?, ?, ?, ?, ?)",
                            [[run_id, d, r, o, persona] for d, r, o in sorted(hidden)])

    store._write(fn)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """cooperative, typical and hard runs of one agent (typical hides 3 pairs, hard half of them),
    another agent under typical and a hard run with another question cap."""
    path = tmp_path_factory.mktemp("persona") / "runs.duckdb"
    store = ResultStore(path)
    households = fake_households(4, 4, seed=3)
    pairs = sorted((h.dataset, h.row_id, o) for h in households for o in h.opportunities)
    hidden = {"cooperative": set(), "typical": set(random.Random(1).sample(pairs, 3)), "hard": set(pairs[::2])}
    ids = {}
    for name, persona, skill, seed, cap in (("cooperative", "cooperative", 0.95, 1, 20), ("typical", "typical", 0.8, 2, 20),
                                            ("hard", "hard", 0.75, 3, 20), ("other", "typical", 0.6, 4, 20),
                                            ("hard-cap", "hard", 0.75, 5, 10)):
        rid = write_run(store, households, "other-agent" if name == "other" else AGENT, seed=seed, skill=skill,
                        finish=False, contract=False)
        _as_persona(store, rid, protocol("full", households), persona, cap, hidden[persona])
        ids[name] = rid
    return path, ids, hidden, len(pairs)


def _compare(path, a: str, b: str, *extra: str) -> int:
    return main(["compare", a, b, "--store", str(path), "--n-boot", "50", *extra])


def test_two_personas_of_one_agent_give_the_paired_drop_and_each_share(store, capsys):
    path, ids, hidden, n_pairs = store
    assert _compare(path, ids["hard"][:8], ids["cooperative"][:8]) == 0  # either order: the drop runs from cooperative
    out = capsys.readouterr().out
    s = ResultStore(path)
    drop = persona_drop(s.dialog_results(ids["cooperative"]), s.dialog_results(ids["hard"]), set(), hidden["hard"],
                        n_boot=50)
    f1 = drop.comparison.differences["f1"]
    assert f"persona drop of {AGENT}: cooperative ({ids['cooperative'][:8]}) minus hard ({ids['hard'][:8]})" in out
    assert f"cooperative - hard = {f1.diff:+.1f} F1 [{f1.ci[0]:.1f}, {f1.ci[1]:.1f}]" in out
    kept = n_pairs - len(hidden["hard"])
    assert (f"cooperative {n_pairs} of {n_pairs} (100%), hard {kept} of {n_pairs} ({100 * kept / n_pairs:.0f}%); "
            f"{len(hidden['hard'])} pair(s) left out") in out
    assert "rank range" not in out and "not ranked together" in out

    capsys.readouterr()
    assert _compare(path, ids["typical"], ids["hard"], "--json") == 0
    got = json.loads(capsys.readouterr().out)
    assert got["kind"] == "persona_drop" and got["baseline"]["persona"] == "typical"
    assert got["left_out"] == len(hidden["typical"] | hidden["hard"])
    assert got["determinable"]["baseline"] == {"pairs": n_pairs - 3, "share": (n_pairs - 3) / n_pairs}
    assert got["determinable"]["persona"]["pairs"] == kept


def test_the_board_realism_view_shows_the_same_drop_and_share(store, capsys, monkeypatch):
    import importlib

    from leaderboard import queries as Q

    # the module (the package's `realism` is its function)
    monkeypatch.setattr(importlib.import_module("leaderboard.queries.realism"), "N_BOOT", 50)  # the drop and the share do not depend on it
    path, ids, hidden, n_pairs = store
    with Q.StoreSource(path).reader() as r:
        board = Q.realism(r)
    mine = board[board["submission"] == AGENT]
    assert list(mine["persona"]) == ["cooperative", "hard", "typical"]  # the capped hard run is another group
    for persona in ("typical", "hard"):
        assert _compare(path, ids["cooperative"], ids[persona], "--json") == 0
        got = json.loads(capsys.readouterr().out)
        row = mine[mine["persona"] == persona].iloc[0]
        assert row["F1 drop"] == round(got["differences"]["f1"]["diff"], 1)
        assert row["determinable pairs %"] == round(100 * got["determinable"]["persona"]["share"], 1)
    assert mine[mine["persona"] == "cooperative"].iloc[0]["determinable pairs %"] == 100.0


def test_runs_differing_in_more_than_the_persona_are_refused_naming_each_setting(store, capsys):
    path, ids, _, _ = store
    assert _compare(path, ids["cooperative"], ids["hard-cap"]) == 2
    message = capsys.readouterr().err
    assert message.startswith("benyfits: error: ") and message.count("\n") == 1
    assert "--max-questions 20 vs 10" in message and "--persona cooperative vs hard" in message
    # the label's persona suffix and the protocol kind follow from --persona; absent is cooperative
    assert "--simulator" not in message and "protocol kind" not in message and "none (the" not in message
    assert _compare(path, ids["cooperative"], ids["other"]) == 2
    assert "runs of different agents or run configurations" in capsys.readouterr().err
