"""Issue 13: the sealed evaluation set. Built by the real fuzzer, coverage selection, population
sampler and checkers from a secret; a label-lookup agent that ships the published labels scores
100 on the published split and about chance on the sealed one."""
from __future__ import annotations

import json
import random

import pytest

from eligibench.datasets import sealed
from eligibench.evaluation.hosting import Agent, AgentContext, OpportunityBrief
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.scoring import score
from eligibench.evaluation.user import SimulatedUser
from tests.built_data import SEALED_2024_COUNT, SEALED_2024_SECRET, checkers_2024, sealed_2024
from tests.evaluation.doubles import ExtractiveUserModel

PUBLIC_STAND_IN = "published-split-stand-in-seed"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(the published split's stand-in, the sealed split): each built once per session (tests/built_data.py)."""
    return (sealed_2024(tmp_path_factory, PUBLIC_STAND_IN, SEALED_2024_COUNT),
            sealed_2024(tmp_path_factory, SEALED_2024_SECRET, SEALED_2024_COUNT))


class LabelLookup(Agent):
    """Ships the published split's labels, keyed by the opportunity list; guesses on a miss."""

    def __init__(self, context: AgentContext, table: dict, seed: int = 7):
        super().__init__(context)
        self.table, self.rng, self.hits = table, random.Random(seed), 0

    def start(self, opportunities):
        self.ids = tuple(o.id for o in opportunities)

    def ask(self, dialog):
        return "?"

    def ready(self, dialog):
        return True

    def predict(self, dialog):
        if self.ids in self.table:
            self.hits += 1
            return dict(zip(self.ids, self.table[self.ids]))
        return {i: self.rng.random() < 0.5 for i in self.ids}


class Coin(LabelLookup):
    def predict(self, dialog):
        return {i: self.rng.random() < 0.5 for i in self.ids}


def _f1(agent: Agent, rows) -> float:
    results = [run_dialog(agent, SimulatedUser(ExtractiveUserModel(), r.profile),
                          [OpportunityBrief(o, o, "") for o in r.opportunities], dict(zip(r.opportunities, r.labels)),
                          r.id, r.dataset) for r in rows]
    return score(results).f1


def test_label_lookup_scores_100_public_and_about_chance_sealed(built):
    public, secret = built
    for name in ("diverse", "representative"):
        table = {r.opportunities: r.labels for r in public[name]}
        lookup = LabelLookup(AgentContext(), table)
        assert _f1(lookup, public[name]) == pytest.approx(100.0)
        lookup_sealed = LabelLookup(AgentContext(), table)
        sealed_f1 = _f1(lookup_sealed, secret[name])
        chance = _f1(Coin(AgentContext(), {}, seed=8), secret[name])
        print(f"{name}: lookup public 100.0, lookup sealed {sealed_f1:.1f} ({lookup_sealed.hits} hits of "
              f"{len(secret[name])}), coin flip sealed {chance:.1f}")
        assert lookup_sealed.hits <= len(secret[name]) // 10
        assert abs(sealed_f1 - chance) < 15


def test_sealed_set_is_built_like_the_public_one(built):
    public, secret = built
    for name in ("diverse", "representative"):
        a, b = public[name], secret[name]
        assert {r.id for r in a} != set() and {r.household.size for r in b}
        assert {tuple(r.opportunities) for r in a}.isdisjoint({tuple(r.opportunities) for r in b}) or name == "representative"
        rate = lambda rows: sum(sum(r.labels) for r in rows) / sum(len(r.labels) for r in rows)  # noqa: E731
        assert abs(rate(a) - rate(b)) < 0.15  # as hard as the public one
    assert len(secret["representative"]) == len(public["representative"])
    assert abs(len(secret["diverse"]) - len(public["diverse"])) <= 0.3 * len(public["diverse"])


def test_manifest_publishes_no_household_label_or_opportunity(built):
    _, secret = built
    m = sealed.manifest(secret["secret"], {n: secret[n] for n in ("diverse", "representative")},
                        {"diverse": secret["report"]})
    text = json.dumps(m)
    assert m["split"] == "sealed" and m["round"] == "1"
    d = m["datasets"]["diverse"]
    assert d["households"] == len(secret["diverse"]) and len(d["row_hashes"]) == d["households"]
    assert d["coverage"]["elements_covered"] == secret["report"]["elements_covered"]
    assert 0 < d["positive_rate"] < 1 and d["data_version"].startswith("dv-")
    for r in secret["diverse"][:5]:
        assert r.profile[:40] not in text and json.dumps(list(r.opportunities)) not in text
    assert sealed.row_hash(secret["diverse"][0]) in d["row_hashes"]
    assert "the-real-secret" not in text and "the-real-secret" not in repr(secret["secret"])


def test_seeds_come_from_the_secret_and_round(monkeypatch, tmp_path):
    with pytest.raises(sealed.SealedSeedMissing, match="BENYFITS_SEALED_SEED"):
        sealed.read_secret({})
    with pytest.raises(sealed.SealedSeedMissing, match="at least 16"):
        sealed.read_secret({"BENYFITS_SEALED_SEED": "short"})
    f = tmp_path / "seed"
    f.write_text("from-a-file-0123456789\n")
    a = sealed.read_secret({"BENYFITS_SEALED_SEED_FILE": str(f)})
    b = sealed.read_secret({"BENYFITS_SEALED_SEED": "from-a-file-0123456789", "BENYFITS_SEALED_ROUND": "2"})
    assert a.seed("households") != b.seed("households")  # rotating the round gives a fresh set
    assert a.seed("households") == sealed.read_secret({"BENYFITS_SEALED_SEED": "from-a-file-0123456789"}).seed("households")
    assert a.seed("households") != a.seed("representative")


def test_sealed_rows_are_written_privately_and_read_back(built, tmp_path):
    _, secret = built
    datasets = {n: secret[n] for n in ("diverse", "representative")}
    folder = sealed.write(tmp_path, secret["secret"], datasets, sealed.manifest(secret["secret"], datasets))
    assert folder == tmp_path / "data" / "sealed" / "1"  # under data/: hidden from agents, git-ignored
    back = sealed.load_rows(tmp_path, "1")
    assert [r.id for r in back["diverse"]] == [r.id for r in secret["diverse"]]
    assert (tmp_path / "reports" / "sealed" / "1.json").is_file()
    with pytest.raises(Exception, match="python -m stages.sealed"):
        sealed.load_rows(tmp_path, "2")


def test_every_published_pair_has_a_verified_flip_field(built):
    """Item 8 of issue 19 over whole built datasets: each flip, applied, flips the verdict (re-run);
    each pair without one has no one-feature flip either."""
    from eligibench.datasets import unverified_flips

    checkers = checkers_2024()[1]
    rows = built[0]["diverse"] + built[0]["representative"]
    assert all(len(r.flips) == len(r.opportunities) for r in rows)
    assert unverified_flips(rows, checkers) == []
    flips = [json.loads(f) for r in rows for f in r.flips if f]
    assert len(flips) > len(rows)  # most pairs have one
    assert all(f["feature"] not in ("age", "sex", "relation") and f["condition"] for f in flips)
