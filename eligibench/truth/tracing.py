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

**Variants** (issue 30 item 3): a later edition's checker that differs from its 2024 twin only in
constants is a *variant* module: it sets `TWIN = "checkers.<module>"`, its `ID`, its docstring and
only the constants that differ, and ends with `share_rules(globals())`
(`checkers/editions/variant.py`). `checker_source` composes what runs: the twin's code without its
docstring and without the assignments of the names the variant sets, executed in a namespace
that already holds the variant's values. So the rules exist once (a fix to the twin reaches both
editions), and a variant's trace records the twin's line numbers under the variant's opportunity
(its `Instrumented.path` is the twin's file; the constants `explain` shows beside a line are the
variant's). A variant that differs by a condition *replaces whole functions* of its twin: it
defines them (same names) in its own file; the twin's definitions are dropped, and so are the twin
constants and functions only they used; a helper of its own that its twin lacks may stand beside
them when a replacing function calls it. A trace stays a set of line numbers: the twin's lines as they are, the
variant's own lines as `OWN_LINES + n` (`CheckerSource.where` gives each line's file), so a
replaced function's lines leave the coverable set, the replacement's join it, and the twin's
unchanged lines keep their numbers (its other edition's trace ids do not move).

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
import copy
import hashlib
import importlib
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

_RECORD = "__benyfits_record__"
COND = "__benyfits_cond__"  # (line, result, locals()) -> result: a condition's outcome
VAL = "__benyfits_val__"  # (text, value) -> value: an operand of a condition, as the source writes it


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


TWIN = "TWIN"  # a variant module's attribute: the module name of the checker whose rules it shares
OWN_LINES = 10_000  # a variant's own line n is numbered OWN_LINES + n in traces (checkers are < 500 lines)
FACT_LINES = 20_000  # a derived fact's line n (checkers/facts.py) is numbered FACT_LINES + n in traces


@dataclass(frozen=True)
class CheckerSource:
    """The code a checker module runs, and the file its lines are numbered in."""

    path: Path  # the file whose line numbers a trace records: the twin's for a variant
    tree: ast.Module  # the code: for a variant, the twin's less its docstring, the names the variant sets
    # and the functions it replaces
    own: dict[str, Any]  # a variant's own module-level values (ID, constants), set before the code runs
    variant_path: Path | None = None  # the variant's own file (its constants and docstring)
    functions: ast.Module | None = None  # a variant's imports and replacing functions (its file's lines)
    # (first, last line of a replacing function, first, last line of the twin's function it replaces)
    anchors: tuple[tuple[int, int, int, int], ...] = ()
    facts_path: Path | None = None  # the derived facts module the checker calls (its lines: FACT_LINES + n)

    def numbered(self) -> ast.Module:
        """The code as traces number it: the twin's lines, then the variant's functions with
        OWN_LINES added to their lines (a fresh tree: callers may change it)."""
        tree = copy.deepcopy(self.tree)
        if self.functions is not None:
            tree.body += ast.increment_lineno(copy.deepcopy(self.functions), OWN_LINES).body
        return tree

    def where(self, line: int) -> tuple[Path, int]:
        """The file and line number a trace line stands for."""
        if line >= FACT_LINES and self.facts_path is not None:
            return self.facts_path, line - FACT_LINES
        if line >= OWN_LINES and self.variant_path is not None:
            return self.variant_path, line - OWN_LINES
        return self.path, line

    @cached_property
    def composed(self) -> dict[int, int]:
        """Trace line -> its place in the code as it runs: the twin's file with each replaced
        function's lines swapped for its replacement's (OWN_LINES + n), as a whole module reads."""
        order: list[int] = []
        spans = {first: (own_first, own_last, last) for own_first, own_last, first, last in self.anchors if last >= first}
        leading = {first: (own_first, own_last) for own_first, own_last, first, last in self.anchors if last < first}
        n, total = 1, len(_file_lines(str(self.path)))
        while n <= total:
            if n in leading:  # a variant's helpers defined above its first replacing function
                own_first, own_last = leading.pop(n)
                order += range(OWN_LINES + own_first, OWN_LINES + own_last + 1)
            if n in spans:
                own_first, own_last, last = spans[n]
                order += range(OWN_LINES + own_first, OWN_LINES + own_last + 1)
                n = last + 1
                continue
            order.append(n)
            n += 1
        return {line: i for i, line in enumerate(order)}

    def order(self, line: int) -> int:
        """A trace line's place in the composed code (`composed`)."""
        return self.composed.get(line, line)

    def before(self, line: int) -> list[int]:
        """The lines above `line` in the composed code, nearest first."""
        above = [n for n, i in self.composed.items() if i < self.order(line)]
        return sorted(above, key=self.order, reverse=True)

    def line_text(self, line: int) -> str:
        """The source text of a trace line ('' past the end of its file)."""
        path, n = self.where(line)
        text = _file_lines(str(path))
        return text[n - 1] if 1 <= n <= len(text) else ""


@lru_cache(maxsize=256)
def _file_lines(path: str) -> tuple[str, ...]:
    return tuple(Path(path).read_text(encoding="utf-8").splitlines())


def _module_file(name: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ImportError(f"checker module {name!r} not found")
    return Path(spec.origin)


def _targets(node: ast.stmt) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []


def variant_names(variant_path: Path, tree: ast.Module | None = None) -> tuple[str, ...]:
    """The module-level names a variant sets (its ID and the constants that differ), TWIN excluded.
    Fails naming the file when the variant defines a class (its functions replace its twin's)."""
    tree = tree or ast.parse(variant_path.read_text(encoding="utf-8"), filename=str(variant_path))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            raise ImportError(f"{variant_path}:{node.lineno}: a variant holds constants and functions that "
                              f"replace its twin's ({node.name} is a class)")
        names += [t.id for t in _targets(node) if isinstance(t, ast.Name) and t.id != TWIN]
    return tuple(dict.fromkeys(names))


def merge(twin_tree: ast.Module, variant_tree: ast.Module, twin_path: Path | str, variant_path: Path | str,
          ) -> tuple[ast.Module, tuple[str, ...], ast.Module | None]:
    """(the twin's code less its docstring, the assignments of the variant's names and the functions
    the variant replaces; the variant's names; the variant's imports and functions, or None when it
    holds constants only). A twin constant or function that only replaced functions used is dropped
    (it is no number of the variant, and no line of it could run). Fails naming both files when the variant sets a name its twin does not
    assign and its own functions do not read, or defines a function its twin does not (a typo
    would silently change nothing)."""
    own = variant_names(Path(variant_path), variant_tree)
    replacing = {n.name: n for n in variant_tree.body if isinstance(n, ast.FunctionDef)}
    assigned: set[str] = set()
    body = []
    for i, node in enumerate(twin_tree.body):
        if i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            continue  # the twin's docstring: the variant's own readings stay its __doc__
        if isinstance(node, ast.FunctionDef) and node.name in replacing:
            assigned.add(node.name)
            continue
        targets = _targets(node)
        names = {t.id for t in targets if isinstance(t, ast.Name)}
        if names & set(own):
            if len(targets) != 1:
                raise ImportError(f"{twin_path}:{node.lineno}: a parameter a variant sets must be assigned alone")
            assigned |= names
            continue
        body.append(node)
    read_by_own = {n.id for fn in replacing.values() for n in ast.walk(fn)
                   if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}  # a constant of its own rule
    unknown = [n for n in (*own, *replacing) if n not in assigned and n not in read_by_own]
    if unknown:
        raise ImportError(f"{variant_path}: sets {', '.join(unknown)}, which its twin {twin_path} does not "
                          "assign or define at module level")
    if not replacing:
        return ast.Module(body, []), own, None
    functions = ast.Module([n for n in variant_tree.body if isinstance(n, (ast.Import, ast.ImportFrom, ast.FunctionDef))], [])
    while True:  # a twin function only replaced code called is dropped too (no line nothing reaches)
        used = {n.id for part in (*body, *functions.body) for n in ast.walk(part)
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        kept = [n for n in body if not _unused(n, used)]
        if len(kept) == len(body):
            return ast.Module(body, []), own, functions
        body = kept


def _unused(node: ast.stmt, used: set[str]) -> bool:
    """A twin constant or function (not `check`) no code of the composed checker reads."""
    if isinstance(node, ast.FunctionDef):
        return node.name != "check" and node.name not in used
    targets = _targets(node)
    return (len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id.isupper()
            and targets[0].id not in used)


def compose(variant_path: Path, twin: str) -> tuple[Path, ast.Module, tuple[str, ...]]:
    """(twin file, the twin's code as `merge` leaves it, the variant's names): what
    `share_rules` runs in the variant's namespace (the variant's functions are already there)."""
    twin_path = _module_file(twin)
    tree = ast.parse(twin_path.read_text(encoding="utf-8"), filename=str(twin_path))
    variant_tree = ast.parse(variant_path.read_text(encoding="utf-8"), filename=str(variant_path))
    body, own, _ = merge(tree, variant_tree, twin_path, variant_path)
    return twin_path, body, own


def checker_source(module: ModuleType) -> CheckerSource:
    """What `module` runs: its own file, or for a variant (`TWIN` set) its twin's composed code
    and the functions the variant replaces."""
    path = Path(module.__file__)
    twin = getattr(module, TWIN, None)
    if twin is None:
        return CheckerSource(path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), {})
    twin_path = _module_file(twin)
    tree = ast.parse(twin_path.read_text(encoding="utf-8"), filename=str(twin_path))
    twin_defs = {n.name: (n.lineno, n.end_lineno or n.lineno) for n in tree.body  # before merge drops them
                 if isinstance(n, ast.FunctionDef)}
    body, own, functions = merge(tree, ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), twin_path, path)
    anchors = _anchors([fn for fn in (functions.body if functions is not None else ())
                        if isinstance(fn, ast.FunctionDef)], twin_defs)
    return CheckerSource(twin_path, body, {n: getattr(module, n) for n in own}, path, functions, anchors)


def _anchors(own: list[ast.FunctionDef], twin_defs: dict[str, tuple[int, int]]) -> tuple[tuple[int, int, int, int], ...]:
    """(first, last line in the variant's file, first, last line of the twin function replaced) per
    replacing function: where `composed` puts the variant's functions. A function of the variant's
    own that its twin lacks (a helper its replacing functions call) keeps its place in the variant's
    file: above the first replacing function it leads the code (above the twin's first function, as a
    whole module defines its helpers first; anchored there with last = first - 1, nothing replaced),
    between two it stands just above the next, after the last it is taken into the last's span. The
    composed order stands for the order a checker runs in (the flip search's decisive line)."""
    out: list[list[int]] = []
    helper_first = None
    for fn in own:
        if fn.name not in twin_defs:
            helper_first = fn.lineno if helper_first is None else helper_first
            if out and fn is own[-1]:
                out[-1][1] = fn.end_lineno or fn.lineno
            continue
        if helper_first is not None and not out:  # helpers above the first replacing function lead
            top = min(first for first, _ in twin_defs.values())
            out.append([helper_first, fn.lineno - 1, top, top - 1])
            helper_first = None
        first = fn.lineno if helper_first is None else helper_first
        out.append([first, fn.end_lineno or fn.lineno, *twin_defs[fn.name]])
        helper_first = None
    return tuple((a, b, c, d) for a, b, c, d in out)


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
    tree = ast.fix_missing_locations(inst.visit(copy.deepcopy(source.tree)))  # source.tree stays as written
    ns: dict = {"__name__": module.__name__ + suffix, "__file__": str(path), _RECORD: lambda line: None}
    ns.update(source.own)
    exec(compile(tree, str(path), "exec"), ns)
    lines, tests, guards = set(inst.lines), dict(inst.tests), dict(inst.guards)
    if source.functions is not None:
        own = _Instrument(conditions, OWN_LINES)
        functions = ast.fix_missing_locations(own.visit(copy.deepcopy(source.functions)))
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


def _trace_facts(ns: dict, source: CheckerSource, lines: set[int]) -> Path | None:
    """Compile the facts module's functions (and the constants they read) into the checker's
    namespace with line recording, numbered FACT_LINES + n; add the lines of the facts the checker
    calls (the facts it imports, what they call, the kinds it names) to `lines`. Returns the facts file."""
    module = _facts_module(ns)
    if module is None:
        return None
    facts_path = _module_file(module)
    tree = ast.parse(facts_path.read_text(encoding="utf-8"), filename=str(facts_path))
    imported = importlib.import_module(module)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    keep: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            keep.append(node)
        elif isinstance(node, ast.FunctionDef):
            keep.append(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and not isinstance(node.value, ast.Subscript):
            names = [t.id for t in _targets(node) if isinstance(t, ast.Name)]
            if names and all(n.isupper() for n in names):
                keep.append(node)
    for node in keep:  # a checker name the facts would overwrite is an error, not a silent change
        for name in ([node.name] if isinstance(node, ast.FunctionDef) else
                     [t.id for t in _targets(node) if isinstance(t, ast.Name)]):
            if name in ns and ns[name] is not getattr(imported, name, None):
                raise ImportError(f"{ns.get('__file__')}: defines {name!r}, which the derived facts "
                                  f"{facts_path} define too: rename one")
    per_function: dict[str, set[int]] = {}
    for name, fn in functions.items():
        probe = _Instrument(False, FACT_LINES)
        probe.visit(ast.Module([copy.deepcopy(fn)], []))
        per_function[name] = probe.lines
    inst = _Instrument(False, FACT_LINES)
    module_tree = ast.fix_missing_locations(inst.visit(ast.Module(copy.deepcopy(keep), [])))
    exec(compile(module_tree, str(facts_path), "exec"), ns)
    lines |= _called_fact_lines(source, functions, per_function, getattr(imported, "DISABILITY_KINDS", {}))
    return facts_path


def _called_fact_lines(source: CheckerSource, functions: dict[str, ast.FunctionDef],
                       per_function: dict[str, set[int]], kinds: dict) -> set[int]:
    """The lines of the facts a checker's code calls, and of the facts those call (a kind-taking
    fact, `disability(m, "any")`, reaches the function its literal kind names)."""
    todo: list[str] = []
    for node in ast.walk(source.numbered()):
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
