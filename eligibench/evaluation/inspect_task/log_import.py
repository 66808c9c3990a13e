"""`import_log`: an Inspect log of a BeNYfits task into the results store, as a run.

The run goes through the harness's own run path (`run.evaluate` with an executor that replays the
log's dialogs instead of running them): the same dialog, prediction and turn rows, process metrics,
summary metrics and done/incomplete status as a harness run. Its isolation is `inspect: not run here` (the model ran under Inspect on the
importer's machine; nothing of it ran in our jail). Its protocol is the task's (data
version, households in the log, question cap, epochs as trials, simulator, split, edition) plus the
scaffold, so it is never ranked with harness runs. Its identity covers the model, its generate
config and the log's eval id: importing the same log twice is the same run (nothing is added).

A sample that errored (or has no score) is an `infrastructure_error` dialog, as an outage is in the
harness: never scored, and the run is `incomplete`.

What the log is trusted with: the dialog (questions, answers, how it ended) and the predictions,
nothing else. Labels come from this project's published rows (the checkers' verdicts); the labels
a log carries in its score metadata are ignored, and where they disagree with ours the import
says so (`ImportedRun.label_disagreements`); every figure is recomputed by the run path from
those. A log made on the sealed split is refused: the sealed households are never handed out, so
no honest log can hold them (a forged one claiming guessable sealed row ids ranked first before).
A log's households must be the first N of the task's (`_first_households`): a protocol counts
households, it does not name them, so chosen ones would be ranked with the first N.
A log file is read within caps (`archive`): an `.eval` zip is checked entry by entry for count,
sizes and compression ratio before any member is decompressed, so a small archive that unpacks
to gigabytes fails at once with a low memory peak.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from inspect_ai.log import EvalLog, read_eval_log

from eligibench.errors import BenyfitsError
from eligibench.evaluation.inspect_task.archive import check_log_file
from eligibench.evaluation.inspect_task.records import dialog_from_json
from eligibench.evaluation.inspect_task.scorer import DIALOG
from eligibench.evaluation.inspect_task.source import SCAFFOLD, TaskSource, load_source
from eligibench.evaluation.inspect_task.tasks import META
from eligibench.evaluation.run import ResolvedRun, evaluate, run_identity
from eligibench.results import INFRA_ERROR, INSPECT_NOT_RUN_HERE, DialogResult, ResultStore, RunSpec


class NotABenyfitsLog(BenyfitsError):
    """The file is not an Inspect log of a BeNYfits task (or cannot be read as one)."""


@dataclass(frozen=True)
class ImportedRun:
    run_id: str
    protocol_id: str
    submission: str
    dialogs: int
    status: str
    label_disagreements: int = 0  # pairs whose label in the log differs from our checkers' (ignored)


def _meta(log: EvalLog, path: Path) -> Mapping[str, Any]:
    meta = (log.eval.metadata or {}).get(META)
    if not isinstance(meta, Mapping):
        raise NotABenyfitsLog(f"{path}: task {log.eval.task!r} is not a BeNYfits task (no {META!r} task metadata); "
                              "run `inspect eval benyfits/diverse --model ...`")
    return meta


def _spec(log: EvalLog, source: TaskSource) -> RunSpec:
    """The harness's identity of the resolved run (run_identity), with the agent being Inspect's
    model in the scaffold: its name, generate config and the log's eval id join the identity."""
    model = log.eval.model
    config = log.eval.model_generate_config.model_dump(exclude_none=True) if log.eval.model_generate_config else {}
    base = run_identity(source.resolved)
    params = {**base.params, "inspect": {"task": log.eval.task, "task_args": dict(log.eval.task_args or {}),
                                         "eval_id": log.eval.eval_id, "generate_config": config},
              "scaffold": SCAFFOLD}
    protocol = source.protocol
    return replace(base, submission=f"inspect:{model}", agent_models={"default": model}, params=params,
                   extra={**base.extra, "strategy": f"{model} in the Inspect task's scaffold ({SCAFFOLD})",
                          "run_config": f"inspect:{log.eval.task}"},
                   run_config=f"inspect:{log.eval.task}", role_models={"default": model},
                   protocol_id=protocol.protocol_id, protocol=protocol.to_json())


