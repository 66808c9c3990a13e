"""Human runs are runs: stored with the protocol kind `human`, scored like any run, shown as a
"human" row beside the ranking and never in it; the ceiling sample is fixed and balanced."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from eligibench import params
from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.play import HUMAN_MANIFEST, PlayRun, ceiling_rows, participant_share, pseudonym
from eligibench.evaluation.run import read_config, resolve_run, run_submission
from leaderboard import queries as Q
from leaderboard.human import human_rows

ROOT = Path(__file__).resolve().parents[2]


class TruthfulSeat:
    """A scripted person who asks one question and then answers from the row's labels (so the
    human row has a known accuracy: 100)."""

    def __init__(self, row):
        self.row = row

    def next_question(self, dialog):
        return None if dialog.turns else "How old are you?"

    def decide(self, dialog):
        return dict(zip(self.row.opportunities, self.row.labels))


@pytest.mark.needs_bwrap
def test_human_run_is_a_human_row_and_not_ranked(project):
    config = read_config(params.load(project / "params.yaml"))
    resolved = resolve_run(config, HUMAN_MANIFEST, project=project)
    play = PlayRun(resolved, "agent", pseudonym("carol"), project)
    for row in play.pending():
        play.play(row, TruthfulSeat(row))
    metrics = play.finish()
    assert metrics["average.accuracy"] == 100.0
    # an agent run in the same store
    run_submission(resolve_run(config, load_manifest(ROOT / "submissions" / "random"), project=project), project=project)
    with Q.open_source(project / "results" / "benyfits.duckdb").reader() as r:
        ranked = Q.leaderboard_table(r, include_reported=False)
        humans = human_rows(r)
    assert list(ranked["Submission"]) == ["random"]
    assert len(humans) == 1 and humans.iloc[0]["Who"] == "human" and humans.iloc[0]["Accuracy"].startswith("100.0 [")


def test_ceiling_sample_is_fixed_balanced_and_split(project):
    from eligibench.datasets import dataset_path, read_parquet

    rows = {d: read_parquet(dataset_path(project / "benyfits", d)) for d in ("diverse", "representative")}
    total = sum(len(r.opportunities) for rs in rows.values() for r in rs)
    n = min(20, total)
    a, b = ceiling_rows(rows, n), ceiling_rows(rows, n)
    assert [r.id for r in a] == [r.id for r in b] and len({r.id for r in a}) == n
    counts = Counter(r.opportunities[0] for r in a)
    carried = Counter(o for rs in rows.values() for r in rs for o in r.opportunities)
    # balanced: an opportunity below the maximum count has no unused pair left
    top = max(counts.values())
    assert all(c >= top - 1 or carried[o] == c for o, c in counts.items())
    shares = [participant_share(a, i, 3) for i in range(3)]
    assert sorted(r.id for s in shares for r in s) == sorted(r.id for r in a)
    assert max(map(len, shares)) - min(map(len, shares)) <= 1
