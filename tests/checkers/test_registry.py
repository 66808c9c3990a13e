from pathlib import Path

import pytest

from checkers import registry
from eligibench.catalog import load_catalog
from eligibench.household import household
from eligibench.truth import TracedChecker, trace_id, violations

CHECKERS = Path(__file__).resolve().parents[2] / "checkers"


def test_every_opportunity_has_exactly_one_checker():
    assert set(registry()) == set(load_catalog().ids)


def test_every_checker_follows_the_trace_discipline():
    # facts.py is not a checker: it follows the fact discipline (tests/checkers/test_facts.py)
    found = [str(v) for p in sorted(CHECKERS.glob("*.py")) if p.name not in ("__init__.py", "facts.py")
             for v in violations(p)]
    assert not found, "trace discipline violations:\n" + "\n".join(found)


@pytest.mark.parametrize("snippet, rule", [
    ("if a and b:\n    pass", "'and'"),
    ("if a or b:\n    pass", "'or'"),
    ("x = 1 if a else 2", "conditional expression"),
    ("x = [m for m in ms]", "comprehension"),
    ("x = any(ms)", "any()"),
    ("f = lambda m: m", "lambda"),
    ("if 1 < a < 3:\n    pass", "chained comparison"),
    ("return a > 3", "comparison outside"),
])
def test_discipline_flags_each_rule_with_its_line(tmp_path, snippet, rule):
    p = tmp_path / "bad.py"
    body = "\n".join("    " + line for line in snippet.splitlines())
    p.write_text(f"def check(hh):\n{body}\n")
    found = violations(p)
    assert found and rule in found[0].rule and found[0].line == 2
    assert str(found[0]).startswith(f"{p}:2:")


def test_discipline_allows_single_conditions(tmp_path):
    p = tmp_path / "ok.py"
    p.write_text("def check(hh):\n    if not hh.x in (1, 2):\n        return False\n    while hh.y > 3:\n        break\n    return True\n")
    assert violations(p) == []


def test_trace_is_the_lines_run_and_ids_are_stable():
    t = TracedChecker("IDNYC", registry()["IDNYC"])
    young, old, older = (t.run(household({"age": a})) for a in (5, 40, 50))
    assert not young.eligible and old.eligible
    assert old.lines == older.lines and old.id == older.id
    assert young.id != old.id
    assert old.lines <= t.coverable
    assert trace_id("IDNYC", old.lines) == old.id


def test_non_boolean_verdict_is_an_error(tmp_path):
    import types

    p = tmp_path / "weird.py"
    p.write_text("def check(hh):\n    return 1\n")
    mod = types.ModuleType("weird")
    mod.__file__ = str(p)
    with pytest.raises(TypeError, match="expected True or False"):
        TracedChecker("Weird", mod).run(household({}))


def test_docstring_readings_match_the_yaml():
    # issue 11: the readings a checker's author sees and the ones published must be the same
    from eligibench.truth import mismatches

    catalog = load_catalog()
    found = [msg for oid, mod in registry().items() for msg in mismatches(catalog[oid], mod.__doc__, mod.__file__)]
    assert not found, "\n".join(found)


def test_readings_mismatch_is_reported():
    from eligibench.truth import mismatches

    opp = load_catalog()["HeadStart"]
    doc = registry()["HeadStart"].__doc__
    assert mismatches(opp, doc, "hs") == []
    changed = doc.replace("is strict: income equal", "is loose: income equal")
    msgs = mismatches(opp, changed, "hs")
    assert any("missing from the docstring" in m for m in msgs) and any("not in the YAML" in m for m in msgs)
    no_implied = doc.split("Implied conditions")[0]
    assert any("no 'Implied conditions" in m for m in mismatches(opp, no_implied, "hs"))
    other_reason = doc.replace("Reason: Head Start is preschool", "Reason: Because")
    assert any("implied conditions differ" in m for m in mismatches(opp, other_reason, "hs"))
    reordered = doc.replace('- "You" and "your family" mean any member of the household.\n', "").replace(
        "- The table starts", '- "You" and "your family" mean any member of the household.\n- The table starts')
    assert any("different order" in m for m in mismatches(opp, reordered, "hs"))