def _same_protocol(meta: Mapping[str, Any], source: TaskSource, path: Path) -> None:
    """The project resolves the log's task as it was resolved when the log was made (params,
    data version, simulator): households used and trials aside, which the log itself sets."""
    def settled(p: Mapping[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in p.items() if k not in ("trials", "kind")}
        out["datasets"] = {d: {k: v for k, v in u.items() if k != "households_used"} for d, u in p["datasets"].items()}
        return out

    then, now = settled(meta["protocol"]), settled(source.protocol.to_json())
    if then != now:
        moved = sorted(k for k in set(then) | set(now) if then.get(k) != now.get(k))
        raise NotABenyfitsLog(f"{path}: this project resolves the log's task differently from when the log was made "
                              f"(protocol field(s) {', '.join(moved)} differ): import it in the checkout that made it")


def _ours(record: DialogResult, row: Any, dataset: str, trial: int) -> tuple[DialogResult, int]:
    """The log's dialog with everything but its turns, predictions and process figures replaced by
    ours: the sample's row, dataset and trial, our row's labels (the checkers' verdicts), and only
    predictions for the row's opportunities. Also: how many pairs' labels in the log differ."""
    labels = dict(zip(row.opportunities, row.labels))
    theirs = dict(record.labels)
    differ = sum(1 for o, v in labels.items() if o not in theirs or theirs[o] != v) + len(set(theirs) - set(labels))
    predictions = None if record.predictions is None else {o: record.predictions[o] for o in labels
                                                          if o in record.predictions}
    recommendation = record.recommendation if record.recommendation in (*labels, "none") else None
    return replace(record, row_id=row.id, dataset=dataset, trial=trial, labels=labels, predictions=predictions,
                   recommendation=recommendation), differ


def _dialogs(log: EvalLog, path: Path, rows: Mapping[str, Any], dataset: str
             ) -> tuple[dict[tuple[str, int], DialogResult], int]:
    out: dict[tuple[str, int], DialogResult] = {}
    disagreements = 0
    for s in log.samples or []:
        sid, trial = str(s.id), int(s.epoch) - 1
        if sid not in rows:
            raise NotABenyfitsLog(f"{path}: sample {sid!r} is not a household of the {dataset} dataset in this "
                                  "project's published folder (is it the same data version?)")
        record = next((sc.metadata[DIALOG] for sc in (s.scores or {}).values() if sc.metadata and DIALOG in sc.metadata),
                      None)
        if s.error is not None or record is None:
            row = rows[sid]
            why = s.error.message if s.error is not None else "the sample has no BeNYfits score"
            out[(sid, trial)] = DialogResult(sid, dataset, trial, (), None, dict(zip(row.opportunities, row.labels)),
                                             INFRA_ERROR, f"Inspect: {why}"[:2000])
        else:
            try:
                theirs = dialog_from_json(record, f"{path}: sample {sid} epoch {s.epoch}")
            except ValueError as e:
                raise NotABenyfitsLog(str(e)) from None
            out[(sid, trial)], differ = _ours(theirs, rows[sid], dataset, trial)
            disagreements += differ
    return out, disagreements


def _refuse_sealed(meta: Mapping[str, Any], path: Path) -> None:
    """A log of the sealed split cannot be honest: its households are never handed out."""
    split = (meta.get("args") or {}).get("split", "public")
    claimed = (meta.get("protocol") or {}).get("split", "public")
    if split != "public" or claimed != "public":
        raise NotABenyfitsLog(f"{path}: the log claims the {split if split != 'public' else claimed} split; only "
                              "public-split logs are imported (sealed households are never handed out, so no log "
                              "made outside the evaluator holds them)")


def _first_households(path: Path, dataset: str, ids: Sequence[str], task: TaskSource) -> None:
    """The log's households must be the first N of the task's, in its order (what Inspect's
    `--limit N` runs, after `-T households=N` if given): a protocol records how many households a
    run used, not which, so a log of chosen ones (samples removed, `--sample-id`, a `--limit`
    range, `--sample-shuffle`) was ranked with runs of the first N (measured: a log keeping
    households 1-2 of 0-2 imported under the protocol of an honest `--limit 2` log)."""
    first = list(task.rows)[:len(ids)]
    if set(ids) != set(first):
        odd = sorted(set(ids) - set(first))
        raise NotABenyfitsLog(f"{path}: the log's {len(ids)} household(s) are not the first {len(ids)} of the task's "
                              f"{dataset} households (e.g. {odd[0]} is not among them): a log of chosen samples would "
                              f"be ranked with runs of the first {len(ids)}; run the task with --limit N "
                              "(or -T households=N), without --sample-id, a --limit range or --sample-shuffle")


class _Replay:
    """An executor (run.executors.Executor) that hands the runner the log's dialogs."""

    def __init__(self, dialogs: Mapping[tuple[str, int], DialogResult]):
        self.dialogs = dialogs

    def run(self, run: ResolvedRun, todo: Sequence[tuple[str, Any, int]], record: Callable[[DialogResult], None]) -> None:
        for _dataset, row, trial in todo:
            record(self.dialogs[(row.id, trial)])


def import_log(path: Path | str, store: Path | str, project: Path | str = Path(".")) -> ImportedRun:
    """Record the Inspect log at `path` in the store at `store` (rows read from `project`)."""
    path = Path(path)
    check_log_file(path)  # caps before Inspect reads anything (a zip bomb fails here)
    try:
        log = read_eval_log(str(path))
    except Exception as e:  # noqa: BLE001 - any unreadable file is the same user error
        raise NotABenyfitsLog(f"{path}: not a readable Inspect log ({type(e).__name__}: {str(e)[:300]})") from None
    meta = _meta(log, path)
    _refuse_sealed(meta, path)
    if not log.samples:
        raise NotABenyfitsLog(f"{path}: the eval ended {log.status!r} with no samples: nothing to import")
    dataset, trials = meta["dataset"], int(log.eval.config.epochs or 1)
    ids = list(dict.fromkeys(str(s.id) for s in log.samples))
    args = {k: v for k, v in dict(meta["args"]).items() if k != "split"}
    _first_households(path, dataset, ids, load_source(dataset, project, trials=trials, split="public", **args))
    source = load_source(dataset, project, trials=trials, ids=ids, split="public", **args)
    _same_protocol(meta, source, path)
    dialogs, disagreements = _dialogs(log, path, source.rows, dataset)
    for sid in ids:  # a sample missing in some epoch (a cancelled eval) is an outage, not a wrong answer
        for k in range(trials):
            if (sid, k) not in dialogs:
                row = source.rows[sid]
                dialogs[(sid, k)] = DialogResult(sid, dataset, k, (), None, dict(zip(row.opportunities, row.labels)),
                                                 INFRA_ERROR, "Inspect: the log has no sample for this epoch")
    spec = _spec(log, source)
    results = ResultStore(Path(store))
    # the model ran in Inspect on the importer's machine, not in our jail: the run says so, as a
    # service run does (records.INSPECT_NOT_RUN_HERE), instead of leaving isolation empty
    results.record_isolation(results.ensure_run(spec), INSPECT_NOT_RUN_HERE)
    run_id = evaluate(source.resolved, spec, results, executor=_Replay(dialogs))
    status = next((r["status"] for r in results.runs() if r["run_id"] == run_id), "unknown")
    return ImportedRun(run_id, spec.protocol_id, spec.submission, len(dialogs), status, disagreements)
