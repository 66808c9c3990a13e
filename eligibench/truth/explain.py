"""Why a checker decided what it did, in words a caseworker can follow (issue 23 item 3).

`tracing.instrument(..., conditions=True)` compiles the checker with every `if`/`while` test
wrapped (the one instrumenter of checkers; the traced copy stays without these hooks). Running it
on a `tracing.ReadingHousehold` gives, per condition evaluated,

    (line, result, the member being looked at, [(operand as written, value), ...], facts read)

where "facts read" are the household features read since the previous condition, helpers
included (`household_income(hh)` reads every member's incomes). From those events:

- one plain sentence per condition in the household's terms: the facts it looked at as the
  profile states them ("Svetlana Ivanova does not own the home she lives in."), or a comparison of
  a computed amount with its limit ("Household income is $45,000, above the limit for 3 people,
  $36,420."), then the requirement, taken from the opportunity's review table (the YAML
  `readings:` row whose features the condition read: "Requirement not met: Household income is at
  or below the limit ..."). A condition no review row covers gets its requirement in generated
  words. Nothing shows code: money as money, school levels as words, codes as words.
- the decisive condition (for an ineligible member, the last requirement not met; for an
  eligible household, every requirement met by the member who qualified);
- per line, whether its condition was true, false or both (the code view's marks), the module
  constants beside the lines that use them, and the facts the conditions read (`m<i>.<feature>`).

A new checker with a review table gets plain sentences without hand work: the row is matched by
the features the condition read (ties: the row whose threshold quotes the line's numbers). Where a
row's words do not fit, edit the row's `condition` in the YAML, never Python.
`tests/truth/test_explain_plain.py` renders every condition of every checker (2024 and every
edition) and fails on any identifier, operator or bracket.
"""
from __future__ import annotations

import ast
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

from eligibench.truth.tracing import COND, VAL, ReadingHousehold, instrument, record_hook

__all__ = ["Event", "ExplainedChecker", "Explanation", "flip_sentence", "plain_words"]

