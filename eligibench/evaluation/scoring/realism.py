"""The realism track: one agent under the cooperative user and under personas (issue 32).

- Pairs a persona makes "not determinable by questions" (a needed fact it cannot tell,
  `user.withheld_keys`) are left out of every persona score (`determinable`), counted apart
  (`undeterminable_pairs`), never scored against the agent; the cooperative run is scored on the
  same pairs, so the drop compares like with like.
- The drop is paired: the same households under both users (`compare_runs`: TW-F1, F1, turns with
  household-bootstrap intervals, McNemar on pair correctness).
- Process metrics the behaviours make meaningful, per run over all its dialogs:
  `explained_before_sensitive`: of the agent's questions about income, savings or immigration
  status, the share asked after (or with) a reason for asking (`behaviours.explained_why`);
  `clarifications_answered`: of the user's "What is SNAP?" answers, the share whose next question
  names the term with an explanation; `questions_split`: the share of the agent's questions that
  ask one thing (a single "?" part), which a one-at-a-time user answers whole.
- One way to compute the drop (`persona_drop`), read by the board's Realism view, `benyfits
  compare` of two persona runs and the realism stage (`realism_drop`), with each persona's share of
  determinable pairs beside it: a persona that hides more of the task leaves fewer pairs to score,
  so its drop is measured on less of the task (on the realism track's 12 households, "hard" left 32
  of 61 pairs out against "typical"'s 9, and its smaller drop, 2.4 F1 against 6.5, said nothing of
  that by itself).
- Which runs belong together (`protocol_without_persona`): one agent's runs whose protocols differ
  in the persona only (the persona, the protocol kind it moves, the label's " persona:<name>").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from eligibench.datasets import Row
from eligibench.evaluation.scoring.paired import Comparison, compare_runs
from eligibench.evaluation.scoring.simulator_faults import voided
from eligibench.evaluation.scoring.summary import summarize
from eligibench.evaluation.user import (
    COOPERATIVE,
    SENSITIVE,
    explained_why,
    lexical_select,
    question_parts,
    traits_for,
    undeterminable,
    unexplained_terms,
    withheld_keys,
)
from eligibench.household import parse_key
from eligibench.results import DialogResult, Turn

PERSONA_PROCESS = ("explained_before_sensitive", "clarifications_answered", "questions_split")
UNDETERMINABLE = "undeterminable_pairs"
DETERMINABLE_PREFIX = "determinable_"  # determinable_f1, determinable_turn_weighted_f1
_CLARIFY_END = "What is that?"


def undeterminable_pairs(rows: Mapping[str, Sequence[Row]], persona: str, seed: int = 0) -> set[tuple[str, str, str]]:
    """(dataset, row id, opportunity) of every pair whose needed facts the persona cannot tell."""
    if persona == COOPERATIVE:
        return set()
    out = set()
    for d, rs in rows.items():
        for r in rs:
            hidden = withheld_keys(r.household, traits_for(persona, r.id, seed))
            out |= {(d, r.id, o) for o, bad in zip(r.opportunities, undeterminable(r.needed_facts, hidden)) if bad}
    return out


def determinable(results: Sequence[DialogResult], pairs: set[tuple[str, str, str]]) -> list[DialogResult]:
    """The dialogs with the undeterminable pairs left out of their labels."""
    return [voided(r, {o for d, i, o in pairs if (d, i) == (r.dataset, r.row_id)}) for r in results]


def scorable(rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult], persona: str,
             seed: int = 0) -> list[DialogResult]:
    """A run's dialogs as they are scored: under a persona, the pairs it cannot reveal left out
    (never scored against the agent; counted apart as `undeterminable_pairs`)."""
    if persona == COOPERATIVE:
        return list(results)
    return determinable(results, undeterminable_pairs(rows, persona, seed))


def _asks_sensitive(question: str, row: Row) -> bool:
    return any(parse_key(k)[1] in SENSITIVE for k in lexical_select(question, row.household))


def persona_dialog_process(row: Row, turns: Sequence[Turn]) -> dict[str, tuple[int, int]]:
    """(hits, cases) of each process metric in one dialog."""
    sensitive = explained = clar = answered = single = 0
    for i, t in enumerate(turns):
        single += len(question_parts(t.question)) <= 1
        if _asks_sensitive(t.question, row):
            sensitive += 1
            explained += explained_why(turns[:i], t.question)
        if t.answer.endswith(_CLARIFY_END) and i + 1 < len(turns):
            clar += 1
            term = t.answer.split("heard of ", 1)[-1].split(".", 1)[0]
            nxt = turns[i + 1].question
            answered += term in nxt and term not in unexplained_terms(turns[:i + 1], nxt)
    return {"explained_before_sensitive": (explained, sensitive), "clarifications_answered": (answered, clar),
            "questions_split": (single, len(turns))}


def persona_process(rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult]) -> dict[str, float | None]:
    """Each process metric over the run's dialogs (hits / cases; None without a case)."""
    by_id = {(d, r.id): r for d, rs in rows.items() for r in rs}
    totals = {m: [0, 0] for m in PERSONA_PROCESS}
    for res in results:
        row = by_id.get((res.dataset, res.row_id))
        if row is None:
            continue
        for m, (hits, cases) in persona_dialog_process(row, res.turns).items():
            totals[m][0] += hits
            totals[m][1] += cases
    return {m: (h / c if c else None) for m, (h, c) in totals.items()}


