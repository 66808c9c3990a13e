"""Issue 36 item 7: an agent's notes of every shape show literally in the Dialogs tab.

The NoteShapes hostile agent (tests/evaluation/hostile/note_shapes.py) runs in the jailed worker
through the real dialog loop; each turn's notes are another shape (string, table cells, code
blocks, a list, nested JSON, carriage returns, odd keys) carrying <img>, <video poster>,
<svg><image>, <a target=_blank> and Markdown images aimed at a real HTTP server standing for a
remote host. The real app serves the stored dialog to headless Chromium; every notes panel is
opened. Asserted: no such element and no element with an external src/href exists in the chat,
the remote host is never hit and no request leaves the page's origin, and the bait shows as text.
A unit check pins the fence rule (one backtick longer than any run inside)."""
from __future__ import annotations

import re
import shutil
import urllib.parse

import pytest

from eligibench.datasets import dataset_path, read_parquet
from eligibench.evaluation.hosting import OpportunityBrief, ProcessAgent
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.results import ResultStore, RunSpec
from leaderboard.notes import code_block, notes_markdown
from tests.evaluation.doubles import ExtractiveUserModel
from tests.leaderboard.test_lb_e2e import ROOT, browser, start_app, stop
from tests.leaderboard.test_lb_markup import Remote

FORBIDDEN = ("img, video, svg, image, iframe, object, embed, audio, source, a[target], [src^='http'], "
             "[href^='http'], [poster], [srcset]")


def test_a_fence_is_longer_than_any_backtick_run_inside():
    for text in ("````\n<img>", "a ``````` b", "no ticks", "\r```\r"):
        block = code_block(text)
        fence = block.split("\n", 1)[0].rstrip("python")
        runs = [len(x) for x in re.findall(r"`+", text)] or [0]
        assert set(fence) == {"`"} and len(fence) == max(3, max(runs) + 1), (text, fence)
        assert block.endswith("\n" + fence) and "\r" not in block
    table = notes_markdown({"a|<b>\n| --- |": "x | --- | <img src=http://h/p>"})
    assert "<" not in table and table.count("|") == 9  # header, rule and one row of 3 each: no cell break
    assert "\n" not in table.split("|---|---|\n", 1)[1]


@pytest.mark.needs_chromium
@pytest.mark.needs_bwrap
def test_notes_of_every_shape_render_no_element_and_load_nothing(tmp_path, lb_dataset):
    from playwright.sync_api import expect

    remote = Remote()
    proj = tmp_path / "project"
    shutil.copytree(lb_dataset, proj / "benyfits")
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    shutil.copytree(ROOT / "tests" / "evaluation" / "hostile", proj / "submissions" / "hostile",
                    ignore=shutil.ignore_patterns("__pycache__"))
    row = read_parquet(dataset_path(proj / "benyfits", "diverse"))[0]
    briefs = tuple(OpportunityBrief(o, o, "Requirements.") for o in row.opportunities)
    agent = ProcessAgent(proj / "submissions" / "hostile", "note_shapes:NoteShapes", {}, 0, {"host": remote.url},
                         cwd=proj, call_timeout_s=30)
    try:
        result = run_dialog(agent, SimulatedUser(ExtractiveUserModel(), row.profile), briefs,
                            dict(zip(row.opportunities, row.labels)), row.id, "diverse")
    finally:
        agent.close()
    assert result.error is None and len(result.agent_notes) == 7, (result.error, len(result.agent_notes))
    store = ResultStore(proj / "results" / "benyfits.duckdb")
    run_id = store.ensure_run(RunSpec("note-shapes", {}, "extractive", {}, row.data_version, ("diverse",)))
    store.record_dialogs(run_id, [result])
    store.set_run_status(run_id, "done")

    proc, url, log = start_app(tmp_path, proj, store.path, "--no-upload")
    try:
        origin = url.rstrip("/")
        left: list[str] = []
        with browser(tmp_path) as page:
            page.on("request", lambda req: None if req.url.startswith((origin, "data:", "blob:")) else left.append(req.url))
            key = f"diverse / {row.id} / trial 0"
            page.goto(url + "?" + urllib.parse.urlencode({"tab": "dialogs", "run": run_id, "dialog": key}))
            chat = page.locator("#bf-chat")
            try:
                expect(chat).to_contain_text("Question 7", timeout=90_000)  # 2 shared cores, busy
            finally:
                page.screenshot(path=str(tmp_path / "notes.png"), full_page=False)
            summaries = chat.locator("summary", has_text="agent notes")
            expect(summaries).to_have_count(7)
            for i in range(7):
                summaries.nth(i).click()
            expect(chat).to_contain_text(f"<video poster={remote.url}/v.png>")
            expect(chat).to_contain_text(f"<a href={remote.url}/l target=_blank>click</a>")
            expect(chat).to_contain_text(f"<svg><image href={remote.url}/s.png /></svg>")
            expect(chat).to_contain_text("</code></pre>")
            page.wait_for_timeout(1500)  # any late load would be recorded by now
            # Gradio's own icons (the copy button it puts on each code block) are not from the agent
            found = chat.locator(".message-content").evaluate_all(
                "(msgs, sel) => msgs.flatMap(m => [...m.querySelectorAll(sel)])"
                ".filter(e => !e.closest('[class*=copy_code_button]')).map(e => e.outerHTML.slice(0, 200))", FORBIDDEN)
            assert found == [], found
            assert chat.locator(".message-content").count() >= 14  # 7 questions and 7 answers were searched
            # the only <details> are ours: one per turn (a raw <details> from the notes would add one)
            assert chat.locator("details").count() == 7
    finally:
        stop(proc)
        remote.srv.shutdown()
    assert not left, left
    assert not remote.hits, remote.hits
