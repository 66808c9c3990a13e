"""Why a checker decided what it did, in words a caseworker can follow.

`truth.tracing` records WHICH lines of a checker ran. To explain a verdict we also need what each
condition evaluated to, for which member, and the household's values it looked at. This module
compiles a second instrumented copy of the checker (the tracing copy stays untouched) in which
every `if`/`elif`/`while` test is wrapped so that, at run time, it records

    (line, result, the member being looked at, [(expression text, value), ...])

From those events it derives:

- the decisive requirement in plain words with the household's own values
  ("Maria: age is 41; the program needs age at most 24");
- per line, whether its condition was true, false or both (for different members), so the page
  can show the branches taken differently from conditions that were false;
- module constants resolved next to the lines that use them (`LIMIT = 24`);
- the facts the decision read (`m<i>.<feature>`, the keys of the grounded-simulator issue).

Attribute reads inside the shared helpers of `checkers/_common.py` are not instrumented (those
helpers do not branch; see their docstring), so a fact read only there is not listed.
"""
from __future__ import annotations

import ast
import re
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any

_COND = "__bf_cond__"
_VAL = "__bf_val__"
_OPS_WORDS = {ast.Gt: "more than", ast.GtE: "at least", ast.Lt: "less than", ast.LtE: "at most",
              ast.Eq: "is", ast.NotEq: "is not", ast.In: "one of", ast.NotIn: "not one of",
              ast.Is: "is", ast.IsNot: "is not"}
