"""The fake OpenAI-compatible server answers and records like the tests rely on."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from tests.fakes.openai_server import FakeOpenAIServer, minimal_instance


def _post(url: str, body: dict, key: str = "sk-test") -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json",
                                                                  "Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=5) as r:
        return json.loads(r.read())


def test_minimal_instance_is_valid_for_benyfits_schemas():
    import jsonschema

    schemas = [
        {"type": "object", "properties": {"answer": {"type": "string", "enum": ["yes", "no"]}}, "required": ["answer"]},
        {"type": "object", "properties": {"v": {"anyOf": [{"type": "string", "enum": ["rent"]}, {"type": "null"}]}},
         "required": ["v"]},
        {"type": "object", "properties": {"a": {"type": "boolean"}, "n": {"type": ["integer", "null"]},
                                          "l": {"type": "array", "items": {"type": "string"}, "minItems": 2}},
         "required": ["a", "n", "l"], "additionalProperties": False},
    ]
    for s in schemas:
        jsonschema.validate(minimal_instance(s), s)
    assert minimal_instance(schemas[0]) == {"answer": "yes"}


def test_records_requests_and_answers_schema_or_text():
    with FakeOpenAIServer(models=["m1"]) as fake:
        with urllib.request.urlopen(fake.base_url + "/models", timeout=5) as r:
            assert [m["id"] for m in json.loads(r.read())["data"]] == ["m1"]
        schema = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
        out = _post(fake.base_url + "/chat/completions", {
            "model": "m1", "messages": [{"role": "user", "content": "hi"}],
            "response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": schema}}})
        assert json.loads(out["choices"][0]["message"]["content"]) == {"ok": False}
        out = _post(fake.base_url + "/chat/completions", {"model": "m1", "messages": [{"role": "user", "content": "hi"}]})
        assert out["choices"][0]["message"]["content"] == "Do you live in New York City?"
        chats = fake.chat_requests()
        assert len(chats) == 2 and chats[0].headers["Authorization"] == "Bearer sk-test"
        assert chats[1].body["messages"][0]["content"] == "hi"


def test_refuses_json_schema_and_closes():
    fake = FakeOpenAIServer(refuse_json_schema=True).start()
    body = {"model": "fake-model", "messages": [{"role": "user", "content": "hi"}],
            "response_format": {"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object"}}}}
    with pytest.raises(urllib.error.HTTPError) as info:
        _post(fake.base_url + "/chat/completions", body)
    assert info.value.code == 400
    fake.close()
    with pytest.raises(urllib.error.URLError):
        _post(fake.base_url + "/chat/completions", body)
