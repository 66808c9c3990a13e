"""The board opens on what can be trusted and fits a screen.

- First ranking: the sealed split's protocol of the edition when it has runs, else the full
  protocol, else the largest one with a heading saying what it is. Measured before the fix: a store
  with 3 public and 2 sealed 2026-08 runs opened on the public protocol (the one with more runs),
  with a lookup agent #1 at 100.
- Protocols are named in words ("smoke: 2 households per dataset, ...", "full (sealed split): all
  households"), never by their 12-hex id; two that would read the same are numbered.
- The default table has at most 10 columns and no hash; a replaced submission's older run leaves
  the ranking; the Dialogs and Compare tabs open on a real dialog; the F1-vs-turns axes fit our runs.
- In headless Chromium: every tab's visible text holds no hash (12+ hex digits, dv-/gt- ids) and no
  snake_case word, and the ranking has at most 10 columns.
"""
from __future__ import annotations

import json
import re

import gradio as gr
import pandas as pd
import pytest

from eligibench.results import GROUND_TRUTH_TAB, ResultStore
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.board import Board
from leaderboard.config import AppConfig
from leaderboard.defaults import default_edition
from leaderboard.protocol_words import protocol_name, protocol_names, user_words
from leaderboard.tabs import board as board_tab
from leaderboard.tabs import compare, dialogs
from leaderboard.tabs.picks import default_runs
from tests.leaderboard.synthetic import fake_households, protocol_id, write_run

HASH = re.compile(r"\b[0-9a-f]{12,}\b|\b(?:dv|gt)-[0-9a-z]{4,}", re.I)
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def as_sealed(store: ResultStore, run_id: str) -> None:
    """The run's protocol as a sealed-split run records it (split "sealed", its own id)."""
    def fn(con) -> None:
        (raw,) = con.execute("SELECT protocol FROM runs WHERE run_id = ?", [run_id]).fetchone()
        p = json.loads(raw) | {"split": "sealed"}
        con.execute("UPDATE runs SET protocol = ?, protocol_id = ? WHERE run_id = ?", [json.dumps(p), protocol_id(p),
                                                                                        run_id])
    store._write(fn)


@pytest.fixture()
def public_and_sealed(tmp_path):
    """The issue's store: 3 public and 2 sealed 2026-08 runs (the public ones include a lookup agent
    that knows the published labels: 100 with no question)."""
    hh = fake_households(6, 4)
    s = ResultStore(tmp_path / "benyfits.duckdb")
    public = [write_run(s, hh, name, questions=q, skill=k, data_version="dv-2026", n_boot=20, edition="2026-08",
                        seed=i)
              for i, (name, q, k) in enumerate((("lookup", 0, 1.0), ("gamma", 3, 0.7), ("delta", 5, 0.6)))]
    sealed = [write_run(s, hh, name, questions=q, skill=k, data_version="dv-2026s", n_boot=20, edition="2026-08",
                        seed=10 + i)
              for i, (name, q, k) in enumerate((("alpha", 4, 0.8), ("beta", 6, 0.5)))]
    for run in sealed:
        as_sealed(s, run)
    return s, public, sealed


def laid_out(layout):
    with gr.Blocks():
        _, ui = layout()
    return ui


def test_a_store_with_more_public_than_sealed_runs_opens_on_the_sealed_protocol(public_and_sealed):
    store, public, sealed = public_and_sealed
    board = Board(AppConfig(store=store.path, audit_file=None, read_timeout=0.3, allow_play=False))
    page = board.page()
    runs = {p.id: p.runs for p in page.protocols.values()}
    assert sorted(runs.values()) == [2, 3]  # the public protocol has more runs ...
    assert default_edition(page.protocols) == "2026-08"  # no 2024 run: the edition that has runs
    chosen = board_tab.chosen_protocol(page, {})
    assert page.protocols[chosen].spec["split"] == "sealed"  # ... and the sealed one is shown first
    ranked = Q.ranking(page.table, chosen)
    assert set(ranked["Run"]) == set(sealed) and not set(ranked["Run"]) & set(public)
    ui = laid_out(board_tab.layout)
    out = board_tab.fill_board(ui, page, {})
    banner = out[ui.proto_banner]
    assert "Ranking: full (sealed split)" in banner or "sealed split" in banner, banner
    assert "lookup" not in out[ui.table] and "alpha" in out[ui.table]
    # the Protocol dropdown names both in words, the sealed one first, no id in either
    names = [label for label, _ in out[ui.protocol].choices]
    assert "sealed split" in names[0] and not any(HASH.search(n) for n in names), names


