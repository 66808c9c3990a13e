"""End to end: the real app (`python -m leaderboard`) on a free loopback port, driven in headless
Debian Chromium through Playwright. Screenshots go to the pytest tmp dir and to
tests/leaderboard/artifacts/ (git-ignored); their paths are printed (pytest -s shows them)."""
from __future__ import annotations

import csv
import io
import json
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from eligibench import system
from eligibench.datasets import dataset_path, read_parquet
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import Household, write_run

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Debian's Chromium (eligibench.system finds it: BENYFITS_CHROMIUM, else PATH); Playwright's own
# browser download is not used.
pytestmark = pytest.mark.needs_chromium


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the app exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise AssertionError(f"the app did not answer at {url} within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


def start_app(tmp_path: Path, proj: Path, store_path: Path, *extra: str):
    port = free_port()
    log = tmp_path / f"app-{port}.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "leaderboard", "--project", str(proj), "--store", str(store_path),
             "--port", str(port), *extra], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_http(url, proc, log)
    except BaseException:
        stop(proc)
        raise
    return proc, url, log


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def make_project(tmp_path: Path, lb_dataset: Path):
    proj = tmp_path / "project"
    proj.mkdir()
    shutil.copytree(lb_dataset, proj / "benyfits")
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    (proj / "submissions").mkdir()
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    rows = [r for d in ("diverse", "representative") for r in read_parquet(dataset_path(proj / "benyfits", d))]
    households = [Household(r.dataset, r.id, r.opportunities, r.labels, r.profile) for r in rows]
    dv = rows[0].data_version
    ids = {
        "known": write_run(store, households, "known-agent", strategy="e2e", questions=4, data_version=dv, n_boot=20),
        "other": write_run(store, households, "other-agent", strategy="react", questions=7, skill=0.5,
                           data_version=dv, n_boot=20),
        "third": write_run(store, households, "third-agent", strategy="direct", questions=1, skill=0.9,
                           data_version=dv, n_boot=20),
        "smoke": write_run(store, households, "smoke-agent", strategy="direct", questions=2, skill=0.99,
                           data_version=dv, n_boot=20, kind="smoke"),
    }
    return proj, store, households, ids


@pytest.fixture()
def served(tmp_path, lb_dataset):
    proj, store, households, ids = make_project(tmp_path, lb_dataset)
    proc, url, log = start_app(tmp_path, proj, store.path, "--max-upload-mb", "1", "--uploads-per-hour", "2")
    try:
        yield {"url": url, "project": proj, "store": store, "run_id": ids["known"], "ids": ids,
               "households": households, "log": log}
    finally:
        stop(proc)


@contextmanager
def browser(tmp_path: Path, width: int = 1440, height: int = 900):
    from playwright.sync_api import expect, sync_playwright

    # 2 shared cores: a first page load can take several seconds, and at load 5+ a tab 30 s (two timeouts seen)
    expect.set_options(timeout=60_000)
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="chromium-profile-", dir=tmp_path), executable_path=system.chromium_path(),
            headless=True, args=CHROMIUM_ARGS, viewport={"width": width, "height": height}, accept_downloads=True)
        try:
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            yield page
        finally:
            ctx.close()


def column_values(page, table_sel: str, column: str) -> list[float | None]:
    """A column's numbers as the browser shows them, in row order."""
    return page.evaluate(
        """([sel, col]) => { const t = document.querySelector(sel);
             const k = Array.from(t.tHead.rows[0].cells).findIndex(th => th.dataset.col === col);
             return Array.from(t.tBodies[0].rows).map(r => r.cells[k].dataset.v === undefined ? null
                                                                  : +r.cells[k].dataset.v); }""",
        [table_sel, column])


def row_order(page, table_sel: str) -> list[int]:
    return page.evaluate("sel => Array.from(document.querySelector(sel).tBodies[0].rows).map(r => +r.dataset.i)",
                         table_sel)


def pick(page, elem_id: str, option: str) -> None:
    """Choose an option of a Gradio dropdown (by its visible text)."""
    page.locator(f"#{elem_id} input").first.click()
    page.get_by_role("option", name=option).first.click()


