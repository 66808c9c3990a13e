"""The direct, ReAct and worksheet reference agents (submissions/direct, react, worksheet).

Unit tests drive each agent with `ScriptedChatModel`, a test double that is NOT a language model:
it replays canned replies (JSON or text) chosen by the test. The live tests run each agent through
a whole dialog against the real embedded SmolLM2-135M (the simulated user on the same server) and
print the agent's LLM calls and tokens per dialog (docs/agents.md quotes them); one agent also runs
in a real worker process through ProcessAgent, as the evaluation harness runs it.
"""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from eligibench.agents.sandbox import Sandbox
from eligibench.evaluation.hosting import (
    AgentContext,
    Dialog,
    OpportunityBrief,
    import_submission_module,
    load_manifest,
)
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.models import Completion, EmbeddedModel, ModelSpec, RetryingChatModel
from eligibench.results import AGENT_ERROR, TERMINATIONS, Turn
from tests.agents.live_profile import LIVE_PROFILE

ROOT = Path(__file__).resolve().parents[2]
SUBMISSIONS = ROOT / "submissions"


def _load(name: str):
    """submissions/<name>/agent.py, imported the way the harness imports it."""
    return import_submission_module(SUBMISSIONS / name, "agent")


direct = _load("direct")
react = _load("react")
worksheet = _load("worksheet")
worksheet_forms = import_submission_module(SUBMISSIONS / "worksheet", "worksheet")
worksheet_generation = import_submission_module(SUBMISSIONS / "worksheet", "generation")


class ScriptedChatModel(RetryingChatModel):
    """Test double, not a model: answers each chat() with the next canned reply. A reply may be a
    string or a function(messages, json_schema) -> string. Records every prompt."""

    endpoint = "scripted://"

    def __init__(self, replies, name="scripted"):
        super().__init__(ModelSpec(backend="openai", model=name))
        self.replies = list(replies)
        self.prompts: list[list[dict]] = []
        self.schemas: list[dict | None] = []

    def _chat_once(self, messages, json_schema, max_tokens):
        self.prompts.append([m.to_dict() for m in messages])
        self.schemas.append(json_schema)
        if not self.replies:
            raise AssertionError(f"ScriptedChatModel ran out of replies; last prompt: {messages[-1].content[-300:]}")
        reply = self.replies.pop(0)
        text = reply(messages, json_schema) if callable(reply) else reply
        return Completion(text, 10, 5, None, 0.0, "stop")

    async def _achat_once(self, messages, json_schema, max_tokens):
        return self._chat_once(messages, json_schema, max_tokens)

    def _classify(self, exc):
        return "other"


BRIEFS = (
    OpportunityBrief("IDNYC", "IDNYC", "A person qualifies for an IDNYC card if both are true:\n"
                     "- They live in New York City.\n- They are 10 years old or older.\n"),
    OpportunityBrief("SummerMeals", "Summer Meals", "A person qualifies for Summer Meals if they are 18 years old or younger.\n"),
)
IDS = [b.id for b in BRIEFS]


def _dialog(*qa, cap=None):
    return Dialog(BRIEFS, tuple(Turn(q, a) for q, a in qa), cap)


# --------------------------------------------------------------------------- direct


def test_direct_prompt_has_requirements_first_and_a_stable_prefix():
    m = ScriptedChatModel(["How old are you?", '{"answer": "no"}', "Do you live in New York City?"])
    agent = direct.DirectAgent(AgentContext(models={"dialog": m}))
    agent.start(BRIEFS)
    assert agent.ask(_dialog()) == "How old are you?"
    d1 = _dialog(("How old are you?", "I am 34."))
    assert agent.ready(d1) is False
    assert agent.ask(d1) == "Do you live in New York City?"
    system = m.prompts[0][0]["content"]
    assert "[IDNYC] IDNYC" in system and "18 years old or younger" in system
    assert all(p[0]["content"] == system for p in m.prompts)  # the system prompt never changes
    # READY and the next question share the dialog part of the prompt; only the task differs.
    ready_user, ask_user = m.prompts[1][1]["content"], m.prompts[2][1]["content"]
    dialog_part = "Dialog so far:\nQ1: How old are you?\nA1: I am 34.\n"
    assert ready_user.startswith(dialog_part) and ask_user.startswith(dialog_part)


