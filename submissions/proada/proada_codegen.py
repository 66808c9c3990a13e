"""ProADA code generation: one decision function per opportunity, with a declared type per key.

The code model is asked (JSON-schema constrained) for {"code": "def decide(facts): ...", "keys":
[{"name", "type", "choices", "about", "per_member"}, ...]}. The code must pass the sandbox policy
and define decide(facts); on a refusal or syntax error the model gets the error and one more try,
then the opportunity is recorded as failed with the reason (the agent predicts False for it).

Two output formats: "comment" (default: plain code whose leading comment lines declare each key's
type, `# age (int, per member): age in years`) and "json" (the object above, JSON-schema
constrained). Measured with SmolLM2-135M: inside a JSON string the model mis-escapes quotes and
ends the string early, while plain code comes out parseable more often; see docs/proada.md.

Programs are cached on disk: `<cache_dir>/<sha256(requirements)>.json`, where cache_dir is per code
model (`generated/proada/<model-slug>/` by default); a program generated with preexisting keys
(the keys the household's earlier programs read, the paper's key sharing) is cached under
`<sha256(requirements + those declarations)>.json`. Files are deterministic (sorted keys, no
timestamps), written atomically, and ignored when made by another PROMPT_VERSION or format.
"""
from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from eligibench.agents import per_call_limit
from eligibench.agents.sandbox import PolicyError, Violation, function_arity, validate
from eligibench.models import ConstrainedOutputError, ModelError, ModelUnavailable, ask_json, decoding_identity

from .proada_prompts import CODE_SCHEMA, PROMPT_VERSION, codegen_messages, codegen_retry

TYPES = ("int", "float", "bool", "choice")
RESERVED = ("members", "household_size")
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")


@dataclass(frozen=True)
class KeySpec:
    type: str  # int | float | bool | choice
    about: str = ""
    choices: tuple[str, ...] = ()
    per_member: bool = False
    declared: bool = True  # False: read by the code but not declared; type inferred from its name

    @property
    def kind(self):
        """What eligibench.models.typed_value takes: "int" / "float" / "bool" / list of choices."""
        return list(self.choices) if self.type == "choice" else self.type

    def to_json(self) -> dict:
        return {"type": self.type, "about": self.about, "choices": list(self.choices),
                "per_member": self.per_member, "declared": self.declared}

    def declaration(self, name: str) -> str:
        """The key as a comment-format declaration: `# name (type[: a|b][, per member]): about`."""
        kind = f"choice: {'|'.join(self.choices)}" if self.type == "choice" else self.type
        member = ", per member" if self.per_member else ""
        return f"# {name} ({kind}{member}): {self.about}".rstrip(": ").rstrip()

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "KeySpec":
        return cls(str(raw["type"]), str(raw.get("about", "")), tuple(raw.get("choices") or ()),
                   bool(raw.get("per_member", False)), bool(raw.get("declared", True)))


BUILTIN_KEYS = {
    "household_size": KeySpec("int", "number of people in the household, including you"),
}


@dataclass(frozen=True)
class Program:
    """The outcome of code generation for one opportunity."""

    status: str  # "ok" | "failed"
    code: str = ""
    keys: Mapping[str, KeySpec] = field(default_factory=dict)
    reason: str = ""  # why it failed
    attempts: tuple[str, ...] = ()  # the error of each rejected attempt

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def key(self, name: str) -> KeySpec:
        if name in self.keys:
            return self.keys[name]
        if name in BUILTIN_KEYS:
            return BUILTIN_KEYS[name]
        return infer_key(name)

    def to_json(self) -> dict:
        return {"status": self.status, "code": self.code, "reason": self.reason, "attempts": list(self.attempts),
                "keys": {k: v.to_json() for k, v in sorted(self.keys.items())}}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Program":
        return cls(str(raw["status"]), str(raw.get("code", "")),
                   {k: KeySpec.from_json(v) for k, v in (raw.get("keys") or {}).items()},
                   str(raw.get("reason", "")), tuple(raw.get("attempts") or ()))


def program(code: str, keys: Mapping[str, Mapping[str, Any]] | None = None) -> Program:
    """A Program from hand-written code (tests, inspection): validated, keys completed."""
    try:
        tree = _check_code(code)
    except PolicyError as e:
        raise ValueError(str(e)) from None
    specs = {k: KeySpec.from_json({"type": "bool", **v}) for k, v in (keys or {}).items()}
    return Program("ok", code, _complete_keys(tree, specs))


# ----------------------------------------------------------------------------- keys

