"""Patience: a persona attribute (questions answered before the household leaves), named by a
protocol (params `simulator_mode.patience`), ending the dialog `patience_spent` when spent; set
below what a typical household's programs need (the checkers' traces: the rows' needed facts);
protocols and labels without it are as before."""
from __future__ import annotations

import statistics
from dataclasses import replace

import pytest

from checkers import registry
from eligibench.datasets import balanced_interests, build_row
from eligibench.datasets.population import load_population, sample_households
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.run import DatasetUse, Protocol, run_dialog
from eligibench.evaluation.user import PERSONAS, SimulatedUser, SimulatorMode, patience_of, read_mode
from eligibench.household import household, render_profile
from eligibench.results import PATIENCE_SPENT, READY, TERMINATION_WORDS, TERMINATIONS
from eligibench.truth import traced_checkers
from tests.evaluation.doubles import ExtractiveUserModel, ScriptedAgent

HH = household({"name": "Ana Ruiz", "age": 34}, {"name": "Leo Ruiz", "relation": "child", "age": 4})
BRIEFS = [OpportunityBrief("IDNYC", "IDNYC", "Lives in NYC and is 10 or older."),
          OpportunityBrief("SummerMeals", "Summer Meals", "Anyone 18 or younger.")]
LABELS = {"IDNYC": True, "SummerMeals": True}


def _protocol(**kw) -> Protocol:
    return Protocol({"diverse": DatasetUse("dv-x", 2, 68)}, 4, 1, "grounded:lexical/template", False, "embedded", **kw)


def test_every_persona_has_a_patience_and_cooperative_answers_without_limit():
    assert patience_of("cooperative") is None
    assert patience_of("typical") == PERSONAS["typical"].patience == 12
    assert patience_of(PERSONAS["hard"]) == 6 < patience_of("typical")
    with pytest.raises(ValueError, match="patience"):
        replace(PERSONAS["typical"], patience=0)


def test_params_name_the_patience_a_number_or_the_personas_own():
    assert read_mode({"mode": "grounded", "patience": 8}).patience == 8
    assert read_mode({"mode": "grounded", "persona": "typical", "patience": "persona"}).patience == 12
    assert read_mode({"mode": "grounded"}).patience is None
    for raw, words in (({"mode": "grounded", "patience": "persona"}, "has no patience"),
                       ({"mode": "free-form", "patience": 8}, "needs mode grounded"),
                       ({"mode": "grounded", "patience": 0}, "whole number"),
                       ({"mode": "grounded", "patience": True}, "whole number")):
        with pytest.raises(ParamsError, match=words):
            read_mode(raw)


def test_the_label_carries_the_patience_only_when_named_and_reads_back():
    assert SimulatorMode("grounded").label == "grounded:lexical/template"  # as before: same run ids
    mode = SimulatorMode("grounded", persona="typical", persona_seed=3, patience=12)
    assert mode.label == "grounded:lexical/template persona:typical/s3 patience:12"
    assert SimulatorMode.from_label(mode.label) == mode
    assert SimulatorMode.from_label("grounded:lexical/template patience:8").patience == 8
    assert patience_of(mode) == 12


def test_a_protocol_names_its_patience_and_one_without_hashes_as_before():
    before = _protocol()
    assert "patience" not in before.to_json() and patience_of(before.to_json()) is None
    assert _protocol(patience=None).protocol_id == before.protocol_id
    named = _protocol(patience=12)
    assert named.to_json()["patience"] == 12 and patience_of(named) == patience_of(named.to_json()) == 12
    assert named.protocol_id != before.protocol_id and "patience 12 questions" in named.differences()


def test_the_dialog_ends_when_the_patience_is_spent_with_a_termination_of_its_own():
    assert PATIENCE_SPENT in TERMINATIONS and PATIENCE_SPENT in TERMINATION_WORDS
    limits = []

    class Watching(ScriptedAgent):
        def ask(self, dialog):
            limits.append(dialog.limit)
            return super().ask(dialog)

    user = SimulatedUser(ExtractiveUserModel(), render_profile(HH).text)
    r = run_dialog(Watching(ready_value=False), user, BRIEFS, LABELS, "r1", "diverse", patience=3)
    assert r.termination == PATIENCE_SPENT and len(r.turns) == 3 and r.predictions is not None
    assert set(limits) == {3}  # the agent is told how many questions it has
    ready = run_dialog(ScriptedAgent(questions=2), user, BRIEFS, LABELS, "r1", "diverse", patience=3)
    assert ready.termination == READY and len(ready.turns) == 2


def test_a_typical_household_cannot_be_fully_determined_within_its_patience():
    """From the checkers' traces: the facts a household's verdicts read (the rows' needed facts,
    all its programs together) against the typical persona's patience, on Representative-style
    households (population sample, 6-19 programs each)."""
    checkers = traced_checkers(registry())
    sampled = sample_households(16, 20261127, load_population())
    interests = balanced_interests(len(sampled), tuple(checkers), 6, 19, 20261127)
    needed = [len(set().union(*map(set, build_row(f"r{n}", "representative", hh, wanted, checkers,
                                                          flips=False).needed_facts)))
              for n, (hh, wanted) in enumerate(zip(sampled, interests))]
    typical, hard = patience_of("typical"), patience_of("hard")
    assert statistics.median(needed) > 2 * typical
    # 13 of these 16 need more than 12 facts (published rows: 98.5% of Diverse, 96% of Representative)
    assert sum(n > typical for n in needed) / len(needed) >= 0.75
    assert all(n > hard for n in needed)
