from eligibench.evaluation.hosting import OpportunityBrief, question_limit
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.household.model import household
from eligibench.household.profile import render_profile
from eligibench.models import ModelUnavailable
from eligibench.results.records import AGENT_ERROR, INFRA_ERROR, READY, TURN_LIMIT, USER_ERROR
from tests.evaluation.doubles import ExtractiveUserModel, OracleAgent, ScriptedAgent

HH = household({"name": "Ana Ruiz", "age": 34}, {"name": "Leo Ruiz", "relation": "child", "age": 4})
BRIEFS = [OpportunityBrief("IDNYC", "IDNYC", "Lives in NYC and is 10 or older."),
          OpportunityBrief("SummerMeals", "Summer Meals", "Anyone 18 or younger.")]
LABELS = {"IDNYC": True, "SummerMeals": True}


def _user(model=None):
    return SimulatedUser(model or ExtractiveUserModel(), render_profile(HH).text)


def test_extractive_user_quotes_the_profile():
    r = run_dialog(ScriptedAgent(questions=1), _user(), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == READY and len(r.turns) == 1
    assert "34 years old" in r.turns[0].answer
    assert r.predictions == {"IDNYC": False, "SummerMeals": False}
    assert r.user_calls == 1 and r.user_prompt_tokens > 0


def test_oracle_predicts_the_labels():
    from eligibench.evaluation.hosting import AgentContext

    r = run_dialog(OracleAgent(AgentContext(), HH), _user(), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == READY and r.predictions == LABELS


def test_ready_before_any_question_allows_zero_turns():
    r = run_dialog(ScriptedAgent(questions=0), _user(), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == READY and r.turns == ()


def test_turn_limit_is_20_per_opportunity_at_most_100():
    assert question_limit(2) == 40 and question_limit(5) == 100 and question_limit(9) == 100
    r = run_dialog(ScriptedAgent(ready_value=False), _user(), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == TURN_LIMIT and len(r.turns) == 40
    assert r.predictions is not None


def test_agent_exception_is_recorded_and_scored_wrong():
    r = run_dialog(ScriptedAgent(raise_in="ask"), _user(), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == AGENT_ERROR and "boom in ask" in r.error and r.predictions is None and r.scored


def test_invalid_predictions_are_agent_errors():
    for preds, words in (({"IDNYC": True}, "missing"), ({"IDNYC": True, "SummerMeals": "yes"}, "true/false"),
                         ({"IDNYC": True, "SummerMeals": True, "Nope": False}, "unknown"), ([1, 2], "mapping")):
        r = run_dialog(ScriptedAgent(predictions=preds), _user(), BRIEFS, LABELS, "r1", "diverse")
        assert r.termination == AGENT_ERROR and words in r.error


def test_non_boolean_ready_is_an_agent_error():
    r = run_dialog(ScriptedAgent(ready_value="yes"), _user(), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == AGENT_ERROR and "ready returned 'yes'" in r.error


class _DeadModel:
    def chat(self, *a, **k):
        raise ModelUnavailable("http://127.0.0.1:9/v1", "connection refused after 3 attempts")


class _EmptyModel(ExtractiveUserModel):
    def chat(self, *a, **k):
        c = super().chat(*a, **k)
        return type(c)("   ", c.prompt_tokens, 0, None, 0.0)


def test_dead_user_endpoint_is_infrastructure_and_not_scored():
    r = run_dialog(ScriptedAgent(questions=1), _user(_DeadModel()), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == INFRA_ERROR and not r.scored and "127.0.0.1:9" in r.error


def test_empty_user_answer_is_a_user_error_but_agent_still_predicts():
    r = run_dialog(ScriptedAgent(questions=1), _user(_EmptyModel()), BRIEFS, LABELS, "r1", "diverse")
    assert r.termination == USER_ERROR and r.predictions == {"IDNYC": False, "SummerMeals": False}


class _CountingAgent(ScriptedAgent):
    calls = 0

    def ask(self, dialog):
        type(self).calls += 1
        return super().ask(dialog)

    def usage(self):
        return {"calls": type(self).calls, "prompt_tokens": 10 * type(self).calls, "completion_tokens": 0}


def test_agent_usage_is_counted_per_dialog_not_cumulatively():
    agent = _CountingAgent(questions=2)
    first = run_dialog(agent, _user(), BRIEFS, LABELS, "r1", "diverse")
    second = run_dialog(agent, _user(), BRIEFS, LABELS, "r2", "diverse")
    assert first.agent_calls == second.agent_calls == 2
    assert second.agent_prompt_tokens == 20


def test_oracle_scores_f1_100_over_many_households_through_the_metrics():
    from checkers import registry
    from eligibench.datasets.fuzz import fuzz_households, thresholds_from_checkers
    from eligibench.datasets.rows import build_row
    from eligibench.evaluation.hosting import AgentContext
    from eligibench.evaluation.scoring import score
    from eligibench.truth.tracing import traced_checkers

    checkers = traced_checkers(registry())
    ids = sorted(checkers)
    results = []
    for n, hh in enumerate(fuzz_households(40, 7, thresholds_from_checkers(registry().values()))):
        opps = ids[n % 70: n % 70 + 8]
        row = build_row(f"r{n}", "diverse", hh, opps, checkers, "test")
        briefs = [OpportunityBrief(o, o, "see the program") for o in opps]
        user = SimulatedUser(ExtractiveUserModel(), row.profile)
        results.append(run_dialog(OracleAgent(AgentContext(), hh), user, briefs, dict(zip(opps, row.labels)), row.id, "diverse"))
    s = score(results)
    assert s.pairs == 320 and s.f1 == 100.0 and s.accuracy == 100.0
    assert 0 < sum(sum(r.labels.values()) for r in results) < 320  # both classes present
