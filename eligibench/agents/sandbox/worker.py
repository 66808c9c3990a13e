"""The sandbox worker process: `python -m eligibench.agents.sandbox.worker`, started by runner.Sandbox.

Protocol: JSON lines on stdin; replies as JSON lines on the original stdout (fd 1 is then pointed
at stderr, so nothing else can write into the protocol). The first message configures limits:

    {"op": "init", "memory_mb": 512, "cpu_s": 60}        -> {"ok": true, "pid": ...}
    {"op": "run", "code": "...", "function": "decide", "args": [...], "facts": {...} | absent}
        -> {"ok": true, "value": <JSON>}
         | {"ok": false, "kind": "refused"|"memory"|"error"|"missing_key", "message": "...",
            "key": ..., "member": ..., "given_up": ..., "line": ...}

The worker applies its own resource limits at init (address space, CPU seconds, no new processes,
no file writes) and an audit hook that refuses opening files, starting processes, sockets and new
imports; then runs each request with a restricted `__builtins__` (the policy's allow-list only),
after validating the code against the policy again. Wall-clock timeouts are the parent's job: it
kills this process and starts a new one.

`facts` (ProADA): when present, the function is called as fn(FactsView, *args). FactsView is a
read-only mapping of what the agent knows; reading a key it does not know (`facts["x"]`,
`facts.get("x", d)`, `"x" in facts`) raises MissingFact(key), which generated code cannot catch
(the policy refuses `try`), and the reply names the key, the member and the line. Wire format:

    {"household": {"key": value, ...},
     "members": [{"key": value, ...}, ...] | null,   # null: household size not known yet
     "unknown": [["key", member_index | null], ...]}  # keys the agent gave up on

`facts["members"]` is a list of per-member views (member 0 is the person answering); while it is
null, reading it raises MissingFact("household_size"). A key the agent gave up on: `facts.get(k, d)`
returns d, `k in facts` is False, and `facts[k]` raises MissingFact with given_up=True.
"""
from __future__ import annotations

import builtins
import hashlib
import json
import os
import sys

from eligibench import jail
from eligibench.agents.sandbox.policy import ALLOWED_BUILTINS, PolicyError, validate

MAX_REPLY_CHARS = 1_000_000
RECURSION_LIMIT = 300


class MissingFact(Exception):
    def __init__(self, key: str, member: int | None = None, given_up: bool = False):
        self.key, self.member, self.given_up = key, member, given_up
        where = f" (member {member})" if member is not None else ""
        super().__init__(f"missing fact {key!r}{where}" + (" (unknown: the agent gave up on it)" if given_up else ""))


_NO_DEFAULT = object()
_SIZE_UNKNOWN = object()


class _View:
    """A read-only mapping over one scope of facts (household, or one member)."""

    __slots__ = ("_values", "_unknown", "_member", "_extra")

    def __init__(self, values: dict, unknown: set, member: int | None, extra: dict | None = None):
        self._values, self._unknown, self._member = values, unknown, member
        self._extra = extra or {}

    def _lookup(self, key, default=_NO_DEFAULT):
        if key in self._extra:
            value = self._extra[key]
            if value is _SIZE_UNKNOWN:
                raise MissingFact("household_size")
            return value
        if key in self._values:
            return self._values[key]
        if key in self._unknown:
            if default is not _NO_DEFAULT:
                return default
            raise MissingFact(str(key), self._member, given_up=True)
        raise MissingFact(str(key), self._member)

    def __getitem__(self, key):
        return self._lookup(key)

    def get(self, key, default=None):
        return self._lookup(key, default)

    def __contains__(self, key):
        try:
            self._lookup(key)
        except MissingFact as e:
            if e.given_up:
                return False
            raise
        return True

    def keys(self):
        return list(self._values)

    def values(self):
        return list(self._values.values())

    def items(self):
        return list(self._values.items())

    def __iter__(self):
        return iter(list(self._values))

    def __len__(self):
        return len(self._values)

    def __repr__(self):
        who = "household" if self._member is None else f"member {self._member}"
        return f"<facts of {who}: {sorted(self._values)}>"


def facts_view(wire: dict) -> _View:
    household = dict(wire.get("household") or {})
    unknown_pairs = [tuple(p) for p in wire.get("unknown") or []]
    members_raw = wire.get("members")
    unknown_by = {}
    for key, member in unknown_pairs:
        unknown_by.setdefault(member, set()).add(key)
    extra = {}
    if members_raw is None:
        extra["members"] = _SIZE_UNKNOWN
    else:
        extra["members"] = [_View(dict(m or {}), unknown_by.get(i, set()), i) for i, m in enumerate(members_raw)]
        household.setdefault("household_size", len(members_raw))
    return _View(household, unknown_by.get(None, set()), None, extra)


SAFE_BUILTINS = {name: getattr(builtins, name) for name in sorted(ALLOWED_BUILTINS)}
SAFE_BUILTINS.update({"True": True, "False": False, "None": None})


