"""The Inspect task end to end with Inspect's mockllm (scripted to call the scaffold's tools): a
real small project, our real simulated user and checkers' labels, our scoring path."""
from __future__ import annotations

from pathlib import Path

import pytest

from eligibench.datasets import read_parquet
from eligibench.evaluation.inspect_task import MAX_BAD_SUBMITS, MAX_IDLE, dialog_from_json, figures
from eligibench.evaluation.scoring import score, turn_weighted_f1
from eligibench.evaluation.user import make_user, read_mode
from tests.evaluation.inspect_task.scripted import ask, opportunity_ids, run_task, say, small_project, submit

QUESTION = "How old is everyone in your household?"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return small_project(tmp_path_factory.mktemp("inspect"))


def _rows(project: Path) -> dict:
    [path] = sorted((project / "benyfits").rglob("diverse-*.parquet")) or sorted((project / "benyfits").rglob("*diverse*"))
    return {r.id: r for r in read_parquet(path)}


def _dialogs(log) -> list:
    return [dialog_from_json(next(iter(s.scores.values())).metadata["dialog"]) for s in log.samples]


def test_one_question_then_all_true(project: Path, tmp_path: Path) -> None:
    def policy(messages, n):
        return ask(QUESTION) if n == 0 else submit({o: True for o in opportunity_ids(messages)})

    log = run_task(project, policy, tmp_path)
    assert log.status == "success" and len(log.samples) == 2
    rows = _rows(project)
    results = _dialogs(log)
    for sample, result in zip(log.samples, results):
        row = rows[str(sample.id)]
        assert result.termination == "ready" and len(result.turns) == 1
        assert result.predictions == {o: True for o in row.opportunities}
        assert result.labels == dict(zip(row.opportunities, row.labels))
        # the answer is our grounded simulator's (params.yaml: grounded lexical/template) for this household
        user = make_user(read_mode({"mode": "grounded", "select": "lexical", "answer": "template"}), None, row, 48)
        assert result.turns[0].answer == user.answer([], QUESTION).text
        one = score([result])
        value = next(iter(sample.scores.values())).value
        assert value == pytest.approx({"f1": one.f1, "turns": 1.0, "tw_f1": turn_weighted_f1(one.f1, 1.0)})
        pairs = next(iter(sample.scores.values())).metadata["pairs"]
        assert [p["opportunity"] for p in pairs] == list(row.opportunities)
        assert all(p["why"] and not p["why"].startswith("(no explanation") for p in pairs)
        assert [p["correct"] for p in pairs] == list(row.labels)  # all-true is right exactly where eligible
    # overall: pooled over both dialogs by the scoring path, not a mean of the samples' figures
    metrics = {name: m.value for s in log.results.scores for name, m in s.metrics.items()}
    assert metrics == pytest.approx(figures(results))
    assert score(results).f1 > 0


def test_refused_verdicts_are_corrected_then_recorded(project: Path, tmp_path: Path) -> None:
    def policy(messages, n):
        ids = opportunity_ids(messages)
        return submit({ids[0]: True}) if n == 0 else submit({o: False for o in ids})

    log = run_task(project, policy, tmp_path, limit=1)
    [result] = _dialogs(log)[:1]
    assert result.termination == "ready" and result.predictions and not any(result.predictions.values())
    tool_texts = [m.text for m in log.samples[0].messages if m.role == "tool"]
    assert tool_texts[0].startswith("verdicts refused: missing ") and tool_texts[1] == "Verdicts recorded. Thank you."


def test_verdicts_that_are_not_booleans_are_refused_by_the_tool_schema(project: Path, tmp_path: Path) -> None:
    def policy(messages, n):
        ids = opportunity_ids(messages)
        return submit({o: "yes" for o in ids}) if n == 0 else submit({o: True for o in ids})

    log = run_task(project, policy, tmp_path, limit=1)
    [result] = _dialogs(log)
    assert result.termination == "ready" and result.agent_calls == 2
    first = next(m for m in log.samples[0].messages if m.role == "tool")
    assert first.error is not None  # Inspect checked the arguments against the tool's JSON schema


def test_wrong_verdicts_every_time_is_an_agent_error(project: Path, tmp_path: Path) -> None:
    log = run_task(project, lambda messages, n: submit({"NoSuchProgram": True}), tmp_path)
    for result in _dialogs(log):
        assert result.termination == "agent_error" and result.predictions is None
        assert result.agent_calls == MAX_BAD_SUBMITS


def test_a_model_that_never_calls_a_tool_ends_without_verdicts(project: Path, tmp_path: Path) -> None:
    log = run_task(project, lambda messages, n: say("I think they qualify."), tmp_path)
    results = _dialogs(log)
    assert all(r.termination == "agent_error" and r.agent_calls == MAX_IDLE for r in results)
    metrics = {name: m.value for s in log.results.scores for name, m in s.metrics.items()}
    assert metrics == {"f1": 0.0, "turns": 0.0, "tw_f1": 0.0}


def test_question_cap_stops_questions_at_the_limit(project: Path, tmp_path: Path) -> None:
    def policy(messages, n):
        return ask(f"{QUESTION} ({n})") if n < 3 else submit({o: True for o in opportunity_ids(messages)})

    log = run_task(project, policy, tmp_path, max_questions=1)
    for sample, result in zip(log.samples, _dialogs(log)):
        assert len(result.turns) == 1 and result.termination == "turn_limit"
        assert any("question limit is reached" in m.text for m in sample.messages if m.role == "tool")


def test_epochs_are_trials(project: Path, tmp_path: Path) -> None:
    log = run_task(project, lambda m, n: submit({o: True for o in opportunity_ids(m)}), tmp_path, epochs=2)
    assert sorted((str(s.id), r.trial) for s, r in zip(log.samples, _dialogs(log))) == \
        sorted((i, k) for i in {str(s.id) for s in log.samples} for k in (0, 1))


def test_a_recommendation_is_recorded_and_a_bad_one_refused_first(project: Path, tmp_path: Path) -> None:
    """submit_verdicts' optional recommendation (the program to apply to first, docs/priorities.md)
    is recorded on the dialog; one that is no program of the household is refused like bad verdicts."""
    from inspect_ai.model import ModelOutput, ModelUsage

    def policy(messages, n):
        ids = opportunity_ids(messages)
        out = ModelOutput.for_tool_call("mockllm/model", "submit_verdicts", {
            "verdicts": {o: True for o in ids}, "recommendation": "NoSuchProgram" if n == 0 else ids[-1]})
        out.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
        return out

    log = run_task(project, policy, tmp_path, limit=1)
    assert log.status == "success"
    [sample], [result] = log.samples, _dialogs(log)
    assert result.termination == "ready" and result.recommendation == list(result.labels)[-1]
    refusal = [m.text for m in sample.messages if m.role == "tool"][0]
    assert "recommendation refused" in refusal and "NoSuchProgram" in refusal
