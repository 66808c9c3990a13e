"""Trace recording: which lines of a checker ran for a household (the reason for its verdict).

Checkers are instrumented once at load: a record call is inserted before every statement inside
their functions, compiled against the checker's own file and line numbers. That is several times
faster than sys.settrace and it does not interfere with debuggers or coverage tools.

`TracedChecker.run_reads` also records the facts a run read: it runs the same instrumented
checker on a stand-in household whose members log every attribute read as a fact key
(``m<i>.<feature>``, `household.facts`), and ``hh.size`` / ``len(hh.members)`` as ``hh.size``.
Those reads are the facts the verdict depended on (its needed facts). The plain `run` stays
the fast path the 820,000-run stages use; the stand-in costs a Python call per read.

`instrument` is the one instrumenter of checkers: the traced copy records lines; with
`conditions=True` (the explanations, `truth.explain`) every `if`/`while` test is also wrapped
to report its line, result and operand values. The traced copy stays without the condition
hooks, so the fast path pays nothing for explanations.

**Variants** (a later edition's checker composed with its 2024 twin) are read by `composition`
(`checker_source`): this module compiles what it composes, a variant's own lines numbered
`OWN_LINES + n`.

**Derived facts** (`checkers/facts.py`) are traced with the checker that calls them: `instrument`
compiles the facts module's functions with the same record hook into the checker's namespace
(they replace the imported ones there), their lines numbered `FACT_LINES + n` (n the line in the
facts file, `CheckerSource.where`). A fact is written one operand per line, so the trace names the
operand that decided ("Medicaid" through `receives_disability_medicaid`), and the lines of the
facts a checker calls join its coverable set (the Diverse coverage counts them). Conditions inside
facts are not wrapped for explanations: the checker line that calls the fact stays its reason there.
"""
from __future__ import annotations

import ast
import hashlib
import importlib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Callable

# The composition names stay importable from here (`__all__`): siblings and tests take the whole
# tracing vocabulary from this module, as they did before `composition` was split from it.
from eligibench.truth.composition import (
    FACT_LINES,
    OWN_LINES,
    TWIN,
    CheckerSource,
    assignment_targets,
    checker_source,
    compose,
    copy_tree,
    merge,
    module_file,
)

_RECORD = "__benyfits_record__"
COND = "__benyfits_cond__"  # (line, result, locals()) -> result: a condition's outcome
VAL = "__benyfits_val__"  # (text, value) -> value: an operand of a condition, as the source writes it

__all__ = ["COND", "FACT_LINES", "OWN_LINES", "TWIN", "VAL", "CheckerSource", "Instrumented", "ReadingHousehold",
           "Trace", "TracedChecker", "checker_source", "compose", "instrument", "merge", "record_hook",
           "trace_id", "traced_checkers"]


