"""Editions on the board (issue 21 item 5): an edition selector (2024 by default) lists only that
edition's protocols, so runs on different editions are never ranked together, and a configuration
evaluated on both editions shows its score on each side by side."""
from __future__ import annotations

import pandas as pd
import pytest

from eligibench.results import ResultStore
from leaderboard import queries as Q
from tests.leaderboard.synthetic import fake_households, write_run


@pytest.fixture()
def store(tmp_path):
    hh = fake_households(6, 4)
    s = ResultStore(tmp_path / "benyfits.duckdb")
    ids = {
        "a24": write_run(s, hh, "alpha", questions=4, data_version="dv-2024", n_boot=20),
        "b24": write_run(s, hh, "beta", questions=6, skill=0.5, data_version="dv-2024", n_boot=20),
        "a26": write_run(s, hh, "alpha", questions=5, skill=0.6, data_version="dv-2026", n_boot=20, edition="2026-08"),
        # the same configuration under other settings (a smoke run) is not put beside the full ones
        "a26s": write_run(s, hh, "alpha", questions=5, data_version="dv-2026", n_boot=20, edition="2026-08", seed=1,
                          kind="smoke"),
    }
    return s, ids


def _page(s):
    with Q.open_source(s.path).reader() as r:
        return Q.leaderboard_table(r), Q.protocols(r)


def test_editions_are_listed_2024_first_and_never_share_a_protocol(store):
    s, ids = store
    table, protos = _page(s)
    assert Q.editions(protos) == ["2024", "2026-08"]
    p24, p26 = Q.protocols_of(protos, "2024"), Q.protocols_of(protos, "2026-08")
    assert p24 and p26 and not set(p24) & set(p26)
    runs_of = {pid: set(table[table["Protocol"] == pid]["Run"]) for pid in protos}
    assert {ids["a24"], ids["b24"]} == set().union(*(runs_of[p] for p in p24))
    assert {ids["a26"], ids["a26s"]} == set().union(*(runs_of[p] for p in p26))
    assert all("2026-08 rules" in p.label for p in p26.values())
    assert not any("rules" in p.label for p in p24.values())
    assert "the 2026-08 edition's rules" in next(iter(p26.values())).describe()


def test_a_configuration_on_both_editions_is_shown_side_by_side(store):
    s, ids = store
    table, protos = _page(s)
    across = Q.across_editions(table, protos)
    assert list(across["Submission"]) == ["alpha-full"]  # beta has no 2026-08 run; the smoke run has other settings
    row = across.iloc[0]
    by_run = table.set_index("Run")
    assert row["TW-F1 · 2024"] == by_run.loc[ids["a24"], "TW-F1"]
    assert row["TW-F1 · 2026-08"] == by_run.loc[ids["a26"], "TW-F1"]
    assert row["Avg turns · 2026-08"] == by_run.loc[ids["a26"], "Avg turns"]
    assert ids["a24"] in row["Runs"] and ids["a26"] in row["Runs"] and ids["a26s"] not in row["Runs"]


def test_one_edition_only_shows_no_side_by_side(tmp_path):
    s = ResultStore(tmp_path / "one.duckdb")
    write_run(s, fake_households(4, 2), "alpha", data_version="dv", n_boot=10)
    table, protos = _page(s)
    assert Q.editions(protos) == ["2024"]
    assert Q.across_editions(table, protos).empty
    assert isinstance(Q.across_editions(pd.DataFrame(columns=table.columns), protos), pd.DataFrame)


@pytest.mark.needs_chromium
def test_the_edition_selector_and_side_by_side_in_the_browser(tmp_path, lb_dataset):
    """2024 by default; picking 2026-08 ranks only its runs (URL ?edition=), a deep link opens it,
    and the configuration with runs on both editions shows both scores side by side."""
    from playwright.sync_api import expect

    from tests.leaderboard.test_lb_e2e import browser, make_project, pick, ranking_rows, start_app, stop

    proj, store, households, ids = make_project(tmp_path, lb_dataset)
    k26 = write_run(store, households, "known-agent", questions=3, skill=0.4, data_version="dv-2026", n_boot=20,
                    edition="2026-08")
    write_run(store, households, "newrules-agent", questions=5, data_version="dv-2026", n_boot=20, edition="2026-08")
    proc, url, _ = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            ranking = page.locator("#bf-ranking")
            expect(ranking.locator("td", has_text="other-agent")).to_be_visible()
            assert page.locator("#bf-edition-pick input").first.input_value() == "2024"
            assert "newrules-agent-full" not in ranking_rows(page)  # another edition: never ranked here
            across = page.locator("#bf-across")
            expect(across).to_contain_text("known-agent-full")
            heads = across.locator("thead th").all_inner_texts()
            assert "TW-F1 · 2024" in heads and "TW-F1 · 2026-08" in heads
            assert k26 not in across.inner_text()  # a run id is a hash: not in the default view

            pick(page, "bf-edition-pick", "2026-08")
            expect(ranking.locator("td", has_text="newrules-agent")).to_be_visible()
            assert sorted(ranking_rows(page)) == ["known-agent-full", "newrules-agent-full"]
            assert "2026-08 rules" in page.locator("#bf-protocol-pick input").first.input_value()
            expect(page.locator("#bf-protocol-banner")).to_contain_text("2026-08")
            assert "edition=2026-08" in page.url and "protocol=" not in page.url

            page.goto(url + "?edition=2026-08")  # a deep link opens that edition
            expect(ranking.locator("td", has_text="newrules-agent")).to_be_visible()
            assert "other-agent-full" not in ranking_rows(page)
    finally:
        stop(proc)


def test_a_later_editions_dialog_is_explained_with_that_editions_checkers_and_texts(tmp_path):
    """A 2026-08 row (`diverse-2026-08-0000`) is read from `diverse-2026-08`, re-checked by the
    edition's checkers (verdict = published label, trace = stored trace) and explained in words."""
    from eligibench.catalog import edition_catalog, load_edition
    from eligibench.datasets import dataset_path, read_parquet
    from eligibench.truth import plain_words
    from leaderboard.verdict_reasons import GroundTruth, row_edition
    from tests.leaderboard.synthetic import make_dataset

    folder = tmp_path / "benyfits"
    make_dataset(folder, 2, 1)
    make_dataset(folder, 3, 1, version="synthetic-2026-08", edition="2026-08")
    truth = GroundTruth(folder)
    changed = set(load_edition("2026-08").changed)
    texts = {o.id: o.requirements for o in edition_catalog(load_edition("2026-08")).opportunities}
    for row in read_parquet(dataset_path(folder, "diverse-2026-08")):
        assert row_edition(row.id) == "2026-08"
        reasons = truth.reasons("diverse", row.id, list(row.opportunities))
        for r in reasons:
            assert not r.error, r.error
            assert r.verdict == r.label and r.trace_matches, r.opportunity
            assert r.requirements == texts[r.opportunity]
            assert r.explanation is not None and plain_words(r.explanation.sentence)
            if r.opportunity in changed:
                assert "checkers/editions/e2026_08/" in r.checker_path
    assert row_edition("diverse-0003") == "2024"
