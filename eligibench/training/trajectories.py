"""Finished dialogs as training data: chat messages with roles, SFT and DPO datasets with a card.

A dialog becomes messages: a system message (the task and every opportunity's requirements,
as the agent was shown them), then per turn the agent's question (`assistant`) and the simulated
user's answer (`user`), then the agent's verdicts as one `assistant` message of JSON
({opportunity id: true/false}). Each record also carries the verdicts, labels and per-pair
correctness, the dialog's accuracy and turns, and the run's protocol (JSON) and split.

- SFT: every dialog whose pair accuracy is at least the threshold (default 1.0: only dialogs
  with every verdict right; a teacher with a lower bar teaches its mistakes).
- DPO: per household and opportunity list (the same row id, the same opportunities), the best
  and the worst dialog across the given runs when they differ: more pairs right first, then
  fewer questions. Not the turn-weighted form (accuracy / (1 + turns/100)): under it a lucky
  zero-question guess outranks a dialog that got every pair right with 30 questions (the
  random agent beat the teacher that way on train households, tests/training/test_trajectories.py).
  `prompt` is the system message, `chosen`/`rejected` the two dialogs' turns (TRL's
  conversational preference format).
- DPO by priorities (`priority_records`, `--prefer priorities`): AWARE-US-style pairs: where two
  runs' dialogs with one household first ask different questions, the question about the more
  important program (the household's weights) is chosen, the other rejected, the dialog so far
  the prompt.

Test data: dialogs on the published rows (`diverse`, `representative`) or the sealed split are
evaluation data; `refuse_test_data` stops an export of them unless the caller says it knows
(`--i-know-this-is-test-data`): training on the split one reports is how benchmarks are gamed.
"""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.results import DialogResult

FORMATS = ("sft", "dpo", "dpo-priorities")  # dpo-priorities: `priority_records` (--format dpo --prefer priorities)
TRAIN_DATASETS = ("train",)
SYSTEM = ("You help a person in New York City find out which benefit opportunities their household is "
          "eligible for. Ask one plain question at a time. When you know enough, reply with only a JSON "
          "object mapping each opportunity id to true (eligible) or false.\n\nOpportunities:\n")


@dataclass(frozen=True)
class Source:
    """Where dialogs come from: a run (or the teacher's environment episodes) and its protocol."""

    run_id: str
    split: str  # "train", "public" or "sealed"
    protocol: Mapping[str, Any]
    briefs: Mapping[str, OpportunityBrief]


def is_test_data(source: Source, dialog: DialogResult) -> bool:
    return source.split == "sealed" or dialog.dataset not in TRAIN_DATASETS


def refuse_test_data(pairs: Iterable[tuple[Source, DialogResult]], allowed: bool) -> None:
    test = sorted({f"{s.run_id} ({d.dataset}, split {s.split})" for s, d in pairs if is_test_data(s, d)})
    if test and not allowed:
        raise BenyfitsError(f"{len(test)} run(s) hold evaluation data, not the train split: {', '.join(test[:3])}: "
                            "exporting test or sealed dialogs for training contaminates every score reported on "
                            "them; pass --i-know-this-is-test-data to do it anyway")


def system_message(briefs: Sequence[OpportunityBrief]) -> dict[str, str]:
    return {"role": "system", "content": SYSTEM + "\n".join(f"- {b.id}: {b.name}: {b.requirements}" for b in briefs)}


def turn_messages(dialog: DialogResult, ids: Sequence[str]) -> list[dict[str, str]]:
    out = []
    for t in dialog.turns:
        out += [{"role": "assistant", "content": t.question}, {"role": "user", "content": t.answer}]
    verdicts = {i: bool((dialog.predictions or {}).get(i, False)) for i in ids}
    return out + [{"role": "assistant", "content": json.dumps(verdicts)}]


def accuracy(dialog: DialogResult) -> float:
    preds = dialog.predictions or {}
    return sum(preds.get(o) is not None and preds[o] == lab for o, lab in dialog.labels.items()) / max(1, len(dialog.labels))


def dialog_score(dialog: DialogResult) -> tuple[float, int]:
    """What DPO prefers: more pairs right, then fewer questions (see the module docstring)."""
    return accuracy(dialog), -len(dialog.turns)


