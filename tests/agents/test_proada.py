"""ProADA: the loop pinned with hand-written decision functions and no model (test doubles named
as such), code generation parsing / retry / cache, and complete dialogs on the real embedded model
(in process and through ProcessAgent, whose guard must let the sandbox worker start)."""
from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from eligibench.evaluation.hosting import AgentContext, OpportunityBrief, import_submission_module
from eligibench.evaluation.run import run_dialog
from eligibench.evaluation.user import SimulatedUser
from eligibench.household import household
from eligibench.models import Completion, ModelSpec, decoding_identity
from eligibench.results import AGENT_ERROR, READY, TURN_LIMIT
from tests.agents.live_profile import LIVE_PROFILE

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "submissions" / "proada"


agent_mod = import_submission_module(FOLDER, "agent")  # the harness's own loader
codegen = import_submission_module(FOLDER, "proada_codegen")
dialog_mod = import_submission_module(FOLDER, "proada_dialog")

ProADAAgent = agent_mod.ProADAAgent
HH = household({"name": "Ana Ruiz", "age": 34}, {"name": "Leo Ruiz", "relation": "child", "age": 4})
PROFILE = LIVE_PROFILE  # the household's facts in brief: the rendered one is ~3,200 tokens (tests/agents/live_profile.py)

CHILD_CODE = '''# age (int, per member): age in years
def decide(facts):
    for m in facts["members"]:
        if m["age"] <= 18:
            return True
    return False
'''
NYC_CODE = '''# lives_in_nyc (bool): the household lives in New York City
def decide(facts):
    return facts["lives_in_nyc"]
'''


# --------------------------------------------------------------------------- test doubles


