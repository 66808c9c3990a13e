"""The Inspect task's scorer: the checkers' verdicts (the row's labels, which the checkers wrote
when the dataset was built) against the submitted verdicts, scored by our scoring path
(`scoring.score`, `scoring.turn_weighted_f1`), so an Inspect log's F1, turns and TW-F1 are the
harness's figures for the same dialogs.

Per sample: `value` = {f1, turns, tw_f1} (percent, questions, percent); `metadata` = the dialog
record (import-inspect reads it) and one line per pair: predicted, label, and the checker's
explanation of its verdict in plain words. Overall (`metrics`): the same three figures pooled over
every scored dialog of the log (micro F1 over all pairs, mean turns: `scoring.score`), not a mean of
per-sample figures. Infrastructure errors are left out of both, as in the harness.
"""
from __future__ import annotations

from typing import Any

from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric, scorer
from inspect_ai.solver import TaskState

from checkers.editions import explained_checker
from eligibench.datasets import Row
from eligibench.evaluation.inspect_task.records import STORE_KEY, dialog_from_json, dialog_json
from eligibench.evaluation.inspect_task.source import TaskSource
from eligibench.evaluation.scoring import score, turn_weighted_f1
from eligibench.results import DialogResult

DIALOG = "dialog"  # score metadata key of the dialog record


def figures(results: list[DialogResult]) -> dict[str, float]:
    """F1, turns and TW-F1 of scored dialogs, by the scoring path (empty: zeros, its convention)."""
    s = score([r for r in results if r.scored])
    return {"f1": s.f1, "turns": s.turns, "tw_f1": turn_weighted_f1(s.f1, s.turns)}


def _why(opportunity: str, edition: str, row: Row) -> str:
    try:
        return explained_checker(opportunity, edition).explain(row.household).sentence
    except Exception as e:  # noqa: BLE001 - a reason missing must not lose the sample's score
        return f"(no explanation: {type(e).__name__}: {e})"


def pair_lines(result: DialogResult, row: Row, source: TaskSource) -> list[dict[str, Any]]:
    """One entry per opportunity: predicted, label, correct, and why the checker decided so."""
    out = []
    for o, label in zip(row.opportunities, row.labels):
        predicted = result.predicted(o)
        out.append({"opportunity": o, "name": source.briefs[o].name, "predicted": predicted, "label": label,
                    "correct": predicted == label, "why": _why(o, source.edition, row)})
    return out


def _results(scores: list[SampleScore]) -> list[DialogResult]:
    return [dialog_from_json(s.score.metadata[DIALOG], f"sample {s.sample_id}")
            for s in scores if s.score.metadata and DIALOG in s.score.metadata]


def _figure_metric(name: str) -> Metric:
    def compute(scores: list[SampleScore]) -> float:
        return float(figures(_results(scores))[name])

    return compute


@metric
def f1() -> Metric:
    """Micro F1 (percent) over every pair of every scored dialog."""
    return _figure_metric("f1")


@metric
def turns() -> Metric:
    """Mean questions per scored dialog."""
    return _figure_metric("turns")


@metric
def tw_f1() -> Metric:
    """Turn-weighted F1 (v1's): F1 / (turns/100 + 1), from the pooled F1 and turns."""
    return _figure_metric("tw_f1")


@scorer(metrics=[f1(), turns(), tw_f1()])
def checkers_scorer(source: TaskSource) -> Scorer:
    """Scores one dialog against the checkers' labels of its row."""

    async def score_sample(state: TaskState, target: Target) -> Score:
        row = source.rows[str(state.sample_id)]
        record = dict(state.store.get(STORE_KEY) or {})
        if not record:
            raise RuntimeError(f"sample {state.sample_id}: the BeNYfits scaffold recorded no dialog "
                               "(the task's solver must be benyfits_scaffold)")
        record["labels"] = dict(zip(row.opportunities, row.labels))
        result = dialog_from_json(record, f"sample {state.sample_id}")
        values = figures([result]) if result.scored else {"f1": 0.0, "turns": float(len(result.turns)), "tw_f1": 0.0}
        pairs = pair_lines(result, row, source)
        right = sum(p["correct"] for p in pairs)
        return Score(value=values, answer=str(result.predictions),
                     explanation=f"{result.termination}: {right} of {len(pairs)} verdicts right in "
                                 f"{len(result.turns)} question(s)" + (f"; {result.error}" if result.error else ""),
                     metadata={DIALOG: dialog_json(result), "pairs": pairs})

    return score_sample
