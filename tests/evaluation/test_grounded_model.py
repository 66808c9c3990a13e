"""The grounded user with the real embedded SmolLM2-135M as selector and phrasing model."""
from benchmarks.selector_questions import HOUSEHOLD
from eligibench.evaluation.user import GroundedUser, model_select, template_answer, verify_phrased
from eligibench.household.facts import fact, household_facts
from eligibench.models import EmbeddedModel, ModelSpec


def test_model_selection_is_constrained_and_model_answers_are_verified_or_replaced(server):
    spec = ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct", max_tokens=48, timeout_s=300,
                     base_url=server.base_url)
    with EmbeddedModel(spec) as m:
        # Two keys, not the default four: each key the grammar (an enum of the household's ~360 keys)
        # constrains costs the 2-core machine about a CPU-second, and the default's reply was most of
        # this test (59 completion tokens, 31 s wall; with two, 36 tokens and ~7 s).
        calls = []
        chat = m.chat
        m.chat = lambda *a, **k: calls.append(chat(*a, **k)) or calls[-1]
        keys = model_select(m, "How old is Leo?", HOUSEHOLD, max_keys=2)
        m.chat = chat
        assert set(keys) <= set(household_facts(HOUSEHOLD)) and len(keys) <= 2
        # one call: the token limit has room for the longest keys pretty-printed (with 12 tokens a key
        # the reply was cut and the correction turn restated the ~360-key enum: 5,467 prompt tokens)
        assert len(calls) == 1, [c.text for c in calls]
        user = GroundedUser(m, HOUSEHOLD, selector="lexical", answerer="model", max_tokens=48)
        for q in ("How old is your husband?", "Do you receive SNAP benefits?", "How much rent do you pay each month?"):
            a = user.answer([], q)
            facts = [fact(HOUSEHOLD, k) for k, _ in a.facts]
            assert a.facts and a.prompt_tokens > 0  # the phrasing call was made and counted
            if a.how == "model":
                assert verify_phrased(a.text, facts, q) is None
            else:
                assert a.how.startswith("model rejected") and a.text == template_answer(facts, q)