def record(source: Source, dialog: DialogResult) -> dict[str, Any]:
    ids = list(dialog.labels)
    briefs = [source.briefs.get(i) or OpportunityBrief(i, i, "") for i in ids]
    preds = dialog.predictions or {}
    return {"messages": [system_message(briefs), *turn_messages(dialog, ids)],
            "row_id": dialog.row_id, "dataset": dialog.dataset, "trial": dialog.trial, "run_id": source.run_id,
            "split": "test" if is_test_data(source, dialog) and source.split != "sealed" else
            ("sealed" if source.split == "sealed" else "train"), "opportunities": ids,
            "predictions": [None if preds.get(i) is None else bool(preds[i]) for i in ids],
            "labels": [bool(dialog.labels[i]) for i in ids],
            "correct": [preds.get(i) is not None and preds[i] == dialog.labels[i] for i in ids],
            "accuracy": accuracy(dialog), "turns": len(dialog.turns), "termination": dialog.termination,
            "protocol": json.dumps(dict(source.protocol), sort_keys=True, default=str)}


def sft_records(pairs: Iterable[tuple[Source, DialogResult]], threshold: float = 1.0) -> list[dict[str, Any]]:
    return [record(s, d) for s, d in pairs if d.predictions is not None and accuracy(d) >= threshold]


def dpo_records(pairs: Iterable[tuple[Source, DialogResult]]) -> list[dict[str, Any]]:
    groups: dict[tuple, list[tuple[Source, DialogResult]]] = defaultdict(list)
    for s, d in pairs:
        groups[(d.dataset, d.row_id, tuple(d.labels))].append((s, d))
    out = []
    for key in sorted(groups):
        ranked = sorted(groups[key], key=lambda p: (dialog_score(p[1]), p[0].run_id, p[1].trial), reverse=True)
        (bs, best), (ws, worst) = ranked[0], ranked[-1]
        if dialog_score(best) == dialog_score(worst):
            continue
        chosen, rejected = record(bs, best), record(ws, worst)
        out.append({"prompt": chosen["messages"][:1], "chosen": chosen["messages"][1:], "rejected": rejected["messages"][1:],
                    "row_id": best.row_id, "dataset": best.dataset, "opportunities": chosen["opportunities"],
                    "chosen_run_id": bs.run_id, "rejected_run_id": ws.run_id,
                    "chosen_accuracy": accuracy(best), "rejected_accuracy": accuracy(worst),
                    "chosen_turns": len(best.turns), "rejected_turns": len(worst.turns),
                    "chosen_protocol": chosen["protocol"], "rejected_protocol": rejected["protocol"]})
    return out


def _served(dialog: DialogResult, turn: int, needed: Mapping[str, frozenset[str]],
            weights: Mapping[str, float]) -> float:
    """The weight of the most important program a turn's answer told something its rule needs (0:
    none): which program the question was, in effect, about."""
    told = {k for i, k, _ in dialog.turn_facts if i == turn}
    return max((weights.get(o, 0.0) for o, keys in needed.items() if keys & told), default=0.0)


