"""The fuzzer's second pass (`unread`) over worker processes, with the same bytes as one loop.

Three generators are read in order, one household after another: the fuzzer's two (features,
version-2 flags) and the population's (`unread.draw_unread`), whose draws depend on what the
checkers read. They stay in this process, in household order, exactly as one loop would read
them; what draws nothing goes to the workers (`eligibench.parallel`): which features the
checkers read (`unread.features_read`) and the redraw's fixes and rule checks
(`unread.settle_redraw`). The pool's feeding thread fuzzes and draws while the workers trace and
settle.

Measured for 1,000 households (cProfile, one process, 2026-11-27): fuzz 19%, version-2 flags
4%, features read 24%, the population's draws 23%, the settling 25%, version-1 form 4%; so about
half the work moves to the workers. With 2 processes, 3,000 households: this process's CPU
seconds 6.3 instead of 10.4; the workers pay about 20% more CPU in all (their imports, the
checkers imported by name once each, pickling).
"""
from __future__ import annotations

import importlib
import random
import sys
from functools import lru_cache, partial
from types import ModuleType
from typing import Iterable, Iterator, Sequence

from eligibench.datasets import unread
from eligibench.household import Household
from eligibench.parallel import Workers


def redraw_in_order(fuzzed: Iterable[Household], rng_pop: random.Random, readers: Sequence[ModuleType],
                    feature_schema: int) -> Iterator[Household]:
    """Each fuzzed (version-2) household with its unread features drawn again from `rng_pop`,
    in its version-`feature_schema` form, in order: `unread.redraw_unread` on each in turn."""
    pop = unread.load_population()
    names = tuple(m.__name__ for m in readers)
    pending: dict[int, Household] = {}  # fuzzed, not yet drawn again

    def kept(items: Iterable[Household]) -> Iterator[Household]:
        for i, v2 in enumerate(items):
            pending[i] = v2
            yield v2

    with Workers(preload=("eligibench.datasets", "checkers")) as workers:
        local = workers.count == 1 or not _importable(readers)
        read_one = partial(_read_local, tuple(readers)) if local else partial(_read, names)
        reads = (Workers(1) if local else workers).map(read_one, kept(fuzzed), what="fuzzed household")

        def drawn() -> Iterator[tuple]:
            for i, read in enumerate(reads):
                v2 = pending.pop(i)
                yield v2, read, unread.draw_unread(rng_pop, v2, read, pop)

        yield from workers.map(partial(_settle, feature_schema), drawn(), what="fuzzed household")


def _importable(modules: Sequence[ModuleType]) -> bool:
    """Every module is what its name imports (so a worker process runs the same checker)."""
    try:
        return all(importlib.import_module(m.__name__) is m for m in modules)
    except ImportError:
        return False


@lru_cache(maxsize=2)
def _modules(names: tuple[str, ...]) -> tuple[ModuleType, ...]:
    if any(n not in sys.modules for n in names):
        unread.every_edition_checker()  # imports every edition's checkers the way the caller did
    return tuple(sys.modules.get(n) or importlib.import_module(n) for n in names)


def _read(names: tuple[str, ...], v2: Household) -> list[set[str]]:
    return _read_local(_modules(names), v2)


def _read_local(readers: Sequence[ModuleType], v2: Household) -> list[set[str]]:
    return unread.features_read(v2, readers, v1=unread.v1_form(v2))  # v1_form(v2) is the fuzzed household


def _settle(feature_schema: int, task: tuple) -> Household:
    v2, read, dicts = task
    hh, _members_redrawn = unread.settle_redraw(v2, read, dicts)
    return hh if feature_schema == 2 else unread.v1_form(hh)


__all__ = ["redraw_in_order"]
