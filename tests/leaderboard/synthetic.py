"""Synthetic results for tests, the speed benchmark and demos. NOT benchmark results.

    python -m tests.leaderboard.synthetic --store /tmp/demo.duckdb --runs 20 [--dataset-dir /tmp/demo-data]

writes made-up runs (dialogs, turns, predictions, metrics computed by the real metrics code)
through ResultStore, and optionally a tiny dataset folder (fuzzed households labelled by the real
traced checkers) so that the dialog browser can show ground truth and traces.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from eligibench.evaluation.scoring import summarize
from eligibench.results import AGENT_ERROR, INFRA_ERROR, READY, TURN_LIMIT, DialogResult, ResultStore, RunSpec, Turn

SIMULATORS = ("embedded:SmolLM2-135M-Instruct@t0.0/s0", "vllm:Llama-3.1-70B-Instruct@t0.0/s0")
QUESTIONS = ("How old are you?", "Do you rent or own your home?", "How much do you earn from work in a year?",
             "Does anyone in your household have a disability?", "Are you a student?",
             "How many children live with you?", "Do you receive SNAP benefits?")


@dataclass(frozen=True)
class Household:
    dataset: str
    row_id: str
    opportunities: tuple[str, ...]
    labels: tuple[bool, ...]
    profile: str = ""


def fake_households(n_diverse: int = 44, n_representative: int = 25, seed: int = 0,
                    opportunities: Sequence[str] | None = None) -> list[Household]:
    """Households with made-up labels (no checker run): enough for the store and the tables."""
    if opportunities is None:
        from checkers import registry

        opportunities = list(registry())
    rng = random.Random(seed)
    out = []
    for dataset, n, k in (("diverse", n_diverse, (1, 10)), ("representative", n_representative, (6, 19))):
        for i in range(n):
            opps = tuple(rng.sample(list(opportunities), min(len(opportunities), rng.randint(*k))))
            out.append(Household(dataset, f"{dataset}-{i:04d}", opps, tuple(rng.random() < 0.35 for _ in opps)))
    return out


def make_dataset(dataset_dir: Path, n_diverse: int = 3, n_representative: int = 2, seed: int = 7,
                 version: str = "synthetic-test", edition: str = "2024",
                 sizes: tuple[int, ...] = (3,)) -> list[Household]:
    """A tiny dataset folder (<dir>/data/<version>/<dataset>.parquet, the published layout) of
    fuzzed households labelled by the real traced checkers, so transcripts can be shown beside
    true labels and traces, and evaluations can run on it. A later `edition` writes its own
    configurations (`diverse-2026-08.parquet`, ...) labelled by that edition's checkers, with its
    requirement texts, as the publish stage does (give it its own `version`). `sizes`: the
    opportunity counts, row i of each dataset getting sizes[i % len(sizes)]."""
    from checkers.editions import edition_registry
    from eligibench.catalog import edition_catalog, load_edition
    from eligibench.datasets import (
        build_row,
        config_name,
        fuzz_households,
        thresholds_from_checkers,
        write_opportunities_parquet,
        write_parquet,
    )
    from eligibench.truth import TracedChecker

    modules = edition_registry(edition)
    rng = random.Random(seed)
    households = fuzz_households(n_diverse + n_representative, seed, thresholds_from_checkers(modules.values()))
    traced: dict = {}
    out: list[Household] = []
    for dataset, part in (("diverse", households[:n_diverse]), ("representative", households[n_diverse:])):
        rows = []
        for i, hh in enumerate(part):
            opps = sorted(rng.sample(list(modules), sizes[i % len(sizes)]))
            for o in opps:
                traced.setdefault(o, TracedChecker(o, modules[o]))
            row = build_row(f"{config_name(dataset, edition)}-{i:04d}", dataset, hh, opps, traced, version)
            rows.append(row)
            out.append(Household(dataset, row.id, row.opportunities, row.labels, row.profile))
        write_parquet(Path(dataset_dir) / "data" / version.replace("+", "-") / f"{config_name(dataset, edition)}.parquet",
                      rows)
    # the requirement texts, published beside the rows as the publish stage does
    catalog = {"opportunities": [o.to_dict() for o in edition_catalog(load_edition(edition)).opportunities]}
    write_opportunities_parquet(Path(dataset_dir) / "data" / version.replace("+", "-")
                                / f"{config_name('opportunities', edition)}.parquet", catalog)
    return out


def _answer(h: Household, q: str, rng: random.Random) -> str:
    sentences = [s.strip() for s in h.profile.split(".") if s.strip()]
    return (rng.choice(sentences) + ".") if sentences else rng.choice(("Yes.", "No.", "I don't know.", "About $20,000."))


def fake_dialog(h: Household, skill: float, questions: int, rng: random.Random, trial: int = 0,
                agent_errors: bool = False) -> DialogResult:
    """A dialog; about 3% roll an agent error, which only a run written with `agent_errors` keeps
    (issue 36: a run with agent errors is never ranked); otherwise it ends at the question limit
    with every prediction wrong, scored as the missing predictions were, the draws unchanged."""
    n = max(0, int(rng.gauss(questions, 2)))
    turns = tuple(Turn(rng.choice(QUESTIONS), _answer(h, "", rng), 0.1, 0.3 + rng.random(), 900 + 20 * i,
                       12, 800 if i else 0) for i in range(n))
    roll = rng.random()
    termination = READY if roll < 0.8 else TURN_LIMIT if roll < 0.95 else AGENT_ERROR if roll < 0.98 else INFRA_ERROR
    labels = dict(zip(h.opportunities, h.labels))
    predictions = None if termination == AGENT_ERROR else {
        o: (v if rng.random() < skill else not v) for o, v in labels.items()}
    if termination == AGENT_ERROR and not agent_errors:
        termination, predictions = TURN_LIMIT, {o: not v for o, v in labels.items()}
    return DialogResult(
        row_id=h.row_id, dataset=h.dataset, trial=trial, turns=turns, predictions=predictions, labels=labels,
        termination=termination, error="TimeoutError: ask timed out" if termination == AGENT_ERROR else None,
        wall_s=0.5 * n + 1, agent_calls=2 * n, agent_prompt_tokens=400 * n, agent_completion_tokens=30 * n,
        user_calls=n, user_prompt_tokens=sum(t.prompt_tokens for t in turns),
        user_completion_tokens=12 * n, user_cached_tokens=sum(t.cached_tokens or 0 for t in turns))


# The results contracts of issues 12 (protocols on `runs`) and 14 (facts, process, failure causes),
# named exactly as their engineers wrote them. Synthetic stores add them here; the app reads them
# when present and degrades when a store predates them.
CONTRACT_DDL = (
    "ALTER TABLE runs ADD COLUMN IF NOT EXISTS run_config VARCHAR",
    "ALTER TABLE runs ADD COLUMN IF NOT EXISTS role_models JSON",
    "ALTER TABLE runs ADD COLUMN IF NOT EXISTS protocol_id VARCHAR",
    "ALTER TABLE runs ADD COLUMN IF NOT EXISTS protocol JSON",
    """CREATE TABLE IF NOT EXISTS turn_facts (run_id VARCHAR, dataset VARCHAR, row_id VARCHAR, trial INTEGER,
        idx INTEGER, fact_key VARCHAR, value JSON, exact BOOLEAN)""",
    """CREATE TABLE IF NOT EXISTS dialog_process (run_id VARCHAR, dataset VARCHAR, row_id VARCHAR, trial INTEGER,
        needed_coverage DOUBLE, redundant_questions INTEGER, over_asked_facts INTEGER, premature_ready BOOLEAN,
        members_covered INTEGER, oracle_questions INTEGER, turns_over_oracle INTEGER, exact BOOLEAN)""",
    """CREATE TABLE IF NOT EXISTS pair_failures (run_id VARCHAR, dataset VARCHAR, row_id VARCHAR, trial INTEGER,
        opportunity VARCHAR, cause VARCHAR)""",
    """CREATE TABLE IF NOT EXISTS simulator_checks (run_id VARCHAR, dataset VARCHAR, row_id VARCHAR, trial INTEGER,
        idx INTEGER, verdict VARCHAR, detail VARCHAR)""",
    # the agent notes hook (Agent.notes, proposed here; no writer records it yet)
    """CREATE TABLE IF NOT EXISTS turn_notes (run_id VARCHAR, dataset VARCHAR, row_id VARCHAR, trial INTEGER,
        idx INTEGER, notes JSON)""",
)
FACTS = ("m0.age", "m0.annual_work_income", "m0.disabled", "m0.student", "m1.age", "m0.housing")
CAUSES = ("simulator_false_fact", "needed_fact_not_disclosed", "rule_misapplied")


def protocol(kind: str = "full", households: Sequence[Household] = (), data_version: str = "synthetic-test",
             question_cap: int = 20, trials: int = 1, simulator: str = SIMULATORS[0], edition: str = "2024") -> dict:
    """A protocol record as issue 12 writes it (`runs.protocol`; "edition" only when not 2024)."""
    counts = {d: sum(1 for h in households if h.dataset == d) for d in ("diverse", "representative")}
    used = counts if kind == "full" else {d: min(n, 2) for d, n in counts.items()}
    return {"datasets": {d: {"data_version": data_version, "households_used": used[d], "households_total": n}
                         for d, n in counts.items() if n},
            "question_cap": question_cap, "trials": trials,
            "simulator": {"label": simulator, "reference": simulator == SIMULATORS[0]},
            "split": "public", "kind": kind} | ({"edition": edition} if edition != "2024" else {})


def protocol_id(p: dict) -> str:
    return hashlib.sha256(json.dumps(p, sort_keys=True).encode()).hexdigest()[:10]


def write_contract_rows(store: ResultStore, run_id: str, results: Sequence[DialogResult], proto: dict | None,
                        config: str, roles: dict, rng: random.Random) -> None:
    """The other issues' columns and tables for one run (synthetic values, consistent with the dialogs)."""
    def fn(con) -> None:
        for ddl in CONTRACT_DDL:
            con.execute(ddl)
        con.execute("UPDATE runs SET run_config = ?, role_models = ?, protocol_id = ?, protocol = ? WHERE run_id = ?",
                    [config, json.dumps(roles), protocol_id(proto) if proto else None,
                     json.dumps(proto) if proto else None, run_id])
        facts, process, failures, checks, notes = [], [], [], [], []
        for r in results:
            key = [run_id, r.dataset, r.row_id, r.trial]
            for i, t in enumerate(r.turns):
                fact = FACTS[(len(t.question) + i) % len(FACTS)]
                exact = rng.random() < 0.9
                facts.append(key + [i, fact, json.dumps(rng.randint(18, 70)), exact])
                notes.append(key + [i, json.dumps({"thought": f"I still need {fact}", "facts": {"asked": i + 1}})])
                checks.append(key + [i, "faithful" if exact else "contradicts_profile",
                                     "" if exact else f"said {fact} differently from the profile"])
            asked = len({f[5] for f in facts if f[:4] == key})
            process.append(key + [min(1.0, asked / 4), max(0, len(r.turns) - asked), 0, rng.random() < 0.1,
                                  1, 4, max(0, len(r.turns) - 4), rng.random() < 0.8])
            for o, label in (r.labels or {}).items():
                pred = (r.predictions or {}).get(o)
                if pred is None or bool(pred) != bool(label):
                    failures.append(key + [o, rng.choice(CAUSES)])
        for table, rows in (("turn_facts", facts), ("dialog_process", process), ("pair_failures", failures),
                            ("simulator_checks", checks), ("turn_notes", notes)):
            if rows:
                con.executemany(f"INSERT INTO {table} VALUES ({', '.join('?' * len(rows[0]))})", rows)
    store._write(fn)


