"""The submission smoke test: a few dialogs through the same session as a real run (agent in its
own process, limits, hidden data forbidden), before a submission is queued.

Issue 36: one household was not enough. An agent that crashed on households with other than 6
opportunities passed a smoke test whose one household had 6, and was then ranked. The smoke set
is now one household per household size (member count) of the dataset, chosen so that every
opportunity count also appears: on the 2024 Diverse set, 6 households covering 1-6 members and
5, 6 and 7 opportunities. The first agent error stops the test and names the household.
Measured with `submissions/direct` on the embedded model (2 cores): see docs/evaluation.md.
"""
from __future__ import annotations

import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

from eligibench import paths
from eligibench.datasets import DatasetMissing, Row, dataset_path, read_parquet
from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import Manifest, SubmissionError
from eligibench.evaluation.run import EvalConfig, load_run, open_session
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
from eligibench.results import AGENT_ERROR, BUDGET_EXCEEDED, INFRA_ERROR, READY, TURN_LIMIT, USER_ERROR, DialogResult

# Seconds the smoke dialogs may take (issue 36: "still fast, <= 60 s on the embedded model"). A
# dialog of the direct agent on the embedded model takes 15-25 s on 2 shared cores, so an agent
# calling a model gets about 3 of the 6 households (every opportunity count first); an agent
# without model calls gets all 6 in about 3 s. Measured numbers: docs/evaluation.md.
SMOKE_BUDGET_S = 60.0


def _shape(row: Row) -> tuple[int, int]:
    """(members, opportunities) of a dataset row."""
    return len(row.household.members), len(row.opportunities)


def cover_shapes(rows: list[Row]) -> list[Row]:
    """One row per member count, picked so that every opportunity count appears too; among equals
    the fewest opportunities (the quickest dialog), then the lowest id. Rows for opportunity counts
    still missing are added at the end."""
    ordered = sorted(rows, key=lambda r: (len(r.opportunities), r.id))
    picked: list[Row] = []
    counts_seen: set[int] = set()
    wanted_counts = {len(r.opportunities) for r in rows}
    for size in sorted({_shape(r)[0] for r in rows}):
        same = [r for r in ordered if _shape(r)[0] == size]
        # a row bringing an opportunity count not covered yet when there is one
        row = next((r for r in same if len(r.opportunities) not in counts_seen), same[0])
        picked.append(row)
        counts_seen.add(len(row.opportunities))
    for count in sorted(wanted_counts - counts_seen):
        picked.append(next(r for r in ordered if len(r.opportunities) == count))
    # the rows that bring a new opportunity count first: under a time budget they run first
    first, seen = [], set()
    for r in picked:
        if len(r.opportunities) not in seen:
            seen.add(len(r.opportunities))
            first.append(r)
    return first + [r for r in picked if r not in first]


def pick_smoke_rows(dataset_dir: Path) -> list[Row]:
    """The smoke households of the first dataset that has rows (Diverse, else Representative)."""
    for name in ("diverse", "representative"):
        try:
            rows = read_parquet(dataset_path(dataset_dir, name))
        except DatasetMissing:
            continue
        if rows:
            return cover_shapes(rows)
    raise BenyfitsError(f"no dataset rows in {dataset_dir}/data/: build the datasets first (dvc repro publish), "
                         "or run from the project root that has them (or pass --project)")


