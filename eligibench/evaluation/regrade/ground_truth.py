"""The ground-truth version: one digest of what grades a run of an edition.

Definition (docs/evaluation.md "Ground truth version and regrading"): `gt-` and the first 12 hex
digits of sha256 over the canonical JSON (sorted keys, no spaces, UTF-8) of

    {"edition": <edition>,
     "checkers": {<path relative to the folder holding the `checkers` package>: <sha256 of the file's bytes>},
     "requirements": {<opportunity id>: <its requirement text, as curated>}}

where "checkers" lists every checker module of the edition (`checkers.editions.edition_registry`)
and every module of the `checkers` package they import, directly or through each other (read
from their source with `ast`, imports inside functions included: the shared constants
`_common`, the derived facts `facts`; a variant's `TWIN`, whose code it runs), and "requirements" every
opportunity of the edition's catalog. So a changed line in any checker of the edition, in a
module one imports, or in a requirement text moves the digest; a comment elsewhere in the
project, another edition's own checker, a README or a test does not. Paths are relative, so a
copy of the project elsewhere has the same digest.
"""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Iterable, Mapping

PREFIX = "gt"
PACKAGE = "checkers"


@dataclass(frozen=True)
class GroundTruth:
    edition: str
    digest: str  # "gt-<12 hex>"
    files: Mapping[str, str]  # relative path -> sha256 of its bytes
    requirements: int  # opportunities whose requirement text is covered


def _module_path(name: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return Path(spec.origin) if spec is not None and spec.origin and spec.origin.endswith(".py") else None


def _imported(path: Path, module: str) -> set[str]:
    """Module names under PACKAGE that a file imports (absolute or relative)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[:len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)  # `from checkers import facts`: a module
        elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
              and any(isinstance(t, ast.Name) and t.id == "TWIN" for t in node.targets)):
            out.add(node.value.value)  # a variant runs its 2024 twin's code (checkers/editions/variant.py)
    return {n for n in out if n == PACKAGE or n.startswith(PACKAGE + ".")}


def module_closure(modules: Iterable[ModuleType]) -> dict[str, Path]:
    """The checker modules and every `checkers` module they import, transitively: name -> file.
    The `checkers` package itself (the registry code, not a rule) is left out."""
    todo = [(m.__name__, Path(m.__file__)) for m in modules]
    seen: dict[str, Path] = {}
    while todo:
        name, path = todo.pop()
        if name in seen:
            continue
        seen[name] = path
        for other in _imported(path, name):
            if other == PACKAGE or other in seen:
                continue
            found = _module_path(other)
            if found is not None and found.name != "__init__.py":
                todo.append((other, found))
    return seen


def digest_of(edition: str, modules: Iterable[ModuleType], requirements: Mapping[str, object]) -> GroundTruth:
    """The digest of these checker modules (with what they import) and requirement texts."""
    root = Path(importlib.util.find_spec(PACKAGE).origin).parent.parent
    files = {p.resolve().relative_to(root.resolve()).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in module_closure(modules).values()}
    doc = {"edition": edition, "checkers": dict(sorted(files.items())),
           "requirements": {k: requirements[k] for k in sorted(requirements)}}
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return GroundTruth(edition, f"{PREFIX}-{hashlib.sha256(text).hexdigest()[:12]}", files, len(requirements))


@lru_cache(maxsize=None)
def ground_truth(edition: str) -> GroundTruth:
    """The edition's ground truth as the project holds it now (cached per process: a regrade
    after a checker edit runs in a new process)."""
    from checkers.editions import edition_registry
    from eligibench.catalog import edition_catalog, load_edition

    modules = edition_registry(edition)
    texts = {o.id: o.requirements for o in edition_catalog(load_edition(edition)).opportunities}
    return digest_of(edition, modules.values(), texts)
