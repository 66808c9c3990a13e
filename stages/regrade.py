"""Stage `regrade`: after a checker or requirement-text change, re-score every stored run against
the current ground truth of its edition (eligibench.evaluation.regrade; no model calls), and
write what changed to reports/regrade.json. Runs already graded with the current ground truth are
left as they are, so on an unchanged tree it only reads the store (3 s wall, 1 s CPU; the embedded
default's 7 runs regraded from scratch took 5 s, most of it their bootstrap)."""
import sys
from pathlib import Path

from eligibench import params, paths
from eligibench.errors import run_main
from eligibench.evaluation.regrade import regrade_runs
from eligibench.files import write_json
from eligibench.results import ResultStore

REPORT = paths.REPORTS / "regrade.json"


def main() -> None:
    p = params.load()
    evaluate = params.section(p, "evaluate")
    store = params.get(evaluate, "evaluate.store", str)
    n_boot = params.get(evaluate, "evaluate.bootstrap", int, 0, 1_000_000)
    done = regrade_runs(ResultStore(store), (), n_boot) if Path(store).is_file() else []
    report = {"runs": [{"run_id": g.run_id, "submission": g.submission, "ground_truth": g.ground_truth,
                        "before": g.before, "grading": g.grading, "skipped": g.skipped,
                        "changes": [{"dataset": c.dataset, "row_id": c.row_id, "trial": c.trial,
                                     "opportunity": c.opportunity, "predicted": c.predicted, "old": c.old, "new": c.new}
                                    for c in g.changes]} for g in done]}
    write_json(REPORT, report)
    regraded = [g for g in done if g.grading is not None]
    for g in done:
        if g.skipped:  # an old run whose households are gone: said, not fatal (the others are regraded)
            print(f"regrade: {g.run_id} ({g.submission}) not regraded: {g.skipped}", file=sys.stderr)
    print(f"regrade: {len(regraded)} of {len(done)} stored run(s) regraded, "
          f"{sum(len(g.changes) for g in regraded)} label(s) changed, {sum(bool(g.skipped) for g in done)} skipped "
          f"({REPORT})")


if __name__ == "__main__":
    sys.exit(run_main("stage regrade", main))