def test_direct_falls_back_on_invalid_json():
    m = ScriptedChatModel(["not json", '{"answer": "perhaps"}',  # READY: two invalid replies
                           "{\"IDNYC\": tru", "nope"])  # PREDICT: two invalid replies
    agent = direct.DirectAgent(AgentContext(models={"dialog": m}))
    agent.start(BRIEFS)
    d = _dialog(("How old are you?", "34."))
    assert agent.ready(d) is False  # not ready: keep asking
    assert agent.predict(d) == {"IDNYC": False, "SummerMeals": False}
    assert agent.fallbacks == {"ready": 1, "ask": 0, "predict": 1}
    assert agent.usage()["calls"] == 4


def test_direct_garbled_or_repeated_question_falls_back_to_a_requirement():
    m = ScriptedChatModel(["...", "How old are you?", "You qualify if you live in NYC.", "Q3: Where do you live?"])
    agent = direct.DirectAgent(AgentContext(models={"dialog": m}))
    agent.start(BRIEFS)
    assert agent.ask(_dialog()) == "Is this true for your household: they live in New York City?"
    q2 = agent.ask(_dialog(("How old are you?", "34")))  # the model repeats a question already asked
    assert q2 == "Is this true for your household: they are 10 years old or older?"
    q3 = agent.ask(_dialog(("How old are you?", "34")))  # not a question
    assert q3 == "Is this true for your household: a person qualifies for Summer Meals if they are 18 years old or younger?"
    assert agent.ask(_dialog()) == "Where do you live?"  # label stripped
    assert agent.fallbacks["ask"] == 3


def test_direct_min_questions_and_limit_skip_the_model():
    m = ScriptedChatModel([])
    agent = direct.DirectAgent(AgentContext(models={"dialog": m}, options={"min_questions": 1}))
    agent.start(BRIEFS)
    assert agent.ready(_dialog()) is False
    assert agent.ready(_dialog(("Q one two?", "A"), cap=1)) is False  # at the limit: the loop ends it
    assert m.prompts == []


# --------------------------------------------------------------------------- react


def test_react_keeps_thoughts_out_of_questions():
    thought = "Thought: I know nothing yet; age decides Summer Meals. Action: ASK"
    m = ScriptedChatModel([thought, '{"answer": "no"}',
                           "Thought: I need the age first.\nQuestion: How old are you?"])
    agent = react.ReActAgent(AgentContext(models={"dialog": m}))
    agent.start(BRIEFS)
    d = _dialog()
    assert agent.ready(d) is False
    q = agent.ask(d)
    assert q == "How old are you?"
    assert "Thought" not in q and "age decides" not in q
    assert agent.scratchpad == {0: "I know nothing yet; age decides Summer Meals."}
    # One thought per step: READY and ASK both see it; the model was asked to think only once.
    assert len(m.prompts) == 3
    for p in m.prompts[1:]:
        assert "Thought: I know nothing yet; age decides Summer Meals." in p[-1]["content"]
    assert "Thought: I know" not in m.prompts[0][-1]["content"]


def test_react_thought_stays_in_the_trajectory_and_an_echoed_thought_is_not_asked():
    m = ScriptedChatModel(["Thought: Ask where they live.", '{"answer": "no"}',
                           "Thought: Ask where they live."])  # the "question" is just the thought again
    agent = react.ReActAgent(AgentContext(models={"dialog": m}))
    agent.start(BRIEFS)
    d = _dialog(("How old are you?", "I am 34."))
    agent.scratchpad[0] = "Age matters for both."
    assert agent.ready(d) is False
    q = agent.ask(d)
    assert q == "Is this true for your household: they live in New York City?" and "Thought" not in q
    traj = m.prompts[0][-1]["content"]
    assert traj.startswith("Steps so far:\nThought: Age matters for both.\nAction: ASK How old are you?\n"
                           "Observation: I am 34.\n")


