"""The one way the harness starts a child it does not trust, limits it, talks to it and ends it:
the agent worker (evaluation/hosting) and the generated-code sandbox worker (agents/sandbox).

- **Start**: `Child.start(argv, jail=..., limits=...)`. With a `Jail`, `argv` runs inside
  bubblewrap (`jail_command`); with `jail=None` it runs unjailed, the documented mode for a
  reference agent when bubblewrap is missing (`evaluate.isolation: auto`, docs/integrity.md), for
  your own development folder under `benyfits evaluate` (isolation `none (development)`) and
  for the sandbox worker, which runs inside its agent's jail already (a nested bwrap cannot start
  there). Either way the child leads a new session (one process group), gets SIGKILL when the
  harness dies, and inherits the `Limits`.
- **Limits**: address space, processes, open files, file size (its stderr log on the host
  included), CPU seconds, no core files (`apply_limits`: lowers, never raises a hard limit, so the
  sandbox worker can also tighten its own after its imports). Time: every send and read has a
  deadline. Output: a line over `max_message_bytes` is refused (`MessageTooLarge`).
- **Wire**: one JSON object per line each way; reads are non-blocking and bounded, so a child that
  floods, half-writes a line or stops reading cannot hang the harness (`ChildTimeout`,
  `ChildExited`). What the messages mean is the caller's (hosting's agent ops, the sandbox's runs).
  The child's side: `protocol_stdout()` keeps the real stdout for replies and points fd 1 at
  stderr, so nothing the child's own code prints can write into the protocol.
- **End**: `Child.kill` = `eligibench.processes.kill_group` (the whole group, then the pipes).

The jail: `jail_command(argv, jail)` lets the command see, read-only, only the Python runtime,
the installed dependencies, the harness package (`eligibench/`) and the paths it is given; a
private size-capped /tmp; a fresh /proc and minimal /dev; new pid, ipc, uts, net and cgroup
namespaces (no network: only a loopback device nobody listens on); an empty environment but for a
few set variables; `--die-with-parent` and `--new-session`. The process inside runs as a non-root
uid with no capabilities and `no_new_privs`:

- harness running as root (this machine): bwrap runs privileged (no user namespace) and the
  command is started through `setpriv` with a uid of its own (JAIL_UID_BASE + a per-jail
  offset), an empty bounding set and no_new_privs. That uid is a real, unprivileged kernel uid,
  so RLIMIT_NPROC (processes) is enforced for it (the kernel exempts uid 0, even inside a user
  namespace, which is why the user-namespace mode is not used as root).
- harness running as another user: bwrap makes a user namespace (`--unshare-user`, uid 65534
  inside); outside it the process is the harness user, never root.

The binary is `eligibench.system.bwrap_path()` (`BENYFITS_BWRAP` overrides PATH; a path that does
not exist means bubblewrap is missing); `require_bwrap` raises IsolationUnavailable naming the
package. Who may run without the jail is a policy of agent hosting (`evaluation/hosting/isolation.py`).
"""
from __future__ import annotations

import ctypes
import itertools
import json
import os
import resource
import select
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench import system
from eligibench.errors import BenyfitsError
from eligibench.processes import kill_group

JAIL_UID_BASE = 200_000
TMP_BYTES = 64 * 1024 * 1024
FILE_BYTES = 64 * 1024 * 1024  # largest file (or stderr log) a jailed process may write
_PR_SET_PDEATHSIG = 1
_counter = itertools.count()


class IsolationUnavailable(BenyfitsError):
    """bubblewrap is missing or cannot start, and the child may not run without it."""


class ChildTimeout(Exception):
    """The deadline passed before a whole line was sent or read."""


class ChildExited(Exception):
    """The child closed its end of the pipe (it exited, or stopped reading)."""


class MessageTooLarge(Exception):
    """The child sent more than `max_message_bytes` without ending the line."""


# The route that needs no jail here: the agent runs as an A2A service, its own process on its own
# terms, and the harness only talks to it over HTTP (docs/agent-services.md).
A2A_ROUTE = ("or serve the folder as an A2A service (`python examples/a2a_service/serve.py FOLDER --port 8765`) "
             "and evaluate that with `benyfits evaluate --agent-url http://127.0.0.1:8765`")


