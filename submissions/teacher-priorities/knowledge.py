"""What makes the teacher an oracle: the features the checkers needed on the published rows, and
the checkers themselves.

An agent runs in the jail, which shows it the harness package and its own `generated/<name>/`
folder but neither `checkers/` nor the published data (docs/integrity.md). So the generate stage's
hook (`pregenerate_hook`, run in the harness) writes both there: `knowledge.json` (per
opportunity, how many published rows it has and how many of them needed each feature: the
published rows' `needed_facts` with the member index dropped) and `checkers/`, the checker
modules as shipped (the top-level 2024 ones, `_common` and `facts`). Run in-process (the
Gymnasium environment, the teacher-data stage) the teacher reads the project's own copies.
No label is read: only `needed_facts`, which the published card documents as the facts the
checker read.
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import shutil
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable, Mapping

from eligibench import paths

KNOWLEDGE_JSON = "knowledge.json"
SNAPSHOT = "checkers"


@dataclass(frozen=True)
class Knowledge:
    rows: Mapping[str, int]  # opportunity id -> published rows showing it
    needed: Mapping[str, Mapping[str, int]]  # opportunity id -> feature -> rows whose verdict read it
    checkers: Mapping[str, ModuleType]  # opportunity id -> checker module (2024 edition)

    def ranked_features(self, ids: Iterable[str]) -> list[str]:
        """Features to ask for `ids`, most needed first: each feature scores the sum over the
        opportunities of the share of their rows that needed it; ties by name."""
        score: Counter = Counter()
        for oid in ids:
            n = self.rows.get(oid, 0)
            for feature, k in self.needed.get(oid, {}).items():
                score[feature] += k / n if n else 0.0
        return sorted(score, key=lambda f: (-score[f], f))


def needed_table(rows: Iterable[Any]) -> dict[str, Any]:
    """{"rows": {id: n}, "needed": {id: {feature: n}}} from dataset rows (their `needed_facts`)."""
    count: Counter = Counter()
    needed: dict[str, Counter] = {}
    for row in rows:
        for oid, keys in zip(row.opportunities, row.needed_facts):
            count[oid] += 1
            feats = {k.split(".", 1)[1] for k in keys if k.startswith("m")}
            needed.setdefault(oid, Counter()).update(feats)
    return {"rows": dict(sorted(count.items())),
            "needed": {oid: dict(sorted(c.items())) for oid, c in sorted(needed.items())}}


def published_rows(dataset_dir: Path = paths.DATASET_DIR) -> list[Any]:
    from eligibench.datasets import dataset_path, read_parquet

    return [r for name in ("diverse", "representative") for r in read_parquet(dataset_path(dataset_dir, name))]


def build(out_dir: Path, dataset_dir: Path = paths.DATASET_DIR, checkers_dir: Path | None = None) -> Path:
    """Write `knowledge.json` and the checkers snapshot into `out_dir`; returns the json's path.
    `checkers_dir`: default the `checkers` package this process imports (the project's)."""
    if checkers_dir is None:
        import checkers

        checkers_dir = Path(checkers.__file__).parent
    if not (Path(checkers_dir) / "__init__.py").is_file():
        raise FileNotFoundError(f"teacher: {checkers_dir}/__init__.py: not the checkers package")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / KNOWLEDGE_JSON
    target.write_text(json.dumps(needed_table(published_rows(dataset_dir)), indent=1, sort_keys=True) + "\n")
    snap = out_dir / SNAPSHOT
    if snap.exists():
        shutil.rmtree(snap)
    # the whole package: a 2024 checker may share its twin's rules through `checkers.editions`
    shutil.copytree(checkers_dir, snap, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return target


@dataclass(frozen=True)
class Built:
    ok: bool


def pregenerate_hook(models, briefs, out_dir, options, progress) -> dict[str, Built]:
    """The generate stage's hook (manifest `pregenerate`): the knowledge for every brief."""
    build(Path(out_dir))
    known = load(Path(out_dir)).checkers
    result = {}
    for b in briefs:
        result[b.id] = Built(b.id in known)
        progress(b.id)
    return result


def _snapshot_registry(snap: Path) -> dict[str, ModuleType]:
    """The snapshot imported as the package `checkers` (its modules import `checkers._common`)."""
    if "checkers" not in sys.modules:
        spec = importlib.util.spec_from_file_location("checkers", snap / "__init__.py",
                                                      submodule_search_locations=[str(snap)])
        module = importlib.util.module_from_spec(spec)
        sys.modules["checkers"] = module
        spec.loader.exec_module(module)
    return sys.modules["checkers"].registry()


def _registry(cache: Path | None) -> dict[str, ModuleType]:
    try:
        import checkers  # in-process: the project's own
    except ImportError:
        if cache is None or not (cache / SNAPSHOT / "__init__.py").exists():
            raise FileNotFoundError(f"teacher: no checkers to predict with: {cache}/{SNAPSHOT} is missing "
                                    "(run the generate stage: python -m stages.generate)") from None
        return _snapshot_registry(cache / SNAPSHOT)
    return checkers.registry()


def load(cache: Path | None) -> Knowledge:
    """The knowledge from `cache` (generated/teacher) when built there, else from the project."""
    table_path = cache / KNOWLEDGE_JSON if cache is not None else None
    if table_path is not None and table_path.exists():
        table = json.loads(table_path.read_text())
    else:
        table = needed_table(published_rows())
    return Knowledge(table["rows"], table["needed"], _registry(cache))
