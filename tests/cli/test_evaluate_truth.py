"""Issue 26: `benyfits evaluate` tells the truth (exit status, the agent's own traceback, one
summary line, JSON behind --json/--output), development runs go to a local store, small-run flags,
and errors that say what to do. Real subprocesses, a real DuckDB store, the shipped params
(grounded simulator: no model)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.results import ResultStore

ROOT = Path(__file__).resolve().parents[2]

BROKEN_MANIFEST = """name: broken
strategy: rule
authors: [me]
entry_point: agent:Broken
models: {}
license: MIT
"""
BROKEN_AGENT = """from eligibench.evaluation.hosting import Agent


class Broken(Agent):
    def start(self, opportunities):
        pass

    def ask(self, dialog):
        facts = []
        return facts[0]

    def ready(self, dialog):
        return False

    def predict(self, dialog):
        return {o.id: False for o in dialog.opportunities}
"""


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    p = tmp_path_factory.mktemp("loop") / "proj"
    make_dataset(p / "benyfits", n_diverse=3, n_representative=2)
    shutil.copy(ROOT / "params.yaml", p / "params.yaml")
    return p


@pytest.fixture(scope="module")
def broken(proj) -> Path:
    folder = proj.parent / "drafts" / "broken"
    folder.mkdir(parents=True)
    (folder / "manifest.yaml").write_text(BROKEN_MANIFEST)
    (folder / "agent.py").write_text(BROKEN_AGENT)
    return folder


@pytest.mark.needs_bwrap
def test_a_crashing_agent_fails_the_command_with_its_own_file_and_line(proj, broken):
    r = cli("evaluate", str(broken), "--project", str(proj), "--households", "1", "--max-questions", "2", cwd=proj.parent)
    assert r.returncode == 1, r.stderr
    assert "ask: IndexError: list index out of range" in r.stderr
    assert f'File "{broken / "agent.py"}", line 10, in ask' in r.stderr and "return facts[0]" in r.stderr
    assert "worker.py" not in r.stderr  # the harness's frames are not the researcher's business
    assert "--allow-agent-errors" in r.stderr
    line = r.stdout.strip().splitlines()[-1]
    assert line.startswith("TW-F1 0.0  F1 0.0") and "agent_error 2" in line and "2 dialogs" in line
    local = proj / "results" / "local.duckdb"
    assert f"in {local}" in line and local.is_file()
    assert not (proj / "results" / "benyfits.duckdb").exists()  # a draft never reaches the board's store
    run_id = line.split(" run ")[1].split()[0]
    assert {r.termination for r in ResultStore(local).dialog_results(run_id)} == {"agent_error"}


@pytest.mark.needs_bwrap
def test_allowed_agent_errors_exit_0_and_json_is_behind_the_flag(proj, broken, tmp_path):
    out = tmp_path / "summary.json"
    r = cli("evaluate", str(broken), "--project", str(proj), "--households", "1", "--max-questions", "2", "--trials", "2",
            "--allow-agent-errors", "--json", "--output", str(out), cwd=proj)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary == json.loads(out.read_text())
    assert summary["local"] is True and summary["terminations"] == {"agent_error": 4}  # 2 households x 2 trials
    assert summary["protocol"]["trials"] == 2 and summary["protocol"]["question_cap"] == 2
    assert "TW-F1" in r.stderr  # the summary line moves to stderr so stdout stays JSON


@pytest.mark.needs_bwrap
def test_a_submitted_folder_is_ranked_in_the_boards_store(proj):
    shutil.copytree(ROOT / "submissions" / "random", proj / "submissions" / "random")
    r = cli("evaluate", "submissions/random", "--households", "1", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert "development run" not in r.stderr and "agent's error" not in r.stderr
    assert "ready 2" in r.stdout and str(Path('results/benyfits.duckdb')) in r.stdout
    assert [run["submission"] for run in ResultStore(proj / "results" / "benyfits.duckdb").runs()] == ["random"]


def test_wrong_folder_and_bad_flags_say_what_to_do(proj, broken, tmp_path):
    r = cli("evaluate", str(broken), cwd=tmp_path)
    assert r.returncode == 2 and "run from the project root or pass --project" in r.stderr
    r = cli("evaluate", str(proj / "submissions" / "nope"), "--project", str(proj), cwd=tmp_path)
    assert r.returncode == 2 and "nope: folder does not exist" in r.stderr
    r = cli("evaluate", str(broken), "--project", str(proj), "--households", "0", cwd=tmp_path)
    assert r.returncode == 2 and "--households" in r.stderr and "expected 1 or more" in r.stderr


def test_every_evaluate_option_has_help():
    from eligibench.cli.main import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for name in ("evaluate", "submit", "worker"):
        for action in sub.choices[name]._actions:
            assert action.help, (name, action.dest)


def test_a_manifest_typo_names_the_unknown_field_with_a_suggestion(tmp_path):
    from eligibench.evaluation.hosting import SubmissionError, load_manifest

    (tmp_path / "manifest.yaml").write_text(BROKEN_MANIFEST.replace("entry_point:", "entry_piont:"))
    with pytest.raises(SubmissionError, match=r"unknown field\(s\) 'entry_piont' \(did you mean 'entry_point'\?\)"):
        load_manifest(tmp_path)


@pytest.mark.needs_bwrap
def test_submit_dry_run_installs_nothing_and_replace_takes_only_ones_own(proj, tmp_path):
    mine = tmp_path / "mine"
    shutil.copytree(ROOT / "submissions" / "random", mine)
    (mine / "manifest.yaml").write_text((mine / "manifest.yaml").read_text().replace("name: random", "name: mine"))
    r = cli("submit", str(mine), "--dry-run", cwd=proj)
    assert r.returncode == 0 and "smoke dialogs ok" in r.stdout and "nothing was installed" in r.stdout, r.stderr
    assert not (proj / "submissions" / "mine").exists()
    assert cli("submit", str(mine), "--no-smoke", cwd=proj).returncode == 0
    r = cli("submit", str(mine), "--no-smoke", cwd=proj)
    assert r.returncode == 2 and "--replace it if it is yours" in r.stderr
    (mine / "agent.py").write_text((mine / "agent.py").read_text() + "# version 2\n")
    r = cli("submit", str(mine), "--no-smoke", "--replace", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert (proj / "submissions" / "mine" / "agent.py").read_text().endswith("# version 2\n")
    other = tmp_path / "other"
    shutil.copytree(mine, other)
    (other / "manifest.yaml").write_text((mine / "manifest.yaml").read_text().replace("BeNYfits maintainers", "Eve"))
    r = cli("submit", str(other), "--no-smoke", "--replace", cwd=proj)
    assert r.returncode == 2 and "only replaces one's own submission" in r.stderr
    assert (proj / "submissions" / "mine" / "agent.py").read_text().endswith("# version 2\n")  # untouched


@pytest.mark.needs_bwrap
def test_the_worker_banner_names_the_simulator_the_runs_use(proj):
    r = cli("worker", "--once", cwd=proj)
    assert r.returncode == 0, r.stderr
    banner = r.stdout.splitlines()[0]
    assert "simulated user grounded:lexical/template;" in banner and "SmolLM" not in banner


@pytest.mark.needs_bwrap
def test_view_shows_the_error_and_unscored_pairs_and_export_run_names_missing_runs(proj, broken):
    r = cli("evaluate", str(broken), "--project", str(proj), "--households", "1", "--max-questions", "2",
            "--allow-agent-errors", cwd=proj)
    run_id = r.stdout.split(" run ")[1].split()[0]
    r = cli("view", run_id[:10], "--width", "200", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert "ask: IndexError: list index out of range" in r.stdout and "line 10, in ask" in r.stdout
    assert "no prediction (the dialog ended in an error): scored as wrong" in r.stdout
    r = cli("export-run", "ffffffff", cwd=proj)
    assert r.returncode == 2 and "no run 'ffffffff' in" in r.stderr and "local.duckdb" in r.stderr
