"""Run configurations (a model spec per role), protocols, trial seeds: params, the protocol
module, and the one session path end to end (real agent process, real DuckDB; the model test
uses the real embedded llama.cpp server)."""
from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest
import yaml

from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import SubmissionError, load_manifest
from eligibench.evaluation.run import (
    REFERENCE_SIMULATOR,
    DatasetUse,
    Protocol,
    comparable,
    is_reference,
    protocol_id,
    read_config,
    resolve_run,
    role_specs,
    run_submission,
    seed_table,
    simulator_label,
    trial_seed,
)
from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
from eligibench.models import ModelSpec
from eligibench.results.store import ResultStore

ROOT = Path(__file__).resolve().parents[2]
PARAMS = yaml.safe_load((ROOT / "params.yaml").read_text())


def params_with(runs=None, **evaluate):
    p = copy.deepcopy(PARAMS)
    if runs is not None:
        p["evaluate"]["runs"] = runs
    p["evaluate"].update(evaluate)
    return p


# --------------------------------------------------------------------------- params


def test_shipped_params_have_the_cpu_configurations_and_paper_variants():
    config = read_config(PARAMS)
    assert {"random", "direct", "direct-paper", "react", "react-paper", "worksheet", "proada"} <= set(config.runs)
    assert config.runs["direct-paper"].options["paper"] is True
    assert config.runs["direct-paper"].submission == "direct"
    assert config.submissions == tuple(dict.fromkeys(r.submission for r in config.runs.values()))
    # proada's code role: the default spec with its own max_tokens; dialog: the default unchanged
    proada = config.runs["proada"]
    assert proada.models["code"].max_tokens == 200 and proada.models["code"].model == config.agent_model.model
    assert proada.models["dialog"] == config.agent_model


def test_role_specs_merge_over_the_default_and_unknown_roles_are_refused():
    config = read_config(params_with({"p": {"submission": "proada", "models": {"code": {"temperature": 0.7, "max_tokens": 33}}}}))
    specs = role_specs(load_manifest(ROOT / "submissions" / "proada"), config, config.run("p"))
    assert specs["code"].temperature == 0.7 and specs["code"].max_tokens == 33
    assert specs["dialog"] == config.agent_model  # left out: the default
    config = read_config(params_with({"d": {"submission": "direct", "models": {"code": "default"}}}))
    with pytest.raises(SubmissionError, match="sets models for role\\(s\\) \\['code'\\].*declares \\['dialog'\\]"):
        role_specs(load_manifest(ROOT / "submissions" / "direct"), config, config.run("d"))


@pytest.mark.parametrize("runs,message", [
    ({"x": {"models": {}}}, "'evaluate.runs.x' must be a mapping with 'submission'"),
    ({"x": {"submission": "direct", "model": {}}}, "unknown key\\(s\\) \\['model'\\]"),
    ({"a/b": {"submission": "direct"}}, "must be a plain name"),
    ({"x": {"submission": "direct", "models": {"dialog": {"temperature": 9}}}}, "evaluate.runs.x.models.dialog.*temperature"),
    ({"x": {"submission": "direct", "models": {"dialog": "gpt"}}}, "must be \"default\" or a mapping"),
    ([], "must map configuration names"),
])
def test_bad_run_configurations_name_the_key(runs, message):
    with pytest.raises(ParamsError, match=message):
        read_config(params_with(runs))


def test_unknown_configuration_lists_the_configured_ones_and_legacy_submissions_still_work():
    config = read_config(PARAMS)
    with pytest.raises(ParamsError, match="no run configuration 'nope'.*configured: random"):
        config.run("nope")
    legacy = copy.deepcopy(PARAMS)
    del legacy["evaluate"]["runs"]
    legacy["evaluate"]["submissions"] = ["random", "direct"]
    config = read_config(legacy)
    assert list(config.runs) == ["random", "direct"] and config.default_run("direct").submission == "direct"
    assert config.default_run("brand-new").models == {}  # a queued submission: defaults for every role


# --------------------------------------------------------------------------- protocol


def _protocol(**kw) -> Protocol:
    base = dict(datasets={"diverse": DatasetUse("v1", 60, 60), "representative": DatasetUse("v1", 25, 25)},
                question_cap=None, trials=3, simulator=simulator_label(REFERENCE_SIMULATOR), simulator_reference=True,
                simulator_backend="vllm")
    base.update(kw)
    return Protocol(**base)