class _Instrument(ast.NodeTransformer):
    def __init__(self, conditions: bool = False, base: int = 0) -> None:
        self.base = base  # added to every line number recorded (OWN_LINES for a variant's own functions)
        self.lines: set[int] = set()
        self._depth = 0
        self.conditions = conditions
        self.tests: dict[int, ast.expr] = {}  # line -> the condition as written (conditions=True)
        self.guards: dict[int, bool | None] = {}  # line -> the constant its body returns first

    def _operand(self, node: ast.expr) -> ast.expr:
        if isinstance(node, ast.BoolOp):
            node.values = [self._operand(v) for v in node.values]
            return node
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            node.operand = self._operand(node.operand)
            return node
        if isinstance(node, ast.Compare):
            node.left = self._leaf(node.left)
            node.comparators = [self._leaf(c) for c in node.comparators]
            return node
        return self._leaf(node)

    def _leaf(self, node: ast.expr) -> ast.expr:
        if isinstance(node, ast.Constant):
            return node
        call = ast.Call(ast.Name(VAL, ast.Load()), [ast.Constant(ast.unparse(node)), node], [])
        return ast.copy_location(call, node)

    def _wrap_test(self, node: ast.If | ast.While) -> None:
        line = self.base + node.test.lineno
        self.tests[line] = ast.parse(ast.unparse(node.test), mode="eval").body
        first = node.body[0] if node.body else None
        ret = first.value if isinstance(first, ast.Return) else None
        self.guards[line] = ret.value if isinstance(ret, ast.Constant) and isinstance(
            ret.value, bool) else None
        wrapped = ast.Call(ast.Name(COND, ast.Load()),
                           [ast.Constant(line), self._operand(node.test),
                            ast.Call(ast.Name("locals", ast.Load()), [], [])], [])
        node.test = ast.copy_location(wrapped, node.test)

    def _body(self, stmts: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for s in stmts:
            if self._depth and not _is_docstring(s, stmts):
                self.lines.add(self.base + s.lineno)
                call = ast.Expr(ast.Call(ast.Name(_RECORD, ast.Load()), [ast.Constant(self.base + s.lineno)], []))
                out.append(ast.copy_location(call, s))
            out.append(self.visit(s))
        return out

    def generic_visit(self, node: ast.AST) -> ast.AST:
        is_func = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        self._depth += is_func
        if self.conditions and isinstance(node, (ast.If, ast.While)):
            self._wrap_test(node)  # before the bodies are rewritten: the test's first statement is the real one
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            if isinstance(stmts, list) and stmts and isinstance(stmts[0], ast.stmt):
                setattr(node, field, self._body(stmts))
        if isinstance(node, ast.Try):
            for h in node.handlers:
                h.body = self._body(h.body)
        if isinstance(node, ast.Match):
            for c in node.cases:
                c.body = self._body(c.body)
        self._depth -= is_func
        return node


def _is_docstring(s: ast.stmt, stmts: list[ast.stmt]) -> bool:
    return s is stmts[0] and isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str)


@dataclass(frozen=True)
class Trace:
    opportunity: str
    eligible: bool
    lines: frozenset[int]

    @property
    def id(self) -> str:
        return trace_id(self.opportunity, self.lines)


