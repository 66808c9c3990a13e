"""Stage `generate`: run the pregeneration hooks that submissions declare in their manifests
(`pregenerate: module:function`, e.g. ProADA's decision programs, the worksheet agent's
worksheets) for every opportunity the evaluation will show them. Output: `generated/<name>/`,
a DVC output, so evaluation never writes into it (no cache misses during a run).

Each run configuration (params.yaml evaluate.runs) whose submission declares a hook is
generated with that configuration's model specs (e.g. ProADA's code role); configurations that
share a submission and specs are generated once."""
import inspect
import sys
from contextlib import ExitStack
from pathlib import Path

from eligibench import params, paths, preflight
from eligibench.errors import run_main
from eligibench.evaluation.hosting import load_entry, load_manifest
from eligibench.evaluation.run import read_config, resolve_run
from eligibench.models import make_model
from eligibench.models.preflight import check_preflight
from eligibench.models.serving import attach_servers
from eligibench.progress import bar


def main(out: Path) -> None:
    config = read_config(params.load())
    out.mkdir(parents=True, exist_ok=True)
    todo = {}
    for run in config.runs.values():
        manifest = load_manifest(paths.SUBMISSIONS / run.submission)
        if not manifest.pregenerate:
            continue
        resolved = resolve_run(config, manifest, run)  # the evaluation's own rows, briefs, specs, options
        key = (manifest.name, repr(sorted(resolved.roles.items())), repr(sorted(resolved.options.items())))
        todo.setdefault(key, resolved)
    if not todo:
        print("generate: no run configuration in evaluate.runs uses a submission with a pregenerate hook")
        return
    # the model files every generation needs, before any server starts (the hooks run unjailed, in
    # this process: only for the configured submissions, never an uploaded one)
    preflight.check(preflight.model_files(spec for r in todo.values() for spec in r.roles.values()))
    for resolved in todo.values():
        name, manifest, wanted, options = resolved.name, resolved.manifest, dict(resolved.roles), dict(resolved.options)
        ids = sorted({o for rs in resolved.rows.values() for r in rs for o in r.opportunities})
        briefs = [resolved.briefs[o] for o in ids]
        households = [list(r.opportunities) for rs in resolved.rows.values() for r in rs]
        hook = load_entry(manifest, manifest.pregenerate)
        with ExitStack() as stack:
            specs = attach_servers(wanted, stack)
            check_preflight(specs)  # name the role and what is missing before any generation
            models = {role: stack.enter_context(make_model(s)) for role, s in specs.items()}
            # A hook that takes `households` gets each household's opportunity ids in the order the
            # agent sees them (ProADA's preexisting keys depend on that order).
            extra = {"households": households} if "households" in inspect.signature(hook).parameters else {}
            with bar(len(briefs), f"generating for {name}") as tick:
                result = hook(models, briefs, out / manifest.name, options, lambda _id: tick(1), **extra)
        ok = sum(1 for v in result.values() if getattr(v, "ok", True))
        print(f"generate {name}: {ok}/{len(briefs)} opportunities generated and valid -> {out / manifest.name}")

if __name__ == "__main__":
    sys.exit(run_main("stage generate", main, Path(sys.argv[1]) if len(sys.argv) > 1 else paths.GENERATED))
