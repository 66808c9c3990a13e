"""AWARE-US-style preference pairs (`trajectories.priority_records`, `export-trajectories --format
dpo --prefer priorities`): where two runs' dialogs with one household first ask about different
programs, the question about the more important program is chosen; questions that told no needed
fact (the roster, "what matters most?") are skipped, equal weights make no pair."""
from __future__ import annotations

from eligibench.evaluation.scoring import Household
from eligibench.results import DialogResult, Turn
from eligibench.training import trajectories as T

HH = Household({"a": 0.6, "b": 0.3, "c": 0.1},
               {"a": frozenset({"m0.age"}), "b": frozenset({"m0.income"}), "c": frozenset({"m0.disabled"})})
LABELS = {"a": True, "b": False, "c": True}


def _source(run):
    return T.Source(run, "train", {"patience": 4}, {})


def _dialog(questions_facts):
    turns = tuple(Turn(q, f"answer to {q}") for q, _ in questions_facts)
    facts = tuple((i, k, 1) for i, (_, ks) in enumerate(questions_facts) for k in ks)
    return DialogResult("h1", "train", 0, turns, dict(LABELS), dict(LABELS), "patience_spent", turn_facts=facts)


def test_the_question_about_the_more_important_program_is_chosen():
    aware = _dialog([("What matters most?", ()), ("Who lives with you?", ()), ("Ages?", ("m0.age",))])
    plain = _dialog([("Who lives with you?", ()), ("Disabled?", ("m0.disabled",)), ("Ages?", ("m0.age",))])
    [pair] = T.priority_records([(_source("plain"), plain), (_source("aware"), aware)], {("train", "h1"): HH})
    assert pair["chosen"] == [{"role": "assistant", "content": "Ages?"}]
    assert pair["rejected"] == [{"role": "assistant", "content": "Disabled?"}]
    assert (pair["chosen_run_id"], pair["rejected_run_id"], pair["turn"]) == ("aware", "plain", 2)
    assert pair["chosen_weight"] == 0.6 and pair["rejected_weight"] == 0.1
    # the prompt is the chosen dialog so far: the system message, then its two fact-less turns
    assert [m["content"] for m in pair["prompt"][1:]] == ["What matters most?", "answer to What matters most?",
                                                           "Who lives with you?", "answer to Who lives with you?"]


def test_the_same_questions_equal_weights_or_one_run_make_no_pair():
    one = _dialog([("Ages?", ("m0.age",))])
    same = _dialog([("How old is everyone?", ("m0.age",))])  # another wording, the same program
    assert T.priority_records([(_source("x"), one), (_source("y"), same)], {("train", "h1"): HH}) == []
    assert T.priority_records([(_source("x"), one), (_source("x"), _dialog([("Disabled?", ("m0.disabled",))]))],
                              {("train", "h1"): HH}) == []
