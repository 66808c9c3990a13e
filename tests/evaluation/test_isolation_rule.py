"""With bubblewrap missing, a reference agent shipped in the repository runs to the end and its run
records `none (reference agent)`; your own folder elsewhere runs as a development run (`none
(development)`, tests/evaluation/test_development_isolation.py); every other agent (one installed
into submissions/ untracked, a modified reference, any agent under `evaluate.isolation: jail`) is
refused in seconds with the message naming the package. Real `benyfits evaluate`
subprocesses in a project that is a git checkout, bubblewrap made invisible with BENYFITS_BWRAP."""
from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest
import yaml

from eligibench import jail, system
from eligibench.evaluation.hosting import isolation
from eligibench.results import SCHEMA_VERSION, ResultStore
from tests.evaluation.reference_project import NO_BWRAP, make_reference_project, run

REFUSED = "submissions run inside bubblewrap, which is not installed"
INSTALL = "apt-get install bubblewrap"
FAST_S = 10.0  # CPU seconds: refused before any server starts (a model server's start alone is more)


@pytest.fixture(scope="module")
def proj(tmp_path_factory) -> Path:
    return make_reference_project(tmp_path_factory.mktemp("iso") / "proj", agents=("random",))


def evaluate(proj: Path, folder: str, *extra: str, **env: str):
    return run(["-m", "eligibench.cli", "evaluate", folder, "--households", "1", "--max-questions", "2", *extra],
               cwd=proj, **env)


def assert_refused(r, why: str) -> None:
    assert r.returncode == 2, r.output
    assert REFUSED in r.stderr and INSTALL in r.stderr and why in r.stderr, r.stderr
    assert "Traceback" not in r.output
    assert r.cpu_s < FAST_S, f"refused after {r.cpu_s:.1f} CPU s"
    assert r.seconds < 60, f"refused after {r.seconds:.1f} s"  # waited on nothing


def test_a_reference_agent_runs_to_the_end_without_bubblewrap_and_the_run_says_so(proj):
    r = evaluate(proj, "submissions/random")
    assert r.returncode == 0, r.output
    assert "2 dialogs" in r.stdout and "Traceback" not in r.output
    runs = ResultStore(proj / "results" / "benyfits.duckdb").runs()
    assert [(x["submission"], x["isolation"]) for x in runs] == [("random", "none (reference agent)")]
    # and the board shows it, in its own column
    from leaderboard.queries import StoreSource
    from leaderboard.queries.table import evaluated_rows

    with StoreSource(proj / "results" / "benyfits.duckdb").reader() as reader:
        table = evaluated_rows(reader)
    assert list(zip(table["Submission"], table["Isolation"])) == [("random", "none (reference agent)")]


def test_a_copy_of_a_reference_agent_elsewhere_is_a_development_run(proj, tmp_path):
    copy = tmp_path / "somecopy-of-random"
    shutil.copytree(proj / "submissions" / "random", copy)
    manifest = copy / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("name: random", "name: somecopy"))
    r = evaluate(proj, str(copy))
    assert r.returncode == 0 and "without the jail" in r.stderr, r.output
    runs = ResultStore(proj / "results" / "local.duckdb").runs()
    assert [(x["submission"], x["isolation"]) for x in runs] == [("somecopy", "none (development)")]
    # under evaluate.isolation: jail your own folder needs the jail too
    assert_refused(evaluate(proj, str(copy), "--params", str(jail_params(proj, tmp_path))), "evaluate.isolation is jail")


def jail_params(proj: Path, tmp_path: Path) -> Path:
    params = yaml.safe_load((proj / "params.yaml").read_text())
    params["evaluate"]["isolation"] = "jail"
    path = tmp_path / "params.yaml"
    path.write_text(yaml.safe_dump(params))
    return path


def test_an_installed_but_uncommitted_submission_is_refused(proj):
    # what `benyfits submit` and an upload leave: a folder in submissions/ that git does not track
    installed = proj / "submissions" / "uploaded"
    shutil.copytree(proj / "submissions" / "random", installed)
    manifest = installed / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("name: random", "name: uploaded"))
    try:
        assert_refused(evaluate(proj, "submissions/uploaded"), "submissions/uploaded is not in the repository")
    finally:
        shutil.rmtree(installed)


def test_a_modified_reference_agent_is_refused(proj):
    agent = proj / "submissions" / "random" / "agent.py"
    original = agent.read_text()
    agent.write_text(original + "\n# changed after the commit\n")
    try:
        assert_refused(evaluate(proj, "submissions/random"), "submissions/random differs from the committed reference (agent.py)")
    finally:
        agent.write_text(original)