def test_react_predict_reuses_the_step_thought_and_falls_back():
    m = ScriptedChatModel(["Thought: Both decided.", '{"answer": "yes"}', "bad", "bad again"])
    agent = react.ReActAgent(AgentContext(models={"dialog": m}))
    agent.start(BRIEFS)
    d = _dialog(("How old are you?", "34"))
    assert agent.ready(d) is True
    assert agent.predict(d) == {"IDNYC": False, "SummerMeals": False}  # invalid JSON twice -> all False
    assert len(m.prompts) == 4 and agent.fallbacks["predict"] == 1  # no second thought for PREDICT


# --------------------------------------------------------------------------- worksheet

WS_IDNYC = worksheet_forms.Worksheet(
    (worksheet_forms.Field("lives_in_nyc", "bool", "Do you live in New York City?"),
     worksheet_forms.Field("age", "int", "How old are you?", "lives_in_nyc")),
    "lives_in_nyc and age >= 10")
WS_MEALS = worksheet_forms.Worksheet(
    (worksheet_forms.Field("age", "int", "How old are you?"),
     worksheet_forms.Field("in_school", "bool", "Are you in school?", "age >= 18")),
    "age < 18 or in_school")


@pytest.fixture
def ws_agent():
    made = []

    def make(replies=(), sheets=None, options=None):
        m = ScriptedChatModel(list(replies))
        agent = worksheet.WorksheetAgent(AgentContext(models={"dialog": m}, options=options or {}),
                                         worksheets=sheets or {"IDNYC": WS_IDNYC, "SummerMeals": WS_MEALS})
        agent.start(BRIEFS)
        made.append(agent)
        return agent, m

    yield make
    for a in made:
        a.close()


def test_worksheet_asks_the_first_unfilled_field_whose_predicate_holds(ws_agent):
    agent, m = ws_agent(['{"value": true}'])
    d0 = _dialog()
    assert agent.ready(d0) is False
    assert agent.ask(d0) == "Do you live in New York City?"  # age waits for lives_in_nyc
    d1 = _dialog(("Do you live in New York City?", "Yes, in Queens."))
    assert agent.ready(d1) is False
    assert agent.facts[("lives_in_nyc", "bool", ())] is True  # the parser filled the field
    assert "Answer: Yes, in Queens." in m.prompts[0][-1]["content"]
    assert agent.ask(d1) == "How old are you?"


def test_worksheet_skips_fields_whose_predicate_is_false(ws_agent):
    agent, _ = ws_agent(['{"value": false}'])
    d1 = _dialog(("Do you live in New York City?", "No, New Jersey."))
    assert agent.ready(d1) is False
    # IDNYC is decided (False) without asking age there; Summer Meals asks age next.
    assert agent.decided(WS_IDNYC) is False
    assert agent.ask(d1) == "How old are you?"
    assert agent.asked_at[1].name == "age"


def test_worksheet_decision_evaluation_and_shared_fields(ws_agent):
    agent, m = ws_agent(['{"value": true}', '{"value": 12}'])
    d2 = _dialog(("Do you live in New York City?", "Yes."), ("How old are you?", "I'm 12."))
    agent.asked_at.update({0: WS_IDNYC.fields[0], 1: WS_IDNYC.fields[1]})
    assert agent.ready(d2) is True  # age is shared by both worksheets; in_school is not needed (age < 18)
    assert agent.predict(d2) == {"IDNYC": True, "SummerMeals": True}
    assert len(m.prompts) == 2  # one parse per answered field; READY / PREDICT need no model


def test_worksheet_field_with_false_predicate_is_skipped_for_the_next_one(ws_agent):
    sheet = worksheet_forms.Worksheet(
        (worksheet_forms.Field("household_size", "int", "How many people live in your household?"),
         worksheet_forms.Field("has_car", "bool", "Does your household own a car?", "household_size > 5"),
         worksheet_forms.Field("lives_in_nyc", "bool", "Do you live in New York City?")),
        "lives_in_nyc and (household_size <= 5 or not has_car)")
    agent, _ = ws_agent(['{"value": 3}'], sheets={"IDNYC": sheet, "SummerMeals": WS_MEALS})
    d = _dialog(("How many people live in your household?", "Three of us."))
    agent.asked_at[0] = sheet.fields[0]
    assert agent.ready(d) is False
    assert agent.ask(d) == "Do you live in New York City?"  # has_car: predicate false, skipped


