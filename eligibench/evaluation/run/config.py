"""The `evaluate` params section, validated at the edge, and the rows a run evaluates.

Run configurations (`evaluate.runs`): a name -> {submission, models, options}. `models` gives a
model spec per role the submission's manifest declares (a mapping merged over
`evaluate.agent_model`, or "default" for that spec unchanged); roles left out get
`evaluate.agent_model`. `options` are merged over the manifest's `options`. A params file
without `runs` gets one configuration per name in `evaluate.submissions` (same name, defaults).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping

from eligibench import params as P
from eligibench import paths
from eligibench.datasets import DatasetMissing, Row, config_name, dataset_path, read_parquet
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import DialogBudget
from eligibench.evaluation.run.model import EvalConfig, ExecutorConfig, RunConfig
from eligibench.evaluation.run.protocol import DEFAULT_EDITION
from eligibench.evaluation.user import read_mode
from eligibench.models import ModelSpec

DATASETS = ("diverse", "representative")
EXECUTORS = ("local", "ray")


def _spec(raw: Any, key: str) -> ModelSpec:
    if not isinstance(raw, dict):
        raise ParamsError(f"params.yaml: 'evaluate.{key}' must be a mapping (backend, model, ...)")
    try:
        return ModelSpec.from_wire(raw, where=f"params.yaml 'evaluate.{key}'")
    except ValueError as e:
        raise ParamsError(_at(f"evaluate.{key}", e)) from None


def _role_spec(raw: Any, default: ModelSpec, where: str) -> ModelSpec:
    if raw == "default" or raw is None:
        return default
    if not isinstance(raw, dict):
        raise ParamsError(f"params.yaml: '{where}' must be \"default\" or a mapping of ModelSpec fields "
                          f"(merged over evaluate.agent_model), got {raw!r}")
    merged = {**default.to_wire(), **raw}
    if "model" in raw and "backend" in raw and raw["backend"] != default.backend and "base_url" not in raw:
        merged["base_url"] = None  # another backend: the default's server URL does not apply
        if "replicas" not in raw:
            merged.pop("replicas", None)
    # one endpoint or several: the one the configuration names replaces the default's
    if raw.get("base_url") is not None:
        merged.pop("replicas", None)
    elif raw.get("replicas"):
        merged["base_url"] = None
    try:
        return ModelSpec.from_wire(merged, where=f"params.yaml '{where}'")
    except ValueError as e:
        raise ParamsError(_at(where, e)) from None


def _at(key: str, e: Exception) -> str:
    """The spec error, prefixed with the params key when the message does not name it yet."""
    return str(e) if key in str(e) else f"params.yaml: '{key}': {e}"


_RUN_KEYS = {"submission", "models", "options"}


def _runs(raw: Any, default: ModelSpec) -> dict[str, RunConfig]:
    if not isinstance(raw, dict) or not raw:
        raise ParamsError("params.yaml: 'evaluate.runs' must map configuration names to "
                          "{submission, models, options}")
    out = {}
    for name, body in raw.items():
        where = f"evaluate.runs.{name}"
        if not isinstance(name, str) or not name or "/" in name or name.startswith("."):
            raise ParamsError(f"params.yaml: 'evaluate.runs' key {name!r} must be a plain name (it names a "
                              "DVC stage and results/runs/<name>.json)")
        if not isinstance(body, dict) or not isinstance(body.get("submission"), str):
            raise ParamsError(f"params.yaml: '{where}' must be a mapping with 'submission' (a folder in submissions/)")
        unknown = set(body) - _RUN_KEYS
        if unknown:
            raise ParamsError(f"params.yaml: '{where}' has unknown key(s) {sorted(unknown)}; expected {sorted(_RUN_KEYS)}")
        models = body.get("models") or {}
        options = body.get("options") or {}
        if not isinstance(models, dict) or not isinstance(options, dict):
            raise ParamsError(f"params.yaml: '{where}.models' and '{where}.options' must be mappings")
        out[name] = RunConfig(name, body["submission"],
                              {role: _role_spec(v, default, f"{where}.models.{role}") for role, v in models.items()},
                              dict(options))
    return out


def _select(v: Any) -> str:
    if v not in ("first", "shortest"):
        raise ParamsError(f"params.yaml: 'evaluate.subset_select' is {v!r}, expected 'first' or 'shortest'")
    return v


def _cap(v: Any) -> int | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise ParamsError(f"params.yaml: 'evaluate.max_questions' is {v!r}, expected a positive count or null (protocol limits)")
    return v


def _budget(raw: Any) -> DialogBudget:
    if raw is None:
        return DialogBudget()
    if not isinstance(raw, dict) or set(raw) - {"calls", "tokens", "wall_s"}:
        raise ParamsError("params.yaml: 'evaluate.budget' must map calls / tokens / wall_s to numbers")
    d = DialogBudget()
    return DialogBudget(P.get(raw, "evaluate.budget.calls", int, 1, 10**6) if "calls" in raw else d.calls,
                        P.get(raw, "evaluate.budget.tokens", int, 1, 10**10) if "tokens" in raw else d.tokens,
                        P.get(raw, "evaluate.budget.wall_s", (int, float), 1, 10**6) if "wall_s" in raw else d.wall_s)


_EDITION = re.compile(r"\d{4}(-\d{2})?")


def _edition(v: Any) -> str:
    if v is None:
        return DEFAULT_EDITION
    if not isinstance(v, str) or not _EDITION.fullmatch(v):
        raise ParamsError(f"params.yaml: 'evaluate.edition' is {v!r}, expected an edition name as a quoted string "
                          f"(\"2024\", the default, or a later one such as \"2026-08\"; docs/editions.md)")
    return v


_RAY_KEYS = {"address", "dialogs_per_task", "max_retries"}


def _executor(kind: Any, ray: Any) -> ExecutorConfig:
    if kind not in EXECUTORS:
        raise ParamsError(f"params.yaml: 'evaluate.executor' is {kind!r}, expected one of {', '.join(EXECUTORS)}")
    ray = ray or {}
    if not isinstance(ray, dict) or set(ray) - _RAY_KEYS:
        raise ParamsError(f"params.yaml: 'evaluate.ray' must be a mapping of {sorted(_RAY_KEYS)}, got {ray!r}")
    address = ray.get("address")
    if address is not None and (not isinstance(address, str) or not address.strip()):
        raise ParamsError(f"params.yaml: 'evaluate.ray.address' is {address!r}, expected a Ray address "
                          "('ray://host:10001', 'host:6379', 'auto') or null ($RAY_ADDRESS, else a local Ray)")
    d = ExecutorConfig()
    return ExecutorConfig(
        kind, address,
        P.get(ray, "evaluate.ray.dialogs_per_task", int, 1, 10_000) if "dialogs_per_task" in ray else d.dialogs_per_task,
        P.get(ray, "evaluate.ray.max_retries", int, 0, 100) if "max_retries" in ray else d.max_retries)


# evaluate.<key> -> (type, lowest, highest): read from params here, and checked again by
# `check_config` on a configuration a caller changed with dataclasses.replace (smoke, realism)
_SETTINGS: dict[str, tuple[Any, float | None, float | None]] = {
    "trials": (int, 1, 100), "concurrency": (int, 1, 256), "infra_retries": (int, 0, 10),
    "call_timeout_s": ((int, float), 1, 86400), "agent_memory_mb": (int, 256, 1_000_000),
    "bootstrap": (int, 0, 100_000), "seed": (int, None, None),
}


def _setting(s: Mapping[str, Any], key: str) -> Any:
    return P.get(dict(s), f"evaluate.{key}", *_SETTINGS[key])


def check_config(config: EvalConfig) -> EvalConfig:
    """`config`, its settings checked as `read_config` checks them: `load_run` calls it on a
    configuration it is handed, so one changed after reading (a smoke run's cap, the realism
    stage's subset) passes the same edge as one read from params.yaml. `isolation` is not
    checked: `benyfits evaluate` sets the policy `development` (hosting.isolation), which params
    may not."""
    for key in _SETTINGS:
        _setting({key: getattr(config, key)}, key)
    _cap(config.max_questions), _select(config.subset_select), _edition(config.edition)
    return config


def read_config(params: Mapping[str, Any]) -> EvalConfig:
    s = P.section(dict(params), "evaluate")
    subset = s.get("subset") or {}
    if not isinstance(subset, dict) or set(subset) - set(DATASETS):
        raise ParamsError(f"params.yaml: 'evaluate.subset' must map {' / '.join(DATASETS)} to a count or null")
    for k, v in subset.items():
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
            raise ParamsError(f"params.yaml: 'evaluate.subset.{k}' is {v!r}, expected a positive count or null (all)")
    agent_model = _spec(s.get("agent_model"), "agent_model")
    if "runs" in s:
        runs = _runs(s["runs"], agent_model)
        subs = list(dict.fromkeys(r.submission for r in runs.values()))
    else:
        subs = s.get("submissions", [])
        if not isinstance(subs, list) or not all(isinstance(x, str) for x in subs):
            raise ParamsError("params.yaml: 'evaluate.submissions' must be a list of submission folder names")
        runs = {x: RunConfig(x, x) for x in subs}
    return EvalConfig(
        _spec(s.get("simulator"), "simulator"), agent_model,
        {d: subset.get(d) for d in DATASETS}, _select(s.get("subset_select", "first")),
        _setting(s, "trials"), _cap(s.get("max_questions")), _setting(s, "concurrency"),
        _setting(s, "infra_retries"), _setting(s, "call_timeout_s"), _setting(s, "agent_memory_mb"),
        _setting(s, "bootstrap"), _setting(s, "seed"), Path(P.get(s, "evaluate.store", str)), tuple(subs), runs,
        _budget(s.get("budget")),
        simulator_mode=read_mode(s.get("simulator_mode")), edition=_edition(s.get("edition")),
        executor=_executor(s.get("executor", "local"), s.get("ray")),
        isolation=_isolation(s.get("isolation", "auto")),
    )


def _isolation(v: Any) -> str:
    if v not in ("auto", "jail"):
        raise ParamsError(f"params.yaml: 'evaluate.isolation' is {v!r}, expected 'auto' (reference agents shipped in "
                          "the repository may run without bubblewrap when it is missing) or 'jail' (every agent "
                          "runs inside bubblewrap); docs/integrity.md")
    return v


def dataset_totals(folder: Path = paths.DATASET_DIR, data_version: str | None = None,
                   edition: str = DEFAULT_EDITION) -> dict[str, int]:
    """Households in each published dataset of an edition (the denominator of a protocol's
    households_used), keyed by the dataset's name (`diverse`, whatever the edition)."""
    import pyarrow.parquet as pq

    out = {}
    for d in DATASETS:
        try:
            out[d] = pq.ParquetFile(dataset_path(folder, config_name(d, edition), data_version)).metadata.num_rows
        except DatasetMissing:  # not published (custom rows): no total known
            continue
    return out


def load_rows(config: EvalConfig, folder: Path = paths.DATASET_DIR) -> dict[str, list[Row]]:
    """The configured subset of each published dataset of the run's edition (`diverse` or
    `diverse-2026-08`), keyed by the dataset's name."""
    return subset_rows(config, {d: read_parquet(dataset_path(folder, config_name(d, config.edition))) for d in DATASETS})


def subset_rows(config: EvalConfig, rows_by_dataset: Mapping[str, list[Row]]) -> dict[str, list[Row]]:
    """The configured subset of each dataset's rows (public or sealed split alike)."""
    out = {}
    for d, rows in rows_by_dataset.items():
        n = config.subset.get(d)
        if n is not None and n > len(rows):
            # asking for more than there is would quietly evaluate all of them (issue 24)
            raise ParamsError(f"params.yaml: 'evaluate.subset.{d}' is {n}, more than the {len(rows)} households "
                              f"of the {d} dataset (null evaluates all of them)")
        if n is not None and config.subset_select == "shortest":
            keep = {r.id for r in sorted(rows, key=lambda r: (len(r.profile), r.id))[:n]}
            rows = [r for r in rows if r.id in keep]
        out[d] = rows if n is None else rows[:n]
    return out
