"""Checkers of editions after 2024, one package per edition (`e<edition>`, dashes as underscores),
and `edition_registry`: an edition's checkers, its own plus the base edition's for every
opportunity its manifest keeps (eligibench.catalog.editions); `explained_checker`: a checker of an
edition with its review table, for explanations (`eligibench.truth.ExplainedChecker`); `share_rules`: a variant's
module runs its twin's rules with its own constants and replacing functions (variant.py). The
lookup lives here, not in `eligibench.truth`, so the pipeline stages that use truth do not depend
on the catalog and every edition's checkers. Kept apart from `checkers/__init__`
so that code needing only the 2024 registry does not import the catalog."""
from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType

from checkers import checker_modules, registry
from checkers.editions.variant import share_rules  # a 2024 checker may be a variant of another's (SCRIE of DRIE)
from eligibench.catalog import edition_catalog, load_edition
from eligibench.truth import ExplainedChecker


@lru_cache(maxsize=None)
def edition_registry(edition: str = "2024") -> dict[str, ModuleType]:
    """Opportunity id -> checker module of an edition: its own checkers, and the base edition's for
    every opportunity it keeps. Fails naming the edition when a listed opportunity has no checker
    or a module is not listed."""
    ed = load_edition(edition)
    if ed.base is None:
        return registry()
    folder = f"checkers/editions/e{ed.slug}"
    try:
        package = importlib.import_module(f"{__name__}.e{ed.slug}")
        own = checker_modules(package.__path__, package.__name__, folder)
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.e{ed.slug}":
            raise
        own = {}  # an edition that only keeps and removes
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


@lru_cache(maxsize=None)
def _readings(edition: str) -> dict[str, tuple]:
    return {o.id: tuple(o.readings) for o in edition_catalog(load_edition(edition)).opportunities}


@lru_cache(maxsize=None)
def explained_checker(opportunity: str, edition: str = "2024") -> ExplainedChecker:
    """The explained checker of an opportunity in an edition, with its review table (cached)."""
    modules = edition_registry(edition)
    if opportunity not in modules:
        raise KeyError(f"no checker for opportunity {opportunity!r} in the {edition} edition")
    return ExplainedChecker(opportunity, modules[opportunity], _readings(edition).get(opportunity, ()))

__all__ = ["edition_registry", "explained_checker", "share_rules"]
