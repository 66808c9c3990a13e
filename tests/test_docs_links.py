"""Docs that cannot drift (issue 29, item 7): every repository file, module and `benyfits`
subcommand or flag that README.md and docs/*.md name exists.

What counts as a name, read from inline code, fenced code blocks and plain prose:
- a path: starts with a top-level folder of the repository (`eligibench/...`, `docs/...`), or ends
  in a file extension or `/` (`user.py`, `hosting/`: then some repository path must end with it,
  since docs name files relative to the folder the section is about);
- a Markdown link target (`[text](../checkers/README.md)`), relative to the doc;
- a dotted module or attribute under a project package (`eligibench.truth.readings.write_docstring`)
  and any `python -m MODULE`: resolved from the source files without importing them (a module file
  or package, then a name defined or imported in it);
- `benyfits SUBCOMMAND --flag ...`: the subcommand and each flag in the real argument parser; a flag
  quoted alone (`--strict`) in a paragraph that names `benyfits` subcommands and no other tool must
  belong to some subcommand.
Build outputs (reports/, results/, benyfits/, generated/, data/, ...) and placeholders (`<name>`,
`*`, `{md,json}`) are not checked: they exist only after `dvc repro` or name the reader's own files.
"""
from __future__ import annotations

import ast
import importlib.util
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))

# Outputs of the pipeline and of local use: named by the docs, absent from a fresh clone.
BUILD_OUTPUTS = ("reports/", "results/", "benyfits/", "generated/", "data/", "tests/leaderboard/artifacts/",
                 "build/", "tmp/", ".benyfits-worker/", ".dvc/cache", ".dvc/tmp")
# Names that are not repository files on purpose, each with why.
NOT_REPOSITORY_FILES = {
    "submissions/my-agent": "the folder `benyfits new-agent my-agent` scaffolds (docs/writing-an-agent.md)",
    "kvhd-5fmu-2024.json": "a snapshot in the shared reference data (../shared/nyc-open-data/)",
    "kvhd-5fmu-2026-08.json": "a snapshot in the shared reference data (../shared/nyc-open-data/)",
    "Zzz.yaml": "docs/integrity.md's error table: a folder a user names like an opportunity file",
    "Loop.yaml": "docs/integrity.md's error table: a symlink loop in a user's folder",
    "__MACOSX/": "the folder macOS adds to zip archives, which uploads ignore",
    "benyfits-dvc-remote/": "the default DVC remote, a folder beside the checkout (docs/sharing.md)",
}
EXTENSIONS = ("py", "md", "json", "jsonl", "yaml", "yml", "toml", "parquet", "gz", "txt", "cfg", "lock",
              "png", "svg", "sh", "ini", "csv")
SKIP_DIRS = {".git", ".venv", "__pycache__", ".pytest_cache", "node_modules", "build"}
SKIP_PATHS = {".dvc/cache", ".dvc/tmp"}  # DVC's local state, large
PACKAGES = ("eligibench", "leaderboard", "stages", "benchmarks", "tests", "checkers", "submissions")
# Tools whose flags the docs also quote: a lone flag in a paragraph naming one of them is theirs.
OTHER_TOOLS = re.compile(r"\b(vllm|bwrap|bubblewrap|pip|pytest|dvc|cmake|gcc|llama|chromium|ray|git|uv|huggingface"
                         r"|python -m (?!eligibench))\b", re.I)


@dataclass(frozen=True)
class Name:
    doc: str
    line: int
    kind: str  # path | link | module | command | flag
    text: str

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: {self.kind} `{self.text}`"


@cache
def repo_paths() -> tuple[frozenset[str], frozenset[str]]:
    """(files, folders) of the working tree, as posix paths relative to the root."""
    files, dirs = set(), set()
    for base, subdirs, names in os.walk(ROOT):
        rel = Path(base).relative_to(ROOT).as_posix()
        subdirs[:] = [d for d in subdirs if d not in SKIP_DIRS and not d.endswith(".egg-info")
                      and (d if rel == "." else f"{rel}/{d}") not in SKIP_PATHS]
        prefix = "" if rel == "." else rel + "/"
        if prefix:
            dirs.add(prefix)
        files.update(prefix + n for n in names)
    return frozenset(files), frozenset(dirs)


def top_level() -> set[str]:
    return {p.name for p in ROOT.iterdir() if p.name not in SKIP_DIRS}


def path_exists(token: str) -> bool:
    files, dirs = repo_paths()
    if token.endswith("/"):
        return token in dirs or any(d.endswith("/" + token) for d in dirs)
    first = token.split("/")[0]
    if first in top_level() and first + "/" not in BUILD_OUTPUTS:  # (`results/schema.py`: eligibench's)
        return token in files or token + "/" in dirs
    return any(f == token or f.endswith("/" + token) for f in files) or any(d.endswith("/" + token + "/") for d in dirs)