def test_without_a_sealed_or_full_protocol_the_heading_says_what_is_shown(tmp_path):
    s = ResultStore(tmp_path / "r.duckdb")
    hh = fake_households(4, 2)
    write_run(s, hh, "dev", kind="smoke", n_boot=20)
    board = Board(AppConfig(store=s.path, audit_file=None, read_timeout=0.3, allow_play=False))
    page = board.page()
    chosen = board_tab.chosen_protocol(page, {})
    banner = board_tab.protocol_banner(Q.protocols_of(page.protocols, "2024"), chosen)
    assert "Showing: smoke" in banner and "pipeline check, not a result" in banner, banner
    assert not HASH.search(re.sub(r"<[^>]+>", " ", banner))


def test_protocols_are_named_by_what_they_are():
    smoke = Q.StoredProtocol("aec2ed63a78a", "smoke", {
        "datasets": {"diverse": {"households_used": 3, "households_total": 49, "data_version": "dv-1"},
                     "representative": {"households_used": 3, "households_total": 25, "data_version": "dv-1"}},
        "question_cap": 4, "trials": 1, "split": "public",
        "simulator": {"label": "grounded:lexical/template", "reference": False}}, 2)
    full = Q.StoredProtocol("0123456789ab", "full", {
        "datasets": {"diverse": {"households_used": 49, "households_total": 49},
                     "representative": {"households_used": 25, "households_total": 25}},
        "question_cap": None, "trials": 3, "split": "public", "simulator": {"label": "Llama", "reference": True}}, 5)
    assert protocol_name(smoke) == "smoke: 3 households per dataset, at most 4 questions, template user"
    assert protocol_name(full) == "full: all households, 3 trials"
    sealed = Q.StoredProtocol("fedcba987654", "full", {**full.spec, "split": "sealed"}, 1)
    assert protocol_name(sealed) == "full (sealed split): all households, 3 trials"
    # two protocols reading the same (they differ in data version only) are numbered, never by id
    twin = Q.StoredProtocol("bbbbbbbbbbbb", "smoke", {**smoke.spec, "datasets": {
        k: {**v, "data_version": "dv-2"} for k, v in smoke.spec["datasets"].items()}}, 1)
    names = protocol_names({p.id: p for p in (smoke, twin)})
    assert names[smoke.id] != names[twin.id] and names[twin.id].endswith("(variant 2)")
    assert user_words("custom simulator: vllm:Qwen2.5-7B@t0/m256") == "custom model user: Qwen2.5-7B"
    assert user_words("grounded:lexical/template persona:typical/s7") == "template user (typical persona)"


def test_the_default_table_has_at_most_ten_columns_and_no_hash(public_and_sealed):
    store, _, sealed = public_and_sealed
    board = Board(AppConfig(store=store.path, audit_file=None, read_timeout=0.3, allow_play=False))
    page = board.page()
    ui = laid_out(board_tab.layout)
    out = board_tab.fill_board(ui, page, {})
    html = out[ui.table]
    heads = re.findall(r'<th[^>]*data-col="([^"]+)"', html)
    assert len(heads) <= 10 and heads[:2] == ["Rank", "Submission"], heads
    assert {Q.TW_F1, Q.ci_label(Q.TW_F1), Q.RANK_RANGE, Q.AVG_F1, Q.AVG_TURNS, Q.AGENT_ERRORS, "Status"} <= set(heads)
    text = re.sub(r"<[^>]+>", " ", html)
    assert not HASH.search(text), HASH.search(text)
    # the agent links to its dialogs (the run id is in the link and the ids panel, not in the text)
    assert f'href="?tab=dialogs&amp;run={sealed[0]}"' in html or f"run={sealed[0]}" in html
    assert "synthetic" in text  # the authors under the name
    assert sealed[0] in out[ui.ids] and "<details" in out[ui.ids]


