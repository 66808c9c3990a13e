"""Screenshots of every tab of the board, from a store of real runs (docs/img/board.png, ...).

    python -m leaderboard.screenshots --out docs/img            # build a store, start the app, capture
    python -m leaderboard.screenshots --store results/benyfits.duckdb --project . --out /tmp/shots

Without `--store` it builds a throwaway project in a temporary folder: the published datasets when
they are built (`dvc repro`), else a small dataset of fuzzed households labelled by the real
checkers (`tests.leaderboard.synthetic.make_dataset`); then it evaluates reference agents that need
no model through the library (`evaluation.run.load_run` + `run_submission`, the template user on a
smoke protocol): random (asks nothing), teacher (asks for the facts the checkers read), and the
teacher again with a question cap (a second protocol). Nothing here is made up: every row of the
board is a run the evaluator wrote. It then starts `python -m leaderboard` on a free loopback port,
opens each tab (a click on it) in headless Chromium (`eligibench.system`'s Chromium, as the browser tests) at
1440 px wide and saves a full-page PNG per tab.
"""
from __future__ import annotations

import argparse
import copy
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import replace
from pathlib import Path

from eligibench.results import GROUND_TRUTH_TAB

ROOT = Path(__file__).resolve().parent.parent
# the board's tabs, in the order they are shown: (file stem, the tab's label)
TABS = (("board", "Leaderboard"), ("scatter", "F1 vs turns"), ("opportunity", "Per opportunity"),
        ("dialogs", "Dialogs"), ("compare", "Compare"), ("simulator", "Simulator"), ("sensitivity", "Sensitivity"),
        ("realism", "Realism"), ("regrades", GROUND_TRUTH_TAB), ("submit", "Submit"), ("play", "Play"))
AGENTS = ("random", "teacher")


def _dataset(proj: Path) -> Path:
    """The project's dataset folder: the published one when built, else a small fuzzed one."""
    from eligibench import paths
    from eligibench.datasets import DatasetMissing, dataset_path

    target = proj / paths.DATASET_DIR
    try:
        version = dataset_path(ROOT / paths.DATASET_DIR, "diverse").parent
        shutil.copytree(version, target / "data" / version.name)
        for f in (ROOT / paths.DATASET_DIR).glob("*.md"):
            shutil.copy(f, target / f.name)
    except (DatasetMissing, OSError):
        sys.path.insert(0, str(ROOT))
        from tests.leaderboard.synthetic import make_dataset

        make_dataset(target, n_diverse=4, n_representative=3)
    return target


def build_store(proj: Path, households: int = 3) -> Path:
    """A project under `proj` with reference agents evaluated into its store; returns the store."""
    from eligibench import params, paths
    from eligibench.evaluation.hosting import import_submission_module
    from eligibench.evaluation.run import load_run, read_config, run_submission

    (proj / "submissions").mkdir(parents=True, exist_ok=True)
    dataset = _dataset(proj)
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    for name in AGENTS:
        shutil.copytree(ROOT / "submissions" / name, proj / "submissions" / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    import_submission_module(ROOT / "submissions" / "teacher", "knowledge").build(
        proj / "generated" / "teacher", dataset, ROOT / paths.CHECKERS)
    raw = copy.deepcopy(params.load(ROOT / paths.PARAMS))
    raw["evaluate"].update(runs={n: {"submission": n} for n in AGENTS},
                           subset={"diverse": households, "representative": households}, subset_select="first",
                           max_questions=40, trials=1, bootstrap=50, store=str(proj / "results" / "benyfits.duckdb"))
    config = read_config(raw)
    # (agent, question cap, persona): both agents; the teacher with a 4-question cap (a second protocol);
    # the teacher under the "typical" persona (the Realism tab's paired drop against the cooperative user)
    for name, cap, persona in (*((n, 40, None) for n in AGENTS), ("teacher", 4, None), ("teacher", 40, "typical")):
        cfg = replace(config, max_questions=cap)
        if persona:
            cfg = replace(cfg, simulator_mode=replace(cfg.simulator_mode, persona=persona))
        run_submission(load_run(proj / "submissions" / name, project=proj, config=cfg), project=proj)
    (proj / "params.yaml").write_text((ROOT / paths.PARAMS).read_text())
    return Path(config.store)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(proj: Path, store: Path, log: Path) -> tuple[subprocess.Popen, str]:
    """`python -m leaderboard` on a free loopback port, once it answers."""
    port = _free_port()
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "leaderboard", "--project", str(proj), "--store", str(store),
                                 "--port", str(port)], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the app exited with {proc.returncode}: see {log}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return proc, url
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    proc.terminate()
    raise SystemExit(f"the app did not answer at {url} within 180 s: see {log}")


def capture(url: str, out: Path, width: int = 1440, height: int = 900) -> list[Path]:
    """A full-page PNG of each tab (opened by its link, ?tab=<id>) in headless Chromium."""
    from playwright.sync_api import sync_playwright

    from eligibench import system

    out.mkdir(parents=True, exist_ok=True)
    saved = []
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="chromium-profile-") as profile:
        ctx = p.chromium.launch_persistent_context(
            profile, executable_path=system.chromium_path(), headless=True, viewport={"width": width, "height": height},
            args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"])
        try:
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            page.goto(url)
            page.wait_for_function("() => /evaluated run/.test(document.body.innerText)")
            for stem, label in TABS:
                # a click, as a person opens a tab (a ?tab= link is also restored, but not every time
                # under load: the page's first-tab select can win the race)
                page.get_by_role("tab", name=label).click()
                page.wait_for_function(r"() => !/\bprocessing\b|\b\d+\.\ds\b/.test(document.body.innerText)",
                                       timeout=90_000)
                page.wait_for_timeout(1000)
                path = out / f"{stem}.png"
                page.screenshot(path=str(path), full_page=True)
                saved.append(path)
        finally:
            ctx.close()
    return saved


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m leaderboard.screenshots", description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    ap.add_argument("--store", type=Path, help="an existing store (default: build one from reference agents)")
    ap.add_argument("--project", type=Path, help="the project the store belongs to (with --store)")
    ap.add_argument("--households", type=int, default=3, help="households per dataset when building (default 3)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bf-shots-") as tmp:
        if args.store:
            proj, store = (args.project or ROOT).resolve(), args.store.resolve()
        else:
            proj = Path(tmp) / "project"
            store = build_store(proj, args.households)
        proc, url = serve(proj, store, Path(tmp) / "app.log")
        try:
            for path in capture(url, args.out):
                print(path)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