def test_worksheet_field_whose_predicate_becomes_true_is_asked(ws_agent):
    agent, _ = ws_agent(['{"value": true}', '{"value": 40}'])
    d = _dialog(("Do you live in New York City?", "Yes."), ("How old are you?", "40"))
    agent.asked_at.update({0: WS_IDNYC.fields[0], 1: WS_IDNYC.fields[1]})
    assert agent.ready(d) is False
    assert agent.ask(d) == "Are you in school?"  # age >= 18 holds now


def test_worksheet_unmappable_answer_is_asked_again_then_given_up(ws_agent):
    agent, _ = ws_agent(['{"value": null}', '{"value": null}'])
    q = "Do you live in New York City?"
    d1 = _dialog((q, "Hmm."))
    agent.asked_at[0] = WS_IDNYC.fields[0]
    assert agent.ask(d1) == q  # asked again
    d2 = _dialog((q, "Hmm."), (q, "Not sure."))
    assert agent.ready(d2) is False  # lives_in_nyc given up; Summer Meals still needs age
    assert ("lives_in_nyc", "bool", ()) in agent.given_up
    assert agent.ask(d2) == "How old are you?"
    assert agent.predict(d2)["IDNYC"] is False  # undetermined decision -> False


def test_worksheet_reuses_an_answer_to_the_same_question(ws_agent):
    other = worksheet_forms.Worksheet((worksheet_forms.Field("years", "int", "How old are you?"),), "years >= 10")
    agent, m = ws_agent(['{"value": 34}', '{"value": 34}'], sheets={"IDNYC": other, "SummerMeals": WS_MEALS})
    d = _dialog(("How old are you?", "34"))
    agent.asked_at[0] = other.fields[0]
    assert agent.ready(d) is False  # Summer Meals' `age` is parsed from the same answer, not asked
    assert agent.ask(d) == "Are you in school?"
    assert len(m.prompts) == 2


def test_worksheet_validation():
    raw = {"fields": [{"name": "age", "type": "int", "choices": [], "question": "How old are you?", "ask_if": "True"},
                      {"name": "income", "type": "float", "choices": [], "question": "Income?", "ask_if": "later > 1"},
                      {"name": "unused", "type": "bool", "choices": [], "question": "Unused?", "ask_if": "True"},
                      {"name": "housing", "type": "choice", "choices": ["rented", "owned"], "question": "Housing?",
                       "ask_if": "age >= 62"}],
           "decision": "age >= 62 and income <= 50000 and housing == 'rented'"}
    with Sandbox() as box:
        ws = worksheet_forms.validate_worksheet(raw, box.check)
    assert [f.name for f in ws.fields] == ["age", "income", "housing"]  # unused dropped
    assert ws.fields[1].ask_if == "True"  # referenced a later/unknown field
    assert ws.fields[1].question == "What is your income?"  # a one-word question is replaced
    assert any("dropped" in n for n in ws.notes)
    for bad, words in (({"fields": raw["fields"][:1], "decision": "age >= 10 and nyc"}, "not fields"),
                       ({"fields": raw["fields"][:1], "decision": "age >="}, "not a Python expression"),
                       ({"fields": raw["fields"][:1], "decision": "age.__class__"}, "refused"),
                       ({"fields": [dict(raw["fields"][3], choices=[])], "decision": "housing == 'x'"}, "two choices")):
        with pytest.raises(worksheet_forms.WorksheetError, match=words):
            with Sandbox() as box:
                worksheet_forms.validate_worksheet(bad, box.check)
    assert worksheet_forms.expression_code("age >= 10 and len(name) > 0") == \
        "def decide(facts):\n    return facts['f_age'] >= 10 and len(facts['f_name']) > 0\n"


