"""Bounds on what an agent may forward to a shared model server, checked before any request.

A JSON schema is compiled into a grammar by the server (llama.cpp builds it on its only thread);
a 100,000-entry enum took ~92 s (measured with llama-cpp-python, the runtime used before xllamacpp:
both run llama.cpp's grammar code) and kept the server from answering anyone else for minutes. What the reference agents and `eligibench.models.constrained` send is
far inside these bounds (the largest: one boolean property per opportunity of a dialog, < 100),
so the bounds refuse only requests no benefits agent needs. A request over a bound is the
agent's error: the host answers it `model_error: rejected` and never sends it.

`request_problem(messages, schema)` returns what is wrong (naming the bound), or None.
"""
from __future__ import annotations

import json
import re
from typing import Any

MAX_SCHEMA_BYTES = 32 * 1024       # the schema as JSON
MAX_SCHEMA_NODES = 2000            # every dict, list and scalar in the schema
MAX_SCHEMA_DEPTH = 12              # nesting of dicts and lists
MAX_ENUM = 256                     # entries of one enum (or anyOf/oneOf/allOf/prefixItems list)
MAX_REPEAT = 256                   # minItems/maxItems/minLength/... and {n,m} in a pattern
MAX_PATTERN_CHARS = 512
MAX_MESSAGES_BYTES = 1024 * 1024   # the prompt, all messages together

_COUNTS = ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties", "minContains", "maxContains")
_LISTS = ("enum", "anyOf", "oneOf", "allOf", "prefixItems", "required")
_QUANTIFIER = re.compile(r"\{\s*(\d+)\s*(?:,\s*(\d*)\s*)?\}")


def request_problem(messages: Any, schema: Any) -> str | None:
    """What makes this model request unfit to forward, or None when it is within bounds."""
    try:
        size = len(json.dumps(messages, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError, RecursionError):
        return "the messages are not plain JSON"
    if size > MAX_MESSAGES_BYTES:
        return f"the messages are {size} bytes; at most {MAX_MESSAGES_BYTES} may be forwarded"
    if schema is None:
        return None
    try:
        size = len(json.dumps(schema, ensure_ascii=False).encode("utf-8"))
    except (TypeError, ValueError, RecursionError):
        return "the json_schema is not plain JSON"
    if size > MAX_SCHEMA_BYTES:
        return f"the json_schema is {size} bytes; at most {MAX_SCHEMA_BYTES} may be forwarded"
    nodes = 0
    stack: list[tuple[Any, int]] = [(schema, 1)]
    while stack:
        node, depth = stack.pop()
        nodes += 1
        if nodes > MAX_SCHEMA_NODES:
            return f"the json_schema has over {MAX_SCHEMA_NODES} nodes"
        if depth > MAX_SCHEMA_DEPTH:
            return f"the json_schema nests deeper than {MAX_SCHEMA_DEPTH} levels"
        if isinstance(node, dict):
            for key, value in node.items():
                if key in _LISTS and isinstance(value, list) and len(value) > MAX_ENUM:
                    return f"the json_schema's {key} has {len(value)} entries; at most {MAX_ENUM}"
                if key in _COUNTS and isinstance(value, (int, float)) and not isinstance(value, bool) and value > MAX_REPEAT:
                    return f"the json_schema's {key} is {value}; at most {MAX_REPEAT}"
                if key == "pattern" and isinstance(value, str):
                    problem = _pattern_problem(value)
                    if problem:
                        return problem
                stack.append((value, depth + 1))
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)
    return None


def _pattern_problem(pattern: str) -> str | None:
    if len(pattern) > MAX_PATTERN_CHARS:
        return f"the json_schema's pattern is {len(pattern)} characters; at most {MAX_PATTERN_CHARS}"
    for m in _QUANTIFIER.finditer(pattern):
        low, high = int(m.group(1)), m.group(2)
        if low > MAX_REPEAT or (high and int(high) > MAX_REPEAT):
            return f"the json_schema's pattern repeats {m.group(0)}; at most {MAX_REPEAT} times"
    return None