def test_a_replaced_submission_leaves_the_ranking(tmp_path):
    """`submit --replace` installs new code under the same name: a new code hash, a new run id, the
    old run kept in the store. The older run is marked superseded and is not ranked."""
    s = ResultStore(tmp_path / "r.duckdb")
    hh = fake_households(4, 2)
    old = write_run(s, hh, "mine", questions=3, n_boot=20, seed=1)
    new = write_run(s, hh, "mine", questions=5, n_boot=20, seed=2)
    other = write_run(s, hh, "yours", questions=4, n_boot=20, seed=3)

    def code(con) -> None:
        for run, digest in ((old, "a" * 64), (new, "b" * 64), (other, "c" * 64)):
            (raw,) = con.execute("SELECT extra FROM runs WHERE run_id = ?", [run]).fetchone()
            con.execute("UPDATE runs SET extra = ?, created_at = created_at + to_seconds(?) WHERE run_id = ?",
                        [json.dumps(json.loads(raw) | {"code_sha256": digest}), 10 if run == new else 0, run])
    s._write(code)
    with Q.StoreSource(s.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
    status = table.set_index("Run")["Status"]
    assert status[old].startswith("superseded") and status[new] == "done" and status[other] == "done"
    ranked = Q.ranking(table, table["Protocol"].iloc[0])
    assert set(ranked["Run"]) == {new, other}


def test_dialogs_and_compare_open_on_a_real_dialog(public_and_sealed):
    store, _, sealed = public_and_sealed
    board = Board(AppConfig(store=store.path, audit_file=None, read_timeout=0.3, allow_play=False))
    page = board.page()
    picked = default_runs(page, 2)
    assert set(picked) == set(sealed)  # the best runs of the ranking the board opens on
    ui = laid_out(dialogs.layout)
    assert dialogs.link(ui, board, page, {}) == {}  # a page load on another tab pays nothing
    out = dialogs.link(ui, board, page, {"tab": "dialogs"})
    assert out[ui.run].value == picked[0] and out[ui.chat], out.get(ui.summary)
    cui = laid_out(compare.layout)
    cout = compare.link(cui, board, page, {"tab": "compare"})
    assert {cout[cui.a].value, cout[cui.b].value} == set(sealed) and cout[cui.chat_a]
    # selecting the tab opens the same default; a run already shown stays
    assert dialogs.on_select(ui, board, None)[ui.run].value == picked[0]
    assert list(dialogs.on_select(ui, board, "some-run")) == [ui.retry]  # no update (a skip)
    assert compare.on_select(cui, board, None, None)[cui.a].value in set(sealed)


def test_the_plot_fits_our_runs_and_labels_them():
    ours = pd.DataFrame({Q.AVG_TURNS: [2.0, 4.0], Q.AVG_F1: [60.0, 70.0], "Source": [Q.EVALUATED] * 2,
                         "Submission": ["alpha", "beta"], "Simulator": ["x", "x"], Q.TW_F1: [58.8, 67.3],
                         "F1 CI": ["", ""], "Turns CI": ["", ""], "Run": ["a", "b"]})
    v1 = ours.assign(**{Q.AVG_TURNS: [70.0, 20.0], "Source": [Q.REPORTED] * 2, "Submission": ["v1 a", "v1 b"]})
    svg = R.scatter_svg(ours)
    ticks = [int(t) for t in re.findall(r'text-anchor="middle" font-size="11">(\d+)</text>', svg)]
    assert max(ticks) <= 10, ticks  # the x axis fits 2 and 4 turns, not v1's 70
    assert "alpha</text>" in svg and "beta</text>" in svg
    both = R.scatter_html(ours, v1, "v1")
    assert both.count("<svg") == 2 and 'id="bf-v1-toggle"' in both and "v1 a</text>" in both


# ------------------------------------------------------------------------------------------------
# in the browser

LABELS = {"board": "Leaderboard", "scatter": "F1 vs turns", "opportunity": "Per opportunity", "dialogs": "Dialogs",
          "compare": "Compare", "simulator": "Simulator", "sensitivity": "Sensitivity", "realism": "Realism",
          "priorities": "Priorities",
          "gradings": GROUND_TRUTH_TAB, "submit": "Submit"}
TABS = tuple(LABELS)


def prose(page) -> str:
    """The page's visible text without code: a key a person must type (`entry_point:` in a manifest)
    is shown as code, and code may be snake_case; everything else is read as words."""
    return page.evaluate("""() => { const hidden = [];
        document.querySelectorAll('code, pre').forEach(e => { hidden.push([e, e.style.display]); e.style.display = 'none'; });
        const text = document.body.innerText; hidden.forEach(([e, d]) => { e.style.display = d; }); return text; }""")


def settled(page) -> None:
    """Every event of the page answered: no progress marker ("processing", "3.1s") left on it."""
    page.wait_for_function(r"() => !/\bprocessing\b|\b\d+\.\ds\b/.test(document.body.innerText)", timeout=90_000)
    page.wait_for_timeout(500)


@pytest.mark.needs_chromium
def test_every_default_view_has_no_hash_no_snake_case_and_fits(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    from tests.leaderboard.test_lb_e2e import browser, make_project, start_app, stop

    proj, store, _, ids = make_project(tmp_path, lb_dataset)
    proc, url, log = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            found = {}
            page.goto(url)
            expect(page.locator("#bf-header")).to_contain_text("evaluated run")  # the page load answered
            for tab in TABS:
                page.get_by_role("tab", name=LABELS[tab]).click()
                expect(page.locator("button[role=tab][aria-selected=true]")).to_have_text(LABELS[tab])
                settled(page)
                text = page.evaluate("() => document.body.innerText")
                bad = sorted({m.group(0) for m in HASH.finditer(text)} | {m.group(0) for m in SNAKE.finditer(prose(page))})
                if bad:
                    found[tab] = bad
                if tab == "board":
                    heads = page.locator("#bf-ranking thead th").count()
                    assert 0 < heads <= 10, heads
                if tab == "dialogs":  # opens on a real dialog, not an empty chat
                    expect(page.locator("#bf-chat")).to_contain_text("Q1.")
            assert not found, found
    finally:
        stop(proc)


def test_regrades_simulator_and_cost_views_say_things_in_words():
    from leaderboard.tabs.gradings import versions_in_words
    from leaderboard.tabs.simulator import stats_in_words

    runs = pd.DataFrame([{"Submission": "a", "Ground truth": "gt-new0000001", "Grading": 2,
                          "Pairs changed": 1, "Graded": "", "Earlier ground truth": "gt-old0000001",
                          "Simulator re-runs": "", "Run": "0123456789abcdef"},
                         {"Submission": "b", "Ground truth": Q.NO_PROTOCOL, "Grading": 1, "Pairs changed": 0,
                          "Graded": "", "Earlier ground truth": "", "Simulator re-runs": "", "Run": "fedcba9876543210"}])
    shown, ids = versions_in_words(runs)
    assert list(shown["Ground truth"]) == ["version 2 (newest)", Q.NO_PROTOCOL]
    assert list(shown["Earlier ground truth"]) == ["version 1", ""] and "Run" not in shown.columns
    assert "gt-new0000001" in ids and "0123456789abcdef" in ids and ids.startswith("<details")
    stats = pd.DataFrame([{"Simulator": "grounded:lexical/template", "Runs": 1, "Answer latency (s)": 0.0,
                           "Answer tokens": None, "Faithful answers % (every turn)": None}])
    words = stats_in_words(stats).iloc[0]
    assert words["Simulator"] == "template user"
    assert words["Answer latency (s)"] == words["Answer tokens"] == words["Faithful answers % (every turn)"] == \
        "not measured"
    assert Q.interval_text(100.0, 100.0, 3) == "n/a: every resample gave the same value (3 households)"
