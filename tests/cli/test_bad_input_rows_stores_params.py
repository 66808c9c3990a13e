"""Bad rows files, stores, editions and params sections a new user tried, which once ended in a
traceback, a silent success or a misleading hint. Each now gives one line on stderr and a non-zero
exit, and creates no file."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.results import ResultStore

ROOT = Path(__file__).resolve().parents[2]
AGENT = ROOT / "submissions" / "random"


def _cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=180)


def _one_line(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 2, (r.returncode, r.stderr[-800:])
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr[-800:]
    for w in words:
        assert w in r.stderr, (w, r.stderr)
    return r.stderr


def test_evaluate_rows_missing_file_is_one_line(tmp_path):
    missing = tmp_path / "nope.parquet"
    _one_line(_cli("evaluate", str(AGENT), "--rows", str(missing), "--store", str(tmp_path / "s.duckdb")),
              str(missing), "no such file")
    assert not (tmp_path / "s.duckdb").exists()


def test_evaluate_rows_not_parquet_is_one_line(tmp_path):
    junk = tmp_path / "rows.parquet"
    junk.write_text("not parquet at all\n")
    _one_line(_cli("evaluate", str(AGENT), "--rows", str(junk), "--store", str(tmp_path / "s.duckdb")),
              str(junk), "not a dataset rows Parquet file")


def test_export_results_to_an_impossible_folder(tmp_path):
    ResultStore(tmp_path / "r.duckdb").migrate()  # a current-schema store, so only OUT is wrong
    _one_line(_cli("export-results", "/proc/nope", "--store", str(tmp_path / "r.duckdb")),
              "/proc/nope", "cannot write")
    assert not Path("/proc/nope").exists()


def test_an_old_schema_store_is_one_line_not_a_traceback(tmp_path):
    import duckdb

    old = tmp_path / "old.duckdb"
    con = duckdb.connect(str(old))
    con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
    con.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    con.close()
    r = _cli("export-results", str(tmp_path / "out"), "--store", str(old))
    assert r.returncode == 2 and "Traceback" not in r.stderr and str(old) in r.stderr, r.stderr[-800:]


@pytest.mark.needs_bwrap  # the worker names a missing bubblewrap first (before any work), then the store
def test_worker_with_a_missing_store_does_not_create_it(tmp_path):
    missing = tmp_path / "typo.duckdb"
    r = _cli("worker", "--once", "--store", str(missing), "--quoting-user")
    _one_line(r, str(missing), "no results store")
    assert not missing.exists() and "processed" not in r.stdout


@pytest.mark.parametrize("argv", [
    ("evaluate", str(AGENT), "--households", "1"),
    ("check", "missing.jsonl"),
    ("profile", "missing.json"),
    ("view", "nosuchrun"),
])
def test_unknown_edition_everywhere(tmp_path, argv):
    r = _cli(*argv, "--edition", "2030-01")
    err = _one_line(r, "no such edition '2030-01' (known: 2024, 2026-08)")
    assert "build the datasets" not in err


def test_unknown_edition_in_params_names_the_key(tmp_path):
    params = tmp_path / "params.yaml"
    params.write_text((ROOT / "params.yaml").read_text() + "\n")
    import yaml

    raw = yaml.safe_load(params.read_text())
    raw["evaluate"]["edition"] = "2030-01"
    params.write_text(yaml.safe_dump(raw))
    _one_line(_cli("evaluate", str(AGENT), "--households", "1", "--params", str(params),
                   "--store", str(tmp_path / "s.duckdb")),
              "'evaluate.edition'", "no such edition", "known: 2024, 2026-08")


@pytest.mark.parametrize("section, value, key", [
    ("evaluate", "[1, 2]", "section 'evaluate'"),
    ("evaluate", "7", "section 'evaluate'"),
    ("cost", "[1]", "'cost'"),
    ("cost", "{tokens: [1]}", "'cost.tokens'"),
    ("results", "[x]", "section 'results'"),
])
def test_params_sections_of_the_wrong_shape_name_the_key(tmp_path, section, value, key):
    params = tmp_path / "params.yaml"
    params.write_text(f"{section}: {value}\n")
    commands = {"evaluate": ("evaluate", str(AGENT), "--households", "1", "--params", str(params)),
                "cost": ("cost", "nosuchrun", "--params", str(params), "--store", str(tmp_path / "r.duckdb")),
                "results": ("export-results", str(tmp_path / "out"), "--params", str(params),
                            "--store", str(tmp_path / "r.duckdb"))}
    if section != "evaluate":
        ResultStore(tmp_path / "r.duckdb").migrate()
    r = _cli(*commands[section])
    _one_line(r, key)
    assert not (tmp_path / "out").exists()