_NEGATE = {ast.Gt: ast.LtE, ast.GtE: ast.Lt, ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Eq: ast.NotEq,
           ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_MEMBER_ATTR = re.compile(r"^m\.(\w+)$")


@dataclass(frozen=True)
class Event:
    line: int
    result: bool
    member: int | None  # index in the household, None for a household-level condition
    values: tuple[tuple[str, Any], ...]  # (expression text, value) of the operands


@dataclass(frozen=True)
class Explanation:
    verdict: bool
    sentence: str  # the decisive requirement in plain words, with the household's values
    details: tuple[str, ...]  # one line per member (or the household)
    line_results: dict[int, tuple[str, ...]]  # line -> "true"/"false" (+ " for <name>")
    line_outcome: dict[int, str]  # line -> "true" | "false" | "both"
    constants: dict[int, tuple[tuple[str, str], ...]]  # line -> ((name, value), ...)
    facts: tuple[str, ...]  # m<i>.<feature> read by a condition, in reading order


class _Wrap(ast.NodeTransformer):
    """Wrap each branch test: __bf_cond__(line, test, locals()), its operands __bf_val__(text, x)."""

    def __init__(self) -> None:
        self.tests: dict[int, ast.expr] = {}
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
        text = ast.unparse(node)
        call = ast.Call(ast.Name(_VAL, ast.Load()), [ast.Constant(text), node], [])
        return ast.copy_location(call, node)

    def _visit_test(self, node: ast.If | ast.While) -> ast.AST:
        self.generic_visit(node)
        self.tests[node.test.lineno] = ast.parse(ast.unparse(node.test), mode="eval").body
        first = node.body[0] if node.body else None
        ret = first.value if isinstance(first, ast.Return) else None
        self.guards[node.test.lineno] = ret.value if isinstance(ret, ast.Constant) and isinstance(
            ret.value, bool) else None
        wrapped = ast.Call(ast.Name(_COND, ast.Load()),
                           [ast.Constant(node.test.lineno), self._operand(node.test),
                            ast.Call(ast.Name("locals", ast.Load()), [], [])], [])
        node.test = ast.copy_location(wrapped, node.test)
        return node

    visit_If = _visit_test
    visit_While = _visit_test


class ExplainedChecker:
    def __init__(self, opportunity: str, module: ModuleType):
        self.opportunity = opportunity
        self.path = Path(module.__file__)
        tree = ast.parse(self.path.read_text(encoding="utf-8"), filename=str(self.path))
        self.lines_used = _names_by_line(tree)
        wrap = _Wrap()
        tree = ast.fix_missing_locations(wrap.visit(tree))
        self.tests, self.guards = wrap.tests, wrap.guards
        self._ns: dict = {"__name__": module.__name__ + "__explained", "__file__": str(self.path)}
        exec(compile(tree, str(self.path), "exec"), self._ns)
        self._lock = threading.Lock()
        self._values: dict[str, Any] = {}
        self._own = {n for n, v in self._ns.items()
                     if isinstance(v, FunctionType) and v.__code__.co_filename == str(self.path)}

    def _composite(self, e: Event) -> bool:
        """A condition that only calls another function of this checker (`if member_qualifies(m)`):
        the called function's own conditions are the real requirements."""
        return any(re.match(rf"^({'|'.join(map(re.escape, self._own))})\(", t) for t, _ in e.values) if self._own else False

    def _leaves(self, events: list[Event]) -> list[Event]:
        leaves = [e for e in events if not self._composite(e)]
        return leaves or events

    def constant(self, name: str) -> Any:
        """A module-level constant's value (None for functions, modules, classes, unknown names)."""
        v = self._ns.get(name)
        if v is None or callable(v) or isinstance(v, ModuleType) or name.startswith("__"):
            return None
        return v

    def explain(self, household) -> Explanation:
        # the hooks and the words' current values live on this (shared, cached) object
        with self._lock:
            return self._explain(household)

    def _explain(self, household) -> Explanation:
        from eligibench.household.profile import display_name

        events: list[Event] = []
        pending: list[tuple[str, Any]] = []
        index = {id(m): i for i, m in enumerate(household.members)}

        def val(text: str, value: Any) -> Any:
            pending.append((text, value))
            return value

        def cond(line: int, result: Any, scope: dict) -> Any:
            member = next((index[id(v)] for k, v in scope.items() if k in ("m", "member") and id(v) in index), None)
            events.append(Event(line, bool(result), member, tuple(pending)))
            pending.clear()
            return result

        self._ns[_VAL], self._ns[_COND] = val, cond
        verdict = bool(self._ns["check"](household))
        names = {i: display_name(household, i) for i in range(len(household.members))}

        results: dict[int, dict[str, None]] = {}
        outcome: dict[int, set[bool]] = {}
        facts: dict[str, None] = {}
        for e in events:
            who = f" for {names[e.member]}" if e.member is not None and len(names) > 1 else ""
            results.setdefault(e.line, {})[("true" if e.result else "false") + who] = None
            outcome.setdefault(e.line, set()).add(e.result)
            for text, _ in e.values:
                m = _MEMBER_ATTR.match(text)
                if m and e.member is not None:
                    facts[f"m{e.member}.{m[1]}"] = None
        sentence, details = self._decisive(verdict, events, names)
        constants = {}
        for line in outcome:
            found = []
            for n in self.lines_used.get(line, ()):
                v = self.constant(n)
                if v is not None:
                    found.append((n, _show(v)))
            if found:
                constants[line] = tuple(found)
        return Explanation(
            verdict, sentence, tuple(details), {k: tuple(v) for k, v in results.items()},
            {k: ("both" if len(v) == 2 else "true" if True in v else "false") for k, v in outcome.items()},
            constants, tuple(facts))

    # -- words ---------------------------------------------------------------------------------

    def _requirement(self, e: Event) -> tuple[str, bool]:
        """(what the program needs, in words; whether this event met it)."""
        test = self.tests.get(e.line)
        guard = self.guards.get(e.line)
        if test is None:
            return f"line {e.line}", e.result
        self._values = dict(e.values)
        if guard is False:  # `if <condition>: return False` -> the program needs NOT <condition>
            return self._words(test, negate=True), not e.result
        return self._words(test), e.result

    def _facts_words(self, e: Event) -> str:
        seen = []
        for text, value in e.values:
            if callable(value) or isinstance(value, (ModuleType, tuple, list, set, frozenset)):
                continue
            if re.fullmatch(r"\w+", text) and self.constant(text) is not None:
                continue  # a constant: already resolved in the requirement
            m = _MEMBER_ATTR.match(text)
            label = _human(m[1]) if m else _human_expr(text)
            item = f"{label} is {_show_feature(m[1] if m else text, value)}"
            if item not in seen:
                seen.append(item)
        return ", ".join(seen)

    def _decisive(self, verdict: bool, events: list[Event], names: dict[int, str]) -> tuple[str, list[str]]:
        if not events:
            return ("The checker decided without testing a condition of this household "
                    f"({'eligible' if verdict else 'not eligible'} for everyone).", [])
        members = [e.member for e in events if e.member is not None]
        if verdict:
            who = members[-1] if members else None  # the loop stopped at the member who qualified
            met = self._leaves([e for e in events if e.member == who])
            parts = []
            for e in met:
                req, ok = self._requirement(e)
                if ok:
                    facts = self._facts_words(e)
                    parts.append(f"{req}" + (f" ({facts})" if facts and facts != req else ""))
            subject = names[who] if who is not None else "The household"
            head = f"{subject} meets every requirement the checker tested"
            return head + (": " + "; ".join(parts) + "." if parts else "."), []
        details = []
        order = list(dict.fromkeys(members)) or [None]
        for who in order:
            mine = self._leaves([e for e in events if e.member == who])
            if not mine:
                continue
            failed = [e for e in mine if not self._requirement(e)[1]]
            e = failed[-1] if failed else mine[-1]
            req, _ = self._requirement(e)
            facts = self._facts_words(e)
            subject = names[who] if who is not None else "The household"
            details.append(f"{subject}: {facts + '; ' if facts else ''}the program needs {req}.")
        if len(details) == 1:
            return details[0], []
        return ("No member meets every requirement. " + details[0]
                + (f" (and {len(details) - 1} more member(s), below)" if len(details) > 1 else "")), details

    def _words(self, node: ast.expr, negate: bool = False) -> str:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self._words(node.operand, not negate)
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And) != negate  # De Morgan
            joiner = " and " if is_and else " or "
            return "(" + joiner.join(self._words(v, negate) for v in node.values) + ")"
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            op = type(node.ops[0])
            if negate:
                op = _NEGATE.get(op, op)
            left = node.left
            feat = left.attr if isinstance(left, ast.Attribute) and isinstance(left.value, ast.Name) \
                and left.value.id in ("m", "member") else ""
            return (f"{self._operand_words(left)} {_OPS_WORDS.get(op, '?')} "
                    f"{self._operand_words(node.comparators[0], feat)}")
        text = self._operand_words(node)
        return f"{text} to be {'no' if negate else 'yes'}"

    def _operand_words(self, node: ast.expr, feature: str = "") -> str:
        """An operand in words; `feature` (the member attribute it is compared with) formats a
        constant as that feature's value (money as "$36,420", school levels as words)."""
        show = (lambda v: _show_feature(feature, v)) if feature else _show
        if isinstance(node, ast.Constant):
            return show(node.value)
        if isinstance(node, ast.Name):
            v = self.constant(node.id)
            if v is None and node.id in self._values:  # a local: its value this time
                local = self._values[node.id]
                if not callable(local) and not isinstance(local, (ModuleType, tuple, list, set, frozenset)):
                    return f"{_show(local)} ({_human(node.id)})"
            return show(v) if v is not None else _human(node.id)
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in ("m", "member"):
                return _human(node.attr)
            base = node.value.id if isinstance(node.value, ast.Name) else ""
            mod = self._ns.get(base)
            if isinstance(mod, ModuleType) and hasattr(mod, node.attr) and not callable(getattr(mod, node.attr)):
                return show(getattr(mod, node.attr))
            return _human(node.attr)
        return _human_expr(ast.unparse(node))


