"""Datasets built once per test session and shared by every test file that asks for the same build.

The sealed, public and train builds run the real fuzzer, coverage selection, population sampler
and checkers: 5-20 CPU-seconds each on CI's 2 cores, and several test files asked for the same one
(test_sealed.py and test_train.py both built a sealed 2024 split at 600 fuzzed households). Each
build here is keyed by its inputs and made once per session: in memory within a process, and
across pytest-xdist workers through a pickle under the session's shared temporary folder, written
under an exclusive lock so a second worker waits for the first one's build instead of repeating it.

A test that checks a build is deterministic still builds its second copy itself (it must): only the
first copy comes from here.
"""
from __future__ import annotations

import copy
import fcntl
import hashlib
import os
import pickle
from functools import cache
from pathlib import Path
from typing import Any, Callable, TypeVar

import pytest

from tests.conftest import ROOT

T = TypeVar("T")
EMPTY_CATALOG = {"opportunities": []}  # the data version's catalog part; the rows do not depend on it
_MEMO: dict[str, Any] = {}
# the sealed 2024 split test_sealed.py checks and test_train.py keeps apart from the train split
SEALED_2024_SECRET, SEALED_2024_COUNT = "the-real-secret-kept-outside-git", 600


def _shared_folder(factory: pytest.TempPathFactory) -> Path:
    """The session's temporary folder every xdist worker sees (a worker's own is one level below)."""
    base = factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "built-data"
    folder.mkdir(exist_ok=True)
    return folder


def shared_build(factory: pytest.TempPathFactory, key: str, build: Callable[[], T]) -> T:
    """`build()` made once per session for `key` (a file-name-safe description of every input)."""
    if key in _MEMO:
        return _MEMO[key]
    path = _shared_folder(factory) / f"{key}.pickle"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if path.is_file():
            value = pickle.loads(path.read_bytes())
        else:
            value = build()
            tmp = path.with_suffix(".tmp")
            tmp.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            tmp.replace(path)
    _MEMO[key] = value
    return value


@cache
def checkers_2024() -> tuple[dict, dict]:
    """(checker modules, traced checkers) of 2024: tracing instruments every checker (2-3 s)."""
    from checkers import registry
    from eligibench.truth import traced_checkers

    modules = registry()
    return modules, traced_checkers(modules)


def params_2024() -> dict:
    from eligibench import params

    return copy.deepcopy(params.load(ROOT / "params.yaml"))


def sealed_2024(factory: pytest.TempPathFactory, secret: str, count: int) -> dict[str, Any]:
    """2024's sealed split for `secret`, round 1, at `count` fuzzed households: {"secret",
    "diverse", "representative", "report"} (`sealed.build_diverse`, `sealed.build_representative`)."""
    from eligibench.datasets import sealed

    def build() -> dict[str, Any]:
        modules, checkers = checkers_2024()
        s, p = sealed.SealedSecret(secret, "1"), params_2024()
        diverse, report = sealed.build_diverse(s, p, checkers, modules.values(), EMPTY_CATALOG, count=count)
        return {"diverse": diverse, "representative": sealed.build_representative(s, p, checkers, EMPTY_CATALOG),
                "report": report}

    tag = hashlib.sha256(secret.encode()).hexdigest()[:16]  # the secret never names a file
    return {"secret": sealed.SealedSecret(secret, "1"), **shared_build(factory, f"sealed-2024-{tag}-{count}", build)}


EDITION_2026 = "2026-08"


def edition_params(count: int) -> dict:
    p = params_2024()
    p["households"]["count"] = count
    return p


def catalog_2026() -> dict:
    """The 2026-08 edition's catalog JSON, as `stages/edition_datasets.py` passes it."""
    from eligibench.catalog import edition_catalog, load_edition

    ed = load_edition(EDITION_2026)
    return {"opportunities": [o.to_dict() for o in edition_catalog(ed).opportunities],
            "feature_schema": ed.feature_schema}


def build_sealed_2026(secret: str, count: int) -> tuple[Any, dict, dict]:
    """(sealed secret, {"diverse", "representative"} rows, coverage report) of 2026-08's sealed
    split for `secret`, round 1, at `count` fuzzed households: a fresh build, every call."""
    from checkers.editions import edition_registry
    from eligibench.datasets import sealed

    s = sealed.SealedSecret(secret, "1").for_edition(EDITION_2026)
    cat = catalog_2026()
    built = sealed.build_edition(s, edition_registry(EDITION_2026), cat, edition_params(count),
                                 feature_schema=cat["feature_schema"])
    return s, {"diverse": list(built.diverse), "representative": list(built.representative)}, dict(built.coverage)


def sealed_2026(factory: pytest.TempPathFactory, secret: str, count: int) -> tuple[Any, dict, dict]:
    """`build_sealed_2026`, once per session."""
    from eligibench.datasets import sealed

    tag = hashlib.sha256(secret.encode()).hexdigest()[:16]
    datasets, report = shared_build(factory, f"sealed-2026-08-{tag}-{count}",
                                    lambda: build_sealed_2026(secret, count)[1:])
    return sealed.SealedSecret(secret, "1").for_edition(EDITION_2026), datasets, report


def public_2026(factory: pytest.TempPathFactory, count: int) -> dict:
    """2026-08's public {"diverse", "representative"} rows at `count` fuzzed households, once per session."""

    def build() -> dict:
        from checkers.editions import edition_registry
        from eligibench.datasets import build_edition_datasets

        cat = catalog_2026()
        b = build_edition_datasets(EDITION_2026, edition_registry(EDITION_2026), cat, edition_params(count),
                                   feature_schema=cat["feature_schema"])
        return {"diverse": list(b.diverse), "representative": list(b.representative)}

    return shared_build(factory, f"public-2026-08-{count}", build)
