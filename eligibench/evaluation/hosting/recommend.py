"""The optional recommendation an agent makes after PREDICT: read and checked in one place (the
dialog loop, the Inspect task and the Gymnasium environment use it)."""
from __future__ import annotations

from typing import Sequence

from eligibench.evaluation.hosting.errors import AgentFault

NONE = "none"  # "no program is worth applying to": gold when the household is eligible for none


def check_recommendation(raw: object, ids: Sequence[str]) -> str | None:
    """`raw` as stored: None (no recommendation), an opportunity id of the dialog, or "none".
    Anything else is the agent's fault, named in one line."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise AgentFault(f"recommend returned {type(raw).__name__}, expected an opportunity id, \"none\" or null")
    if raw == NONE or raw in ids:
        return raw
    raise AgentFault(f"recommend returned {raw[:80]!r}: expected one of the dialog's opportunities "
                     f"{list(ids)[:8]}{' ...' if len(ids) > 8 else ''} or \"none\"")


def recommendation_of(agent, dialog, ids: Sequence[str]) -> str | None:
    """Ask the agent for its recommendation (the optional `Agent.recommend`) and check it. An agent
    built before the hook existed (no `recommend` attribute) makes none."""
    hook = getattr(agent, "recommend", None)
    return None if hook is None else check_recommendation(hook(dialog), ids)
