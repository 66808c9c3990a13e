"""Issue 30 item 7: `--edition E` on `check`, `profile` and `view` (real subprocess runs), and
issue 30 item 6 seen from `import-v1`: a benefit contradiction in imported v1 data is reported
naming the file, row, member and fields."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from checkers.editions import edition_registry
from eligibench.catalog import available
from eligibench.household import consistency as cons
from eligibench.household import household, household_to_v1

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})


def child_on_medicaid():
    """A parent and a 10-year-old on Medicaid (insured, qualifying): Child Health Plus in 2024 takes
    her through Children's Medicaid; the 2026-08 row is Child Health Plus only, which qualifying for
    Medicaid keeps her out of."""
    return household({"name": "Ana Ruiz", "age": 35, "is_parent": True},
                     {"name": "Lia Ruiz", "relation": "child", "age": 10, "current_school_level": 5,
                      "high_school_equivalent": cons.NO_DIPLOMA, "receives_medicaid": True,
                      "eligible_for_medicaid": True, "qualify_for_health_insurance": True})


def rows_file(tmp_path: Path, hh, opportunities: list[str]) -> Path:
    f = tmp_path / "h.jsonl"
    f.write_text(json.dumps({"household": hh.to_dict(), "opportunities": opportunities}) + "\n")
    return f


def verdicts(r: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in r.stdout.splitlines()]


def test_the_published_editions_are_2024_and_2026_08():
    assert available() == ("2024", "2026-08")  # the names the tests below use


def test_the_edition_decides_the_verdict(tmp_path):
    hh = child_on_medicaid()
    assert cons.violations(hh) == []
    f = rows_file(tmp_path, hh, ["ChildHealthPlusAndChildrensMedicaid"])
    default, e2024, e2026 = cli("check", str(f)), cli("check", str(f), "--edition", "2024"), \
        cli("check", str(f), "--edition", "2026-08")
    for r in (default, e2024, e2026):
        assert r.returncode == 0, r.stderr
    assert [(v["eligible"], v["edition"]) for v in verdicts(default)] == [(True, "2024")]
    assert verdicts(e2024) == verdicts(default)
    assert [(v["opportunity"], v["eligible"], v["edition"]) for v in verdicts(e2026)] == [
        ("ChildHealthPlusAndChildrensMedicaid", False, "2026-08")]


def test_all_runs_every_checker_of_the_edition_and_v1_rows_too(tmp_path):
    f = tmp_path / "v1.jsonl"
    f.write_text(json.dumps({"hh": household_to_v1(child_on_medicaid()), "edge_case_programs": []}) + "\n")
    r = cli("check", str(f), "--format", "v1", "--all", "--edition", "2026-08")
    assert r.returncode == 0, r.stderr
    got = [v["opportunity"] for v in verdicts(r)]
    assert got == sorted(edition_registry("2026-08")) and "EssentialPlan" in got and "ActionNYC" not in got


def test_an_opportunity_outside_the_edition_is_a_row_error_naming_it(tmp_path):
    f = rows_file(tmp_path, child_on_medicaid(), ["ActionNYC"])  # removed in 2026-08
    r = cli("check", str(f), "--edition", "2026-08")
    assert r.returncode == 1
    assert "row 1: opportunities: unknown opportunity id 'ActionNYC' (not in the 2026-08 edition)" in r.stderr
    f = rows_file(tmp_path, child_on_medicaid(), ["EssentialPlan"])  # new in 2026-08
    assert cli("check", str(f), "--edition", "2026-08").returncode == 0
    r = cli("check", str(f))
    assert r.returncode == 1 and "(not in the 2024 edition)" in r.stderr


@pytest.mark.parametrize("command", [["check", "{file}"], ["profile", "{file}"]])
def test_a_bad_edition_is_one_line_naming_the_valid_ones(tmp_path, command):
    hh = child_on_medicaid()
    f = rows_file(tmp_path, hh, ["IDNYC"]) if command[0] == "check" else tmp_path / "hh.json"
    if command[0] == "profile":
        f.write_text(json.dumps(hh.to_dict()))
    r = cli(*[a.format(file=f) for a in command], "--edition", "2025")
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr == "benyfits: error: no such edition '2025' (known: 2024, 2026-08)\n"


def test_a_bad_edition_is_refused_before_the_file_is_read(tmp_path):
    r = cli("check", str(tmp_path / "missing.jsonl"), "--edition", "nope")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == ["benyfits: error: no such edition 'nope' (known: 2024, 2026-08)"]


@pytest.mark.parametrize("command", ["check", "profile", "view"])
def test_help_lists_the_published_editions(command):
    r = cli(command, "--help")
    assert r.returncode == 0
    text = " ".join(r.stdout.split())
    assert "--edition E" in text and "published editions: 2024, 2026-08" in text


def test_profile_states_the_household_in_the_editions_schema(tmp_path):
    f = tmp_path / "hh.json"
    f.write_text(json.dumps(household({"name": "Ana", "age": 70}).to_dict()))
    plain, e2024, e2026 = (cli("profile", str(f)), cli("profile", str(f), "--edition", "2024"),
                           cli("profile", str(f), "--edition", "2026-08"))
    for r in (plain, e2024, e2026):
        assert r.returncode == 0, r.stderr
    assert plain.stdout == e2024.stdout and "blind" not in plain.stdout
    assert e2026.stdout.startswith(plain.stdout.rstrip("\n"))
    assert "You are not blind." in e2026.stdout and "You are not enrolled in Medicare." in e2026.stdout


def test_profile_refuses_a_version_2_fact_under_2024(tmp_path):
    f = tmp_path / "hh.json"
    f.write_text(json.dumps(household({"name": "Ana", "age": 70}, {"name": "Bo", "relation": "spouse", "age": 71,
                                                                     "blind": True}).to_dict()))
    r = cli("profile", str(f), "--edition", "2024")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr == (f"benyfits: error: {f}: member 1, feature 'blind': set, but the 2024 edition's households are "
                        "feature schema version 1, which has no 'blind' (use an edition on version 2)\n")
    r = cli("profile", str(f), "--edition", "2026-08")
    assert r.returncode == 0 and "Bo is blind or legally blind." in r.stdout


def test_import_v1_names_file_row_member_and_fields_of_a_benefit_contradiction(tmp_path):
    """The Play tab's profile "You receive Medicaid. You are not eligible for Medicaid." in v1 data."""
    hh = household({"name": "Ana", "age": 40, "receives_medicaid": True, "qualify_for_health_insurance": True})
    src = tmp_path / "v1.jsonl"
    src.write_text(json.dumps({"hh": household_to_v1(hh), "edge_case_programs": ["IDNYC"]}) + "\n")
    r = cli("import-v1", str(src), "--out", str(tmp_path / "rows.parquet"))
    assert r.returncode == 0, r.stderr
    assert (f"  {src}: v1-0000 (household 1 of the file): member 0 (self, age 40): receives_medicaid true but "
            "eligible_for_medicaid false: receives Medicaid but is not eligible for Medicaid (rule medicaid_eligible)"
            ) in r.stdout
    assert "1 households break a consistency rule (1 violations); imported anyway" in r.stdout


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> tuple[Path, str, str]:
    """A real DuckDB results store holding a 2024 run and a 2026-08 run (one dialog each)."""
    from eligibench.results import DialogResult, ResultStore, RunSpec

    path = tmp_path_factory.mktemp("edition") / "results.duckdb"
    st = ResultStore(path)
    ids = []
    for edition in ("2024", "2026-08"):
        protocol = {"kind": "custom"} | ({"edition": edition} if edition != "2024" else {})
        run_id = st.ensure_run(RunSpec(f"agent-{edition}", {}, "grounded:lexical/template", {}, "dv-test", ("diverse",),
                                       protocol_id=f"p-{edition}", protocol=protocol))
        st.record_dialog(run_id, DialogResult("diverse-0000", "diverse", 0, (), {"IDNYC": True}, {"IDNYC": False},
                                              "ready"))
        ids.append(run_id)
    return path, ids[0], ids[1]


def test_view_shows_the_runs_edition_and_refuses_another(store):
    path, run_2024, run_2026 = store
    view = ("view", "--store", str(path), "--width", "240")
    r = cli(*view, run_2024[:12])
    assert r.returncode == 0, r.stderr
    assert "truth: the 2024 edition's rules" in r.stdout and "false positive" in r.stdout
    assert cli(*view, run_2024[:12], "--edition", "2024").stdout == r.stdout
    r = cli(*view, run_2026[:12], "--edition", "2026-08")
    assert r.returncode == 0 and "truth: the 2026-08 edition's rules" in r.stdout
    r = cli(*view, run_2024[:12], "--edition", "2026-08")
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
    assert r.stderr == (f"benyfits: error: run {run_2024} was evaluated under the 2024 edition's rules, not 2026-08's: "
                        "its truth column is 2024's (view it with --edition 2024, or evaluate again with --edition "
                        "2026-08)\n")
    r = cli(*view, run_2024[:12], "--edition", "2025")
    assert r.returncode == 2
    assert r.stderr == "benyfits: error: no such edition '2025' (known: 2024, 2026-08)\n"
