"""`benyfits evaluate --simulator SPEC [--simulator-mode MODE]` (issue 31 item 4): one flag makes a
run of the same agent configuration under another simulator, recorded as another protocol with the
simulator's identity. Real subprocesses, a real store, the shipped params."""
from __future__ import annotations

import json

import pytest

from eligibench.cli.simulator_option import mode_override, simulator_overrides
from eligibench.errors import BenyfitsError
from eligibench.evaluation.run.simulator_identity import KNOWN_WEIGHTS
from tests.evaluation.doubles import write_one_question_agent
from tests.evaluation.reference_project import make_reference_project, run


def test_spec_sets_backend_model_and_keys_over_the_params_simulator():
    current = {"backend": "embedded", "model": "SmolLM2-135M-Instruct", "max_tokens": 48, "base_url": "http://x/v1"}
    assert simulator_overrides("vllm:org/M-8B,base_url=http://127.0.0.1:8000/v1,temperature=0.5", current) == {
        "backend": "vllm", "model": "org/M-8B", "max_tokens": 48, "base_url": "http://127.0.0.1:8000/v1",
        "temperature": 0.5}
    assert simulator_overrides("embedded:other.gguf", current)["base_url"] == "http://x/v1"  # same backend: kept
    assert "base_url" not in simulator_overrides("openai:gpt-x", current)  # another backend's server is not this one
    for bad in ("SmolLM2", "vllm:", "vllm:m,temperature"):
        with pytest.raises(BenyfitsError, match="--simulator"):
            simulator_overrides(bad, current)
    assert mode_override("free-form") == "free-form"
    assert mode_override("grounded:model/template") == {"mode": "grounded", "select": "model", "answer": "template"}
    with pytest.raises(BenyfitsError, match="--simulator-mode"):
        mode_override("grounded-model")


def test_one_flag_runs_the_agent_under_another_simulator_as_another_protocol(tmp_path):
    proj = make_reference_project(tmp_path / "proj", agents=("random",))
    base = ["-m", "eligibench.cli", "evaluate", "submissions/random", "--households", "1", "--json"]
    a = run(base, proj)
    b = run([*base, "--simulator", "embedded:SmolLM2-135M-Instruct,max_tokens=16", "--simulator-mode", "free-form"],
            proj)
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    sa, sb = json.loads(a.stdout), json.loads(b.stdout)
    assert sa["run_config"] == sb["run_config"] == "random" and sa["run_id"] != sb["run_id"]
    assert sa["protocol_id"] != sb["protocol_id"]
    assert sa["protocol"]["simulator_identity"]["weights"] == "none"  # grounded template: no model called
    ident = sb["protocol"]["simulator_identity"]
    assert ident == {"weights": KNOWN_WEIGHTS["SmolLM2-135M-Instruct"], "quantization": "Q8_0",
                     "sampling": "t0/m16/seeded", "prompt": "free-form/1"}
    assert "embedded:SmolLM2-135M-Instruct@t0/m16" in sb["protocol"]["simulator"]["label"]
    bad = run([*base, "--simulator", "nosuch:model"], proj)
    assert bad.returncode == 2 and "nosuch" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.needs_bwrap  # a development agent from outside the repository runs jailed
def test_the_flag_reaches_the_wire_model_and_sampling_of_every_simulator_call(tmp_path):
    """Recorded is not enough: the simulator named by --simulator is the one called, with its sampling.
    The endpoint is the named FAKE of an OpenAI-compatible server (no API exists here), on loopback."""
    from eligibench import system
    from tests.fakes.openai_server import FakeOpenAIServer

    proj = make_reference_project(tmp_path / "proj", agents=("random",))
    write_one_question_agent(proj / "asker", "asker", question="How old is each person in your household?")
    with FakeOpenAIServer(models=["sim-x"], plain_text="I am 41 years old.") as fake:
        spec = f"openai:sim-x,base_url={fake.base_url},max_tokens=17,temperature=0.3"
        r = run(["-m", "eligibench.cli", "evaluate", "asker", "--households", "1", "--json",
                 "--simulator", spec, "--simulator-mode", "free-form"], proj, OPENAI_API_KEY="test-key",
                BENYFITS_BWRAP=str(system.bwrap_path()))
        assert r.returncode == 0, r.stderr[-2000:]
        calls = [q.body for q in fake.requests if q.path.endswith("/chat/completions")]
    assert calls, "the simulated user never called the named simulator"
    asked = [c for c in calls if "How old is each person" in json.dumps(c.get("messages"))]
    assert asked, [c.get("messages") for c in calls]
    for c in asked:
        # OpenAI names the output limit max_completion_tokens (models/openai_compat.py)
        assert c["model"] == "sim-x" and c["max_completion_tokens"] == 17 and c["temperature"] == 0.3, c
    assert json.loads(r.stdout)["protocol"]["simulator_identity"]["sampling"].startswith("t0.3/m17")
