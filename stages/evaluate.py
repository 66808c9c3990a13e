"""Stage `evaluate@<configuration>`: run one run configuration (params.yaml evaluate.runs: a
submission, a model spec per role, options) against the simulated user; results go to the
DuckDB store, and a small summary file is the stage's DVC output."""
import sys
from pathlib import Path

from eligibench import paths, preflight
from eligibench.errors import run_main
from eligibench.evaluation.run import load_config, load_run, run_submission, write_summary
from eligibench.progress import bar
from eligibench.results import metric


def main(name: str) -> None:
    config = load_config()
    run = config.run(name)
    folder = paths.SUBMISSIONS / run.submission
    # bubblewrap when this agent must be jailed, the datasets, the model files: before any work
    preflight.check(preflight.for_evaluation(config, folder, f"evaluate.runs {name} ({folder})", Path("."), run))
    resolved = load_run(name, config=config)
    summary = run_submission(resolved, bar)
    write_summary(paths.RUN_SUMMARIES / f"{name}.json", summary)
    m = summary["metrics"]
    kind = summary["protocol"].get("kind", "?")
    figures = ", ".join(f"{metric(k).label} {m.get(f'average.{k}', float('nan')):.1f}"
                        for k in ("f1", "turns", "turn_weighted_f1"))  # labels: the metric catalogue
    print(f"evaluate {name}: {figures} (run {summary['run_id']}, protocol {summary['protocol_id']} [{kind}])")


if __name__ == "__main__":
    sys.exit(run_main(f"stage evaluate@{sys.argv[1]}", main, sys.argv[1]))
