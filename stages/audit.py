"""Stage `audit`: probe the simulated user's faithfulness on a few households (known answers)."""
from contextlib import ExitStack
from pathlib import Path

from eligibench import params, paths
from eligibench.datasets.publish import dataset_path
from eligibench.datasets.rows import read_parquet
from eligibench.evaluation.audit import audit_household, summarize_audit
from eligibench.evaluation.config import read_config
from eligibench.evaluation.simulator_mode import make_user, simulator_label
from eligibench.files import write_json
from eligibench.models import make_model
from eligibench.models.serving import attach_servers
from eligibench.progress import bar
from eligibench.results.store import ResultStore


def main() -> None:
    all_params = params.load()
    config = read_config(all_params)
    n = params.get(params.section(all_params, "audit"), "audit.households", int, 1, 10_000)
    rows = (read_parquet(dataset_path(paths.DATASET_DIR, "representative"))
            + read_parquet(dataset_path(paths.DATASET_DIR, "diverse")))
    if config.subset_select == "shortest":  # the CPU default: profiles that fit the small model
        rows = sorted(rows, key=lambda r: (len(r.profile), r.id))
    rows = rows[:n]
    graded = []
    with ExitStack() as stack:
        model = None  # grounded lexical/template calls no model
        if config.simulator_mode.uses_model:
            spec = attach_servers({"simulator": config.simulator}, stack)["simulator"]
            model = stack.enter_context(make_model(spec))
        with bar(len(rows), "auditing simulated user") as tick:
            for r in rows:
                user = make_user(config.simulator_mode, model, r, config.simulator.max_tokens)
                graded += audit_household(user, r.household)
                tick(1)
    label = simulator_label(config.simulator_label, config.simulator_mode)
    summary = summarize_audit(graded) | {"simulator": label, "simulator_mode": config.simulator_mode.label,
                                         "households": len(rows),
                                         "data_version": rows[0].data_version if rows else None}
    summary["examples"] = [{"question": g.probe.question, "expected": g.probe.expected, "answer": g.answer,
                            "faithful": g.faithful, "verbose": g.verbose, "how": g.how} for g in graded[:40]]
    write_json(paths.REPORTS / "audit.json", summary)
    ResultStore(Path(config.store)).record_audit(label, summary)
    print(f"audit: {summary['faithful']}/{summary['probes']} probes faithful ({summary['faithful_pct']}%), "
          f"{summary['verbose_pct']}% verbose, for {label}")


if __name__ == "__main__":
    main()
