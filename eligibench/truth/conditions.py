"""What a checker's conditions read and compare against, from its source (no household needed).

The review table of an opportunity (its YAML `readings:`) must name every household feature its
checker reads and every number its checker compares against; `checker_conditions` lists both so
a test can hold the two together (`tests/checkers/test_readings_table.py`).

Static rather than traced: a trace only sees the lines some household reached, the source has
them all. The checker discipline (checkers/README.md) keeps this simple and exact:

- a feature is read as an attribute ``<member>.<feature>`` (any schema feature name), the
  household size as ``hh.size`` or ``len(hh.members)``, and income through the `_common`
  helpers (`household_income`, `member_income`, `household_work_income`); a derived fact
  (`checkers/facts.py`: `receives_medicaid(m)`, `disability(m, "any")`...) reads every raw
  feature of its definition (`eligibench.truth.fact_reads`);
- a threshold is a number in a comparison, or any module-level numeric constant (a number or a
  tuple of numbers: ages, limits, income tables and their "each additional person" amounts).
  A module constant exists only to be compared against, however it reaches the comparison
  (through a local, a dict of tables, `_common.table_limit`).

`HOUSEHOLD_SIZE` is the name the tables use for the household size, which is not a member feature;
`TABLE_FEATURES` is the whole vocabulary of a table's `features` (every edition's: the edition
loader, `eligibench.catalog.editions.load_readings`, is given this set). `hh.size` is the *fact
key* of the size (eligibench.household.facts), not a table name: a row naming it is a mismatch
that says to write `household_size`.

Every mismatch names where the checker reads the feature or holds the number (file:line, and the
module constant), so a curator fixes a table without reading the checker through.
"""
from __future__ import annotations

import ast
import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from eligibench.household import ALL_FEATURE_NAMES as FEATURE_NAMES
from eligibench.truth.fact_reads import call_reads, imported_facts
from eligibench.truth.tracing import checker_source, merge

HOUSEHOLD_SIZE = "household_size"  # the review tables' name for the household size (not a member feature)
TABLE_FEATURES = frozenset(FEATURE_NAMES) | {HOUSEHOLD_SIZE}

# `_common` helpers and the features they read (they are branch-free, so they read all of them).
_HELPER_READS = {
    "household_income": ("annual_work_income", "annual_investment_income"),
    "member_income": ("annual_work_income", "annual_investment_income"),
    "household_work_income": ("annual_work_income",),
}


@dataclass(frozen=True)
class CheckerConditions:
    features: frozenset[str]  # schema features read, plus HOUSEHOLD_SIZE
    thresholds: frozenset[float]  # every number a condition compares against (income tables included)
    compared: tuple[tuple[str, float], ...]  # (feature, number) where one comparison holds both
    # where each feature is first read / each number is held: (feature or number, "file:line" or
    # "NAME at file:line"), for messages; empty for conditions built by hand
    origins: tuple[tuple[str | float, str], ...] = ()

    def origin(self, key: str | float) -> str | None:
        return next((where for k, where in self.origins if k == key), None)


def _numbers(node: ast.AST | None) -> list[float] | None:
    """The number(s) of a literal number or tuple of numbers (negative numbers included), else None."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return [float(node.value)]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _numbers(node.operand)
        return None if inner is None else [-x for x in inner]
    if isinstance(node, (ast.Tuple, ast.List)):
        out: list[float] = []
        for elt in node.elts:
            n = _numbers(elt)
            if n is None:
                return None
            out.extend(n)
        return out
    return None


def _module_constants(tree: ast.Module) -> dict[str, tuple[list[float], int]]:
    """Module-level numeric constants: name -> (values, line)."""
    out: dict[str, tuple[list[float], int]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            n = _numbers(node.value)
            if n is not None:
                out[node.targets[0].id] = (n, node.lineno)
    return out


def _features_in(node: ast.AST, facts: dict[str, frozenset[str]] | None = None) -> set[str]:
    out: set[str] = set()
    for sub in ast.walk(node):
        if facts and isinstance(sub, ast.Call):
            fact = call_reads(sub, facts)
            if fact is not None:  # a derived fact reads the raw features of its definition
                out.update(fact)
                continue
        if isinstance(sub, ast.Attribute):
            if sub.attr in FEATURE_NAMES:
                out.add(sub.attr)
            elif sub.attr == "size":
                out.add(HOUSEHOLD_SIZE)
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
            if sub.func.id in _HELPER_READS:
                out.update(_HELPER_READS[sub.func.id])
            elif sub.func.id == "len" and sub.args and isinstance(sub.args[0], ast.Attribute) and sub.args[0].attr == "members":
                out.add(HOUSEHOLD_SIZE)
    return out


def conditions_of_source(source: str, filename: str = "<checker>",
                         variant: tuple[str, str] | None = None) -> CheckerConditions:
    """`variant`: (source, filename) of a variant module (checkers/editions/variant.py) whose
    constants replace the twin's of the same name and whose functions replace the twin's of the
    same name (`tracing.merge`); their origins name the variant's file."""
    tree = ast.parse(source, filename=filename)
    facts = imported_facts(tree)
    file_of: dict[int, str] = {}  # id(function) -> the file it is read from
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if variant is not None:
        vtree = ast.parse(variant[0], filename=variant[1])
        tree, _, replacing = merge(tree, vtree, filename, variant[1])
        facts |= imported_facts(vtree)
        functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
        if replacing is not None:
            own = [n for n in replacing.body if isinstance(n, ast.FunctionDef)]
            functions += own
            file_of = {id(n): variant[1] for n in own}
    consts = _module_constants(tree)
    const_file = {name: filename for name in consts}
    if variant is not None:
        own_consts = _module_constants(vtree)
        consts.update(own_consts)
        const_file.update({name: variant[1] for name in own_consts})
    features: set[str] = set()
    thresholds: set[float] = set()
    compared: set[tuple[str, float]] = set()
    origins: dict[str | float, str] = {}

    def note(key: str | float, where: str) -> None:
        origins.setdefault(key, where)

    def value_of(node: ast.AST, where: str) -> list[float]:
        direct = _numbers(node)
        if direct is not None:
            for x in direct:
                note(x, f"{where}:{node.lineno}")
            return direct
        if isinstance(node, ast.Name) and node.id in consts:
            values, line = consts[node.id]
            for x in values:
                note(x, f"{node.id} at {const_file[node.id]}:{line}")
            return values
        return []

    for fn in functions:
        where = file_of.get(id(fn), filename)
        for node in sorted(ast.walk(fn), key=lambda n: getattr(n, "lineno", 0)):
            read = _features_in(node, facts) if isinstance(node, (ast.Attribute, ast.Call)) else set()
            features.update(read)
            for f in read:
                note(f, f"{where}:{node.lineno}")
            if isinstance(node, ast.Compare):
                nums = [x for side in [node.left, *node.comparators] for x in value_of(side, where)]
                thresholds.update(nums)
                for f in _features_in(node, facts):
                    compared.update((f, x) for x in nums)
    for name, (values, line) in consts.items():
        thresholds.update(values)
        for x in values:
            note(x, f"{name} at {const_file[name]}:{line}")
    return CheckerConditions(frozenset(features), frozenset(thresholds), tuple(sorted(compared)),
                             tuple(sorted(origins.items(), key=lambda kv: (isinstance(kv[0], str), str(kv[0])))))


