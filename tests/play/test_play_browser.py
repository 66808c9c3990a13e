"""The Play tab driven in headless Chromium (the real app, `python -m leaderboard`), in both roles,
and the labels kept out of the page until the finish click. Screenshots of both modes go to
tests/leaderboard/artifacts/ (and, with BENYFITS_DOC_SCREENSHOTS=1, to docs/img/)."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from eligibench.datasets import dataset_path, read_parquet
from eligibench.results import ResultStore
from tests.leaderboard.test_lb_e2e import browser, save_screenshot, start_app, stop

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.needs_chromium

ASKER = '''from eligibench.evaluation.hosting import Agent


class Asker(Agent):
    """Asks two fixed questions, then predicts every opportunity eligible (a test agent, no model)."""

    QUESTIONS = ("How old are you?", "Does anyone in your household work?")

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ready(self, dialog):
        return len(dialog.turns) >= len(self.QUESTIONS)

    def ask(self, dialog):
        return self.QUESTIONS[len(dialog.turns)]

    def predict(self, dialog):
        return {i: True for i in self.ids}
'''


@pytest.fixture()
def play_app(tmp_path):
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    shutil.copy(ROOT / "params.yaml", proj / "params.yaml")
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    subs = proj / "submissions"
    shutil.copytree(ROOT / "submissions" / "random", subs / "random", ignore=shutil.ignore_patterns("__pycache__"))
    (subs / "asker").mkdir()
    (subs / "asker" / "agent.py").write_text(ASKER)
    (subs / "asker" / "manifest.yaml").write_text(
        "name: asker\nstrategy: two fixed questions\nauthors: [tests]\nentry_point: agent:Asker\nmodels: {}\n"
        "license: MIT\n")
    store = proj / "results" / "benyfits.duckdb"
    ResultStore(store).runs()  # an empty store file
    proc, url, log = start_app(tmp_path, proj, store, "--plays-per-hour", "3")
    rows = {r.id: r for d in ("diverse", "representative") for r in read_parquet(dataset_path(proj / "benyfits", d))}
    try:
        yield {"url": url, "project": proj, "store": store, "rows": rows, "log": log}
    finally:
        stop(proc)


def _doc_shot(page, tmp_path, name: str) -> None:
    path = save_screenshot(page, tmp_path, name)
    if os.environ.get("BENYFITS_DOC_SCREENSHOTS"):
        (ROOT / "docs" / "img").mkdir(exist_ok=True)
        shutil.copy(path, ROOT / "docs" / "img" / name)


def _open_play(page, url: str) -> None:
    from playwright.sync_api import expect

    page.goto(url)
    page.get_by_role("tab", name="Play").click()
    expect(page.locator("#bf-play-start")).to_be_visible()


def _pick(page, elem_id: str, value_text: str) -> None:
    page.locator(f"#{elem_id} input").first.click()
    page.get_by_role("option", name=value_text).first.click()


def _page_texts(page) -> str:
    """Everything the browser can read before the finish: the page, the Gradio config (every
    component's value) and the API description."""
    return page.evaluate("""async () => {
        const base = window.location.href.split('?')[0].replace(/\\/$/, '');
        const get = async p => { try { const r = await fetch(base + p); return await r.text(); } catch (e) { return ''; } };
        return [document.documentElement.outerHTML, await get('/config'), await get('/gradio_api/info')].join('\\n');
    }""")


def _names(project: Path) -> dict[str, str]:
    from eligibench.evaluation.play import HUMAN_MANIFEST
    from eligibench.evaluation.run import load_run

    return {o: b.name for o, b in load_run(HUMAN_MANIFEST, project).briefs.items()}


def _verdicts_on_top_and_input_closed(page) -> None:
    """Issue 36: the verdicts at the top of the page when the game ends (measured: above the
    dialog and the requirement texts, within the first screen), the question box and Send gone."""
    from playwright.sync_api import expect

    page.evaluate("window.scrollTo(0, 0)")
    top = lambda sel: page.evaluate(  # noqa: E731 - the element's top in page coordinates
        "s => { const e = document.querySelector(s); return e ? e.getBoundingClientRect().top + window.scrollY : null; }",
        sel)
    verdicts, chat, req = top("#bf-play-result table.bf-play-verdict"), top("#bf-play-chat"), top("#bf-play-req")
    assert verdicts is not None and verdicts < chat and verdicts < req, (verdicts, chat, req)
    height = page.evaluate("window.innerHeight")
    assert verdicts < height, f"the verdicts start {verdicts:.0f} px down, below the first screen ({height} px)"
    expect(page.locator("#bf-play-input")).to_be_hidden()
    expect(page.locator("#bf-play-send")).to_be_hidden()
    expect(page.locator("#bf-play-finish")).to_be_hidden()


def _human_runs(store: Path):
    s = ResultStore(store)
    return s, [r for r in s.runs() if r["status"] == "human"]


def test_play_as_agent_in_the_browser_labels_only_after_finish(play_app, tmp_path):
    from playwright.sync_api import expect

    row = play_app["rows"]["diverse-0000"]
    with browser(tmp_path) as page:
        _open_play(page, play_app["url"])
        page.locator("#bf-play-participant textarea, #bf-play-participant input").first.fill("carol")
        page.locator("#bf-play-start").click()
        expect(page.locator("#bf-play-input")).to_contain_text("left")
        briefs = _names(play_app["project"])
        expect(page.locator("#bf-play-req")).to_contain_text(briefs[row.opportunities[0]])  # requirements panel
        box = page.locator("#bf-play-input textarea").first
        box.fill("How old are you?")
        page.locator("#bf-play-send").click()
        expect(page.locator("#bf-play-chat")).to_contain_text("How old are you?")
        expect(page.locator("#bf-play-chat [data-testid=user], #bf-play-chat .message").nth(1)).to_be_visible()
        box.fill("Does anyone in your household work?")
        box.press("Enter")
        expect(page.locator("#bf-play-chat")).to_contain_text("work?")
        page.wait_for_timeout(500)
        before = _page_texts(page)
        assert "bf-play-verdict" not in before and "checker verdict" not in before.lower()
        page.locator("#bf-play-finish").click()
        expect(page.locator("#bf-play-decisions")).to_be_visible()
        before = _page_texts(page)  # the decision step: still no verdict anywhere
        assert "bf-play-verdict" not in before and "checker verdict" not in before.lower()
        names = page.locator("#bf-play-decisions label").all_inner_texts()
        assert len(names) == len(row.opportunities)
        page.locator("#bf-play-decisions label").first.click()  # first eligible, the rest not
        _doc_shot(page, tmp_path, "play-browser-agent.png")
        page.locator("#bf-play-submit").click()
        expect(page.locator("#bf-play-result table.bf-play-verdict")).to_be_visible()
        expect(page.locator("#bf-play-status")).to_contain_text("Finished")
        shown = page.locator("#bf-play-result table.bf-play-verdict tr[data-opportunity]")
        assert shown.count() == len(row.opportunities)
        for o, label in zip(row.opportunities, row.labels):
            cells = page.locator(f"#bf-play-result tr[data-opportunity='{o}'] td").all_inner_texts()
            assert cells[2] == ("eligible" if label else "not eligible")  # the checker's verdict, now shown
        expect(page.locator("#bf-play-result")).to_contain_text("Why each verdict")
        _verdicts_on_top_and_input_closed(page)
        _doc_shot(page, tmp_path, "play-browser-agent-result.png")
    store, runs = _human_runs(play_app["store"])
    (run,) = runs
    assert run["submission"] == "human" and run["protocol"]["kind"] == "human"
    assert "carol" not in json.dumps(run, default=str)
    (res,) = store.dialog_results(run["run_id"])
    assert [t.question for t in res.turns] == ["How old are you?", "Does anyone in your household work?"]
    assert res.predictions == {o: i == 0 for i, o in enumerate(row.opportunities)}


def test_play_as_user_in_the_browser_and_the_rate_limit(play_app, tmp_path):
    from playwright.sync_api import expect

    row = play_app["rows"]["representative-0000"]
    with browser(tmp_path) as page:
        _open_play(page, play_app["url"])
        page.get_by_label("the household (answer an agent)").check()
        expect(page.locator("#bf-play-agent")).to_be_visible()
        _pick(page, "bf-play-agent", "asker")
        _pick(page, "bf-play-household", "representative / representative-0000")
        page.locator("#bf-play-participant textarea, #bf-play-participant input").first.fill("dave")
        page.locator("#bf-play-start").click()
        expect(page.locator("#bf-play-chat")).to_contain_text("How old are you?")
        expect(page.locator("#bf-play-profile")).to_contain_text(row.profile.split("\n")[0][:30])  # profile beside
        assert "bf-play-verdict" not in _page_texts(page)
        _doc_shot(page, tmp_path, "play-browser-user.png")
        box = page.locator("#bf-play-input textarea").first
        box.fill("I am 41.")
        page.locator("#bf-play-send").click()
        expect(page.locator("#bf-play-chat")).to_contain_text("work?")
        assert "bf-play-verdict" not in _page_texts(page)
        box.fill("Yes, I work full time.")
        page.locator("#bf-play-send").click()
        expect(page.locator("#bf-play-result table.bf-play-verdict")).to_be_visible()  # verdicts and predictions
        for o, label in zip(row.opportunities, row.labels):
            cells = page.locator(f"#bf-play-result tr[data-opportunity='{o}'] td").all_inner_texts()
            assert cells[1] == "eligible" and cells[2] == ("eligible" if label else "not eligible")
        _verdicts_on_top_and_input_closed(page)
        # rate limit (3 per hour here): a second and third start are accepted, the fourth refused
        for _ in range(2):
            shown = page.locator("#bf-play-status").inner_text().strip()
            page.locator("#bf-play-start").click()
            page.wait_for_function(  # a new game's id, and the request over (a click while busy is dropped)
                "old => { const t = document.querySelector('#bf-play-status').innerText.trim();"
                " return t.startsWith('Dialog') && t !== old && !t.includes('processing'); }", arg=shown)
            expect(page.locator("#bf-play-result")).not_to_contain_text("checker")
        page.locator("#bf-play-start").click()
        expect(page.locator("#bf-play-status")).to_contain_text("too many dialogs")
    store, runs = _human_runs(play_app["store"])
    (run,) = runs
    assert run["submission"] == "asker" and run["simulator"].startswith("human user p-")
    (res,) = store.dialog_results(run["run_id"])
    assert [t.answer for t in res.turns] == ["I am 41.", "Yes, I work full time."]


def test_no_play_hides_the_tab(tmp_path, play_app):
    from playwright.sync_api import expect

    proc, url, _log = start_app(tmp_path, play_app["project"], play_app["store"], "--no-play")
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            expect(page.get_by_role("tab", name="Leaderboard")).to_be_visible()
            assert page.get_by_role("tab", name="Play").count() == 0
    finally:
        stop(proc)
