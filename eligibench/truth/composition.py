"""What code a checker runs and where each trace line stands: a whole checker's own file, or a
*variant* composed with its twin; and the numbering of trace lines across those files.

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
unchanged lines keep their numbers (its other edition's trace ids do not move). The lines of the
derived facts a checker calls are numbered `FACT_LINES + n` (`tracing` compiles them).

Split from `tracing` (which instruments and runs what this module composes) when that module
passed the 500-line limit: composition reads source and builds trees, it runs nothing.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

TWIN = "TWIN"  # a variant module's attribute: the module name of the checker whose rules it shares
OWN_LINES = 10_000  # a variant's own line n is numbered OWN_LINES + n in traces (checkers are < 500 lines)
FACT_LINES = 20_000  # a derived fact's line n (checkers/facts.py) is numbered FACT_LINES + n in traces


def copy_tree(node):
    """A deep copy of a syntax tree (nodes and lists copied, leaf values shared: they are immutable
    constants, names and numbers). About twice as fast as copy.deepcopy, which keeps a memo and
    reduces every node (measured on the 2024 checkers' trees: 0.06 s against 0.13 s)."""
    if isinstance(node, ast.AST):
        new = node.__class__.__new__(node.__class__)
        new.__dict__.update({k: copy_tree(v) if isinstance(v, (ast.AST, list)) else v for k, v in node.__dict__.items()})
        return new
    return [copy_tree(v) if isinstance(v, (ast.AST, list)) else v for v in node]


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
        tree = copy_tree(self.tree)
        if self.functions is not None:
            tree.body += ast.increment_lineno(copy_tree(self.functions), OWN_LINES).body
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
        n, total = 1, len(file_lines(str(self.path)))
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
        text = file_lines(str(path))
        return text[n - 1] if 1 <= n <= len(text) else ""


@lru_cache(maxsize=256)
def file_lines(path: str) -> tuple[str, ...]:
    """A source file's lines (cached: explanations read a line's text many times)."""
    return tuple(Path(path).read_text(encoding="utf-8").splitlines())


def module_file(name: str) -> Path:
    """The file of a module by name, without importing it (a twin, a facts module)."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ImportError(f"checker module {name!r} not found")
    return Path(spec.origin)


def assignment_targets(node: ast.stmt) -> list[ast.expr]:
    """The targets of a module-level assignment (`x = ...`, `x: T = ...`), [] for any other statement."""
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
        names += [t.id for t in assignment_targets(node) if isinstance(t, ast.Name) and t.id != TWIN]
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
        targets = assignment_targets(node)
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
    targets = assignment_targets(node)
    return (len(targets) == 1 and isinstance(targets[0], ast.Name) and targets[0].id.isupper()
            and targets[0].id not in used)


def compose(variant_path: Path, twin: str) -> tuple[Path, ast.Module, tuple[str, ...]]:
    """(twin file, the twin's code as `merge` leaves it, the variant's names): what
    `share_rules` runs in the variant's namespace (the variant's functions are already there)."""
    twin_path = module_file(twin)
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
    twin_path = module_file(twin)
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
