"""Submission folders: `submissions/<name>/manifest.yaml` plus the agent's code.

    name: random                  # unique, [a-z0-9_-]
    strategy: random              # shown on the leaderboard
    authors: [BeNYfits maintainers]
    entry_point: agent:RandomAgent   # module:Class inside the folder (the class implements Agent)
    models: {}                    # role -> model name ("default" = the run's dialog model)
    license: MIT
    description: one line
    options: {}                   # passed to the agent as context.options
    pregenerate: module:function  # optional: fills a cache before evaluation (the generate stage)

An agent that runs elsewhere as an A2A service (docs/agent-services.md) has `kind: service` and
its `url` instead of code: no `entry_point`, no `models` (its models are its own), no hooks:

    name: my-service
    kind: service
    url: https://agents.example.org/benyfits
    strategy: whatever it does
    authors: [Team]
    license: proprietary

The folder is imported as a package (`import_submission_module`), so its modules use relative
imports (`from .helpers import x`) and nothing edits `sys.path`.

A pregeneration hook is called as `function(models, briefs, out_dir, options, progress)`:
`models` maps each manifest role to a ChatModel, `briefs` are the OpportunityBriefs the run will
show, `out_dir` is `generated/<name>/` (a DVC output), `progress(id)` ticks once per brief; it
returns {opportunity id: result with an `ok` attribute}.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Mapping

from eligibench.errors import BenyfitsError
from eligibench.files import UnsafeYamlError, read_yaml

SUBMISSION_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_ENTRY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*$")
MANIFEST_MAX_BYTES = 64_000  # a manifest is a few lines; options are small
REQUIRED = ("name", "strategy", "authors", "entry_point", "models", "license")
ALLOWED = REQUIRED + ("description", "options", "test_only", "pregenerate")
KINDS = ("process", "service")  # code run in our jail | an A2A service reached at `url`
SERVICE_REQUIRED = ("name", "strategy", "authors", "license", "kind", "url")
SERVICE_ALLOWED = SERVICE_REQUIRED + ("description",)


class SubmissionError(BenyfitsError):
    pass


@dataclass(frozen=True)
class Manifest:
    folder: Path
    name: str
    strategy: str
    authors: tuple[str, ...]
    entry_point: str
    models: Mapping[str, str]
    license: str
    description: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    test_only: bool = False  # e.g. the oracle: never evaluated by the pipeline or shown on the board
    pregenerate: str | None = None  # module:function, see the module docstring
    kind: str = "process"  # KINDS: "service" is an A2A agent at `url`, its code never seen
    url: str | None = None

    @property
    def is_service(self) -> bool:
        return self.kind == "service"


def _did_you_mean(key: str) -> str:
    import difflib

    close = difflib.get_close_matches(key, ALLOWED + ("kind", "url"), n=1, cutoff=0.6)
    return f"'{key}'" + (f" (did you mean '{close[0]}'?)" if close else "")


def load_manifest(folder: Path | str) -> Manifest:
    folder = Path(folder)
    path = folder / "manifest.yaml"
    if not folder.exists():
        raise SubmissionError(f"{folder}: folder does not exist")
    if not folder.is_dir():
        raise SubmissionError(f"{folder}: not a folder (a submission is a folder with manifest.yaml)")
    if not path.exists() and not path.is_symlink():
        raise SubmissionError(f"{folder}: no manifest.yaml (`benyfits new-agent NAME` scaffolds one)")
    try:
        raw = read_yaml(path, max_bytes=MANIFEST_MAX_BYTES)
    except (UnsafeYamlError, FileNotFoundError) as e:
        raise SubmissionError(str(e) if isinstance(e, UnsafeYamlError) else f"{folder}: no manifest.yaml") from None
    if not isinstance(raw, dict):
        raise SubmissionError(f"{path}: expected a mapping of fields")
    kind = raw.get("kind", "process")
    if kind not in KINDS:
        raise SubmissionError(f"{path}: field 'kind': {kind!r}, expected one of {', '.join(KINDS)}")
    if kind == "service":
        return service_manifest(folder, path, raw)
    # unknown fields first: a typo (`entry_piont`) is the likely cause of a "missing" field
    unknown = sorted(str(k) for k in set(raw) - set(ALLOWED))
    if unknown:
        raise SubmissionError(f"{path}: unknown field(s) {', '.join(_did_you_mean(k) for k in unknown)} "
                              f"(allowed: {', '.join(ALLOWED)})")
    for key in REQUIRED:
        if key not in raw:
            raise SubmissionError(f"{path}: field '{key}': missing")

    def text(key: str) -> str:
        v = raw[key]
        if not isinstance(v, str) or not v.strip():
            raise SubmissionError(f"{path}: field '{key}': expected a non-empty string, got {v!r}")
        return v

    name = _checked_name(path, text("name"))
    entry = text("entry_point")
    if not _ENTRY.match(entry):
        raise SubmissionError(f"{path}: field 'entry_point': {entry!r} must look like module:Class")
    authors = _checked_authors(path, raw["authors"])
    models = raw["models"] or {}
    if not isinstance(models, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in models.items()):
        raise SubmissionError(f"{path}: field 'models': expected a mapping of role -> model name")
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        raise SubmissionError(f"{path}: field 'options': expected a mapping")
    pregen = raw.get("pregenerate")
    if pregen is not None and (not isinstance(pregen, str) or not _ENTRY.match(pregen)):
        raise SubmissionError(f"{path}: field 'pregenerate': {pregen!r} must look like module:function")
    m = Manifest(folder, name, text("strategy"), authors, entry, models, text("license"),
                 str(raw.get("description", "")), options, bool(raw.get("test_only", False)), pregen)
    check_entry_point(m)
    return m


def service_manifest(folder: Path, path: Path, raw: dict) -> Manifest:
    """A `kind: service` manifest: fields checked like a code manifest's, plus an http(s) `url`."""
    unknown = sorted(str(k) for k in set(raw) - set(SERVICE_ALLOWED))
    if unknown:
        raise SubmissionError(f"{path}: field(s) {', '.join(unknown)} not allowed for kind: service "
                              f"(allowed: {', '.join(SERVICE_ALLOWED)}; a service's code and models are its own)")
    for key in SERVICE_REQUIRED:
        if key not in raw:
            raise SubmissionError(f"{path}: field '{key}': missing (kind: service)")
    for key in ("name", "strategy", "license", "url"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise SubmissionError(f"{path}: field '{key}': expected a non-empty string, got {raw[key]!r}")
    name = _checked_name(path, raw["name"])
    from eligibench.evaluation.hosting.url_policy import ServiceURLError, check_url_shape

    try:  # no query, fragment, credentials or odd path: the harness fetches only <url>/.well-known/...
        url = check_url_shape(raw["url"])
    except ServiceURLError as e:
        raise SubmissionError(f"{path}: field 'url': {raw['url']!r}, expected http(s)://host[:port][/path]: "
                              f"{e.problem}") from None
    return Manifest(folder, name, raw["strategy"], _checked_authors(path, raw["authors"]), "", {}, raw["license"],
                    str(raw.get("description", "")), kind="service", url=url)


def _checked_name(path: Path, name: str) -> str:
    if not SUBMISSION_NAME.match(name):
        raise SubmissionError(f"{path}: field 'name': {name!r} must be lowercase letters, digits, '-' or '_'")
    return name


def _checked_authors(path: Path, authors: Any) -> tuple[str, ...]:
    """One name or a list of names, each non-empty."""
    authors = [authors] if isinstance(authors, str) else authors
    if not isinstance(authors, list) or not authors or not all(isinstance(a, str) and a.strip() for a in authors):
        raise SubmissionError(f"{path}: field 'authors': expected a list of names")
    return tuple(authors)


def write_service_manifest(folder: Path, name: str, url: str, strategy: str = "agent service",
                           authors: tuple[str, ...] = ("unknown",), license: str = "unknown") -> Manifest:
    """A service manifest written to `folder` (`benyfits evaluate --agent-url`), read back checked.
    The URL and name are checked first, so their errors name what the user gave (`--agent-url`,
    `--name`), never the scratch manifest this writes."""
    import yaml

    from eligibench.evaluation.hosting.url_policy import ServiceURLError, check_url_shape

    try:
        check_url_shape(url)
    except ServiceURLError as e:
        raise SubmissionError(f"--agent-url {url!r}: expected http(s)://host[:port][/path] (the service's base URL, "
                              f"where it serves /.well-known/agent-card.json): {e.problem}") from None
    if not isinstance(name, str) or not SUBMISSION_NAME.match(name):
        raise SubmissionError(f"--name {name!r}: must be lowercase letters, digits, '-' or '_'")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "manifest.yaml").write_text(yaml.safe_dump(
        {"name": name, "kind": "service", "url": url, "strategy": strategy, "authors": list(authors),
         "license": license}, sort_keys=False), encoding="utf-8")
    return load_manifest(folder)


