"""Eligibility checkers, one module per opportunity: the benchmark's ground truth.

Each module defines ``ID`` (the opportunity id) and ``check(household) -> bool`` and follows the
trace discipline in ``eligibench.discipline``. Modules whose names start with "_" hold shared
constants only; `facts` (and an edition's `facts`) holds the derived facts checkers read
(`checkers/facts.py`, issue 30), not a checker. The 2024 edition's checkers are the modules in this folder (`registry()`); a
later edition's own checkers live in `checkers/editions/e<edition>/` and
`checkers.editions.edition_registry` adds the 2024 module of every opportunity it keeps.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType

# Modules in a checkers folder that are not checkers: the derived facts every checker reads.
SHARED_MODULES = frozenset({"facts"})


@lru_cache(maxsize=1)
def registry() -> dict[str, ModuleType]:
    """Opportunity id -> checker module, sorted by id."""
    return checker_modules(__path__, __name__, "checkers")


def checker_modules(path, package: str, folder: str) -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(path):
        if info.name.startswith("_") or info.ispkg or info.name in SHARED_MODULES:
            continue  # shared constants, derived facts, and the editions/ package (later editions' checkers)
        mod = importlib.import_module(f"{package}.{info.name}")
        oid = getattr(mod, "ID", None)
        if not isinstance(oid, str) or not callable(getattr(mod, "check", None)):
            raise ImportError(f"{folder}/{info.name}.py must define ID (str) and check(household)")
        if oid in found:
            raise ImportError(f"{folder}/{info.name}.py: ID {oid!r} is already taken by {found[oid].__name__}")
        found[oid] = mod
    return dict(sorted(found.items()))

__all__ = ["SHARED_MODULES", "checker_modules", "registry"]