class ScriptedUserModel:
    """TEST DOUBLE, not a language model: the simulated user's 'model' replies with the next
    scripted answer and records each question it was asked."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.questions = []

    def chat(self, messages, json_schema=None, max_tokens=None):
        self.questions.append(messages[-1]["content"])
        text = self.answers.pop(0) if self.answers else "I don't know."
        return Completion(text, prompt_tokens=10, completion_tokens=5, cached_tokens=None, latency_s=0.0)


class StubValueMapper:
    """TEST DOUBLE for typed-value mapping (stands in for constrained decoding): a fixed table of
    answer -> value; anything else is unmappable (None). Records every call."""

    def __init__(self, table=None):
        self.table = dict(table or {})
        self.calls = []

    def __call__(self, question, answer, spec, member):
        self.calls.append((answer, spec.type, member))
        return self.table.get(answer)


class ScriptedCodeModel:
    """TEST DOUBLE for the code model: returns scripted replies and records the prompts."""

    def __init__(self, replies, name="scripted-code-model"):
        self.replies = list(replies)
        self.prompts = []
        self.spec = ModelSpec("openai", name, base_url="http://127.0.0.1:9/v1")  # never called: chat() is scripted

    def chat(self, messages, json_schema=None, max_tokens=None):
        self.prompts.append([dict(m) for m in messages])
        return Completion(self.replies.pop(0), 100, 50, None, 0.0, "stop")


def _agent(programs, mapper=None, options=None, models=None):
    ctx = AgentContext(seed=0, models=models or {}, options={"phrase_questions": False, **(options or {})})
    return ProADAAgent(ctx, programs=programs, value_mapper=mapper)


def _run(agent, answers, briefs, labels=None):
    user_model = ScriptedUserModel(answers)
    labels = labels or {b.id: True for b in briefs}
    try:
        r = run_dialog(agent, SimulatedUser(user_model, PROFILE), briefs, labels, "hh1", "diverse")
    finally:
        agent.close()
    return r, user_model


CHILD = OpportunityBrief("Child", "Child Program", "A person qualifies if they are 18 or younger.")
NYC = OpportunityBrief("Nyc", "City Program", "A household qualifies if it lives in New York City.")


# --------------------------------------------------------------------------- the loop, no model


def test_missing_key_question_typed_value_rerun_with_members():
    agent = _agent({"Child": codegen.program(CHILD_CODE), "Nyc": codegen.program(NYC_CODE)})
    r, user = _run(agent, ["2", "I am 34 years old.", "He is 4.", "Yes, we live in Queens."], [CHILD, NYC])
    assert r.termination == READY and r.predictions == {"Child": True, "Nyc": True}
    q = [t.question for t in r.turns]
    assert q[0] == "How many people live in your household, including you?"
    assert "for you?" in q[1] and "2nd person in your household" in q[2]
    assert "your household" in q[3] and "yes or no" in q[3]
    facts = [(e["key"], e["member"], e["value"]) for e in agent.trace if e["event"] == "fact"]
    assert facts == [("household_size", None, 2), ("age", 0, 34), ("age", 1, 4), ("lives_in_nyc", None, True)]


def test_one_agent_serves_several_dialogs_with_fresh_state():
    agent = _agent({"Child": codegen.program(CHILD_CODE)})
    r1, _ = _run(agent, ["1", "70"], [CHILD])
    r2, _ = _run(agent, ["2", "40", "5"], [CHILD])
    assert r1.predictions == {"Child": False} and r2.predictions == {"Child": True}
    assert len(r2.turns) == 3 and r2.turns[0].question.startswith("How many people")


def test_function_stops_at_first_member_that_qualifies():
    agent = _agent({"Child": codegen.program(CHILD_CODE)})
    r, _ = _run(agent, ["3", "7"], [CHILD])
    assert r.termination == READY and len(r.turns) == 2 and r.predictions == {"Child": True}


def test_unmappable_answer_gets_clarifications_then_mapped():
    mapper = StubValueMapper({"I live in Brooklyn.": True})
    agent = _agent({"Nyc": codegen.program(NYC_CODE)}, mapper)
    r, _ = _run(agent, ["Hmm.", "Somewhere nice.", "I live in Brooklyn."], [NYC])
    assert r.termination == READY and r.predictions == {"Nyc": True}
    assert len(r.turns) == 3
    assert r.turns[1].question.startswith("Sorry, I did not understand that.")
    assert r.turns[2].question.startswith("Sorry, I still need a clear answer.")
    assert [c[0] for c in mapper.calls] == ["Hmm.", "Somewhere nice.", "I live in Brooklyn."]


def test_gives_up_after_three_clarifications():
    mapper = StubValueMapper()
    code_get = "# lives_in_nyc (bool): lives in NYC\ndef decide(facts):\n    return facts.get('lives_in_nyc', True)\n"
    for code, expected in ((NYC_CODE, False), (code_get, True)):
        agent = _agent({"Nyc": codegen.program(code)}, mapper)
        r, _ = _run(agent, ["Hmm."] * 10, [NYC])
        assert r.termination == READY and len(r.turns) == 4  # 1 question + 3 follow-ups
        assert r.predictions == {"Nyc": expected}
        assert any(e["event"] == "gave_up" for e in agent.trace)


def test_unknown_household_size_falls_back_to_one_member():
    agent = _agent({"Child": codegen.program(CHILD_CODE)}, StubValueMapper())
    r, _ = _run(agent, ["Many.", "Lots.", "Some.", "A few.", "40"], [CHILD])
    assert r.termination == READY and r.predictions == {"Child": False}
    assert "for you?" in r.turns[4].question and len(r.turns) == 5


def test_turn_limit_is_respected():
    code = "def decide(facts):\n    for i in range(40):\n        if not facts['q' + str(i)]:\n            return False\n    return True\n"
    agent = _agent({"Nyc": codegen.program(code)})
    r, _ = _run(agent, ["Yes."] * 50, [NYC])
    assert r.termination == TURN_LIMIT and len(r.turns) == 20 and r.predictions == {"Nyc": False}


def test_failed_program_predicts_false_and_counts_as_returned():
    failed = codegen.Program("failed", reason="code refused twice")
    agent = _agent({"Child": failed, "Nyc": codegen.program(NYC_CODE)})
    r, _ = _run(agent, ["No, we live in Yonkers."], [CHILD, NYC])
    assert r.termination == READY and r.predictions == {"Child": False, "Nyc": False} and len(r.turns) == 1


def test_hostile_or_broken_program_at_runtime_predicts_false():
    loop = codegen.Program("ok", "def decide(facts):\n    while True:\n        pass\n", {})
    agent = _agent({"Child": loop, "Nyc": codegen.program(NYC_CODE)}, options={"sandbox_timeout_s": 0.5})
    r, _ = _run(agent, ["yes"], [CHILD, NYC])
    assert r.termination == READY and r.predictions == {"Child": False, "Nyc": True}
    assert any("timeout" in e.get("how", "") for e in agent.trace)


def test_usage_counts_shared_models_once():
    class Counting:
        def __init__(self):
            self.usage = type("U", (), {"snapshot": lambda s: {"calls": 2, "prompt_tokens": 10, "completion_tokens": 3}})()

    m = Counting()
    agent = ProADAAgent(AgentContext(models={"code": m, "dialog": m}))
    assert agent.usage() == {"calls": 2, "prompt_tokens": 10, "completion_tokens": 3}


# --------------------------------------------------------------------------- answers


@pytest.mark.parametrize("answer, kind, expected", [
    ("Yes, I do.", "bool", (True, True)), ("No.", "bool", (True, False)), ("Not sure.", "bool", (False, None)),
    ("I am 34 years old.", "int", (True, 34)), ("$54,350 a year", "float", (True, 54350.0)),
    ("34 and 4", "int", (False, None)), ("three", "int", (True, 3)), ("We rent it.", ["rent", "own"], (True, "rent")),
    ("I don't know", "int", (False, None)),
])
def test_exact_answer_forms(answer, kind, expected):
    assert dialog_mod.parse_exact(answer, kind) == expected


def test_model_phrasing_is_used_only_when_relevant_and_names_members():
    spec = codegen.KeySpec("bool", "lives in New York City", per_member=True)

    def writer_saying(text):
        return lambda *a: text

    q, phrased = dialog_mod.base_question("lives_in_nyc", spec, 0, writer_saying("Do you live in the city?"), "P", "R", "")
    assert phrased and q == "Do you live in the city?"
    q, phrased = dialog_mod.base_question("lives_in_nyc", spec, 2, writer_saying("Does a person live in the city?"),
                                          "P", "R", "")
    assert phrased and q.startswith("About the 3rd person in your household")
    q, phrased = dialog_mod.base_question("lives_in_nyc", spec, 0, writer_saying("What can I ask you?"), "P", "R", "")
    assert not phrased and q == "Is this true for you: lives in New York City? Please answer yes or no."


def test_question_cleanup():
    assert dialog_mod.clean_question('Question: "How old are you?" Thanks') == "How old are you?"
    assert dialog_mod.clean_question('You can ask the resident: "What is your age?') == "What is your age?"
    assert dialog_mod.clean_question("age") is None and dialog_mod.clean_question("") is None


# --------------------------------------------------------------------------- code generation and cache


def test_comment_format_declares_types_choices_and_members():
    text = ("Here you go:\n```python\n# housing (choice: rent | own | nycha): where they live\n"
            "# age (int, per member): age in years\n# income (float): yearly income\n# note (see below): just a comment\n"
            "def decide(facts):\n    if facts['housing'] == 'nycha':\n        return True\n"
            "    return facts['members'][0]['age'] > 60 and facts['income'] < 1000 and facts['extra_flag']\n```\nDone.")
    p = codegen.check_candidate(text, "comment")
    assert p.keys["housing"].type == "choice" and p.keys["housing"].choices == ("rent", "own", "nycha")
    assert p.keys["age"].per_member and p.keys["age"].type == "int" and p.keys["income"].type == "float"
    assert p.keys["extra_flag"].type == "bool" and not p.keys["extra_flag"].declared  # inferred
    assert "Done" not in p.code and "note" not in p.keys


def test_json_format_candidate():
    reply = {"code": "def decide(facts):\n    return facts['age'] >= 65\n",
             "keys": [{"name": "age", "type": "int", "choices": [], "about": "age", "per_member": False}]}
    assert codegen.check_candidate(reply, "json").keys["age"].type == "int"
    with pytest.raises(ValueError, match="fewer than 2 choices"):
        codegen.check_candidate({**reply, "keys": [{"name": "age", "type": "choice", "choices": [], "about": "",
                                                     "per_member": False}]}, "json")


def test_refusal_is_retried_once_with_the_error_then_recorded_as_failed():
    good = "```python\n# age (int): age\ndef decide(facts):\n    return facts['age'] > 1\n```"
    model = ScriptedCodeModel(["```python\nimport os\ndef decide(facts):\n    return True\n```", good])
    p = codegen.generate(model, "X", "Anyone.", fmt="comment")
    assert p.ok and len(p.attempts) == 1 and "imports are not allowed" in p.attempts[0]
    assert "line 1: imports are not allowed" in model.prompts[1][-1]["content"]
    model = ScriptedCodeModel(["def decide(facts):\n    return open('x')\n", "def decide(facts, x):\n    return 1\n"])
    p = codegen.generate(model, "X", "Anyone.", fmt="comment")
    assert not p.ok and "refused twice" in p.reason and len(model.prompts) == 2


def test_cache_is_keyed_by_requirements_and_model_and_deterministic(tmp_path):
    model = ScriptedCodeModel(["```python\n" + CHILD_CODE + "```"], name="Some/Model-1.gguf")
    folder = tmp_path / codegen.model_slug(model.spec.model)
    cache = codegen.ProgramCache(folder, model.spec.model)
    p, cached = codegen.get_program(model, cache, "Child", CHILD.requirements)
    assert p.ok and not cached
    path = cache.path(CHILD.requirements)
    assert path.name == codegen.requirements_digest(CHILD.requirements) + ".json" and folder.name == "model-1"
    first = path.read_bytes()
    raw = json.loads(first)
    assert list(raw) == sorted(raw) and raw["program"]["keys"]["age"]["per_member"]
    again, cached = codegen.get_program(model, cache, "Child", CHILD.requirements)  # no reply left: must be cached
    assert cached and again == p
    cache.store(CHILD.requirements, again)
    assert path.read_bytes() == first
    assert codegen.ProgramCache(folder, "other-model").load(CHILD.requirements) is None


def test_a_program_made_under_other_decoding_settings_is_not_reused(tmp_path):
    """The cache keys on the call's decoding settings: a program cut at another token limit (or
    another temperature, seed) is generated again, not reused as if made under these."""
    model = ScriptedCodeModel(["```python\n" + CHILD_CODE + "```", "```python\n" + NYC_CODE + "```"])
    folder = tmp_path / codegen.model_slug(model.spec.model)
    at_450 = codegen.ProgramCache(folder, model.spec.model, decoding=decoding_identity(model.spec, 450))
    first, _ = codegen.get_program(model, at_450, "Child", CHILD.requirements, max_tokens=450)
    at_200 = codegen.ProgramCache(folder, model.spec.model, decoding=decoding_identity(model.spec, 200))
    assert at_200.load(CHILD.requirements) is None
    second, cached = codegen.get_program(model, at_200, "Child", CHILD.requirements, max_tokens=200)
    assert not cached and second.code != first.code and len(model.prompts) == 2
    assert decoding_identity(model.spec, 200).endswith("/m200") and decoding_identity(model.spec, 450) != decoding_identity(model.spec, 200)
    # greedy decoding reads no seed: the generate stage's programs serve every trial's seed
    assert decoding_identity(replace(model.spec, seed=7)) == decoding_identity(replace(model.spec, seed=0))
    warm = replace(model.spec, temperature=0.7)
    assert decoding_identity(replace(warm, seed=7)) != decoding_identity(replace(warm, seed=0))
    # the shipped weights are part of it (pinned digest, no file read): other weights, other programs
    from eligibench.models import SHIPPED_WEIGHTS

    smol = ModelSpec("embedded", "SmolLM2-135M-Instruct", max_tokens=200)
    assert decoding_identity(smol) == f"embedded:SmolLM2-135M-Instruct@t0.0/m200/{SHIPPED_WEIGHTS[smol.model]}"


def test_agent_generates_lazily_and_caches(tmp_path):
    model = ScriptedCodeModel(["```python\n" + NYC_CODE + "```", "```python\n" + CHILD_CODE + "```"])
    ctx = AgentContext(models={"code": model}, options={"cache_dir": str(tmp_path), "phrase_questions": False})
    agent = ProADAAgent(ctx)
    r, _ = _run(agent, ["No."], [NYC, CHILD])  # then "I don't know." to everything: gives up
    assert r.termination == READY and r.predictions == {"Nyc": False, "Child": False} and len(model.prompts) == 2
    events = [(e["event"], e.get("opp") or e.get("key")) for e in agent.trace]
    # lazy: the Child program is generated only after Nyc's function returned
    assert events[:4] == [("program", "Nyc"), ("question", "Nyc"), ("fact", "lives_in_nyc"), ("finished", "Nyc")]
    assert events[4] == ("program", "Child")
    assert len(list((tmp_path / "scripted-code-model").glob("*.json"))) == 2
    agent2 = ProADAAgent(ctx)  # a new dialog: both programs from the cache, no model call
    _run(agent2, ["No."], [NYC, CHILD])
    assert len(model.prompts) == 2 and all(e["cached"] for e in agent2.trace if e["event"] == "program")


# --------------------------------------------------------------------------- real embedded model


@pytest.fixture(scope="module")
def spec(server):
    from eligibench.models import ModelSpec

    return ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct", base_url=server.base_url, timeout_s=180)


def _briefs(ids):
    from eligibench.catalog import load_catalog

    cat = {o.id: o for o in load_catalog(ROOT / "opportunities").opportunities}
    return [OpportunityBrief(i, cat[i].name, cat[i].requirements) for i in ids]


def _check(r, ids):
    assert r.termination in (READY, TURN_LIMIT), r.error
    assert set(r.predictions) == set(ids) and all(type(v) is bool for v in r.predictions.values())
    assert r.agent_calls > 0 and r.agent_prompt_tokens > 0


def test_real_model_dialog_in_process(spec, tmp_path_factory):
    from eligibench.models import make_model

    ids = ["SummerMeals", "IDNYC"]
    briefs = _briefs(ids)
    cache = tmp_path_factory.mktemp("proada-cache")
    models = {"code": make_model(spec), "dialog": make_model(spec)}
    user_model = make_model(replace(spec, max_tokens=60))
    agent = ProADAAgent(AgentContext(seed=0, models=models, options={"cache_dir": str(cache)}))
    try:
        r = run_dialog(agent, SimulatedUser(user_model, PROFILE), briefs, {i: True for i in ids}, "hh1", "diverse",
                       max_questions=6)
    finally:
        agent.close()
        for m in (*models.values(), user_model):
            m.close()
    _check(r, ids)
    print(f"\nproada in-process: {r.termination}, turns={len(r.turns)}, agent calls={r.agent_calls}, "
          f"prompt={r.agent_prompt_tokens}, completion={r.agent_completion_tokens}, user calls={r.user_calls}, "
          f"wall={r.wall_s:.1f}s")
    for e in agent.trace:
        print("  ", e)
    assert list((cache / "smollm2-135m-instruct").glob("*.json"))  # programs cached


@pytest.mark.needs_bwrap  # ProcessAgent of the folder, not a run of the shipped reference: jailed
def test_real_model_dialog_through_process_agent(spec, tmp_path_factory):
    """The real worker process with its guard: the sandbox worker must be allowed to start."""
    from eligibench.evaluation.hosting import ProcessAgent
    from eligibench.models import make_model

    ids = ["SummerMeals"]
    briefs = _briefs(ids)
    cache = tmp_path_factory.mktemp("proada-cache-process")
    # Seed the cache with a hand-written program so the sandbox surely runs inside the worker.
    codegen.ProgramCache(cache / "smollm2-135m-instruct", spec.model, decoding=decoding_identity(spec)).store(
        briefs[0].requirements, codegen.program(CHILD_CODE))
    roles = {"code": asdict(spec), "dialog": asdict(spec)}
    agent = ProcessAgent(FOLDER, "agent:ProADAAgent", roles, 0, {"cache_dir": str(cache)},
                         [ROOT / h for h in ("benyfits", "data", "results", "reports")], call_timeout_s=300,
                         read_only=[cache])  # the jailed worker sees its cache, read-only, like generated/<name>/
    user_model = make_model(replace(spec, max_tokens=60))
    try:
        r = run_dialog(agent, SimulatedUser(user_model, PROFILE), briefs, {"SummerMeals": True}, "hh1", "diverse",
                       max_questions=4)
    finally:
        agent.close()
        user_model.close()
    assert r.termination != AGENT_ERROR, r.error
    _check(r, ids)
    assert len(r.turns) >= 1  # the sandbox ran decide() and asked for a missing fact
    print(f"\nproada process: {r.termination}, turns={len(r.turns)}, agent calls={r.agent_calls}, "
          f"prompt={r.agent_prompt_tokens}, completion={r.agent_completion_tokens}, wall={r.wall_s:.1f}s")
    for t in r.turns:
        print("   Q:", t.question, "| A:", t.answer)


# --------------------------------------------------------------------------- the paper's options (issue 12)


def test_preexisting_keys_reach_code_generation_and_key_the_cache(tmp_path):
    """With preexisting_keys (default), the second program's prompt lists the first program's keys,
    and pregenerating household by household fills exactly the cache entries the agent reads."""
    model = ScriptedCodeModel(["```python\n" + NYC_CODE + "```", "```python\n" + CHILD_CODE + "```"])
    ctx = AgentContext(models={"code": model}, options={"cache_dir": str(tmp_path), "phrase_questions": False})
    _run(ProADAAgent(ctx), ["Yes."], [NYC, CHILD])
    first, second = (p[-1]["content"] for p in model.prompts)
    assert "Keys already used" not in first
    assert "Keys already used" in second and "# lives_in_nyc (bool): the household lives in New York City" in second

    # off: no key list, and a different cache entry (the cached program above is not reused)
    model_off = ScriptedCodeModel(["```python\n" + NYC_CODE + "```", "```python\n" + CHILD_CODE + "```"])
    ctx = AgentContext(models={"code": model_off}, options={"cache_dir": str(tmp_path), "phrase_questions": False,
                                                            "preexisting_keys": False})
    _run(ProADAAgent(ctx), ["Yes."], [NYC, CHILD])
    assert len(model_off.prompts) == 1  # NYC cached (no preexisting keys either way); CHILD generated anew
    assert "Keys already used" not in model_off.prompts[0][-1]["content"]

    # the generate stage's path: household order in, the agent finds every program cached
    pre = ScriptedCodeModel(["```python\n" + NYC_CODE + "```", "```python\n" + CHILD_CODE + "```"], name="pre")
    out = codegen.pregenerate_hook({"code": pre}, [NYC, CHILD], tmp_path / "gen", {}, households=[[NYC.id, CHILD.id]])
    assert set(out) == {NYC.id, CHILD.id} and len(pre.prompts) == 2
    reader = ScriptedCodeModel([], name="pre")  # no replies: any generation would fail the test
    ctx = AgentContext(models={"code": reader}, options={"cache_dir": str(tmp_path / "gen"), "phrase_questions": False})
    agent = ProADAAgent(ctx)
    _run(agent, ["Yes."], [NYC, CHILD])
    assert reader.prompts == [] and all(e["cached"] for e in agent.trace if e["event"] == "program")


class RecordingChatModel:
    """TEST DOUBLE for the dialog model: replies with a fixed text, records each prompt."""

    def __init__(self, text):
        self.text = text
        self.prompts = []
        self.spec = type("Spec", (), {"model": "recording"})()

    def chat(self, messages, json_schema=None, max_tokens=None):
        self.prompts.append([dict(m) if isinstance(m, dict) else m.to_dict() for m in messages])
        return Completion(self.text, 10, 5, None, 0.0, "stop")


def test_question_writer_sees_the_dialog_and_mapper_sees_requirements_and_code_line():
    writer_model = RecordingChatModel("Do you live in New York City?")
    write = dialog_mod.model_question_writer(writer_model, 40, lambda: [("How old are you?", "34.")])
    spec = codegen.program(NYC_CODE).key("lives_in_nyc")
    assert write("NYC", "Lives in NYC.", "lives_in_nyc", spec, None, NYC_CODE) == "Do you live in New York City?"
    prompt = writer_model.prompts[-1][-1]["content"]
    assert "Q: How old are you?\nA: 34." in prompt
    write_blind = dialog_mod.model_question_writer(writer_model, 40)
    write_blind("NYC", "Lives in NYC.", "lives_in_nyc", spec, None, NYC_CODE)
    assert "How old are you?" not in writer_model.prompts[-1][-1]["content"]

    prompts = import_submission_module(FOLDER, "proada_prompts")
    with_context = prompts.mapping_messages("Where?", "Brooklyn.", "lives in NYC", "your household",
                                            "Lives in NYC.", 'return facts["lives_in_nyc"]')
    text = with_context[-1]["content"]
    assert "Requirements:\nLives in NYC." in text and 'return facts["lives_in_nyc"]' in text
    assert "Requirements" not in prompts.mapping_messages("Where?", "Brooklyn.", "x", "you")[-1]["content"]


def test_agent_hands_the_mapper_the_requirements_and_the_code_line():
    seen = []

    class ContextMapper:
        """TEST DOUBLE mapper that reads the agent's mapping context like the model mapper does."""

        def __call__(self, question, answer, spec, member):
            seen.append(agent.map_context)
            return True

    agent = _agent({NYC.id: codegen.program(NYC_CODE)}, ContextMapper(), {"exact_answers": False})
    _run(agent, ["I live in Brooklyn."], [NYC])
    assert seen and seen[0][0] == NYC.requirements and seen[0][1].strip() == 'return facts["lives_in_nyc"]'