def fetch(page, href: str) -> str:
    url = href if href.startswith("http") else page.url.split("?")[0].rstrip("/") + "/" + href.lstrip("/")
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode("utf-8")


def zipped_submission(tmp_path: Path, name: str) -> Path:
    src = tmp_path / name
    shutil.copytree(ROOT / "submissions" / "random", src, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = (src / "manifest.yaml").read_text().replace("name: random", f"name: {name}", 1)
    (src / "manifest.yaml").write_text(manifest)
    z = tmp_path / f"{name}.zip"
    with zipfile.ZipFile(z, "w") as zf:
        for f in sorted(src.rglob("*")):
            zf.write(f, f"{name}/{f.relative_to(src)}")
    return z


def save_screenshot(page, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    page.screenshot(path=str(path), full_page=True)
    ARTIFACTS.mkdir(exist_ok=True)
    shutil.copy(path, ARTIFACTS / name)
    print(f"\nscreenshot: {path} (copy: {ARTIFACTS / name})")
    return path


def ranking_rows(page) -> list[str]:
    """The agents' names in the ranking (the pinned cell's link; the authors are under it)."""
    return page.locator("#bf-ranking tbody tr td.bf-pin a.bf-agent").all_inner_texts()


def test_board_sorting_pinned_column_protocols_and_export(served, tmp_path):
    from playwright.sync_api import expect

    with browser(tmp_path) as page:
        page.goto(served["url"])
        ranking = page.locator("#bf-ranking")
        expect(ranking.locator("td", has_text="known-agent")).to_be_visible()
        # one protocol at a time: the smoke run is not ranked with the full-protocol runs, and
        # v1's reported rows are beside the ranking (their own table), not in it
        # display names are the configurations (synthetic runs: "<submission>-<protocol kind>")
        assert sorted(ranking_rows(page)) == ["known-agent-full", "other-agent-full", "third-agent-full"]
        expect(page.locator("#bf-protocol-banner")).to_contain_text("full protocol")
        expect(page.locator("#bf-v1 td", has_text="v1 proada (GPT-4o)")).to_be_visible()
        expect(page.locator("#bf-reported")).to_contain_text("protocol: v1 paper")
        # intervals come with their household count; TW-F1's interval is shown by default
        expect(ranking.locator("th[data-col='TW-F1 95% CI']")).to_be_visible()
        assert all(("n=" in t) for t in page.locator("#bf-ranking td:nth-child(4)").all_inner_texts())
        save_screenshot(page, tmp_path, "tab-board.png")

        # single-key sorting: the header click sorts; a second sort REPLACES the first one
        info = page.locator("#bf-table .bf-sortinfo")
        expect(info).to_contain_text("sorted by TW-F1")
        ranking.locator("th[data-col='Avg turns']").click()
        expect(info).to_contain_text("sorted by Avg turns (highest first)")
        turns = column_values(page, "#bf-ranking", "Avg turns")
        assert turns == sorted(turns, reverse=True)
        ranking.locator("th[data-col='Avg F1']").click()
        expect(info).to_contain_text("sorted by Avg F1")
        f1 = column_values(page, "#bf-ranking", "Avg F1")
        order = row_order(page, "#bf-ranking")
        assert f1 == sorted(f1, reverse=True)
        for i in range(len(f1) - 1):  # ties keep the DEFAULT order, not the previous sort's
            if f1[i] == f1[i + 1]:
                assert order[i] < order[i + 1]
        ranking.locator("th[data-col='Avg F1']").click()
        expect(info).to_contain_text("lowest first")
        # an evaluation writes while the app serves (the app holds no connection): Refresh shows
        # it, and the chosen sort stays applied to the new rows
        store: ResultStore = served["store"]
        dv = store.runs()[0]["data_version"]
        write_run(store, served["households"], "late-agent", questions=2, data_version=dv, n_boot=20)
        page.get_by_role("button", name="Refresh").click()
        expect(ranking.locator("td", has_text="late-agent")).to_be_visible()
        expect(info).to_contain_text("sorted by Avg F1 (lowest first)")
        f1 = column_values(page, "#bf-ranking", "Avg F1")
        assert f1 == sorted(f1)
        page.locator("#bf-table .bf-reset").click()
        expect(info).to_contain_text("sorted by TW-F1 (highest first, the default)")
        assert row_order(page, "#bf-ranking") == list(range(len(f1)))

        # the first column stays pinned when the table scrolls sideways (the 10 default columns fit
        # 1440 px: a narrower window makes the table scroll)
        page.set_viewport_size({"width": 700, "height": 900})
        page.wait_for_timeout(300)
        page.locator("#bf-ranking tbody tr").first.scroll_into_view_if_needed()  # the controls wrap: it moves down
        page.locator("#bf-table .bf-scroll").evaluate("e => { e.scrollLeft = 100000; }")
        page.wait_for_timeout(200)
        pinned = page.evaluate("""() => { const s = document.querySelector('#bf-table .bf-scroll');
            const td = document.querySelector('#bf-ranking tbody tr td.bf-pin');
            const a = s.getBoundingClientRect(), b = td.getBoundingClientRect();
            const hit = document.elementFromPoint(b.left + 5, b.top + b.height / 2);
            return {scrolled: s.scrollLeft, dx: b.left - a.left, same: td.contains(hit)}; }""")
        assert pinned["scrolled"] > 100 and abs(pinned["dx"]) < 3 and pinned["same"], pinned
        save_screenshot(page, tmp_path, "tab-board-scrolled.png")
        page.set_viewport_size({"width": 1440, "height": 900})

        # numeric filters compare numbers
        page.locator("#bf-filter textarea, #bf-filter input").first.fill("TW-F1 > 1000")
        page.locator("#bf-filter textarea, #bf-filter input").first.press("Enter")
        expect(page.locator("#bf-table")).to_contain_text("No evaluated run under this protocol matches")
        page.locator("#bf-filter textarea, #bf-filter input").first.fill("Dialogs >= 2")
        page.locator("#bf-filter textarea, #bf-filter input").first.press("Enter")
        expect(ranking.locator("td", has_text="known-agent")).to_be_visible()

        # export of the table as shown: CSV with a header row and JSON, parsed back
        page.locator("#bf-export-table").click()
        links = page.locator("#bf-export-table-files a")
        expect(links).to_have_count(2)
        hrefs = [links.nth(i).get_attribute("href") for i in range(2)]
        csv_text = fetch(page, next(h for h in hrefs if ".csv" in h))
        rows = list(csv.DictReader(io.StringIO(csv_text)))
        assert sorted(r["Submission"] for r in rows) == ["known-agent-full", "late-agent-full", "other-agent-full",
                                                         "third-agent-full"]
        assert "TW-F1" in rows[0] and "TW-F1 95% CI low" in rows[0] and "TW-F1 95% CI n" in rows[0]
        records = json.loads(fetch(page, next(h for h in hrefs if ".json" in h)))
        assert {r["Submission"] for r in records} == {r["Submission"] for r in rows}

        # another protocol: its own section, with a banner naming what differs
        pick(page, "bf-protocol-pick", "smoke")
        expect(page.locator("#bf-protocol-banner")).to_contain_text("a smoke protocol")
        expect(page.locator("#bf-protocol-banner")).to_contain_text("2 of")
        expect(ranking.locator("td", has_text="smoke-agent")).to_be_visible()
        assert ranking_rows(page) == ["smoke-agent-smoke"]
        assert "protocol=" in page.url

        # the other tabs
        page.get_by_role("tab", name="F1 vs turns").click()
        expect(page.locator("#bf-scatter .bf-errbar").first).to_be_attached()
        save_screenshot(page, tmp_path, "tab-scatter.png")
        page.get_by_role("tab", name="Simulator").click()
        save_screenshot(page, tmp_path, "tab-simulator.png")
        body = page.content()
        assert str(served["project"]) not in body and "/bin/python" not in body and "PID" not in body


def test_dialogs_follow_the_run_deep_links_explanations_and_run_export(served, tmp_path):
    from playwright.sync_api import expect

    store: ResultStore = served["store"]
    ids = served["ids"]
    first = sorted(served["households"], key=lambda h: (h.dataset, h.row_id))[0]
    other = store.transcript(ids["other"], first.dataset, first.row_id, 0)
    with browser(tmp_path) as page:
        page.goto(served["url"])
        # a click on a run opens its dialogs
        page.locator("#bf-ranking tr", has_text="known-agent").click()
        expect(page.get_by_role("tab", selected=True)).to_have_text("Dialogs")
        summary = page.locator("#bf-dlg-summary")
        expect(summary).to_contain_text(f"known-agent on {first.dataset} / {first.row_id}")
        # the stale-dialog bug: both runs' first dialog is the same key; changing the run must
        # change the transcript, summary and reasons
        pick(page, "bf-dlg-run", "other-agent")
        expect(summary).to_contain_text(f"other-agent on {first.dataset} / {first.row_id}")
        expect(summary).to_contain_text(f"{len(other['turns'])} question(s)")
        if other["turns"]:
            expect(page.locator("#bf-chat")).to_contain_text(other["turns"][-1]["question"])
            # facts disclosed per answer (turn_facts) and the agent's notes per question (turn_notes)
            expect(page.locator("#bf-chat")).to_contain_text("Facts disclosed:")
            expect(page.locator("#bf-chat")).to_contain_text("agent notes")
        assert f"run={ids['other']}" in page.url and "tab=dialogs" in page.url

        # explanations: the decisive requirement in words, branches marked, requirements as Markdown
        truth = page.locator("#bf-truth")
        expect(truth.locator(".bf-why").first).to_contain_text("Why")
        # item 3, sampled in the browser: every "why" shown reads as plain words (the exhaustive
        # check over every checker condition is tests/truth/test_explain_plain.py)
        from eligibench.truth import plain_words

        whys = truth.locator(".bf-why").all_inner_texts()
        assert whys and all(plain_words(w) for w in whys), [w for w in whys if not plain_words(w)]
        assert truth.locator(".bf-code .bf-true, .bf-code .bf-false").count() > 0
        expect(truth.locator(".bf-md p").first).to_be_attached()
        assert "|---|" not in truth.inner_text()
        expect(truth.locator(".bf-facts").first).to_be_attached()  # needed facts, asked / not asked
        expect(page.locator("#bf-profile")).to_contain_text("household")
        save_screenshot(page, tmp_path, "tab-dialogs.png")

        # a click in the dialog list opens that dialog
        second = sorted(served["households"], key=lambda h: (h.dataset, h.row_id))[1]
        page.locator("#bf-dlg-list").get_by_role("gridcell").filter(has_text=second.row_id).first.click()
        expect(summary).to_contain_text(f"other-agent on {second.dataset} / {second.row_id}")
        assert urllib.parse.quote(second.row_id) in page.url

        # filters: only dialogs with a wrong pair
        page.locator("#bf-dlg-wrong input").check()
        expect(page).to_have_url(re.compile(r"wrong=1"))  # polled: a fixed 1.5 s wait failed under load

        # export of the run: the evaluate stage's summary keys, plus every dialog
        page.locator("#bf-export-run").click()
        link = page.locator("#bf-export-run-file a").first
        expect(link).to_be_attached()
        assert link.get_attribute("href") == f"bf-export/{link.get_attribute('href').split('/')[1]}/benyfits-run-{ids['other']}.json"
        assert link.inner_text() == f"benyfits-run-{ids['other']}.json"  # a clean name, no server path
        data = json.loads(fetch(page, link.get_attribute("href")))
        assert {"submission", "run_id", "data_version", "simulator", "metrics"} <= set(data)
        assert data["run_id"] == ids["other"] and data["submission"] == "other-agent"
        stored = {f"{m['dataset']}.{m['name']}": m["value"] for m in store.metrics(ids["other"])}
        assert data["metrics"] == pytest.approx(stored, nan_ok=True)
        assert len(data["dialogs"]) == len(served["households"])

        # the deep link restores the view in a fresh page
        link_url = page.url
        page2 = page.context.new_page()
        page2.goto(link_url)
        expect(page2.get_by_role("tab", selected=True)).to_have_text("Dialogs")
        expect(page2.locator("#bf-dlg-summary")).to_contain_text("other-agent on")
        expect(page2.locator("#bf-dlg-wrong input")).to_be_checked()

        # a heatmap cell opens the matching dialogs
        page2.get_by_role("tab", name="Per opportunity").click()
        cell = page2.locator("#bf-heatmap td a").first
        expect(cell).to_be_visible()
        save_screenshot(page2, tmp_path, "tab-opportunity.png")
        href = cell.get_attribute("href")
        cell.click()
        page2.wait_for_url("**opportunity=**")
        expect(page2.get_by_role("tab", selected=True)).to_have_text("Dialogs")
        opp = urllib.parse.parse_qs(href.lstrip("?"))["opportunity"][0]
        from eligibench.catalog import load_catalog

        named = {o.id: o.name for o in load_catalog().opportunities}
        expect(page2.locator("#bf-dlg-opp input")).to_have_value(named.get(opp, opp))  # the program by name

        # compare two runs on the same household
        page2.goto(served["url"] + f"?tab=compare&a={ids['known']}&b={ids['other']}")
        expect(page2.locator("#bf-cmp-summary")).to_contain_text("A = known-agent")
        expect(page2.locator("#bf-cmp-summary")).to_contain_text("B = other-agent")
        save_screenshot(page2, tmp_path, "tab-compare.png")


def test_busy_store_banner_last_good_data_and_recovery(served, tmp_path):
    """A real writer (another process with a read-write DuckDB connection) holds the file until the
    test has seen both pages busy: a fixed hold (14 s) raced the page loads on a loaded machine (a
    fresh visitor's load could start after the writer had gone, and its banner never appeared)."""
    from playwright.sync_api import expect

    hold = 120  # the longest the writer holds the file if the test never releases it
    with browser(tmp_path) as page:
        page.goto(served["url"])
        expect(page.locator("#bf-ranking td", has_text="known-agent")).to_be_visible()
        # holds the file until its stdin closes (the test's release), at most `hold` seconds
        writer = subprocess.Popen([sys.executable, "-c",
                                   "import duckdb, select, sys; c = duckdb.connect(sys.argv[1]);"
                                   " c.execute('CREATE TABLE IF NOT EXISTS _held (x INT)'); print('locked', flush=True);"
                                   f" select.select([sys.stdin], [], [], {hold}); c.close()", str(served["store"].path)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert writer.stdout.readline().strip() == "locked"
            page.get_by_role("button", name="Refresh").click()
            banner = page.locator("#bf-banner")
            expect(banner).to_contain_text("results are being updated, retrying", timeout=20_000)
            # the last good data stays, the reported rows too
            expect(page.locator("#bf-ranking td", has_text="known-agent")).to_be_visible()
            expect(page.locator("#bf-v1 td", has_text="v1 proada (GPT-4o)")).to_be_visible()
            # a fresh visitor while locked: reported rows (never from the store) and the banner
            page2 = page.context.new_page()
            page2.goto(served["url"])
            expect(page2.locator("#bf-banner")).to_contain_text("being updated", timeout=20_000)
            expect(page2.locator("#bf-v1 td", has_text="v1 proada (GPT-4o)")).to_be_visible()
            save_screenshot(page2, tmp_path, "busy-store.png")
            for p in (page, page2):
                text = p.content()
                assert str(served["store"].path) not in text and "PID" not in text and "Error" not in \
                    p.locator("body").inner_text()
        finally:
            writer.stdin.close()  # release the file
            writer.wait(timeout=hold + 30)
        # the lock is gone: both pages recover by themselves (no reload, no click)
        expect(page.locator("#bf-banner")).not_to_contain_text("being updated", timeout=60_000)
        expect(page2.locator("#bf-banner")).not_to_contain_text("being updated", timeout=60_000)
        expect(page2.locator("#bf-ranking td", has_text="known-agent")).to_be_visible()


def test_phone_layout_shows_submission_and_tw_f1(served, tmp_path):
    from playwright.sync_api import expect

    with browser(tmp_path, 390, 844) as page:
        page.goto(served["url"])
        cell = page.locator("#bf-ranking tbody tr").first.locator("td").nth(1)  # TW-F1
        expect(cell).to_be_visible()
        for loc in (page.locator("#bf-ranking tbody tr td.bf-pin").first, cell):
            box = loc.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        expect(page.locator("#bf-intro")).to_be_visible()  # the intro is a collapsed accordion
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390 + 1
        save_screenshot(page, tmp_path, "phone-board.png")
        # a tap on a run opens its dialogs, with the transcript of THAT run
        page.locator("#bf-ranking tr", has_text="other-agent").click()
        expect(page.locator("#bf-dlg-summary")).to_contain_text("other-agent on")
        save_screenshot(page, tmp_path, "phone-dialogs.png")


def test_upload_queue_and_rate_limit(served, tmp_path):
    from playwright.sync_api import expect

    store: ResultStore = served["store"]
    with browser(tmp_path) as page:
        page.goto(served["url"])
        expect(page.locator("#bf-ranking td").first).to_be_visible()  # the load event is done
        page.get_by_role("tab", name="Submit").click()
        page.locator("#bf-upload input[type=file]").set_input_files(str(zipped_submission(tmp_path, "random-e2e")))
        # the file row, not its text: Gradio renders stem and extension in separate spans
        expect(page.locator("#bf-upload table")).to_contain_text(re.compile(r"random-e2e\s*\.zip"))
        page.get_by_role("button", name="Submit", exact=True).click()
        status = page.locator("#bf-upload-status")
        expect(status).to_contain_text("Accepted: random-e2e is queued")
        queue = page.locator("#bf-queue")
        expect(queue.get_by_role("gridcell").filter(has_text="random-e2e").first).to_be_visible()
        expect(queue.get_by_role("gridcell").filter(has_text="pending").first).to_be_visible()
        assert str(served["project"]) not in queue.inner_text()
        save_screenshot(page, tmp_path, "tab-submit.png")

        # a bad archive is refused with a reason
        bad = tmp_path / "bad.zip"
        with zipfile.ZipFile(bad, "w") as zf:
            zf.writestr("../escape.py", "print('x')\\n")
        expect(page.locator("#bf-upload").get_by_text("Drop File Here")).to_be_visible()  # cleared
        page.wait_for_timeout(500)
        page.locator("#bf-upload input[type=file]").set_input_files(str(bad))
        expect(page.locator("#bf-upload table")).to_contain_text(re.compile(r"bad\s*\.zip"))
        page.get_by_role("button", name="Submit", exact=True).click()
        expect(status).to_contain_text("path traversal")
        # the app allows 2 uploads per hour from one address: the third is refused before unpacking
        page.get_by_role("button", name="Submit", exact=True).click()
        expect(status).to_contain_text("too many uploads")

    assert (served["project"] / "submissions" / "random-e2e" / "agent.py").is_file()
    assert [(q["submission"], q["status"]) for q in store.queue()] == [("random-e2e", "queued")]


def test_no_upload_hides_the_submit_tab(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    proj, store, _, _ = make_project(tmp_path, lb_dataset)
    store.enqueue("someone", str(proj / "submissions" / "someone"))
    proc, url, _ = start_app(tmp_path, proj, store.path, "--no-upload")
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            expect(page.get_by_role("tab", name="Queue")).to_be_visible()
            expect(page.get_by_role("tab", name="Submit")).to_have_count(0)
            page.get_by_role("tab", name="Queue").click()
            expect(page.locator("#bf-queue").get_by_role("gridcell").filter(has_text="pending").first).to_be_visible()
            expect(page.locator("#bf-upload")).to_have_count(0)
            assert str(proj) not in page.content()
    finally:
        stop(proc)


def test_oversized_upload_is_answered_413(served):
    body = b"x" * (1024 * 1024 + 4096)  # the app was started with --max-upload-mb 1
    boundary = "bfboundary"
    data = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"big.zip\"\r\n"
            f"Content-Type: application/zip\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    req = urllib.request.Request(served["url"] + "gradio_api/upload", data=data, method="POST",
                                 headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(req, timeout=30)
    assert e.value.code == 413
