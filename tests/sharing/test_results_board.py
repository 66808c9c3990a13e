"""Results as data: `benyfits export-results` writes a folder `datasets` loads, it uploads through a
fake Hub, and the leaderboard runs from the folder (`--results`) read-only, in headless Chromium."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.cli.main import main
from eligibench.results import EXPORT_CONFIGS as CONFIGS
from eligibench.results import export_results
from leaderboard.results_source import ResultsNotFound, results_data_dir
from tests.sharing.test_dataset_anywhere import FakeHub

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def exported(tmp_path_factory, lb_dataset):
    from tests.leaderboard.test_lb_e2e import make_project

    tmp = tmp_path_factory.mktemp("results")
    proj, store, households, ids = make_project(tmp, lb_dataset)
    folder = tmp / "results-folder"
    assert main(["export-results", str(folder), "--store", str(store.path), "--repo-id", ""]) == 0
    return proj, store, folder, ids


def test_folder_has_the_configs_and_loads_with_datasets(exported, tmp_path):
    _, store, folder, ids = exported
    card = (folder / "README.md").read_text()
    for c in CONFIGS:
        assert f"config_name: {c}" in card and (folder / "data" / f"{c}.parquet").is_file()
    assert "## Protocols" in card and "`protocol_id`" in card and "- `run_id`: VARCHAR" in card
    assert not (folder / "data" / "queue.parquet").exists()  # never published
    code = ("import datasets, json, sys\n"
            "print(json.dumps({c: datasets.load_dataset(sys.argv[1], c, split='results').num_rows for c in sys.argv[2:]}))")
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_HOME=str(tmp_path / "hf"))
    r = subprocess.run([sys.executable, "-c", code, str(folder), *CONFIGS], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    import json
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["runs"] == len(store.runs()) == 4
    assert counts["dialogs"] == sum(len(store.dialogs(i)) for i in ids.values())
    assert counts["metrics"] == len(store.metrics())


def test_same_store_same_bytes(exported, tmp_path):
    _, store, folder, _ = exported
    again = export_results(store, tmp_path / "again").folder
    assert {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()} == \
           {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_upload_when_repo_and_token_are_set(exported, tmp_path, monkeypatch, capsys):
    import huggingface_hub

    _, store, _, _ = exported
    FakeHub.calls = []
    monkeypatch.setattr(huggingface_hub, "HfApi", FakeHub)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    assert main(["export-results", str(tmp_path / "a"), "--store", str(store.path), "--repo-id", "me/results"]) == 0
    assert "upload to me/results skipped: HF_TOKEN is not set" in capsys.readouterr().out and not FakeHub.calls
    monkeypatch.setenv("HF_TOKEN", "hf_fake")
    assert main(["export-results", str(tmp_path / "b"), "--store", str(store.path), "--repo-id", "me/results"]) == 0
    assert "uploaded to me/results" in capsys.readouterr().out
    (_, repo, rtype, _), (_, _, _, _, files) = FakeHub.calls
    assert (repo, rtype) == ("me/results", "dataset")
    assert sorted(files) == sorted(["README.md"] + [p.relative_to(tmp_path / "b").as_posix() for p in (tmp_path / "b" / "data").iterdir()])
    assert 'load_dataset("me/results", "dialogs"' in files["README.md"].decode()


def test_results_argument_errors_name_what_is_wrong(tmp_path):
    with pytest.raises(ResultsNotFound, match="no such folder"):
        results_data_dir(str(tmp_path / "nope"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(ResultsNotFound, match="runs.parquet is missing"):
        results_data_dir(str(tmp_path / "empty"))


@pytest.mark.needs_chromium
def test_board_runs_read_only_from_the_exported_folder(exported, tmp_path):
    from playwright.sync_api import expect

    from tests.leaderboard.test_lb_e2e import browser, start_app, stop

    proj, store, folder, ids = exported
    gone = tmp_path / "no-store.duckdb"  # the store is not there: everything comes from the folder
    proc, url, _ = start_app(tmp_path, proj, gone, "--results", str(folder))
    try:
        with browser(tmp_path) as page:
            page.goto(url)
            ranking = page.locator("#bf-ranking")
            expect(ranking.locator("td", has_text="known-agent")).to_be_visible()
            expect(ranking.locator("td", has_text="other-agent")).to_be_visible()
            expect(page.get_by_role("tab", name="Submit")).to_have_count(0)
            expect(page.locator("#bf-upload")).to_have_count(0)
            # the Compare view with its paired verdict, from the folder
            page.goto(f"{url}?tab=compare&a={ids['known']}&b={ids['other']}")
            expect(page.locator("#bf-cmp-verdict")).to_contain_text("A - B = ", timeout=60_000)
            expect(page.locator("#bf-cmp-verdict")).to_contain_text("TW-F1 [")
            expect(page.locator("#bf-cmp-summary")).to_contain_text("truth")
            # the Dialogs view shows a transcript of the folder's dialogs
            page.goto(f"{url}?tab=dialogs&run={ids['known']}")
            expect(page.locator("#bf-dlg-summary")).to_contain_text("known-agent on", timeout=60_000)
            # cost beside F1 vs turns: no prices in the project's params.yaml, said so
            page.goto(f"{url}?tab=scatter")
            expect(page.locator("#bf-cost")).to_contain_text("No dollar figures")
            assert str(folder) not in page.content()
    finally:
        stop(proc)
