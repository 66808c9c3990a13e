import json
import subprocess
import sys
from pathlib import Path

from eligibench.datasets.rows import read_parquet
from eligibench.household.model import household
from eligibench.household.v1format import household_to_v1

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
