"""The layout holds: no import cycle anywhere in the project's code, the phase subpackages form
a DAG in pipeline order, and the leaderboard imports nothing from the command line."""
from __future__ import annotations

import sys
from pathlib import Path

from tests.import_graph import ROOT, direct_imports, module_name, project_modules

# Phase subpackages, each allowed to import only those before it (plus the shared top-level
# modules: errors, files, params, paths, progress).
PHASES = ("household", "catalog", "truth", "datasets", "models", "results", "evaluation", "agents", "cli")


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of a directed graph as a node list (first == last), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def module_graph() -> dict[str, set[str]]:
    return {module_name(p): {module_name(q) for q in direct_imports(p)} for p in project_modules()}


def phase_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "eligibench" and len(parts) > 2 and parts[1] in PHASES else None


def test_find_cycle_finds_one_and_only_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_between_modules():
    cycle = find_cycle(module_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_phase_packages_import_only_earlier_phases():
    wrong = []
    for mod, deps in module_graph().items():
        me = phase_of(mod)
        for dep in deps:
            other = phase_of(dep)
            if me and other and PHASES.index(other) > PHASES.index(me):
                wrong.append(f"{mod} ({me}) imports {dep} ({other}), a later phase")
    assert not wrong, "\n".join(sorted(wrong))


def test_leaderboard_imports_nothing_from_the_cli():
    bad = [f"{m} imports {d}" for m, deps in module_graph().items() if m.startswith("leaderboard")
           for d in deps if d.startswith("eligibench.cli")]
    assert not bad, "\n".join(bad)


def test_every_phase_package_names_its_public_api_and_modules():
    for phase in PHASES:
        init = ROOT / "eligibench" / phase / "__init__.py"
        doc = init.read_text().split('"""')[1]
        modules = sorted(p.stem for p in init.parent.glob("*.py") if p.stem not in ("__init__", "__main__"))
        modules += sorted(p.name for p in init.parent.iterdir() if (p / "__init__.py").is_file())
        missing = [m for m in modules if f"`{m}`" not in doc]
        assert not missing, f"{init.relative_to(ROOT)}: the docstring does not list modules {missing}"


def test_no_sys_path_edits_in_reference_agents():
    offenders = [str(p.relative_to(ROOT)) for p in Path(ROOT, "submissions").rglob("*.py") if "sys.path" in p.read_text()]
    assert not offenders, f"submissions import as packages (relative imports), not via sys.path: {offenders}"


# Packages whose `__init__` is their API: code outside them imports that, never their modules.
API_PACKAGES = ("eligibench.evaluation.hosting", "eligibench.evaluation.user", "eligibench.evaluation.scoring",
                "eligibench.evaluation.run", "eligibench.evaluation.intake", "eligibench.evaluation.play")


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """(module, names) for every absolute `from module import names` and `import module` in a file."""
    import ast

    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names)
    return out


def _owner(module: str) -> str:
    """The top package of a project module, one level down for eligibench (eligibench.models)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "eligibench" else parts[0]


def import_violations(paths) -> list[str]:
    """Deep imports into an API package from outside it, and private names taken across packages."""
    bad = []
    for path in paths:
        me = module_name(path)
        for module, names in _imports(path):
            for pkg in API_PACKAGES:
                if module.startswith(pkg + ".") and not (me == pkg or me.startswith(pkg + ".")):
                    bad.append(f"{me}: imports {module} (use the API of {pkg})")
            if module.split(".")[0] in ("eligibench", "checkers", "stages", "leaderboard", "submissions"):
                private = [n for n in names if n.startswith("_") and not n.startswith("__")]
                if private and _owner(module) != _owner(me):
                    bad.append(f"{me}: imports private {private} from {module}")
    return bad


def test_import_rules_catch_a_deep_import_and_a_private_name(tmp_path, monkeypatch):
    import tests.import_graph as g

    pkg = tmp_path / "leaderboard"
    pkg.mkdir()
    (pkg / "bad.py").write_text("from eligibench.evaluation.run.session import open_session\n"
                                "from eligibench.results.store import _private\n")
    monkeypatch.setattr(g, "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "module_name", lambda p: "leaderboard.bad")
    found = import_violations([pkg / "bad.py"])
    assert any("eligibench.evaluation.run.session" in b for b in found)
    assert any("_private" in b for b in found)


def test_no_deep_imports_into_api_packages_nor_private_names_across_packages():
    code = [p for p in project_modules() if not module_name(p).startswith("tests")]
    bad = import_violations(code)
    assert not bad, "\n".join(sorted(set(bad)))


def test_every_api_package_lists_its_modules():
    for pkg in API_PACKAGES:
        init = ROOT.joinpath(*pkg.split(".")) / "__init__.py"
        doc = init.read_text().split('"""')[1]
        missing = [p.stem for p in init.parent.glob("*.py") if p.stem != "__init__" and f"`{p.stem}`" not in doc]
        assert not missing, f"{init.relative_to(ROOT)}: the docstring does not list modules {missing}"
