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
- `errors`: what a host raises during a dialog (`AgentFault`, `AgentInfraError`, `BudgetExceeded`).
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "Agent": "api",
    "AgentContext": "api",
    "Dialog": "types",
    "DialogBudget": "types",
    "OpportunityBrief": "types",
    "question_limit": "types",
    "dialog_from_wire": "wire",
    "dialog_to_wire": "wire",
    "ProcessAgent": "host",
    "check_loads": "host",
    "request_problem": "request_bounds",
    "MAX_ENUM": "request_bounds",
    "Manifest": "manifest",
    "SubmissionError": "manifest",
    "import_submission_module": "manifest",
    "load_entry": "manifest",
    "load_manifest": "manifest",
    "scaffold_agent": "scaffold",
    "AgentFault": "errors",
    "AgentInfraError": "errors",
    "BudgetExceeded": "errors",
}



def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = sorted(_EXPORTS)
