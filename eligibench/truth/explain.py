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
  eligible household, every requirement met by the member who qualified). A condition that only
  calls a yes/no rule of the checker is told by that rule's conditions, but an amount a helper adds
  up compared with a limit is a requirement itself, and a household-level condition tested inside a
  member's run (the household's income in `member_qualifies`) counts as that member's;
- per line, whether its condition was true, false or both (the code view's marks), the module
  constants beside the lines that use them, and the facts the conditions read (`m<i>.<feature>`).

A new checker with a review table gets plain sentences without hand work: the row is matched by
the features the condition read (ties: the row whose threshold quotes the line's numbers). Where a
row's words do not fit, edit the row's `condition` in the YAML, never Python.
`tests/truth/test_explain_plain.py` renders every condition of every checker (2024 and every
edition) and fails on any identifier, operator or bracket.

The comparison sentences, the limits they state (`LimitClaim`) and the generated requirement
words are `condition_words` (`ConditionWords`); this module runs the checker and picks the
conditions that decide.
"""
from __future__ import annotations

import ast
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

from eligibench.truth.condition_words import ConditionWords, Event, LimitClaim
from eligibench.truth.source_reading import MEMBER_NAMES, names_by_line, polarities, single_comparison
from eligibench.truth.tracing import COND, VAL, ReadingHousehold, instrument, record_hook
from eligibench.truth.value_words import clean_sentence, plain_number, show_constant

__all__ = ["Event", "ExplainedChecker", "Explanation", "LimitClaim"]



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
    claims: tuple[LimitClaim, ...] = ()  # every limit a sentence above states, with its numbers


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
        self.words = ConditionWords(self._ns, self.tests, self.guards)  # comparisons, limits, generated requirements
        self.source = inst.source  # a variant's own lines are numbered OWN_LINES + n (tracing)
        tree = inst.source.numbered()
        self.lines_used = names_by_line(tree)
        self.readings = tuple(readings)  # the opportunity's review table (ReadingRow-like rows)
        self._function_of, self._polarity = polarities(tree)
        self._lock = threading.Lock()
        files = {str(self.path), str(inst.variant_path)}  # a variant's replacing functions are in its file
        self._own = {n for n, v in self._ns.items()
                     if callable(v) and getattr(getattr(v, "__code__", None), "co_filename", None) in files}

    # -- running ----------------------------------------------------------------------------------

    def constant(self, name: str) -> Any:
        """A module-level constant's value (None for functions, modules, classes, unknown names)."""
        return self.words.constant(name)

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
            for k in (*MEMBER_NAMES, *scope):
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
            found = [(n, show_constant(v)) for n in self.lines_used.get(line, ()) if (v := self.constant(n)) is not None]
            if found:
                constants[line] = tuple(found)
        claims = self._claims(household, events)
        return Explanation(
            verdict, sentence, tuple(details), {k: tuple(v) for k, v in results.items()},
            {k: ("both" if len(v) == 2 else "true" if True in v else "false") for k, v in outcome.items()},
            constants, tuple(facts), tuple(self.sentence(household, e, names) for e in self._leaves(events)), claims)

    def claims(self, household) -> tuple[LimitClaim, ...]:
        """The limits `explain` would state for this household, without building its sentences."""
        return self._claims(household, self.events(household)[1])

    def claim(self, hh, e: Event, occurrence: int = 0) -> LimitClaim | None:
        """The numbers behind this event's comparison sentence, when it states a limit."""
        return self.words.claim(e, occurrence)

    def _claims(self, household, events: list[Event]) -> tuple[LimitClaim, ...]:
        claims = []
        seen: dict[tuple[int, int | None], int] = {}
        for e in events:
            k = (e.line, e.member)
            occurrence = seen[k] = seen.get(k, -1) + 1
            claim = self.words.claim(e, occurrence)
            if claim is not None and not self._composite(e):
                claims.append(claim)
        return tuple(dict.fromkeys(claims))

    # -- which conditions decide --------------------------------------------------------------------

    def _composite(self, e: Event) -> bool:
        """A condition that only calls another function of this checker (`if member_qualifies(m)`):
        the called function's own conditions are the real requirements. A comparison of what such a
        function returns with a limit (`if owners_and_spouses_income(hh) > INCOME_LIMIT`) is not one:
        the function only adds up an amount and the comparison is the requirement (read as composite,
        Enhanced STAR over its income limit was explained by the last ownership test inside the sum)."""
        if not self._own:
            return False
        test = self.tests.get(e.line)
        if test is None:
            return any(re.match(rf"^({'|'.join(map(re.escape, self._own))})\(", t) for t, _ in e.values)
        while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test = test.operand
        compare = single_comparison(test)
        if compare is not None and compare[1] in (ast.Eq, ast.NotEq):
            # `count_babies(hh) == 0` asks whether anyone passed the helper's own conditions (they
            # tell it: Newborn Home Visiting's first-time parent rule), not an amount against a limit
            test = next((x for x in (compare[0], compare[2]) if isinstance(x, ast.Call)), test)
        return isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id in self._own

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
        owner = self._member_of(events)
        for who in list(dict.fromkeys(members)) or [None]:
            mine = self._leaves([e for e, o in zip(events, owner) if o == who])
            if not mine:
                continue
            failed = [e for e in mine if not self.met(e)]
            details.append(self.sentence(hh, failed[-1] if failed else mine[-1], names))
        if len(details) == 1:
            return details[0], []
        more = len(details) - 1
        return (f"No member meets every requirement. {details[0]} The same holds for {more} more "
                f"{'member' if more == 1 else 'members'}, below."), details

    def _member_of(self, events: list[Event]) -> list[int | None]:
        """Each event's member, a household-level condition tested inside a member's run counted as
        hers: `if income > limit: return False` in `member_qualifies(m, income, limit)` names no
        member, yet it is why that member fails (Commodity Supplemental Food Program: a senior in
        NYC over the income limit was explained by her residence, a requirement she met). Inside
        means in the same function as the member's condition just before it."""
        out: list[int | None] = []
        last: Event | None = None
        for e in events:
            if e.member is None and last is not None and \
                    self._function_of.get(e.line) == self._function_of.get(last.line):
                out.append(last.member)
                continue
            out.append(e.member)
            if e.member is not None:
                last = e
        return out

    # -- one condition in words ---------------------------------------------------------------------

    def sentence(self, hh, e: Event, names: dict[int, str]) -> str:
        """One condition as the household's facts and the requirement, met or not."""
        facts = self._facts(hh, e, names)
        row = self._reading(e)
        ok = self.met(e)
        if row is not None:
            req = clean_sentence(row.condition)
        else:
            req = self.words.requirement(e)
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
        numbers |= {str(plain_number(c)) for n in self.lines_used.get(e.line, ()) for c in [self.constant(n)]
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
        compare = single_comparison(test)
        if compare is not None:
            text = self.words.comparison(hh, e, compare, values, names)
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