def priority_records(pairs: Iterable[tuple[Source, DialogResult]], households: Mapping[tuple[str, str], Any]
                     ) -> list[dict[str, Any]]:
    """AWARE-US-style preference pairs on the priorities track. A dialog's *fact questions* are its
    turns whose answer told something a program's rule needs; each is about the most important such
    program (`_served`). Per household, for two dialogs from different runs, at the first position
    where their fact questions differ: the question about the more important program is `chosen`,
    the other `rejected`, and the chosen dialog up to that question the `prompt` (after the system
    message). A question that told no needed fact (a roster of names, "what matters most?") is no
    fact question. `households`: (dataset, row id) -> `scoring.Household` (weights and needed
    facts). Pairs about programs of equal weight say nothing and are left out; one pair per two
    dialogs."""
    groups: dict[tuple, list[tuple[Source, DialogResult]]] = defaultdict(list)
    for s, d in pairs:
        if (d.dataset, d.row_id) in households and d.turn_facts:
            groups[(d.dataset, d.row_id, tuple(d.labels))].append((s, d))
    out = []
    for key in sorted(groups):
        hh = households[key[:2]]
        dialogs = sorted(groups[key], key=lambda p: (p[0].run_id, p[1].trial))
        facts = {id(d): [(t, w) for t in range(len(d.turns)) if (w := _served(d, t, hh.needed, hh.weights)) > 0]
                 for _, d in dialogs}
        for i, (sa, a) in enumerate(dialogs):
            for sb, b in dialogs[i + 1:]:
                if sa.run_id == sb.run_id:
                    continue
                fa, fb = facts[id(a)], facts[id(b)]
                k = next((k for k, (x, y) in enumerate(zip(fa, fb))
                          if a.turns[x[0]].question != b.turns[y[0]].question), None)
                if k is None or fa[k][1] == fb[k][1]:
                    continue
                if fa[k][1] > fb[k][1]:
                    (sc, chosen, (tc, wc)), (sr, rejected, (tr, wr)) = (sa, a, fa[k]), (sb, b, fb[k])
                else:
                    (sc, chosen, (tc, wc)), (sr, rejected, (tr, wr)) = (sb, b, fb[k]), (sa, a, fa[k])
                ids = list(chosen.labels)
                briefs = [sc.briefs.get(o) or OpportunityBrief(o, o, "") for o in ids]
                shared = [m for turn in chosen.turns[:tc] for m in ({"role": "assistant", "content": turn.question},
                                                                   {"role": "user", "content": turn.answer})]
                out.append({"prompt": [system_message(briefs), *shared],
                            "chosen": [{"role": "assistant", "content": chosen.turns[tc].question}],
                            "rejected": [{"role": "assistant", "content": rejected.turns[tr].question}],
                            "row_id": chosen.row_id, "dataset": chosen.dataset, "opportunities": ids, "turn": tc,
                            "chosen_run_id": sc.run_id, "rejected_run_id": sr.run_id,
                            "chosen_weight": round(wc, 6), "rejected_weight": round(wr, 6),
                            "chosen_protocol": json.dumps(dict(sc.protocol), sort_keys=True, default=str),
                            "rejected_protocol": json.dumps(dict(sr.protocol), sort_keys=True, default=str)})
    return out


def card(kind: str, records: Sequence[Mapping[str, Any]], sources: Sequence[Source], threshold: float | None) -> str:
    runs = ", ".join(sorted({s.run_id for s in sources})) or "none"
    splits = ", ".join(sorted({str(r.get("split")) for r in records if "split" in r})) or "train"
    what = (f"SFT: dialogs whose pair accuracy is at least {threshold}; `messages` is the chat (system, then "
            "assistant question / user answer per turn, then the assistant's verdicts as JSON)"
            if kind == "sft" else
            "DPO: per household and opportunity list, the best (`chosen`) and worst (`rejected`) dialog across "
            "the runs, more pairs right first, then fewer questions; `prompt` is the system message"
            if kind == "dpo" else
            "DPO by priorities (AWARE-US-style): where two runs' dialogs with one household first differ, the "
            "question about the more important program (`chosen`) against the other (`rejected`); `prompt` is the "
            "system message and the shared dialog so far")
    return f"""---
configs:
- config_name: default
  data_files:
  - split: train
    path: data/train.parquet
license: cc-by-4.0
pretty_name: BeNYfits trajectories ({kind})
---
# BeNYfits trajectories ({kind})

{what}. {len(records)} records from runs {runs} (splits: {splits}).

Each record keeps the run's protocol (`protocol`, JSON: simulator, persona, question cap, ...):
dialogs under different protocols are different data. Written by `benyfits export-trajectories`
(eligibench/training/trajectories.py); docs/training.md in the BeNYfits project.

Made from the train split unless a `split` column says otherwise: dialogs on the published test
rows or the sealed split are exported only with `--i-know-this-is-test-data`, and a model trained
on them must not report scores on them.
"""


def write_dataset(out: Path, kind: str, records: Sequence[Mapping[str, Any]], sources: Sequence[Source],
                  threshold: float | None = None) -> Path:
    """`out/` as a Hugging Face dataset folder (README card + data/train.parquet)."""
    from datasets import Dataset

    if kind not in FORMATS:
        raise BenyfitsError(f"format {kind!r}: expected one of {', '.join(FORMATS)}")
    if not records:
        raise BenyfitsError(f"{out}: nothing to export as {kind} (no dialog passed the threshold or no pair differs)")
    out = Path(out)
    (out / "data").mkdir(parents=True, exist_ok=True)
    Dataset.from_list(list(records)).to_parquet(str(out / "data" / "train.parquet"))
    (out / "README.md").write_text(card(kind, records, sources, threshold), encoding="utf-8")
    return out
