"""A scratch project for the executors' tests and benchmark: a synthetic published dataset, the
probe agent (tests/evaluation/ray_agent) on the recording fake server as its model, and the CPU
default's grounded lexical/template simulated user (no model: deterministic answers)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import yaml

from eligibench import params
from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.run import ExecutorConfig, ResolvedRun, read_config, resolve_run
from tests.leaderboard.synthetic import make_dataset

ROOT = Path(__file__).resolve().parents[2]
AGENT = Path(__file__).resolve().parent / "ray_agent"
TIMING = ("wall_s", "wall_s_per_dialog")  # metrics that measure the machine, not the dialogs


def make_project(folder: Path, n_diverse: int, n_representative: int) -> Path:
    make_dataset(folder / "benyfits", n_diverse=n_diverse, n_representative=n_representative)
    return folder


def resolved(project: Path, base_url: str, executor: ExecutorConfig = ExecutorConfig(), *, store: str = "r.duckdb",
             trials: int = 1, delay_s: float = 0.0, concurrency: int = 1) -> ResolvedRun:
    raw = params.load(ROOT / "params.yaml")
    ev = raw["evaluate"]
    ev["agent_model"] = {"backend": "openai", "model": "served-model", "base_url": base_url, "max_tokens": 32}
    ev["runs"] = {"probe": {"submission": "ray-probe", "options": {"delay_s": delay_s}}}
    ev.update(subset={"diverse": None, "representative": None}, trials=trials, max_questions=4,
              concurrency=concurrency, bootstrap=200)
    config = replace(read_config(yaml.safe_load(yaml.safe_dump(raw))), store=project / store, executor=executor)
    return resolve_run(config, load_manifest(AGENT), config.run("probe"), project=project)


def per_pair(store, run_id: str) -> dict[tuple[str, str, int, str], bool | None]:
    """(dataset, row, trial, opportunity) -> prediction, for every stored dialog."""
    return {(r.dataset, r.row_id, r.trial, o): (r.predictions or {}).get(o)
            for r in store.dialog_results(run_id) for o in r.labels}


def scores(store, run_id: str) -> dict[tuple[str, str], tuple]:
    return {(m["dataset"], m["name"]): (m["value"], m["ci_low"], m["ci_high"])
            for m in store.metrics(run_id) if m["name"] not in TIMING}
