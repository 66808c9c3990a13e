"""What one evaluation run produces, as stored: the run's identity (RunSpec), each dialog's
result (DialogResult) and its turns (Turn), and the termination reasons a dialog can end with.
The evaluation package produces these; the store writes and reads them; metrics score them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

# Every dialog ends with exactly one of these.
READY = "ready"  # the agent said READY and predicted
TURN_LIMIT = "turn_limit"  # limit reached; the agent was asked to predict
AGENT_ERROR = "agent_error"  # exception, timeout, or invalid output from the agent: scored as wrong
USER_ERROR = "user_error"  # the simulated user failed on valid input (its model answered badly)
INFRA_ERROR = "infrastructure_error"  # the harness's endpoint down after retries: not scored, retried
BUDGET_EXCEEDED = "budget_exceeded"  # the dialog spent its model calls, tokens or wall time: scored as wrong
# the household's patience ran out (a protocol that names one): it left; the agent was asked to predict
PATIENCE_SPENT = "patience_spent"
TERMINATIONS = (READY, TURN_LIMIT, AGENT_ERROR, USER_ERROR, INFRA_ERROR, BUDGET_EXCEEDED, PATIENCE_SPENT)
SCORED_TERMINATIONS = (READY, TURN_LIMIT, AGENT_ERROR, USER_ERROR, BUDGET_EXCEEDED, PATIENCE_SPENT)

# How a run's agents were isolated (runs.isolation; evaluation.hosting.isolation decides it).
JAILED = "bubblewrap"  # every agent process ran inside the bubblewrap jail
UNJAILED = "none (reference agent)"  # a reference agent shipped in the repository ran without it
# your own folder (not a submission) evaluated where bubblewrap is missing: a development run, never ranked
DEVELOPMENT = "none (development)"
NO_AGENT_PROCESS = "none (a person played the agent)"  # play mode: no agent code ran at all
# an agent reached over A2A (docs/agent-services.md): it ran elsewhere, so nobody saw or jailed its code
SERVICE_NOT_INSPECTED = "service: code not inspected"
# a run imported from an Inspect log (benyfits import-inspect): the model ran in Inspect on the
# importer's machine, never in this harness's jail; we only replayed its recorded dialogs
INSPECT_NOT_RUN_HERE = "inspect: not run here"
ISOLATIONS = (JAILED, UNJAILED, DEVELOPMENT, NO_AGENT_PROCESS, SERVICE_NOT_INSPECTED, INSPECT_NOT_RUN_HERE)



@dataclass(frozen=True)
class Turn:
    question: str
    answer: str
    question_latency_s: float = 0.0
    answer_latency_s: float = 0.0
    prompt_tokens: int = 0  # simulated user's tokens for this answer
    completion_tokens: int = 0
    cached_tokens: int | None = None


@dataclass(frozen=True)
class DialogResult:
    row_id: str  # dataset row (household) id
    dataset: str
    trial: int
    turns: tuple[Turn, ...]
    predictions: Mapping[str, bool] | None  # None when the agent gave none (error)
    labels: Mapping[str, bool]
    termination: str
    error: str | None = None
    wall_s: float = 0.0
    agent_calls: int = 0  # LLM calls the agent reported
    agent_prompt_tokens: int = 0
    agent_completion_tokens: int = 0
    user_calls: int = 0
    user_prompt_tokens: int = 0
    user_completion_tokens: int = 0
    user_cached_tokens: int = 0
    # grounded simulator only: (turn idx, fact key, value) of every fact an answer disclosed, and
    # (turn idx, how the answer was made: template / model / model rejected ...; template used)
    turn_facts: tuple[tuple[int, str, Any], ...] = ()
    answer_methods: tuple[tuple[int, str], ...] = ()
    # the agent's notes beside each question (Agent.notes()), as (turn idx, JSON text)
    agent_notes: tuple[tuple[int, str], ...] = ()
    # the program the agent says to apply to first (Agent.recommend): an opportunity id or "none";
    # None when the agent made no recommendation (scored on everything else)
    recommendation: str | None = None

    @property
    def scored(self) -> bool:
        return self.termination in SCORED_TERMINATIONS

    def predicted(self, opportunity: str) -> bool | None:
        """The prediction for one opportunity; None counts as wrong when scoring."""
        if self.predictions is None:
            return None
        return self.predictions.get(opportunity)


@dataclass(frozen=True)
class RunSpec:
    """A resolved run's stored form: what identifies it (its digest is the run id: same spec, same
    run, and a resumed run fills it in) and what the store's `runs` row records.

    Built from the resolved run in exactly one function, `evaluation.run.run_identity` (play and
    the Inspect log import start from its result and add what makes theirs another run). It stays
    a type of its own, in the store's package, because the store is an earlier phase than
    evaluation: it reads and writes runs without importing evaluation code
    (tests/test_architecture.py), and a stored run must read back without the params, manifest
    and datasets it was resolved from. Its fields are the identity's, not a copy of the run's
    settings: where a run executes (executor, concurrency, store, isolation) is deliberately
    absent, so the same inputs give the same id (tests/evaluation/test_run_id_pins.py)."""

    submission: str
    agent_models: Mapping[str, str]  # role -> model name, as the manifest declares
    simulator: str  # simulated user: backend:model@temperature/seed
    params: Mapping[str, object]
    data_version: str
    datasets: tuple[str, ...]
    trials: int = 1
    extra: Mapping[str, object] = field(default_factory=dict)
    # Recorded in their own columns (the results contract). The run id covers the fields above
    # (session.py puts the configuration name in `extra`, role specs and trial seeds in `params`)
    # plus protocol_id, so a run's stored protocol can never disagree with its id.
    run_config: str = ""  # the run configuration's name (params.yaml evaluate.runs)
    role_models: Mapping[str, str] = field(default_factory=dict)  # role -> model label
    protocol_id: str = ""  # evaluation.protocol.protocol_id(protocol)
    protocol: Mapping[str, object] = field(default_factory=dict)  # evaluation.run.Protocol.to_json()
