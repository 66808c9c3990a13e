"""Agent errors are first-class (issue 36 item 1): a planted "crash on households with other than
3 opportunities" agent is caught by `submit`'s smoke dialogs; queued without them, the worker's
line says "agent errors n/N", and the board lists the run unranked, with its column and filter."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from eligibench.cli.main import main
from eligibench.datasets import dataset_path, read_parquet
from eligibench.evaluation.intake import cover_shapes, pick_smoke_rows, run_worker
from eligibench.evaluation.run import read_config
from eligibench.results import ResultStore
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.tabs.board import board_rows, shown_table
from tests.leaderboard.synthetic import make_dataset

ROOT = Path(__file__).resolve().parents[2]

# crashes unless the household has exactly 3 opportunities: the old one-household smoke test
# (fewest opportunities) picked a 3-opportunity household and passed it
PICKY_AGENT = '''
from eligibench.evaluation.hosting import Agent


class PickyAgent(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]
        if len(self.ids) != 3 and self.context.options.get("picky", True):
            raise RuntimeError(f"cannot handle {len(self.ids)} opportunities")

    def ask(self, dialog):
        return "How old are you?"

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        return {i: False for i in self.ids}
'''


def write_agent(folder: Path, name: str, picky: bool = True) -> Path:
    folder.mkdir(parents=True)
    (folder / "agent.py").write_text(PICKY_AGENT)
    (folder / "manifest.yaml").write_text(yaml.safe_dump({
        "name": name, "strategy": "test", "authors": ["Tester"], "entry_point": "agent:PickyAgent",
        "models": {}, "license": "MIT", "options": {"picky": picky}}))
    return folder


@pytest.fixture()
def project(tmp_path) -> Path:
    proj = tmp_path / "project"
    proj.mkdir()
    make_dataset(proj / "benyfits", n_diverse=4, n_representative=3, sizes=(3, 4, 5))
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    params["evaluate"].update({"subset": {"diverse": 4, "representative": 3}, "bootstrap": 20,
                               "store": "results/benyfits.duckdb", "max_questions": 2, "concurrency": 1,
                               "call_timeout_s": 60, "submissions": []})
    (proj / "params.yaml").write_text(yaml.safe_dump(params))
    return proj


def test_smoke_households_cover_every_size_and_opportunity_count(project):
    rows = read_parquet(dataset_path(project / "benyfits", "diverse"))
    picked = pick_smoke_rows(project / "benyfits")
    sizes = {len(r.household.members) for r in rows}
    assert {len(r.household.members) for r in picked} == sizes  # one per household size
    assert {len(r.opportunities) for r in picked} == {3, 4, 5}  # and every opportunity count
    assert len(picked) == len(set(r.id for r in picked)) <= max(len(sizes), 3)
    # the rows bringing a new opportunity count run first (a time budget cuts the others)
    assert sorted(len(r.opportunities) for r in picked[:3]) == [3, 4, 5]


@pytest.mark.needs_datasets
def test_smoke_households_on_the_built_diverse_set():
    """On the built 2024 Diverse set: households of 1 to 6 members and 5, 6 and 7 opportunities."""
    folder = ROOT / "benyfits"
    try:
        rows = read_parquet(dataset_path(folder, "diverse"))
    except Exception:
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    picked = cover_shapes(rows)
    assert {len(r.household.members) for r in picked} == {len(r.household.members) for r in rows}
    assert {len(r.opportunities) for r in picked} == {len(r.opportunities) for r in rows}
    assert len(picked) == len({len(r.household.members) for r in rows})


def _submit(project: Path, folder: Path, *extra: str) -> int:
    return main(["submit", str(folder), "--project", str(project), "--quoting-user",
                 "--submissions", str(project / "submissions"), *extra])


@pytest.mark.needs_bwrap
def test_submit_catches_an_agent_that_crashes_on_other_opportunity_counts(project, tmp_path, capsys):
    folder = write_agent(tmp_path / "src" / "crashlater", "crashlater")
    assert _submit(project, folder) == 2
    err = capsys.readouterr().err
    assert "smoke dialog failed on household diverse/" in err
    assert "cannot handle 4 opportunities" in err or "cannot handle 5 opportunities" in err
    assert not (project / "submissions" / "crashlater").exists()
    assert ResultStore(project / "results" / "benyfits.duckdb").queue() == []


@pytest.mark.needs_bwrap
def test_a_run_with_agent_errors_is_listed_unranked(project, tmp_path, capsys):
    assert _submit(project, write_agent(tmp_path / "src" / "crashlater", "crashlater"), "--no-smoke") == 0
    assert _submit(project, write_agent(tmp_path / "src" / "steady", "steady", picky=False), "--no-smoke") == 0
    store = ResultStore(project / "results" / "benyfits.duckdb")
    config = read_config(yaml.safe_load((project / "params.yaml").read_text()))
    assert run_worker(store, config, project, quoting=True, once=True, poll_s=0.1) == 0
    out = capsys.readouterr().out
    # 7 households of 3, 4 and 5 opportunities: the ones with 4 or 5 crash
    assert "queue entry 1 (crashlater) agent errors 4/7 (not ranked): run" in out
    assert "queue entry 2 (steady) done: run" in out
    reasons = {q["submission"]: (q["status"], q["error"]) for q in store.queue()}
    assert reasons == {"crashlater": ("done", "agent errors 4/7 (not ranked)"), "steady": ("done", None)}
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
    by_name = table.set_index("Submission")
    assert by_name.loc["crashlater", "Status"] == "agent errors 4/7"
    assert by_name.loc["crashlater", Q.AGENT_ERRORS] == 4 and by_name.loc["steady", Q.AGENT_ERRORS] == 0
    protocol = by_name.loc["steady", "Protocol"]
    assert by_name.loc["crashlater", "Protocol"] == protocol
    assert list(Q.ranking(table, protocol)["Submission"]) == ["steady"]  # never ranked
    listed = board_rows(table, protocol)  # listed below the ranking, without a rank
    assert list(zip(listed["Submission"], listed["Rank"])) == [("steady", "1"), ("crashlater", "unranked")]
    shown, msg = shown_table(table, protocol, None, f"{Q.AGENT_ERRORS} = 0", list(Q.TABLE_COLUMNS))
    assert msg == "" and list(shown["Submission"]) == ["steady"]  # the filter hides it
    shown, _ = shown_table(table, protocol, None, f"{Q.AGENT_ERRORS} > 0", list(Q.TABLE_COLUMNS))
    assert list(shown["Submission"]) == ["crashlater"]
    page = R.table_html(shown_table(table, protocol, None, "", list(Q.DEFAULT_COLUMNS))[0], "bf-ranking")
    assert "agent errors 4/7" in page and "unranked" in page and Q.AGENT_ERRORS in page  # the board's HTML
    assert main(["view", by_name.loc["crashlater", "Run"], "--store", str(store.path), "--project", str(project),
                 "--limit", "0"]) == 0
    assert "status agent errors 4/7" in capsys.readouterr().out  # `benyfits view` says it too


@pytest.mark.needs_datasets
@pytest.mark.needs_bwrap
def test_submit_on_the_built_datasets_catches_the_issues_planted_agent(tmp_path, capsys):
    """The issue's own plant, "crash on households with other than 6 opportunities", against the
    built 2024 Diverse set (households of 5, 6 and 7 opportunities): `submit --dry-run` refuses it."""
    try:
        rows = read_parquet(dataset_path(ROOT / "benyfits", "diverse"))
    except Exception:
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    assert {len(r.opportunities) for r in rows} - {6}  # households the plant crashes on exist
    folder = write_agent(tmp_path / "src" / "crashlater", "crashlater")
    (folder / "agent.py").write_text(PICKY_AGENT.replace("len(self.ids) != 3", "len(self.ids) != 6"))
    assert main(["submit", str(folder), "--project", str(ROOT), "--quoting-user", "--dry-run",
                 "--submissions", str(tmp_path / "submissions")]) == 2
    err = capsys.readouterr().err
    assert "smoke dialog failed on household diverse/" in err and "opportunities" in err
    assert not (tmp_path / "submissions").exists()
