"""Eligibility checkers, one module per opportunity: the benchmark's ground truth.

Each module defines ``ID`` (the opportunity id) and ``check(household) -> bool`` and follows the
trace discipline in ``eligibench.discipline``. Modules whose names start with "_" hold shared
constants only.
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType


@lru_cache(maxsize=1)
def registry() -> dict[str, ModuleType]:
    """Opportunity id -> checker module, sorted by id."""
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        oid = getattr(mod, "ID", None)
        if not isinstance(oid, str) or not callable(getattr(mod, "check", None)):
            raise ImportError(f"checkers/{info.name}.py must define ID (str) and check(household)")
        if oid in found:
            raise ImportError(f"checkers/{info.name}.py: ID {oid!r} is already taken by {found[oid].__name__}")
        found[oid] = mod
    return dict(sorted(found.items()))
