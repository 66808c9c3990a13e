"""Simulator faults: (household, opportunity) pairs whose outcome traces to the simulated user,
the run's simulator-fault rate, and every score again with those pairs voided.

A turn is faulty when the answer check (`evaluation.user.check_answer`, the one judge of an
answer: a persona's allowed deviations are faithful there, never re-judged here) gives a verdict
in `FAULT_VERDICTS`: a false statement (`contradicted`), "I don't know" although the facts say
(`dont_know`), or a refusal where the check has such a verdict. Which facts a turn is checked
against:
- grounded runs: the facts the answer disclosed (`turn_facts`: the keys it stated), valued from
  the TRUE household, so a simulator that states a false value is caught by its own words; a
  turn that disclosed nothing is checked against the facts its question concerns (lexical);
- free-form runs: the facts its question concerns (lexical), as the process step does.

A pair is AFFECTED when some fact its checker needs (`Row.needed_facts`) was a faulty turn's
fact. A SIMULATOR FAULT is an affected pair the agent got wrong (its error traces to the user);
the simulator-fault rate is those pairs over all scored pairs, in percent, with a household
bootstrap interval. The agent-attributable scores void every affected pair, right or wrong:
voiding only the wrong ones would raise every score by construction (a lucky guess on a lied
fact is no more the agent's merit than the miss is its fault). Voided pairs leave `labels`, so
`summarize` computes the agent-attributable figures with the usual conventions and intervals;
dialogs and turns are unchanged (the questions were asked).

Rows without needed facts (files built before they existed) have no affected pairs.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from eligibench.datasets import Row
from eligibench.evaluation.scoring.bootstrap import bootstrap
from eligibench.evaluation.scoring.metrics import AVERAGE
from eligibench.evaluation.scoring.summary import summarize
from eligibench.evaluation.user import (
    CONTRADICTED,
    DONT_KNOW,
    allowance_from_note,
    check_answer,
    lexical_select,
    numbers,
)
from eligibench.household import fact
from eligibench.results import DialogResult

# An answer-check verdict for a refusal joins these if the check defines one (personas, issue 32).
FAULT_VERDICTS: tuple[str, ...] = (CONTRADICTED, DONT_KNOW)
# Metric names written per dataset (and averaged) to `metrics`.
FAULT_RATE = "simulator_fault_rate"
FAULT_PAIRS = "simulator_fault_pairs"
VOIDED_PAIRS = "voided_pairs"
AGENT_PREFIX = "agent_"  # agent_f1, agent_turn_weighted_f1, agent_accuracy, ...: voided pairs left out
AGENT_SCORES = ("accuracy", "precision", "recall", "f1", "turn_weighted_f1")

DialogKey = tuple[str, str, int]


@dataclass(frozen=True)
class AffectedPair:
    """One pair a faulty answer touched: the first faulty turn and fact, its verdict, and whether
    the agent got the pair wrong (then it is a simulator fault)."""

    dataset: str
    row_id: str
    trial: int
    opportunity: str
    idx: int
    fact_key: str
    verdict: str
    wrong: bool


def turn_verdicts(row: Row, result: DialogResult, disclosed: Mapping[int, Sequence[str]] | None,
                  notes: Mapping[int, str] | None = None) -> list[tuple[int, str, tuple[str, ...]]]:
    """(turn idx, verdict, fact keys it was checked against) for every answer of the dialog.
    `disclosed`: grounded runs' stated keys per turn; None for free-form runs. `notes`: each
    turn's note (`simulator_checks.detail`): a persona answer's carries its allowed deviation."""
    out = []
    for i, t in enumerate(result.turns):
        keys = tuple((disclosed or {}).get(i, ())) or tuple(lexical_select(t.question, row.household))
        facts = [fact(row.household, k) for k in keys]
        c = check_answer(t.answer, facts, allowed_numbers=numbers(t.question),
                         allowance=allowance_from_note((notes or {}).get(i, "")))
        out.append((i, c.verdict, keys))
    return out


def affected_pairs(row: Row, result: DialogResult, disclosed: Mapping[int, Sequence[str]] | None,
                   notes: Mapping[int, str] | None = None) -> list[AffectedPair]:
    """The dialog's pairs whose needed facts a faulty answer concerned (one per pair: the first)."""
    if not result.scored or len(row.needed_facts) != len(row.opportunities):
        return []
    faulty = [(i, v, keys) for i, v, keys in turn_verdicts(row, result, disclosed, notes) if v in FAULT_VERDICTS]
    out = []
    for o, need in zip(row.opportunities, row.needed_facts):
        label = result.labels.get(o)
        if label is None:
            continue
        hit = next(((i, v, k) for i, v, keys in faulty for k in keys if k in need), None)
        if hit is not None:
            out.append(AffectedPair(result.dataset, result.row_id, result.trial, o, hit[0], hit[2], hit[1],
                                    result.predicted(o) != label))
    return out


def voided(result: DialogResult, opportunities: set[str] | frozenset[str]) -> DialogResult:
    """The dialog with these pairs left out of its labels (and predictions)."""
    if not opportunities:
        return result
    preds = None if result.predictions is None else {k: v for k, v in result.predictions.items() if k not in opportunities}
    return replace(result, labels={k: v for k, v in result.labels.items() if k not in opportunities}, predictions=preds)


