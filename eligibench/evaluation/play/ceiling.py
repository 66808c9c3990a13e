"""The human ceiling: people play the agent on a fixed sample of (household, opportunity) pairs.

The sample (`ceiling_rows`) is the paper's size by default (83 pairs: its human ceiling, 85.6%
accuracy, was measured on 83 pairs), drawn once from the published rows with a fixed seed and
balanced over opportunities: opportunities are visited in id order, round after round, each
taking one unused pair (a seeded draw among the rows that carry it) until the sample is full, so
no opportunity has more than one pair above another that still has unused ones. Each pair is a
one-opportunity dialog (row id `<row>#<opportunity>`). The sample is split across participants
by position (`participant_share`: pair k goes to participant k mod n), so shares differ by at most one.

`ceiling_report` scores the stored human runs over the sample: accuracy, F1 (eligible is the
positive class) and questions per dialog, each with a 95% bootstrap interval over pairs, overall
and per person.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Mapping, Sequence

from eligibench.datasets import Row
from eligibench.results import DialogResult

CEILING_PAIRS = 83
CEILING_SEED = 20250301


def ceiling_rows(rows: Mapping[str, Sequence[Row]], n: int = CEILING_PAIRS, seed: int = CEILING_SEED) -> list[Row]:
    """The fixed sample: n one-opportunity rows, balanced over opportunities (module docstring)."""
    rng = random.Random(seed)
    carriers: dict[str, list[Row]] = {}
    for dataset in sorted(rows):
        for row in rows[dataset]:
            for o in row.opportunities:
                carriers.setdefault(o, []).append(row)
    for o in carriers:
        rng.shuffle(carriers[o])
    out: list[Row] = []
    while len(out) < n and any(carriers.values()):
        for o in sorted(carriers):
            if carriers[o] and len(out) < n:
                out.append(_single(carriers[o].pop(), o))
    if len(out) < n:
        raise ValueError(f"the datasets hold only {len(out)} (household, opportunity) pairs; the ceiling sample needs {n}")
    return out


def _single(row: Row, opportunity: str) -> Row:
    i = row.opportunities.index(opportunity)
    return replace(row, id=f"{row.id}#{opportunity}", opportunities=(opportunity,), labels=(row.labels[i],),
                   trace_ids=(row.trace_ids[i],), needed_facts=(row.needed_facts[i],) if row.needed_facts else ())


def participant_share(sample: Sequence[Row], index: int, participants: int) -> list[Row]:
    """Participant `index`'s (0-based) share of the sample among `participants`."""
    if participants < 1 or not 0 <= index < participants:
        raise ValueError(f"participant {index + 1} of {participants}: expected 1..{participants}")
    return list(sample[index::participants])


def _pairs(results: Sequence[DialogResult]) -> list[tuple[bool, bool | None, int]]:
    return [(lab, (r.predictions or {}).get(o), len(r.turns)) for r in results if r.scored for o, lab in r.labels.items()]


def _figures(pairs: Sequence[tuple[bool, bool | None, int]]) -> dict[str, float]:
    correct = [p is not None and p == lab for lab, p, _ in pairs]
    tp = sum(lab and p is True for lab, p, _ in pairs)
    fp = sum((not lab) and p is True for lab, p, _ in pairs)
    fn = sum(lab and p is not True for lab, p, _ in pairs)
    f1 = 2 * tp / (2 * tp + fp + fn) if (2 * tp + fp + fn) else 0.0
    return {"accuracy": 100 * sum(correct) / len(pairs), "f1": 100 * f1,
            "turns": sum(t for *_, t in pairs) / len(pairs)}


def _interval(pairs, n_boot: int, seed: int) -> dict[str, tuple[float, float]]:
    rng = random.Random(seed)
    draws = [_figures([pairs[rng.randrange(len(pairs))] for _ in pairs]) for _ in range(n_boot)]
    out = {}
    for k in ("accuracy", "f1", "turns"):
        vals = sorted(d[k] for d in draws)
        out[k] = (vals[int(0.025 * (n_boot - 1))], vals[int(0.975 * (n_boot - 1))])
    return out


def ceiling_report(by_participant: Mapping[str, Sequence[DialogResult]], n_boot: int = 1000,
                   seed: int = 0) -> dict[str, Any]:
    """Accuracy, F1 and questions per dialog with 95% intervals, overall and per participant."""
    def block(results):
        pairs = _pairs(results)
        if not pairs:
            return {"pairs": 0}
        figs, ci = _figures(pairs), _interval(pairs, n_boot, seed)
        return {"pairs": len(pairs), "minutes_per_dialog": sum(r.wall_s for r in results) / len(results) / 60,
                **{k: round(v, 2) for k, v in figs.items()}, **{f"{k}_ci": tuple(round(x, 2) for x in v) for k, v in ci.items()}}

    everyone = [r for rs in by_participant.values() for r in rs]
    return {"overall": block(everyone), "participants": {p: block(rs) for p, rs in sorted(by_participant.items())}}
