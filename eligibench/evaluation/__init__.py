"""Evaluation: agents question a simulated user; predictions are scored against checker labels.

One subpackage per concept (tau2-bench's split), each exporting its API from its `__init__`;
code outside a subpackage imports that API, never its modules or private names
(`tests/test_architecture.py`). Dependencies run one way: hosting -> user -> scoring -> regrade ->
run -> intake, play.

Subpackages:
- `hosting`: agent hosting: the Agent contract, manifests, the jailed agent process and its host.
- `user`: the simulated user (free-form or grounded), fact selection, answer checks, the audit.
- `scoring`: outcome metrics with intervals, process metrics and failure causes.
- `regrade`: which ground truth graded a run (its digest), and re-scoring stored runs when it changes.
- `run`: run orchestration: params, protocols, seeds, the dialog loop, the runner, `open_session`.
- `intake`: submission intake: install and queue, the smoke dialog, the queue worker.
- `play`: people in the loop: a person as the agent or the household, human runs, the ceiling sample, study mode.
- `inspect_task`: BeNYfits as an Inspect AI task (`inspect eval benyfits/diverse`): scaffold, scorer, log import (after `run`).
"""

# A namespace: each subpackage above is an API of its own.
__all__: list[str] = []
