"""Trial seeds: trial k of a run samples with seeds derived from (run seed, k, role), so trials
are replicates (different samples) yet the same params give the same seeds."""
from __future__ import annotations

import hashlib
from typing import Iterable

SIMULATOR = "simulator"  # the simulated user's role name in the seed table
AGENT = "agent"  # the agent's own seed (AgentContext.seed, e.g. the random baseline)


def trial_seed(seed: int, trial: int, role: str) -> int:
    """A 31-bit seed for one role in one trial (stable across Python versions and machines)."""
    digest = hashlib.sha256(f"{seed}/{trial}/{role}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def seed_table(seed: int, trials: int, roles: Iterable[str]) -> dict[str, dict[str, int]]:
    """{trial (as a string, for JSON): {role: seed}} for the simulator, the agent and each model role."""
    names = [SIMULATOR, AGENT, *sorted(set(roles) - {SIMULATOR, AGENT})]
    return {str(k): {r: trial_seed(seed, k, r) for r in names} for k in range(trials)}
