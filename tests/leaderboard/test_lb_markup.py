"""Issue 24, item 2: what an agent writes is shown as literal text and loads nothing remote.

The Markup hostile agent (tests/evaluation/hostile/agent.py) runs through the jailed worker and the
real dialog loop; its dialog (questions, notes, an exception message full of Markdown and HTML
naming a "remote" host: a real HTTP server on another port that records every hit) goes into a
real store, the real app serves it, and headless Chromium opens the dialog. Asserted: no request
leaves the page's origin, the remote host is never hit, the text shows literally, and every
response carries the Content Security Policy."""
from __future__ import annotations

import http.server
import threading
import urllib.parse
import urllib.request

import pytest

from eligibench.datasets import dataset_path, read_parquet
from eligibench.evaluation.hosting import OpportunityBrief, ProcessAgent
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.results import AGENT_ERROR, ResultStore, RunSpec
from tests.evaluation.doubles import ExtractiveUserModel
from tests.leaderboard.test_lb_e2e import ROOT, browser, start_app, stop

pytestmark = [pytest.mark.needs_chromium, pytest.mark.needs_bwrap]


class Remote:
    """A real HTTP server standing for a remote host: records every path requested."""

    def __init__(self):
        self.hits: list[str] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                outer.hits.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.end_headers()

            def log_message(self, *a):
                pass

        self.srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.srv.server_address[1]}"


def test_markup_from_an_agent_shows_literally_and_loads_nothing_remote(tmp_path, lb_dataset):
    import shutil

    from playwright.sync_api import expect

    remote = Remote()
    proj = tmp_path / "project"
    shutil.copytree(lb_dataset, proj / "benyfits")
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    shutil.copytree(ROOT / "tests" / "evaluation" / "hostile", proj / "submissions" / "hostile",
                    ignore=shutil.ignore_patterns("__pycache__"))
    row = read_parquet(dataset_path(proj / "benyfits", "diverse"))[0]
    briefs = tuple(OpportunityBrief(o, o, "Requirements.") for o in row.opportunities)
    agent = ProcessAgent(proj / "submissions" / "hostile", "agent:Markup", {}, 0, {"host": remote.url}, cwd=proj,
                         call_timeout_s=30)
    try:
        result = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), row.profile), briefs,
                            dict(zip(row.opportunities, row.labels)), row.id, "diverse")
    finally:
        agent.close()
    assert result.termination == AGENT_ERROR and f"{remote.url}/err-a.png" in result.error
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    name = f"evil ![n]({remote.url}/name.png) <img src={remote.url}/name2.png>"
    run_id = store.ensure_run(RunSpec(name, {}, "extractive", {}, row.data_version, ("diverse",)))
    store.record_dialogs(run_id, [result])
    store.set_run_status(run_id, "done")

    proc, url, log = start_app(tmp_path, proj, store.path, "--no-upload")
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            csp = r.headers["Content-Security-Policy"]
        assert "img-src 'self' data: blob:" in csp and "default-src 'self'" in csp
        origin = url.rstrip("/")
        left: list[str] = []
        with browser(tmp_path) as page:
            page.on("request", lambda req: None if req.url.startswith((origin, "data:", "blob:")) else left.append(req.url))
            key = f"diverse / {row.id} / trial 0"
            page.goto(url + "?" + urllib.parse.urlencode({"tab": "dialogs", "run": run_id, "dialog": key}))
            chat, summary = page.locator("#bf-chat"), page.locator("#bf-dlg-summary")
            expect(summary).to_contain_text("ended: the agent failed")
            expect(chat).to_contain_text(f"![t]({remote.url}/q-md.png)")
            expect(chat).to_contain_text(f"<img src={remote.url}/q-img.png onerror=alert(1)>")
            expect(chat).to_contain_text("<script>fetch(")
            expect(chat).to_contain_text("**bold-q**")
            page.locator("#bf-chat summary", has_text="agent notes").first.click()
            expect(chat).to_contain_text(f"<img src={remote.url}/note2.png>")
            expect(chat).to_contain_text("```")
            expect(summary).to_contain_text(f"bad ` ![a]({remote.url}/err-a.png) `")
            expect(summary).to_contain_text(f"<img src={remote.url}/err-c.png>")
            expect(summary).to_contain_text(name)
            assert chat.locator("img, script, a[href^='http']").count() == 0
            assert summary.locator("img, code, a").count() == 0
            page.wait_for_timeout(1500)  # any late image load would be recorded by now
    finally:
        stop(proc)
        remote.srv.shutdown()
    assert not left, left
    assert not remote.hits, remote.hits
