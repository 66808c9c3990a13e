"""Issue 31 items 2 and 4 on the board: the simulator-fault rate and agent-attributable TW-F1 as
columns from the catalogue, and the Sensitivity tab: one agent configuration under two simulators
with the spread of its TW-F1."""
from __future__ import annotations

import pytest

from eligibench.results import StoreSource
from leaderboard import queries as Q
from tests.leaderboard.synthetic import SIMULATORS, write_run


def _with_faults(store, run_id: str, rate: float, agent_tw: float) -> None:
    """The run's metrics plus the fault figures the runner writes (scoring.simulator_faults)."""
    rows = [(m["dataset"], m["name"], m["value"], m["ci_low"], m["ci_high"]) for m in store.metrics(run_id)]
    rows += [("average", "simulator_fault_rate", rate, rate - 2.0, rate + 3.0),
             ("average", "agent_turn_weighted_f1", agent_tw, agent_tw - 5.0, agent_tw + 5.0)]
    store.record_metrics(run_id, rows)


def _second_simulator(store, households, ids) -> str:
    dv = store.runs()[0]["data_version"]
    run_b = write_run(store, households, "known-agent", strategy="e2e", simulator=SIMULATORS[1], seed=5, skill=0.3,
                      questions=4, data_version=dv, n_boot=20)
    _with_faults(store, ids["known"], 12.5, 61.0)
    return run_b


def test_the_sensitivity_query_pairs_one_configuration_across_simulators(tmp_path, lb_dataset):
    from tests.leaderboard.test_lb_e2e import make_project

    proj, store, households, ids = make_project(tmp_path, lb_dataset)
    with StoreSource(store.path).reader() as r:
        assert Q.sensitivity(r).empty  # every configuration has one simulator so far
    run_b = _second_simulator(store, households, ids)
    with StoreSource(store.path).reader() as r:
        df = Q.sensitivity(r)
    assert list(df.columns) == list(Q.SENSITIVITY_COLUMNS)
    assert sorted(df["Run"]) == sorted([ids["known"], run_b])  # the others ran under one simulator only
    assert set(df["Simulator"]) == set(SIMULATORS)
    tw = {m["run_id"]: m["value"] for rid in (ids["known"], run_b) for m in store.metrics(rid)
          if m["dataset"] == "average" and m["name"] == "turn_weighted_f1"}
    assert set(df[Q.SENSITIVITY_COLUMNS[6]]) == {round(abs(tw[ids["known"]] - tw[run_b]), 1)}
    assert df.set_index("Run").loc[ids["known"], "Simulator faults %"] == 12.5
    assert set(df["Weights"]) == {"not recorded"}  # synthetic runs predate the identity record


@pytest.mark.needs_chromium
def test_the_board_shows_fault_rate_and_the_sensitivity_view(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    from tests.leaderboard.test_lb_e2e import browser, make_project, start_app, stop

    proj, store, households, ids = make_project(tmp_path, lb_dataset)
    run_b = _second_simulator(store, households, ids)
    proc, url, _ = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            ranking = page.locator("#bf-ranking")
            expect(ranking.locator("td", has_text="known-agent")).to_be_visible()
            heads = ranking.locator("thead th").all_inner_texts()
            assert any("Simulator faults %" in h for h in heads), heads
            row = ranking.locator("tr", has=page.locator("td", has_text="known-agent"))
            expect(row).to_contain_text("12.5")

            page.get_by_role("tab", name="Sensitivity").click()
            view = page.locator("#bf-sensitivity")
            expect(view).to_contain_text("known-agent")
            expect(view).to_contain_text(SIMULATORS[1])
            assert run_b not in view.inner_text()  # a run id is a hash: not in the default view
            assert "other-agent" not in view.inner_text()  # one simulator: nothing to compare
            expect(page.locator("#bf-sensitivity-note")).to_contain_text("--simulator")
    finally:
        stop(proc)


def test_a_pinned_simulator_difference_is_named_in_the_protocol_banner():
    full = Q.StoredProtocol("p1", "full", {"trials": 3, "simulator": {"label": "ref", "reference": True}}, 2)
    pinned = Q.StoredProtocol("p2", "custom", {"trials": 3, "simulator": {"label": "ref", "reference": True},
                                                "simulator_pin": {"weights": "hf:org/m@def456"}}, 1)
    assert "simulator not as expected: weights hf:org/m@def456" in Q.protocol_differences(full, pinned)
    assert not any("not as expected" in d for d in Q.protocol_differences(full, full))
