"""The layout holds: no import cycle anywhere in the project's code, the phase subpackages form
a DAG in pipeline order, the leaderboard imports nothing from the command line, and one rule for
what is public holds for every package (each `__init__` is its API; nothing outside a package
imports a module inside it or a private name)."""
from __future__ import annotations

from pathlib import Path

import tests.import_graph as import_graph
from tests.import_graph import ROOT, direct_imports, module_name, project_modules

# Phase subpackages, each allowed to import only those before it (plus the shared top-level
# modules: errors, files, params, paths, progress).
PHASES = ("household", "catalog", "truth", "datasets", "models", "results", "evaluation", "agents", "training",
          "extensions", "cli")


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


# One rule for what is public, for every package of the project (issue 35 item 2, after inspect_ai):
# a package's `__init__` is its API (`__all__`, plain imports, no `__getattr__` table); code outside
# a package imports that API, never a module inside it (siblings inside a package import each other
# directly); no `_name` crosses a module boundary. A package may export a submodule as a namespace
# (listed in `__all__`, imported in the `__init__`) when its names are generic (`truth.verdict_changes`).
# Namespaces hold no API of their own: `eligibench` is the project root, whose small shared modules
# (errors, files, params, paths, processes, progress, system, preflight, terminal) are imported as modules,
# and `eligibench.evaluation` only groups its API subpackages.
NAMESPACES = frozenset({"eligibench", "eligibench.evaluation"})
# Packages loaded by path, not imported by name, need no `__all__`: stages/ (scripts DVC runs), each
# submission (its manifest names the module the harness loads), a later edition's checker folder
# (the registry walks it).
LOADED_BY_PATH = ("stages", "submissions", "checkers.editions.e")
# The evaluation subpackages also list their modules in their docstring.
API_PACKAGES = ("eligibench.evaluation.hosting", "eligibench.evaluation.user", "eligibench.evaluation.scoring",
                "eligibench.evaluation.run", "eligibench.evaluation.intake", "eligibench.evaluation.play",
                "eligibench.evaluation.inspect_task")


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _is_package(module: str) -> bool:
    f = import_graph.module_file(module)
    return f is not None and f.name == "__init__.py"


def _bound_in_init(init: Path) -> frozenset[str]:
    """Names a package's `__init__` binds at top level (imports, defs, assignments)."""
    import ast

    out: set[str] = set()
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return frozenset(out)


