"""The walk from params to the store (issue 35): following one run configuration from
`params.yaml` to its rows in the DuckDB file opens these modules, in this order (docs/architecture.md,
"Resolve a run"). Each stay imports only stays after it, so a reader descends and never climbs back
to a package already left; the walk stays within 10 modules; and each step of the chain is defined
in a stay (so the walk is not short because it skips one)."""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WALK = (
    "stages/evaluate.py",                      # the stage: one run configuration by name
    "eligibench/evaluation/run/load.py",       # load_run: params -> EvalConfig -> ResolvedRun
    "eligibench/evaluation/run/session.py",    # run_submission / open_session: servers, agent, store
    "eligibench/evaluation/run/runner.py",     # evaluate: the dialogs into the store, resumable
    "eligibench/evaluation/run/resolve.py",    # resolve_run, run_identity (-> RunSpec)
    "eligibench/evaluation/run/config.py",     # read_config: params validated
    "eligibench/evaluation/run/model.py",      # the frozen types: EvalConfig, ResolvedRun
    "eligibench/results/store.py",             # ResultStore.ensure_run, the dialogs, the metrics
    "eligibench/results/identity.py",          # run_id_for: the run id
    "eligibench/results/records.py",           # RunSpec: the stored record
)

# each link of the chain and the stay that defines it
CHAIN = {
    "eligibench.evaluation.run:load_run": 1, "eligibench.evaluation.run:run_submission": 2,
    "eligibench.evaluation.run:evaluate": 3, "eligibench.evaluation.run:resolve_run": 4,
    "eligibench.evaluation.run:run_identity": 4, "eligibench.evaluation.run:read_config": 5,
    "eligibench.evaluation.run:EvalConfig": 6, "eligibench.evaluation.run:ResolvedRun": 6, "eligibench.results:ResultStore": 7,
    "eligibench.results:run_id_for": 8, "eligibench.results:RunSpec": 9,
}


def _module_of(path: str) -> str:
    return ".".join(Path(path).with_suffix("").parts)


def _defining_modules(path: str) -> set[str]:
    """The modules whose names `path` imports: a name taken from a package's façade counts as
    imported from the module that defines it."""
    out = set()
    for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            source = importlib.import_module(node.module)
            for a in node.names:
                obj = getattr(source, a.name, None)
                if inspect.ismodule(obj):
                    out.add(obj.__name__)
                elif inspect.isclass(obj) or inspect.isfunction(obj):
                    out.add(obj.__module__)
                else:
                    out.add(node.module)
    return out


def _package(path: str) -> str:
    return str(Path(path).parent)


def test_the_walk_is_at_most_ten_stays():
    assert len(WALK) <= 10 and len(set(WALK)) == len(WALK)


def test_each_stay_imports_only_later_stays():
    names = [_module_of(p) for p in WALK]
    backwards = {p: sorted(set(names[:i]) & _defining_modules(p)) for i, p in enumerate(WALK)}
    assert not {p: m for p, m in backwards.items() if m}, "a stay reaches back to an earlier one"


def test_the_walk_never_climbs_back_to_a_package_it_left():
    rooms = [_package(p) for p in WALK]
    left = [r for i, r in enumerate(rooms) if i == 0 or r != rooms[i - 1]]
    assert len(left) == len(set(left)), f"climbs in {left}"


def test_each_link_of_the_chain_is_defined_in_its_stay():
    for ref, stay in CHAIN.items():
        module, _, name = ref.partition(":")
        obj = getattr(importlib.import_module(module), name)
        assert obj.__module__ == _module_of(WALK[stay]), f"{ref} is defined in {obj.__module__}, not {WALK[stay]}"
