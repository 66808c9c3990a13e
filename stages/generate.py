"""Stage `generate`: run the pregeneration hooks that submissions declare in their manifests
(`pregenerate: module:function`, e.g. ProADA's decision programs, the worksheet agent's
worksheets) for every opportunity the evaluation will show them. Output: `generated/<name>/`,
a DVC output, so evaluation never writes into it (no cache misses during a run).

Each run configuration (params.yaml evaluate.runs) whose submission declares a hook is
generated with that configuration's model specs (e.g. ProADA's code role); configurations that
share a submission and specs are generated once.

The generation jobs are independent (each writes its own folder; a hook's calls depend only on
its own earlier replies), so they run side by side, one job per core, each with its own model
servers (attach_servers with `cores`: the llama.cpp server of a job decodes and prefills on 1
thread on 2 cores). Measured (2026-11-24, 2 cores, SmolLM2-135M, worksheet + ProADA): the two
jobs take about the same time, so the stage takes about half as long, and generated/ was
byte-identical to one job after the other on one shared server. That is not guaranteed: on
2026-11-27 one ProADA program of 14 differed when regenerated on a server with another history and
thread count (a prefix reused from the prompt cache is computed in another batch shape). So the
jobs are never shared out by timing: each job has its own server and a fixed order of requests,
the same on any machine (docs/performance.md, "Tried and not kept").
"""
import inspect
import os
import sys
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from contextlib import ExitStack
from pathlib import Path

from eligibench import paths, preflight
from eligibench.errors import run_main
from eligibench.evaluation.hosting import load_entry, load_manifest
from eligibench.evaluation.run import load_config, load_run
from eligibench.models import attach_servers, check_preflight, make_model
from eligibench.progress import bar


def side_by_side(jobs: int, cores: int | None = None) -> tuple[int, int]:
    """(jobs run at once, cores each job's servers use): one job per core, the cores shared out."""
    cores = cores or os.cpu_count() or 1
    at_once = max(1, min(jobs, cores))
    return at_once, max(1, cores // at_once)


def main(out: Path) -> None:
    config = load_config()
    out.mkdir(parents=True, exist_ok=True)
    todo = {}
    for run in config.runs.values():
        manifest = load_manifest(paths.SUBMISSIONS / run.submission)
        if not manifest.pregenerate:
            continue
        resolved = load_run(manifest, run=run.name, config=config)  # the evaluation's own rows, briefs, specs, options
        key = (manifest.name, repr(sorted(resolved.roles.items())), repr(sorted(resolved.options.items())))
        todo.setdefault(key, resolved)
    if not todo:
        print("generate: no run configuration in evaluate.runs uses a submission with a pregenerate hook")
        return
    # the model files every generation needs, before any server starts (the hooks run unjailed, in
    # this process: only for the configured submissions, never an uploaded one)
    preflight.check(preflight.model_files(spec for r in todo.values() for spec in r.roles.values()))
    jobs = list(todo.values())
    at_once, cores = side_by_side(len(jobs))
    total = sum(len(briefs_of(r)) for r in jobs)
    with ExitStack() as stack:
        # Exits in reverse: the servers stop first, so when one job fails the others fail fast
        # (their server is gone) and the pool's shutdown does not wait out a long generation.
        tick = stack.enter_context(bar(total, f"generating for {', '.join(r.run.name for r in jobs)}"))
        pool = ThreadPoolExecutor(at_once)
        stack.callback(pool.shutdown)
        # every job's servers and clients first: preflight names the role and what is missing
        # before any generation
        prepared = []
        for resolved in jobs:
            specs = attach_servers(dict(resolved.roles), stack, cores=cores)
            check_preflight(specs)
            prepared.append((resolved, {role: stack.enter_context(make_model(s)) for role, s in specs.items()}))
        futures = [pool.submit(run_hook, resolved, models, out, tick) for resolved, models in prepared]
        wait(futures, return_when=FIRST_EXCEPTION)
        for f in futures:
            if f.done() and f.exception() is not None:
                raise f.exception()
        for f in futures:
            print(f.result())


def briefs_of(resolved) -> list:
    ids = sorted({o for rs in resolved.rows.values() for r in rs for o in r.opportunities})
    return [resolved.briefs[o] for o in ids]


def run_hook(resolved, models: dict, out: Path, tick) -> str:
    """One configuration's hook on its own models; the summary line to print."""
    name, manifest, options = resolved.run.name, resolved.manifest, dict(resolved.options)
    briefs = briefs_of(resolved)
    households = [list(r.opportunities) for rs in resolved.rows.values() for r in rs]
    hook = load_entry(manifest, manifest.pregenerate)
    # A hook that takes `households` gets each household's opportunity ids in the order the
    # agent sees them (ProADA's preexisting keys depend on that order).
    extra = {"households": households} if "households" in inspect.signature(hook).parameters else {}
    result = hook(models, briefs, out / manifest.name, options, lambda _id: tick(1), **extra)
    ok = sum(1 for v in result.values() if getattr(v, "ok", True))
    return f"generate {name}: {ok}/{len(briefs)} opportunities generated and valid -> {out / manifest.name}"


if __name__ == "__main__":
    sys.exit(run_main("stage generate", main, Path(sys.argv[1]) if len(sys.argv) > 1 else paths.GENERATED))
