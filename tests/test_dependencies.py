"""Every core dependency (pyproject.toml `dependencies`) is there for a reason a reader can find:
the project's code imports it, or USED_WITHOUT_IMPORT says what uses it. A dependency nothing uses
costs every user its download, unpacking and byte-compiling (matplotlib, with fontTools, kiwisolver
and contourpy: about 70 MB no module imported, until 2026-11-28)."""
from __future__ import annotations

import ast
import re
import tomllib
from importlib.metadata import packages_distributions

from tests.import_graph import ROOT, project_modules

USED_WITHOUT_IMPORT = {
    "dvc": "the pipeline's runner: `dvc repro` (README), run as a command, never imported",
    "ruamel.yaml.clib": "DVC's YAML loader in C (dvc.yaml and dvc.lock, several reads a stage)",
    "pandas": "duckdb's and datasets' DataFrames (results/reading.py imports it for type checking only)",
}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].strip()


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _imported_tops() -> set[str]:
    tops: set[str] = set()
    for path in project_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                tops |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                tops.add(node.module.split(".")[0])
    return tops


def test_every_core_dependency_is_imported_or_says_what_uses_it():
    deps = [_name(r) for r in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]]
    modules: dict[str, set[str]] = {}
    for module, dists in packages_distributions().items():
        for dist in dists:
            modules.setdefault(_norm(dist), set()).add(module)
    imported = _imported_tops()
    unused = [d for d in deps if d not in USED_WITHOUT_IMPORT and not modules.get(_norm(d), set()) & imported]
    assert not unused, f"core dependencies no project module imports: {unused} (drop them, or say why in USED_WITHOUT_IMPORT)"
    assert set(USED_WITHOUT_IMPORT) <= set(deps), "USED_WITHOUT_IMPORT names a package that is no dependency"
