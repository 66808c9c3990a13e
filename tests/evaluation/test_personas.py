"""Personas (issue 32): each behaviour on real published households, its allowance in the answer
check (faithful within it, contradicted beyond it), the per-household draw, cooperative unchanged,
and the teacher losing pairs when incomes near a threshold are only given roughly."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from eligibench import params, paths
from eligibench.datasets import dataset_path, read_parquet
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import AgentContext, import_submission_module
from eligibench.evaluation.hosting.types import Dialog, OpportunityBrief
from eligibench.evaluation.run import DatasetUse, Protocol, load_run, read_config, run_identity
from eligibench.evaluation.user import (
    CONTRADICTED,
    FAITHFUL,
    PERSONAS,
    GroundedUser,
    PersonaUser,
    allowance_from_note,
    check_answer,
    make_user,
    numbers,
    persona_card,
    read_mode,
    traits_for,
    undeterminable,
    withheld_keys,
)
from eligibench.household import display_name, fact, replace_member
from eligibench.results import Turn, run_id_for

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)

ROOT = Path(__file__).resolve().parents[2]


def _rows():
    return (read_parquet(dataset_path(ROOT / paths.DATASET_DIR, "representative"))
            + read_parquet(dataset_path(ROOT / paths.DATASET_DIR, "diverse")))


@pytest.fixture(scope="module")
def rows():
    return _rows()


def _user(row, *traits):
    return PersonaUser(GroundedUser(None, row.household), "test", frozenset(traits))


def _ask(user, question, history=()):
    """(answer, its check against the facts it stated, with its allowance)."""
    a = user.answer(list(history), question)
    facts = [fact(user.household, k) for k, _ in a.facts]
    return a, check_answer(a.text, facts, numbers(question), allowance_from_note(a.how))


def _first(rows, pred):
    return next(r for r in rows if pred(r))


def test_cooperative_is_the_grounded_user_byte_for_byte(rows):
    mode = read_mode({"mode": "grounded", "persona": "cooperative"})
    assert mode == read_mode({"mode": "grounded"}) and mode.label == "grounded:lexical/template"
    for row in rows[:10]:
        user = make_user(mode, None, row, 48)
        assert type(user) is GroundedUser
    typical = read_mode({"mode": "grounded", "persona": "typical"})
    assert typical.label == "grounded:lexical/template persona:typical"
    assert read_mode({"mode": "grounded", "persona": "hard", "persona_seed": 3}).label.endswith("persona:hard/s3")


def test_committed_run_ids_do_not_move_under_cooperative_and_move_under_a_persona():
    """Measured against the commit before personas (95efa20~1): the same run ids for every
    committed configuration; here: naming cooperative changes nothing, another persona changes both ids."""
    raw = copy.deepcopy(params.load(ROOT / paths.PARAMS))
    ids = {}
    for persona in (None, "cooperative", "typical"):
        mode = dict(raw["evaluate"]["simulator_mode"]) | ({"persona": persona} if persona else {})
        config = read_config(raw | {"evaluate": raw["evaluate"] | {"simulator_mode": mode}})
        ids[persona] = {}
        for name in ("random", "direct", "teacher"):
            spec = run_identity(load_run(name, ROOT, config=config))
            ids[persona][name] = (run_id_for(spec), spec.protocol_id, "persona" in spec.protocol)
    assert ids[None] == ids["cooperative"]
    assert not any(has for _, _, has in ids[None].values())
    for name, (run_id, protocol, has) in ids["typical"].items():
        assert has and run_id != ids[None][name][0] and protocol != ids[None][name][1]


def test_persona_needs_the_grounded_template_user():
    with pytest.raises(ParamsError, match="persona"):
        read_mode({"mode": "free-form", "persona": "typical"})
    with pytest.raises(ParamsError, match="answer template"):
        read_mode({"mode": "grounded", "answer": "model", "persona": "hard"})
    with pytest.raises(ParamsError, match="expected one of cooperative, typical, hard"):
        read_mode({"mode": "grounded", "persona": "grumpy"})


def test_protocol_records_a_persona_only_when_not_cooperative():
    d = {"representative": DatasetUse("v", 1, 25)}
    base = Protocol(d, 4, 1, "grounded:lexical/template", False, "embedded")
    assert "persona" not in base.to_json()
    assert Protocol(d, 4, 1, "grounded:lexical/template", False, "embedded", persona="cooperative").protocol_id == \
        base.protocol_id
    hard = Protocol(d, 4, 1, "grounded:lexical/template", False, "embedded", persona="hard")
    assert hard.to_json()["persona"] == "hard" and hard.protocol_id != base.protocol_id


def test_traits_are_drawn_per_household_by_seed(rows):
    ids = [r.id for r in rows]
    assert all(traits_for("cooperative", i) == frozenset() for i in ids)
    assert all("approximate" in traits_for("hard", i) for i in ids)  # rate 1.0
    typical = [traits_for("typical", i) for i in ids]
    assert typical == [traits_for("typical", i) for i in ids]  # deterministic
    share = sum("approximate" in t for t in typical) / len(typical)
    assert 0.4 < share < 0.8  # rate 0.6 over the published households
    assert typical != [traits_for("typical", i, seed=1) for i in ids]
    assert not any({"terse", "talkative"} <= t for p in PERSONAS for i in ids for t in [traits_for(p, i)])


def test_approximate_rounds_money_within_its_allowance_and_gives_it_exactly_on_request(rows):
    row = _first(rows, lambda r: r.household.members[0].annual_work_income >= 10_000
                 and r.household.members[0].annual_work_income % 1000 not in (0, 500))
    income = row.household.members[0].annual_work_income
    user = _user(row, "approximate")
    a, c = _ask(user, "How much do you earn from work in a year?")
    rounded = round(income / 1000) * 1000
    assert f"about ${rounded:,}" in a.text and f"{income:,}" not in a.text and c.verdict == FAITHFUL
    exact, c2 = _ask(user, "Exactly how much do you earn from work in a year, to the dollar?")
    assert f"${income:,}" in exact.text and c2.verdict == FAITHFUL
    # beyond the rounding (half a thousand): contradicted, even with the allowance
    off = a.text.replace(f"{rounded:,}", f"{rounded + 2000:,}")
    assert check_answer(off, [fact(row.household, "m0.annual_work_income")],
                        allowance=allowance_from_note(a.how)).verdict == CONTRADICTED


def test_partial_knowledge_does_not_know_others_income_and_marks_pairs_undeterminable(rows):
    row = _first(rows, lambda r: r.household.size > 1 and r.household.members[1].annual_work_income > 0)
    name = display_name(row.household, 1)
    user = _user(row, "partial")
    a, c = _ask(user, f"How much does {name} earn from work in a year?")
    assert "not sure" in a.text and str(row.household.members[1].annual_work_income) not in a.text.replace(",", "")
    assert a.facts == () and c.verdict == FAITHFUL
    # without the persona's allowance the same words are a "don't know" fault
    assert check_answer(a.text, [fact(row.household, "m1.annual_work_income")]).verdict != FAITHFUL
    hidden = withheld_keys(row.household, frozenset({"partial"}))
    assert "m1.annual_work_income" in hidden and "m0.annual_work_income" not in hidden
    # the ground truth is unchanged; the pairs that read a hidden fact are marked, the others not
    marks = [undeterminable(r.needed_facts, withheld_keys(r.household, frozenset({"partial"}))) for r in rows]
    assert any(any(m) for m in marks) and not all(all(m) for m in marks if m)
    assert undeterminable(row.needed_facts, frozenset()) == tuple(False for _ in row.needed_facts)


def test_jargon_asks_what_a_program_is_until_explained(rows):
    row = rows[0]
    user = _user(row, "jargon")
    a, c = _ask(user, "Do you receive SNAP?")
    assert a.text == "I've never heard of SNAP. What is that?" and a.facts == () and c.verdict == FAITHFUL
    q = "SNAP (food stamps) is a program that helps buy food. Do you receive SNAP?"
    b, c2 = _ask(user, q, [Turn("Do you receive SNAP?", a.text)])
    truth = row.household.members[0].receives_snap
    assert b.facts == (("m0.receives_snap", truth),) and c2.verdict == FAITHFUL
    # once explained, the term stays explained for the rest of the dialog
    again, _ = _ask(user, "Does anyone else receive SNAP?", [Turn(q, b.text)])
    assert "never heard" not in again.text


def test_one_at_a_time_answers_the_first_question_only(rows):
    row = _first(rows, lambda r: r.household.size > 1)
    name = display_name(row.household, 1)
    a, _ = _ask(_user(row, "one_at_a_time"), f"How old are you? And how old is {name}?")
    assert [k for k, _ in a.facts] == ["m0.age"]
    full = GroundedUser(None, row.household).answer([], f"How old are you? And how old is {name}?")
    assert "m1.age" in [k for k, _ in full.facts]


def test_reluctance_declines_income_and_status_until_told_why(rows):
    row = _first(rows, lambda r: r.household.members[0].annual_work_income > 0)
    user = _user(row, "reluctant")
    a, c = _ask(user, "How much do you earn from work in a year?")
    assert a.text == "I'd rather not say. Why do you need to know?" and c.verdict == FAITHFUL
    status, _ = _ask(user, "What is your citizenship status?")
    assert status.text == a.text
    why = "We ask to check which programs you qualify for. How much do you earn from work in a year?"
    b, c2 = _ask(user, why, [Turn("How much do you earn from work in a year?", a.text)])
    assert f"{row.household.members[0].annual_work_income:,}" in b.text and c2.verdict == FAITHFUL
    # a refusal after the explanation is contradicted: the allowance no longer covers it
    assert check_answer(a.text, [fact(row.household, "m0.annual_work_income")],
                        allowance=allowance_from_note(b.how)).verdict == CONTRADICTED
    assert "age" in _ask(user, "How old are you?")[0].text or "years" in _ask(user, "How old are you?")[0].text


def test_talkative_adds_a_true_fact_and_terse_gives_the_bare_answer(rows):
    row = rows[3]
    q = "Do you have a disability?"
    plain = GroundedUser(None, row.household).answer([], q)
    chatty, c = _ask(_user(row, "talkative"), q)
    assert chatty.text.startswith(plain.text) and len(chatty.facts) == len(plain.facts) + 1 and c.verdict == FAITHFUL
    terse, c2 = _ask(_user(row, "terse"), q)
    assert terse.text in ("Yes.", "No.") and plain.text.startswith(terse.text) and c2.verdict == FAITHFUL


def test_corrects_states_a_number_wrong_once_and_corrects_it_when_asked_again(rows):
    row = _first(rows, lambda r: r.household.members[0].age > 0)
    age = row.household.members[0].age
    user = _user(row, "corrects")
    a, c = _ask(user, "How old are you?")
    assert str(age + 1) in a.text and c.verdict == FAITHFUL  # the first statement's allowance covers it
    b, c2 = _ask(user, "How old are you?", [Turn("How old are you?", a.text)])
    assert b.text.startswith("Sorry, I got that wrong before:") and re.search(rf"\b{age}\b", b.text)
    assert c2.verdict == FAITHFUL
    # the wrong number again, after the correction was due: contradicted
    assert check_answer(a.text, [fact(row.household, "m0.age")], allowance=allowance_from_note(b.how)).verdict \
        == CONTRADICTED


def test_persona_card_lists_the_households_behaviours():
    card = persona_card("typical", frozenset({"approximate", "reluctant"}))
    assert "about $24,000" in card and "told why" in card and "program names" not in card
    assert "exactly and fully" in persona_card("cooperative")


def _teacher_dialog(agent_cls, row, user):
    briefs = tuple(OpportunityBrief(o, o, "") for o in row.opportunities)
    agent = agent_cls(AgentContext(options={}))
    agent.start(briefs)
    d = Dialog(briefs, (), None)
    while not agent.ready(d) and len(d.turns) < d.limit:
        q = agent.ask(d)
        d = Dialog(briefs, d.turns + (Turn(q, user.answer(list(d.turns), q).text),), None)
    return agent.predict(d)


def _boundary(check, hh, member, feature, lo, hi):
    """The smallest amount in (lo, hi] at which `check` no longer gives its verdict at lo."""
    def verdict(v):
        return check(replace_member(hh, member, **{feature: v})) is True
    base = verdict(lo)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if verdict(mid) == base else (lo, mid)
    return hi


def test_the_teacher_loses_pairs_when_incomes_near_a_threshold_are_given_roughly(rows):
    """The published flips name income limits; on each such real household the income is set
    just beside the limit, on the side its rounding to "about $N" crosses. Told exactly, the teacher
    gets the pair; told roughly (approximate, nothing else), it crosses the limit with the number."""
    import checkers
    reg = checkers.registry()
    teacher = import_submission_module(ROOT / "submissions" / "teacher", "agent").TeacherAgent
    cases = exact_right = lost = 0
    for row in rows:
        for o, raw in zip(row.opportunities, row.flips):
            flip = json.loads(raw) if raw else None
            if not flip or flip["feature"] not in ("annual_work_income", "annual_investment_income") or flip["member"]:
                continue
            lo, hi = sorted((int(flip["from"]), int(flip["to"])))
            b = _boundary(reg[o].check, row.household, 0, flip["feature"], lo, hi)
            step = 1000 if b >= 10_000 else 100
            v = b - 1 if round((b - 1) / step) * step >= b else b  # its "about" lands across the limit
            hh = replace_member(row.household, 0, **{flip["feature"]: v})
            truth = reg[o].check(hh) is True
            exact = _teacher_dialog(teacher, row, GroundedUser(None, hh))
            rough = _teacher_dialog(teacher, row, PersonaUser(GroundedUser(None, hh), "test", frozenset({"approximate"})))
            cases += 1
            exact_right += exact[o] == truth
            lost += exact[o] == truth and rough[o] != truth
            if cases >= 8:
                break
        if cases >= 8:
            break
    assert cases >= 3, "the published rows name income limits in their flips"
    assert exact_right == cases
    print(f"income limits: {cases}, teacher right told exactly: {exact_right}, lost told roughly: {lost}")
    assert lost >= cases // 2, (lost, cases)


def _teacher_dialog(agent_cls, row, user):
    briefs = tuple(OpportunityBrief(o, o, "") for o in row.opportunities)
    agent = agent_cls(AgentContext(options={}))
    agent.start(briefs)
    d = Dialog(briefs, (), None)
    while not agent.ready(d) and len(d.turns) < d.limit:
        q = agent.ask(d)
        d = Dialog(briefs, d.turns + (Turn(q, user.answer(list(d.turns), q).text),), None)
    return agent.predict(d)


def test_with_persona_sets_the_protocol_and_the_card_a_person_plays(rows):
    from eligibench.cli.persona_option import card_for, with_persona
    from eligibench.errors import BenyfitsError

    config = read_config(params.load(ROOT / paths.PARAMS))
    assert with_persona(config, None) is config and card_for(config, rows[0].id) is None
    hard = with_persona(config, "hard")
    assert hard.simulator_mode.persona == "hard"
    card = card_for(hard, rows[0].id)
    assert card.startswith("Persona hard") and "roughly" in card  # approximate: rate 1.0 in hard
    with pytest.raises(BenyfitsError, match="expected one of cooperative, typical, hard"):
        with_persona(config, "grumpy")


@pytest.mark.needs_bwrap
def test_realism_stage_records_each_persona_and_the_board_shows_the_paired_drop(tmp_path, monkeypatch):
    """The stage in a tmp project (the teacher jailed, knowledge from its hook): one run per
    persona, persona_pairs stored, reports/realism.json, and the board's Realism rows agree with it."""
    import shutil

    import yaml

    from leaderboard import queries as Q
    from stages import realism as stage

    proj = tmp_path / "project"
    (proj / "submissions").mkdir(parents=True)
    shutil.copytree(ROOT / "submissions" / "teacher", proj / "submissions" / "teacher",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (proj / paths.DATASET_DIR).symlink_to(ROOT / paths.DATASET_DIR)
    knowledge = import_submission_module(ROOT / "submissions" / "teacher", "knowledge")
    knowledge.build(proj / "generated" / "teacher", ROOT / paths.DATASET_DIR, ROOT / paths.CHECKERS)
    raw = copy.deepcopy(params.load(ROOT / paths.PARAMS))
    raw["evaluate"].update(runs={"teacher": {"submission": "teacher"}}, bootstrap=50, store="results/test.duckdb",
                           isolation="jail")
    raw["realism"] = {"submission": "teacher", "personas": ["cooperative", "hard"],
                      "households": {"representative": 2, "diverse": 2}, "subset_select": "first",
                      "max_questions": 40}
    (proj / "params.yaml").write_text(yaml.safe_dump(raw))
    monkeypatch.chdir(proj)
    stage.main()
    report = json.loads((proj / "reports" / "realism.json").read_text())
    hard = report["drops"]["hard"]
    assert set(report["runs"]) == {"cooperative", "hard"} and hard["households"] == 4
    with Q.StoreSource(proj / "results" / "test.duckdb").reader() as r:
        board = Q.realism(r)
        stored = r.df("SELECT count(*) AS n FROM persona_pairs WHERE run_id = ?", [report["runs"]["hard"]["run_id"]])
    assert list(board["persona"]) == ["cooperative", "hard"]
    row = board[board["persona"] == "hard"].iloc[0]
    assert int(stored["n"].iloc[0]) == hard["undeterminable_pairs"] == row["undeterminable pairs"]
    assert row["F1 drop"] == round(hard["drop"]["f1"]["drop"], 1)