_NEGATE = {ast.Gt: ast.LtE, ast.GtE: ast.Lt, ast.Lt: ast.GtE, ast.LtE: ast.Gt, ast.Eq: ast.NotEq,
           ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_OPS_WORDS = {ast.Gt: "more than", ast.GtE: "at least", ast.Lt: "less than", ast.LtE: "at most",
              ast.Eq: "", ast.NotEq: "anything but", ast.In: "", ast.NotIn: "anything but",
              ast.Is: "", ast.IsNot: "anything but"}
_MIRROR = {ast.Gt: ast.Lt, ast.GtE: ast.LtE, ast.Lt: ast.Gt, ast.LtE: ast.GtE}
_BINOP_WORDS = {ast.Mult: "times", ast.Add: "plus", ast.Sub: "minus", ast.Div: "divided by",
                ast.FloorDiv: "divided by", ast.Mod: "modulo"}
_MEMBER_NAMES = ("m", "member", "me", "person", "child", "adult", "spouse", "parent", "other")
# money amounts, by the words their names use
_MONEY = re.compile(r"(income|rent|wage|earn|resources|savings|expenses|cost|value|amount|payment|benefit|limit|"
                    r"salary|asset|threshold|table|fpl|ami|dollar)", re.I)
_LEVEL_WORDS = {"none": "not in school", "pk": "pre-K", "k": "kindergarten", "college": "college"}
# schema values that are codes rather than words (v1's vocabulary)
_VALUE_WORDS = {"Jersey": "outside New York City"}
# what `plain_words` rejects: an identifier (snake_case, a call, `hh`, `m0`), an operator
# (comparison, arithmetic between terms: "x * 12", "a / b", "a + b"), a code bracket, a tuple
# printed as code "(8, 9)", a number of 5+ digits without separators (money without "$"). Prose
# marks stay allowed: "physical/occupational", "60+", "(SSI)".
CODE = re.compile(r"\w+_\w+|\b\w+\((?!s\))|[*<>=\[\]{}|&]|!=|\(\d+, |\b\d{5,}\b|\bhh\b|\bm\d+\b|\s[/+-]\s|\d\s?/\s?\d")


def plain_words(text: str) -> bool:
    """True when `text` shows no code (the test over every checker condition uses this)."""
    return CODE.search(text) is None


@dataclass(frozen=True)
class Event:
    line: int
    result: bool
    member: int | None  # index in the household, None for a household-level condition
    values: tuple[tuple[str, Any], ...]  # (operand as written, value)
    reads: tuple[str, ...]  # fact keys read since the previous condition (m<i>.<feature>, hh.size)


@dataclass(frozen=True)
class Explanation:
    verdict: bool
    sentence: str  # the decisive requirement in plain words, with the household's values
    details: tuple[str, ...]  # one line per member (or the household)
    line_results: dict[int, tuple[str, ...]]  # line -> "true"/"false" (+ " for <name>")
    line_outcome: dict[int, str]  # line -> "true" | "false" | "both"
    constants: dict[int, tuple[tuple[str, str], ...]]  # line -> ((name, value), ...)
    facts: tuple[str, ...]  # m<i>.<feature> read by a condition, in reading order
    conditions: tuple[str, ...] = ()  # every condition evaluated, one plain sentence each, in order


class _Log(list):
    """The reads of a ReadingHousehold, in order (it calls `add`)."""

    def add(self, key: str) -> None:
        self.append(key)


class ExplainedChecker:
    def __init__(self, opportunity: str, module: ModuleType, readings: Sequence[Any] = ()):
        self.opportunity = opportunity
        inst = instrument(module, "__explained", conditions=True)
        self.path: Path = inst.path
        self._ns = inst.namespace
        record_hook(self._ns, lambda line: None)
        self.tests, self.guards = inst.tests, inst.guards
        tree = ast.parse(self.path.read_text(encoding="utf-8"))
        self.lines_used = _names_by_line(tree)
        self.readings = tuple(readings)  # the opportunity's review table (ReadingRow-like rows)
        self._function_of, self._polarity = _polarities(tree)
        self._lock = threading.Lock()
        self._own = {n for n, v in self._ns.items()
                     if callable(v) and getattr(getattr(v, "__code__", None), "co_filename", None) == str(self.path)}

    # -- running ----------------------------------------------------------------------------------

    def constant(self, name: str) -> Any:
        """A module-level constant's value (None for functions, modules, classes, unknown names)."""
        v = self._ns.get(name)
        if v is None or callable(v) or isinstance(v, ModuleType) or name.startswith("__"):
            return None
        return v

    def events(self, household) -> tuple[bool, list[Event]]:
        """The verdict and every condition evaluated, in order."""
        with self._lock:  # the hooks live on this shared, cached object
            return self._events(household)

    def _events(self, household) -> tuple[bool, list[Event]]:
        log = _Log()
        reading = ReadingHousehold(household, log)
        index = {id(m): i for i, m in enumerate(reading.members)}
        events: list[Event] = []
        pending: list[tuple[str, Any]] = []
        seen = [0]

        def val(text: str, value: Any) -> Any:
            pending.append((text, value))
            return value

        def cond(line: int, result: Any, scope: dict) -> Any:
            # the member the condition looks at: a member variable its operands use (after a loop
            # over members, `m` still names the last one: a later household-level test is not hers)
            member = None
            texts = " ".join(t for t, _ in pending)
            for k in (*_MEMBER_NAMES, *scope):
                v = scope.get(k)
                if v is not None and id(v) in index and re.search(rf"\b{re.escape(k)}\b", texts):
                    member = index[id(v)]
                    break
            reads = tuple(dict.fromkeys(log[seen[0]:]))
            seen[0] = len(log)
            events.append(Event(line, bool(result), member, tuple(pending), reads))
            pending.clear()
            return result

        self._ns[VAL], self._ns[COND] = val, cond
        verdict = self._ns["check"](reading)
        return bool(verdict), events

    def explain(self, household) -> Explanation:
        from eligibench.household import display_name

        verdict, events = self.events(household)
        names = {i: display_name(household, i) for i in range(len(household.members))}
        results: dict[int, dict[str, None]] = {}
        outcome: dict[int, set[bool]] = {}
        facts: dict[str, None] = {}
        for e in events:
            who = f" for {names[e.member]}" if e.member is not None and len(names) > 1 else ""
            results.setdefault(e.line, {})[("true" if e.result else "false") + who] = None
            outcome.setdefault(e.line, set()).add(e.result)
            for key in e.reads:
                if key.startswith("m"):
                    facts[key] = None
        sentence, details = self._decisive(household, verdict, events, names)
        constants = {}
        for line in outcome:
            found = [(n, _show(v)) for n in self.lines_used.get(line, ()) if (v := self.constant(n)) is not None]
            if found:
                constants[line] = tuple(found)
        return Explanation(
            verdict, sentence, tuple(details), {k: tuple(v) for k, v in results.items()},
            {k: ("both" if len(v) == 2 else "true" if True in v else "false") for k, v in outcome.items()},
            constants, tuple(facts), tuple(self.sentence(household, e, names) for e in self._leaves(events)))

    # -- which conditions decide --------------------------------------------------------------------

    def _composite(self, e: Event) -> bool:
        """A condition that only calls another function of this checker (`if member_qualifies(m)`):
        the called function's own conditions are the real requirements."""
        return bool(self._own) and any(re.match(rf"^({'|'.join(map(re.escape, self._own))})\(", t) for t, _ in e.values)

    def _leaves(self, events: list[Event]) -> list[Event]:
        leaves = [e for e in events if not self._composite(e)]
        return leaves or events

    def met(self, e: Event) -> bool:
        """Whether the household met what this condition asks (`if x: return False` asks not x),
        seen from the verdict: inside a helper that disqualifies (`if got_recent_ac(hh): return
        False` in check), what the helper's condition asks is inverted."""
        inside = (not e.result) if self.guards.get(e.line) is False else e.result
        return inside if self._polarity.get(self._function_of.get(e.line, "check"), 1) > 0 else not inside

    def _decisive(self, hh, verdict: bool, events: list[Event], names: dict[int, str]) -> tuple[str, list[str]]:
        if not events:
            return ("The checker decided without testing a condition of this household: "
                    f"{'eligible' if verdict else 'not eligible'} whatever its members' answers.", [])
        members = [e.member for e in events if e.member is not None]
        if verdict:
            who = members[-1] if members else None  # the loop stopped at the member who qualified
            met = [e for e in self._leaves([e for e in events if e.member == who]) if self.met(e)]
            subject = names[who] if who is not None else "The household"
            parts = list(dict.fromkeys(self.sentence(hh, e, names) for e in met))
            return f"{subject} meets every requirement the checker tested." + (" " + " ".join(parts) if parts else ""), []
        leaves = self._leaves(events)
        failed = [e for e in leaves if not self.met(e)]
        last = failed[-1] if failed else leaves[-1]
        if last.member is None:  # a household-level requirement decided (income against its limit)
            return self.sentence(hh, last, names), []
        details = []
        for who in list(dict.fromkeys(members)) or [None]:
            mine = self._leaves([e for e in events if e.member == who])
            if not mine:
                continue
            failed = [e for e in mine if not self.met(e)]
            details.append(self.sentence(hh, failed[-1] if failed else mine[-1], names))
        if len(details) == 1:
            return details[0], []
        more = len(details) - 1
        return (f"No member meets every requirement. {details[0]} The same holds for {more} more "
                f"{'member' if more == 1 else 'members'}, below."), details

    # -- one condition in words ---------------------------------------------------------------------

    def sentence(self, hh, e: Event, names: dict[int, str]) -> str:
        """One condition as the household's facts and the requirement, met or not."""
        facts = self._facts(hh, e, names)
        row = self._reading(e)
        ok = self.met(e)
        if row is not None:
            req = _clean(row.condition)
        else:
            req = self._requirement_words(e, names)
        verdict = "Requirement met" if ok else "Requirement not met"
        return f"{facts} {verdict}: {req}.".strip() if facts else f"{verdict}: {req}."

    def _reading(self, e: Event):
        """The review-table row this condition checks: the most features in common with what it
        read; ties broken by a threshold quoting the line's numbers, then by order."""
        if not self.readings:
            return None
        read = {k.split(".", 1)[1] for k in e.reads if k.startswith("m")}
        if any(k == "hh.size" for k in e.reads):
            read |= {"hh.size", "household_size"}
        for text, _ in e.values:
            m = re.fullmatch(r"\w+\.(\w+)", text)
            if m:
                read.add(m[1])
        numbers = {str(v) for _, v in e.values if isinstance(v, (int, float)) and not isinstance(v, bool)}
        numbers |= {str(_num(c)) for n in self.lines_used.get(e.line, ()) for c in [self.constant(n)]
                    if isinstance(c, (int, float)) and not isinstance(c, bool)}
        best, score = None, (0, 0)
        for row in self.readings:
            common = len(read & set(row.features))
            if not common:
                continue
            quoted = sum(1 for n in numbers if n and n in str(row.threshold or ""))
            if (common, quoted) > score:
                best, score = row, (common, quoted)
        return best

    def _facts(self, hh, e: Event, names: dict[int, str]) -> str:
        test = self.tests.get(e.line)
        values = dict(e.values)
        compare = _compare(test)
        if compare is not None:
            text = self._comparison(hh, e, compare, values, names)
            if text:
                return text
        return self._feature_sentences(hh, e)

    def _feature_sentences(self, hh, e: Event, limit: int = 3) -> str:
        from eligibench.household import third_person_sentence

        keys = [k for k in e.reads if k.startswith("m") and "." in k]
        if e.member is not None:
            mine = [k for k in keys if k.startswith(f"m{e.member}.")]
            keys = mine or keys
        out = []
        for key in keys:
            i, feature = key[1:].split(".", 1)
            try:
                out.append(third_person_sentence(hh, int(i), feature))
            except (KeyError, AttributeError, IndexError, ValueError):
                continue
        out = list(dict.fromkeys(out))
        if len(out) > limit:
            out = out[:limit] + [f"{len(out) - limit} more facts were read."]
        return " ".join(out)

    def _comparison(self, hh, e: Event, compare: tuple[ast.expr, type, ast.expr], values: dict, names) -> str:
        """'Household income is $45,000, above the limit for 3 people, $36,420.' for a computed
        amount against a number; '' when the comparison is better told by the facts."""
        left, op, right = compare
        lv, rv = self._value(left, values), self._value(right, values)
        if _is_member_attr(left) or _is_member_attr(right):
            return ""  # a member's own fact: the profile sentence says it better
        if not (_is_number(lv) and _is_number(rv)):
            return ""
        if self._fixed(left) and not self._fixed(right):
            left, right, lv, rv = right, left, rv, lv
        money = any(_MONEY.search(ast.unparse(x)) for x in (left, right))
        size = hh.size if any(k == "hh.size" for k in e.reads) or "size" in ast.unparse(right) else None
        what = self._amount_words(left)
        limit = self._limit_words(right, size)
        rel = "above" if lv > rv else "below" if lv < rv else "exactly"
        subject = f"{names[e.member]}'s {what}" if e.member is not None and len(names) > 1 and \
            not what.startswith("household") else what[:1].upper() + what[1:]
        return f"{subject} is {_amount(lv, money)}, {rel} {limit}, {_amount(rv, money)}."

    def _fixed(self, node: ast.expr) -> bool:
        """A constant of the checker (a literal, a module constant, an expression of them)."""
        if isinstance(node, ast.Constant):
            return True
        if isinstance(node, ast.Name):
            return self.constant(node.id) is not None
        if isinstance(node, ast.BinOp):
            return self._fixed(node.left) and self._fixed(node.right)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return isinstance(self._ns.get(node.value.id), ModuleType)
        return False

    def _value(self, node: ast.expr, values: dict) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        text = ast.unparse(node)
        if text in values:
            return values[text]
        if isinstance(node, ast.Name):
            return self.constant(node.id)
        return None

    def _amount_words(self, node: ast.expr) -> str:
        """A computed amount named in words: `household_income(hh)` -> 'household income'."""
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            return _human(name) or "the amount"
        if isinstance(node, ast.Name):
            return _human(node.id)
        if isinstance(node, ast.Attribute):
            return _human(node.attr)
        if isinstance(node, ast.BinOp):
            names = [n for n in (_leaf_name(node.left), _leaf_name(node.right)) if n]
            return _human(names[0]) if names else "the amount"
        if isinstance(node, ast.Subscript):
            return _human(_leaf_name(node.value) or "the amount")
        return "the amount"

    def _limit_words(self, node: ast.expr, size: int | None) -> str:
        people = f" for {size} {'person' if size == 1 else 'people'}" if size else ""
        if isinstance(node, ast.Name) and self.constant(node.id) is not None:
            words = _human(node.id).lower()
            return f"the {words}" if "limit" in words or "max" in words or "min" in words else f"the limit{people}"
        return f"the limit{people}"

    def _requirement_words(self, e: Event, names) -> str:
        """The requirement when no review row covers it: the condition in words, never code."""
        test = self.tests.get(e.line)
        if test is None:
            return "a condition of the checker"
        negate = self.guards.get(e.line) is False
        return self._words(test, dict(e.values), negate)

    def _words(self, node: ast.expr, values: dict, negate: bool = False) -> str:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self._words(node.operand, values, not negate)
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And) != negate  # De Morgan
            return (" and " if is_and else " or ").join(self._words(v, values, negate) for v in node.values)
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            op = type(node.ops[0])
            if negate:
                op = _NEGATE.get(op, op)
            left, right = node.left, node.comparators[0]
            feature = left.attr if _is_member_attr(left) else ""
            money = bool(_MONEY.search(ast.unparse(left)) or _MONEY.search(ast.unparse(right)))
            rv = self._value(right, values)
            shown = _value_words(feature, rv, money) if rv is not None or isinstance(right, ast.Constant) \
                else self._amount_words(right)
            how = _OPS_WORDS.get(op, "")
            return f"{self._amount_words(left)} {how + ' ' if how else ''}{shown}".replace("  ", " ")
        return f"{self._amount_words(node)}: {'no' if negate else 'yes'}"


