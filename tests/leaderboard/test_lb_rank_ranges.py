"""Issue 31 item 3 in the browser: the ranking shows each run's rank range (paired household
bootstrap over the protocol's runs) and, above it, the difference this protocol can detect (on the
fixture's 5-household protocol: that it is too small to detect any); `benyfits compare` gives the same
ranges in its verdict."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.leaderboard.test_lb_e2e import ROOT, browser, make_project, start_app, stop

pytestmark = pytest.mark.needs_chromium


def _texts(page, column: str) -> dict[str, str]:
    """Submission -> the column's text, as the browser shows the ranking."""
    return page.evaluate(
        """([col]) => { const t = document.querySelector('#bf-ranking');
             const heads = Array.from(t.tHead.rows[0].cells).map(th => th.dataset.col);
             const k = heads.indexOf(col), s = heads.indexOf('Submission');
             return Object.fromEntries(Array.from(t.tBodies[0].rows).map(
                 r => [r.cells[s].innerText.trim().split('\\n')[0], r.cells[k].innerText.trim()])); }""", [column])


def test_the_ranking_shows_rank_ranges_and_the_detectable_difference_as_compare_does(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    proj, store, _, ids = make_project(tmp_path, lb_dataset)
    cli = subprocess.run([sys.executable, "-m", "eligibench.cli", "compare", ids["known"], ids["other"], "--store",
                          str(store.path), "--json"], cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert cli.returncode == 0, cli.stderr
    doc = json.loads(cli.stdout)
    proc, url, log = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            expect(page.locator("#bf-ranking")).to_be_visible()
            ranges = _texts(page, "Rank range")
            # the three full-protocol runs are ranked (the smoke run has its own protocol), each a
            # range "a" or "a-b" within 1..3
            assert set(ranges) == {"known-agent-full", "other-agent-full", "third-agent-full"}, ranges
            for v in ranges.values():
                ends = [int(x) for x in v.split("-")]
                assert 1 <= ends[0] <= ends[-1] <= 3 and len(ends) <= 2, ranges
            # the same figures as `benyfits compare` (same runs, replicates and seed)
            assert {f"{k}-agent-full": doc["rank_ranges"][ids[k]] for k in ("known", "other", "third")} == ranges
            # the fixture's protocol has 5 households: too few for any paired test to reach p < 0.05
            # (it needs 6), so the note says it can detect nothing rather than printing a figure
            note = page.locator("#bf-detectable")
            expect(note).to_contain_text("too small to detect any difference")
            text = note.inner_text()
            households = doc["detectable"]["households"]
            assert households == 5, doc["detectable"]
            assert f"With {households} households and {doc['detectable']['trials']} trial(s)" in text
            assert f"{households} paired households (a paired test needs at least 6 to reach p < 0.05)" in text
            assert "Rank ranges and ties here say nothing" in text
            assert "can detect a difference of" not in text and "TW-F1 points" not in text, text
            # the tied groups, as compare's JSON has them: each run's name (never its id) under its group
            groups = page.locator("#bf-tied-groups").inner_text()
            for k in ("known", "other", "third"):
                part = groups.split(f"group {doc['tie_groups'][ids[k]]}: ", 1)[1].split(";")[0]
                assert f"{k}-agent-full (" in part and ids[k][:6] not in groups, groups
    finally:
        stop(proc)
    assert "Traceback" not in log.read_text()
