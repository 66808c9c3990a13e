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
"""
from __future__ import annotations

import ast
import hashlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Callable

_RECORD = "__benyfits_record__"
COND = "__benyfits_cond__"  # (line, result, locals()) -> result: a condition's outcome
VAL = "__benyfits_val__"  # (text, value) -> value: an operand of a condition, as the source writes it


class _Instrument(ast.NodeTransformer):
    def __init__(self, conditions: bool = False) -> None:
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
        self.tests[node.test.lineno] = ast.parse(ast.unparse(node.test), mode="eval").body
        first = node.body[0] if node.body else None
        ret = first.value if isinstance(first, ast.Return) else None
        self.guards[node.test.lineno] = ret.value if isinstance(ret, ast.Constant) and isinstance(
            ret.value, bool) else None
        wrapped = ast.Call(ast.Name(COND, ast.Load()),
                           [ast.Constant(node.test.lineno), self._operand(node.test),
                            ast.Call(ast.Name("locals", ast.Load()), [], [])], [])
        node.test = ast.copy_location(wrapped, node.test)

    def _body(self, stmts: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for s in stmts:
            if self._depth and not _is_docstring(s, stmts):
                self.lines.add(s.lineno)
                call = ast.Expr(ast.Call(ast.Name(_RECORD, ast.Load()), [ast.Constant(s.lineno)], []))
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

    path: Path
    namespace: dict  # the module's globals: set _RECORD (and COND, VAL) before calling check
    coverable: frozenset[int]  # lines a trace can contain
    tests: dict[int, ast.expr]  # line -> condition as written ({} without conditions)
    guards: dict[int, bool | None]  # line -> the constant its body returns first


def instrument(module: ModuleType, suffix: str = "__traced", conditions: bool = False) -> Instrumented:
    """The one instrumenter of checkers: a record call before every statement inside a function
    (the trace), and with `conditions` each branch test wrapped (explanations)."""
    path = Path(module.__file__)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    inst = _Instrument(conditions)
    tree = ast.fix_missing_locations(inst.visit(tree))
    ns: dict = {"__name__": module.__name__ + suffix, "__file__": str(path), _RECORD: lambda line: None}
    exec(compile(tree, str(path), "exec"), ns)
    return Instrumented(path, ns, frozenset(inst.lines), inst.tests, inst.guards)


def record_hook(ns: dict, hook: Callable[[int], object]) -> None:
    """Set the line-recording hook of an instrumented module's namespace."""
    ns[_RECORD] = hook


class TracedChecker:
    """A checker module compiled with line recording; `run` gives verdict and trace."""

    def __init__(self, opportunity: str, module: ModuleType):
        self.opportunity = opportunity
        inst = instrument(module)
        self.path = inst.path
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
