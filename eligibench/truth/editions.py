"""Cross-edition view: for the opportunities in both editions, the households whose verdict
changed and the condition that moved.

"The condition that moved" is read off the checkers, not guessed: per opportunity, the module
constants whose values differ between the two checkers (thresholds, ages, table rows), and per
changed household the deciding condition in each edition, i.e. the `if` test enclosing the
`return` that `check()` executed (from the trace), or "end of check(): return ..." when it ran
through to a return outside any `if` (every test passed, or no member qualified). Kept opportunities share their checker, so they never differ.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterable, Mapping

from eligibench.household import Household
from eligibench.truth.tracing import OWN_LINES, TWIN, TracedChecker, checker_source

FELL_THROUGH = "end of check()"


@dataclass(frozen=True)
class VerdictChange:
    household: str
    opportunity: str
    before: bool
    after: bool
    before_condition: str
    after_condition: str


@dataclass(frozen=True)
class EditionComparison:
    before: str
    after: str
    opportunities: tuple[str, ...]  # in both editions
    shared: tuple[str, ...]  # of those, the ones with the same checker module
    households: int
    moved: Mapping[str, tuple[str, ...]]  # opportunity -> "NAME: old -> new" per changed constant
    changes: tuple[VerdictChange, ...]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.changes:
            out[c.opportunity] = out.get(c.opportunity, 0) + 1
        return dict(sorted(out.items()))

    def to_dict(self) -> dict[str, Any]:
        return {"before": self.before, "after": self.after, "households": self.households,
                "opportunities_in_both": len(self.opportunities), "shared_checkers": len(self.shared),
                "verdicts_changed": len(self.changes),
                "households_changed": len({c.household for c in self.changes}),
                "changed_per_opportunity": self.counts(), "moved": {k: list(v) for k, v in sorted(self.moved.items())},
                "changes": [vars(c) for c in self.changes]}

    def to_markdown(self, examples: int = 5) -> str:
        n_hh = len({c.household for c in self.changes})
        lines = [f"# Cross-edition verdicts: {self.before} -> {self.after}", "",
                 f"- households compared: {self.households}",
                 f"- opportunities in both editions: {len(self.opportunities)} ({len(self.shared)} share their checker)",
                 f"- verdicts changed: {len(self.changes)} (in {n_hh} households)", ""]
        counts = self.counts()
        re_curated = [o for o in self.opportunities if o not in self.shared]
        if re_curated:
            lines += ["| opportunity | verdicts changed | now eligible | now ineligible | what moved in the checker |",
                      "|---|---|---|---|---|"]
            for o in re_curated:
                cs = [c for c in self.changes if c.opportunity == o]
                up = sum(c.after and not c.before for c in cs)
                moved = "; ".join(self.moved.get(o, ())) or "no constant (conditions re-read)"
                lines.append(f"| {o} | {counts.get(o, 0)} | {up} | {len(cs) - up} | {moved.replace('|', '/')} |")
            lines.append("")
        for o in re_curated:
            cs = [c for c in self.changes if c.opportunity == o]
            if not cs:
                continue
            lines += [f"## {o}", ""]
            for c in cs[:examples]:
                lines.append(f"- {c.household}: {_word(c.before)} -> {_word(c.after)}; {self.before}: "
                             f"`{c.before_condition}`; {self.after}: `{c.after_condition}`")
            if len(cs) > examples:
                lines.append(f"- ... and {len(cs) - examples} more (reports/editions.json)")
            lines.append("")
        return "\n".join(lines)


def _word(v: bool) -> str:
    return "eligible" if v else "ineligible"


def constants(module: ModuleType) -> dict[str, Any]:
    """The module's UPPER_CASE constants that are literals (numbers, strings, tuples of them); a
    variant's are its twin's with its own in their place."""
    source = checker_source(module)
    bodies = list(source.tree.body)
    if source.variant_path is not None:
        bodies += ast.parse(source.variant_path.read_text(encoding="utf-8")).body
    out = {}
    for node in bodies:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
            if name.isupper() and name not in ("ID", TWIN):
                try:
                    out[name] = ast.literal_eval(node.value)
                except ValueError:
                    continue
    return out


def moved_constants(before: ModuleType, after: ModuleType) -> tuple[str, ...]:
    a, b = constants(before), constants(after)
    out = []
    for name in sorted(set(a) | set(b)):
        if a.get(name) != b.get(name):
            out.append(f"{name}: {a.get(name, '—')} -> {b.get(name, '—')}")
    return tuple(out)


class _Deciding:
    """For one checker file: `check()`'s return lines -> the source of the `if` enclosing each."""

    def __init__(self, module: ModuleType):
        found = checker_source(module)  # a variant runs its twin's lines, and its own replacing functions
        own = found.functions is not None and any(
            isinstance(fn, ast.FunctionDef) and fn.name == "check" for fn in found.functions.body)
        path = found.variant_path if own else found.path
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        if own:  # the variant's `check`: its lines are numbered OWN_LINES + n in traces
            ast.increment_lineno(tree, OWN_LINES)
            source = "\n" * OWN_LINES + source
        self.by_return: dict[int, str] = {}
        for fn in tree.body:
            if isinstance(fn, ast.FunctionDef) and fn.name == "check":
                self._walk(fn.body, None, source)

    def _walk(self, body: list[ast.stmt], test: str | None, source: str) -> None:
        for s in body:
            if isinstance(s, ast.Return):
                self.by_return[s.lineno] = test or f"{FELL_THROUGH}: {ast.get_source_segment(source, s)}"
            elif isinstance(s, ast.If):
                cond = f"if {ast.get_source_segment(source, s.test)}"
                self._walk(s.body, cond, source)
                self._walk(s.orelse, f"not ({cond})", source)
            elif isinstance(s, (ast.For, ast.While, ast.With)):
                self._walk(s.body, test, source)

    def condition(self, lines: frozenset[int]) -> str:
        hits = [self.by_return[n] for n in sorted(lines) if n in self.by_return]
        return hits[-1] if hits else FELL_THROUGH


def compare_editions(before: str, after: str, before_checkers: Mapping[str, ModuleType],
                     after_checkers: Mapping[str, ModuleType],
                     households: Iterable[tuple[str, Household]]) -> EditionComparison:
    """Every opportunity in both editions, run traced on each household in both editions."""
    both = tuple(sorted(set(before_checkers) & set(after_checkers)))
    shared = tuple(o for o in both if before_checkers[o] is after_checkers[o])
    differ = [o for o in both if o not in shared]
    traced = {o: (TracedChecker(o, before_checkers[o]), TracedChecker(o, after_checkers[o])) for o in differ}
    deciding = {o: (_Deciding(before_checkers[o]), _Deciding(after_checkers[o])) for o in differ}
    changes, n = [], 0
    for hid, hh in households:
        n += 1
        for o in differ:
            old, new = traced[o][0].run(hh), traced[o][1].run(hh)
            if old.eligible != new.eligible:
                changes.append(VerdictChange(hid, o, old.eligible, new.eligible,
                                             deciding[o][0].condition(old.lines), deciding[o][1].condition(new.lines)))
    moved = {o: moved_constants(before_checkers[o], after_checkers[o]) for o in differ}
    return EditionComparison(before, after, both, shared, n, moved, tuple(changes))
