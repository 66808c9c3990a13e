"""Agent LLM calls per dialog: ProADA vs direct prompting, on the embedded model (the paper:
ProADA needs under half of direct prompting's calls).

Both agents talk to the same real llama.cpp server (SmolLM2-135M) and the same simulated user,
on the same households (the Representative rows with the shortest profiles, each cut to its
first `--opps` opportunities so a dialog fits the CPU budget), with the same question cap. Each agent runs in process with the
options of its run configuration (`direct`: the hardened variant; `direct-paper`: the paper's;
`proada`: the paper's design points on). ProADA is measured twice: with a cold program cache
(its code-generation calls counted) and warm (the dialog's own calls only, what the `generate`
stage leaves to evaluation).

    python -m benchmarks.calls_per_dialog [--households 2] [--opps 2] [--questions 4]
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from eligibench.catalog import load_catalog
from eligibench.datasets import read_parquet
from eligibench.evaluation.hosting import AgentContext, OpportunityBrief, import_submission_module
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.models import EmbeddedServer, ModelSpec, make_model

ROOT = Path(__file__).resolve().parents[1]


def rows_for(n: int, opps: int):
    path = ROOT / "data" / "datasets" / "representative.parquet"
    if not path.is_file():
        raise SystemExit(f"{path} not found: build it first (dvc repro representative)")
    rows = sorted(read_parquet(path), key=lambda r: (len(r.profile), r.id))[:n]
    return [replace(r, opportunities=r.opportunities[:opps], labels=r.labels[:opps]) for r in rows]


def agent(name: str, models: dict, options: dict):
    folder = ROOT / "submissions" / name
    module, _, cls = {"direct": "agent:DirectAgent", "proada": "agent:ProADAAgent"}[name].partition(":")
    return getattr(import_submission_module(folder, module), cls)(AgentContext(seed=0, models=models, options=options))


def measure(label: str, make, rows, briefs, user_model, questions: int) -> dict:
    calls, tokens, turns, walls = [], [], [], []
    for row in rows:
        a = make()
        before = a.usage()
        t0 = time.perf_counter()
        r = run_dialog(a, SimulatedUser(user_model, row.profile), [briefs[o] for o in row.opportunities],
                       dict(zip(row.opportunities, row.labels)), row.id, row.dataset, 0, questions)
        walls.append(time.perf_counter() - t0)
        used = a.usage()
        calls.append(used["calls"] - before["calls"])
        tokens.append(used["prompt_tokens"] + used["completion_tokens"] - before["prompt_tokens"] - before["completion_tokens"])
        turns.append(len(r.turns))
        close = getattr(a, "close", None)
        if close:
            close()
    out = {"label": label, "calls": statistics.mean(calls), "tokens": statistics.mean(tokens),
           "turns": statistics.mean(turns), "wall_s": statistics.mean(walls), "per_dialog": calls}
    print(f"{label:34s} {out['calls']:6.1f} calls/dialog  {out['tokens']:8.0f} tokens  {out['turns']:4.1f} questions  "
          f"{out['wall_s']:6.1f} s   (per dialog: {calls})", flush=True)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--households", type=int, default=2)
    ap.add_argument("--opps", type=int, default=2, help="each household's first N opportunities")
    ap.add_argument("--questions", type=int, default=4, help="question cap per dialog (the CPU default's)")
    args = ap.parse_args(argv)
    rows = rows_for(args.households, args.opps)
    briefs = {o.id: OpportunityBrief(o.id, o.name, o.requirements) for o in load_catalog().opportunities}
    print(f"{len(rows)} Representative households ({', '.join(str(len(r.opportunities)) for r in rows)} opportunities), "
          f"cap {args.questions} questions, SmolLM2-135M on llama.cpp for agent and simulated user")
    with EmbeddedServer() as server, tempfile.TemporaryDirectory() as cache:
        spec = ModelSpec("embedded", "SmolLM2-135M-Instruct", base_url=server.base_url, temperature=0.0, seed=0)
        with make_model(ModelSpec(**{**spec.__dict__, "max_tokens": 48})) as user, \
                make_model(ModelSpec(**{**spec.__dict__, "max_tokens": 96})) as dialog, \
                make_model(ModelSpec(**{**spec.__dict__, "max_tokens": 450})) as code:
            results = [
                measure("direct (hardened, min_questions 1)", lambda: agent("direct", {"dialog": dialog}, {"min_questions": 1}),
                        rows, briefs, user, args.questions),
                measure("direct (paper option)", lambda: agent("direct", {"dialog": dialog}, {"paper": True}),
                        rows, briefs, user, args.questions),
                measure("proada, cold program cache", lambda: agent("proada", {"code": code, "dialog": dialog},
                                                                    {"cache_dir": cache}),
                        rows, briefs, user, args.questions),
                measure("proada, warm cache (dialog only)", lambda: agent("proada", {"code": code, "dialog": dialog},
                                                                          {"cache_dir": cache}),
                        rows, briefs, user, args.questions),
            ]
    direct_calls = results[0]["calls"]
    for r in results[2:]:
        print(f"{r['label']}: {r['calls'] / direct_calls:.2f} x direct's calls per dialog" if direct_calls else "")


if __name__ == "__main__":
    main()