def _imports(path: Path) -> list[tuple[int, str, str | None]]:
    """(line, module, name) for every import of a project module in a file, relative imports resolved;
    name is None when a module itself is imported (`import a.b`, `from a import b` with b a module
    the package's `__init__` does not bind)."""
    import ast

    me = import_graph.module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name, None) for a in node.names if import_graph.module_file(a.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                module = ".".join(base[: len(base) - (node.level - 1)] + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            target = import_graph.module_file(module)
            if target is None:
                continue
            for a in node.names:
                sub = f"{module}.{a.name}"
                if import_graph.module_file(sub) and not (target.name == "__init__.py"
                                                          and a.name in _bound_in_init(target)):
                    out.append((node.lineno, sub, None))
                else:
                    out.append((node.lineno, module, a.name))
    return out


def import_violations(paths) -> list[str]:
    """Imports of a module inside a package from outside that package, and private names taken from
    another module."""
    bad = []
    for path in paths:
        me = import_graph.module_name(path)
        for line, module, name in _imports(path):
            parent = module.rpartition(".")[0]
            if (parent and parent not in NAMESPACES and not _is_package(module) and _is_package(parent)
                    and not _inside(me, parent)):
                bad.append(f"{me}:{line}: imports module {module} (use the API of {parent}: its __init__)")
            if name and name.startswith("_") and not name.startswith("__") and module != me:
                bad.append(f"{me}:{line}: imports private {name} from {module}")
    return bad


def init_problems(init: Path) -> list[str]:
    """What keeps a package's `__init__` from being its plain API."""
    import ast

    where = init.relative_to(import_graph.ROOT)
    tree = ast.parse(init.read_text(encoding="utf-8"))
    problems = [f"{where}: defines __getattr__ (a lookup table; import the names plainly)"
                for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "__getattr__"]
    listed = [n for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
              and any(isinstance(t, ast.Name) and t.id == "__all__"
                      for t in (n.targets if isinstance(n, ast.Assign) else [n.target]))]
    if not listed:
        return problems + [f"{where}: has no __all__"]
    try:
        names = ast.literal_eval(listed[-1].value)
    except ValueError:
        return problems + [f"{where}: __all__ is not a literal list of names"]
    unbound = sorted(set(names) - _bound_in_init(init))
    if unbound:
        problems.append(f"{where}: __all__ names {unbound}, which the __init__ does not import or define")
    return problems


def project_packages() -> list[Path]:
    """Every package's `__init__.py` whose package is imported by name."""
    return [p for p in project_modules() if p.name == "__init__.py"
            and not any(import_graph.module_name(p).startswith(x) for x in LOADED_BY_PATH)]


def importing_code() -> list[Path]:
    """Every project module the rule applies to: the library, checkers, stages, the leaderboard and
    submissions. tests/ and benchmarks/ are exempt: each targets one module's behaviour or speed,
    helpers included, and routing them through `__init__` would make test-only names public (and
    pull gradio, 6 s to import, into the leaderboard package's `__init__`)."""
    return [p for p in project_modules() if not module_name(p).startswith("tests")]


def test_import_rules_catch_deep_imports_private_names_and_bad_inits(tmp_path, monkeypatch):
    files = {
        "eligibench/__init__.py": "",
        "eligibench/paths.py": "",
        "eligibench/results/__init__.py": "from eligibench.results.store import open_store, store_ns\n"
                                           "__all__ = ['open_store', 'missing']\n",
        "eligibench/results/store.py": "def open_store(): ...\n_private = 1\n",
        "eligibench/results/store_ns.py": "",
        "eligibench/results/sibling.py": "from eligibench.results.store import open_store\nfrom . import store\n",
        "eligibench/evaluation/__init__.py": "",
        "eligibench/evaluation/run/__init__.py": "def __getattr__(name): ...\n",
        "eligibench/evaluation/run/session.py": "",
        "leaderboard/__init__.py": "",
        "leaderboard/bad.py": "from eligibench.evaluation.run.session import open_session\n"
                              "from eligibench.results.store import _private\n"
                              "import eligibench.results.store\n"
                              "from eligibench.results import store\n",
        "leaderboard/good.py": "from eligibench.results import open_store, store_ns\nfrom eligibench import paths\n"
                               "from eligibench.evaluation import run\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(import_graph, "ROOT", tmp_path)
    found = import_violations([tmp_path / "leaderboard/bad.py"])
    assert any("bad:1: imports module eligibench.evaluation.run.session" in b for b in found), found
    assert any("bad:2: imports private _private" in b for b in found), found
    assert any("bad:2: imports module eligibench.results.store" in b for b in found), found
    assert any("bad:3: imports module eligibench.results.store" in b for b in found), found
    assert any("bad:4: imports module eligibench.results.store" in b for b in found), found
    assert import_violations([tmp_path / "leaderboard/good.py", tmp_path / "eligibench/results/sibling.py"]) == []
    assert init_problems(tmp_path / "eligibench/results/__init__.py") == [
        "eligibench/results/__init__.py: __all__ names ['missing'], which the __init__ does not import or define"]
    assert init_problems(tmp_path / "eligibench/evaluation/run/__init__.py") == [
        "eligibench/evaluation/run/__init__.py: defines __getattr__ (a lookup table; import the names plainly)",
        "eligibench/evaluation/run/__init__.py: has no __all__"]


def test_code_imports_packages_never_their_modules_nor_private_names():
    bad = import_violations(importing_code())
    assert not bad, f"{len(set(bad))} violations:\n" + "\n".join(sorted(set(bad)))


def test_every_package_init_is_its_plain_api():
    bad = [p for init in project_packages() for p in init_problems(init)]
    assert not bad, "\n".join(bad)


def test_every_api_package_lists_its_modules():
    for pkg in API_PACKAGES:
        init = ROOT.joinpath(*pkg.split(".")) / "__init__.py"
        doc = init.read_text().split('"""')[1]
        missing = [p.stem for p in init.parent.glob("*.py") if p.stem != "__init__" and f"`{p.stem}`" not in doc]
        assert not missing, f"{init.relative_to(ROOT)}: the docstring does not list modules {missing}"
