"""Exact needed facts: the decisive condition's facts are always among a verdict's needed facts
(the stored ones of every pair, and the ones the page lists), facts read inside helpers are
listed, and "asked, answered I don't know" is a state of its own."""
from __future__ import annotations

from checkers.editions import explained_checker
from eligibench.datasets import dataset_path, read_parquet
from eligibench.household import ALWAYS_KNOWN
from leaderboard.board import asked_unknown
from leaderboard.verdict_reasons import DialogFacts, GroundTruth, render_reasons, traced_checker


def _rows(folder):
    return [r for d in ("diverse", "representative") for r in read_parquet(dataset_path(folder, d))]


def test_every_pairs_decisive_facts_are_in_its_needed_facts(lb_dataset):
    pairs = 0
    for row in _rows(lb_dataset):
        assert row.needed_facts, "the dataset stores needed facts per pair"
        for oid, stored in zip(row.opportunities, row.needed_facts):
            decisive = set(explained_checker(oid).explain(row.household).facts)
            _, reads = traced_checker(oid).run_reads(row.household)
            # m0.relation is known without asking (the person answering is 'self'): never stored
            assert decisive - ALWAYS_KNOWN <= set(stored), (row.id, oid, decisive - set(stored))
            assert decisive <= reads, (row.id, oid, decisive - reads)
            pairs += 1
    assert pairs > 10


def test_the_page_lists_helper_reads_and_the_decisive_facts_first(lb_dataset):
    row = _rows(lb_dataset)[0]
    reasons = GroundTruth(lb_dataset).reasons(row.dataset, row.id, list(row.opportunities))
    helper_reads = 0
    for r in reasons:
        _, reads = traced_checker(r.opportunity).run_reads(row.household)
        assert set(r.needed) == set(r.explanation.facts) | reads
        assert r.needed[:len(r.explanation.facts)] == tuple(dict.fromkeys(r.explanation.facts))
        helper_reads += len(reads - set(r.explanation.facts))
    assert helper_reads > 0  # some verdicts read facts no condition of the checker's own file names


def test_asked_and_unknown_is_its_own_state(lb_dataset):
    row = _rows(lb_dataset)[0]
    reasons = GroundTruth(lb_dataset).reasons(row.dataset, row.id, list(row.opportunities))
    r = next(x for x in reasons if any(k.endswith(".age") for k in x.needed))
    age = next(k for k in r.needed if k.endswith(".age"))
    turns = [{"idx": 0, "question": "How old is everyone in the household?", "answer": "I don't know."}]
    unknown = asked_unknown(row, turns, {0: {"verdict": "dont_know"}})
    assert age in unknown
    page = render_reasons([r], {r.opportunity: r.label}, DialogFacts(frozenset(), True, {}, unknown))
    assert "asked, answered “I don't know”" in page
