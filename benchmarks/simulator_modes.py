"""Audit every simulator mode on one model (default: the embedded SmolLM2-135M on CPU): probe
faithfulness, verbosity, model-answer fallbacks and simulator tokens per call.

    python -m benchmarks.simulator_modes [--households N]

Households: the N shortest published profiles of `--folder` (as the CPU default evaluates;
default the project's `benyfits/`), plus the hand-built four-member household of
benchmarks/selector_questions.py (relations, two-hop counts). Note the lexical selector's
vocabulary was tuned on that household's question set, not on the audit's probes.
"""
import argparse
import time
from contextlib import ExitStack
from pathlib import Path

from benchmarks.selector_questions import HOUSEHOLD
from eligibench import params, paths
from eligibench.evaluation.run import read_config
from eligibench.evaluation.user import SimulatorMode, audit_household, make_user, summarize_audit
from eligibench.models import attach_servers, make_model

MODES = (SimulatorMode(), SimulatorMode("grounded", "lexical", "template"), SimulatorMode("grounded", "lexical", "model"),
         SimulatorMode("grounded", "model", "template"), SimulatorMode("grounded", "model", "model"))


class _Row:
    def __init__(self, hh):
        from eligibench.household import render_profile
        self.household, self.profile = hh, render_profile(hh).text


def _households(n: int, folder: Path):
    from eligibench.datasets import dataset_path, read_parquet
    try:
        rows = read_parquet(dataset_path(folder, "representative")) + read_parquet(dataset_path(folder, "diverse"))
    except FileNotFoundError:
        print(f"no published datasets in {folder}: the hand-built household only")
        rows = []
    return [r.household for r in sorted(rows, key=lambda r: (len(r.profile), r.id))[:n]] + [HOUSEHOLD]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--households", type=int, default=2)
    ap.add_argument("--folder", type=Path, default=paths.DATASET_DIR)
    ap.add_argument("--modes", default="all", help="comma-separated labels (free-form, grounded:lexical/template, ...)")
    args = ap.parse_args()
    modes = MODES if args.modes == "all" else [m for m in MODES if m.label in args.modes.split(",")]
    config = read_config(params.load())
    hhs = _households(args.households, args.folder)
    print(f"{len(hhs)} households, {sum(h.size for h in hhs)} members")
    with ExitStack() as stack:
        spec = attach_servers({"simulator": config.simulator}, stack)["simulator"]
        model = stack.enter_context(make_model(spec))
        for mode in modes:
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
