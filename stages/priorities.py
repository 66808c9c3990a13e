"""Stage `priorities`: the teacher and the priority-aware teacher under a patience budget, and their
paired gap on the priorities track's figures (docs/priorities.md).

params.yaml `priorities`: the two submissions (rule-based, no model), the households per dataset
and the patience: the questions a household answers before it leaves (the dialog's question cap
here, so a household cannot be fully determined: the teacher asks ~31). Each agent's run is
recorded in the results store like any run, with its priorities figures (metrics, and the
per-dialog parts the board ranks runs from); `reports/priorities.json` holds each run's figures
with their 95% household-bootstrap intervals and the paired gap (second minus first, the same
household draws for both). The grounded lexical/template user calls no model, so the stage needs
none; its size is kept small for the main job's budget.

Each agent's recommendation (`Agent.recommend`) is asked by the dialog loop after its verdicts and
stored with the dialog, as in any run.
"""
import sys
import time
from dataclasses import fields, replace
from pathlib import Path

from eligibench import params, paths
from eligibench.errors import ParamsError, run_main
from eligibench.evaluation.run import load_run, read_config, run_submission
from eligibench.evaluation.scoring import households_of, paired_gap, priority_figures, record_priorities
from eligibench.files import write_json
from eligibench.parallel import processes
from eligibench.results import ResultStore

REPORT = Path("reports/priorities.json")


def settings(all_params: dict) -> tuple[list[str], dict[str, int], int, str]:
    sec = params.section(all_params, "priorities")
    subs = sec.get("submissions")
    if not isinstance(subs, list) or len(subs) != 2 or not all(isinstance(s, str) and s for s in subs):
        raise ParamsError(f"params.yaml: 'priorities.submissions' is {subs!r}, expected two submission names "
                          "(the baseline first)")
    households, select = params.household_subset(sec, "priorities")
    return subs, households, params.get(sec, "priorities.patience", int, 1, 1000), select


def main(store_path: str | None = None) -> None:
    t0 = time.perf_counter()
    all_params = params.load()
    subs, households, patience, select = settings(all_params)
    config = read_config(all_params)
    if not config.simulator_mode.grounded or config.simulator_mode.answer != "template":
        raise ParamsError("params.yaml: 'priorities' needs evaluate.simulator_mode grounded with answer template "
                          f"(the reference agents read its sentences); it is {config.simulator_mode.label}")
    mode = config.simulator_mode
    if "patience" in {f.name for f in fields(mode)}:  # the protocol names the patience (the dialog ends patience_spent)
        mode = replace(mode, patience=patience)
    # the question cap is the patience too: the smoke cap (evaluate.max_questions) would end dialogs before it
    # dialogs at once: one per core, as in stages/realism.py (no model is called)
    cfg = replace(config, subset=households, subset_select=select, max_questions=patience, trials=1,
                  concurrency=max(config.concurrency, processes()),
                  simulator_mode=mode, store=Path(store_path) if store_path else config.store)
    store = ResultStore(cfg.store)
    runs, results, rows = {}, {}, None
    for sub in subs:
        folder = paths.SUBMISSIONS / sub
        try:
            resolved = load_run(folder, config=cfg)
        except ParamsError as e:  # the subset is this stage's priorities.households, not evaluate.subset
            raise ParamsError(str(e).replace("'evaluate.subset.", "'priorities.households.")) from None
        summary = run_submission(resolved)
        run_id = summary["run_id"]
        rows = rows or {d: list(rs) for d, rs in resolved.rows.items()}
        facts = store.turn_facts(run_id)  # what each answer disclosed: which programs were determined
        results[sub] = [replace(r, turn_facts=tuple((i, k, v) for i, k, v, _ in facts.get((r.dataset, r.row_id, r.trial), [])))
                        for r in store.dialog_results(run_id)]
        extra = record_priorities(store, run_id, rows, results[sub], patience, cfg.bootstrap, cfg.seed)
        kept = [(m["dataset"], m["name"], m["value"], m["ci_low"], m["ci_high"]) for m in store.metrics(run_id)
                if m["name"] not in {row[1] for row in extra}]
        store.record_metrics(run_id, kept + extra)
        figures = priority_figures(results[sub], households_of(rows), patience, cfg.bootstrap, cfg.seed)
        runs[sub] = {"run_id": run_id, "protocol_id": summary["protocol_id"],
                     "f1": summary["metrics"].get("average.f1"), "turns": summary["metrics"].get("average.turns"),
                     "figures": {k: None if f.value is None else {"value": round(f.value, 2),
                                                                   "ci": [round(f.ci[0], 2), round(f.ci[1], 2)]}
                                 for k, f in figures.items() if k != "give_up_dialogs"},
                     "give_up_dialogs": int(figures["give_up_dialogs"].value or 0)}
    base, aware = subs
    gap = paired_gap(results[aware], results[base], households_of(rows), patience, cfg.bootstrap, cfg.seed)
    report = {"submissions": subs, "households": households, "patience": patience, "runs": runs,
              "gap": {k: {kk: round(vv, 2) for kk, vv in v.items()} for k, v in gap.items()},
              "gap_is": f"{aware} minus {base} on the same households (paired household bootstrap, 95%)",
              "seconds": round(time.perf_counter() - t0, 1)}
    write_json(REPORT, report)
    for name in ("priority_weighted_f1", "recommendation_match", "give_up_match"):
        g = gap.get(name)
        if g:
            print(f"priorities {aware} - {base}: {name} {g['a']:.1f} - {g['b']:.1f} = {g['diff']:+.1f} "
                  f"(95% CI {g['ci_low']:.1f} to {g['ci_high']:.1f})")
    print(f"priorities: {report['seconds']} s")


if __name__ == "__main__":
    sys.exit(run_main("stage priorities", main, *sys.argv[1:2]))
