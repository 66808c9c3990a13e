"""Issue 32 item 4 in the browser: the Realism tab shows one agent configuration under the
cooperative user and a persona side by side, with the paired drop that `evaluation.scoring.realism`
computes for the same runs (the persona's undeterminable pairs left out of both) and the process
columns the personas make meaningful.

The runs are real: the rule-based teacher (no model) on the first 3 + 3 published households
through the grounded lexical/template user, once cooperative and once "typical", as `stages/realism.py`
runs them (about 4 s each on 2 cores). Measured on those households: 4 pairs the typical persona
cannot reveal, an F1 drop of 8.3 on the rest (10.3 counting every pair, which is why leaving them
out is asserted too)."""
from __future__ import annotations

import copy
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from eligibench import params, paths
from eligibench.datasets import dataset_path
from eligibench.evaluation.hosting import import_submission_module
from eligibench.evaluation.run import load_run, read_config, run_submission
from eligibench.evaluation.scoring import compare_runs, persona_process, realism_drop
from eligibench.results import ResultStore
from tests.leaderboard.test_lb_e2e import ROOT, browser, start_app, stop

pytestmark = [pytest.mark.needs_chromium, pytest.mark.needs_datasets]

TEACHER = ROOT / "submissions" / "teacher"
PERSONA = "typical"
PROCESS_COLUMNS = {"explained before sensitive %": "explained_before_sensitive",
                   "clarifications answered %": "clarifications_answered", "questions split %": "questions_split"}


def _teacher_runs(tmp_path: Path):
    """A project holding the teacher, the published datasets and its generated knowledge; the
    teacher run cooperative and under PERSONA into its store. Returns (project, store, rows, results, seed)."""
    proj = tmp_path / "project"
    (proj / "submissions").mkdir(parents=True)
    shutil.copytree(TEACHER, proj / "submissions" / "teacher", ignore=shutil.ignore_patterns("__pycache__"))
    # copies, not links: a jailed agent sees only the project (the teacher reads its knowledge there)
    version = dataset_path(ROOT / paths.DATASET_DIR, "diverse").parent
    shutil.copytree(version, proj / paths.DATASET_DIR / "data" / version.name)
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    import_submission_module(TEACHER, "knowledge").build(proj / "generated" / "teacher", ROOT / paths.DATASET_DIR,
                                                         ROOT / paths.CHECKERS)
    raw = copy.deepcopy(params.load(ROOT / paths.PARAMS))
    raw["evaluate"].update(runs={"teacher": {"submission": "teacher"}}, subset={"diverse": 3, "representative": 3},
                           subset_select="first", max_questions=40, trials=1, bootstrap=20,
                           store=str(proj / "results" / "benyfits.duckdb"))
    config = read_config(raw)
    assert config.simulator_mode.grounded and config.simulator_mode.answer == "template", config.simulator_mode.label
    store, results, rows = ResultStore(config.store), {}, None
    for persona in ("cooperative", PERSONA):
        cfg = replace(config, simulator_mode=replace(config.simulator_mode, persona=persona))
        resolved = load_run(proj / "submissions" / "teacher", project=proj, config=cfg)
        summary = run_submission(resolved, project=proj)
        rows = rows or {d: list(rs) for d, rs in resolved.rows.items()}
        results[persona] = (summary["run_id"], store.dialog_results(summary["run_id"]))
    return proj, store, rows, results, config.simulator_mode.persona_seed


def _table(page) -> tuple[list[str], list[list[str]]]:
    """The Realism dataframe as the browser shows it: header texts and each row's cell texts (gradio
    6 draws the body as div grid cells; the <table> body is a hidden sizing copy)."""
    return page.evaluate(
        """() => { const g = document.querySelector('#bf-realism');
             const heads = Array.from(g.querySelectorAll('th[role=columnheader]')).map(th => th.innerText.trim());
             const rows = Array.from(g.querySelectorAll('div[role=row]')).map(
                 r => Array.from(r.querySelectorAll('[role=gridcell]')).map(c => c.innerText.trim()));
             return [heads, rows]; }""")


def test_the_realism_tab_shows_the_paired_drop_the_realism_scoring_computes(tmp_path):
    from playwright.sync_api import expect

    proj, store, rows, results, seed = _teacher_runs(tmp_path)
    (_, coop), (_, typical) = results["cooperative"], results[PERSONA]
    assert not [r.error for r in coop + typical if r.error]  # every dialog ran (some end at the 40-question cap)
    expected = realism_drop(rows, coop, typical, PERSONA, seed, n_boot=1000, boot_seed=0)
    f1, tw = expected["drop"]["f1"], expected["drop"]["turn_weighted_f1"]
    assert expected["undeterminable_pairs"] > 0 and f1["drop"] > 0, expected  # the households exercise both
    every_pair = compare_runs(coop, typical).differences["f1"].diff
    assert round(every_pair, 1) != round(f1["drop"], 1), (every_pair, f1)  # leaving pairs out is visible

    proc, url, log = start_app(tmp_path, proj, store.path)
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            page.get_by_role("tab", name="Realism").click()
            view = page.locator("#bf-realism")
            expect(view).to_contain_text(PERSONA)
            heads, body = _table(page)
            for col in ("persona", "F1 drop", "F1 drop 95% CI", "TW-F1 drop", "undeterminable pairs", *PROCESS_COLUMNS):
                assert col in heads, (col, heads)
            shown = {r[heads.index("persona")]: dict(zip(heads, r)) for r in body}
            assert list(shown) == ["cooperative", PERSONA], body  # the baseline first
            assert "run" not in heads  # a run id is a hash: the view names runs by configuration and persona
            row = shown[PERSONA]
            assert float(row["F1 drop"]) == round(f1["drop"], 1), (row, f1)
            assert float(row["TW-F1 drop"]) == round(tw["drop"], 1), (row, tw)
            assert row["F1 drop 95% CI"] == f"[{f1['ci'][0]:.1f}, {f1['ci'][1]:.1f}]", (row, f1)
            assert int(row["households"]) == expected["households"] == 6
            assert int(row["undeterminable pairs"]) == expected["undeterminable_pairs"]
            assert float(row["F1 determinable"]) == round(f1["persona"], 1), (row, f1)
            # the process figures of each run, as the realism scoring counts them over its dialogs
            for persona, res in (("cooperative", coop), (PERSONA, typical)):
                figures = persona_process(rows, res)
                for col, name in PROCESS_COLUMNS.items():
                    want = figures[name]
                    got = shown[persona][col]
                    assert (got == "" if want is None else float(got) == round(100 * want, 1)), (persona, col, got, want)
            expect(page.locator("#bf-realism-note")).to_contain_text("household-bootstrap interval")
    finally:
        stop(proc)
    assert "Traceback" not in log.read_text()
