"""Every stage's DVC deps cover every project file its code imports (transitively, imports
inside functions included), so changing any module re-runs exactly the stages that use it."""
from __future__ import annotations

from pathlib import Path

import yaml

from eligibench.evaluation.hosting import load_manifest
from tests.import_graph import ROOT, closure, module_file

# Processes a stage starts that import project code of their own.
AGENT_PROCESSES = ("eligibench.evaluation.hosting.worker", "eligibench.agents.sandbox.worker")


def _expanded_stages() -> dict[str, dict]:
    stages = yaml.safe_load((ROOT / "dvc.yaml").read_text())["stages"]
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    out = {}
    for name, stage in stages.items():
        if "foreach" not in stage:
            out[name] = stage
            continue
        section, key = stage["foreach"].strip("${} ").split(".")
        items = params[section][key]
        for item in items:
            body = yaml.safe_dump(stage["do"]).replace("${item}", item).replace("${key}", item)
            if isinstance(items, dict):  # foreach over a mapping: ${key} and ${item.<field>}
                for field, value in items[item].items():
                    if isinstance(value, str):
                        body = body.replace("${item.%s}" % field, value)
            out[f"{name}@{item}"] = yaml.safe_load(body)
    return out


def _submission_of(run_name: str) -> str:
    """The submission folder a run configuration (params.yaml evaluate.runs) evaluates."""
    return yaml.safe_load((ROOT / "params.yaml").read_text())["evaluate"]["runs"][run_name]["submission"]


def _submission_modules(name: str) -> list[Path]:
    m = load_manifest(ROOT / "submissions" / name)
    specs = [m.entry_point] + ([m.pregenerate] if m.pregenerate else [])
    return [module_file(f"submissions.{name}.{s.partition(':')[0]}") for s in specs]


def entry_files(stage_name: str, stage: dict) -> list[Path]:
    """The files a stage runs first: its script, plus the agent processes and submission code."""
    module = stage["cmd"].split()[2]
    files = [module_file(module)]
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    if stage_name.startswith("evaluate@"):
        files += [module_file(m) for m in AGENT_PROCESSES] + _submission_modules(_submission_of(stage_name.partition("@")[2]))
    if stage_name == "generate":
        for name in dict.fromkeys(r["submission"] for r in params["evaluate"]["runs"].values()):
            files += _submission_modules(name)[1:]
    return files


def uncovered(deps: list[str], files: set[Path]) -> list[str]:
    """Project files (relative paths) that no dep path names or contains."""
    roots = [ROOT / d for d in deps]
    return sorted(str(f.relative_to(ROOT)) for f in files
                  if not any(f == r or r in f.parents for r in roots))


def test_every_stage_depends_on_every_project_file_it_imports():
    problems = []
    for name, stage in _expanded_stages().items():
        missing = uncovered(stage.get("deps", []), closure(entry_files(name, stage)))
        problems += [f"stage {name}: imports {f}, which none of its deps covers" for f in missing]
    assert not problems, "\n".join(problems)


def test_a_missing_dep_is_named_with_its_stage_and_file():
    stage = _expanded_stages()["diverse"]
    deps = [d for d in stage["deps"] if d != "eligibench/truth"]
    missing = uncovered(deps, closure(entry_files("diverse", stage)))
    assert "eligibench/truth/tracing.py" in missing
    assert "eligibench/datasets/diverse.py" not in missing


def test_the_import_walk_sees_imports_inside_functions():
    # stages/diverse.py imports `checkers` at module level; cli/check.py only inside a function
    files = closure([ROOT / "eligibench" / "cli" / "check.py"])
    assert ROOT / "eligibench" / "truth" / "tracing.py" in files
    assert ROOT / "checkers" / "__init__.py" in files