def _fault_rate(affected_by: Mapping[DialogKey, Sequence[AffectedPair]]):
    def stat(results: list[DialogResult]) -> float:
        pairs = sum(len(r.labels) for r in results if r.scored)
        faults = sum(p.wrong for r in results if r.scored for p in affected_by.get((r.dataset, r.row_id, r.trial), ()))
        return 100.0 * faults / pairs if pairs else 0.0
    return stat


def fault_metrics(results_by_dataset: Mapping[str, Sequence[DialogResult]],
                  affected: Sequence[AffectedPair], n_boot: int, seed: int, trials: int | None = None) -> list:
    """Metric rows (dataset, name, value, ci_low, ci_high): per dataset the fault rate with its
    interval and the counts; per dataset and on average the agent-attributable scores."""
    by_key: dict[DialogKey, list[AffectedPair]] = {}
    for p in affected:
        by_key.setdefault((p.dataset, p.row_id, p.trial), []).append(p)
    rows: list[tuple[str, str, float | None, float | None, float | None]] = []
    rates = []
    stat = _fault_rate(by_key)
    for d, rs in results_by_dataset.items():
        scored = [r for r in rs if r.scored]
        rate = stat(scored)
        low, high = bootstrap(scored, stat, n_boot, seed) if scored else (None, None)
        rates.append(rate)
        mine = [p for p in affected if p.dataset == d]
        rows += [(d, FAULT_RATE, rate, low, high), (d, FAULT_PAIRS, float(sum(p.wrong for p in mine)), None, None),
                 (d, VOIDED_PAIRS, float(len(mine)), None, None)]
    if rates:
        pooled = [r for rs in results_by_dataset.values() for r in rs if r.scored]

        def mean_rate(sample: list[DialogResult]) -> float:  # the datasets' mean, as the point value
            parts: dict[str, list[DialogResult]] = {}
            for r in sample:
                parts.setdefault(r.dataset, []).append(r)
            return sum(stat(p) for p in parts.values()) / len(parts) if parts else 0.0

        low, high = bootstrap(pooled, mean_rate, n_boot, seed)
        rows += [(AVERAGE, FAULT_RATE, sum(rates) / len(rates), low, high),
                 (AVERAGE, FAULT_PAIRS, float(sum(p.wrong for p in affected)), None, None),
                 (AVERAGE, VOIDED_PAIRS, float(len(affected)), None, None)]
    kept = {d: [voided(r, {p.opportunity for p in by_key.get((r.dataset, r.row_id, r.trial), ())}) for r in rs]
            for d, rs in results_by_dataset.items() if any(r.scored for r in rs)}
    if kept:
        summary = summarize(kept, n_boot=n_boot, seed=seed, trials=trials)
        rows += [(d, AGENT_PREFIX + name, v, lo, hi) for d, name, v, lo, hi in summary.to_rows() if name in AGENT_SCORES]
    return rows


def run_affected(rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult], grounded: bool,
                 exact_facts: Mapping[DialogKey, Sequence[tuple[int, str, Any, bool]]] | None = None,
                 notes: Mapping[DialogKey, Mapping[int, str]] | None = None) -> list[AffectedPair]:
    """Every affected pair of a run's dialogs (grounded: checked against the stated keys)."""
    by_id = {(d, r.id): r for d, rs in rows.items() for r in rs}
    out: list[AffectedPair] = []
    for res in results:
        row = by_id.get((res.dataset, res.row_id))
        if row is None:
            continue
        disclosed = None
        if grounded:
            disclosed = {}
            for i, k, _v, _e in (exact_facts or {}).get((res.dataset, res.row_id, res.trial), ()):
                disclosed.setdefault(i, []).append(k)
        out += affected_pairs(row, res, disclosed, (notes or {}).get((res.dataset, res.row_id, res.trial)))
    return out


def record_simulator_faults(store, run_id: str, rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult],
                            grounded: bool, n_boot: int, seed: int, trials: int | None = None) -> list:
    """Find the run's affected pairs, store them (table `simulator_faults`) and return the metric rows."""
    notes: dict[DialogKey, dict[int, str]] = {}
    for c in store.process_rows("simulator_checks", run_id) if grounded else ():  # persona allowances (issue 32)
        notes.setdefault((c["dataset"], c["row_id"], int(c["trial"])), {})[int(c["idx"])] = c["detail"] or ""
    affected = run_affected(rows, results, grounded, store.turn_facts(run_id) if grounded else None, notes)
    store.record_simulator_faults(run_id, [[p.dataset, p.row_id, p.trial, p.opportunity, p.idx, p.fact_key,
                                            p.verdict, p.wrong] for p in affected])
    by_dataset: dict[str, list[DialogResult]] = {}
    for r in results:
        by_dataset.setdefault(r.dataset, []).append(r)
    return fault_metrics({d: rs for d, rs in by_dataset.items() if any(r.scored for r in rs)}, affected,
                         n_boot, seed, trials)


def faulty_dialogs(store, run_id: str) -> list[DialogKey]:
    """Dialogs of the run with at least one simulator fault (an affected pair got wrong)."""
    keys = {(r["dataset"], r["row_id"], int(r["trial"])) for r in store.process_rows("simulator_faults", run_id)
            if r["wrong"]}
    return sorted(keys)
