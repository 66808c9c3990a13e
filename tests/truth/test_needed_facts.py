"""Needed facts: the (member, feature) reads of a traced checker run, on hand-built checkers."""
import types

from checkers import registry
from eligibench.household import household
from eligibench.truth import TracedChecker


def _checker(tmp_path, name, source):
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    mod = types.ModuleType(name)
    mod.__file__ = str(path)
    return TracedChecker(name, mod)


def _hh():
    return household({"name": "A", "age": 40}, {"name": "B", "age": 70, "relation": "spouse"},
                     {"name": "C", "age": 3, "relation": "child"})


def test_a_checker_reading_only_age_of_member_2_needs_exactly_m2_age(tmp_path):
    c = _checker(tmp_path, "only_age", "def check(hh):\n    if hh.members[2].age < 5:\n        return True\n    return False\n")
    trace, reads = c.run_reads(_hh())
    assert trace.eligible is True and reads == frozenset({"m2.age"})


def test_reads_stop_where_the_checker_stops_and_size_is_a_fact(tmp_path):
    src = ("def check(hh):\n"
           "    if hh.size < 2:\n        return False\n"
           "    for m in hh.members:\n"
           "        if m.age >= 65:\n            return True\n"
           "    return False\n")
    c = _checker(tmp_path, "senior", src)
    trace, reads = c.run_reads(_hh())
    # members 0 and 1 are read; the loop returns at member 1, so member 2 is never read
    assert trace.eligible is True and reads == frozenset({"hh.size", "m0.age", "m1.age"})


def test_reads_do_not_change_verdicts_or_traces_of_the_real_checkers():
    from benchmarks.trace_checkers import random_households
    checkers = {o: TracedChecker(o, m) for o, m in registry().items()}
    for hh in random_households(20, 3):
        for c in checkers.values():
            trace, reads = c.run_reads(hh)
            assert trace == c.run(hh)
            assert all(k == "hh.size" or k.split(".")[0][1:].isdigit() for k in reads)
