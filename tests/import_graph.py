"""Static import graph of the project's own code (test helper): which project files a module
imports, directly or transitively, including imports inside functions (read, never run)."""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP = ("eligibench", "checkers", "stages", "leaderboard", "submissions")


def module_file(name: str) -> Path | None:
    """The project file of a dotted module name (a .py file or a package's __init__.py)."""
    if name.split(".")[0] not in TOP:
        return None
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def module_name(path: Path) -> str:
    parts = list(path.resolve().relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=None)
def direct_imports(path: Path) -> frozenset[Path]:
    """Project files `path` imports (the most specific module each import names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out: set[Path] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names = [f"{mod}.{a.name}" if module_file(f"{mod}.{a.name}") else mod for a in node.names]
        else:
            continue
        for name in names:
            f = module_file(name)
            if f is not None and f != path:
                out.add(f)
    return frozenset(out)


def with_parent_packages(path: Path) -> set[Path]:
    """Importing a.b.c runs a/__init__.py and a/b/__init__.py first."""
    out = {path}
    parts = module_name(path).split(".")
    for i in range(1, len(parts)):
        init = module_file(".".join(parts[:i]))
        if init is not None:
            out.add(init)
    return out


def closure(start: list[Path]) -> set[Path]:
    """Every project file importing `start` loads (transitively, parent packages included)."""
    seen: set[Path] = set()
    todo = [p for s in start for p in with_parent_packages(s)]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        for q in direct_imports(p):
            todo.extend(with_parent_packages(q) - seen)
    return seen


def project_modules() -> list[Path]:
    return sorted(p for top in TOP for p in (ROOT / top).rglob("*.py") if "__pycache__" not in p.parts)
