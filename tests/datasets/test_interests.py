"""Balanced Representative assignment (eligibench/datasets/interests.py, stage representative)."""
from collections import Counter

import pytest
import yaml

from eligibench.datasets import RepresentativeParams, balanced_interests
from eligibench.errors import ParamsError

POOL = [f"opp{i:02d}" for i in range(82)]


def test_paper_setting_gives_246_pairs_each_opportunity_three_times():
    hh = balanced_interests(25, POOL, 6, 19, seed=20250202, per_opportunity=3)
    assert len(hh) == 25
    assert sum(len(h) for h in hh) == 246
    counts = Counter(o for h in hh for o in h)
    assert set(counts) == set(POOL) and set(counts.values()) == {3}
    assert all(6 <= len(h) <= 19 for h in hh)
    assert all(len(set(h)) == len(h) and h == sorted(h) for h in hh)


@pytest.mark.parametrize("n,lo,hi,pool_size,seed", [(25, 6, 19, 82, 1), (7, 1, 5, 10, 2), (40, 3, 3, 9, 3),
                                                     (3, 10, 12, 12, 4), (60, 2, 19, 82, 5)])
def test_without_a_fixed_count_every_opportunity_is_used_equally_often_within_one(n, lo, hi, pool_size, seed):
    pool = POOL[:pool_size]
    hh = balanced_interests(n, pool, lo, hi, seed)
    counts = Counter(o for h in hh for o in h)
    used = [counts.get(o, 0) for o in pool]
    assert max(used) - min(used) <= 1
    assert all(lo <= len(h) <= hi and len(set(h)) == len(h) for h in hh)


def test_deterministic_from_the_seed_and_mixed():
    a = balanced_interests(25, POOL, 6, 19, seed=7, per_opportunity=3)
    assert a == balanced_interests(25, POOL, 6, 19, seed=7, per_opportunity=3)
    assert a != balanced_interests(25, POOL, 6, 19, seed=8, per_opportunity=3)
    # the swaps break up the windows of one shuffled order: unmixed, 120-190 pairs of
    # opportunities share a household in all three of their assignments (measured over 5 seeds);
    # mixed, at most a handful do
    pairs = Counter((x, y) for h in a for i, x in enumerate(h) for y in h[i + 1:])
    assert sum(v == 3 for v in pairs.values()) <= 10


def test_impossible_settings_are_refused_with_the_numbers():
    with pytest.raises(ParamsError, match="246 pairs cannot be spread over 10 households of 6-19"):
        balanced_interests(10, POOL, 6, 19, seed=0, per_opportunity=3)
    with pytest.raises(ParamsError, match="must lie in 1-82"):
        balanced_interests(10, POOL, 6, 90, seed=0)


def test_params_read_per_opportunity_and_check_it_fits():
    base = yaml.safe_load(open("params.yaml"))
    p = RepresentativeParams.read(base, POOL)
    assert p.per_opportunity == 3 and p.count * p.opportunities_min <= 3 * len(POOL) <= p.count * p.opportunities_max
    bad = {**base, "representative": {**base["representative"], "per_opportunity": 9}}
    with pytest.raises(ParamsError, match="per_opportunity' is 9"):
        RepresentativeParams.read(bad, POOL)