def test_isolation_jail_refuses_even_a_reference_agent(proj, tmp_path):
    assert_refused(evaluate(proj, "submissions/random", "--params", str(jail_params(proj, tmp_path))),
                   "evaluate.isolation is jail")


def test_an_unknown_isolation_value_names_the_key(proj, tmp_path):
    params = yaml.safe_load((proj / "params.yaml").read_text())
    params["evaluate"]["isolation"] = "none"
    path = tmp_path / "params.yaml"
    path.write_text(yaml.safe_dump(params))
    r = evaluate(proj, "submissions/random", "--params", str(path))
    assert r.returncode == 2 and "'evaluate.isolation' is 'none', expected 'auto'" in r.stderr, r.output


def test_the_rule_in_process_and_bwrap_honours_its_variable(proj, tmp_path, monkeypatch):
    monkeypatch.setenv("BENYFITS_BWRAP", NO_BWRAP)
    assert system.bwrap_path() is None
    folder = proj / "submissions" / "random"
    assert isolation.why_not_reference(folder, proj) is None
    assert isolation.isolation_for("auto", folder, proj) == "none (reference agent)"
    with pytest.raises(jail.IsolationUnavailable, match="evaluate.isolation is jail"):
        isolation.isolation_for("jail", folder, proj)
    # a symlink into submissions/ is not the folder it points at
    link = proj / "submissions" / "linked"
    link.symlink_to(tmp_path, target_is_directory=True)
    try:
        assert "is not a folder of" in isolation.why_not_reference(link, proj)
    finally:
        link.unlink()
    # a project that is not a git checkout has no reference agents
    plain = tmp_path / "plain"
    shutil.copytree(proj / "submissions", plain / "submissions")
    assert "is not a git checkout" in isolation.why_not_reference(plain / "submissions" / "random", plain)
    # an executable at the named path is bubblewrap, whatever PATH holds
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("BENYFITS_BWRAP", str(fake))
    assert system.bwrap_path() == str(fake)
    assert isolation.isolation_for("jail", folder, proj) == "bubblewrap"


def test_chromium_honours_its_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("BENYFITS_CHROMIUM", str(tmp_path / "missing"))
    assert system.chromium_path() is None
    assert "apt-get install chromium" in system.missing_message(system.CHROMIUM)


def test_a_resumed_run_keeps_the_weaker_isolation_and_a_v3_store_migrates(tmp_path):
    from eligibench.results.records import RunSpec
    from tests.results.schema_v1 import as_schema_v3

    store = ResultStore(tmp_path / "r.duckdb")
    rid = store.ensure_run(RunSpec("a", {}, "sim", {}, "dv", ("diverse",)))
    store.record_isolation(rid, "bubblewrap")
    store.record_isolation(rid, "none (reference agent)")
    store.record_isolation(rid, "bubblewrap")  # once a dialog ran unjailed, the run says so
    assert store.runs()[0]["isolation"] == "none (reference agent)"
    with pytest.raises(ValueError, match="isolation must be one of"):
        store.record_isolation(rid, "chroot")
    as_schema_v3(tmp_path / "r.duckdb")
    con = duckdb.connect(str(tmp_path / "r.duckdb"))
    assert "isolation" not in {r[0] for r in con.execute("SELECT column_name FROM duckdb_columns() WHERE table_name = 'runs'").fetchall()}
    con.close()
    assert store.migrate() == SCHEMA_VERSION  # migrated to the current version, whatever it is now
    assert store.runs()[0]["isolation"] is None  # not recorded before version 4



@pytest.mark.needs_bwrap
def test_a_run_resumed_under_the_jail_keeps_saying_it_ran_unjailed_in_its_summary(tmp_path):
    # the stage's summary (results/runs/<name>.json) once said "bubblewrap" for a run whose dialogs
    # ran unjailed on an earlier repro without bubblewrap, while the store kept the weaker isolation
    proj = make_reference_project(tmp_path / "proj", agents=("random",))
    bare = run(["-m", "stages.evaluate", "random"], cwd=proj)
    assert bare.returncode == 0, bare.output
    jailed = run(["-m", "stages.evaluate", "random"], cwd=proj, BENYFITS_BWRAP=system.find(system.BWRAP))
    assert jailed.returncode == 0, jailed.output
    (stored,) = ResultStore(proj / "results" / "benyfits.duckdb").runs()
    summary = yaml.safe_load((proj / "results" / "runs" / "random.json").read_text())
    assert stored["isolation"] == summary["isolation"] == isolation.UNJAILED
