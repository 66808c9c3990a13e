"""Stage `audit`: probe the simulated user's faithfulness on a few households (known answers).

The simulated user is the evaluation's own (`run.simulator_setup`: mode and label; the spec
and the max_tokens every answer uses are `evaluate.simulator`'s), and the households are the configured selection's (the N
shortest profiles on the CPU default), so the audit measures what the runs use."""
import sys
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from eligibench import params, paths, preflight
from eligibench.errors import run_main
from eligibench.evaluation.run import published_rows, read_config, simulator_setup
from eligibench.evaluation.user import (
    PERSONAS,
    audit_behaviours,
    audit_household,
    audit_persona,
    audit_priorities,
    make_user,
    summarize_audit,
)
from eligibench.files import write_json
from eligibench.models import attach_servers, check_preflight, make_model
from eligibench.progress import bar
from eligibench.results import ResultStore


def main() -> None:
    all_params = params.load()
    config = read_config(all_params)
    n = params.get(params.section(all_params, "audit"), "audit.households", int, 1, 10_000)
    by_dataset = published_rows(replace(config, subset={d: n for d in ("representative", "diverse")}), paths.DATASET_DIR)
    rows = by_dataset["representative"] + by_dataset["diverse"]
    if config.subset_select == "shortest":  # the CPU default: profiles that fit the small model
        rows = sorted(rows, key=lambda r: (len(r.profile), r.id))
    rows = rows[:n]
    sim = simulator_setup(config)
    graded = []
    with ExitStack() as stack:
        model = None  # grounded lexical/template calls no model
        if sim.uses_model:
            preflight.check(preflight.model_files([config.simulator]))  # before the server starts
            spec = attach_servers({"simulator": config.simulator}, stack)["simulator"]
            check_preflight({"simulator": spec})
            model = stack.enter_context(make_model(spec))
        with bar(len(rows), "auditing simulated user") as tick:
            for r in rows:
                user = make_user(sim.mode, model, r, config.simulator.max_tokens)
                graded += audit_household(user, r.household)
                tick(1)
    summary = summarize_audit(graded) | {"simulator": sim.label, "simulator_mode": sim.mode.label,
                                         "households": len(rows),
                                         "data_version": rows[0].data_version if rows else None}
    if sim.mode.grounded and sim.mode.answer == "template":  # issue 32: the personas, graded with their allowances
        summary["personas"] = persona_summary(config, params.get(params.section(all_params, "audit"),
                                                                 "audit.persona_households", int, 1, 1000))
    # the priorities track: each persona's user states its row's weights (no model: template statements)
    summary["priorities"] = audit_priorities(rows, tuple(PERSONAS), config.simulator_mode.persona_seed)
    summary["examples"] = [{"question": g.probe.question, "expected": g.probe.expected, "answer": g.answer,
                            "faithful": g.faithful, "verbose": g.verbose, "how": g.how} for g in graded[:40]]
    write_json(paths.AUDIT_JSON, summary)
    ResultStore(Path(config.store)).record_audit(sim.label, summary)
    print(f"audit: {summary['faithful']}/{summary['probes']} probes faithful ({summary['faithful_pct']}%), "
          f"{summary['verbose_pct']}% verbose, for {sim.label}")


def persona_summary(config, n: int) -> dict:
    """Each behaviour's scripted probes and each persona's standard probes on the first `n`
    households of each dataset (every size, so partial knowledge has members to be unsure of)."""
    # at most n each: a small dataset (a scratch pipeline's) is probed whole rather than refused
    by_dataset = published_rows(replace(config, subset={d: None for d in ("representative", "diverse")}),
                                paths.DATASET_DIR)
    rows = [r for rs in by_dataset.values() for r in rs[:n]]
    seed = config.simulator_mode.persona_seed
    return {"households": len(rows), "behaviours": audit_behaviours([r.household for r in rows]),
            "personas": {p: audit_persona(p, [(r.id, r.household) for r in rows], seed) for p in PERSONAS}}


if __name__ == "__main__":
    sys.exit(run_main("stage audit", main))
