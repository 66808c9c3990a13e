"""The fuzzer's second pass (eligibench.datasets.unread): the features no checker reads for a member
are drawn from the population model. Measured, not guessed: checkers run with members that record
every read; a feature no checker read cannot change a trace, so every checker's trace (and so the
Diverse coverage) is the same with and without the pass, while the unread part of each person
follows the population (no 60-year-old who aged out of foster care by a coin flip)."""
from __future__ import annotations

import random
import types

import pytest

import checkers
from checkers.editions import edition_registry
from eligibench.datasets import (
    every_edition_checker,
    features_read,
    fuzz_households,
    redraw_unread,
    thresholds_from_checkers,
    v1_form,
)
from eligibench.datasets.population import load_population
from eligibench.household import consistency as cons
from eligibench.household import household, member_to_dict
from eligibench.truth import traced_checkers

N = 150


@pytest.fixture(scope="module")
def thresholds():
    return thresholds_from_checkers(checkers.registry().values())


@pytest.fixture(scope="module")
def pair(thresholds):
    """The same fuzz without and with the second pass (schema 2, so both editions can be traced)."""
    return (fuzz_households(N, 23, thresholds, feature_schema=2, readers=()),
            fuzz_households(N, 23, thresholds, feature_schema=2))


def _traces(households, registry) -> list[list[tuple[bool, frozenset[int]]]]:
    traced = traced_checkers(registry)
    out = []
    for h in households:
        out.append([(t.eligible, t.lines) for t in (c.run(h) for c in traced.values())])
    return out


def test_features_read_records_exactly_what_a_checker_reads():
    mod = types.SimpleNamespace(check=lambda hh: hh.members[1].age > 10 and hh.members[1].is_runaway)
    hh = household({"age": 40}, {"relation": "sibling", "age": 16, "high_school_equivalent": cons.NO_DIPLOMA})
    assert features_read(hh, [mod]) == [set(), {"age", "is_runaway"}]
    assert features_read(hh, []) == [set(), set()]


def test_every_edition_checker_holds_both_editions_once():
    mods = every_edition_checker()
    names = [m.__name__ for m in mods]
    assert len(names) == len(set(names))
    assert set(checkers.registry().values()) <= set(mods)
    assert set(edition_registry("2026-08").values()) <= set(mods)


def test_second_pass_keeps_every_trace_of_both_editions(pair):
    base, redrawn = pair
    assert base != redrawn  # the pass changed something...
    v1 = [v1_form(h) for h in base], [v1_form(h) for h in redrawn]
    assert _traces(v1[0], checkers.registry()) == _traces(v1[1], checkers.registry())
    assert _traces(base, edition_registry("2026-08")) == _traces(redrawn, edition_registry("2026-08"))


def test_second_pass_keeps_the_rules_and_the_read_features(pair):
    base, redrawn = pair
    mods = every_edition_checker()
    assert [found for h in redrawn if (found := cons.violations(h))] == []  # each household checked once
    assert [found for h in redrawn if (found := cons.violations(v1_form(h)))] == []
    for a, b in zip(base, redrawn):
        reads = [x | y for x, y in zip(features_read(v1_form(a), mods), features_read(a, mods))]
        for ma, mb, read in zip(a.members, b.members, reads):
            assert {f: getattr(ma, f) for f in read} == {f: getattr(mb, f) for f in read}
            assert (ma.relation, ma.age, ma.sex, ma.name) == (mb.relation, mb.age, mb.sex, mb.name)


def test_unread_statuses_follow_the_population(pair):
    """Flags a coin gave half of everyone are, once unread, as rare as the population has them."""
    base, redrawn = pair
    def share(hhs, f, who):
        ms = [m for h in hhs for m in h.members if who(m)]
        return sum(bool(getattr(m, f)) for m in ms) / len(ms)
    adults = lambda m: m.age >= 25  # noqa: E731
    for f in ("foster_age_out", "arson", "verbal_abuse", "receives_vpsb", "acs", "recovering_from_surgery"):
        assert share(base, f, adults) > 0.2 and share(redrawn, f, adults) < 0.1, f
    # read by some checker for many members (Family Assessment): still fewer once unread ones follow the population
    assert share(redrawn, "struggles_to_relate", adults) < share(base, "struggles_to_relate", adults) / 2


def test_second_pass_deterministic_and_v1_is_the_v2_household_without_its_flags(thresholds):
    a = fuzz_households(40, 5, thresholds)
    b = fuzz_households(40, 5, thresholds, feature_schema=2)
    assert a == fuzz_households(40, 5, thresholds)
    assert [[member_to_dict(m) for m in h.members] for h in a] == [[member_to_dict(m) for m in h.members] for h in b]


def test_redraw_keeps_a_member_fuzzed_when_the_population_contradicts_a_read_feature():
    """A veteran's benefit a checker read keeps its service (KEEP_BASIS): the population would draw
    no service for most people, and repair would then clear the benefit the checker read."""
    hh = household({"age": 70, "va_healthcare": True, "conflict_veteran": True, "honorable_service": True})
    read = [{"age", "va_healthcare"}]
    out, redrawn = redraw_unread(random.Random(1), hh, read, load_population())
    assert redrawn == 1 and out.members[0].va_healthcare and out.members[0].conflict_veteran
    assert cons.violations(out) == []
