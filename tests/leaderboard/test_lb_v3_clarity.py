"""Leaderboard v3 clarity in headless Chromium: ranks, a malformed filter's warning, keyboard
sorting and row open, sort order and columns in the URL, the export in the order shown."""
from __future__ import annotations

import csv
import io

from tests.leaderboard.test_lb_e2e import (  # noqa: F401  (fixtures and the browser marker)
    browser,
    column_values,
    fetch,
    pytestmark,
    served,
)


def test_ranks_filter_warning_keyboard_url_and_export_order(served, tmp_path):  # noqa: F811 (the fixture)
    from playwright.sync_api import expect

    with browser(tmp_path) as page:
        page.goto(served["url"] + "?columns=TW-F1,TW-F1 95% CI,Avg turns,Run")
        ranking = page.locator("#bf-ranking")
        expect(ranking.locator("td", has_text="known-agent-full")).to_be_visible()
        heads = ranking.locator("thead th").all_inner_texts()
        assert heads[:2] == ["Rank", "Submission"] and "Diverse F1" not in heads  # columns from the URL
        ranks = ranking.locator("tbody tr td:first-child").all_inner_texts()
        assert ranks[0] == "1" and all(r == "=1" or r.isdigit() for r in ranks[1:])

        # a malformed filter is named, not silently read as a word search; the table stays
        box = page.locator("#bf-filter textarea, #bf-filter input").first
        box.fill("TW-F1 > abc")
        box.press("Enter")
        expect(page.locator("#bf-filter-msg")).to_contain_text("'abc' is not a number")
        expect(ranking.locator("td", has_text="known-agent-full")).to_be_visible()
        box.fill("")
        box.press("Enter")
        expect(page.locator("#bf-filter-msg")).not_to_contain_text("not a number")

        # keyboard: Enter on a focused header sorts, and the sort goes to the URL
        th = ranking.locator("th[data-col='Avg turns']")
        th.focus()
        page.keyboard.press("Enter")
        info = page.locator("#bf-table .bf-sortinfo")
        expect(info).to_contain_text("sorted by Avg turns (highest first)")
        page.keyboard.press("Enter")
        expect(info).to_contain_text("sorted by Avg turns (lowest first)")
        assert "sort=Avg+turns" in page.url or "sort=Avg%20turns" in page.url
        shown = column_values(page, "#bf-ranking", "Avg turns")
        shown_names = ranking.locator("tbody tr td.bf-pin a.bf-agent").all_inner_texts()  # the name (authors under it)

        # the export is the table as shown: its order, its columns, numeric interval bounds
        page.locator("#bf-export-table").click()
        links = page.locator("#bf-export-table-files a")
        expect(links).to_have_count(2)
        hrefs = [links.nth(i).get_attribute("href") for i in range(2)]
        csv_href = next(h for h in hrefs if ".csv" in h)
        assert "benyfits-leaderboard-" in csv_href
        # clean file names: the link and its text name the file, never the server's temp folder
        texts = links.all_inner_texts()
        assert all(h.startswith("bf-export/") and "/tmp" not in h and "gradio_api" not in h for h in hrefs), hrefs
        assert sorted(texts) == sorted(h.rsplit("/", 1)[-1] for h in hrefs)
        assert all(t.startswith("benyfits-leaderboard-") and "/" not in t for t in texts)
        assert "/tmp" not in page.locator("#bf-export-table-files").inner_html()
        rows = list(csv.DictReader(io.StringIO(fetch(page, csv_href))))
        assert [r["Submission"] for r in rows] == shown_names
        assert [float(r["Avg turns"]) for r in rows] == shown
        assert {"TW-F1 95% CI low", "TW-F1 95% CI high", "TW-F1 95% CI n"} <= set(rows[0])
        assert "Diverse F1" not in rows[0]

        # a reload keeps the sort (from the URL); Enter on a focused row opens its run
        page.reload()
        expect(page.locator("#bf-table .bf-sortinfo")).to_contain_text("sorted by Avg turns (lowest first)")
        row = page.locator("#bf-ranking tbody tr").first
        row.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_role("tab", selected=True)).to_have_text("Dialogs")
        expect(page.locator("#bf-dlg-summary")).to_contain_text(" on ")
