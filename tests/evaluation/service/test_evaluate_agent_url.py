"""`benyfits evaluate --agent-url` as a real command against A2A services on loopback: what
travels is exactly the documented messages (opportunity briefs and answers, nothing else), a
failing service is the agent's error naming its URL (exit 1, never a clean run), and a service
that cannot be reached is refused before any dialog (exit 2)."""
from __future__ import annotations

import json
from pathlib import Path

import duckdb

from eligibench.evaluation.hosting import AgentContext
from eligibench.results import SERVICE_NOT_INSPECTED
from leaderboard import queries as Q
from tests.evaluation.reference_project import make_reference_project, run
from tests.evaluation.service.asking_agent import AskingAgent
from tests.evaluation.service.servers import a2a_service, free_port

MESSAGE_KEYS = {"messageId", "role", "parts", "taskId", "contextId"}


def _evaluate(project: Path, url: str, *extra: str):
    return run(["-m", "eligibench.cli", "evaluate", "--agent-url", url, "--name", "asker", "--households", "1",
                "--max-questions", "3", *extra], cwd=project)


def test_only_the_documented_messages_travel_and_the_run_is_marked(tmp_path):
    project = make_reference_project(tmp_path / "p", agents=("random",))
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        r = _evaluate(project, served.url)
    assert r.returncode == 0, r.output
    messages = [json.loads(b)["params"]["message"] for b in served.bodies]
    assert len(messages) == 2 * 3  # --households 1: one per dataset; start + 2 answers each
    for m in messages:
        assert set(m) <= MESSAGE_KEYS and m["role"] == "ROLE_USER", m
        assert [set(p) for p in m["parts"]] == [{"data", "mediaType"}]
    parts = [m["parts"][0]["data"] for m in messages]
    keys = {"start": {"benyfits", "type", "question_limit", "opportunities"},
            "answer": {"benyfits", "type", "question", "answer"}}
    assert all(set(p) == keys[p["type"]] for p in parts)
    assert all(set(o) == {"id", "name", "requirements"} for p in parts if p["type"] == "start" for o in p["opportunities"])
    with duckdb.connect(str(project / "results" / "local.duckdb"), read_only=True) as con:
        assert con.execute("SELECT submission, status, isolation FROM runs").fetchall() == [
            ("asker", "done", SERVICE_NOT_INSPECTED)]
        turns = con.execute("SELECT count(*) FROM turns").fetchone()[0]
    assert turns == 4
    with Q.StoreSource(project / "results" / "local.duckdb").reader() as r:  # what the board shows of it
        row = Q.leaderboard_table(r, include_reported=False).set_index("Submission").loc["asker"]
    assert row["Isolation"] == "service: code not inspected" and row["Status"] == "done"


def test_a_failing_service_is_the_agents_error_and_an_absent_one_is_refused(tmp_path):
    project = make_reference_project(tmp_path / "p", agents=("random",))

    class Broken(AskingAgent):
        def ask(self, dialog):
            return ""  # an empty question: the wrong schema

    with a2a_service(lambda: Broken(AgentContext())) as served:
        r = _evaluate(project, served.url)
    assert r.returncode == 1, r.output
    assert "ended in the agent's error" in r.stderr and served.url in r.output
    dead = f"http://127.0.0.1:{free_port()}"
    r = _evaluate(project, dead)
    last = r.stderr.strip().splitlines()[-1]  # one error line, after the development-run notice
    assert r.returncode == 2 and "could not be read" in last and dead in last and "Traceback" not in r.stderr


def test_check_asks_the_service_for_its_card(tmp_path):
    project = make_reference_project(tmp_path / "p", agents=("random",))
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        r = _evaluate(project, served.url, "--check")
    assert r.returncode == 0 and "preflight ok" in r.stdout, r.output
    assert served.bodies == []  # a card fetch (GET), no dialog
    dead = f"http://127.0.0.1:{free_port()}"
    r = _evaluate(project, dead, "--check")
    assert r.returncode == 2 and f"agent service {dead}" in r.stderr


def test_submitting_a_service_needs_no_bubblewrap(tmp_path):
    """No code of a service runs here, so `submit` (smoke dialogs over A2A) does not ask for the jail;
    a code submission still does (cli/main.py preflight), bubblewrap invisible to both."""
    project = make_reference_project(tmp_path / "p", agents=("random",))
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        (project / "svc").mkdir()
        (project / "svc" / "manifest.yaml").write_text(
            f"name: svc\nkind: service\nurl: {served.url}\nstrategy: asks\nauthors: [A]\nlicense: MIT\n")
        r = run(["-m", "eligibench.cli", "submit", "svc", "--dry-run", "--quoting-user", "--smoke-questions", "2"],
                cwd=project)
    assert r.returncode == 0, r.output
    assert f"service {served.url} answers" in r.stdout and "bubblewrap" not in r.output
    assert served.bodies  # the smoke dialogs reached the service
    code = run(["-m", "eligibench.cli", "submit", "submissions/random", "--dry-run", "--quoting-user"], cwd=project)
    assert code.returncode != 0 and "bubblewrap" in code.output and "Traceback" not in code.output