def require_bwrap(agent: str = "", why: str = "") -> str:
    """bwrap's path, or IsolationUnavailable naming the package, the install command, (when given)
    the agent refused and why it must be jailed, and the A2A route that needs no jail here."""
    path = system.bwrap_path()
    if path is None:
        named = os.environ.get(system.BWRAP.env)
        where = f" ({system.BWRAP.env}={named} is not an executable file)" if named and named.strip() else ""
        who = f"; {agent} must run in it: {why}" if agent and why else ""
        raise IsolationUnavailable(
            f"submissions run inside bubblewrap, which is not installed{where}: install the Debian package "
            f"`bubblewrap` ({system.install_hint(system.BWRAP)}){who}; without it only your own development folders "
            f"(outside submissions/) and the reference agents shipped in the repository run unjailed; "
            f"{A2A_ROUTE}")
    return path


@dataclass(frozen=True)
class Jail:
    """Where a jailed command runs and what it sees."""

    read_only: tuple[Path, ...]  # folders (or files) visible read-only at their own paths
    cwd: Path  # working directory inside (created if nothing is mounted there)
    python_path: tuple[Path, ...] = ()  # PYTHONPATH inside
    tmp_bytes: int = TMP_BYTES


@dataclass(frozen=True)
class Limits:
    """Resource limits a child starts with (None: left as inherited)."""

    memory_mb: int | None = None  # address space
    processes: int | None = None  # RLIMIT_NPROC (per uid; 0 = cannot fork)
    open_files: int | None = None
    file_bytes: int | None = FILE_BYTES  # largest file it may write (0 = none)
    cpu_s: int | None = None


def runtime_paths() -> list[Path]:
    """The Python runtime and installed packages this interpreter uses."""
    paths = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix), Path(sys.base_exec_prefix)}
    exe = Path(sys.executable)
    paths.add(exe.parent)
    paths.add(exe.resolve().parent.parent)
    for p in sys.path:
        if p and "site-packages" in p and Path(p).is_dir():
            paths.add(Path(p))
    return sorted({p.resolve() for p in paths if p.exists()} | {p for p in paths if p.exists()})


def harness_paths() -> list[Path]:
    """The harness package a jailed worker imports (`eligibench/`, wherever this process imported it)."""
    return [Path(__file__).resolve().parent]


def _unique(paths: Sequence[Path]) -> list[Path]:
    out: list[Path] = []
    for p in sorted({Path(p) for p in paths}, key=lambda p: (len(p.parts), str(p))):
        if any(p == q or q in p.parents for q in out):
            continue  # already visible through a parent
        out.append(p)
    return out


