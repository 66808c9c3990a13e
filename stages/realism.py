"""Stage `realism`: one rule-based agent under every persona on the smoke protocol (issue 32).

params.yaml `realism`: the submission (the oracle-guided teacher: no model), the personas, the
households per dataset and the question cap. Each persona is its own run (simulator_mode with that
persona, the evaluate section otherwise), recorded in the results store like any run, so the board
ranks nothing across personas but shows them side by side; `reports/realism.json` holds each run's
scores on the pairs every persona can determine, the paired drop against cooperative and the
process metrics (`evaluation.scoring.realism`). The grounded lexical/template user calls no model,
so the stage needs none; its size is kept small for the main job's budget (params.yaml says the
measured time).
"""
import sys
import time
from dataclasses import replace
from pathlib import Path

from eligibench import params, paths
from eligibench.errors import ParamsError, run_main
from eligibench.evaluation.run import load_run, read_config, run_submission
from eligibench.evaluation.scoring import persona_metrics, persona_process, realism_drop
from eligibench.evaluation.user import COOPERATIVE, PERSONAS
from eligibench.files import write_json
from eligibench.parallel import processes
from eligibench.results import ResultStore

REPORT = Path("reports/realism.json")


def settings(all_params: dict) -> tuple[str, list[str], dict[str, int], int, str]:
    sec = params.section(all_params, "realism")
    submission = params.get(sec, "realism.submission", str)
    personas = sec.get("personas")
    if not isinstance(personas, list) or not personas or personas[0] != COOPERATIVE or \
            any(p not in PERSONAS for p in personas):
        raise ParamsError(f"params.yaml: 'realism.personas' is {personas!r}, expected a list starting with "
                          f"{COOPERATIVE!r} of personas among {', '.join(PERSONAS)}")
    households, select = params.household_subset(sec, "realism")
    return submission, personas, households, params.get(sec, "realism.max_questions", int, 1, 1000), select


def main(store_path: str | None = None) -> None:
    t0 = time.perf_counter()
    all_params = params.load()
    submission, personas, households, cap, select = settings(all_params)
    config = read_config(all_params)
    if not config.simulator_mode.grounded or config.simulator_mode.answer != "template":
        raise ParamsError("params.yaml: 'realism' needs evaluate.simulator_mode grounded with answer template "
                          f"(personas are rules on the template answer); it is {config.simulator_mode.label}")
    # dialogs at once: one per core (the smoke protocol's evaluate.concurrency is 1 for the one model
    # slot; this user and agent call no model, and concurrency is no part of a run's identity): 18.1 ->
    # 14.2 s on 2 cores, the same report (2026-11-28, one run each)
    base = replace(config, subset=households, subset_select=select, max_questions=cap, trials=1,
                   concurrency=max(config.concurrency, processes()),
                   store=Path(store_path) if store_path else config.store)
    folder = paths.SUBMISSIONS / submission
    runs, results, rows = {}, {}, None
    for persona in personas:
        cfg = replace(base, simulator_mode=replace(config.simulator_mode, persona=persona))
        try:
            resolved = load_run(folder, config=cfg)
        except ParamsError as e:  # the subset is this stage's realism.households, not evaluate.subset
            raise ParamsError(str(e).replace("'evaluate.subset.", "'realism.households.")) from None
        summary = run_submission(resolved)
        rows = rows or {d: list(rs) for d, rs in resolved.rows.items()}
        store = ResultStore(cfg.store)
        results[persona] = store.dialog_results(summary["run_id"])
        seed = cfg.simulator_mode.persona_seed
        extra = {d: {n: v for dd, n, v, _, _ in persona_metrics(rows, results[persona], persona, seed, cfg.bootstrap,
                                                                    cfg.seed) if dd == d}
                 for d in ("average",)}
        runs[persona] = {"run_id": summary["run_id"], "protocol_id": summary["protocol_id"],
                         "f1": summary["metrics"].get("average.f1"),
                         "turn_weighted_f1": summary["metrics"].get("average.turn_weighted_f1"),
                         "turns": summary["metrics"].get("average.turns"),
                         "undeterminable_pairs": int(extra["average"].get("undeterminable_pairs", 0)),
                         "determinable_f1": extra["average"].get("determinable_f1"),
                         "process": persona_process(rows, results[persona])}
    drops = {p: realism_drop(rows, results[COOPERATIVE], results[p], p, config.simulator_mode.persona_seed,
                             config.bootstrap, config.seed) for p in personas if p != COOPERATIVE}
    report = {"submission": submission, "households": households, "max_questions": cap, "runs": runs,
              "drops": drops, "seconds": round(time.perf_counter() - t0, 1)}
    write_json(REPORT, report)
    for p, d in drops.items():
        f1 = d["drop"]["f1"]
        print(f"realism {submission}: F1 cooperative {f1['cooperative']:.1f} -> {p} {f1['persona']:.1f} "
              f"(drop {f1['drop']:.1f}, 95% CI {f1['ci'][0]:.1f} to {f1['ci'][1]:.1f}; "
              f"{d['undeterminable_pairs']} pairs not determinable by questions, left out)")
    print(f"realism: {report['seconds']} s")


if __name__ == "__main__":
    sys.exit(run_main("stage realism", main, *sys.argv[1:2]))
