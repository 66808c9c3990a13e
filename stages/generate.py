"""Stage `generate`: pre-generate the code-model artifacts reference agents cache on disk
(ProADA's decision programs, the worksheet agent's worksheets) for every opportunity the
evaluation will show them, keyed by requirements hash and code model. As a DVC output the
cache is versioned, and evaluation never writes into it (no cache misses)."""
import importlib.util
import sys
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

from eligibench import params
from eligibench.catalog import load_catalog
from eligibench.evaluation.config import load_rows, read_config
from eligibench.evaluation.types import OpportunityBrief
from eligibench.models import EmbeddedServer, make_model
from eligibench.progress import bar

# submission -> (module holding pregenerate/model_slug, cache root)
GENERATORS = {
    "proada": ("submissions/proada/proada_codegen.py", Path("generated/proada")),
    "worksheet": ("submissions/worksheet/agent.py", Path("generated/worksheet")),
}


def _module(path: str):
    folder = str(Path(path).parent.resolve())
    sys.path.insert(0, folder)  # the module imports its siblings
    spec = importlib.util.spec_from_file_location(f"_generate_{Path(path).parent.name}", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up while it loads
    spec.loader.exec_module(mod)
    return mod


def main() -> None:
    config = read_config(params.load())
    rows = load_rows(config)
    catalog = load_catalog(Path("opportunities"))
    ids = sorted({o for rs in rows.values() for r in rs for o in r.opportunities})
    briefs = [OpportunityBrief(o, catalog[o].name, catalog[o].requirements) for o in ids]
    wanted = [s for s in GENERATORS if s in config.submissions]
    for _, root in GENERATORS.values():
        root.mkdir(parents=True, exist_ok=True)
    if not wanted:
        print("generate: no submission in evaluate.submissions needs generated artifacts")
        return
    with ExitStack() as stack:
        spec = config.agent_model
        if spec.backend == "embedded" and not spec.base_url:
            spec = replace(spec, base_url=stack.enter_context(EmbeddedServer()).base_url)
        model = stack.enter_context(make_model(spec))
        for name in wanted:
            path, root = GENERATORS[name]
            mod = _module(path)
            with bar(len(briefs), f"generating for {name}") as tick:
                out = mod.pregenerate(model, briefs, root / mod.model_slug(spec.model), progress=lambda *a: tick(1))
            ok = sum(1 for v in out.values() if getattr(v, "ok", True))
            print(f"generate {name}: {ok}/{len(briefs)} opportunities generated and valid -> {root}")


if __name__ == "__main__":
    main()