_INT_WORDS = ("age", "size", "count", "number", "hours", "children", "people", "years", "months", "days", "grade",
              "credits", "members", "weeks")
_FLOAT_WORDS = ("income", "rent", "savings", "amount", "cost", "wage", "salary", "gpa", "earnings", "assets",
                "pay", "dollars", "benefit", "balance", "resources", "value")


def infer_key(name: str) -> KeySpec:
    """Type for a key the code reads but did not declare: from its name (documented heuristic)."""
    words = set(name.lower().split("_"))
    if words & set(_FLOAT_WORDS):
        kind = "float"
    elif words & set(_INT_WORDS):
        kind = "int"
    else:
        kind = "bool"
    return KeySpec(kind, name.replace("_", " "), declared=False)


def keys_read(tree: ast.AST) -> list[str]:
    """String keys the code reads: x["key"] and x.get("key", ...), in order of appearance."""
    found: list[str] = []
    for node in ast.walk(tree):
        key = None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
            key = node.slice.value
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            key = node.args[0].value
        if key is not None and key not in found:
            found.append(key)
    return found


def _normalize_keys(raw: Any) -> tuple[dict[str, KeySpec], list[str]]:
    specs: dict[str, KeySpec] = {}
    problems: list[str] = []
    items = raw if isinstance(raw, list) else []
    for item in items:
        if not isinstance(item, Mapping):
            continue
        name = str(item.get("name", "")).strip()
        if not _KEY.match(name) or name in RESERVED:
            continue
        kind = item.get("type")
        if kind not in TYPES:
            problems.append(f"key {name!r} has type {kind!r} (use int, float, bool or choice)")
            continue
        choices = tuple(dict.fromkeys(str(c).strip() for c in (item.get("choices") or []) if str(c).strip()))
        if kind == "choice" and len(choices) < 2:
            problems.append(f"key {name!r} has type choice but lists fewer than 2 choices")
            continue
        specs[name] = KeySpec(kind, str(item.get("about", "")).strip()[:200], choices if kind == "choice" else (),
                              bool(item.get("per_member", False)))
    return specs, problems


def _complete_keys(tree: ast.AST, specs: Mapping[str, KeySpec]) -> dict[str, KeySpec]:
    out = dict(specs)
    for key in keys_read(tree):
        if key not in out and key not in RESERVED and _KEY.match(key):
            out[key] = infer_key(key)
    return dict(sorted(out.items()))


def _check_code(code: str) -> ast.Module:
    """Policy + `decide` takes exactly one parameter; raises PolicyError."""
    tree = validate(code, required_function="decide")
    if function_arity(tree, "decide") != 1:
        raise PolicyError([Violation(0, 0, "decide must take exactly one parameter: decide(facts)")])
    return tree


def _strip_fences(code: str) -> str:
    lines = code.split("\n")
    if lines and lines[0].lstrip().startswith("```"):
        lines = lines[1:]
        while lines and not lines[-1].strip():
            lines.pop()
        if lines and lines[-1].strip().startswith("```"):
            lines = lines[:-1]
        return "\n".join(lines) + "\n"
    return code


_FENCE = re.compile(r"```[ \t]*(?:python|py)?[ \t]*\n(.*?)(?:```|$)", re.S | re.I)
_COMMENT_KEY = re.compile(r"^\s*#\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(([^)]*)\)\s*:?\s*(.*?)\s*$")


def extract_code(text: str) -> str:
    """The code in a model reply: the first fenced block, else from the first '#'/'def' line on."""
    text = (text or "").replace("\r\n", "\n")
    m = _FENCE.search(text)
    if m:
        code = m.group(1)
    else:
        lines = text.split("\n")
        first = next((i for i, l in enumerate(lines) if l.lstrip().startswith(("#", "def "))), None)
        code = "\n".join(lines[first:]) if first is not None else text
    return code.strip("\n") + "\n"


def comment_keys(code: str) -> list[dict]:
    """Key declarations from comment lines `# name (type[: a|b|c][, per member]): about`; comment
    lines whose "type" is not one of TYPES are ordinary comments and skipped."""
    out = []
    for line in code.split("\n"):
        m = _COMMENT_KEY.match(line)
        if not m:
            continue
        name, inner, about = m.group(1), m.group(2).strip(), m.group(3)
        low = inner.lower()
        per_member = bool(re.search(r"per[ _-]?member", low))
        inner = re.sub(r",?\s*per[ _-]?member", "", inner, flags=re.I).strip().strip(",").strip()
        kind, _, rest = inner.partition(":")
        kind = kind.strip().lower()
        words = kind.split()
        if words and words[0] == "choice" and not rest:
            rest = kind[len("choice"):]
            kind = "choice"
        kind = {"integer": "int", "number": "float", "boolean": "bool", "str": "choice", "string": "choice"}.get(kind, kind)
        if kind not in TYPES:
            continue  # an ordinary comment that happens to look like "# word (...)"
        choices = [c.strip().strip("\"'") for c in re.split(r"[|/]", rest)] if rest.strip() else []
        out.append({"name": name, "type": kind, "choices": [c for c in choices if c], "about": about,
                    "per_member": per_member})
    return out


