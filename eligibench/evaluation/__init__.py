"""Evaluation: agents question a simulated user; predictions are scored against checker labels.

tau2-bench's split: the agent side (`agent_api`, hosted by `agent_host` / `agent_worker`), the
user (`simulated_user`), the environment (`dialog_loop`, which enforces the protocol and limits),
the orchestrator (`runner`, `session`), then `metrics`.

Modules:
- `types`: what an agent is told (OpportunityBrief, Dialog) and the question limits.
- `agent_api`: the Agent contract submissions implement.
- `agent_wire`: dialogs as JSON over the agent process's pipe.
- `agent_host`: ProcessAgent, the host side of an agent in its own process.
- `agent_worker`: the agent process itself (`python -m eligibench.evaluation.agent_worker`).
- `simulated_user`: the language model playing one household from its profile.
- `quoting_user`: a named TEST STAND-IN user that quotes the profile (no model).
- `dialog_loop`: one dialog: ask, answer, READY, PREDICT, termination reasons.
- `runner`: a run over the datasets, resumable, into the store.
- `config`: the `evaluate` params (run configurations: submission, a model spec per role, options), validated, and the rows a run uses.
- `protocol`: what a run was evaluated under (full / smoke / custom), the reference simulator, comparability.
- `seeds`: trial seeds derived from (seed, trial, role).
- `session`: THE evaluation path: servers, models per role, agent factory, store, RunSpec.
- `metrics`: accuracy, precision, recall, F1, turns, split cost, termination mix, per-trial figures, bootstrap intervals.
- `audit`: probes of the simulated user's faithfulness.
- `submissions`: manifests, and importing a submission folder as a package.
- `install`: submission folder checks, installing and queueing.
- `smoke`: the one-dialog smoke test before a submission is queued.
- `worker`: the queue worker.
"""
