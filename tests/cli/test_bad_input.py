"""Issue 13, bad input through the three commands that read households (check, profile,
import-v1): clear errors naming file, row, member and field; never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.household import household, household_to_v1

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def _hh_text(literal: str, feature: str = "gpa") -> str:
    raw = household({"name": "Ana", "age": 30}).to_dict()
    raw["members"][0][feature] = "__X__"
    return json.dumps(raw).replace('"__X__"', literal)


@pytest.mark.parametrize("literal", ["1e400", "NaN", "Infinity"])
def test_check_names_row_member_and_field(tmp_path, literal):
    f = tmp_path / "h.jsonl"
    f.write_text('{"household": ' + _hh_text(literal) + ', "opportunities": ["IDNYC"]}\n')
    r = _cli("check", str(f))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert f"{f}: row 1: member 0, feature 'gpa'" in r.stderr and "finite" in r.stderr


@pytest.mark.parametrize("literal", ["1e400", "NaN"])
def test_profile_refuses_non_finite_numbers(tmp_path, literal):
    f = tmp_path / "h.json"
    f.write_text(_hh_text(literal))
    r = _cli("profile", str(f))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "nan" not in r.stdout.lower()
    assert "member 0, feature 'gpa'" in r.stderr


@pytest.mark.parametrize("content, expect", [
    ("[" * 100_000, "nested too deeply"),
    (b"\xff\xfe not utf-8\n", "not UTF-8"),
])
def test_check_and_profile_malformed_files(tmp_path, content, expect):
    f = tmp_path / "h.jsonl"
    f.write_bytes(content if isinstance(content, bytes) else content.encode())
    for cmd in ("check", "profile"):
        r = _cli(cmd, str(f))
        assert r.returncode in (1, 2) and "Traceback" not in r.stderr, (cmd, r.stderr[-500:])
        assert str(f) in r.stderr and (expect in r.stderr or "cannot be read" in r.stderr), (cmd, r.stderr)


def test_a_directory_is_not_a_household_file(tmp_path):
    d = tmp_path / "households.jsonl"
    d.mkdir()
    r = _cli("check", str(d))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "is a directory" in r.stderr


def test_import_v1_of_an_empty_file_writes_no_dataset(tmp_path):
    f = tmp_path / "empty.jsonl"
    f.write_text("")
    out = tmp_path / "rows.parquet"
    r = _cli("import-v1", str(f), "--out", str(out))
    assert r.returncode == 2 and "no households" in r.stderr and not out.exists()


def test_v1_rows_with_nan_name_the_row(tmp_path):
    hh = household_to_v1(household({"name": "Ana", "age": 30}))
    text = json.dumps({"hh": hh, "edge_case_programs": []})
    key = next(k for k in hh["features"]["members"][0]["features"] if k == "gpa")
    text = text.replace(f'"{key}": {json.dumps(hh["features"]["members"][0]["features"][key])}', f'"{key}": NaN', 1)
    f = tmp_path / "v1.jsonl"
    f.write_text(text + "\n")
    r = _cli("check", "--format", "v1", str(f))
    assert r.returncode == 1 and "row 1" in r.stderr and "gpa" in r.stderr and "Traceback" not in r.stderr
