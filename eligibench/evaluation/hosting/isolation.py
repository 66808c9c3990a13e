"""The isolation boundary a submitted agent's worker runs in: bubblewrap (Debian package `bubblewrap`).

`jail_command(argv, ...)` wraps a command so that it sees, read-only, only the Python runtime,
the installed dependencies, the harness package (`eligibench/`) and the folders it is given (the
submission's own folder and its `generated/<name>/` artifacts); a private size-capped /tmp; a
fresh /proc and minimal /dev; new pid, ipc, uts, net and cgroup namespaces (no network at all:
only a loopback device nobody listens on); an empty environment but for a few set variables;
`--die-with-parent` and `--new-session`. The process inside runs as a non-root uid with no
capabilities and `no_new_privs`:

- harness running as root (this machine): bwrap runs privileged (no user namespace) and the
  command is started through `setpriv` with a uid of its own (JAIL_UID_BASE + a per-jail
  offset), an empty bounding set and no_new_privs. That uid is a real, unprivileged kernel uid,
  so RLIMIT_NPROC (processes) is enforced for it (the kernel exempts uid 0, even inside a user
  namespace, which is why the user-namespace mode is not used as root).
- harness running as another user: bwrap makes a user namespace (`--unshare-user`, uid 65534
  inside); outside it the process is the harness user, never root.

`limits(memory_mb, processes, open_files)` is the preexec function that sets the memory (address
space), process, open-file and file-size limits the jail inherits.

Where bubblewrap is missing, `require_bwrap()` raises IsolationUnavailable naming the package.
`isolation_for(policy, folder, project)` is the rule (params.yaml `evaluate.isolation`, docs/integrity.md):

- `jail`: every agent runs inside bubblewrap; without it, none runs.
- `auto` (the default): with bubblewrap, every agent runs inside it; without it, only a reference
  agent runs, unjailed, and the run records `none (reference agent)`. A reference agent is a
  folder `<project>/submissions/<name>` that git tracks and whose files are exactly the committed
  ones (`why_not_reference`): the repository's own code, as shipped. A folder anywhere else, one
  installed by `benyfits submit` or an upload (untracked), a modified or symlinked reference, or a
  project that is not a git checkout is not a reference. Agents that arrive from outside (submit's
  smoke dialog, the queue worker, `check_loads`) are evaluated under `jail` whatever the params say.

The binary is `eligibench.system.bwrap_path()` (`BENYFITS_BWRAP` overrides PATH; a path that does
not exist means bubblewrap is missing).
"""
from __future__ import annotations

import itertools
import os
import resource
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from eligibench import system
from eligibench.errors import BenyfitsError
from eligibench.models.lifeline import die_with_parent
from eligibench.results import records

JAIL_UID_BASE = 200_000
TMP_BYTES = 64 * 1024 * 1024
FILE_BYTES = 64 * 1024 * 1024  # largest file (or stderr log) a jailed process may write
_counter = itertools.count()


class IsolationUnavailable(BenyfitsError):
    """bubblewrap is missing or cannot start, and the agent may not run without it."""


# How a run's agents were isolated, as recorded on the run (results store `runs.isolation`).
BUBBLEWRAP = records.JAILED
UNJAILED = records.UNJAILED
NO_AGENT_PROCESS = records.NO_AGENT_PROCESS
POLICIES = ("auto", "jail")  # params.yaml evaluate.isolation


def bwrap_path() -> str | None:
    return system.bwrap_path()


def require_bwrap(agent: str = "", why: str = "") -> str:
    """bwrap's path, or IsolationUnavailable naming the package, the install command and (when
    given) the agent refused and why it is not a reference agent."""
    path = bwrap_path()
    if path is None:
        named = os.environ.get(system.BWRAP.env)
        where = f" ({system.BWRAP.env}={named} is not an executable file)" if named and named.strip() else ""
        who = f"; {agent} is not one: {why}" if agent and why else ""
        raise IsolationUnavailable(
            f"submitted agents run inside bubblewrap, which is not installed{where}: install the Debian package "
            f"`bubblewrap` ({system.install_hint(system.BWRAP)}); without it only the reference agents shipped in "
            f"the repository run, and only under evaluate.isolation: auto{who}")
    return path


