"""Households that reach every condition of a checker, for the tests that render each condition.

Fuzzed households (dense around the checkers' thresholds) reach about 96% of the 2024 checkers'
conditions; the rest sit behind several member conditions at once (Learn & Earn asks a
16-to-21-year-old NYC high-school junior with an SSN and work authorization before its needs).
`reaching` closes the gap by flipping conditions: from a household that stops at a condition on a
member feature, it tries that feature's other values (as the fuzzed pool has them) for that member
and keeps any household that reaches a condition not reached before, deepest first."""
from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any, Iterable, Sequence

from eligibench.household import Household


def feature_values(households: Iterable[Household]) -> dict[str, list[Any]]:
    """Every value each member feature takes in `households` (the domain the search tries)."""
    out: dict[str, set] = {}
    for hh in households:
        for m in hh.members:
            for k in (f.name for f in fields(m)):
                v = getattr(m, k)
                if k not in ("name", "relation") and not isinstance(v, (list, dict, set)):
                    out.setdefault(k, set()).add(v)
    return {k: sorted(v, key=repr) for k, v in out.items()}


def reaching(checker, pool: Sequence[Household], values: dict[str, list[Any]], budget: int = 8000
             ) -> dict[int, Household]:
    """Condition line -> a household whose run evaluates it (every line reachable within `budget`
    checker runs)."""
    reached: dict[int, Household] = {}
    for hh in pool:
        for e in checker.events(hh)[1]:
            reached.setdefault(e.line, hh)
    todo = [h for h in dict.fromkeys(reached.values())]
    seen: set[frozenset[int]] = set()
    runs = 0
    while set(checker.tests) - set(reached) and todo and runs < budget:
        hh = todo.pop()  # deepest (most recently found) first
        _, events = checker.events(hh)
        depth = {x.line for x in events}
        for e in reversed(events):
            # the member features this condition read (helpers included): try their other values
            for key in e.reads:
                m = re.fullmatch(r"m(\d+)\.(\w+)", key)
                if not m or m[2] not in values:
                    continue
                who, feature = int(m[1]), m[2]
                domain = values[feature]
                step = max(1, len(domain) // 12)  # a dozen values spread over the domain
                for v in domain[::step]:
                    runs += 1
                    members = list(hh.members)
                    try:
                        members[who] = replace(members[who], **{feature: v})
                        candidate = Household(tuple(members))
                    except Exception:  # noqa: BLE001 - a combination the schema refuses
                        continue
                    lines = frozenset(x.line for x in checker.events(candidate)[1])
                    for line in lines - set(reached):
                        reached[line] = candidate
                    if lines - depth and lines not in seen:  # a path not walked before: go on from it
                        seen.add(lines)
                        todo.append(candidate)
    return reached