# --- reading the docs -------------------------------------------------------------------------------

INLINE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
PROSE_PATH = re.compile(r"(?<![\w/.`-])((?:" + "|".join(PACKAGES + ("docs",)) + r")/[\w./-]*)")
PATHLIKE = re.compile(r"^[\w.\-/]+$")
MODULE = re.compile(r"^(" + "|".join(PACKAGES) + r")(\.\w+)+")
PYTHON_M = re.compile(r"python3?(?:\.\d+)? -m (\w+(?:\.\w+)*)(?![\w.<])")  # not `benchmarks.<name>`
COMMAND = re.compile(r"(?<![\w/.-])benyfits +([a-z][a-z0-9-]*)((?: +[^#\s]+)*)")
FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*)")


def _blocks(text: str):
    """(line number, line, in a fenced block) for every line."""
    fenced = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        yield n, line, fenced


def names_in(doc: Path) -> list[Name]:
    return names_in_text(doc.relative_to(ROOT).as_posix(), doc.read_text(encoding="utf-8"))


def names_in_text(rel: str, text: str) -> list[Name]:
    out: list[Name] = []
    paragraph: list[tuple[int, str]] = []  # (line, lone flag)
    paragraph_text: list[str] = []
    paragraph_cmds: set[str] = set()

    def close_paragraph():
        if paragraph_cmds and not OTHER_TOOLS.search(" ".join(paragraph_text)):
            for n, flag in paragraph:
                out.append(Name(rel, n, "flag", f"{flag} (of {' / '.join(sorted(paragraph_cmds))})"))
        paragraph.clear(), paragraph_text.clear(), paragraph_cmds.clear()

    for n, line, fenced in _blocks(text):
        if not line.strip() and not fenced:
            close_paragraph()
            continue
        spans = [line.split(" #")[0]] if fenced else INLINE.findall(line)
        prose = line if fenced else INLINE.sub(" ", line)
        for target in ([] if fenced else LINK.findall(prose)):
            if not re.match(r"^[a-z]+:|^#", target):
                out.append(Name(rel, n, "link", target.split("#")[0]))
        for token in PROSE_PATH.findall(prose):
            out.append(Name(rel, n, "path", token.rstrip(".,;:")))
        paragraph_text.append(prose)
        for span in spans:
            span = span.strip()
            for m in COMMAND.finditer(span):
                sub, rest = m.group(1), m.group(2)
                out.append(Name(rel, n, "command", f"{sub}{''.join(' ' + f for f in FLAG.findall(rest))}"))
                paragraph_cmds.add(sub)
            for m in PYTHON_M.finditer(span):
                out.append(Name(rel, n, "module", m.group(1)))
            if MODULE.match(span):
                out.append(Name(rel, n, "module", MODULE.match(span).group(0)))
            elif PATHLIKE.match(span) and ("/" in span or ("." in span and span.rsplit(".", 1)[-1] in EXTENSIONS)):
                out.append(Name(rel, n, "path", span))
            elif not COMMAND.search(span) and re.fullmatch(r"--[a-z][a-z0-9-]*(?: [^\s-][^\s]*)*", span):
                paragraph.append((n, span.split()[0]))
            else:
                m = re.match(r"^([\w.\-/]+)(::|\[)", span)  # tests/x.py::test_name, x.py[param]
                if m and m.group(1).endswith(".py"):
                    out.append(Name(rel, n, "path", m.group(1)))
    close_paragraph()
    return out


def checked(name: Name) -> bool:
    """False for names that are not repository files: placeholders, outputs, other machines' paths."""
    t = name.text
    if name.kind in ("path", "link"):
        if any(c in t for c in "<>*{}$ ") or t.startswith(("/", "~", "http")) or not t:
            return False
        if name.kind == "path":
            first = t.split("/")[0]
            if "/" in t.rstrip("/") and first not in top_level() and not t.endswith(("/",) + tuple(
                    "." + e for e in EXTENSIONS)):
                return False  # min/maxLength, n/a, a model repo id
            if first == ".." or t in NOT_REPOSITORY_FILES:
                return False
            if (t.startswith(BUILD_OUTPUTS) or t.rstrip("/") + "/" in BUILD_OUTPUTS) and not t.endswith(".py"):
                return False  # (`results/schema.py` is eligibench/results/schema.py: source, checked)
    return True


# --- resolving names --------------------------------------------------------------------------------

