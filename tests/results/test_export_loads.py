"""Every configuration `benyfits export-results` declares loads with `datasets.load_dataset`, under the
split `results`; a table with no rows (a development store's `audit`, `turn_notes`) is not declared
(datasets refuses an empty split) but its file stays for the board."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from eligibench.cli.main import main
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import fake_households, write_run

LOAD = ("import datasets, json, sys\n"
        "print(json.dumps({c: datasets.load_dataset(sys.argv[1], c, split='results').num_rows for c in sys.argv[2:]}))")


def test_every_declared_configuration_loads_and_empty_ones_are_not_declared(tmp_path):
    store = ResultStore(tmp_path / "local.duckdb")
    write_run(store, fake_households(6, 4), "mine", n_boot=5)
    out = tmp_path / "export"
    assert main(["export-results", str(out), "--store", str(store.path), "--repo-id", ""]) == 0
    card = (out / "README.md").read_text()
    declared = re.findall(r"config_name: (\w+)", card)
    assert {"runs", "metrics", "dialogs", "turns", "predictions"} <= set(declared)
    assert "split: results" in card and "split: train" not in card
    empty = [p.stem for p in (out / "data").glob("*.parquet") if p.stem not in declared]
    assert "audit" in empty  # a development store has no audit: its file is kept (the board reads it), not declared
    import duckdb

    assert all(duckdb.sql(f"SELECT count(*) FROM '{out / 'data' / (t + '.parquet')}'").fetchall()[0][0] == 0 for t in empty)
    assert "| `audit` | 0 |" in card and "not a configuration" in card
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_HOME=str(tmp_path / "hf"))
    r = subprocess.run([sys.executable, "-c", LOAD, str(out), *declared], cwd=tmp_path, capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert set(counts) == set(declared) and all(n > 0 for n in counts.values()), counts
    assert counts["runs"] == 1
