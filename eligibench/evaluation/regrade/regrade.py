"""Re-score a stored run against the current checkers of its edition, with no model calls.

The predictions are stored; the labels come from the edition's checkers run on the households
the run evaluated (`run_households`, recorded with grading 1; a run from before schema version 5
falls back to the published rows of its data version). Scores are recomputed by the same
`summarize` the runner uses, with the run's seed and the grading's bootstrap size, so a regrade
whose labels did not change reproduces the metrics exactly. Every other label-dependent figure
is recomputed too (`recompute`: process metrics, failure causes, simulator faults and the
agent-attributable scores, persona figures), with the needed facts traced from the new checkers;
only the simulator re-runs cannot be (their dialogs are not stored: `Regrade.stale` says so).

Measured (2026-11-25, this machine): the digest of an edition's 84 checker files and 82
requirement texts takes 0.26 s (imports included); a regrade of a 3-household run is dominated
by its 1,000-replicate bootstrap (about 0.2 s).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench import paths
from eligibench.errors import BenyfitsError
from eligibench.evaluation.regrade.ground_truth import ground_truth
from eligibench.evaluation.regrade.recompute import stale_figures, stored_rows
from eligibench.evaluation.scoring import score_run
from eligibench.evaluation.user import SimulatorMode
from eligibench.results import DEFAULT_EDITION, DialogResult, LabelChange, ResultStore, parse_protocol

DEFAULT_BOOTSTRAP = 1000


class NotRegradable(BenyfitsError):
    """A run that cannot be regraded here: it recorded no households (before schema version 5) and
    its data version is not published here, or it asks about an opportunity its edition no longer
    has a checker for. `regrade --all` and the stage skip it and say why; naming it is an error."""


@dataclass(frozen=True)
class Regrade:
    run_id: str
    submission: str
    ground_truth: str  # the digest now
    before: str | None  # the newest grading's digest before this regrade (None: not recorded)
    grading: int | None  # the new grading's number; None when the run was already graded by this ground truth
    changes: tuple[LabelChange, ...]
    skipped: str | None = None  # why the run could not be regraded (`--all` only)
    stale: tuple[str, ...] = ()  # figures this regrade could not recompute (no model calls), in plain words


def edition_of(run: Mapping[str, Any]) -> str:
    return parse_protocol(run.get("protocol_id"), run.get("protocol")).edition or DEFAULT_EDITION


def record_first_grading(store: ResultStore, run_id: str, rows: Mapping[str, Sequence[Any]], protocol: Mapping[str, Any],
                         bootstrap: int, metrics: Sequence[tuple]) -> None:
    """Grading 1 of a run just scored: the households it evaluated and the digest of its edition's
    ground truth (called by the runner after it records the metrics)."""
    from eligibench.household import household_to_v1

    edition = str(protocol.get("edition") or DEFAULT_EDITION)
    store.record_households(run_id, {(d, r.id): json.dumps(household_to_v1(r.household), sort_keys=True)
                                     for d, rs in rows.items() for r in rs})
    store.record_first_grading(run_id, ground_truth(edition).digest, edition, bootstrap, metrics)


def _published_households(run: Mapping[str, Any], edition: str, dataset_dir: Path) -> dict[tuple[str, str], Any]:
    from eligibench.datasets import config_name, dataset_path, read_parquet

    out, versions = {}, set()
    try:
        for d in run.get("datasets") or ():
            rows = read_parquet(dataset_path(dataset_dir, config_name(d, edition), run["data_version"]))
            versions.update(r.data_version for r in rows)
            out.update({(d, r.id): r.household for r in rows})
    except (OSError, ValueError, BenyfitsError) as e:  # a missing file is DatasetMissing
        raise NotRegradable(f"run {run['run_id']} ({run['submission']}): no households recorded with it, and its "
                            f"published rows cannot be read from {dataset_dir}: {e}") from None
    # the run records its first dataset's version; a published folder of another build holds other households
    if run["data_version"] not in versions:
        raise NotRegradable(f"run {run['run_id']} ({run['submission']}): no households recorded with it, and "
                            f"{dataset_dir} holds data version(s) {', '.join(sorted(versions))}, not the run's "
                            f"{run['data_version']}: rebuild or fetch that data version to regrade it")
    return out


def _households(store: ResultStore, run: Mapping[str, Any], edition: str, dataset_dir: Path) -> dict[tuple[str, str], Any]:
    from eligibench.household import household_from_v1

    stored = store.run_households(run["run_id"])
    if stored:
        return {k: household_from_v1(json.loads(v)) for k, v in stored.items()}
    return _published_households(run, edition, dataset_dir)


def relabel(results: Sequence[DialogResult], households: Mapping[tuple[str, str], Any],
            checkers: Mapping[str, Any], run_id: str) -> tuple[list[DialogResult], list[LabelChange]]:
    """Each dialog with its labels from the checkers, and every pair whose label changed."""
    out, changes = [], []
    for r in results:
        hh = households.get((r.dataset, r.row_id))
        if hh is None:
            raise NotRegradable(f"run {run_id}: no household for {r.dataset}/{r.row_id} (not recorded with the run)")
        labels = {}
        for opp, old in r.labels.items():
            if opp not in checkers:
                raise NotRegradable(f"run {run_id}: {r.dataset}/{r.row_id} asks about {opp!r}, which has no checker "
                                    "in the run's edition now")
            labels[opp] = bool(checkers[opp].check(hh))
            if labels[opp] != bool(old):
                changes.append(LabelChange(r.dataset, r.row_id, int(r.trial), opp, r.predicted(opp), bool(old), labels[opp]))
        out.append(replace(r, labels=labels))
    return out, changes


def _rescored(store: ResultStore, run: Mapping[str, Any], results: Sequence[DialogResult],
              households: Mapping[tuple[str, str], Any], registry: Mapping[str, Any], bootstrap: int) -> list[tuple]:
    from eligibench.truth import TracedChecker

    traced = {o: TracedChecker(o, registry[o]) for o in sorted({o for r in results for o in r.labels})}
    rows = stored_rows(results, households, traced, tuple(run.get("datasets") or ()))
    params = run.get("params") or {}
    mode = SimulatorMode.from_label(params.get("simulator_mode"))
    return score_run(store, run["run_id"], rows, results, mode, bootstrap, int(params.get("seed", 0)),
                     run.get("trials")).rows


def regrade_run(store: ResultStore, run: Mapping[str, Any], bootstrap: int = DEFAULT_BOOTSTRAP,
                dataset_dir: Path = paths.DATASET_DIR) -> Regrade:
    """Regrade one run (a row of `store.runs()`); nothing is written when its newest grading
    already used the current ground truth."""
    from checkers.editions import edition_registry

    run_id, edition = run["run_id"], edition_of(run)
    now = ground_truth(edition).digest
    gradings = store.gradings(run_id)
    before = gradings[-1]["ground_truth"] if gradings else None
    if before == now:
        return Regrade(run_id, run["submission"], now, before, None, ())
    n_boot = next((g["bootstrap"] for g in reversed(gradings) if g["bootstrap"] is not None), bootstrap)
    households, registry = _households(store, run, edition, dataset_dir), edition_registry(edition)
    results, changes = relabel(store.dialog_results(run_id), households, registry, run_id)
    old_rows = [(m["dataset"], m["name"], m["value"], m["ci_low"], m["ci_high"]) for m in store.metrics(run_id)]
    # the process, fault and persona tables are rewritten first; the grading (metrics, labels) last,
    # in one transaction: an interrupted regrade leaves the old grading newest and is simply redone
    new_rows = _rescored(store, run, results, households, registry, n_boot)
    fresh = {(d, n) for d, n, *_ in new_rows}
    metrics = new_rows + [m for m in old_rows if (m[0], m[1]) not in fresh]
    grading = store.record_regrade(run_id, now, edition, n_boot, metrics, changes, old_rows)
    return Regrade(run_id, run["submission"], now, before, grading, tuple(changes), stale=stale_figures(store, run_id))


def regrade_runs(store: ResultStore, prefixes: Sequence[str] = (), bootstrap: int = DEFAULT_BOOTSTRAP,
                 dataset_dir: Path = paths.DATASET_DIR) -> list[Regrade]:
    """Regrade every stored run (or those whose id starts with one of `prefixes`) that has dialogs.
    With no prefixes, a run whose households are unavailable is skipped (`Regrade.skipped` says why)."""
    store.migrate()  # a writer: an older file gets the gradings tables first (additive)
    runs = [r for r in store.runs() if r.get("n_dialogs")]
    if prefixes:
        runs = [r for r in runs if any(r["run_id"].startswith(p) for p in prefixes)]
        missing = [p for p in prefixes if not any(r["run_id"].startswith(p) for r in runs)]
        if missing:
            raise BenyfitsError(f"{store.path}: no run with dialogs matches {', '.join(missing)} (`benyfits runs` lists the runs)")
    out = []
    for r in runs:
        try:
            out.append(regrade_run(store, r, bootstrap, dataset_dir))
        except NotRegradable as e:
            if prefixes:  # a run asked for by name: its error
                raise
            out.append(Regrade(r["run_id"], r["submission"], "", None, None, (), skipped=str(e)))
    return out