@cache
def _defined(path: Path) -> frozenset[str]:
    """Names a module binds at top level: defs, classes, assignments, imports, __all__."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.If, ast.Try)):
            names.update(n.name for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.ClassDef)))
    return frozenset(names)


def module_exists(dotted: str) -> str | None:
    """None when `dotted` (a module, then attributes) resolves; else what is missing."""
    parts = dotted.split(".")
    if parts[0] not in PACKAGES:  # another distribution (llama_cpp.server): installed?
        spec = importlib.util.find_spec(parts[0])
        if spec is None:
            return f"module {parts[0]} is not installed"
        for loc in spec.submodule_search_locations or []:
            sub = Path(loc, *parts[1:])
            if sub.with_suffix(".py").exists() or (sub / "__init__.py").exists() or len(parts) == 1:
                return None
        return f"{dotted} not found in {parts[0]}"
    here = ROOT
    for i, part in enumerate(parts):
        if (here / part).is_dir():
            here = here / part
            continue
        if (here / f"{part}.py").is_file():
            here = here / f"{part}.py"
            rest = parts[i + 1:]
        else:
            rest = parts[i:]
            if not (here / "__init__.py").is_file():
                return f"{'/'.join(parts[:i + 1])} is neither a module nor a package"
            here = here / "__init__.py"
        if rest and rest[0] not in _defined(here):
            return f"{here.relative_to(ROOT)} defines no `{rest[0]}`"
        return None
    return None


@cache
def cli() -> dict[str, frozenset[str]]:
    """subcommand -> its option strings, from the real parser."""
    import argparse

    from eligibench.cli.main import build_parser

    (sub,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return {name: frozenset(p._option_string_actions) for name, p in sub.choices.items()}


def problem(name: Name, doc: Path) -> str | None:
    t = name.text
    if name.kind == "path":
        return None if path_exists(t.rstrip(".")) else "no such file or folder in the repository"
    if name.kind == "link":
        target = (doc.parent / t).resolve()
        return None if target.exists() else f"link target {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target} does not exist"
    if name.kind == "module":
        return module_exists(t)
    if name.kind == "command":
        sub, *flags = t.split()
        if sub not in cli():
            return f"`benyfits {sub}` is not a subcommand (there are: {', '.join(sorted(cli()))})"
        missing = [f for f in flags if f not in cli()[sub]]
        return f"`benyfits {sub}` has no {', '.join(missing)}" if missing else None
    if name.kind == "flag":
        # the paragraph names benyfits commands and no other tool; the flag may be another command's
        # (`--ray-address` of `worker` beside `evaluate`), so any subcommand's flag will do
        flag = t.split(" (of ")[0]
        return None if any(flag in opts for opts in cli().values()) else f"no `benyfits` subcommand has {flag}"
    raise AssertionError(name.kind)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_name_in_the_doc_exists(doc):
    names = [n for n in names_in(doc) if checked(n)]
    bad = [f"{n}: {why}" for n in names if (why := problem(n, doc))]
    assert not bad, f"{len(bad)} name(s) in {doc.name} do not exist:\n" + "\n".join(bad)


def test_the_reader_finds_names_of_every_kind():
    """The extraction itself: a doc with one name of each kind, good and bad, yields each of them."""
    names = {(n.kind, n.text) for n in names_in_text("docs/x.md",
        "See `eligibench/paths.py`, `hosting/isolation.py` and [the checkers](../checkers/README.md).\n"
        "`eligibench.household.v1format.load_v1_file` and `python -m benchmarks.agent_jail`.\n"
        "\n"
        "`benyfits evaluate PATH [--households N] [--no-such-flag]`; its `--json` and `--nope`.\n"
        "\n"
        "```bash\nbenyfits nosuchcommand --x   # comment\n```\n")}
    assert ("path", "eligibench/paths.py") in names and ("path", "hosting/isolation.py") in names
    assert ("link", "../checkers/README.md") in names
    assert ("module", "eligibench.household.v1format.load_v1_file") in names
    assert ("module", "benchmarks.agent_jail") in names
    assert ("command", "evaluate --households --no-such-flag") in names and ("command", "nosuchcommand --x") in names
    assert ("flag", "--json (of evaluate)") in names and ("flag", "--nope (of evaluate)") in names
    verdicts = {text: problem(Name("x", 1, kind, text), ROOT / "docs" / "x.md") for kind, text in names}
    assert verdicts["eligibench/paths.py"] is None and verdicts["hosting/isolation.py"] is None
    assert verdicts["eligibench.household.v1format.load_v1_file"] is None
    assert "--no-such-flag" in verdicts["evaluate --households --no-such-flag"]
    assert "not a subcommand" in verdicts["nosuchcommand --x"]
    assert verdicts["--json (of evaluate)"] is None and "--nope" in verdicts["--nope (of evaluate)"]
    assert problem(Name("x", 1, "path", ".dvc/config"), ROOT / "README.md") is None
    assert problem(Name("x", 1, "path", "eligibench/evaluation/environment.py"), ROOT / "README.md")
    assert problem(Name("x", 1, "path", "user.py"), ROOT / "README.md")
    assert problem(Name("x", 1, "module", "eligibench.truth.no_such_name"), ROOT / "README.md")

