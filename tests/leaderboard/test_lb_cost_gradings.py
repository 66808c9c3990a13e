"""Issue 36 item 4 and issue 31 items 1 and 5, in the browser: the board's cost table and
`benyfits cost` give the same figures from the same price table (dollars per run, per dialog and
per correct verdict); the board shows which ground truth graded each run and links the pairs a
regrade changed (?tab=gradings&run=)."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest
import yaml

from eligibench.results import LabelChange
from tests.leaderboard.test_lb_e2e import ROOT, browser, make_project, start_app, stop

pytestmark = pytest.mark.needs_chromium

PLANTED = "gt-planted0001"


def _cli_dollars(proj, store) -> dict[str, tuple[float, float]]:
    """Run configuration -> ($ total, $ per correct verdict) as `benyfits cost` prints them."""
    out = subprocess.run([sys.executable, "-m", "eligibench.cli", "cost", "--store", str(store.path), "--params",
                          str(proj / "params.yaml")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    found = {}
    for line in out.stdout.splitlines():
        m = re.match(r"^\w{12}  (\S+): \$([\d.]+) \(\$[\d.]+ per dialog, \$([\d.]+) per correct verdict\)$", line)
        if m:
            found[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    return found


def test_board_cost_table_equals_the_cli_and_ground_truth_is_shown_with_its_changed_pairs(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    proj, store, households, ids = make_project(tmp_path, lb_dataset)
    # the synthetic runs' model is self-hosted: priced by GPU hour on wall time
    (proj / "params.yaml").write_text(yaml.safe_dump({"cost": {"tokens": {}, "gpu_hour": {"SmolLM2-135M-Instruct": 2.5}}}))
    run = ids["known"]
    metrics = [(m["dataset"], m["name"], m["value"], m["ci_low"], m["ci_high"]) for m in store.metrics(run)]
    store.record_first_grading(run, "gt-original001", "2024", 20, metrics)
    d = store.dialog_results(run)[0]
    opp, old = next(iter(d.labels.items()))
    store.record_regrade(run, PLANTED, "2024", 20, metrics,
                         [LabelChange(d.dataset, d.row_id, d.trial, opp, d.predicted(opp), old, not old)], metrics)
    cli = _cli_dollars(proj, store)
    assert {"known-agent-full", "other-agent-full", "third-agent-full"} <= set(cli)

    proc, url, log = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            page.get_by_role("tab", name="F1 vs turns").click()  # a click: a ?tab= link loses a race under load
            table = page.locator("#bf-cost-table")
            expect(table).to_be_visible()
            rows = table.locator("tbody tr")
            board = {}
            for i in range(rows.count()):
                cells = rows.nth(i).locator("td").all_inner_texts()
                board[cells[0]] = (float(cells[2].lstrip("$")), float(cells[4].lstrip("$")))
            # the full protocol's runs (the default), each with the CLI's figures (4 significant digits)
            assert set(board) == {"known-agent-full", "other-agent-full", "third-agent-full"}
            for name, (total, per_correct) in board.items():
                assert total == pytest.approx(cli[name][0], rel=1e-3, abs=1e-4)
                assert per_correct == pytest.approx(cli[name][1], rel=1e-3, abs=1e-4)

            # the ground truth column is behind Columns (a digest is an id: not in the default view)
            page.goto(url + "?columns=TW-F1,Ground%20truth")
            ranking = page.locator("#bf-ranking")
            expect(ranking.locator("th[data-col='Ground truth']")).to_be_visible()
            expect(ranking.locator("td", has_text=f"{PLANTED} (regrade 2: 1 pair changed)")).to_be_visible()

            page.goto(url + f"?tab=gradings&run={run}")
            changes = page.locator("#bf-grading-changes")
            expect(changes).to_contain_text(d.row_id)
            expect(changes).to_contain_text("eligible" if not old else "not eligible")
            # the Regrades tab names each ground truth "version k"; the digests are in its ids panel
            expect(page.locator("#bf-gradings")).to_contain_text("version 2 (newest)")
            assert PLANTED not in page.locator("#bf-gradings").inner_text()
            expect(page.locator("#bf-gradings-ids")).to_contain_text(PLANTED)
            expect(page.locator("#bf-gradings-ids")).to_contain_text("gt-original001")
    finally:
        stop(proc)