def _names_by_line(tree: ast.AST) -> dict[int, tuple[str, ...]]:
    """Names each branch/return/assign line reads (its header only, not a body)."""
    out: dict[int, tuple[str, ...]] = {}
    for node in ast.walk(tree):
        part = node.test if isinstance(node, (ast.If, ast.While)) else \
            node.value if isinstance(node, (ast.Return, ast.Assign, ast.AugAssign)) else None
        if part is not None:
            names = tuple(dict.fromkeys(n.id for n in ast.walk(part) if isinstance(n, ast.Name)))
            if names:
                out[part.lineno] = names
    return out


def _human(name: str) -> str:
    return name.strip("_").replace("_", " ")


def _human_expr(text: str) -> str:
    m = re.match(r"^(?:\w+\.)?(\w+)\((?:m|hh|member)\)$", text)
    return _human(m[1]) if m else text


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (tuple, list, frozenset, set)):
        items = list(v)
        shown = ", ".join(_show(x) for x in items[:8])
        return f"({shown}{', …' if len(items) > 8 else ''})"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


# money features (yearly or monthly dollars) and school levels, shown as a caseworker writes them
_MONEY = re.compile(r"(income|rent|wage|earn|resources|savings|expenses|cost|value|amount|payment|benefit)")
_LEVEL_WORDS = {"none": "none (not in school)", "pk": "pre-K", "k": "kindergarten", "college": "college"}


