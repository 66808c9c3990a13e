"""Every setting a run records reaches the wire.

One dialog of every active run configuration in params.yaml AND of every commented Table 1
configuration (uncommented in a scratch copy) runs through the one evaluation path against
recording fakes of OpenAI-compatible endpoints (real HTTP on 127.0.0.1; no GPU or API here), one
fake per configured endpoint. Every request is then checked against the resolved run: it went to
the endpoint its role's spec names, with that role's key variable, model, temperature, trial
seed, max_tokens (the spec's, unless the run's options name a per-call limit) and response
format; unconstrained specs send neither response_format nor seed. The simulated user is the
free-form one over a server spec, so its calls are checked the same way.
"""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml

from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.run import SIMULATOR, read_config, resolve_run, run_submission
from eligibench.models.preflight import PROBE_MESSAGES
from tests.fakes.openai_server import FakeOpenAIServer

ROOT = Path(__file__).resolve().parents[2]
PARAMS_TEXT = (ROOT / "params.yaml").read_text()
KEYS = {"OPENAI_API_KEY": "sk-test-openai", "ANTHROPIC_API_KEY": "sk-test-anthropic"}
OPENAI_DEFAULT = "<openai default>"  # an openai spec without base_url: $OPENAI_BASE_URL
EMBEDDED_DEFAULT = "<embedded>"  # an embedded spec without base_url (normally a llama.cpp server)
# Per-call limits the CPU configurations name in their options, by the call they limit. The
# helpers' JSON calls are told apart by their schema: READY is yes/no, PREDICT is booleans.
CALL_OPTIONS = ("question_max_tokens", "ready_max_tokens", "predict_max_tokens", "thought_max_tokens",
                "code_max_tokens", "mapping_max_tokens", "worksheet_max_tokens")


def table1_runs() -> dict:
    """The commented Table 1 configurations of params.yaml, parsed as YAML."""
    block = PARAMS_TEXT.split("# --- Table 1 (begin)", 1)[1].split("# --- Table 1 (end)", 1)[0]
    lines = [line for line in block.splitlines() if re.match(r"^    # {1,3}[a-z]", line) or re.match(r"^    #   ", line)]
    text = "\n".join(line.replace("    # ", "", 1) for line in lines if not line.strip().startswith("# The")
                     and not line.strip().startswith("# Models") and not line.strip().startswith("# \"GPU")
                     and ":" in line)
    runs = yaml.safe_load(text)
    assert isinstance(runs, dict) and runs, "no Table 1 configurations found between the markers in params.yaml"
    return runs


def test_table1_block_parses_and_names_every_paper_row():
    runs = table1_runs()
    for name in ("direct-llama8b", "direct-llama70b", "direct-gpt4o", "direct-o3mini", "direct-claude37",
                 "react-llama8b", "react-llama70b", "react-gpt4o", "react-claude37", "proada-gpt4o",
                 "proada-llama70b", "proada-o3mini", "proada-claude37", "proada-qwen32b",
                 "proada-dialog-llama8b", "proada-dialog-gpt4o", "proada-no-clarity"):
        assert name in runs, name


def _endpoint(spec: dict) -> str:
    if spec.get("base_url"):
        return spec["base_url"]
    return OPENAI_DEFAULT if spec.get("backend") == "openai" else EMBEDDED_DEFAULT


def _all_specs(params: dict) -> list[dict]:
    ev = params["evaluate"]
    out = [ev["simulator"], ev["agent_model"]]
    for body in ev["runs"].values():
        out += [v for v in (body.get("models") or {}).values() if isinstance(v, dict)]
    return out


