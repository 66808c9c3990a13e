"""The generated-code sandbox: policy refusals (with line numbers), hostile code, timeouts with
recovery, memory limits, normal execution and MissingFact results."""
import json
import subprocess
import sys
import time

import pytest

from eligibench.agents.sandbox import ALLOWED_BUILTINS, WORKER_ARGV, PolicyError, Sandbox, validate


@pytest.fixture(scope="module")
def box():
    with Sandbox(timeout_s=2.0, memory_mb=512) as b:
        yield b


def refused(code: str) -> PolicyError:
    with pytest.raises(PolicyError) as e:
        validate(code)
    return e.value


# --------------------------------------------------------------------------- policy


@pytest.mark.parametrize("code, line, words", [
    ("import os\n", 1, "imports are not allowed"),
    ("def f():\n    from os import path\n", 2, "imports are not allowed"),
    ("def f():\n    return __import__('os')\n", 2, "'__import__' is not allowed"),
    ("def f():\n    return ().__class__.__base__.__subclasses__()\n", 2, "'__subclasses__' is not allowed"),
    ("def f():\n    x = 1\n    return open('/tmp/x', 'w')\n", 3, "name 'open' is not allowed"),
    ("def f(x):\n    return eval(x)\n", 2, "name 'eval' is not allowed"),
    ("def f(x):\n    return getattr(x, 'y')\n", 2, "name 'getattr' is not allowed"),
    ("def f(x):\n    return type(x)\n", 2, "name 'type' is not allowed"),
    ("def f():\n    global y\n", 2, "'global' is not allowed"),
    ("def f():\n    try:\n        return 1\n    except Exception:\n        return 2\n", 2, "'try' is not allowed"),
    ("def f():\n    raise ValueError()\n", 2, "'raise' is not allowed"),
    ("def f():\n    g = lambda: 1\n", 2, "'lambda' is not allowed"),
    ("def f():\n    with x:\n        pass\n", 2, "'with' is not allowed"),
    ("class A:\n    pass\n", 1, "class definitions are not allowed"),
    ("def f(x):\n    return x.real\n", 2, "attribute access 'x.real' is not allowed"),
    ("def f(s):\n    return s.format(1)\n", 2, "method 'format' is not allowed"),
    ("def f(x):\n    return x[0]()\n", 2, "calling 'x[0]' is not allowed"),
    ("def f(x):\n    g = len\n    return g(x)\n", 3, "call to 'g' is not allowed"),
    ("x = 1\nprint(x)\n", 2, "top-level code may only define functions and constants"),
    ("def f(:\n", 1, "syntax error"),
    ("def f():\n    del x\n", 2, "'del' is not allowed"),
    ("@dec\ndef f():\n    pass\n", 1, "decorators are not allowed"),
])
def test_policy_refuses_with_line_and_reason(code, line, words):
    err = refused(code)
    assert any(v.line == line and words in v.message for v in err.violations), err.violations
    assert f"line {line}:" in str(err)


def test_policy_allows_ordinary_decision_code():
    code = '''
LIMITS = {1: 54350, 2: 62150}
# age (int, per member): age in years
def older(m, years):
    return m["age"] >= years

def decide(facts):
    total = 0
    for i, m in enumerate(facts["members"]):
        if older(m, 65) and facts.get("lives_in_nyc", False):
            return True
        total += m["income"] * 12
    names = [str(x).lower().strip() for x in facts["names"]]
    while total > 10:
        total = total // 2
    size = len(facts["members"])
    return total <= LIMITS.get(size, max(LIMITS.values())) and isinstance(total, int) and round(sum([1.5])) == 2
'''
    tree = validate(code, required_function="decide")
    assert tree.body


def test_policy_reports_every_violation_sorted():
    err = refused("import os\ndef f():\n    open('x')\n    return ().__class__\n")
    assert [v.line for v in err.violations] == [1, 3, 4]


def test_policy_requires_the_function():
    with pytest.raises(PolicyError, match="no top-level function named 'decide'"):
        validate("def other(facts):\n    return True\n", required_function="decide")


def test_allowed_builtins_are_exactly_the_safe_ones():
    assert {"open", "eval", "exec", "getattr", "type", "object", "__import__"}.isdisjoint(ALLOWED_BUILTINS)
    assert {"len", "min", "max", "abs", "int", "float", "str", "bool", "round", "sum", "range", "sorted", "list",
            "dict", "set", "tuple", "enumerate", "isinstance"} <= ALLOWED_BUILTINS


# --------------------------------------------------------------------------- execution


def test_normal_execution_returns_json_values(box):
    r = box.run("def f(a, b):\n    return {'sum': a + b, 'items': sorted([b, a])}\n", "f", [2, 1])
    assert r.ok and r.value == {"sum": 3, "items": [1, 2]}


def test_missing_fact_names_the_key_and_line(box):
    code = "def decide(facts):\n    if facts['lives_in_nyc']:\n        return facts['age'] >= 18\n    return False\n"
    r = box.run(code, facts={"household": {}, "members": None})
    assert not r.ok and r.error_kind == "missing_key" and r.key == "lives_in_nyc" and r.member is None and r.line == 2
    r = box.run(code, facts={"household": {"lives_in_nyc": True}, "members": None})
    assert r.error_kind == "missing_key" and r.key == "age" and r.line == 3
    r = box.run(code, facts={"household": {"lives_in_nyc": True, "age": 20}, "members": None})
    assert r.ok and r.value is True