def test_worksheet_generation_failure_predicts_false_and_is_cached(tmp_path):
    good = json.dumps({"fields": [{"name": "age", "type": "int", "choices": [], "question": "How old are you?",
                                   "ask_if": "True"}], "decision": "age <= 18"})
    code = ScriptedChatModel(["not json", "still not json", good], name="scripted-code")
    dialog_model = ScriptedChatModel(['{"value": 9}'])
    options = {"cache_dir": str(tmp_path)}
    agent = worksheet.WorksheetAgent(AgentContext(models={"code": code, "dialog": dialog_model}, options=options))
    try:
        agent.start(BRIEFS)
        assert agent.sheets[0] is None and isinstance(agent.sheets[1], worksheet_forms.Worksheet)
        d = _dialog()
        assert agent.ready(d) is False and agent.ask(d) == "How old are you?"
        d1 = _dialog(("How old are you?", "9"))
        assert agent.ready(d1) is True
        assert agent.predict(d1) == {"IDNYC": False, "SummerMeals": True}  # failed worksheet -> False
    finally:
        agent.close()
    files = sorted((tmp_path / "scripted-code").glob("*.json"))
    assert len(files) == 2
    texts = [f.read_text() for f in files]
    for t in texts:
        assert t == json.dumps(json.loads(t), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        assert code.endpoint not in t  # the failure's reason names no endpoint (a server's port changes)
    assert any("no valid JSON after 2 tries" in t for t in texts)
    # A second agent loads both from the cache: no code-model call.
    code2 = ScriptedChatModel([], name="scripted-code")
    agent2 = worksheet.WorksheetAgent(AgentContext(models={"code": code2, "dialog": dialog_model}, options=options))
    agent2.start(BRIEFS)
    assert code2.prompts == [] and agent2.sheets[0] is None and agent2.sheets[1] == agent.sheets[1]
    assert all(e["cached"] for e in agent2.trace if e["event"] == "worksheet")
    assert [f.read_text() for f in files] == texts
    warm = worksheet_generation.pregenerate(code2, BRIEFS, tmp_path / "scripted-code")  # the cache-warming helper
    assert code2.prompts == [] and warm["IDNYC"].worksheet is None and warm["SummerMeals"].worksheet == agent.sheets[1]
    # made under another token limit: generated again, not reused as if made under this one
    code3 = ScriptedChatModel([good, good], name="scripted-code")
    agent3 = worksheet.WorksheetAgent(AgentContext(models={"code": code3, "dialog": dialog_model},
                                                   options={**options, "worksheet_max_tokens": 450}))
    agent3.start(BRIEFS)
    assert len(code3.prompts) == 2 and not any(e["cached"] for e in agent3.trace if e["event"] == "worksheet")


# --------------------------------------------------------------------------- the real embedded model


@pytest.fixture(scope="module")
def spec(server):
    return ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct", base_url=server.base_url, max_tokens=96,
                     timeout_s=300)


@pytest.fixture(scope="module")
def live_case():
    from checkers import registry
    from eligibench.catalog import load_catalog
    from eligibench.household import household

    hh = household({"name": "Ana Ruiz", "age": 34}, {"name": "Leo Ruiz", "relation": "child", "age": 4})
    catalog = {o.id: o for o in load_catalog(ROOT / "opportunities").opportunities}
    briefs = [OpportunityBrief(o.id, o.name, o.requirements) for o in (catalog["IDNYC"], catalog["SummerMeals"])]
    checkers = registry()
    labels = {b.id: checkers[b.id].check(hh) for b in briefs}
    return LIVE_PROFILE, briefs, labels  # the household's facts in brief (tests/agents/live_profile.py)


@pytest.fixture(scope="module")
def worksheet_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("worksheet-cache")


LIVE_MAX_QUESTIONS = 4  # params.yaml evaluate.max_questions (the CPU default run)


def _live(agent, spec, live_case, name):
    profile, briefs, labels = live_case
    user_model = EmbeddedModel(spec)
    try:
        result = run_dialog(agent, SimulatedUser(user_model, profile), briefs, labels, f"live-{name}", "test",
                            max_questions=LIVE_MAX_QUESTIONS)
    finally:
        user_model.close()
    assert result.termination in TERMINATIONS
    if result.termination != AGENT_ERROR:
        assert result.predictions is not None and set(result.predictions) == set(labels)
        assert all(type(v) is bool for v in result.predictions.values())
    assert result.termination != AGENT_ERROR, result.error
    assert result.agent_calls > 0
    print(f"\n[{name}] termination={result.termination} questions={len(result.turns)} "
          f"agent calls={result.agent_calls} prompt_tokens={result.agent_prompt_tokens} "
          f"completion_tokens={result.agent_completion_tokens} wall={result.wall_s:.1f}s "
          f"predictions={result.predictions} labels={result.predictions and labels}")
    for t in result.turns:
        print(f"  Q: {t.question}\n  A: {t.answer}")
    return result


