"""A checker's conditions in words, from its own constants: a computed amount against its limit
("Household income is $45,000, above the limit for 3 people, $36,420."), the limit a checker
derives from another amount ("the limit, a third of monthly income, $149.42"), two counts compared,
and a condition no review row covers in generated words. Each limit a sentence states is also kept
as a `LimitClaim` (its numbers), which `truth.explain_check` re-runs the checker to confirm.

Split from `explain` (which runs the checker and picks the deciding conditions) when that module
passed the 500-line limit: this one only reads a condition and the checker's constants.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from eligibench.truth.source_reading import MIRROR, NEGATE, is_member_attr, leaf_name, single_comparison
from eligibench.truth.value_words import (
    MONEY,
    OPS_WORDS,
    amount_words,
    human_words,
    is_number,
    plain_number,
    value_words,
)


@dataclass(frozen=True)
class Event:
    line: int
    result: bool
    member: int | None  # index in the household, None for a household-level condition
    values: tuple[tuple[str, Any], ...]  # (operand as written, value)
    reads: tuple[str, ...]  # fact keys read since the previous condition (m<i>.<feature>, hh.size)


@dataclass(frozen=True)
class LimitClaim:
    """The numbers of one comparison sentence ("Household rent is $0, below the limit, a third of
    monthly income, $149.42."), kept so that `truth.explain_check` can re-run the checker and confirm
    that the condition's outcome changes exactly where the sentence says the limit is."""
    line: int
    member: int | None  # the event's member
    occurrence: int  # which evaluation of this line for this member, 0-based, in the run
    operand: str  # the operand (as Event.values records it) that holds the amount
    scale: float  # amount = that operand's value * scale (36 * rent: 1/36)
    limit_operand: str  # the other operand ('' for a constant)
    amount: float
    limit: float  # in the amount's terms: the value of the amount at which the outcome changes
    derived: str  # '' or how the limit is derived ("a third of monthly income")
    reads: tuple[str, ...]  # the facts read for this condition (m<i>.<feature>): what may move the amount


class ConditionWords:
    """The words of one checker's conditions; `ns` is its instrumented module's namespace (the
    constants a limit is read from: the variant's, for a variant)."""

    def __init__(self, ns: dict, tests: dict[int, ast.expr], guards: dict[int, bool | None]):
        self._ns = ns
        self.tests, self.guards = tests, guards  # as `instrument` found them (conditions=True)

    def constant(self, name: str) -> Any:
        """A module-level constant's value (None for functions, modules, classes, unknown names)."""
        v = self._ns.get(name)
        if v is None or callable(v) or isinstance(v, ModuleType) or name.startswith("__"):
            return None
        return v

    def comparison(self, hh, e: Event, compare: tuple[ast.expr, type, ast.expr], values: dict, names) -> str:
        """'Household income is $45,000, above the limit for 3 people, $36,420.' for a computed
        amount against a number; '' when the comparison is better told by the facts. A limit the
        checker derives from another amount is named as such ('Household rent is $0, below the
        limit, a third of monthly household income, $149.42.'): the number shown is always the
        amount's value at which the condition's outcome changes (`truth.explain_check` re-runs it)."""
        size = hh.size if any(k == "hh.size" for k in e.reads) or "size" in ast.unparse(compare[2]) else None
        limit = self._limit(e, compare, values, size)
        if limit is None:
            return self._counts(e, compare, values)
        amount_node, right, amount, bound, derived, money = limit
        what = self._amount_words(amount_node)
        limit_words = f"the limit, {derived}," if derived else f"{self._limit_words(right, size)},"
        rel = "above" if amount > bound else "below" if amount < bound else "exactly"
        subject = f"{names[e.member]}'s {what}" if e.member is not None and len(names) > 1 and \
            not what.startswith("household") else what[:1].upper() + what[1:]
        return f"{subject} is {amount_words(amount, money)}, {rel} {limit_words} {amount_words(bound, money)}."

    def _limit(self, e: Event, compare: tuple[ast.expr, type, ast.expr], values: dict, size: int | None = None):
        """(amount node, limit node, amount, limit in the amount's terms, derivation words, money) of
        an ordering comparison of a computed amount with a limit; None for anything else."""
        left, op, right = compare
        if is_member_attr(left) or is_member_attr(right):
            return None  # a member's own fact: the profile sentence says it better
        lv, rv = self._value(left, values), self._value(right, values)
        if not (is_number(lv) and is_number(rv)) or op not in MIRROR:
            return None
        if self._fixed(left) and not self._fixed(right):
            left, right, lv, rv = right, left, rv, lv
        if self._fixed(left):
            return None
        money = any(MONEY.search(ast.unparse(x)) for x in (left, right))
        amount_node, scale = self._scaled(left)
        amount, bound = lv * scale, rv * scale
        derived = ""
        people = f" for {size} {'person' if size == 1 else 'people'}" if size else ""
        if scale < 1 and not self._fixed(right):  # 36 * rent <= income: rent's limit is income / 36
            derived = self._share_words(scale, right)
        elif scale > 1:  # income / 12 < limit: income's limit is 12 times a monthly limit
            derived = f"{plain_number(scale)} times the {'monthly ' if scale == 12 else ''}limit{people}"
        elif isinstance(right, ast.BinOp) and isinstance(right.op, ast.Mult) and not self._fixed(right):
            k, other = self._factor(right)
            if k is not None:
                what = self._amount_words(other)
                derived = self._share_words(k, other) if k < 1 else \
                    f"{plain_number(k)} times {'' if what.startswith('the ') else 'the '}{what}{people}"
        return amount_node, right, plain_number(amount), plain_number(bound), derived, money

    def claim(self, e: Event, occurrence: int = 0) -> LimitClaim | None:
        """The numbers behind this event's comparison sentence, when it states a limit."""
        compare = single_comparison(self.tests.get(e.line))
        if compare is None:
            return None
        values = dict(e.values)
        found = self._limit(e, compare, values)
        if found is None:
            return None
        amount_node, right, amount, bound, derived, _ = found
        left = compare[0] if compare[2] is right else compare[2]
        _, scale = self._scaled(left)
        return LimitClaim(e.line, e.member, occurrence, ast.unparse(left), scale,
                          "" if self._fixed(right) else ast.unparse(right), float(amount), float(bound), derived,
                          tuple(k for k in e.reads if k.startswith("m")))

    def _scaled(self, node: ast.expr) -> tuple[ast.expr, float]:
        """(the amount, scale) of `k * amount`, `amount * k` or `amount / k` with k a constant of the
        checker: the amount is the operand's value times the scale."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div)):
            k, other = self._factor(node)
            if k:
                if isinstance(node.op, ast.Div):
                    return (other, float(k)) if other is node.left else (node, 1.0)
                return other, 1.0 / k
        return node, 1.0

    def _factor(self, node: ast.BinOp) -> tuple[float | None, ast.expr]:
        """(the constant factor, the other operand) of a product or quotient, (None, node) without one."""
        for mine, other in ((node.left, node.right), (node.right, node.left)):
            if self._fixed(mine) and not self._fixed(other):
                k = self._fixed_value(mine)
                if is_number(k) and k:
                    return float(k), other
        return None, node

    def _fixed_value(self, node: ast.expr) -> Any:
        try:
            return eval(compile(ast.Expression(node), "<limit>", "eval"), dict(self._ns))  # noqa: S307 - the checker's own constants
        except Exception:  # noqa: BLE001 - not a constant after all
            return None

    def _share_words(self, share: float, of: ast.expr) -> str:
        """'a third of monthly household income' (1/36 of a yearly income), '30% of income'."""
        what = self._amount_words(of)
        if "income" in what and share * 12 <= 1 and (12 * share) ** -1 == round((12 * share) ** -1):
            share, what = share * 12, f"monthly {what}"
        n = round(1 / share) if share else 0
        if n and abs(1 / share - n) < 1e-9:
            words = {1: "all", 2: "half", 3: "a third", 4: "a quarter"}.get(n)
            return f"{words} of {what}" if words else f"{what} divided by {n}"
        return f"{plain_number(round(share * 100, 4))}% of {what}"

    def _counts(self, e: Event, compare: tuple[ast.expr, type, ast.expr], values: dict) -> str:
        """Two computed numbers compared for equality ('seniors == owners'): both, no limit."""
        left, op, right = compare
        lv, rv = self._value(left, values), self._value(right, values)
        if op not in (ast.Eq, ast.NotEq) or not (is_number(lv) and is_number(rv)) or self._fixed(left) \
                or self._fixed(right) or is_member_attr(left) or is_member_attr(right):
            return ""
        a, b = self._amount_words(left), self._amount_words(right)
        same = "the same as" if lv == rv else "not the same as"
        return (f"The number of {a} ({amount_words(lv, False)}) is {same} the number of {b} "
                f"({amount_words(rv, False)}).")

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
            return human_words(name) or "the amount"
        if isinstance(node, ast.Name):
            return human_words(node.id)
        if isinstance(node, ast.Attribute):
            return human_words(node.attr)
        if isinstance(node, ast.BinOp):
            names = [n for n in (leaf_name(node.left), leaf_name(node.right)) if n]
            return human_words(names[0]) if names else "the amount"
        if isinstance(node, ast.Subscript):
            return human_words(leaf_name(node.value) or "the amount")
        return "the amount"

    def _limit_words(self, node: ast.expr, size: int | None) -> str:
        people = f" for {size} {'person' if size == 1 else 'people'}" if size else ""
        if isinstance(node, ast.Name) and self.constant(node.id) is not None:
            words = human_words(node.id).lower()
            return f"the {words}" if "limit" in words or "max" in words or "min" in words else f"the limit{people}"
        return f"the limit{people}"

    def requirement(self, e: Event) -> str:
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
                op = NEGATE.get(op, op)
            left, right = node.left, node.comparators[0]
            feature = left.attr if is_member_attr(left) else ""
            money = bool(MONEY.search(ast.unparse(left)) or MONEY.search(ast.unparse(right)))
            rv = self._value(right, values)
            shown = value_words(feature, rv, money) if rv is not None or isinstance(right, ast.Constant) \
                else self._amount_words(right)
            how = OPS_WORDS.get(op, "")
            return f"{self._amount_words(left)} {how + ' ' if how else ''}{shown}".replace("  ", " ")
        return f"{self._amount_words(node)}: {'no' if negate else 'yes'}"
