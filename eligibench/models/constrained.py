"""Constrained decoding helpers every caller uses: READY (yes_no), PREDICT (booleans) and answer
extraction (typed_value).

Each builds a JSON schema, asks the model with `json_schema=` (the backend turns it into its
`response_format`: grammar-constrained decoding on llama.cpp and vLLM, structured outputs on
OpenAI), then parses and validates the reply against the schema. An invalid reply (truncated,
wrong keys, a server that ignored the schema) gets one correction turn; a second invalid reply
raises ConstrainedOutputError.

outlines 1.3: `outlines.types.JsonSchema` checks every schema (Draft 7) and outlines' OpenAI type
adapter builds the request field for every backend (see openai_compat.py: `json_schema`, or
`json_object` where a spec asks for it); llama.cpp's server (xllamacpp), vLLM and OpenAI enforce
it. Replies are validated with `jsonschema` (the validator outlines itself depends on).

A model whose spec says decoding "unconstrained" (an endpoint that ignores response_format) gets
no schema on the wire: the hint then always carries the schema itself, and the JSON is taken from
the free-text reply (fences or prose around it are skipped) and validated the same way.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eligibench.models.client import ChatModel
from eligibench.models.types import ChatMessage, Completion, ModelConfigError, ModelError, normalize_messages


class ConstrainedOutputError(ModelError):
    """The model's reply did not match the schema, twice."""

    def __init__(self, message: str, replies: Sequence[str], detail: str = ""):
        self.replies = list(replies)
        self.detail = detail or message  # what was wrong with the replies, without the model or endpoint
        super().__init__(message)


# --------------------------------------------------------------------------- schemas


def yes_no_schema() -> dict:
    return {
        "type": "object",
        "properties": {"answer": {"type": "string", "enum": ["yes", "no"]}},
        "required": ["answer"],
        "additionalProperties": False,
    }


def booleans_schema(keys: Sequence[str]) -> dict:
    return {
        "type": "object",
        "properties": {k: {"type": "boolean"} for k in keys},
        "required": list(keys),
        "additionalProperties": False,
    }


def typed_value_schema(kind: str | Sequence[str]) -> dict:
    if isinstance(kind, str):
        types = {"int": "integer", "float": "number", "bool": "boolean"}
        if kind not in types:
            raise ModelConfigError(
                f"kind must be 'int', 'float', 'bool' or a list of strings; got {kind!r}"
            )
        value: dict = {"type": [types[kind], "null"]}
    else:
        choices = _check_names(kind, "kind (list of choices)")
        # anyOf, not {"type": [...], "enum": [...]}: llama.cpp's GBNF schema-to-grammar converter
        # handled a type list before enum and dropped the enum (measured with llama-cpp-python).
        value = {"anyOf": [{"type": "string", "enum": choices}, {"type": "null"}]}
    return {
        "type": "object",
        "properties": {"value": value},
        "required": ["value"],
        "additionalProperties": False,
    }


def _check_names(names: Sequence[str], what: str) -> list[str]:
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise ModelConfigError(f"{what} must be a list of strings; got {names!r}")
    out = list(names)
    if not out:
        raise ModelConfigError(f"{what} must not be empty")
    for n in out:
        if not isinstance(n, str) or not n:
            raise ModelConfigError(f"{what} must hold non-empty strings; got {n!r}")
    dupes = sorted({n for n in out if out.count(n) > 1})
    if dupes:
        raise ModelConfigError(f"{what} has duplicates: {dupes}")
    return out


def check_schema(schema: dict) -> None:
    """Raise ModelConfigError unless `schema` is a valid JSON schema (outlines' check)."""
    from outlines.types import JsonSchema

    try:
        JsonSchema(schema)
    except Exception as exc:  # jsonschema.SchemaError, ValueError
        raise ModelConfigError(f"invalid JSON schema: {exc}") from exc


# --------------------------------------------------------------------------- parsing


class InvalidReply(Exception):
    pass


def parse_json_reply(text: str, schema: dict) -> Any:
    """The JSON value in `text`, validated against `schema`; raises InvalidReply with the reason."""
    import jsonschema

    stripped = text.strip()
    try:
        value = json.loads(stripped)
    except json.JSONDecodeError:
        value = _json_in_prose(stripped)
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(value), key=lambda e: list(e.path))
    if errors:
        raise InvalidReply("; ".join(e.message for e in errors[:3]))
    return value


def _json_in_prose(text: str) -> Any:
    """The first JSON object in free text (unconstrained endpoints wrap it in prose or ``` fences,
    and prose after it may hold more braces, so decode from each "{" rather than to the last "}")."""
    decoder = json.JSONDecoder()
    pos = text.find("{")
    while pos >= 0:
        try:
            return decoder.raw_decode(text, pos)[0]
        except json.JSONDecodeError:
            pos = text.find("{", pos + 1)
    raise InvalidReply(f"not JSON: {text[:200]!r}")


def _with_hint(messages: list[ChatMessage], hint: str | None) -> list[ChatMessage]:
    """Append the format hint to the last user message (earlier messages stay a stable prefix)."""
    if not hint:
        return list(messages)
    if messages[-1].role == "user":
        last = messages[-1]
        return [*messages[:-1], ChatMessage("user", f"{last.content}\n\n{hint}")]
    return [*messages, ChatMessage("user", hint)]