def test_missing_fact_for_members_and_household_size(box):
    code = "def decide(facts):\n    for m in facts['members']:\n        if m['age'] <= 18:\n            return True\n    return False\n"
    r = box.run(code, facts={"household": {}, "members": None})
    assert r.error_kind == "missing_key" and r.key == "household_size" and r.member is None
    r = box.run(code, facts={"household": {}, "members": [{"age": 34}, {}]})
    assert r.error_kind == "missing_key" and r.key == "age" and r.member == 1
    r = box.run(code, facts={"household": {}, "members": [{"age": 34}, {"age": 4}]})
    assert r.ok and r.value is True


def test_given_up_keys_use_get_defaults_and_fail_subscripts(box):
    facts = {"household": {}, "members": [{}], "unknown": [["x", None], ["age", 0]]}
    r = box.run("def decide(facts):\n    return facts.get('x', True) and 'x' not in facts\n", facts=facts)
    assert r.ok and r.value is True
    r = box.run("def decide(facts):\n    return facts['members'][0]['age'] > 3\n", facts=facts)
    assert r.error_kind == "missing_key" and r.given_up and r.key == "age" and r.member == 0
    r = box.run("def decide(facts):\n    return facts.get('y', True)\n", facts=facts)
    assert r.error_kind == "missing_key" and r.key == "y" and not r.given_up  # .get asks for unknown keys too


def test_runtime_errors_are_results(box):
    r = box.run("def f():\n    x = 1\n    return x / 0\n", "f")
    assert r.error_kind == "error" and "ZeroDivisionError" in r.message and r.line == 3
    r = box.run("def f(x):\n    return f(x)\n", "f", [1])
    assert r.error_kind == "error" and "RecursionError" in r.message
    r = box.run("def g():\n    return 1\n", "f")
    assert r.error_kind == "refused" and "no top-level function named 'f'" in r.message


# --------------------------------------------------------------------------- hostile code


def test_refused_code_never_reaches_the_worker(box):
    for code in ("def f():\n    return open('/tmp/sandbox-pwned', 'w')\n",
                 "def f():\n    return __import__('os').system('touch /tmp/sandbox-pwned')\n",
                 "def f():\n    return ().__class__.__base__.__subclasses__()\n"):
        r = box.run(code, "f")
        assert not r.ok and r.error_kind == "refused" and "line 2" in r.message


def test_infinite_loop_times_out_and_the_next_call_works():
    with Sandbox(timeout_s=1.0) as b:
        assert b.run("def f():\n    return 1\n", "f").value == 1
        first_pid = b.pid
        t0 = time.perf_counter()
        r = b.run("def f():\n    while True:\n        pass\n", "f")
        assert r.error_kind == "timeout" and time.perf_counter() - t0 < 5
        assert b.pid is None  # killed
        r = b.run("def f():\n    return 2\n", "f")
        assert r.ok and r.value == 2 and b.pid != first_pid and b.restarts == 1


@pytest.mark.parametrize("expr", ["[0] * 10**10", "'x' * 10**10", "list(range(10**10))"])
def test_huge_allocation_is_a_memory_error_and_the_run_continues(box, expr):
    r = box.run(f"def f():\n    return {expr}\n", "f")
    assert not r.ok and r.error_kind == "memory"
    assert box.run("def f():\n    return 'fine'\n", "f").value == "fine"


def test_gradual_memory_growth_is_capped():
    with Sandbox(timeout_s=15.0, memory_mb=256) as b:
        r = b.run("def f():\n    x = []\n    while True:\n        x.append('y' * 1000000 + str(len(x)))\n", "f")
        assert r.error_kind == "memory"
        assert b.run("def f():\n    return 3\n", "f").value == 3


def test_worker_refuses_unvalidated_code_too():
    """Defence in depth: a request that skips the runner's check is still validated in the worker."""
    proc = subprocess.Popen(list(WORKER_ARGV), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        proc.stdin.write(json.dumps({"op": "init", "memory_mb": 512, "cpu_s": 10}) + "\n")
        proc.stdin.write(json.dumps({"op": "run", "code": "import os\ndef f():\n    return 1\n", "function": "f"}) + "\n")
        proc.stdin.close()
        lines = [json.loads(x) for x in proc.stdout.read().splitlines()]
    finally:
        proc.kill()
        proc.wait()
    assert lines[0]["ok"] and lines[1]["kind"] == "refused" and "line 1" in lines[1]["message"]


def test_agent_guard_allows_exactly_the_sandbox_worker():
    script = (
        "import subprocess, sys\n"
        "from eligibench.evaluation.hosting.worker import _install_guard\n"
        "_install_guard([])\n"
        "from eligibench.agents.sandbox import Sandbox\n"
        "with Sandbox() as b:\n"
        "    assert b.run('def f():\\n    return 5\\n', 'f').value == 5\n"
        "for argv in ([sys.executable, '-c', 'print(1)'], [sys.executable, '-m', 'eligibench.agents.sandbox.worker', 'x']):\n"
        "    try:\n"
        "        subprocess.run(argv)\n"
        "    except PermissionError:\n"
        "        print('refused')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["refused", "refused"]


def test_worker_dies_with_its_parent():
    """An agent process killed mid-dialog must not leave its sandbox worker behind."""
    import os

    script = ("from eligibench.agents.sandbox import Sandbox\nimport time\nb = Sandbox()\n"
              "b.run('def f():\\n    return 1\\n', 'f')\nprint(b.pid, flush=True)\ntime.sleep(60)\n")
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        pid = int(parent.stdout.readline())
    finally:
        parent.kill()
        parent.wait()
    deadline = time.time() + 5
    while time.time() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(")")[1].split()[0] == "Z":
                    break
        except OSError:
            break
        time.sleep(0.1)
    else:
        os.kill(pid, 9)
        pytest.fail("the sandbox worker outlived its parent")
