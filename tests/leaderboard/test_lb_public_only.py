"""Issue 36 item 7: a lookup agent that ships the published 2026-08 labels scores 100, and the board
never lets that stand as the edition's official ranking.

The agent (written here, a real submission folder) carries a table from each published household's
opportunity list to its labels, read from the 2026-08 public split; `benyfits evaluate --edition
2026-08` runs it in the jail with the real simulator. It scores 100 with 0 questions. 2026-08 now
has a sealed split (eligibench.datasets.sealed.SEALED_EDITIONS), so, as 2024's public runs, the run
is ranked only under its public (development) protocol, never with the sealed runs (on the sealed
split the lookup scores about chance: tests/datasets/test_sealed_editions.py). For an edition
without a sealed split the same run is "not ranked" (the rule, given that edition set, on this very
run; the board with such an edition: tests/leaderboard/test_lb_sealed_editions.py)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.datasets import dataset_path, read_parquet
from eligibench.results import ResultStore
from leaderboard import queries as Q
from leaderboard.queries.sealed_rule import is_public_only, public_split_status

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
def test_a_lookup_agent_on_the_published_2026_08_labels_is_ranked_only_on_the_public_protocol(tmp_path):
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
    protocol = run["protocol"] if isinstance(run["protocol"], dict) else json.loads(run["protocol"])
    assert protocol["split"] == "public" and protocol["edition"] == EDITION
    # ... on the public split only: 2026-08 has a sealed split, so its public runs are ranked as 2024's
    # are, under their own protocol (the sealed protocol's id differs: never ranked together)
    assert row["Status"] == "done"
    assert list(Q.ranking(board, run["protocol_id"])["Run"]) == [run["run_id"]]
    assert Q.unranked_public(board, run["protocol_id"]).empty
    # were 2026-08 without a sealed split, this very run would be listed and never ranked
    without = public_split_status("done", run["protocol_id"], run["protocol"], sealed_editions=frozenset({"2024"}))
    assert without.startswith("not ranked: public split of the 2026-08 edition"), without
    assert is_public_only(without)