def test_protocol_kinds_and_what_differs():
    assert _protocol().kind == "full" and _protocol().differences() == []
    smoke = _protocol(simulator="custom simulator: embedded:SmolLM2", simulator_reference=False,
                      simulator_backend="embedded", question_cap=4, trials=1,
                      datasets={"diverse": DatasetUse("v1", 2, 60), "representative": DatasetUse("v1", 1, 25)})
    assert smoke.kind == "smoke"
    assert smoke.differences() == ["custom simulator: embedded:SmolLM2", "diverse: 2 of 60 households",
                                   "representative: 1 of 25 households", "question cap 4", "1 trial(s), full needs 3"]
    assert _protocol(trials=2).kind == "custom"
    assert _protocol(simulator="custom simulator: openai:gpt-4o", simulator_reference=False,
                     simulator_backend="openai").kind == "custom"
    assert _protocol(simulator="quoting", simulator_reference=False, simulator_backend="stand-in").kind == "smoke"


def test_protocol_json_follows_the_contract_and_equal_protocols_are_comparable():
    j = _protocol().to_json()
    assert set(j) == {"datasets", "question_cap", "trials", "simulator", "split", "kind"}
    assert j["datasets"]["diverse"] == {"data_version": "v1", "households_used": 60, "households_total": 60}
    assert j["simulator"] == {"label": simulator_label(REFERENCE_SIMULATOR), "reference": True}
    assert j["split"] == "public" and j["kind"] == "full"
    assert comparable(j, _protocol().to_json()) and _protocol().protocol_id == protocol_id(j)
    for other in (_protocol(trials=4), _protocol(question_cap=20), _protocol(split="sealed"),
                  _protocol(datasets={"diverse": DatasetUse("v2", 60, 60), "representative": DatasetUse("v1", 25, 25)})):
        assert not comparable(j, other.to_json())
    with pytest.raises(ValueError, match="split"):
        _protocol(split="private")


def test_reference_simulator_is_named_and_anything_else_is_custom():
    assert is_reference(REFERENCE_SIMULATOR)
    assert is_reference(ModelSpec("openai", "Meta-Llama-3.1-70B-Instruct-AWQ-INT4", base_url="http://h:1/v1"))
    assert not is_reference(ModelSpec("vllm", REFERENCE_SIMULATOR.model, temperature=0.7))
    assert not is_reference(ModelSpec("embedded", "SmolLM2-135M-Instruct"))
    assert simulator_label(ModelSpec("embedded", "SmolLM2-135M-Instruct", max_tokens=48)).startswith("custom simulator: ")


# --------------------------------------------------------------------------- seeds


def test_trial_seeds_differ_per_trial_and_role_and_are_stable():
    table = seed_table(0, 3, ["code", "dialog"])
    assert set(table) == {"0", "1", "2"} and set(table["0"]) == {"simulator", "agent", "code", "dialog"}
    assert len({table[k]["simulator"] for k in table}) == 3
    assert len({table[k]["dialog"] for k in table}) == 3
    assert len(set(table["0"].values())) == 4
    assert trial_seed(0, 1, "dialog") == table["1"]["dialog"] == seed_table(0, 3, ["dialog"])["1"]["dialog"]
    assert trial_seed(1, 1, "dialog") != trial_seed(0, 1, "dialog")
    assert trial_seed(0, 1, "dialog") == 1154396854  # pinned (sha256 of "0/1/dialog", first 4 bytes, 31 bits): the same params give the same seeds everywhere


# --------------------------------------------------------------------------- the session path, end to end

PROBE_AGENT = '''
from eligibench.evaluation.hosting import Agent


class ProbeAgent(Agent):
    """Asks one question that reports what reached it: each role's spec, seed, and one real call."""

    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        parts = []
        for role in ("code", "dialog"):
            m = self.context.model(role)
            reply = m.chat([{"role": "user", "content": "Say hello."}])
            parts.append(f"{role}:t={m.spec.temperature}:m={m.spec.max_tokens}:s={m.spec.seed}:"
                         f"n={reply.completion_tokens}")
        parts.append(f"agent:s={self.context.seed}:opt={self.context.options.get('flavour')}")
        return "How old are you? " + " ".join(parts)

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        return {i: False for i in self.ids}
'''


@pytest.fixture()
def probe_project(tmp_path) -> Path:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    (proj / "submissions" / "probe").mkdir(parents=True)
    make_dataset(proj / "benyfits", n_diverse=2, n_representative=1)
    (proj / "submissions" / "probe" / "agent.py").write_text(PROBE_AGENT)
    (proj / "submissions" / "probe" / "manifest.yaml").write_text(yaml.safe_dump({
        "name": "probe", "strategy": "test", "authors": ["Tester"], "entry_point": "agent:ProbeAgent",
        "models": {"code": "default", "dialog": "default"}, "license": "MIT", "options": {"flavour": "manifest"}}))
    return proj


