"""Submission intake: a submitted folder becomes queued, then evaluated runs.

`install` checks and installs a folder and queues it; `smoke` runs a few dialogs (one per household size) before it is queued;
`queue_worker` claims queued submissions and evaluates them.

Modules:
- `install`: submission folder checks, installing (or replacing one's own) and queueing.
- `smoke`: the smoke test (one dialog per household size) before a submission is queued.
- `queue_worker`: the queue worker.
"""
from __future__ import annotations

from eligibench.evaluation.intake.install import Installed, check_folder, install_submission, replace_submission
from eligibench.evaluation.intake.queue_worker import run_worker
from eligibench.evaluation.intake.smoke import SMOKE_BUDGET_S, check_smoke, cover_shapes, pick_smoke_rows, smoke_dialogs

__all__ = ["SMOKE_BUDGET_S", "Installed", "check_folder", "check_smoke", "cover_shapes", "install_submission", "pick_smoke_rows", "replace_submission",
           "run_worker", "smoke_dialogs"]
