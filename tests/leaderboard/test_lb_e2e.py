"""End to end: the real app (`python -m leaderboard`) on a free loopback port, driven in headless
Debian Chromium through Playwright. Screenshots go to the pytest tmp dir and to
tests/leaderboard/artifacts/ (git-ignored); their paths are printed (pytest -s shows them)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from eligibench.datasets.publish import dataset_path
from eligibench.datasets.rows import read_parquet
from eligibench.results.store import ResultStore
from tests.leaderboard.synthetic import Household, write_run

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("BENYFITS_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"Debian Chromium not found at {CHROMIUM}: install it with `apt-get install -y chromium` "
           "(Playwright's own browser download is not used; set BENYFITS_CHROMIUM to use another binary)")]


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


@pytest.fixture()
def served(tmp_path, lb_dataset):
    proj = tmp_path / "project"
    proj.mkdir()
    shutil.copytree(lb_dataset, proj / "benyfits")
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    (proj / "submissions").mkdir()
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    rows = [r for d in ("diverse", "representative") for r in read_parquet(dataset_path(proj / "benyfits", d))]
    households = [Household(r.dataset, r.id, r.opportunities, r.labels, r.profile) for r in rows]
    run_id = write_run(store, households, "known-agent", strategy="e2e", questions=4,
                       data_version=rows[0].data_version, n_boot=20)
    port = free_port()
    log = tmp_path / "app.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "leaderboard", "--project", str(proj), "--store", str(store.path),
             "--port", str(port), "--max-upload-mb", "1"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_http(url, proc, log)
        yield {"url": url, "project": proj, "store": store, "run_id": run_id, "households": households,
               "log": log}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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


def test_leaderboard_in_a_real_browser(served, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    store: ResultStore = served["store"]
    first = store.transcript(served["run_id"], served["households"][0].dataset, served["households"][0].row_id, 0)
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            tempfile.mkdtemp(prefix="chromium-profile-", dir=tmp_path), executable_path=str(CHROMIUM),
            headless=True, args=CHROMIUM_ARGS, viewport={"width": 1500, "height": 1000})
        try:
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            page.goto(served["url"])

            # 1. the main table: the known submission and v1's reported rows
            table = page.locator("#bf-table")
            expect(table.get_by_role("gridcell").filter(has_text="known-agent").first).to_be_visible()
            expect(table.get_by_role("gridcell").filter(has_text="reported").first).to_be_visible()
            expect(table.get_by_role("gridcell").filter(has_text="v1 proada (GPT-4o)").first).to_be_visible()
            save_screenshot(page, tmp_path, "leaderboard-table.png")

            # sorting in the browser (the header's menu): fewest turns first -> v1's random baseline (0 turns)
            header = table.get_by_role("columnheader", name="Avg turns").first
            header.hover()
            header.get_by_role("button", name="Open cell menu").click(force=True)
            page.get_by_role("menuitem", name="Sort ascending").first.click()
            expect(table.get_by_role("row").nth(1)).to_contain_text("v1 random_p0.5")

            # 2. an evaluation writes while the app serves (the app holds no connection); Refresh shows it
            write_run(store, served["households"], "late-agent", questions=2, n_boot=20)
            page.get_by_role("button", name="Refresh").click()
            expect(table.get_by_role("gridcell").filter(has_text="late-agent").first).to_be_visible()

            # 3. click the known run -> its dialogs; the first transcript beside its ground truth
            table.get_by_role("gridcell").filter(has_text="known-agent").first.click()
            expect(page.get_by_role("tab", selected=True)).to_have_text("Dialogs")
            truth = page.locator("#bf-truth")
            expect(truth).to_contain_text("Why: checker lines executed")
            expect(truth).to_contain_text("Requirements")
            expect(page.get_by_text("known-agent on").first).to_be_visible()
            if first["turns"]:
                expect(page.get_by_text(first["turns"][0]["question"]).first).to_be_visible()
            expect(truth.locator(".bf-ln").first).to_be_visible()
            save_screenshot(page, tmp_path, "leaderboard-dialog.png")

            # 4. upload a zipped submission: unpacked into submissions/ and queued
            page.get_by_role("tab", name="Submit").click()
            page.locator("#bf-upload input[type=file]").set_input_files(str(zipped_submission(tmp_path, "random-e2e")))
            expect(page.get_by_text("random-e2e.zip").first).to_be_visible()
            page.get_by_role("button", name="Submit", exact=True).click()
            status = page.locator("#bf-upload-status")
            expect(status).to_contain_text("Accepted: random-e2e is queued")
            queue = page.locator("#bf-queue")
            expect(queue.get_by_role("gridcell").filter(has_text="random-e2e").first).to_be_visible()
            expect(queue.get_by_role("gridcell").filter(has_text="queued").first).to_be_visible()
            save_screenshot(page, tmp_path, "leaderboard-submit.png")

            # 5. a bad archive is refused with a reason
            bad = tmp_path / "bad.zip"
            with zipfile.ZipFile(bad, "w") as zf:
                zf.writestr("../escape.py", "print('x')\n")
            expect(page.locator("#bf-upload").get_by_text("Drop File Here")).to_be_visible()  # cleared
            page.wait_for_timeout(500)
            page.locator("#bf-upload input[type=file]").set_input_files(str(bad))
            expect(page.get_by_text("bad.zip").first).to_be_visible()
            page.get_by_role("button", name="Submit", exact=True).click()
            expect(status).to_contain_text("path traversal")
        finally:
            ctx.close()

    assert (served["project"] / "submissions" / "random-e2e" / "agent.py").is_file()
    assert [(q["submission"], q["status"]) for q in store.queue()] == [("random-e2e", "queued")]
    assert [p.name for p in (served["project"] / "submissions").iterdir()] == ["random-e2e"]


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