# -- words for values ----------------------------------------------------------------------------


def _compare(test: ast.expr | None) -> tuple[ast.expr, type, ast.expr] | None:
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return test.left, type(test.ops[0]), test.comparators[0]
    return None


def _is_member_attr(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in _MEMBER_NAMES


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _num(v: Any) -> Any:
    return int(v) if isinstance(v, float) and v.is_integer() else v


def _leaf_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        f = node.func
        return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _amount(v: Any, money: bool) -> str:
    v = _num(v)
    if money:
        return f"${v:,.0f}" if float(v).is_integer() else f"${v:,.2f}"
    return f"{v:,}" if isinstance(v, int) and abs(v) >= 10000 else str(v)


def _value_words(feature: str, v: Any, money: bool = False) -> str:
    """A value in words: money as "$45,000", school levels as grades, codes as words, a choice
    of values as "a or b"."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return "nothing"
    if "school_level" in feature:
        return _level(v)
    if isinstance(v, (tuple, list, set, frozenset)):
        items = [_value_words(feature, x, money) for x in (sorted(v, key=str) if isinstance(v, (set, frozenset)) else v)]
        if len(items) > 8:
            items = items[:8] + [f"{len(items) - 8} more"]
        return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1] if items else "none"
    if isinstance(v, str):
        return _VALUE_WORDS.get(v, _human(v))
    if _is_number(v):
        return _amount(v, money or bool(_MONEY.search(feature)))
    return _human(str(v))


def _level(v: Any) -> str:
    if isinstance(v, (tuple, list, set, frozenset)):
        items = [_level(x) for x in sorted(v, key=str)]
        return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1] if items else "none"
    if isinstance(v, int):
        return f"{v}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(v, 'th') } grade"
    return _LEVEL_WORDS.get(str(v), str(v))


def _human(name: str) -> str:
    return re.sub(r"\s+", " ", name.strip("_").replace("_", " ")).strip()


def _clean(text: str) -> str:
    return " ".join(str(text).split()).rstrip(".")


def _show(v: Any) -> str:
    """A module constant as the code view shows it beside its line."""
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


def _polarities(tree: ast.AST) -> tuple[dict[int, str], dict[str, int]]:
    """(condition line -> its function, function -> +1 when returning True helps the verdict, -1
    when it disqualifies). From `check` (+1) down the calls `if [not] f(...): return <bool>`."""
    functions = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    line_of: dict[int, str] = {}
    for name, fn in functions.items():
        for n in ast.walk(fn):
            if isinstance(n, (ast.If, ast.While)):
                line_of[n.test.lineno] = name
    polarity = {"check": 1}
    todo = ["check"]
    while todo:
        name = todo.pop()
        for n in ast.walk(functions[name]) if name in functions else ():
            if not isinstance(n, ast.If) or not n.body or not isinstance(n.body[0], ast.Return):
                continue
            ret = n.body[0].value
            if not (isinstance(ret, ast.Constant) and isinstance(ret.value, bool)):
                continue
            test, sign = n.test, 1
            while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test, sign = test.operand, -sign
            if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id in functions:
                callee = test.func.id
                if callee not in polarity:
                    # f() true -> returns ret: helps this function's True when ret is True
                    polarity[callee] = polarity[name] * sign * (1 if ret.value else -1)
                    todo.append(callee)
    return line_of, polarity


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


def _show_feature(name: str, value: Any) -> str:
    """A household value as the flip sentence shows it: "$45,000" for money, "8th grade" /
    "none (not in school)" for a school level, other values as the profile's vocabulary."""
    if isinstance(value, bool) or value is None:
        return _show(value)
    if "school_level" in name:
        return "none (not in school)" if value == "none" else _level(value)
    if isinstance(value, (int, float)) and _MONEY.search(name):
        return f"${value:,.0f}" if float(value).is_integer() else f"${value:,.2f}"
    return _show(value)


def flip_sentence(hh: Any, flip_json: str, verdict: bool) -> str:
    """The published `flip` of a pair in words: "Maria would qualify if this were $36,419 instead
    of $45,000: yearly work income." ('' when no one-feature change flips the verdict)."""
    import json

    from eligibench.household import ALL_FEATURES_BY_NAME as FEATURES_BY_NAME  # every schema version
    from eligibench.household import display_name

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