def write_run(store: ResultStore, households: Sequence[Household], submission: str, strategy: str = "synthetic",
              simulator: str = SIMULATORS[0], seed: int = 0, skill: float = 0.7, questions: int = 8,
              data_version: str = "synthetic-test", n_boot: int = 200, finish: bool = True,
              kind: str | None = "full", contract: bool = True, edition: str = "2024",
              agent_errors: bool = False) -> str:
    """One complete run (dialogs, then metrics from the real metrics code); returns its run id.

    `contract` adds issue 12's protocol columns (`kind`: full/smoke/custom; None = no protocol
    recorded) and issue 14's tables; `contract=False` writes a store as it was before them.
    `agent_errors`: keep the dialogs that rolled an agent error (the run is then never ranked)."""
    rng = random.Random(f"{submission}:{seed}")
    households_all = list(households)
    datasets = tuple(sorted({h.dataset for h in households}))
    spec = RunSpec(submission=submission, agent_models={"default": "embedded:SmolLM2-135M-Instruct"},
                   simulator=simulator, params={"seed": seed, "synthetic": True}, data_version=data_version,
                   datasets=datasets, trials=1, extra={"strategy": strategy, "authors": ["synthetic"]})
    run_id = store.ensure_run(spec)
    if kind is not None and kind != "full":  # a smoke or custom run covers a few households
        households = [h for d in datasets for h in [x for x in households if x.dataset == d][:2]]
    results = [fake_dialog(h, skill, questions, rng, agent_errors=agent_errors) for h in households]
    store.record_dialogs(run_id, results)
    if contract:
        proto = protocol(kind, households_all, data_version, simulator=simulator, edition=edition) if kind else None
        write_contract_rows(store, run_id, results, proto, f"{submission}-{kind or 'legacy'}",
                            {"agent": "embedded:SmolLM2-135M-Instruct", "simulator": simulator}, rng)
    if finish:
        by = {d: [r for r in results if r.dataset == d] for d in datasets}
        store.record_metrics(run_id, summarize(by, n_boot=n_boot, seed=seed).to_rows())
        store.set_run_status(run_id, "done")
    return run_id


def write_runs(store: ResultStore, households: Sequence[Household], n_runs: int, seed: int = 0,
               n_boot: int = 200) -> list[str]:
    rng = random.Random(seed)
    strategies = ("direct", "react", "proada", "worksheet", "random")
    kinds = ("full", "full", "full", "smoke", "custom")  # mostly full runs, some smoke and custom ones
    return [write_run(store, households, f"synthetic-{i:03d}", strategies[i % len(strategies)],
                      SIMULATORS[i % len(SIMULATORS)], seed=i, skill=rng.uniform(0.45, 0.95),
                      questions=rng.randint(0, 25), n_boot=n_boot, kind=kinds[i % len(kinds)])
            for i in range(n_runs)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.leaderboard.synthetic", description=__doc__.split("\n")[0])
    p.add_argument("--store", required=True)
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--dataset-dir", default=None, help="also write a tiny labelled dataset folder here")
    a = p.parse_args(argv)
    store = ResultStore(a.store)
    households = make_dataset(Path(a.dataset_dir)) if a.dataset_dir else fake_households()
    ids = write_runs(store, households, a.runs)
    print(f"wrote {len(ids)} synthetic runs to {store.path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