def _context(name, spec, extra_options=None):
    manifest = load_manifest(SUBMISSIONS / name)
    models = {role: EmbeddedModel(spec) for role in manifest.models}
    return AgentContext(seed=0, models=models, options={**manifest.options, **(extra_options or {})})


def _close(ctx):
    for m in ctx.models.values():
        m.close()


def test_live_direct(spec, live_case):
    ctx = _context("direct", spec)
    try:
        _live(direct.DirectAgent(ctx), spec, live_case, "direct")
    finally:
        _close(ctx)


def test_live_react(spec, live_case):
    ctx = _context("react", spec)
    try:
        agent = react.ReActAgent(ctx)
        r = _live(agent, spec, live_case, "react")
        for t in r.turns:
            assert not any(th != react.NO_THOUGHT and th in t.question for th in agent.scratchpad.values())
        print(f"  scratchpad: {agent.scratchpad}")
    finally:
        _close(ctx)


def test_live_worksheet(spec, live_case, worksheet_cache):
    ctx = _context("worksheet", spec, {"cache_dir": str(worksheet_cache)})
    agent = worksheet.WorksheetAgent(ctx)
    try:
        _live(agent, spec, live_case, "worksheet")
        print("  worksheets:", json.dumps([s.to_json() if isinstance(s, worksheet_forms.Worksheet) else s
                                           for s in agent.sheets], indent=None))
        print("  trace:", agent.trace)
        assert len(list(worksheet_cache.rglob("*.json"))) == 2  # one cached worksheet (or failure) each
    finally:
        agent.close()
        _close(ctx)


@pytest.mark.needs_bwrap
@pytest.mark.parametrize("name", ["worksheet", "direct"])
def test_live_in_a_worker_process(name, spec, live_case, worksheet_cache):
    from eligibench.evaluation.hosting import ProcessAgent

    manifest = load_manifest(SUBMISSIONS / name)
    options = dict(manifest.options)
    if name == "worksheet":
        options["cache_dir"] = str(worksheet_cache)  # filled by test_live_worksheet when run before
    agent = ProcessAgent(manifest.folder, manifest.entry_point, {role: asdict(spec) for role in manifest.models},
                         0, options, [ROOT / h for h in ("benyfits", "data", "results", "reports")],
                         call_timeout_s=600, read_only=[worksheet_cache] if name == "worksheet" else [])
    try:
        _live(agent, spec, live_case, f"{name} in a worker process")
    finally:
        agent.close()


# --------------------------------------------------------------------------- the paper's options


def test_direct_paper_option_asks_repeats_and_has_no_minimum():
    m = ScriptedChatModel(["How old are you?", "...", '{"answer": "yes"}'])
    agent = direct.DirectAgent(AgentContext(models={"dialog": m}, options={"paper": True, "min_questions": 5}))
    agent.start(BRIEFS)
    d = _dialog(("How old are you?", "34."))
    assert agent.ask(d) == "How old are you?"  # repeated: asked again, as the paper's agent does
    assert agent.ask(d) == "..."  # garbled: the model's text as it is, no requirement fallback
    assert agent.ready(_dialog()) is True  # READY asked before any question (premature READY measurable)
    assert agent.fallbacks["ask"] == 0


def test_react_paper_option_keeps_repeated_questions():
    m = ScriptedChatModel(["I should ask the age.", "How old are you?"])
    agent = react.ReActAgent(AgentContext(models={"dialog": m}, options={"paper": True}))
    agent.start(BRIEFS)
    assert agent.ask(_dialog(("How old are you?", "34."))) == "How old are you?"
    assert agent.fallbacks["ask"] == 0 and agent.min_questions == 0