def smoke_dialogs(manifest: Manifest, config: EvalConfig, project: Path = Path("."), quoting: bool = False,
                  max_questions: int = 5, call_timeout_s: float = 120.0, memory_mb: int = 2048,
                  log: Callable[[str], None] = print, budget_s: float | None = SMOKE_BUDGET_S) -> list[DialogResult]:
    """The smoke dialogs, one session (model servers started once); stops after the first dialog
    that did not work (check_smoke says why), or before a dialog that would likely end past
    `budget_s` seconds (the mean dialog so far; None: no budget). The first dialog always runs."""
    project = Path(project)
    rows = pick_smoke_rows(project / paths.DATASET_DIR)
    # an agent from outside always runs in the jail (hosting.isolation), whatever evaluate.isolation says
    config = replace(config, max_questions=max_questions, call_timeout_s=call_timeout_s, agent_memory_mb=memory_mb,
                     isolation="jail")
    user = (QuotingUserModel(), QUOTING_LABEL) if quoting else (None, None)
    by_dataset: dict[str, list[Row]] = {}
    for row in rows:
        by_dataset.setdefault(row.dataset, []).append(row)
    resolved = load_run(manifest, project, config=config, rows=by_dataset, stand_in_label=user[1])
    results: list[DialogResult] = []
    with open_session(resolved, project, user[0]) as session:
        for row in rows:
            missing = [o for o in row.opportunities if o not in resolved.briefs]
            if missing:
                raise BenyfitsError(f"opportunities {missing} of household {row.id} have no requirements text")
        members = sorted({_shape(r)[0] for r in rows})
        counts = sorted({_shape(r)[1] for r in rows})
        log(f"smoke dialogs: {len(rows)} households ({_span(members)} members, {_span(counts)} opportunities), "
            f"simulated user {session.spec.simulator}, at most {max_questions} questions each")
        started = time.perf_counter()
        for row in rows:
            spent = time.perf_counter() - started
            if results and budget_s is not None and spent + spent / len(results) > budget_s:
                left = rows[len(results):]
                log(f"smoke dialogs: time budget {budget_s:.0f} s reached after {len(results)} of {len(rows)} "
                    f"households; not run: {', '.join(f'{r.id} ({_shape(r)[0]} members, {_shape(r)[1]} opportunities)' for r in left)} "
                    f"(the worker's full run still shows any agent error; --smoke-seconds raises the budget)")
                break
            result = session.dialog(row)
            results.append(result)
            if result.termination not in _OK:
                break
    return results


_OK = (READY, TURN_LIMIT)  # the dialog worked (check_smoke words the others)


def _span(values: list[int]) -> str:
    return f"{values[0]}" if len(values) == 1 else f"{values[0]} to {values[-1]}"


def one_line_error(error: str | None) -> str:
    """An error as one line: its first line, and the innermost frame of a traceback in it (the
    agent's file and line, where to look). The whole traceback used to follow the `submit` error,
    13 lines for one failed smoke dialog; `benyfits evaluate FOLDER --households 1` still prints it."""
    text = error or "(no message)"
    lines = [x for x in text.splitlines() if x.strip()]
    frames = re.findall(r'File "([^"]+)", line (\d+)', text)
    at = f" (at {frames[-1][0]}:{frames[-1][1]})" if frames else ""
    return (lines[0] if lines else text).strip()[:500] + at


def check_smoke(results: list[DialogResult]) -> str:
    """A one-line summary, or SubmissionError (one line) naming the first household whose dialog
    did not work."""
    for r in results:
        where = f"household {r.dataset}/{r.row_id} ({len(r.labels)} opportunities)"
        if r.termination in (AGENT_ERROR, BUDGET_EXCEEDED):
            raise SubmissionError(f"smoke dialog failed on {where}: the agent errored: {one_line_error(r.error)}")
        if r.termination in (USER_ERROR, INFRA_ERROR):
            raise SubmissionError(f"smoke dialog failed on {where}: the simulated user did not answer "
                                  f"({r.termination}: {one_line_error(r.error)}); check the model server, or pass "
                                  "--quoting-user")
    questions = sum(len(r.turns) for r in results)
    predictions = sum(len(r.predictions or {}) for r in results)
    wall = sum(r.wall_s for r in results)
    return (f"smoke dialogs ok: {len(results)} households, {questions} question(s), "
            f"{predictions} prediction(s) in {wall:.1f} s")
