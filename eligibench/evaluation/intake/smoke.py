"""The submission smoke test: ONE dialog with one household through the same session as a real
run (agent in its own process, limits, hidden data forbidden), before a submission is queued."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from eligibench import paths
from eligibench.datasets import DatasetMissing, Row, dataset_path, read_parquet
from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import Manifest, SubmissionError
from eligibench.evaluation.run import EvalConfig, load_run, open_session
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
from eligibench.results import AGENT_ERROR, BUDGET_EXCEEDED, INFRA_ERROR, USER_ERROR, DialogResult


def pick_smoke_row(dataset_dir: Path) -> Row:
    """The dataset household with the fewest opportunities (the quickest full dialog)."""
    for name in ("diverse", "representative"):
        try:
            rows = read_parquet(dataset_path(dataset_dir, name))
        except DatasetMissing:
            continue
        if rows:
            return min(rows, key=lambda r: (len(r.opportunities), r.id))
    raise BenyfitsError(f"no dataset rows in {dataset_dir}/data/: build the datasets first (dvc repro publish), "
                         "or run from the project root that has them (or pass --project)")


def smoke_dialog(manifest: Manifest, config: EvalConfig, project: Path = Path("."), quoting: bool = False,
                 max_questions: int = 5, call_timeout_s: float = 120.0, memory_mb: int = 2048,
                 log: Callable[[str], None] = print) -> DialogResult:
    project = Path(project)
    row = pick_smoke_row(project / paths.DATASET_DIR)
    # an agent from outside always runs in the jail (hosting.isolation), whatever evaluate.isolation says
    config = replace(config, max_questions=max_questions, call_timeout_s=call_timeout_s, agent_memory_mb=memory_mb,
                     isolation="jail")
    user = (QuotingUserModel(), QUOTING_LABEL) if quoting else (None, None)
    resolved = load_run(manifest, project, config=config, rows={row.dataset: [row]}, stand_in_label=user[1])
    with open_session(resolved, project, user[0]) as session:
        missing = [o for o in row.opportunities if o not in resolved.briefs]
        if missing:
            raise BenyfitsError(f"opportunities {missing} of household {row.id} have no requirements text")
        log(f"smoke dialog: household {row.dataset}/{row.id} ({len(row.opportunities)} opportunities), "
            f"simulated user {session.spec.simulator}, at most {max_questions} questions")
        return session.dialog(row)


def check_smoke(result: DialogResult) -> str:
    """A one-line summary, or SubmissionError when the dialog did not work."""
    if result.termination in (AGENT_ERROR, BUDGET_EXCEEDED):
        raise SubmissionError(f"smoke dialog failed: the agent errored: {result.error}")
    if result.termination in (USER_ERROR, INFRA_ERROR):
        raise SubmissionError(f"smoke dialog failed: the simulated user did not answer ({result.termination}: "
                              f"{result.error}); check the model server, or pass --quoting-user")
    n = len(result.predictions or {})
    return (f"smoke dialog ok: {len(result.turns)} question(s), ended {result.termination}, "
            f"{n} prediction(s) in {result.wall_s:.1f} s")