def check_entry_point(m: Manifest) -> None:
    """The entry point's module file exists in the folder and defines the class (read, not run)."""
    module, _, cls = m.entry_point.partition(":")
    path = m.folder / (module.replace(".", "/") + ".py")
    if not path.is_file():
        raise SubmissionError(f"{m.folder}/manifest.yaml: field 'entry_point': {path.relative_to(m.folder)} not found in the submission")
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except SyntaxError as e:
        raise SubmissionError(f"{path}:{e.lineno}: syntax error: {e.msg}") from None
    if not any(isinstance(n, ast.ClassDef) and n.name == cls for n in tree.body):
        raise SubmissionError(f"{m.folder}/manifest.yaml: field 'entry_point': {path.name} defines no class {cls!r}")


def import_submission_module(folder: Path | str, module: str) -> ModuleType:
    """Import `module` of a submission folder, the folder being a package of its own (relative
    imports work; its name cannot shadow or be shadowed by installed modules)."""
    folder = Path(folder).resolve()
    package = "benyfits_submission_" + re.sub(r"[^a-z0-9_]", "_", folder.name.lower())
    if package not in sys.modules:
        init = folder / "__init__.py"
        spec = importlib.util.spec_from_file_location(package, init if init.is_file() else None,
                                                      submodule_search_locations=[str(folder)])
        if spec is None:  # no __init__.py: an implicit package over the folder
            spec = importlib.machinery.ModuleSpec(package, None, is_package=True)
            spec.submodule_search_locations = [str(folder)]
        pkg = importlib.util.module_from_spec(spec)
        sys.modules[package] = pkg
        if spec.loader is not None:
            spec.loader.exec_module(pkg)
    return importlib.import_module(f"{package}.{module}")


def load_entry(m: Manifest, spec: str) -> Any:
    """The object a `module:name` spec of the manifest names (entry point or hook)."""
    module, _, name = spec.partition(":")
    return getattr(import_submission_module(m.folder, module), name)
