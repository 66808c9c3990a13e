"""Submission intake: a submitted folder becomes queued, then evaluated runs.

`install` checks and installs a folder and queues it; `smoke` runs one dialog before it is queued;
`queue_worker` claims queued submissions and evaluates them.

Modules:
- `install`: submission folder checks, installing (or replacing one's own) and queueing.
- `smoke`: the one-dialog smoke test before a submission is queued.
- `queue_worker`: the queue worker.
"""
from __future__ import annotations

from eligibench.evaluation.intake.install import Installed, check_folder, install_submission, replace_submission
from eligibench.evaluation.intake.queue_worker import run_worker
from eligibench.evaluation.intake.smoke import check_smoke, pick_smoke_row, smoke_dialog

__all__ = ["Installed", "check_folder", "check_smoke", "install_submission", "pick_smoke_row", "replace_submission", "run_worker", "smoke_dialog"]
