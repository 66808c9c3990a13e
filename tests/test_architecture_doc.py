"""docs/architecture.md is the newcomer's map, so what it names in backticks must exist (issue 35
item 5: 2 of 10 checked claims had gone wrong). Stricter than tests/test_docs_links.py for this one
doc: a path must exist at the root, under `eligibench/` or one of its phase packages (not merely end
some repository path) or be a DVC output of dvc.yaml; a dotted name under a project package, written with or without the
`eligibench.` prefix, must import and resolve attribute by attribute; each phase package's "main
API" must be exported by it; every `eligibench` subpackage must have a row in the phase table.
"""
from __future__ import annotations

import fnmatch
import importlib
import re
import subprocess
from functools import cache
from pathlib import Path, PurePath, PurePosixPath

import pytest
import yaml

from eligibench import paths

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
LIB = ROOT / "eligibench"
TOP_PACKAGES = ("eligibench", "checkers", "leaderboard", "stages", "submissions", "benchmarks", "tests")
PATH_EXTENSIONS = (".py", ".md", ".yaml", ".yml", ".json", ".jsonl", ".gz", ".parquet", ".duckdb", ".csv", ".toml")
# spans that look like dotted names or paths but are neither, each with why
NOT_NAMES = {
    "m2.age": "a fact key (member 2's age)",
    "hh.size": "a fact key",
    "evaluate.runs": "a params.yaml key (checked below)",
    "evaluate.executor": "a params.yaml key (checked below)",
}


