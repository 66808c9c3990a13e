"""Agent hosting: the contract a submission implements and the harness side that runs it.

An agent runs in its own process (`worker`), jailed by bubblewrap (`isolation`), and talks to the
harness over JSON lines (`wire`); `host.ProcessAgent` is the harness's handle on it and makes
every model call for it. `manifest` reads a submission folder (manifest.yaml) and imports its code
as a package of its own.

Modules:
- `api`: the Agent contract submissions implement (`Agent`, `AgentContext`).
- `types`: what an agent is told (`OpportunityBrief`, `Dialog`), question limits, `DialogBudget`.
- `wire`: dialogs as JSON over the agent process's pipe.
- `request_bounds`: what an agent may forward to a shared model server (schema size, enum length, nesting, repetition).
- `host`: `ProcessAgent`, the harness side of an agent in its own process; budgets; model calls on its behalf.
- `worker`: the agent process itself (`python -m eligibench.evaluation.hosting.worker`); its models are proxies.
- `isolation`: the bubblewrap jail (no network, read-only, non-root, only its own folder).
- `manifest`: submission manifests, and importing a submission folder as a package.
- `scaffold`: `benyfits new-agent`: a working agent folder from a template.
- `service`: `ServiceAgent`, the other agent host: an agent running elsewhere, reached over A2A.
- `service_wire`: the structured part a service and the harness exchange (docs/agent-services.md).
- `url_policy`: which service URLs are well-formed, and which addresses the operator's worker may reach.
- `recommend`: the optional recommendation after PREDICT (`Agent.recommend`), checked in one place.
- `errors`: what a host raises during a dialog (`AgentFault`, `AgentInfraError`, `BudgetExceeded`).
"""
from __future__ import annotations

# `isolation` is exported as a namespace: its names (BUBBLEWRAP, UNJAILED, isolation_for) read as isolation.X
from eligibench.evaluation.hosting import isolation
from eligibench.evaluation.hosting.api import Agent, AgentContext
from eligibench.evaluation.hosting.errors import AgentFault, AgentInfraError, BudgetExceeded
from eligibench.evaluation.hosting.host import ProcessAgent, check_loads
from eligibench.evaluation.hosting.manifest import (
    Manifest,
    SubmissionError,
    import_submission_module,
    load_entry,
    load_manifest,
    write_service_manifest,
)
from eligibench.evaluation.hosting.recommend import NONE as NO_RECOMMENDATION
from eligibench.evaluation.hosting.recommend import check_recommendation, recommendation_of
from eligibench.evaluation.hosting.request_bounds import MAX_ENUM, request_problem
from eligibench.evaluation.hosting.scaffold import scaffold_agent
from eligibench.evaluation.hosting.service import ServiceAgent, ServiceUnreachable, fetch_card
from eligibench.evaluation.hosting.service_wire import MEDIA_TYPE as SERVICE_MEDIA_TYPE
from eligibench.evaluation.hosting.types import Dialog, DialogBudget, OpportunityBrief, question_limit
from eligibench.evaluation.hosting.url_policy import (
    ServiceAddressRefused,
    ServicePolicy,
    ServiceURLError,
    active,
    enforced,
    policy_from_params,
)
from eligibench.evaluation.hosting.wire import dialog_from_wire, dialog_to_wire

__all__ = [
    "NO_RECOMMENDATION",
    "check_recommendation",
    "recommendation_of",
    "Agent",
    "AgentContext",
    "AgentFault",
    "AgentInfraError",
    "BudgetExceeded",
    "Dialog",
    "DialogBudget",
    "MAX_ENUM",
    "Manifest",
    "OpportunityBrief",
    "ProcessAgent",
    "SERVICE_MEDIA_TYPE",
    "ServiceAddressRefused",
    "ServiceAgent",
    "ServicePolicy",
    "ServiceURLError",
    "ServiceUnreachable",
    "SubmissionError",
    "check_loads",
    "dialog_from_wire",
    "dialog_to_wire",
    "active",
    "enforced",
    "fetch_card",
    "import_submission_module",
    "isolation",
    "load_entry",
    "load_manifest",
    "policy_from_params",
    "question_limit",
    "request_problem",
    "scaffold_agent",
    "write_service_manifest",
]
