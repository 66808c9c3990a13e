"""`benyfits submit` (smoke dialog through ProcessAgent + the quoting test user, copy, queue) and
`benyfits worker` (claim -> evaluate -> finish) on a throwaway project with a tiny dataset."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from eligibench.cli.main import main
from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.intake import pick_smoke_rows, run_worker, smoke_dialogs
from eligibench.evaluation.run import read_config
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
from eligibench.results import AGENT_ERROR, ResultStore
from leaderboard import queries as Q

ROOT = Path(__file__).resolve().parents[2]

ASKING_AGENT = '''
from eligibench.evaluation.hosting import Agent


class AskingAgent(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]
        peek = self.context.options.get("peek")
        if peek:
            open(peek, "rb").read()  # must be refused: hidden benchmark data

    def ask(self, dialog):
        return ["How old are you?", "Do you rent or own your home?"][len(dialog.turns) % 2]

    def ready(self, dialog):
        return len(dialog.turns) >= 2

    def predict(self, dialog):
        if self.context.options.get("crash"):
            raise RuntimeError("crash in predict")
        return {i: False for i in self.ids}
'''


def write_submission(folder: Path, name: str, options: dict | None = None) -> Path:
    folder.mkdir(parents=True)
    (folder / "agent.py").write_text(ASKING_AGENT)
    (folder / "manifest.yaml").write_text(yaml.safe_dump({
        "name": name, "strategy": "test", "authors": ["Tester"], "entry_point": "agent:AskingAgent",
        "models": {}, "license": "MIT", "options": options or {}}))
    return folder


@pytest.fixture()
def project(tmp_path, lb_dataset) -> Path:
    proj = tmp_path / "project"
    proj.mkdir()
    shutil.copytree(lb_dataset, proj / "benyfits")
    (proj / "opportunities").symlink_to(ROOT / "opportunities")
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    ev = params["evaluate"]
    ev.update({"subset": {"diverse": 2, "representative": 1}, "bootstrap": 20, "store": "results/benyfits.duckdb",
               "max_questions": 3, "concurrency": 1, "call_timeout_s": 60, "submissions": []})
    (proj / "params.yaml").write_text(yaml.safe_dump(params))
    return proj


def config_of(project: Path):
    return read_config(yaml.safe_load((project / "params.yaml").read_text()))


def submit(project: Path, folder: Path, *extra: str) -> int:
    return main(["submit", str(folder), "--project", str(project), "--quoting-user",
                 "--submissions", str(project / "submissions"), *extra])


def test_quoting_user_quotes_the_profile():
    model = QuotingUserModel()
    profile = "Household profile:\n\nYou are 34 years old. You rent your home. Maria is your daughter."
    msgs = [{"role": "system", "content": profile}, {"role": "user", "content": "How old are you?"}]
    assert model.chat(msgs).text == "You are 34 years old."
    msgs[-1]["content"] = "What is your favourite colour?"
    assert model.chat(msgs).text == "I don't know."


@pytest.mark.needs_bwrap
def test_submit_smoke_tests_copies_and_queues(project, tmp_path, capsys):
    folder = write_submission(tmp_path / "src" / "asker", "asker")
    assert submit(project, folder) == 0
    out = capsys.readouterr().out
    # the tiny dataset's 3 Diverse households have 3, 4 and 6 members: one smoke dialog each
    assert "smoke dialogs ok: 3 households, 6 question(s)" in out and QUOTING_LABEL in out
    installed = project / "submissions" / "asker"
    assert (installed / "agent.py").read_text() == ASKING_AGENT
    queue = ResultStore(project / "results" / "benyfits.duckdb").queue()
    assert [(q["submission"], q["status"], q["path"]) for q in queue] == [("asker", "queued", str(installed))]
    # the same name again is refused before anything runs
    assert submit(project, folder) == 2
    assert "already exists" in capsys.readouterr().err


@pytest.mark.needs_bwrap
def test_submit_refuses_an_agent_that_fails_the_smoke_dialog(project, tmp_path, capsys):
    folder = write_submission(tmp_path / "src" / "crasher", "crasher", {"crash": True})
    assert submit(project, folder) == 2
    err = capsys.readouterr().err
    assert "smoke dialog failed on household diverse/diverse-0000 (3 opportunities): the agent errored" in err
    assert "crash in predict" in err
    assert not (project / "submissions" / "crasher").exists()
    assert ResultStore(project / "results" / "benyfits.duckdb").queue() == []


@pytest.mark.needs_bwrap
def test_the_agent_process_cannot_read_hidden_households(project, tmp_path):
    hidden = next((project / "benyfits" / "data").glob("*/diverse.parquet"))
    folder = write_submission(tmp_path / "src" / "peeker", "peeker", {"peek": str(hidden)})
    [result] = smoke_dialogs(load_manifest(folder), config_of(project), project, quoting=True, log=lambda s: None)
    assert result.termination == AGENT_ERROR and "hidden benchmark data" in result.error


@pytest.mark.needs_bwrap
def test_smoke_dialog_answers_come_from_the_household_profile(project, tmp_path):
    folder = write_submission(tmp_path / "src" / "asker2", "asker2")
    results = smoke_dialogs(load_manifest(folder), config_of(project), project, quoting=True, max_questions=5,
                            log=lambda s: None)
    rows = pick_smoke_rows(project / "benyfits")
    assert [r.row_id for r in results] == [r.id for r in rows]
    for result, row in zip(results, rows):
        assert len(result.turns) == 2
        assert all(t.answer in row.profile or t.answer == "I don't know." for t in result.turns)
        assert set(result.predictions) == set(result.labels)


@pytest.mark.needs_bwrap
def test_worker_evaluates_the_queue_and_the_table_updates(project, tmp_path, capsys):
    folder = write_submission(tmp_path / "src" / "asker", "asker")
    assert submit(project, folder) == 0
    store = ResultStore(project / "results" / "benyfits.duckdb")
    store.enqueue("ghost", str(project / "submissions" / "ghost"))  # its folder does not exist
    config = read_config(yaml.safe_load((project / "params.yaml").read_text()))
    assert run_worker(store, config, project, quoting=True, once=True, poll_s=0.1) == 0
    out = capsys.readouterr().out
    assert "queue entry 1 (asker) done" in out and "queue entry 2 (ghost) failed" in out
    status = {q["submission"]: (q["status"], q["error"]) for q in store.queue()}
    assert status["asker"] == ("done", None)
    assert status["ghost"][0] == "failed" and "ghost: folder does not exist" in status["ghost"][1]  # issue 26: says so
    with Q.StoreSource(store.path).reader() as r:
        table = Q.leaderboard_table(r, include_reported=False)
        dialogs = Q.dialog_list(r, table["Run"].iloc[0])
    row = table.iloc[0]
    assert (row["Submission"], row["Simulator"], row["Status"]) == ("asker", QUOTING_LABEL, "done")
    assert row["Avg turns"] == 2.0 and row["TW-F1"] == row["TW-F1"]
    assert len(dialogs) == 3 and set(dialogs["Questions"]) == {2}
