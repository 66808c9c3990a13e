import dataclasses
import json
import subprocess
import sys
from pathlib import Path

from eligibench.datasets import read_parquet
from eligibench.household import Household, household, household_to_v1

ROOT = Path(__file__).resolve().parents[2]


def test_import_keeps_v1_labels_and_reports_disagreements(tmp_path):
    hh = household({"name": "Ana", "age": 40})
    src = tmp_path / "v1.jsonl"
    src.write_text(json.dumps({"hh": household_to_v1(hh), "edge_case_programs": ["IDNYC", "SummerMeals"],
                               "IDNYC": False, "SummerMeals": False}) + "\n")
    out = tmp_path / "rows.parquet"
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "import-v1", str(src), "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "v1-0000 IDNYC: v1 says False, our checker says True" in r.stdout
    assert "1 of 2 v1 labels disagree" in r.stdout
    (row,) = read_parquet(out)
    assert row.opportunities == ("IDNYC", "SummerMeals") and row.labels == (False, False)
    assert row.profile.startswith("Your household") and len(row.trace_ids) == 2


def _v1_family():
    # As the v1 generator wrote it: dependent false for every member but the first.
    return household(
        {"name": "Ana", "age": 40, "annual_work_income": 50000, "work_hours_per_week": 40},
        {"name": "Leo", "relation": "child", "age": 6, "current_school_level": 1, "dependent": False},
        {"name": "Eva", "relation": "child", "age": 22, "current_school_level": "none", "dependent": False,
         "annual_work_income": 30000, "work_hours_per_week": 40, "provides_over_half_of_own_financial_support": True},
        {"name": "Sol", "relation": "friend", "age": 41, "dependent": False},
    )


def test_v1_dependent_false_is_not_evidence():
    from eligibench.datasets import derive_dependents

    hh, set_true, redone = derive_dependents(_v1_family())
    assert [m.dependent for m in hh.members] == [False, True, False, False]
    assert (set_true, redone) == (1, 3)


def test_v1_dependent_true_is_kept():
    from eligibench.datasets import derive_dependents

    base = _v1_family()
    friend_dep = Household(base.members[:3] + (dataclasses.replace(base.members[3], dependent=True),))
    hh, _, redone = derive_dependents(friend_dep)
    assert hh.members[3].dependent and redone == 2


def test_v1_import_child_qualifies_for_child_tax_credit(tmp_path):
    src = tmp_path / "v1.jsonl"
    src.write_text(json.dumps({"hh": household_to_v1(_v1_family()), "edge_case_programs": ["ChildTaxCredit"]}) + "\n")
    out = tmp_path / "rows.parquet"
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "import-v1", str(src), "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "3 such members were decided by the tax tests instead; 1 are tax dependents" in r.stdout
    (row,) = read_parquet(out)
    assert row.labels == (True,)  # Leo, 6, is Ana's dependent: without the fix no v1 child could qualify
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "check", "--format", "v1", str(src)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["eligible"] is True


def _import(tmp_path, households, *flags):
    src = tmp_path / "v1.jsonl"
    src.write_text("".join(json.dumps({"hh": household_to_v1(h), "edge_case_programs": ["TextTwoWork"]}) + "\n" for h in households))
    out = tmp_path / "rows.parquet"
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "import-v1", str(src), "--out", str(out), *flags],
                       cwd=ROOT, capture_output=True, text=True)
    return r, out


def _inconsistent():
    # An HRA client outside NYC (rule hra_in_nyc) and a child older than self minus 12 (child_age_gap).
    return household({"name": "Ana", "age": 30, "receives_hra": True, "place_of_residence": "Jersey", "is_parent": True},
                     {"name": "Leo", "relation": "child", "age": 25, "place_of_residence": "Jersey"})


def test_import_reports_each_broken_rule_with_its_member(tmp_path):
    good = household({"name": "Bo", "age": 40})
    r, out = _import(tmp_path, [good, _inconsistent()])
    assert r.returncode == 0, r.stderr
    assert "v1-0001 (household 2 of the file): member 0 (self, age 30)" in r.stdout
    assert "(rule hra_in_nyc)" in r.stdout and "(rule child_age_gap)" in r.stdout
    assert "1 households break a consistency rule (2 violations); imported anyway" in r.stdout
    assert "v1-0000" not in r.stdout.split("->")[0]
    assert [row.id for row in read_parquet(out)] == ["v1-0000", "v1-0001"]


def test_strict_import_refuses_inconsistent_households(tmp_path):
    good = household({"name": "Bo", "age": 40})
    r, out = _import(tmp_path, [good, _inconsistent()], "--strict")
    assert r.returncode == 0, r.stderr
    assert "refused (--strict): 1 left out" in r.stdout
    assert [row.id for row in read_parquet(out)] == ["v1-0000"]


def test_strict_import_of_only_inconsistent_households_writes_nothing(tmp_path):
    r, out = _import(tmp_path, [_inconsistent()], "--strict")
    assert r.returncode != 0 and not out.exists()
    assert "no households" in r.stderr
