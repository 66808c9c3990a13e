"""Evaluation: agents question a simulated user; predictions are scored against checker labels.

tau2-bench's split: the agent side (`agent_api`, hosted by `agent_host` / `agent_worker`), the
user (`simulated_user`), the environment (`dialog_loop`, which enforces the protocol and limits),
the orchestrator (`runner`, `session`), then `metrics`.

Modules:
- `types`: what an agent is told (OpportunityBrief, Dialog) and the question limits.
- `agent_api`: the Agent contract submissions implement.
- `agent_wire`: dialogs as JSON over the agent process's pipe.
- `agent_host`: ProcessAgent, the host side of an agent in its own process.
- `agent_worker`: the agent process itself (`python -m eligibench.evaluation.agent_worker`); its models
  are proxies whose calls the host makes.
- `isolation`: the bubblewrap jail the agent process runs in (no network, read-only, non-root).
- `simulated_user`: the language model playing one household from its profile.
- `fact_select`: which household facts a question or answer is about (lexical and model selectors).
- `answer_check`: one answer checked against the facts its question concerns (numbers, yes/no).
- `grounded_user`: the grounded simulated user: select facts, state only those (template or verified model).
- `simulator_mode`: free-form or grounded (selector, answer), from params; the user for a row.
- `process`: process metrics per dialog and run, oracle bound, and the cause of each wrong pair.
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
