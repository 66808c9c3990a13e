"""Run identity: a run id is a hash of everything in its RunSpec, so the same spec resumes the same run."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from eligibench.results.records import RunSpec

def _plain(value: Any) -> Any:
    """Mappings -> dicts, tuples/lists -> lists, recursively (for JSON)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def spec_dict(spec: RunSpec) -> dict[str, Any]:
    return {
        "submission": spec.submission,
        "agent_models": _plain(spec.agent_models),
        "simulator": spec.simulator,
        "params": _plain(spec.params),
        "data_version": spec.data_version,
        "datasets": _plain(spec.datasets),
        "trials": spec.trials,
        "extra": _plain(spec.extra),
    }


def _canonical_json(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except TypeError as exc:
        raise TypeError(f"run spec must hold JSON values only: {exc}") from None


def run_id_for(spec: RunSpec) -> str:
    """Stable id of a run: sha256 of the spec as sorted JSON (first 16 hex digits)."""
    return hashlib.sha256(_canonical_json(spec_dict(spec)).encode("utf-8")).hexdigest()[:16]
