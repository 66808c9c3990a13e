"""Every label-dependent figure of a stored run recomputed by a regrade, from what the store holds.

What a regrade needs beyond the labels: which facts each pair NEEDS (`Row.needed_facts`) comes
from the checker's trace (`TracedChecker.run_reads`, as `datasets.rows.build_row` publishes it),
so a changed checker can change it even where no label moved; a regrade reruns the trace of the
new checker on the stored household. Everything else the run's scoring path reads is stored:
the dialogs (turns, predictions), a grounded run's disclosures (`turn_facts`) and answer notes
(`simulator_checks`: persona allowances), the households (`run_households`) and the simulator
mode (the run's params, `SimulatorMode.from_label`). So the runner's own `scoring.score_run` gives
process metrics, failure causes, simulator faults, agent-attributable scores and persona figures
under the new labels, and on an unchanged ground truth exactly the evaluation's figures
(tests/evaluation/test_regrade_figures.py).

Not recomputable without model calls: the simulator re-runs (`simulator_reruns`: faults left,
pairs right of `evaluate --rerun-simulator-faults`), whose dialogs are not stored; `stale_figures`
says so and the board marks them (leaderboard/queries/gradings.py).
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from eligibench.datasets import Row
from eligibench.household import ALWAYS_KNOWN
from eligibench.results import DialogResult


def stored_rows(results: Sequence[DialogResult], households: Mapping[tuple[str, str], Any],
                traced: Mapping[str, Any], datasets: Sequence[str]) -> dict[str, list[Row]]:
    """One Row per household the run has dialogs for, with its labels and needed facts from the
    (new) traced checkers. Opportunities in the order the store gives them (predictions by
    opportunity): every figure is a count or a mean over dialogs, so the order does not matter."""
    rows: dict[str, list[Row]] = {d: [] for d in datasets}
    seen: set[tuple[str, str]] = set()
    for r in results:
        key = (r.dataset, r.row_id)
        if key in seen:
            continue
        seen.add(key)
        hh = households[key]
        opps = tuple(r.labels)
        runs = [traced[o].run_reads(hh) for o in opps]
        rows.setdefault(r.dataset, []).append(Row(
            r.row_id, r.dataset, hh, opps, tuple(t.eligible for t, _ in runs), tuple(t.id for t, _ in runs), "", "", "",
            tuple(tuple(sorted(reads - ALWAYS_KNOWN)) for _, reads in runs)))
    return rows


def stale_figures(store, run_id: str) -> tuple[str, ...]:
    """Plain sentences naming the run's figures a regrade could not recompute (no model calls)."""
    reruns = store.process_rows("simulator_reruns", run_id)
    if not reruns:
        return ()
    dialogs = len({(r["dataset"], r["row_id"], r["trial"]) for r in reruns})
    return (f"simulator re-runs of {dialogs} fault dialog(s): their faults left and pairs right are counted under "
            "the ground truth they ran with; a re-run's dialog is not stored, so regrading it needs new dialogs",)