def check_candidate(reply: Any, fmt: str = "json") -> Program:
    """Validate one model reply (JSON object, or text for fmt "comment"); ValueError says why not."""
    if fmt == "comment":
        code = extract_code(reply if isinstance(reply, str) else "")
        if not code.strip():
            raise ValueError("the reply has no code")
        reply = {"code": code, "keys": comment_keys(code)}
    if not isinstance(reply, Mapping) or not isinstance(reply.get("code"), str):
        raise ValueError("the reply has no code")
    code = _strip_fences(reply["code"].replace("\r\n", "\n").strip("\n") + "\n")
    try:
        tree = _check_code(code)
    except PolicyError as e:
        raise ValueError(str(e)) from None
    specs, problems = _normalize_keys(reply.get("keys"))
    if problems:
        raise ValueError("; ".join(problems))
    return Program("ok", code, _complete_keys(tree, specs))


def shared_keys(programs: Sequence[Program]) -> list[str]:
    """Declarations of the keys `programs` read, first declaration of each key kept, in order
    (what the next program of the household is shown as preexisting keys)."""
    seen: dict[str, str] = {}
    for prog in programs:
        if not prog.ok:
            continue
        for name, spec in prog.keys.items():
            seen.setdefault(name, spec.declaration(name))
    return list(seen.values())


def generate(model, name: str, requirements: str, max_tokens: int | None = None, fmt: str = "comment",
             existing: Sequence[str] = ()) -> Program:
    """Ask the code model; one retry with the error; a failed Program when both attempts fail.

    fmt "comment": plain code whose leading comments declare the keys (no constrained decoding);
    fmt "json": a JSON-schema-constrained {"code", "keys"} object (ask_json adds its own correction
    turn when the reply is not valid JSON).

    ModelUnavailable propagates (infrastructure). Other model errors give a failed Program whose
    reason starts with "model error" (not cached: they may not repeat).
    """
    messages = codegen_messages(name, requirements, fmt, existing)
    attempts: list[str] = []
    for _ in range(2):
        try:
            if fmt == "json":
                reply = ask_json(model, messages, CODE_SCHEMA, max_tokens=max_tokens)
                shown = json.dumps(reply)
            else:
                reply = shown = model.chat(messages, max_tokens=max_tokens).text
        except ModelUnavailable:
            raise
        except ConstrainedOutputError as e:
            attempts.append(f"no valid JSON: {e.detail[:300]}")  # not the endpoint: a port is no part of the file
            return Program("failed", reason=f"no valid JSON from the code model: {e.detail[:300]}",
                           attempts=tuple(attempts))
        except ModelError as e:
            return Program("failed", reason=f"model error: {type(e).__name__}: {str(e)[:300]}",
                           attempts=tuple(attempts))
        try:
            good = check_candidate(reply, fmt)
            return Program("ok", good.code, good.keys, attempts=tuple(attempts))
        except ValueError as e:
            attempts.append(str(e)[:500])
            messages = messages + codegen_retry(shown[:4000], str(e)[:500], fmt)
    return Program("failed", reason=f"code refused twice; last: {attempts[-1]}", attempts=tuple(attempts))


# ----------------------------------------------------------------------------- cache


def model_slug(model_name: str) -> str:
    base = Path(model_name).stem if model_name.lower().endswith(".gguf") else model_name
    return re.sub(r"[^a-z0-9._-]+", "-", base.lower()).strip("-.") or "model"