def _spans(text: str) -> list[str]:
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # the pipeline diagram is not code names
    return [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", text)]  # a span may wrap a line


def _subpackages() -> list[str]:
    return sorted(p.name for p in LIB.iterdir() if (p / "__init__.py").is_file())


@cache
def _dvc_outputs() -> tuple[str, ...]:
    """Every output dvc.yaml declares (a `foreach` stage's with its item as `*`)."""
    stages = yaml.safe_load((ROOT / "dvc.yaml").read_text(encoding="utf-8"))["stages"]
    out = []
    for stage in stages.values():
        body = stage.get("do", stage)
        for o in body.get("outs", []) + body.get("metrics", []):
            out.append(re.sub(r"\$\{[^}]+\}", "*", o if isinstance(o, str) else next(iter(o))))
    return tuple(out)


@cache
def _tracked() -> tuple[str, ...]:
    """Files and folders in git (what a fresh clone has: build outputs on this machine do not count)."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    folders = {str(PurePosixPath(f).parents[i]) for f in files for i in range(len(PurePosixPath(f).parents) - 1)}
    return tuple(sorted(set(files) | folders))


# Runtime files the code names as constants in eligibench/paths.py (created by the first run, in no
# DVC stage's outs): `results/benyfits.duckdb` is `paths.DEFAULT_STORE`.
def _paths_constants() -> set[str]:
    return {str(v) for v in vars(paths).values() if isinstance(v, PurePath)}


@cache
def _bases() -> tuple[Path, ...]:
    """Where a path the doc names may start: the root, `eligibench/`, a phase package (its row and
    paragraphs name files relative to it: `hosting/`, `run/resolve.py`) or a submission folder
    (`manifest.yaml`)."""
    return (ROOT, LIB, *sorted(p for p in LIB.iterdir() if (p / "__init__.py").is_file()),
            *sorted(p for p in (ROOT / "submissions").iterdir() if (p / "manifest.yaml").is_file()))


def _path_exists(span: str) -> bool:
    path = span.split("(")[0].strip()
    if "{" in path:  # reports/drift.{md,json}
        stem, alts, rest = re.match(r"(.*)\{(.*)\}(.*)", path).groups()
        return all(_path_exists(stem + a + rest) for a in alts.split(","))
    pattern = re.sub(r"<[^>]+>", "*", path).rstrip("/")
    for base in _bases():
        prefix = base.relative_to(ROOT).as_posix() + "/" if base != ROOT else ""
        if any(fnmatch.fnmatchcase(t, prefix + pattern) for t in _tracked()):
            return True
    # a DVC output (or a file inside one) or a paths.py constant: absent from a fresh clone
    return pattern in _paths_constants() or any(
        fnmatch.fnmatchcase(pattern, o) or fnmatch.fnmatchcase(pattern, o + "/*") for o in _dvc_outputs())


def _is_path(span: str) -> bool:
    return " " not in span.split("(")[0] and ("/" in span or span.split("(")[0].endswith(PATH_EXTENSIONS))


def _resolve(dotted: str) -> object:
    """The object a dotted name names: the longest importable module prefix, then attributes."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise ModuleNotFoundError(dotted)


def _dotted(span: str) -> str | None:
    """A dotted project name in `span` (call arguments dropped), with `eligibench.` added for
    names written relative to it (`evaluation.run.resolve_run`); None for anything else."""
    name = span.split("(")[0].strip()
    if _is_path(span) or not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+", name) or name in NOT_NAMES:
        return None
    head = name.split(".")[0]
    if head in TOP_PACKAGES:
        return name
    if head in _subpackages() or (LIB / f"{head}.py").is_file():
        return f"eligibench.{name}"
    return None


SPANS = _spans(DOC.read_text(encoding="utf-8"))


def test_the_doc_names_things():
    # the extraction must see the doc's names, or every check below passes on nothing
    assert len([s for s in SPANS if _is_path(s)]) > 40
    assert len([s for s in SPANS if _dotted(s)]) > 10


@pytest.mark.parametrize("span", sorted({s for s in SPANS if _is_path(s)}))
def test_every_path_exists(span):
    assert _path_exists(span), (f"docs/architecture.md names `{span}`: no such file or folder at the root or "
                                f"under eligibench/, and no DVC output of dvc.yaml")


@pytest.mark.parametrize("name", sorted({d for s in SPANS if (d := _dotted(s))}))
def test_every_dotted_name_resolves(name):
    try:
        _resolve(name)
    except (ImportError, AttributeError) as e:
        pytest.fail(f"docs/architecture.md names `{name}`, which does not resolve: {e}")


def test_params_keys_named_exist():
    params = yaml.safe_load((ROOT / "params.yaml").read_text(encoding="utf-8"))
    for key in (k for k in NOT_NAMES if k.startswith("evaluate.")):
        assert key.split(".")[1] in params["evaluate"], f"docs/architecture.md names params key `{key}`"


def _phase_rows() -> dict[str, list[str]]:
    """phase table: package folder -> the names of its "main API" column."""
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `(\w+)/` \|.*\| ([^|]*) \|$", line)
        if m:
            rows[m.group(1)] = re.findall(r"`([\w.]+)(?:\(\))?`", m.group(2))
    return rows


def test_every_subpackage_is_in_the_phase_table_and_exports_its_main_api():
    rows = _phase_rows()
    assert sorted(rows) == _subpackages(), "the phase table lists exactly the eligibench subpackages"
    for package, names in rows.items():
        missing = [n for n in names if not _exports(f"eligibench.{package}", n)]
        assert names and not missing, f"docs/architecture.md: eligibench.{package} does not export {missing}"


def _exports(package: str, name: str) -> bool:
    """`package` exports `name` (`run.load_run`: its subpackage `run` exports `load_run`)."""
    *inner, last = name.split(".")
    module = importlib.import_module(".".join([package, *inner]))
    return last in getattr(module, "__all__", None) if hasattr(module, "__all__") else hasattr(module, last)


def test_the_checks_catch_wrong_names():
    assert not _path_exists("eligibench/evaluation/intake/claim_service.py")
    assert not _path_exists("results/not_an_output.json")
    assert _path_exists("results/queue.py") and _path_exists("reports/drift.{md,json}")
    with pytest.raises((ImportError, AttributeError)):
        _resolve(_dotted("evaluation.run.no_such_function"))
    assert _dotted("m2.age") is None and _dotted("datasets.rows.SCHEMA") == "eligibench.datasets.rows.SCHEMA"