def trace_id(opportunity: str, lines: frozenset[int] | set[int]) -> str:
    """Stable id of a trace: the same lines of the same checker give the same id."""
    text = opportunity + ":" + ",".join(map(str, sorted(lines)))
    return hashlib.sha1(text.encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Instrumented:
    """A checker module compiled from its own file with the hooks `instrument` inserted."""

    path: Path  # the file the lines are numbered in (a variant's twin)
    namespace: dict  # the module's globals: set _RECORD (and COND, VAL) before calling check
    coverable: frozenset[int]  # lines a trace can contain
    tests: dict[int, ast.expr]  # line -> condition as written ({} without conditions)
    guards: dict[int, bool | None]  # line -> the constant its body returns first
    variant_path: Path | None = None  # a variant's own file (its constants), None for a whole checker
    source: CheckerSource | None = None  # what was compiled: `where`/`line_text` of a trace line


def instrument(module: ModuleType, suffix: str = "__traced", conditions: bool = False) -> Instrumented:
    """The one instrumenter of checkers: a record call before every statement inside a function
    (the trace), and with `conditions` each branch test wrapped (explanations). A variant is
    compiled from its twin's file, with its own constants, then its replacing functions from its
    own file, their lines numbered OWN_LINES + n (`checker_source`): a replaced function's lines
    leave the coverable set, the replacement's join it."""
    source = checker_source(module)
    path = source.path
    inst = _Instrument(conditions)
    tree = ast.fix_missing_locations(inst.visit(copy_tree(source.tree)))  # source.tree stays as written
    ns: dict = {"__name__": module.__name__ + suffix, "__file__": str(path), _RECORD: lambda line: None}
    ns.update(source.own)
    exec(compile(tree, str(path), "exec"), ns)
    lines, tests, guards = set(inst.lines), dict(inst.tests), dict(inst.guards)
    if source.functions is not None:
        own = _Instrument(conditions, OWN_LINES)
        functions = ast.fix_missing_locations(own.visit(copy_tree(source.functions)))
        exec(compile(functions, str(source.variant_path), "exec"), ns)  # after the twin's: they replace
        lines |= own.lines
        tests.update(own.tests)
        guards.update(own.guards)
    facts_path = _trace_facts(ns, source, lines)
    if facts_path is not None:
        source = replace(source, facts_path=facts_path)
    return Instrumented(path, ns, frozenset(lines), tests, guards, source.variant_path, source)


def _facts_module(ns: dict) -> str | None:
    """The derived facts module the checker imported from (None when it calls no fact)."""
    found = {getattr(v, "__module__", None) for v in ns.values() if callable(v)}
    names = sorted(n for n in found if n and (n == "checkers.facts" or (n.startswith("checkers.") and n.endswith(".facts"))))
    if len(names) > 1:
        raise ImportError(f"{ns.get('__file__')}: calls the derived facts of {names}; one facts module per checker")
    return names[0] if names else None


@dataclass(frozen=True)
class _FactsCode:
    """A derived facts module compiled for tracing, once per process and file text: what every
    checker calling it execs into its namespace. Compiling it anew for each of the 82 checkers that
    call it was 0.48 of traced_checkers' 0.76 s (2026-11-28, the 2024 registry), paid by every
    process that traces (a dozen stages of the main job, the test workers, their subprocesses)."""

    functions: dict[str, ast.FunctionDef]  # name -> its definition, as written
    per_function: dict[str, set[int]]  # name -> the trace lines of its body (FACT_LINES + n)
    defines: tuple[str, ...]  # the names the compiled code sets in a namespace
    code: object  # the kept statements (functions, upper-case constants) with line recording


@lru_cache(maxsize=8)
def _facts_code(path: str, text: str) -> _FactsCode:
    tree = ast.parse(text, filename=path)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    keep: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            keep.append(node)
        elif isinstance(node, ast.FunctionDef):
            keep.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and not isinstance(node.value, ast.Subscript):
            names = [t.id for t in assignment_targets(node) if isinstance(t, ast.Name)]
            if names and all(n.isupper() for n in names):
                keep.append(node)
    defines = tuple(name for node in keep for name in
                    ([node.name] if isinstance(node, ast.FunctionDef) else
                     [t.id for t in assignment_targets(node) if isinstance(t, ast.Name)]))
    per_function: dict[str, set[int]] = {}
    for name, fn in functions.items():
        probe = _Instrument(False, FACT_LINES)
        probe.visit(ast.Module([copy_tree(fn)], []))
        per_function[name] = probe.lines
    inst = _Instrument(False, FACT_LINES)
    module_tree = ast.fix_missing_locations(inst.visit(ast.Module(copy_tree(keep), [])))
    return _FactsCode(functions, per_function, defines, compile(module_tree, path, "exec"))


def _trace_facts(ns: dict, source: CheckerSource, lines: set[int]) -> Path | None:
    """Compile the facts module's functions (and the constants they read) into the checker's
    namespace with line recording, numbered FACT_LINES + n; add the lines of the facts the checker
    calls (the facts it imports, what they call, the kinds it names) to `lines`. Returns the facts file."""
    module = _facts_module(ns)
    if module is None:
        return None
    facts_path = module_file(module)
    facts = _facts_code(str(facts_path), facts_path.read_text(encoding="utf-8"))
    imported = importlib.import_module(module)
    for name in facts.defines:  # a checker name the facts would overwrite is an error, not a silent change
        if name in ns and ns[name] is not getattr(imported, name, None):
            raise ImportError(f"{ns.get('__file__')}: defines {name!r}, which the derived facts "
                              f"{facts_path} define too: rename one")
    exec(facts.code, ns)
    lines |= _called_fact_lines(source, facts.functions, facts.per_function, getattr(imported, "DISABILITY_KINDS", {}))
    return facts_path


def _called_fact_lines(source: CheckerSource, functions: dict[str, ast.FunctionDef],
                       per_function: dict[str, set[int]], kinds: dict) -> set[int]:
    """The lines of the facts a checker's code calls, and of the facts those call (a kind-taking
    fact, `disability(m, "any")`, reaches the function its literal kind names)."""
    todo: list[str] = []
    walked = [source.tree] + ([source.functions] if source.functions is not None else [])
    for node in (n for tree in walked for n in ast.walk(tree)):  # line numbers play no part: no copy
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions:
            todo.append(node.func.id)
            for arg in node.args[1:]:
                if isinstance(arg, ast.Constant) and arg.value in kinds:
                    todo.append(kinds[arg.value].__name__)
    seen: set[str] = set()
    out: set[int] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        out |= per_function[name]
        for node in ast.walk(functions[name]):
            if isinstance(node, ast.Name) and node.id in functions:
                todo.append(node.id)
    return out


def record_hook(ns: dict, hook: Callable[[int], object]) -> None:
    """Set the line-recording hook of an instrumented module's namespace."""
    ns[_RECORD] = hook


class TracedChecker:
    """A checker module compiled with line recording; `run` gives verdict and trace."""

    def __init__(self, opportunity: str, module: ModuleType):
        self.opportunity = opportunity
        inst = instrument(module)
        self.path = inst.path  # a variant's twin: the lines of its trace
        self.variant_path = inst.variant_path
        self.source = inst.source  # `line_text`/`where` of a trace line (a variant's own lines are in its file)
        self.coverable: frozenset[int] = inst.coverable
        self._ns: dict = inst.namespace
        self._check: Callable = self._ns["check"]

    def run_reads(self, household) -> tuple[Trace, frozenset[str]]:
        """Verdict and trace (identical to `run`) plus the fact keys the run read."""
        reads: set[str] = set()
        trace = self.run(ReadingHousehold(household, reads))
        return trace, frozenset(reads)

    def run(self, household) -> Trace:
        seen: set[int] = set()
        self._ns[_RECORD] = seen.add
        verdict = self._check(household)
        if type(verdict) is not bool:
            raise TypeError(f"{self.path.name}: check() returned {verdict!r}, expected True or False")
        return Trace(self.opportunity, verdict, frozenset(seen))


def traced_checkers(registry: dict[str, ModuleType]) -> dict[str, TracedChecker]:
    return {oid: TracedChecker(oid, mod) for oid, mod in registry.items()}


class _ReadingMember:
    """A member that logs every feature read as its fact key (values are the real ones)."""

    __slots__ = ("_m", "_prefix", "_reads")

    def __init__(self, m, index: int, reads: set[str]):
        self._m, self._prefix, self._reads = m, f"m{index}.", reads

    def __getattr__(self, name: str):
        value = getattr(self._m, name)  # AttributeError for a feature the schema lacks, as usual
        self._reads.add(self._prefix + name)
        return value


class _ReadingMembers(tuple):
    """The members tuple; its length is the household size, logged as a read of ``hh.size``."""

    reads: set[str]

    def __len__(self) -> int:
        self.reads.add("hh.size")
        return tuple.__len__(self)


class ReadingHousehold:
    """Stands in for a `Household` in a traced run (checkers use members, size, self_member)."""

    def __init__(self, hh, reads: set[str]):
        members = _ReadingMembers(_ReadingMember(m, i, reads) for i, m in enumerate(hh.members))
        members.reads = reads
        self.members = members
        self.self_member = members[0]
        self._size = hh.size
        self._reads = reads

    @property
    def size(self) -> int:
        self._reads.add("hh.size")
        return self._size
