"""Eligibility checkers, one module per opportunity: the benchmark's ground truth.

Each module defines ``ID`` (the opportunity id) and ``check(household) -> bool`` and follows the
trace discipline in ``eligibench.discipline``. Modules whose names start with "_" hold shared
constants only. The 2024 edition's checkers are the modules in this folder (`registry()`); a
later edition's own checkers live in `checkers/editions/e<edition>/` (`edition_registry`), and it
shares the 2024 module of every opportunity its manifest keeps (eligibench.catalog.editions).
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
    return _modules(__path__, __name__, "checkers")


def _modules(path, package: str, folder: str) -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(path):
        if info.name.startswith("_") or info.ispkg:
            continue  # shared constants, and the editions/ package (later editions' checkers)
        mod = importlib.import_module(f"{package}.{info.name}")
        oid = getattr(mod, "ID", None)
        if not isinstance(oid, str) or not callable(getattr(mod, "check", None)):
            raise ImportError(f"{folder}/{info.name}.py must define ID (str) and check(household)")
        if oid in found:
            raise ImportError(f"{folder}/{info.name}.py: ID {oid!r} is already taken by {found[oid].__name__}")
        found[oid] = mod
    return dict(sorted(found.items()))


@lru_cache(maxsize=None)
def edition_registry(edition: str = "2024") -> dict[str, ModuleType]:
    """Opportunity id -> checker module of an edition: its own checkers, and the base edition's for
    every opportunity it keeps. Fails naming the edition when a listed opportunity has no checker
    or a module is not listed."""
    from eligibench.catalog.editions import load_edition

    ed = load_edition(edition)
    if ed.base is None:
        return registry()
    folder = f"checkers/editions/e{ed.slug}"
    try:
        package = importlib.import_module(f"{__name__}.editions.e{ed.slug}")
        own = _modules(package.__path__, package.__name__, folder)
    except ModuleNotFoundError:
        own = {}
    base = edition_registry(ed.base)
    missing = sorted(set(ed.own_ids) - set(own))
    if missing:
        raise ImportError(f"edition {edition}: no checker in {folder}/ for {', '.join(missing)}")
    stray = sorted(set(own) - set(ed.own_ids))
    if stray:
        raise ImportError(f"edition {edition}: {folder}/ has checkers for {', '.join(stray)}, which the manifest "
                          "lists neither as changed nor new")
    found = {oid: base[oid] for oid in ed.kept} | own
    return dict(sorted(found.items()))
