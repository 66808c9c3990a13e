"""Process metrics of a dialog and a run, and the cause of every wrong prediction.

Inputs per dialog: the row's needed facts (the fact keys each opportunity's checker read,
`datasets.rows`), the facts each turn disclosed (exact in grounded mode; in free-form mode
estimated: the lexical selector run on the question and on the answer, nothing for an answer that
says it does not know), and in free-form mode each answer checked against the facts its question
concerns (`answer_check`).

Per dialog (table `dialog_process`):
- needed_coverage: share of the needed facts (union over the dialog's opportunities) disclosed
  before PREDICT;
- redundant_questions: turns that disclosed no fact not disclosed before;
- over_asked_facts: disclosed facts no checker of the dialog needed (user burden, privacy);
- premature_ready: the agent said READY while a needed fact of a pair it then got wrong was
  undisclosed;
- members_covered: of the members some needed fact is about, the share with at least one of
  those facts disclosed (the paper's multi-member failure mode);
- oracle_questions: a lower bound on questions: the number of distinct features among the needed
  facts (an oracle asks one question per feature, for every member at once; `hh.size` is one
  feature); turns_over_oracle = the questions beyond those, max(0, turns - oracle_questions): a
  dialog that asked fewer questions than the oracle needs did not ask "more than an oracle" (it
  cannot have learnt every needed fact one feature per question; needed_coverage says what it missed).

Per wrong (household, opportunity) pair, the first cause that applies (table `pair_failures`):
the simulator stated a false fact about a needed fact (free-form: a contradicted answer);
a needed fact was never disclosed; else all needed facts were disclosed truthfully and the agent
misapplied the rule. Rows without needed facts (files built before they existed) are skipped.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Mapping, Sequence

from eligibench.datasets import Row
from eligibench.evaluation.scoring.simulator_faults import turn_verdicts
from eligibench.evaluation.user import CONTRADICTED, DONT_KNOW, FAITHFUL, check_answer, lexical_select, says_unknown
from eligibench.household import fact, parse_key
from eligibench.results import READY, DialogResult

SIMULATOR_FALSE_FACT = "simulator_false_fact"
NEEDED_FACT_NOT_DISCLOSED = "needed_fact_not_disclosed"
RULE_MISAPPLIED = "rule_misapplied"
CAUSES = (SIMULATOR_FALSE_FACT, NEEDED_FACT_NOT_DISCLOSED, RULE_MISAPPLIED)


@dataclass(frozen=True)
class DialogProcess:
    dataset: str
    row_id: str
    trial: int
    needed_coverage: float | None
    redundant_questions: int
    over_asked_facts: int
    premature_ready: bool
    members_covered: float | None
    oracle_questions: int
    turns_over_oracle: int
    exact: bool


def needed_union(row: Row) -> frozenset[str]:
    return frozenset(k for keys in row.needed_facts for k in keys)


def oracle_questions(needed: frozenset[str] | set[str]) -> int:
    """Fewest questions when each question asks one feature of every member at once."""
    return len({parse_key(k)[1] for k in needed})


def estimate_disclosed(row: Row, question: str, answer: str) -> tuple[str, ...]:
    """Free-form mode: the facts an answer probably disclosed (what its question and its own words
    are about), none when it says it does not know."""
    if says_unknown(answer):
        return ()
    return tuple(dict.fromkeys(lexical_select(question, row.household) + lexical_select(answer, row.household)))


def check_turns(row: Row, result: DialogResult) -> list[tuple[int, str, str]]:
    """Free-form mode: each answer checked against the facts its question concerns."""
    out = []
    for i, t in enumerate(result.turns):
        facts = [fact(row.household, k) for k in lexical_select(t.question, row.household)]
        c = check_answer(t.answer, facts)
        out.append((i, c.verdict, c.detail))
    return out


def dialog_process(row: Row, result: DialogResult, disclosed: Sequence[tuple[int, str]],
                   false_keys: set[str] | frozenset[str], exact: bool) -> tuple[DialogProcess, list[tuple[str, str]]]:
    """The dialog's process metrics and its (opportunity, cause) failures.

    `disclosed`: (turn idx, fact key) of every disclosure; `false_keys`: facts the simulator stated
    falsely (free-form checks)."""
    needed_by = dict(zip(row.opportunities, (frozenset(k) for k in row.needed_facts)))
    needed = needed_union(row)
    seen: set[str] = set()
    redundant = 0
    by_turn: dict[int, set[str]] = {}
    for i, k in disclosed:
        by_turn.setdefault(i, set()).add(k)
    for i in range(len(result.turns)):
        new = by_turn.get(i, set()) - seen
        redundant += not new
        seen |= new
    failures: list[tuple[str, str]] = []
    undisclosed_wrong = False
    for o in row.opportunities:
        label = result.labels.get(o)
        if label is None or result.predicted(o) == label:
            continue
        need = needed_by.get(o, frozenset())
        undisclosed_wrong |= bool(need - seen)
        if need & false_keys:
            failures.append((o, SIMULATOR_FALSE_FACT))
        elif need - seen:
            failures.append((o, NEEDED_FACT_NOT_DISCLOSED))
        else:
            failures.append((o, RULE_MISAPPLIED))
    premature = result.termination == READY and undisclosed_wrong
    members: dict[int, set[str]] = {}
    for k in needed:
        m = parse_key(k)[0]
        if m is not None:
            members.setdefault(m, set()).add(k)
    covered = sum(1 for keys in members.values() if keys & seen)
    oracle = oracle_questions(needed)
    return DialogProcess(
        result.dataset, result.row_id, result.trial,
        len(needed & seen) / len(needed) if needed else None, redundant, len(seen - needed), premature,
        covered / len(members) if members else None, oracle, max(0, len(result.turns) - oracle), exact,
    ), failures


@dataclass(frozen=True)
class RunProcess:
    """Everything a run's process step writes: rows per table and metric rows per dataset."""

    estimated_facts: dict[tuple[str, str, int], list[tuple[int, str, Any]]]
    checks: dict[tuple[str, str, int], list[tuple[int, str, str]]]
    process: list[dict[str, Any]]
    failures: list[tuple[tuple[str, str, int], str, str]]
    metrics: list[tuple[str, str, float | None, None, None]]