@pytest.mark.needs_bwrap
def test_two_roles_with_different_specs_reach_the_agent_and_trials_are_seeded_and_recorded(probe_project, server):
    runs = {"probe-two": {"submission": "probe", "options": {"flavour": "config"}, "models": {
        "code": {"temperature": 0.7, "max_tokens": 5},
        "dialog": {"temperature": 0.0, "max_tokens": 3}}}}
    p = params_with(runs, subset={"diverse": 1, "representative": 1}, trials=2, bootstrap=10, concurrency=1,
                    max_questions=2, call_timeout_s=120, store="results/test.duckdb")
    p["evaluate"]["agent_model"]["base_url"] = server.base_url  # the shared real llama.cpp server
    config = read_config(p)
    manifest = load_manifest(probe_project / "submissions" / "probe")
    resolved = resolve_run(config, manifest, config.run("probe-two"), project=probe_project, stand_in_label=QUOTING_LABEL)
    summary = run_submission(resolved, project=probe_project, user_model=QuotingUserModel())
    store = ResultStore(probe_project / "results" / "test.duckdb")
    run = next(r for r in store.runs() if r["run_id"] == summary["run_id"])
    assert run["run_config"] == "probe-two" and run["status"] == "done"
    assert run["role_models"] == {"code": "embedded:SmolLM2-135M-Instruct@t0.7/m5",
                                  "dialog": "embedded:SmolLM2-135M-Instruct@t0/m3"}
    assert run["protocol"]["kind"] == "smoke" and run["protocol_id"] == protocol_id(run["protocol"])
    assert run["protocol"]["trials"] == 2 and run["protocol"]["question_cap"] == 2
    assert run["protocol"]["datasets"]["diverse"] == {"data_version": "synthetic-test", "households_used": 1,
                                                      "households_total": 2}
    seeds = run["params"]["trial_seeds"]
    assert seeds == seed_table(config.seed, 2, ["code", "dialog"])

    questions = {(t["dataset"], t["trial"]): store.transcript(run["run_id"], t["dataset"], t["row_id"], t["trial"])
                 for t in store.dialogs(run["run_id"])}
    assert len(questions) == 4  # 2 datasets x 2 trials
    for (_dataset, trial), dialog in questions.items():
        q = dialog["turns"][0]["question"]
        s = seeds[str(trial)]
        assert f"code:t=0.7:m=5:s={s['code']}:" in q, q
        assert f"dialog:t=0.0:m=3:s={s['dialog']}:" in q, q
        assert f"agent:s={s['agent']}:opt=config" in q, q  # the configuration's option over the manifest's
        # the real model obeyed each role's own max_tokens
        n_code = int(q.split("code:")[1].split("n=")[1].split()[0])
        n_dialog = int(q.split("dialog:")[1].split("n=")[1].split()[0])
        assert n_code <= 5 and n_dialog <= 3
    assert seeds["0"]["dialog"] != seeds["1"]["dialog"]

    names = {(m["dataset"], m["name"]) for m in store.metrics(run["run_id"])}
    for name in ("f1_trial_0", "f1_trial_1", "f1_sd", "turns_sd", "pass_all_trials", "same_all_trials",
                 "agent_calls", "simulator_calls", "term_ready", "households", "turn_weighted_f1"):
        assert ("average", name) in names and ("diverse", name) in names, name
    summary_file = json.loads(json.dumps(summary))
    assert summary_file["run_config"] == "probe-two" and summary_file["protocol"]["kind"] == "smoke"


@pytest.mark.needs_bwrap
def test_the_cpu_default_is_the_labelled_smoke_protocol_never_the_full_one(tmp_path):
    """params.yaml as shipped (grounded lexical/template simulator over the embedded spec, CPU
    subset, question cap): the smoke protocol, whatever simulator mode it uses."""
    from eligibench.evaluation.run import open_session
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    config = read_config(yaml.safe_load((ROOT / "params.yaml").read_text()))
    assert config.simulator_mode.grounded and not config.simulator_mode.uses_model  # the shipped default
    with open_session(resolve_run(config, load_manifest(ROOT / "submissions" / "random"), project=proj), proj) as session:
        protocol = session.spec.protocol
    assert protocol["kind"] == "smoke" and not protocol["simulator"]["reference"]


def test_protocol_names_its_edition_only_when_not_2024():
    base = _protocol()
    assert "edition" not in base.to_json()  # 2024 protocol ids are unchanged by editions
    later = _protocol(edition="2026-08")
    assert later.to_json()["edition"] == "2026-08" and later.kind == "full"
    assert later.protocol_id != base.protocol_id  # never ranked together


def test_protocol_default_edition_is_the_catalogs():
    from eligibench.catalog import DEFAULT_EDITION

    assert _protocol().edition == DEFAULT_EDITION
