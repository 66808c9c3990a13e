"""Stage `audit`: probe the simulated user's faithfulness on a few households (known answers)."""
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from eligibench import params
from eligibench.evaluation.audit import audit_household, summarize_audit
from eligibench.evaluation.config import dataset_file, read_config
from eligibench.evaluation.store import ResultStore
from eligibench.evaluation.user import SimulatedUser
from eligibench.files import write_json
from eligibench.models import EmbeddedServer, make_model
from eligibench.progress import bar
from eligibench.rows import read_parquet


def main() -> None:
    all_params = params.load()
    config = read_config(all_params)
    n = params.get(params.section(all_params, "audit"), "audit.households", int, 1, 10_000)
    rows = (read_parquet(dataset_file(Path("benyfits"), "representative"))
            + read_parquet(dataset_file(Path("benyfits"), "diverse")))
    if config.subset_select == "shortest":  # the CPU default: profiles that fit the small model
        rows = sorted(rows, key=lambda r: (len(r.profile), r.id))
    rows = rows[:n]
    graded = []
    with ExitStack() as stack:
        spec = config.simulator
        if spec.backend == "embedded" and not spec.base_url:
            spec = replace(spec, base_url=stack.enter_context(EmbeddedServer()).base_url)
        model = stack.enter_context(make_model(spec))
        with bar(len(rows), "auditing simulated user") as tick:
            for r in rows:
                graded += audit_household(SimulatedUser(model, r.profile, config.simulator.max_tokens), r.household)
                tick(1)
    summary = summarize_audit(graded) | {"simulator": config.simulator_label, "households": len(rows),
                                         "data_version": rows[0].data_version if rows else None}
    summary["examples"] = [{"question": g.probe.question, "expected": g.probe.expected, "answer": g.answer,
                            "faithful": g.faithful} for g in graded[:40]]
    write_json("reports/audit.json", summary)
    ResultStore(Path(config.store)).record_audit(config.simulator_label, summary)
    print(f"audit: {summary['faithful']}/{summary['probes']} probes faithful ({summary['faithful_pct']}%) "
          f"for {config.simulator_label}")


if __name__ == "__main__":
    main()
