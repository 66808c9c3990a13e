"""Issue 36 item 7: a lookup agent that ships the published 2026-08 labels is not ranked.

The agent (written here, a real submission folder) carries a table from each published household's
opportunity list to its labels, read from the 2026-08 public split; `benyfits evaluate --edition
2026-08` runs it in the jail with the real simulator. It scores 100 with 0 questions; the board's
table marks it "not ranked" and its protocol's ranking leaves it out (2026-08 has no sealed split)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.datasets import dataset_path, read_parquet
from eligibench.results import ResultStore
from leaderboard import queries as Q

ROOT = Path(__file__).resolve().parents[2]
EDITION = "2026-08"

AGENT = '''
import json
from pathlib import Path

from eligibench.evaluation.hosting import Agent


class Lookup(Agent):
    """Knows the published labels by each household's opportunity list: asks nothing."""

    def start(self, opportunities):
        table = json.loads((Path(__file__).parent / "labels.json").read_text())
        self.answer = table.get("|".join(sorted(o.id for o in opportunities)), {})
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        return "Anything else?"

    def ready(self, dialog):
        return True

    def predict(self, dialog):
        return {i: bool(self.answer.get(i, False)) for i in self.ids}
'''


@pytest.mark.needs_bwrap
@pytest.mark.needs_datasets
def test_a_lookup_agent_on_the_published_2026_08_labels_is_not_ranked(tmp_path):
    table = {}
    for name in ("diverse", "representative"):
        for row in read_parquet(dataset_path(ROOT / "benyfits", f"{name}-{EDITION}")):
            table["|".join(sorted(row.opportunities))] = dict(zip(row.opportunities, row.labels))
    folder = tmp_path / "lookup"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "agent.py").write_text(AGENT)
    (folder / "labels.json").write_text(json.dumps(table))
    (folder / "manifest.yaml").write_text("name: lookup\nstrategy: lookup\nauthors: [test]\nentry_point: agent:Lookup\n"
                                          "models: {}\nlicense: MIT\ndescription: ships the published labels\n")
    store = tmp_path / "board.duckdb"
    r = subprocess.run([sys.executable, "-m", "eligibench.cli", "evaluate", str(folder), "--edition", EDITION,
                        "--households", "3", "--store", str(store), "--json"],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr[-1500:]
    (run,) = ResultStore(store).runs()
    with Q.StoreSource(store).reader() as reader:
        board = Q.leaderboard_table(reader, include_reported=False)
    (row,) = board.to_dict("records")
    assert float(row["Diverse F1"]) == 100.0 and float(row["Avg turns"]) == 0.0  # the attack works ...
    assert row["Status"].startswith("not ranked: public split of the 2026-08 edition"), row["Status"]
    assert Q.ranking(board, run["protocol_id"]).empty  # ... and is not ranked
    assert Q.ranking(board, None).empty
    listed = Q.unranked_public(board, run["protocol_id"])  # listed below the ranking, as not ranked
    assert list(listed["Rank"]) == ["not ranked"] and list(listed["Run"]) == [run["run_id"]]