def checker_conditions(module: ModuleType) -> CheckerConditions:
    """A checker's conditions; a variant's are its twin's rules with the variant's constants."""
    source = checker_source(module)
    variant = None
    if source.variant_path is not None:
        variant = (source.variant_path.read_text(encoding="utf-8"), _shown(source.variant_path))
    return conditions_of_source(source.path.read_text(encoding="utf-8"), _shown(source.path), variant)


_PROJECT = Path(__file__).resolve().parents[2]


def _shown(path: Path) -> str:
    """`path` relative to the project when under it, so messages name repo paths (`checkers/...`)."""
    try:
        return str(path.resolve().relative_to(_PROJECT))
    except ValueError:
        return str(path)


_NUMBER = re.compile(r"\d[\d,_]*(?:\.\d+)?")


def numbers_in(text: str | None) -> frozenset[float]:
    """Every number printed in a table threshold ("$87,100", "12-21", "1: 51610") as a float."""
    if not text:
        return frozenset()
    return frozenset(float(x.replace(",", "").replace("_", "")) for x in _NUMBER.findall(text))


def table_mismatches(opportunity: Any, conditions: CheckerConditions, yaml_path: str | None = None) -> list[str]:
    """Every way the review table (`opportunity.readings`) and the checker disagree: a feature the
    checker reads that no row names, a feature a row names that the checker never reads or that is
    not in `TABLE_FEATURES`, a number the checker compares against that no row's threshold prints.
    Each line names the YAML (`yaml_path`, default the 2024 `opportunities/<id>.yaml`), where in the
    checker the feature or number is, and what to change."""
    # `opportunity` is a catalog Opportunity (not imported: truth stages do not depend on the catalog)
    named = {f for row in opportunity.readings for f in row.features}
    printed = {x for row in opportunity.readings for x in numbers_in(row.threshold)}
    where = f"{yaml_path or f'opportunities/{opportunity.id}.yaml'} readings"

    def at(key: str | float) -> str:
        origin = conditions.origin(key)
        return f" ({origin})" if origin else ""

    out = [f"{where}: the checker reads {f!r}{at(f)}, no row names it: add it to the features of the row "
           "for that condition" for f in sorted(conditions.features - named)]
    out += [f"{where}: a row names {f!r}, which is not a household feature nor {HOUSEHOLD_SIZE!r}{_did_you_mean(f)}"
            for f in sorted(named - TABLE_FEATURES)]
    out += [f"{where}: a row names {f!r}, the checker never reads it: drop it from the row, or the checker "
            "misses that condition (fix the checker)" for f in sorted((named & TABLE_FEATURES) - conditions.features)]
    def row_for(x: float) -> str:
        # the row naming a feature the checker compares with x, when one comparison holds both
        with_x = {f for f, v in conditions.compared if v == x}
        rows = [r.condition for r in opportunity.readings if with_x & set(r.features)]
        return f"the row {rows[0]!r}" if rows else "the row for that condition"

    out += [f"{where}: the checker compares with {x:g}{at(x)}, no row's threshold prints it: print it in the "
            f"threshold of {row_for(x)} (every value: an income table in full, each size)"
            for x in sorted(conditions.thresholds - printed)]
    return out


def _did_you_mean(name: str) -> str:
    if name in ("hh.size", "size", "len(hh.members)"):
        return f": write {HOUSEHOLD_SIZE!r} ('hh.size' is the fact key, not the table name)"
    close = difflib.get_close_matches(name, sorted(TABLE_FEATURES), n=1)
    return f": did you mean {close[0]!r}?" if close else ""