def _correction(reply: Completion, reason: str, schema: dict) -> list[ChatMessage]:
    cut = " (it was cut off at the token limit)" if reply.finish_reason == "length" else ""
    return [
        ChatMessage("assistant", reply.text),
        ChatMessage(
            "user",
            f"That reply was not valid{cut}: {reason}. Reply with only a JSON object matching this "
            f"schema: {json.dumps(schema)}",
        ),
    ]


CUT_OFF = "cut off at the token limit before its JSON was complete"


def _fail(replies: list[str], reasons: list[str], model: ChatModel) -> ConstrainedOutputError:
    detail = f"no valid JSON after {len(replies)} tries: " + " | ".join(
        f"reply {i + 1}: {r}" for i, r in enumerate(reasons))
    return ConstrainedOutputError(f"{model.spec.model} at {model.endpoint} gave {detail}", replies, detail)


def ask_json(
    model: ChatModel,
    messages: Iterable[ChatMessage | Mapping[str, Any]],
    schema: dict,
    *,
    hint: str | None = None,
    max_tokens: int | None = None,
) -> Any:
    """Ask for JSON matching `schema`; validate; one correction turn; else ConstrainedOutputError."""
    check_schema(schema)
    constrained = getattr(getattr(model, "spec", None), "constrained", True)  # test doubles may have no spec
    if not constrained:
        # nothing on the wire constrains the reply: the prompt must carry the schema
        hint = f"{hint + ' ' if hint else ''}Reply with only a JSON object matching this schema: {json.dumps(schema)}"
    prompt = _with_hint(normalize_messages(messages), hint)
    replies: list[str] = []
    reasons: list[str] = []
    for _ in range(2):
        reply = model.chat(prompt, json_schema=schema if constrained else None, max_tokens=max_tokens)
        replies.append(reply.text)
        try:
            return parse_json_reply(reply.text, schema)
        except InvalidReply as exc:
            # a reply cut at the token limit is unfinished JSON: say so, not what a parser made of a
            # fragment of it (an inner object "missing" the outer keys misled readers of the failure)
            reasons.append(CUT_OFF if reply.finish_reason == "length" else str(exc))
            prompt = prompt + _correction(reply, str(exc), schema)
    raise _fail(replies, reasons, model)


# --------------------------------------------------------------------------- the helpers


def _yes_no_args(hint: bool, max_tokens: int | None) -> dict:
    return {
        "schema": yes_no_schema(),
        "hint": 'Reply with JSON: {"answer": "yes"} or {"answer": "no"}.' if hint else None,
        "max_tokens": max_tokens,  # None: the model spec's max_tokens (docs/models.md, "Token limits")
    }


def _booleans_args(keys: Sequence[str], hint: bool, max_tokens: int | None) -> dict:
    keys = _check_names(keys, "keys")
    listed = ", ".join(json.dumps(k) for k in keys)
    return {
        "schema": booleans_schema(keys),
        "hint": f"Reply with a JSON object with exactly these keys, each true or false: {listed}."
        if hint
        else None,
        "max_tokens": max_tokens,
    }


def _typed_args(kind, hint: bool, max_tokens: int | None) -> dict:
    schema = typed_value_schema(kind)
    if isinstance(kind, str):
        what = {"int": "an integer", "float": "a number", "bool": "true or false"}[kind]
    else:
        what = "one of " + ", ".join(json.dumps(c) for c in kind)
    return {
        "schema": schema,
        "hint": f'Reply with JSON {{"value": ...}} where the value is {what}, or null if the answer '
        "does not say."
        if hint
        else None,
        "max_tokens": max_tokens,
    }


def _typed_result(kind, value):
    if value is None:
        return None
    if kind == "int":
        return int(value)  # JSON schema "integer" admits 34.0
    if kind == "float":
        return float(value)
    return value  # bool or one of the choices (validated by the schema)


def yes_no(
    model: ChatModel,
    messages: Iterable[ChatMessage | Mapping[str, Any]],
    *,
    hint: bool = True,
    max_tokens: int | None = None,
) -> bool:
    """READY-style question -> True for "yes", False for "no"."""
    return ask_json(model, messages, **_yes_no_args(hint, max_tokens))["answer"] == "yes"


def booleans(
    model: ChatModel,
    messages: Iterable[ChatMessage | Mapping[str, Any]],
    keys: Sequence[str],
    *,
    hint: bool = True,
    max_tokens: int | None = None,
) -> dict[str, bool]:
    """PREDICT: one boolean per key, exactly the keys asked for, in their order."""
    args = _booleans_args(keys, hint, max_tokens)
    value = ask_json(model, messages, **args)
    return {k: bool(value[k]) for k in args["schema"]["required"]}


def typed_value(
    model: ChatModel,
    messages: Iterable[ChatMessage | Mapping[str, Any]],
    kind: str | Sequence[str],
    *,
    hint: bool = True,
    max_tokens: int | None = None,
):
    """Map an answer to int / float / bool / one of the listed strings; None when not mappable."""
    args = _typed_args(kind, hint, max_tokens)
    return _typed_result(kind, ask_json(model, messages, **args)["value"])