@pytest.fixture()
def scratch(tmp_path, monkeypatch):
    """A project with a small published dataset and params: the shipped runs + Table 1, the
    free-form reference-style simulator, every endpoint pointed at its own recording fake."""
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=1, n_representative=1)
    params = yaml.safe_load(PARAMS_TEXT)
    ev = params["evaluate"]
    ev["runs"].update(table1_runs())
    ev["simulator"] = {"backend": "vllm", "model": "hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4",
                       "base_url": "http://127.0.0.1:8000/v1", "temperature": 0.0, "seed": 0, "max_tokens": 256}
    ev["simulator_mode"] = "free-form"
    ev.update(subset={"diverse": 1, "representative": None}, max_questions=1, trials=1, bootstrap=10,
              store="results/wire.duckdb", call_timeout_s=60)
    for body in ev["runs"].values():
        if body["submission"] in ("proada", "worksheet"):  # no program cache to write in the scratch project
            body["options"] = {**(body.get("options") or {}), "use_cache": False}
    # every distinct configured endpoint gets its own fake, serving the models configured there
    served: dict[str, set[str]] = {}
    for spec in _all_specs(params):
        if "model" not in spec:  # a partial spec merged over agent_model: agent_model's endpoint and model
            continue
        served.setdefault(_endpoint(spec), set()).add(spec["model"] if spec.get("backend") != "embedded"
                                                       else "SmolLM2-135M-Instruct")
    # roles left out or "default" use agent_model
    served.setdefault(_endpoint(ev["agent_model"]), set()).add("SmolLM2-135M-Instruct")
    fakes = {url: FakeOpenAIServer(models=sorted(models)).start() for url, models in served.items()}
    original = copy.deepcopy(params)
    for spec in _all_specs(params):
        url = _endpoint(spec)
        if "model" not in spec and "backend" not in spec:
            continue  # inherits agent_model's (rewritten) base_url
        if url != OPENAI_DEFAULT:
            spec["base_url"] = fakes[url].base_url
    if OPENAI_DEFAULT in fakes:
        monkeypatch.setenv("OPENAI_BASE_URL", fakes[OPENAI_DEFAULT].base_url)
    for k, v in KEYS.items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("BENYFITS_OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("BENYFITS_OPENAI_BASE_URL", raising=False)
    try:
        yield proj, params, original, fakes
    finally:
        for f in fakes.values():
            f.close()


def _expected_limit(role: str, options: dict, body: dict, spec_limit: int) -> set[int]:
    """The max_tokens a call of `role` may carry: its spec's, or a per-call limit its options name."""
    named = {int(options[o]) for o in CALL_OPTIONS if options.get(o) is not None}
    return {spec_limit} | named


def _call_errors(req, body: dict, limit, spec, resolved, role: str) -> list[str]:
    """What differs between one recorded call and the spec of the role it is checked against."""
    opts = dict(resolved.options) if role != SIMULATOR else {}
    want_seed = resolved.seeds["0"].get(role, spec.seed)
    constrained = getattr(spec, "decoding", "constrained") != "unconstrained"
    rf = body.get("response_format")
    errs = []
    if limit not in _expected_limit(role, opts, body, spec.max_tokens):
        errs.append(f"max_tokens {limit}, spec {spec.max_tokens}")
    if body.get("temperature") != spec.temperature:
        errs.append(f"temperature {body.get('temperature')} != {spec.temperature}")
    if constrained and body.get("seed") != want_seed:
        errs.append(f"seed {body.get('seed')} != trial seed {want_seed}")
    if not constrained and ("seed" in body or rf is not None):
        errs.append("unconstrained spec sent seed/response_format")
    if rf is not None:
        style = spec.response_format or "json_schema"  # every backend builds the same request (openai_compat.py)
        if rf.get("type") != style:
            errs.append(f"response_format {rf.get('type')} != {style}")
    key_env = getattr(spec, "api_key_env", None)
    auth = req.headers.get("Authorization") or req.headers.get("authorization") or ""
    if key_env and auth != f"Bearer {KEYS[key_env]}":
        errs.append(f"Authorization {auth!r} is not ${key_env}")
    return errs


@pytest.mark.needs_bwrap
@pytest.mark.e2e  # every configuration run end to end against the fake endpoints: ~70 s
def test_every_configuration_sends_what_it_records(scratch):
    proj, params, original, fakes = scratch
    config = read_config(params)
    by_url = {f.base_url: url for url, f in fakes.items()}
    problems: list[str] = []
    checked = 0
    for name in config.runs:
        for f in fakes.values():
            f.requests.clear()
        run = config.run(name)
        manifest = load_manifest(ROOT / "submissions" / run.submission)
        resolved = resolve_run(config, manifest, run, project=proj)
        run_submission(resolved, project=proj)
        orig_runs = original["evaluate"]["runs"]
        orig_models = (orig_runs[name].get("models") or {}) if name in orig_runs else {}
        roles = {role: (spec, orig_models.get(role) if isinstance(orig_models.get(role), dict) else
                        original["evaluate"]["agent_model"]) for role, spec in resolved.roles.items()}
        roles[SIMULATOR] = (resolved.config.simulator, original["evaluate"]["simulator"])
        for url, fake in fakes.items():
            for req in fake.chat_requests():
                body = req.body
                if body.get("messages") == PROBE_MESSAGES:
                    continue  # the preflight's own probe before the first dialog (tests/models/test_preflight.py)
                checked += 1
                limit = body.get("max_completion_tokens", body.get("max_tokens"))
                candidates = [r for r, (s, o) in roles.items()
                              if _endpoint(o) == url and s.model == body.get("model")]
                if not candidates:
                    problems.append(f"{name}: a call to {url} for model {body.get('model')!r} matches no role")
                    continue
                failures = []
                for role in candidates:
                    errs = _call_errors(req, body, limit, roles[role][0], resolved, role)
                    if not errs:
                        break
                    failures.append(f"{name}/{role} at {url}: " + "; ".join(errs))
                else:
                    problems.extend(failures)
        called = {url for url, f in fakes.items() if f.chat_requests()}
        if resolved.roles and not called:
            problems.append(f"{name}: its roles made no call")
        assert by_url  # fakes are up
    assert checked > 0
    assert not problems, "\n".join(problems[:40])