def _filesystem(jail: Jail) -> list[str]:
    """bwrap's mounts: system libraries, a private /tmp, the visible paths, /dev, /proc, the cwd."""
    cmd = ["--ro-bind", "/usr", "/usr"]  # the system's shared libraries and /usr/bin (setpriv)
    for name in ("lib", "lib64", "bin", "sbin"):
        target = os.readlink(f"/{name}") if os.path.islink(f"/{name}") else None
        if target:
            cmd += ["--symlink", target, f"/{name}"]
        elif os.path.isdir(f"/{name}"):
            cmd += ["--ro-bind", f"/{name}", f"/{name}"]
    for etc in ("/etc/ld.so.cache", "/etc/localtime", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group"):
        if os.path.exists(etc):
            cmd += ["--ro-bind", etc, etc]
    # the private /tmp first: binds below /tmp (a test's folders) go on top of it, not under it
    cmd += ["--size", str(jail.tmp_bytes), "--perms", "01777", "--tmpfs", "/tmp"]
    visible = _unique([*runtime_paths(), *harness_paths(), *jail.read_only])
    # parents of mount points: bwrap would create them 0700 root, untraversable for the jail's uid
    parents = sorted({q for p in [*visible, jail.cwd] for q in p.parents if q != Path("/")}, key=lambda q: len(q.parts))
    for q in parents:
        if not str(q).startswith("/usr"):
            cmd += ["--perms", "0755", "--dir", str(q)]
    for p in visible:
        if p.exists() and not str(p).startswith("/usr/"):
            cmd += ["--ro-bind", str(p), str(p)]
    return cmd + ["--dev", "/dev", "--proc", "/proc", "--perms", "0755", "--dir", str(jail.cwd),
                  "--chdir", str(jail.cwd)]


def jail_command(argv: Sequence[str], jail: Jail, bwrap: str | None = None) -> list[str]:
    """`argv` wrapped in bubblewrap as described in the module docstring."""
    bwrap = bwrap or require_bwrap()
    cmd = [bwrap, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net", "--unshare-ipc",
           "--unshare-uts", "--unshare-cgroup-try", "--hostname", "agent", "--clearenv", *_filesystem(jail)]
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp", "LANG": "C.UTF-8", "PYTHONNOUSERSITE": "1",
           "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
    if jail.python_path:
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in jail.python_path)
    for k, v in env.items():
        cmd += ["--setenv", k, v]
    if os.geteuid() == 0:
        uid = str(JAIL_UID_BASE + (os.getpid() * 64 + next(_counter)) % 500_000)
        cmd += ["--", shutil.which("setpriv") or "/usr/bin/setpriv", "--reuid", uid, "--regid", uid, "--clear-groups",
                "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
    else:
        cmd[1:1] = ["--unshare-user", "--uid", "65534", "--gid", "65534", "--cap-drop", "ALL"]
        cmd += ["--"]
    return cmd + list(argv)


def die_with_parent() -> None:
    """PR_SET_PDEATHSIG (Linux; a no-op elsewhere): SIGKILL when the process that started us dies."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def apply_limits(limits: Limits) -> None:
    """Set each limit given (soft = hard = the value, never above the current hard limit)."""
    mb = None if limits.memory_mb is None else int(limits.memory_mb) * 1024 * 1024
    for which, value in ((resource.RLIMIT_AS, mb), (resource.RLIMIT_NPROC, limits.processes),
                         (resource.RLIMIT_NOFILE, limits.open_files), (resource.RLIMIT_FSIZE, limits.file_bytes),
                         (resource.RLIMIT_CPU, limits.cpu_s), (resource.RLIMIT_CORE, 0)):
        if value is None:
            continue
        hard = resource.getrlimit(which)[1]
        value = int(value) if hard == resource.RLIM_INFINITY else min(int(value), hard)
        resource.setrlimit(which, (value, value))


def _preexec(limits: Limits | None):
    def apply() -> None:
        os.setsid()  # one process group, killed as one
        die_with_parent()  # the worker (or bwrap) gets SIGKILL when the harness dies
        if limits is not None:
            apply_limits(limits)

    return apply


def protocol_stdout():
    """In the child: the real stdout as a line-buffered text file for protocol replies; fd 1 and
    `sys.stdout` then go to stderr (prints, C extensions' writes), never into the protocol."""
    out = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return out


class Child:
    """A started child and the harness's end of its line protocol (bytes, bounded, with deadlines)."""

    def __init__(self, proc: subprocess.Popen, max_message_bytes: int):
        self.proc = proc
        self.max_message_bytes = int(max_message_bytes)
        self.buffer = bytearray()  # bytes read past the last whole line

    @classmethod
    def start(cls, argv: Sequence[str], *, jail: Jail | None, limits: Limits | None, max_message_bytes: int,
              cwd: Path | None = None, stderr: Any = subprocess.DEVNULL,
              env: Mapping[str, str] | None = None) -> "Child":
        """Start `argv` (inside bubblewrap when `jail` is given; OSError when it cannot start)."""
        command = jail_command(argv, jail) if jail is not None else list(argv)
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, bufsize=0,
                                cwd=cwd, env=None if env is None else dict(env), preexec_fn=_preexec(limits))
        return cls(proc, max_message_bytes)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def poll(self) -> int | None:
        return self.proc.poll()

    def exit_code(self, wait_s: float = 2.0) -> int | None:
        """The exit code, waiting up to `wait_s` for a child that closed its pipes to exit."""
        try:
            return self.proc.wait(timeout=wait_s)
        except subprocess.TimeoutExpired:
            return None

    def kill(self, wait_s: float) -> None:
        kill_group(self.proc, wait_s=wait_s)

    def send(self, msg: Mapping[str, Any], deadline: float) -> None:
        """Write `msg` as one JSON line before `deadline` (time.monotonic)."""
        data = memoryview((json.dumps(msg) + "\n").encode("utf-8"))
        fd = self.proc.stdin.fileno()
        while data:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ChildTimeout()
            _, ready, _ = select.select([], [fd], [], left)
            if not ready:
                continue
            try:
                n = os.write(fd, data[:65536])
            except OSError:  # BrokenPipeError: it exited or closed its stdin
                raise ChildExited() from None
            data = data[n:]

    def read_line(self, deadline: float) -> bytes:
        """The next whole line (without its newline), read before `deadline`."""
        fd = self.proc.stdout.fileno()
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                return line
            if len(self.buffer) > self.max_message_bytes:
                raise MessageTooLarge()
            left = deadline - time.monotonic()
            if left <= 0:
                raise ChildTimeout()
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise ChildExited()
            self.buffer += chunk

    def unrequested(self) -> bool:
        """Whether the child sent bytes no request asked for (waiting in the buffer or the pipe)."""
        if self.buffer:
            return True
        try:
            ready, _, _ = select.select([self.proc.stdout.fileno()], [], [], 0)
        except (OSError, ValueError):
            return True
        return bool(ready)