def persona_metrics(rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult], persona: str, seed: int,
                    n_boot: int, boot_seed: int, trials: int | None = None) -> list:
    """Metric rows of a persona run: undeterminable pair counts, the scores on determinable pairs
    (`determinable_*`) and the process metrics (dataset "average")."""
    pairs = undeterminable_pairs(rows, persona, seed)
    out = [(d, UNDETERMINABLE, float(sum(1 for p in pairs if p[0] == d)), None, None) for d in rows]
    out.append(("average", UNDETERMINABLE, float(len(pairs)), None, None))
    kept: dict[str, list[DialogResult]] = {}
    for r in determinable(results, pairs):
        kept.setdefault(r.dataset, []).append(r)
    kept = {d: rs for d, rs in kept.items() if any(r.scored for r in rs)}
    if kept:
        summary = summarize(kept, n_boot=n_boot, seed=boot_seed, trials=trials)
        out += [(d, DETERMINABLE_PREFIX + n, v, lo, hi) for d, n, v, lo, hi in summary.to_rows()
                if n in ("f1", "turn_weighted_f1", "accuracy")]
    out += [("average", m, v, None, None) for m, v in persona_process(rows, results).items() if v is not None]
    return out


def record_persona(store, run_id: str, rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult],
                   persona: str, seed: int, n_boot: int, boot_seed: int, trials: int | None = None) -> list:
    """A grounded run's realism figures: a persona run's undeterminable pairs stored (table
    `persona_pairs`) and its metric rows; a cooperative run's process metrics only (the baseline
    the realism track compares them with)."""
    if persona == COOPERATIVE:
        return [("average", m, v, None, None) for m, v in persona_process(rows, results).items() if v is not None]
    store.record_persona_pairs(run_id, persona, sorted(undeterminable_pairs(rows, persona, seed)))
    return persona_metrics(rows, results, persona, seed, n_boot, boot_seed, trials)


_PERSONA_LABEL = re.compile(r" persona:\S+")


def protocol_persona(protocol: Mapping[str, Any] | None) -> str:
    """The persona a run's protocol (`runs.protocol`) records: absent is cooperative."""
    return str((protocol or {}).get("persona", COOPERATIVE))


def protocol_without_persona(protocol: Mapping[str, Any]) -> dict[str, Any]:
    """The protocol with its persona taken out (the persona, the protocol kind a persona moves, the
    simulator label's " persona:<name>" suffix): two runs whose protocols are equal after this
    differ in the persona only."""
    out = {k: v for k, v in protocol.items() if k not in ("persona", "kind")}
    sim = dict(out.get("simulator") or {})
    if "label" in sim:
        sim["label"] = _PERSONA_LABEL.sub("", str(sim["label"]))
    out["simulator"] = sim
    return out


@dataclass(frozen=True)
class PersonaDrop:
    """One agent's paired drop from a baseline persona's run to another persona's run on the same
    households, on the pairs both personas can reveal, and how much of the task each leaves
    measurable (`determinable_share`)."""
    comparison: Comparison  # baseline minus persona (`compare_runs`)
    pairs: int  # pairs of the households both runs share
    hidden_baseline: int  # of them, not determinable by questions under the baseline's persona
    hidden_persona: int  # ... under the other persona
    left_out: int  # either: left out of both runs' scores

    def determinable_share(self, side: str) -> float | None:
        """The share (0-1) of the pairs `side` ("baseline" or "persona") leaves determinable."""
        hidden = {"baseline": self.hidden_baseline, "persona": self.hidden_persona}[side]
        return (self.pairs - hidden) / self.pairs if self.pairs else None


def persona_drop(baseline: Sequence[DialogResult], persona: Sequence[DialogResult],
                 hidden_baseline: set[tuple[str, str, str]], hidden_persona: set[tuple[str, str, str]],
                 n_boot: int = 1000, seed: int = 0, level: float = 0.95) -> PersonaDrop:
    """Baseline minus persona on their shared households, each run's undeterminable pairs
    (dataset, row id, opportunity: `undeterminable_pairs` or a run's stored `persona_pairs`) left
    out of both, so no agent is blamed for what no question could reveal."""
    hidden = set(hidden_baseline) | set(hidden_persona)
    shared = {(r.dataset, r.row_id) for r in baseline} & {(r.dataset, r.row_id) for r in persona}
    pairs = {(r.dataset, r.row_id, o) for r in baseline if (r.dataset, r.row_id) in shared for o in r.labels}
    c = compare_runs(determinable(baseline, hidden), determinable(persona, hidden), n_boot, seed, level)
    return PersonaDrop(c, len(pairs), len(pairs & set(hidden_baseline)), len(pairs & set(hidden_persona)),
                       len(pairs & hidden))


def realism_drop(rows: Mapping[str, Sequence[Row]], cooperative: Sequence[DialogResult],
                 persona_results: Sequence[DialogResult], persona: str, seed: int = 0, n_boot: int = 1000,
                 boot_seed: int = 0) -> dict:
    """Cooperative minus persona on the same households and the persona's determinable pairs."""
    pairs = undeterminable_pairs(rows, persona, seed)
    drop = persona_drop(cooperative, persona_results, set(), pairs, n_boot, boot_seed)
    c = drop.comparison
    share = drop.determinable_share("persona")
    return {"households": c.households, "undeterminable_pairs": len(pairs), "pairs": drop.pairs,
            "determinable_share": None if share is None else round(share, 4),
            "drop": {name: {"cooperative": round(d.a, 2), "persona": round(d.b, 2), "drop": round(d.diff, 2),
                            "ci": [round(d.ci[0], 2), round(d.ci[1], 2)]} for name, d in c.differences.items()},
            "mcnemar": {"cooperative_only": c.mcnemar.a_only, "persona_only": c.mcnemar.b_only,
                        "pairs": c.mcnemar.pairs, "p": c.mcnemar.p}}
