"""AST allow-list for generated decision code (ProADA): what untrusted code may contain.

`validate(code)` parses the code and walks every node; anything not explicitly allowed is refused
with a `PolicyError` listing each violation as "line N: what". The policy is checked twice: by the
runner before sending code to the worker, and by the worker before compiling it.

Allowed:
- top level: function definitions, assignments of constants/tables, a docstring;
- in functions: assignments (also augmented, annotated, tuple unpacking, `:=`), if/elif/else,
  for (over anything allowed: range, lists, dicts, facts["members"]), while, break, continue, pass,
  return, nested function definitions (no decorators);
- expressions: constants (str, int, float, bool, None), names, arithmetic, comparisons (also
  `in`, `is`), boolean operators, conditional expressions, subscripts and slices, list / tuple /
  dict / set displays, comprehensions, f-strings;
- calls to the allow-listed builtins (ALLOWED_BUILTINS), to functions defined in the same code, and
  to allow-listed methods (SAFE_METHODS) on any value (e.g. `facts.get("x")`, `name.lower()`).

Refused (decisions, see docs/proada.md):
- import / from-import, class definitions, `global` / `nonlocal`, `with`, `del`, async code,
  `yield`, decorators;
- `try` / `raise` / `assert`: a `try` could swallow the sandbox's MissingFact signal (ProADA's way
  to learn which fact to ask about), and decision code has no need to raise;
- `lambda`: not needed for eligibility rules; keeps the callable surface to named functions;
- any dunder name or attribute (`__import__`, `__class__`, `__subclasses__`, ...), any attribute
  that is not an allow-listed method called directly (`x.real`, `f.__globals__`, `s.format`);
- the names in FORBIDDEN_NAMES (open, exec, eval, compile, getattr, type, object, ...), whatever
  their use: they are refused even as variable names;
- calls to anything else (a variable, a subscript, the result of a call);
- bytes literals, `...`, star-imports, code longer than MAX_CODE_CHARS or nested deeper than
  MAX_DEPTH.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

MAX_CODE_CHARS = 20_000
MAX_DEPTH = 60

ALLOWED_BUILTINS = frozenset({
    "len", "min", "max", "abs", "int", "float", "str", "bool", "round", "sum", "range", "sorted",
    "list", "dict", "set", "tuple", "enumerate", "isinstance", "any", "all", "zip", "reversed",
})
BUILTIN_CONSTANTS = frozenset({"True", "False", "None"})

SAFE_METHODS = frozenset({
    # mappings (facts, member facts, dicts)
    "get", "items", "keys", "values",
    # lists and sets
    "append", "extend", "insert", "pop", "index", "count", "copy", "sort", "add", "remove",
    "discard", "union", "intersection", "difference", "issubset", "issuperset",
    # strings
    "lower", "upper", "strip", "lstrip", "rstrip", "split", "startswith", "endswith", "replace",
    "join", "title", "capitalize", "casefold", "find", "isdigit", "isnumeric", "isalpha",
    "isspace",
})

FORBIDDEN_NAMES = frozenset({
    "open", "exec", "eval", "compile", "globals", "locals", "vars", "getattr", "setattr",
    "delattr", "hasattr", "input", "breakpoint", "memoryview", "type", "object", "help", "dir",
    "id", "exit", "quit", "print", "super", "classmethod", "staticmethod", "property",
    "bytearray", "bytes", "iter", "next", "format", "repr", "ascii", "callable", "issubclass",
    "hash", "chr", "ord", "frozenset", "slice", "filter", "map", "copyright", "credits",
    "license",
})

# Nodes allowed anywhere inside a function body; other node types are refused with REFUSED_WHY
# (or a generic message).
_STATEMENTS = (ast.FunctionDef, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.If, ast.For, ast.While,
               ast.Break, ast.Continue, ast.Pass, ast.Return, ast.Expr)
_EXPRESSIONS = (ast.BoolOp, ast.BinOp, ast.UnaryOp, ast.Compare, ast.IfExp, ast.Call, ast.Constant,
                ast.Name, ast.Subscript, ast.Slice, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.ListComp,
                ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.JoinedStr, ast.FormattedValue,
                ast.NamedExpr, ast.Starred, ast.Attribute)
_HELPERS = (ast.Module, ast.arguments, ast.arg, ast.keyword, ast.comprehension, ast.Load, ast.Store,
            ast.boolop, ast.operator, ast.unaryop, ast.cmpop, ast.expr_context)
_TOP_LEVEL = (ast.FunctionDef, ast.Assign, ast.AnnAssign)

REFUSED_WHY = {
    ast.Import: "imports are not allowed",
    ast.ImportFrom: "imports are not allowed",
    ast.ClassDef: "class definitions are not allowed",
    ast.Global: "'global' is not allowed",
    ast.Nonlocal: "'nonlocal' is not allowed",
    ast.With: "'with' is not allowed",
    ast.AsyncWith: "'async with' is not allowed",
    ast.Try: "'try' is not allowed (it could hide missing facts)",
    ast.Raise: "'raise' is not allowed",
    ast.Assert: "'assert' is not allowed",
    ast.Lambda: "'lambda' is not allowed (define a named function instead)",
    ast.Delete: "'del' is not allowed",
    ast.AsyncFunctionDef: "async functions are not allowed",
    ast.AsyncFor: "'async for' is not allowed",
    ast.Await: "'await' is not allowed",
    ast.Yield: "'yield' is not allowed",
    ast.YieldFrom: "'yield from' is not allowed",
}
if hasattr(ast, "TryStar"):
    REFUSED_WHY[ast.TryStar] = "'try' is not allowed (it could hide missing facts)"
if hasattr(ast, "Match"):
    REFUSED_WHY[ast.Match] = "'match' is not allowed (use if/elif)"


@dataclass(frozen=True)
class Violation:
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class PolicyError(Exception):
    """Code the sandbox refuses; `violations` lists every problem found (line + what)."""

    def __init__(self, violations: list[Violation]):
        self.violations = list(violations)
        shown = "; ".join(str(v) for v in self.violations[:8])
        more = f" (+{len(self.violations) - 8} more)" if len(self.violations) > 8 else ""
        super().__init__(f"refused: {shown}{more}")


def _is_dunder(name: str) -> bool:
    return name.startswith("__") or name.endswith("__")


def _snippet(node: ast.AST) -> str:
    try:
        text = ast.unparse(node)
    except Exception:  # noqa: BLE001 - only used in messages
        return type(node).__name__
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


class _Checker:
    def __init__(self, defined: set[str]):
        self.defined = defined  # names of functions defined anywhere in the code
        self.violations: list[Violation] = []

    def refuse(self, node: ast.AST, message: str) -> None:
        self.violations.append(Violation(getattr(node, "lineno", 0), getattr(node, "col_offset", 0), message))

    def check(self, node: ast.AST, depth: int = 0, callee: bool = False) -> None:
        if depth > MAX_DEPTH:
            self.refuse(node, f"code is nested more than {MAX_DEPTH} levels deep")
            return
        kind = type(node)
        if kind in REFUSED_WHY:
            self.refuse(node, f"{REFUSED_WHY[kind]} ({_snippet(node).split(':')[0]})")
            return
        if not isinstance(node, _STATEMENTS + _EXPRESSIONS + _HELPERS):
            self.refuse(node, f"{kind.__name__} is not allowed ({_snippet(node)})")
            return

        if isinstance(node, ast.FunctionDef):
            if _is_dunder(node.name) or node.name in FORBIDDEN_NAMES or node.name in ALLOWED_BUILTINS:
                self.refuse(node, f"function name {node.name!r} is not allowed")
            if node.decorator_list:
                self.refuse(node.decorator_list[0], f"decorators are not allowed (on {node.name!r})")
        elif isinstance(node, ast.arg):
            if _is_dunder(node.arg) or node.arg in FORBIDDEN_NAMES:
                self.refuse(node, f"parameter name {node.arg!r} is not allowed")
        elif isinstance(node, ast.Name):
            if _is_dunder(node.id):
                self.refuse(node, f"name {node.id!r} is not allowed (dunder names are refused)")
            elif node.id in FORBIDDEN_NAMES:
                self.refuse(node, f"name {node.id!r} is not allowed")
        elif isinstance(node, ast.Attribute):
            if _is_dunder(node.attr):
                self.refuse(node, f"attribute {node.attr!r} is not allowed (dunder attributes are refused)")
            elif not callee:
                self.refuse(node, f"attribute access {_snippet(node)!r} is not allowed (only calling "
                                  f"allowed methods such as .get(...) is)")
            elif node.attr not in SAFE_METHODS:
                self.refuse(node, f"method {node.attr!r} is not allowed (allowed: {', '.join(sorted(SAFE_METHODS))})")
        elif isinstance(node, ast.Call):
            self._check_callee(node)
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, (bytes, type(...))) or isinstance(node.value, complex):
                self.refuse(node, f"constant {_snippet(node)} is not allowed")
        elif isinstance(node, ast.keyword) and node.arg is not None and _is_dunder(node.arg):
            self.refuse(node, f"keyword {node.arg!r} is not allowed")

        for field, value in ast.iter_fields(node):
            children = value if isinstance(value, list) else [value]
            for child in children:
                if isinstance(child, ast.AST):
                    is_callee = isinstance(node, ast.Call) and field == "func"
                    self.check(child, depth + 1, callee=is_callee)

    def _check_callee(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name):
            if func.id in ALLOWED_BUILTINS or func.id in self.defined:
                return
            if func.id in FORBIDDEN_NAMES or _is_dunder(func.id):
                return  # the Name check reports it
            self.refuse(node, f"call to {func.id!r} is not allowed (only allowed builtins and functions "
                              f"defined in this code may be called)")
        elif isinstance(func, ast.Attribute):
            return  # checked as a callee attribute
        else:
            self.refuse(node, f"calling {_snippet(func)!r} is not allowed (call a function or method by name)")


def validate(code: str, required_function: str | None = None) -> ast.Module:
    """Parse and check `code`; return its AST or raise PolicyError.

    required_function: a top-level function that must be defined (e.g. "decide").
    """
    if not isinstance(code, str):
        raise PolicyError([Violation(0, 0, f"code must be a string, got {type(code).__name__}")])
    if len(code) > MAX_CODE_CHARS:
        raise PolicyError([Violation(0, 0, f"code is {len(code)} characters long (at most {MAX_CODE_CHARS})")])
    try:
        tree = ast.parse(code, filename="<generated>", mode="exec")
    except SyntaxError as e:
        raise PolicyError([Violation(e.lineno or 0, e.offset or 0, f"syntax error: {e.msg}")]) from None
    except (ValueError, RecursionError, MemoryError) as e:
        raise PolicyError([Violation(0, 0, f"cannot parse: {type(e).__name__}: {e}")]) from None
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    checker = _Checker(defined)
    for stmt in tree.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
            continue  # docstring / comment string
        if type(stmt) in REFUSED_WHY or not isinstance(stmt, _TOP_LEVEL):
            if type(stmt) in REFUSED_WHY:
                checker.check(stmt)
            else:
                checker.refuse(stmt, f"top-level code may only define functions and constants, not "
                                     f"{type(stmt).__name__} ({_snippet(stmt).splitlines()[0] if _snippet(stmt) else ''})")
            continue
        checker.check(stmt)
    if required_function is not None:
        top = {s.name: s for s in tree.body if isinstance(s, ast.FunctionDef)}
        if required_function not in top:
            checker.refuse(tree, f"no top-level function named {required_function!r}")
    if checker.violations:
        raise PolicyError(sorted(checker.violations, key=lambda v: (v.line, v.col)))
    return tree


def function_arity(tree: ast.Module, name: str) -> int | None:
    """Number of positional parameters of top-level function `name` (None if absent)."""
    for s in tree.body:
        if isinstance(s, ast.FunctionDef) and s.name == name:
            return len(s.args.posonlyargs) + len(s.args.args)
    return None
