"""Which opportunities each Representative household asks about: a balanced assignment.

The paper assigns each opportunity of the pool equally often (82 opportunities x 3 = 246 pairs
over 25 households). `balanced_interests` does that for any pool, household count and size
range, deterministically from the seed:

1. household sizes: everyone starts at `lo`; the remaining pairs go one at a time to a random
   household still below `hi` (with `per_opportunity` unset, sizes are uniform in [lo, hi]);
2. a random order of the pool, repeated, is cut into consecutive windows of those sizes: a
   window no longer than the pool holds no opportunity twice, and every opportunity appears
   floor or ceil(total / pool) times (exactly `per_opportunity` times when it is set);
3. random swaps between households (a for b when neither household has the other's) mix the
   windows so that which opportunities share a household is not tied to the order; a swap keeps
   every count and every size.
"""
from __future__ import annotations

import random
from typing import Sequence

from eligibench.errors import ParamsError

SWAPS_PER_PAIR = 20  # mixing: random swap attempts per assigned pair


def household_sizes(n: int, lo: int, hi: int, total: int | None, rng: random.Random) -> list[int]:
    if total is None:
        return [rng.randint(lo, hi) for _ in range(n)]
    if not n * lo <= total <= n * hi:
        raise ParamsError(f"representative: {total} pairs cannot be spread over {n} households of "
                          f"{lo}-{hi} opportunities each (needs {n * lo}-{n * hi})")
    sizes = [lo] * n
    open_ = [i for i in range(n) if sizes[i] < hi]
    for _ in range(total - n * lo):
        i = rng.choice(open_)
        sizes[i] += 1
        if sizes[i] == hi:
            open_.remove(i)
    return sizes


def balanced_interests(n: int, pool: Sequence[str], lo: int, hi: int, seed: int,
                       per_opportunity: int | None = None) -> list[list[str]]:
    """n sorted interest lists; each opportunity used equally often (+-1; exactly
    `per_opportunity` times when given), each list lo..hi long, no repeats within a list."""
    pool = list(dict.fromkeys(pool))
    if not pool or n < 1:
        raise ParamsError("representative: the pool and the household count must not be empty")
    if not 1 <= lo <= hi <= len(pool):
        raise ParamsError(f"representative: opportunities per household {lo}-{hi} must lie in 1-{len(pool)} (the pool)")
    rng = random.Random(f"interests/{seed}")
    total = None if per_opportunity is None else per_opportunity * len(pool)
    sizes = household_sizes(n, lo, hi, total, rng)
    order = pool[:]
    rng.shuffle(order)
    households: list[list[str]] = []
    at = 0
    for size in sizes:
        households.append([order[(at + j) % len(order)] for j in range(size)])
        at += size
    members = [set(h) for h in households]
    for _ in range(SWAPS_PER_PAIR * at):
        h1, h2 = rng.randrange(n), rng.randrange(n)
        if h1 == h2:
            continue
        i, j = rng.randrange(len(households[h1])), rng.randrange(len(households[h2]))
        a, b = households[h1][i], households[h2][j]
        if a == b or b in members[h1] or a in members[h2]:
            continue
        households[h1][i], households[h2][j] = b, a
        members[h1].symmetric_difference_update((a, b))
        members[h2].symmetric_difference_update((a, b))
    return [sorted(h) for h in households]