def why_not_reference(folder: Path, project: Path) -> str | None:
    """None when `folder` is a reference agent shipped in the repository: `<project>/submissions/<name>`
    (symlinks resolved), tracked by git, its files exactly the committed ones (no change, no
    untracked file; git-ignored files such as __pycache__ do not count). Else the reason it is not.

    git decides because it is what "shipped in the repository" means: `benyfits submit` and
    uploads install into `submissions/` too, untracked; committing a folder is shipping it."""
    project = Path(project).resolve()
    folder = Path(folder).resolve()
    own = project / "submissions"
    if folder.parent != own:
        return f"{folder} is not a folder of {own}"
    git = shutil.which("git")
    if git is None:
        return "git is not installed, so the folder cannot be checked against the repository"
    rel = f"submissions/{folder.name}"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([git, "-C", str(project), *args, "--", rel], capture_output=True, text=True, timeout=60)

    tracked = run("ls-files", "-z")
    if tracked.returncode != 0:
        return f"{project} is not a git checkout ({tracked.stderr.strip().splitlines()[-1] if tracked.stderr.strip() else 'git ls-files failed'})"
    if not tracked.stdout:
        return f"{rel} is not in the repository (not committed)"
    status = run("status", "--porcelain", "--untracked-files=all")
    if status.returncode != 0:
        return f"git status failed in {project}"
    changed = [line[3:].removeprefix(rel + "/") for line in status.stdout.splitlines() if line.strip()]
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return f"{rel} differs from the committed reference ({', '.join(changed[:3])}{more})"
    return None


def isolation_for(policy: str, folder: Path, project: Path, agent: str = "") -> str:
    """How an agent in `folder` will run under `policy` (POLICIES): BUBBLEWRAP when bwrap is
    there, UNJAILED for a reference agent under `auto` without it; else IsolationUnavailable
    naming the package, the agent and why it may not run unjailed. Decided once per run, before
    any model server starts."""
    if policy not in POLICIES:
        raise ValueError(f"isolation policy {policy!r}, expected one of {POLICIES}")
    if bwrap_path() is not None:
        return BUBBLEWRAP
    why = "evaluate.isolation is jail" if policy == "jail" else why_not_reference(folder, project)
    if why is None:
        return UNJAILED
    require_bwrap(agent or str(folder), why)
    raise AssertionError("unreachable: require_bwrap raises when bwrap is missing")


@dataclass(frozen=True)
class Jail:
    """Where a jailed command runs and what it sees."""

    read_only: tuple[Path, ...]  # folders (or files) visible read-only at their own paths
    cwd: Path  # working directory inside (created if nothing is mounted there)
    python_path: tuple[Path, ...] = ()  # PYTHONPATH inside
    tmp_bytes: int = TMP_BYTES


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
    """The harness package the worker imports (`eligibench/`, wherever this process imported it)."""
    import eligibench

    return [Path(eligibench.__file__).resolve().parent]


def _unique(paths: Sequence[Path]) -> list[Path]:
    out: list[Path] = []
    for p in sorted({Path(p) for p in paths}, key=lambda p: (len(p.parts), str(p))):
        if any(p == q or q in p.parents for q in out):
            continue  # already visible through a parent
        out.append(p)
    return out


def jail_command(argv: Sequence[str], jail: Jail, bwrap: str | None = None) -> list[str]:
    """`argv` wrapped in bubblewrap as described in the module docstring."""
    bwrap = bwrap or require_bwrap()
    cmd = [bwrap, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-net", "--unshare-ipc",
           "--unshare-uts", "--unshare-cgroup-try", "--hostname", "agent", "--clearenv"]
    # the system's shared libraries and /usr/bin (setpriv); nothing else of the root filesystem
    cmd += ["--ro-bind", "/usr", "/usr"]
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
    cmd += ["--dev", "/dev", "--proc", "/proc", "--perms", "0755", "--dir", str(jail.cwd), "--chdir", str(jail.cwd)]
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


def limits(memory_mb: int, processes: int = 64, open_files: int = 256):
    """A preexec function: a new process group (killed as one) and the jail's resource limits."""

    def apply() -> None:
        os.setsid()
        die_with_parent()  # the worker (or bwrap) gets SIGKILL when the harness dies
        mem = int(memory_mb) * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
        resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # bounds what it can write anywhere, its stderr file on the host included
        resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_BYTES, FILE_BYTES))

    return apply
