"""The simulator's identity in the protocol (issue 31 item 4): recorded, pinned against the
edition's reference, splitting protocols only when it differs, never moving existing ids."""
import hashlib
import os

import pytest

from eligibench.evaluation.run import DatasetUse, Protocol, load_run, protocol_id
from eligibench.evaluation.run.simulator_identity import (
    KNOWN_WEIGHTS,
    PROMPT_VERSIONS,
    edition_reference,
    identify,
    pin,
    quantization,
)
from eligibench.evaluation.user import fact_select, free_form, grounded
from eligibench.models import ModelSpec, gguf_sha256
from eligibench.models import embedded as embedded_module

# The prompt texts each version stands for: editing a prompt fails here until its version is bumped
# (and the new version then splits protocols: simulator_identity.BASELINE_PROMPTS).
PROMPT_DIGESTS = {"free-form/1": [free_form.INSTRUCTIONS], "grounded-model/1": [grounded.PHRASE_INSTRUCTIONS,
                                                                               fact_select.SELECT_INSTRUCTIONS]}
EXPECTED = {"free-form/1": ["08078a585653"], "grounded-model/1": ["3a0e6466953a", "3916c2e760ce"]}


def test_each_prompt_version_names_exactly_its_prompt_text():
    for version, texts in PROMPT_DIGESTS.items():
        assert version in PROMPT_VERSIONS.values()
        assert [hashlib.sha256(t.encode()).hexdigest()[:12] for t in texts] == EXPECTED[version], version


def test_the_packaged_gguf_is_identified_and_expected():
    spec = ModelSpec("embedded", "SmolLM2-135M-Instruct", max_tokens=48)
    ident = identify(spec, False, "template", "lexical", True)
    assert ident.weights == KNOWN_WEIGHTS["SmolLM2-135M-Instruct"] and ident.quantization == "Q8_0"
    assert ident.sampling == "t0/m48/seeded" and ident.prompt == "free-form/1"
    assert pin(ident, spec, None) == {}
    # the same name over other weights is not the simulator the project ships
    other = ident.__class__("sha256:" + "0" * 64, "Q4_1", ident.sampling, ident.prompt)
    assert pin(other, spec, None) == {"weights": "sha256:" + "0" * 64}


def test_no_model_no_weights():
    ident = identify(ModelSpec("embedded", "SmolLM2-135M-Instruct"), True, "template", "lexical", False)
    assert (ident.weights, ident.quantization, ident.prompt) == ("none", "none", "template/1")


def test_quantization_from_names():
    assert quantization("hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4") == "AWQ-INT4"
    assert quantization("/m/llama-3.1-8b-instruct.Q8_0.gguf") == "Q8_0"
    assert quantization("meta-llama/Llama-3.1-8B-Instruct") == "unknown"


def _protocol(**kw):
    return Protocol({"diverse": DatasetUse("v", 2, 2)}, None, 3, "custom simulator: x", False, "vllm", **kw)


def test_the_identity_is_recorded_but_only_a_pin_moves_the_protocol_id():
    plain = _protocol()
    recorded = _protocol(simulator_identity={"weights": "unpinned", "quantization": "AWQ-INT4", "sampling": "t0",
                                             "prompt": "free-form/1"})
    pinned = _protocol(simulator_identity=recorded.simulator_identity, simulator_pin={"weights": "unpinned"})
    assert recorded.to_json()["simulator_identity"]["quantization"] == "AWQ-INT4"
    assert recorded.protocol_id == plain.protocol_id == protocol_id(recorded.to_json())
    assert pinned.protocol_id != plain.protocol_id and pinned.protocol_id == protocol_id(pinned.to_json())
    assert "simulator not as expected: weights unpinned" in pinned.differences()


def test_an_edition_pins_its_reference_and_a_run_on_other_weights_is_another_protocol(tmp_path, monkeypatch):
    model = "org/Reference-70B-AWQ-INT4"
    (tmp_path / "opportunities" / "e1").mkdir(parents=True)
    (tmp_path / "opportunities" / "e1" / "_edition.yaml").write_text(
        f"edition: e1\nreference_simulator:\n  model: {model}\n  weights: hf:{model}@abc123\n")
    ref = edition_reference("e1", tmp_path)
    assert ref == {"model": model, "weights": f"hf:{model}@abc123"}
    spec = ModelSpec("vllm", model, base_url="http://127.0.0.1:9/v1")
    hub = tmp_path / "hub"
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    assert identify(spec, False, "", "", True).weights == "unpinned"  # not in this machine's cache
    assert pin(identify(spec, False, "", "", True), spec, ref) == {"weights": "unpinned"}
    refs = hub / ("models--" + model.replace("/", "--")) / "refs"
    refs.mkdir(parents=True)
    (refs / "main").write_text("abc123")
    assert pin(identify(spec, False, "", "", True), spec, ref) == {}  # the pinned revision: as expected
    (refs / "main").write_text("def456")
    assert pin(identify(spec, False, "", "", True), spec, ref) == {"weights": f"hf:{model}@def456"}


@pytest.mark.needs_datasets  # the published rows (`dvc repro`)
def test_committed_default_run_records_its_identity_and_keeps_its_protocol(tmp_path):
    r = load_run("direct", ".")
    j = r.protocol.to_json()
    assert j["simulator_identity"]["prompt"] in PROMPT_VERSIONS.values() and "simulator_pin" not in j
    assert r.protocol.protocol_id == protocol_id({k: v for k, v in j.items() if k != "simulator_identity"})


def test_gguf_digests_are_cached_on_disk_by_path_size_and_mtime(tmp_path, monkeypatch):
    monkeypatch.setenv("BENYFITS_SHA_CACHE", str(tmp_path / "sha.json"))
    f = tmp_path / "m.gguf"
    f.write_bytes(b"weights")
    assert gguf_sha256(f) == hashlib.sha256(b"weights").hexdigest()
    assert (tmp_path / "sha.json").is_file()
    embedded_module._sha_cache.clear()
    planted = (tmp_path / "sha.json").read_text().replace(hashlib.sha256(b"weights").hexdigest(), "from-disk")
    (tmp_path / "sha.json").write_text(planted)
    assert gguf_sha256(f) == "from-disk"  # a new process reads the digest, not the file
    embedded_module._sha_cache.clear()
    st = f.stat()
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # a changed file is read again
    assert gguf_sha256(f) == hashlib.sha256(b"weights").hexdigest()