def requirements_digest(requirements: str, existing: Sequence[str] = ()) -> str:
    text = requirements if not existing else requirements + "\n\x00preexisting keys\n" + "\n".join(existing)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ProgramCache:
    """JSON files `<folder>/<sha256(requirements)>.json`, one folder per code model. A file is
    used only when it was made under the same decoding settings (`decoding`: models.decoding_identity
    with the call's token limit): a program cut at 450 tokens is not one cut at 200."""

    def __init__(self, folder: Path | str, model_name: str, fmt: str = "comment", decoding: str = ""):
        self.folder = Path(folder)
        self.model_name = model_name
        self.fmt = fmt
        self.decoding = decoding

    def path(self, requirements: str, existing: Sequence[str] = ()) -> Path:
        return self.folder / f"{requirements_digest(requirements, existing)}.json"

    def load(self, requirements: str, existing: Sequence[str] = ()) -> Program | None:
        path = self.path(requirements, existing)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if (not isinstance(raw, dict) or raw.get("prompt_version") != PROMPT_VERSION
                or raw.get("model") != self.model_name or raw.get("requirements") != requirements
                or raw.get("format") != self.fmt or list(raw.get("preexisting_keys") or []) != list(existing)
                or raw.get("decoding", "") != self.decoding):
            return None
        try:
            return Program.from_json(raw["program"])
        except (KeyError, TypeError, ValueError):
            return None

    def store(self, requirements: str, prog: Program, existing: Sequence[str] = ()) -> Path | None:
        record = {"prompt_version": PROMPT_VERSION, "model": self.model_name, "format": self.fmt,
                  "decoding": self.decoding, "requirements": requirements, "program": prog.to_json()}
        if existing:
            record["preexisting_keys"] = list(existing)
        text = json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        path = self.path(requirements, existing)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
            return path
        except OSError:
            return None  # a read-only cache is not an error: the program is still used


def cacheable(prog: Program) -> bool:
    return prog.ok or not prog.reason.startswith("model error")


def get_program(model, cache: "ProgramCache | None", name: str, requirements: str, max_tokens: int | None = None,
                use_cache: bool = True, fmt: str = "comment", existing: Sequence[str] = ()) -> tuple[Program, bool]:
    """(program, from_cache). `existing`: preexisting key declarations (shared_keys)."""
    if cache is not None and use_cache:
        cached = cache.load(requirements, existing)
        if cached is not None:
            return cached, True
    prog = generate(model, name, requirements, max_tokens, fmt, existing)
    if cache is not None and cacheable(prog):
        cache.store(requirements, prog, existing)
    return prog, False



def pregenerate(model, briefs: Sequence, cache_folder: Path | str, max_tokens: int | None = None, fmt: str = "comment",
                progress: Callable[[str, Program, bool, float], None] | None = None,
                households: Sequence[Sequence[str]] | None = None) -> dict[str, Program]:
    """Generate (or load) the program of every opportunity brief into the cache folder.

    With `households` (each the opportunity ids of one household, in the order the agent sees
    them), programs are generated household by household with preexisting keys, exactly as the
    agent does in a dialog, so the agent finds them in the cache; the result then holds each
    opportunity's program from the last household that has it.
    For a pipeline stage: `cache_folder` should be `<cache_dir>/<model_slug(model.spec.model)>`.
    """
    cache = ProgramCache(cache_folder, model.spec.model, fmt, decoding_identity(model.spec, max_tokens))
    out = {}
    if households is None:
        for b in briefs:
            t0 = time.perf_counter()
            prog, cached = get_program(model, cache, b.name, b.requirements, max_tokens, fmt=fmt)
            out[b.id] = prog
            if progress:
                progress(b.id, prog, cached, time.perf_counter() - t0)
        return out
    by_id = {b.id: b for b in briefs}
    reported: set[str] = set()
    for ids in households:
        earlier: list[Program] = []
        for oid in ids:
            b = by_id.get(oid)
            if b is None:
                continue
            t0 = time.perf_counter()
            prog, cached = get_program(model, cache, b.name, b.requirements, max_tokens, fmt=fmt,
                                       existing=shared_keys(earlier))
            earlier.append(prog)
            out[oid] = prog
            if progress and oid not in reported:
                reported.add(oid)
                progress(oid, prog, cached, time.perf_counter() - t0)
    return out


def pregenerate_hook(models, briefs: Sequence, out_dir: Path | str, options: Mapping[str, Any],
                     progress: Callable[[str], None] | None = None,
                     households: Sequence[Sequence[str]] | None = None) -> dict[str, Program]:
    """The manifest's `pregenerate` hook: every brief's program into `<out_dir>/<code model slug>/`
    (household by household with preexisting keys when the option is on and `households` given)."""
    model = models["code"]
    shared = bool(options.get("preexisting_keys", True))
    return pregenerate(model, briefs, Path(out_dir) / model_slug(model.spec.model),
                       per_call_limit(options, "code_max_tokens"), str(options.get("code_format", "comment")),
                       progress=(lambda oid, *rest: progress(oid)) if progress else None,
                       households=households if shared else None)
