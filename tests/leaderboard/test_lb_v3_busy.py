"""Every view survives a busy store, in headless Chromium against the real app, with a real writer
(another process holding a read-write DuckDB connection, so no other process can open the file)."""
from __future__ import annotations

import subprocess
import sys
from contextlib import contextmanager

from tests.leaderboard.test_lb_e2e import browser, make_project, pick, pytestmark, start_app, stop  # noqa: F401


@contextmanager
def writer_holding(path):
    """A writer process holding the store until the block ends."""
    w = subprocess.Popen([sys.executable, "-c", "import duckdb, sys; c = duckdb.connect(sys.argv[1]);"
                          " c.execute('CREATE TABLE IF NOT EXISTS _held (x INT)'); print('locked', flush=True);"
                          " sys.stdin.read(); c.close()", str(path)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert w.stdout.readline().strip() == "locked"
        yield w
    finally:
        w.stdin.close()
        w.wait(timeout=30)


def test_dialogs_pane_and_a_deep_link_fill_in_after_a_write(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    proj, store, _, ids = make_project(tmp_path, lb_dataset)
    proc, url, _ = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            page.goto(f"{url}?tab=dialogs&run={ids['known']}")
            summary = page.locator("#bf-dlg-summary")
            expect(summary).to_contain_text("known-agent")
            with writer_holding(store.path):
                # change the run while the writer holds the store: the tab says what it waits for
                pick(page, "bf-dlg-run", "other-agent-full · ")
                busy = page.locator("#bf-dlg-busy")
                expect(busy).to_contain_text("being updated", timeout=20_000)
                expect(busy).to_contain_text(ids["other"])
                expect(busy).to_contain_text(f"shown below until then: run {ids['known']}")
                # a deep link opened during the write
                page2 = page.context.new_page()
                page2.goto(f"{url}?tab=dialogs&run={ids['third']}")
                expect(page2.locator("#bf-dlg-busy")).to_contain_text("being updated", timeout=60_000)
                expect(page2.locator("#bf-dlg-busy")).to_contain_text(ids["third"])
            # the lock is gone: both fill in by themselves (no click, no reload)
            expect(summary).to_contain_text("other-agent", timeout=60_000)
            expect(page.locator("#bf-dlg-busy")).not_to_contain_text("being updated")
            expect(page2.locator("#bf-dlg-summary")).to_contain_text("third-agent", timeout=60_000)
            expect(page2.locator("#bf-dlg-list")).to_contain_text("Household")
            assert "1\n2\n3" not in page2.locator("#bf-dlg-list").inner_text()
    finally:
        stop(proc)


def test_a_server_started_during_a_write_waits_for_the_store(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    proj, store, _, _ = make_project(tmp_path, lb_dataset)
    holder = writer_holding(store.path)
    holder.__enter__()
    released = False
    proc = None
    try:
        proc, url, _ = start_app(tmp_path, proj, store.path)
        with browser(tmp_path) as page:
            page.goto(url)
            header = page.locator("#bf-header")
            expect(header).to_contain_text("Waiting for the results store", timeout=60_000)
            expect(page.locator("#bf-banner")).to_contain_text("being updated")
            text = page.locator("body").inner_text()
            assert "0 evaluated run" not in text and "No evaluated runs yet" not in text
            holder.__exit__(None, None, None)
            released = True
            # the same page fills in by itself once the writer is gone
            expect(header).to_contain_text("evaluated run(s)", timeout=60_000)
            expect(page.locator("#bf-ranking td", has_text="known-agent")).to_be_visible()
    finally:
        if not released:
            holder.__exit__(None, None, None)
        if proc is not None:
            stop(proc)
