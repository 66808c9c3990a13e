"""Worksheets from requirements: the prompt, generation with repair turns, the on-disk cache per
(requirements, code model), and the manifest's `pregenerate` hook that fills it."""
from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.agents import per_call_limit
from eligibench.agents.sandbox import Sandbox
from eligibench.models import ConstrainedOutputError, ModelError, ModelUnavailable, ask_json, decoding_identity

from .worksheet import WORKSHEET_SCHEMA, Worksheet, WorksheetError, validate_worksheet

PROMPT_VERSION = "worksheet-1"

GENERATE_SYSTEM = """You turn a benefit program's eligibility requirements into a worksheet: the facts \
to ask a household member about, and a decision rule. Reply with JSON only.

"fields": at most 6, in the order to ask them. Each has:
- "name": a snake_case variable name;
- "type": "int", "float", "bool", or "choice" (then "choices" lists the allowed answers; else []);
- "question": the question to ask, in plain words;
- "ask_if": a Python condition on earlier fields saying when the field is needed, or "True".
"decision": a Python boolean expression over the field names that is True exactly when the \
household qualifies (use and, or, not, comparisons, numbers, quoted choices).

Example requirements: A person qualifies if they live in New York City and are 65 or older, or are \
60 or older and have a disability.
Example worksheet: {"fields": [{"name": "lives_in_nyc", "type": "bool", "choices": [], "question": \
"Do you live in New York City?", "ask_if": "True"}, {"name": "age", "type": "int", "choices": [], \
"question": "How old are you?", "ask_if": "lives_in_nyc"}, {"name": "has_disability", "type": "bool", \
"choices": [], "question": "Do you have a disability?", "ask_if": "age >= 60 and age < 65"}], \
"decision": "lives_in_nyc and (age >= 65 or (age >= 60 and has_disability))"}"""


def generate_messages(name: str, requirements: str) -> list[dict]:
    return [{"role": "system", "content": GENERATE_SYSTEM},
            {"role": "user", "content": f"Requirements of {name}:\n{requirements.strip()}\n\nWorksheet:"}]


@dataclass(frozen=True)
class Generated:
    worksheet: Worksheet | None
    reason: str = ""  # why generation failed
    attempts: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """A usable worksheet was made (what the generate stage counts as generated and valid)."""
        return self.worksheet is not None

    def to_json(self) -> dict:
        return {"worksheet": self.worksheet.to_json() if self.worksheet else None, "reason": self.reason,
                "attempts": list(self.attempts)}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Generated":
        ws = raw.get("worksheet")
        return cls(Worksheet.from_json(ws) if ws else None, str(raw.get("reason", "")), tuple(raw.get("attempts") or ()))


def generate(model, name: str, requirements: str, max_tokens: int | None = None, repair_attempts: int = 1,
             check_code=None) -> tuple[Generated, bool]:
    """(result, cacheable): a worksheet, or None with the reason. Model errors other than an
    unreachable endpoint are failures that are not cached (they may not repeat)."""
    messages = generate_messages(name, requirements)
    attempts: list[str] = []
    for _ in range(repair_attempts + 1):
        try:
            raw = ask_json(model, messages, WORKSHEET_SCHEMA, max_tokens=max_tokens)
        except ConstrainedOutputError as e:
            attempts.append(f"no valid JSON: {e.detail[:300]}")  # not the endpoint: a port is no part of the file
            return Generated(None, "the model gave no valid worksheet JSON", tuple(attempts)), True
        except ModelUnavailable:
            raise
        except ModelError as e:
            return Generated(None, f"model error: {type(e).__name__}: {str(e)[:300]}"), False
        try:
            return Generated(validate_worksheet(raw, check_code), attempts=tuple(attempts)), True
        except WorksheetError as e:
            attempts.append(str(e)[:300])
            messages = messages + [
                {"role": "assistant", "content": json.dumps(raw)},
                {"role": "user", "content": f"That worksheet cannot be used: {e}. Reply with a corrected worksheet."}]
    return Generated(None, f"invalid worksheet: {attempts[-1]}", tuple(attempts)), True


def model_slug(model_name: str) -> str:
    base = Path(model_name).stem if model_name.lower().endswith(".gguf") else model_name
    return re.sub(r"[^a-z0-9._-]+", "-", base.lower()).strip("-.") or "model"


def generation_key(model, max_tokens: int | None, repair_attempts: int) -> str:
    """What a cached worksheet must have been made under to be reused: the decoding settings with
    the call's token limit (models.decoding_identity) and the repair turns allowed."""
    return f"{decoding_identity(model.spec, max_tokens)}/repairs{repair_attempts}"


class WorksheetCache:
    """JSON files `<folder>/<sha256(requirements)>.json`, one folder per code model; a file is used
    only when made under the same `generation_key` (a worksheet cut at 450 tokens is not one cut
    at 200)."""

    def __init__(self, folder: Path | str, model_name: str, decoding: str = ""):
        self.folder = Path(folder)
        self.model_name = model_name
        self.decoding = decoding

    def path(self, requirements: str) -> Path:
        return self.folder / f"{hashlib.sha256(requirements.encode('utf-8')).hexdigest()}.json"

    def load(self, requirements: str) -> Generated | None:
        try:
            raw = json.loads(self.path(requirements).read_text(encoding="utf-8"))
            if (raw.get("prompt_version") != PROMPT_VERSION or raw.get("model") != self.model_name
                    or raw.get("requirements") != requirements or raw.get("decoding", "") != self.decoding):
                return None
            return Generated.from_json(raw["result"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def store(self, requirements: str, result: Generated) -> None:
        record = {"prompt_version": PROMPT_VERSION, "model": self.model_name, "decoding": self.decoding,
                  "requirements": requirements, "result": result.to_json()}
        path = self.path(requirements)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only cache is not an error: the worksheet is still used


def pregenerate(model, briefs: Sequence, cache_folder: Path | str, max_tokens: int | None = None, repair_attempts: int = 1,
                progress=None) -> dict[str, Generated]:
    """Generate (or load) every brief's worksheet into `cache_folder`, which should be
    `<cache_dir>/<model_slug(model.spec.model)>` (e.g. for a pipeline stage that warms the cache)."""
    cache = WorksheetCache(cache_folder, model.spec.model, generation_key(model, max_tokens, repair_attempts))
    out = {}
    with Sandbox() as box:
        for b in briefs:
            t0 = time.perf_counter()
            result, cached = cache.load(b.requirements), True
            if result is None:
                cached = False
                result, ok = generate(model, b.name, b.requirements, max_tokens, repair_attempts, box.check)
                if ok:
                    cache.store(b.requirements, result)
            out[b.id] = result
            if progress:
                progress(b.id, result, cached, time.perf_counter() - t0)
    return out


def pregenerate_hook(models, briefs: Sequence, out_dir: Path | str, options: Mapping[str, Any],
                     progress=None) -> dict[str, Generated]:
    """The manifest's `pregenerate` hook: every brief's worksheet into `<out_dir>/<code model slug>/`."""
    model = models["code"]
    return pregenerate(model, briefs, Path(out_dir) / model_slug(model.spec.model),
                       per_call_limit(options, "worksheet_max_tokens"), int(options.get("repair_attempts", 1)),
                       progress=(lambda oid, *rest: progress(oid)) if progress else None)
