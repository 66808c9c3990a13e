"""Run identity: a run id is a hash of everything in its RunSpec, so the same spec resumes the same run.
The session puts into the spec everything that changes results: protocol and limits (params), the
submission's code (`code_hash`), each model's identity (`models.serving.model_identity`: for a GGUF
its file hash)."""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from eligibench.results.records import RunSpec

SKIP_DIRS = ("__pycache__", ".git", ".pytest_cache")


def code_hash(folder: Path | str) -> str:
    """sha256 over a submission folder's files (relative path and bytes, sorted; caches skipped):
    a changed agent is a different run."""
    folder = Path(folder)
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not set(p.relative_to(folder).parts) & set(SKIP_DIRS)):
        rel = path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape")
        h.update(len(rel).to_bytes(8, "big") + rel)
        data = path.read_bytes()
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _plain(value: Any) -> Any:
    """Mappings -> dicts, tuples/lists -> lists, recursively (for JSON)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def spec_dict(spec: RunSpec) -> dict[str, Any]:
    out = {
        "submission": spec.submission,
        "agent_models": _plain(spec.agent_models),
        "simulator": spec.simulator,
        "params": _plain(spec.params),
        "data_version": spec.data_version,
        "datasets": _plain(spec.datasets),
        "trials": spec.trials,
        "extra": _plain(spec.extra),
    }
    if spec.protocol_id:  # the stored protocol (and its kind) always belongs to this very run id
        out["protocol_id"] = spec.protocol_id
    return out


def canonical_json(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except TypeError as exc:
        raise TypeError(f"run spec must hold JSON values only: {exc}") from None


def run_id_for(spec: RunSpec) -> str:
    """Stable id of a run: sha256 of the spec as sorted JSON (first 16 hex digits)."""
    return hashlib.sha256(canonical_json(spec_dict(spec)).encode("utf-8")).hexdigest()[:16]