def _generated_line(tb) -> int | None:
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<generated>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


_compiled: dict[str, object] = {}


def _compile(code: str):
    digest = hashlib.sha256(code.encode()).hexdigest()
    if digest not in _compiled:
        validate(code)
        if len(_compiled) > 256:
            _compiled.clear()
        _compiled[digest] = compile(code, "<generated>", "exec", dont_inherit=True)
    return _compiled[digest]


def _jsonable(value, depth: int = 0):
    if depth > 50:
        raise ValueError("result nested too deeply")
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v, depth + 1) for k, v in value.items()}
    raise ValueError(f"result of type {type(value).__name__} is not a JSON value")


def run(msg: dict) -> dict:
    try:
        code_obj = _compile(msg["code"])
    except PolicyError as e:
        return {"ok": False, "kind": "refused", "message": str(e)}
    except (SyntaxError, ValueError, RecursionError) as e:
        return {"ok": False, "kind": "refused", "message": f"cannot compile: {e}"}
    namespace = {"__builtins__": dict(SAFE_BUILTINS), "__name__": "generated"}
    args = list(msg.get("args") or [])
    if "facts" in msg and msg["facts"] is not None:
        args.insert(0, facts_view(msg["facts"]))
    name = msg.get("function", "decide")
    try:
        exec(code_obj, namespace)  # noqa: S102 - validated, restricted builtins, separate process
        fn = namespace.get(name)
        if not callable(fn):
            return {"ok": False, "kind": "error", "message": f"the code defines no function {name!r}"}
        value = fn(*args)
        return {"ok": True, "value": _jsonable(value)}
    except MissingFact as e:
        return {"ok": False, "kind": "missing_key", "message": str(e), "key": e.key, "member": e.member,
                "given_up": e.given_up, "line": _generated_line(e.__traceback__)}
    except MemoryError:
        return {"ok": False, "kind": "memory", "message": "MemoryError: the code used more memory than allowed"}
    except RecursionError as e:
        return {"ok": False, "kind": "error", "message": f"RecursionError: {e}", "line": _generated_line(e.__traceback__)}
    except Exception as e:  # noqa: BLE001 - any failure of generated code is a result
        return {"ok": False, "kind": "error", "message": f"{type(e).__name__}: {str(e)[:500]}",
                "line": _generated_line(e.__traceback__)}


def _apply_limits(memory_mb: int, cpu_s: int) -> None:
    """The jail's limits, set here after the imports (the parent starts this worker unlimited)."""
    jail.apply_limits(jail.Limits(memory_mb=memory_mb, cpu_s=cpu_s, file_bytes=0,  # no writing to files
                                  # no new processes (fork fails); root is exempt from RLIMIT_NPROC
                                  processes=0 if os.getuid() != 0 else None))


def _install_audit_hook() -> None:
    loaded = set(sys.modules)

    def hook(event: str, args: tuple) -> None:
        if event == "open":
            raise PermissionError("sandbox: opening files is not allowed")
        if event.startswith(("subprocess.", "os.system", "os.exec", "os.posix_spawn", "os.fork", "os.spawn",
                             "socket.", "shutil.", "os.remove", "os.rename", "os.mkdir", "os.chdir",
                             "ctypes.", "os.kill", "os.putenv")):
            raise PermissionError(f"sandbox: {event} is not allowed")
        if event == "import" and args and args[0] not in loaded and args[0] not in sys.modules:
            raise PermissionError(f"sandbox: importing {args[0]} is not allowed")

    sys.addaudithook(hook)


def main() -> None:
    out = jail.protocol_stdout()  # the agent's / code's prints go to stderr, not into the protocol
    jail.die_with_parent()
    if os.getppid() == 1:
        os._exit(0)  # the parent died before the line above
    first = sys.stdin.readline()
    init = json.loads(first) if first.strip() else {}
    _apply_limits(int(init.get("memory_mb", 512)), int(init.get("cpu_s", 60)))
    sys.setrecursionlimit(RECURSION_LIMIT)
    _install_audit_hook()
    out.write(json.dumps({"ok": True, "pid": os.getpid()}) + "\n")
    for line in sys.stdin:
        try:
            msg = json.loads(line)
            reply = run(msg) if msg.get("op", "run") == "run" else {"ok": False, "kind": "error",
                                                                    "message": f"unknown op {msg.get('op')!r}"}
            text = json.dumps(reply)
            if len(text) > MAX_REPLY_CHARS:
                text = json.dumps({"ok": False, "kind": "error", "message": f"result too large ({len(text)} characters)"})
        except MemoryError:
            text = json.dumps({"ok": False, "kind": "memory", "message": "MemoryError: the code used more memory than allowed"})
        except Exception as e:  # noqa: BLE001 - never die on a bad request
            text = json.dumps({"ok": False, "kind": "error", "message": f"sandbox worker: {type(e).__name__}: {e}"})
        out.write(text + "\n")


if __name__ == "__main__":
    main()