def _show_feature(name: str, value: Any) -> str:
    """A household value in words: "$45,000" for money, "8th grade" / "pre-K" for a school level."""
    if isinstance(value, bool) or value is None:
        return _show(value)
    if "school_level" in name:
        return _level(value)
    if isinstance(value, (int, float)) and _MONEY.search(name):
        return f"${value:,.0f}" if float(value).is_integer() else f"${value:,.2f}"
    return _show(value)


# schema values that are codes rather than words (v1's vocabulary)
_VALUE_WORDS = {"Jersey": "outside New York City"}


def flip_sentence(hh: Any, flip_json: str, verdict: bool) -> str:
    """The published `flip` of a pair in words: "Maria would qualify if her yearly work income
    were $36,419 instead of $45,000." ('' when no one-feature change flips the verdict)."""
    import json

    from eligibench.household import FEATURES_BY_NAME
    from eligibench.household.profile import display_name

    if not flip_json:
        return ""
    f = json.loads(flip_json)
    feature = FEATURES_BY_NAME.get(f["feature"])
    # the feature's description up to its first aside: "where the member lives", "yearly work income"
    what = re.split(r"[(:;]", feature.description)[0].strip().rstrip(".") if feature is not None else ""
    what = (what[0].lower() + what[1:]) if what else f["feature"].replace("_", " ")
    who = display_name(hh, int(f["member"]))
    would = "would not qualify" if verdict else "would qualify"
    def value(v: Any) -> str:
        return _VALUE_WORDS.get(v, _show_feature(f["feature"], v)) if isinstance(v, str) else _show_feature(f["feature"], v)

    return f"{who} {would} if this were {value(f['to'])} instead of {value(f['from'])}: {what}."


def _level(v: Any) -> str:
    if isinstance(v, (tuple, list, set, frozenset)):
        items = [_level(x) for x in sorted(v, key=str)]
        return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1] if items else "none"
    if isinstance(v, int):
        return f"{v}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(v, 'th') } grade"
    return _LEVEL_WORDS.get(str(v), str(v))


@lru_cache(maxsize=None)
def explained_checker(opportunity: str) -> ExplainedChecker:
    from checkers import registry

    modules = registry()
    if opportunity not in modules:
        raise KeyError(f"no checker for opportunity {opportunity!r}")
    return ExplainedChecker(opportunity, modules[opportunity])
