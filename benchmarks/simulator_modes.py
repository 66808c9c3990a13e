"""Audit every simulator mode on one model (default: the embedded SmolLM2-135M on CPU): probe
faithfulness, verbosity, model-answer fallbacks and simulator tokens per call.

    python -m benchmarks.simulator_modes [--households N]

Households: the published rows when `benyfits/` exists (shortest profiles first, as the CPU
default evaluates), else the hand-built household of benchmarks/selector_questions.py.
"""
import argparse
import time
from contextlib import ExitStack

from benchmarks.selector_questions import HOUSEHOLD
from eligibench import params, paths
from eligibench.evaluation.audit import audit_household, summarize_audit
from eligibench.evaluation.config import read_config
from eligibench.evaluation.simulator_mode import SimulatorMode, make_user
from eligibench.models import make_model
from eligibench.models.serving import attach_servers

MODES = (SimulatorMode(), SimulatorMode("grounded", "lexical", "template"), SimulatorMode("grounded", "lexical", "model"),
         SimulatorMode("grounded", "model", "template"), SimulatorMode("grounded", "model", "model"))


class _Row:
    def __init__(self, hh):
        from eligibench.household.profile import render_profile
        self.household, self.profile = hh, render_profile(hh).text


def _households(n: int):
    try:
        from eligibench.datasets.publish import dataset_path
        from eligibench.datasets.rows import read_parquet
        rows = read_parquet(dataset_path(paths.DATASET_DIR, "representative")) + read_parquet(
            dataset_path(paths.DATASET_DIR, "diverse"))
        return [r.household for r in sorted(rows, key=lambda r: (len(r.profile), r.id))[:n]]
    except Exception:  # no published folder here: the hand-built household
        return [HOUSEHOLD]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--households", type=int, default=2)
    args = ap.parse_args()
    config = read_config(params.load())
    hhs = _households(args.households)
    with ExitStack() as stack:
        spec = attach_servers({"simulator": config.simulator}, stack)["simulator"]
        model = stack.enter_context(make_model(spec))
        for mode in MODES:
            before = model.usage.snapshot()
            t0 = time.perf_counter()
            graded = []
            for hh in hhs:
                graded += audit_household(make_user(mode, model, _Row(hh), config.simulator.max_tokens), hh)
            after = model.usage.snapshot()
            calls = after["calls"] - before["calls"]
            tokens = after["prompt_tokens"] - before["prompt_tokens"]
            s = summarize_audit(graded)
            answers = len(graded)
            print(f"{mode.label:28s} faithful {s['faithful']}/{s['probes']} ({s['faithful_pct']}%), "
                  f"verbose {s['verbose_pct']}%, fallbacks {s['model_answer_fallbacks']}, model calls {calls} for {answers} answers, "
                  f"prompt tokens/call {tokens / calls if calls else 0:.0f}, {time.perf_counter() - t0:.0f} s; "
                  + ", ".join(f"{k} {v['faithful_pct']}%" for k, v in s["by_kind"].items()), flush=True)


if __name__ == "__main__":
    main()