def run_process(rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult], grounded: bool,
                exact_facts: Mapping[tuple[str, str, int], Sequence[tuple[int, str, Any, bool]]] | None = None,
                grounded_notes: Mapping[tuple[str, str, int], Sequence[str]] | None = None) -> RunProcess:
    """Process metrics of a run's scored dialogs. Grounded runs use the stored exact disclosures
    (`exact_facts`); free-form runs are estimated and every answer is checked."""
    by_id = {(d, r.id): r for d, rs in rows.items() for r in rs}
    estimated: dict = {}
    checks: dict = {}
    process: list[dict[str, Any]] = []
    failures: list = []
    for res in results:
        row = by_id.get((res.dataset, res.row_id))
        if row is None or not res.scored or len(row.needed_facts) != len(row.opportunities):
            continue
        key = (res.dataset, res.row_id, res.trial)
        if grounded:
            disclosed = [(i, k) for i, k, _v, _e in (exact_facts or {}).get(key, ())]
            by_turn: dict[int, list[str]] = {}
            for i, k in disclosed:
                by_turn.setdefault(i, []).append(k)
            # the stated keys checked against the TRUE household: a grounded simulator is true by
            # construction only while its selection and words are (issue 31: a planted liar)
            false_keys: set[str] = {k for _, v, ks in turn_verdicts(row, res, by_turn) if v == CONTRADICTED for k in ks}
        else:
            turn_keys = [(i, estimate_disclosed(row, t.question, t.answer)) for i, t in enumerate(res.turns)]
            estimated[key] = [(i, k, fact(row.household, k).value) for i, ks in turn_keys for k in ks]
            disclosed = [(i, k) for i, ks in turn_keys for k in ks]
            checks[key] = check_turns(row, res)
            false_keys = {k for i, v, _ in checks[key] if v == CONTRADICTED
                          for k in lexical_select(res.turns[i].question, row.household)}
        p, fails = dialog_process(row, res, disclosed, false_keys, grounded)
        process.append(asdict(p))
        failures += [(key, o, c) for o, c in fails]
    metrics = _metrics(process, failures, checks, grounded_notes or {}, grounded)
    return RunProcess(estimated, checks, process, failures, metrics)


def _mean(values: Sequence[float | None]) -> float | None:
    vs = [float(v) for v in values if v is not None]
    return sum(vs) / len(vs) if vs else None


def _metrics(process, failures, checks, notes, grounded: bool) -> list:
    out = []
    datasets = sorted({p["dataset"] for p in process})
    for d in datasets:
        ps = [p for p in process if p["dataset"] == d]
        fs = [c for (ds, _, _), _, c in failures if ds == d]
        row = {
            "needed_coverage": _mean([p["needed_coverage"] for p in ps]),
            "redundant_questions": _mean([p["redundant_questions"] for p in ps]),
            "over_asked_facts": _mean([p["over_asked_facts"] for p in ps]),
            "premature_ready": _mean([float(p["premature_ready"]) for p in ps]),
            "members_covered": _mean([p["members_covered"] for p in ps]),
            "oracle_questions": _mean([p["oracle_questions"] for p in ps]),
            "turns_over_oracle": _mean([p["turns_over_oracle"] for p in ps]),
            "process_exact": 1.0 if grounded else 0.0,  # 0: model-estimated (free-form disclosures)
            "wrong_pairs": float(len(fs)),
        }
        for c in CAUSES:
            row[f"cause_{c}"] = fs.count(c) / len(fs) if fs else None
        if grounded:
            made = [n for (ds, _, _), ns in notes.items() if ds == d for n in ns]
            by_model = [n for n in made if "model" in n.split(";")[-1] or "rejected" in n]
            row["simulator_faithfulness"] = 1.0 if made else None  # stated from the facts: true by construction
            row["model_answer_fallbacks"] = (sum("rejected" in n for n in by_model) / len(by_model)) if by_model else None
        else:
            verdicts = [v for (ds, _, _), cs in checks.items() if ds == d for _, v, _ in cs]
            judged = [v for v in verdicts if v in (FAITHFUL, CONTRADICTED, DONT_KNOW)]
            row["simulator_faithfulness"] = judged.count(FAITHFUL) / len(judged) if judged else None
            row["simulator_contradicted"] = float(verdicts.count(CONTRADICTED))
        out += [(d, name, value, None, None) for name, value in row.items()]
    return out


def record_run_process(store, run_id: str, rows: Mapping[str, Sequence[Row]], results: Sequence[DialogResult],
                       grounded: bool) -> list:
    """Compute the run's process tables, write them (one transaction) and return its metric rows."""
    exact = store.turn_facts(run_id) if grounded else {}
    notes: dict[tuple[str, str, int], list[str]] = {}
    if grounded:
        for c in store.process_rows("simulator_checks", run_id):
            notes.setdefault((c["dataset"], c["row_id"], int(c["trial"])), []).append(c["detail"] or "")
    rp = run_process(rows, results, grounded, exact, notes)
    store.record_process(run_id, rp.estimated_facts, rp.checks, rp.process, rp.failures)
    return rp.metrics
